"""The bag of a Classic game (001 1.6, 3.3-3.4, 4.1.7, 4.3): tiles drawn one by one at random.

The draws come from a seeded :class:`random.Random`, with the tiles laid out in a fixed
order before each pick, so that a seed gives the same game on every platform.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from arbitre.common.messages import Message, Param, Refusal
from arbitre.scrabble.tiles import TILE_COUNTS, TILE_ORDER, TILE_VALUES, sort_tiles

MESSAGE_CODES = frozenset(
    f"classic_bag.{name}" for name in ("tile", "too_many", "empty", "missing")
)
"""Refusals of the bag (``classic_bag.*``)."""


class BagError(Refusal):
    """Tiles asked of the bag that it does not hold, or an invalid tile."""


def _refuse(code: str, /, **params: Param) -> BagError:
    return BagError(Message.of(f"classic_bag.{code}", **params))


def check_tiles(tiles: Iterable[str]) -> list[str]:
    """The tiles as a list, each a capital letter or ``?`` (raises :class:`BagError`)."""
    out = list(tiles)
    for t in out:
        if t not in TILE_COUNTS:
            raise _refuse("tile", tile=t)
    return out


def rack_value(tiles: Iterable[str]) -> int:
    """Face value of tiles, a blank worth 0 (001 7.1; 8.2: ``AAEB?XL`` is 17)."""
    return sum(TILE_VALUES[t] for t in tiles)


class Bag:
    """A multiset of tiles, the full French set of 102 by default."""

    __slots__ = ("_counts", "rng")

    def __init__(self, tiles: Iterable[str] | None = None, seed: int | None = None) -> None:
        if tiles is None:
            self._counts = Counter(TILE_COUNTS)
        else:
            self._counts = Counter(check_tiles(tiles))
            for t, n in self._counts.items():
                if n > TILE_COUNTS[t]:
                    raise _refuse("too_many", tile=t, count=n, available=TILE_COUNTS[t])
        self.rng = random.Random(seed)

    def __len__(self) -> int:
        return sum(self._counts.values())

    def tiles(self) -> str:
        """The tiles of the bag in canonical order."""
        return "".join(t * self._counts[t] for t in TILE_ORDER if self._counts[t])

    def count(self, tile: str) -> int:
        return self._counts[tile]

    def draw_one(self) -> str:
        """Draw one tile at random (raises :class:`BagError` when the bag is empty)."""
        pool = self.tiles()
        if not pool:
            raise _refuse("empty")
        tile = pool[self.rng.randrange(len(pool))]
        self._counts[tile] -= 1
        return tile

    def draw(self, n: int) -> str:
        """Draw ``n`` tiles one by one, or what is left when fewer (001 4.1.7)."""
        return "".join(self.draw_one() for _ in range(min(n, len(self))))

    def take(self, tiles: Iterable[str]) -> None:
        """Remove exactly ``tiles`` (all or nothing): a recorded game's known draws."""
        need = Counter(check_tiles(tiles))
        short = [t * (n - self._counts[t]) for t, n in need.items() if n > self._counts[t]]
        if short:
            raise _refuse("missing", tiles=sort_tiles("".join(short)))
        self._counts.subtract(need)

    def put_back(self, tiles: Iterable[str]) -> None:
        """Return tiles to the bag (after an exchange, a toss, a withdrawn move's draw)."""
        after = self._counts + Counter(check_tiles(tiles))
        for t, n in after.items():
            if n > TILE_COUNTS[t]:
                raise _refuse("too_many", tile=t, count=after[t], available=TILE_COUNTS[t])
        self._counts = Counter({t: after[t] for t in TILE_ORDER})

    def __repr__(self) -> str:
        return f"Bag({self.tiles()!r})"
