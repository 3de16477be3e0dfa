"""The bag and the validity of a Duplicate draw (seed 004, 2.1, 2.2; rulings.md Duplicate 1).

Tiles are written as strings of capital letters and ``?`` for a blank. A *draw* (tirage) is the
leave (reliquat) completed from the bag to seven tiles, or fewer when the bag runs short.

Vowels are A E I O U. For the draw minimum, Y and the blanks count as vowel or consonant at the
arbiter's convenience (2.2): a draw is valid when *some* assignment of them reaches the minimum.

Refusals carry a message (``duplicate.bag.*``, ``duplicate.draw.*``), worded by the interface.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from arbitre.common.messages import Message, Param, Refusal
from arbitre.scrabble.tiles import BLANK, RACK_SIZE, TILE_COUNTS, TILE_ORDER, VOWELS

#: Tiles that count as vowel or consonant at the arbiter's convenience (2.2).
FLEXIBLE = frozenset({"Y", BLANK})

MESSAGE_CODES = frozenset(
    {f"duplicate.bag.{name}" for name in ("not_a_tile", "too_many", "missing")}
    | {f"duplicate.draw.{name}" for name in ("below_minimum", "valid_not_reject", "wrong_count")}
)
"""Refusals of the bag (``duplicate.bag.*``) and of entered draws (``duplicate.draw.*``)."""


class BagError(Refusal):
    """Tiles asked from the bag are not in it (or are not tiles at all)."""


class InvalidDrawError(Refusal):
    """An entered draw is refused: wrong number of tiles, or the vowel/consonant minimum."""


def bag_error(code: str, /, **params: Param) -> BagError:
    """The refusal ``duplicate.bag.<code>``."""
    return BagError(Message.of(f"duplicate.bag.{code}", **params))


def draw_error(code: str, /, **params: Param) -> InvalidDrawError:
    """The refusal ``duplicate.draw.<code>``."""
    return InvalidDrawError(Message.of(f"duplicate.draw.{code}", **params))


def check_tiles(text: str) -> str:
    """Normalise a tile string (lower case and spaces accepted) or raise :class:`BagError`."""
    out = "".join(text.split()).upper()
    for c in out:
        if c not in TILE_ORDER:
            raise bag_error("not_a_tile", tile=c)
    return out


@dataclass(frozen=True)
class Minimum:
    """At least ``vowels`` vowels and ``consonants`` consonants in a draw."""

    vowels: int
    consonants: int

    def __str__(self) -> str:
        return f"{self.vowels} vowel(s) and {self.consonants} consonant(s)"


#: The rule of moves 1-15 (2.2).
STRONG = Minimum(2, 2)
#: The rule from move 16 on, or earlier when the remaining tiles cannot do better (2.2).
WEAK = Minimum(1, 1)


def classify(tiles: Iterable[str]) -> tuple[int, int, int]:
    """(vowels, consonants, flexible) counts; flexible = Y and blanks."""
    v = c = f = 0
    for t in tiles:
        if t in FLEXIBLE:
            f += 1
        elif t in VOWELS:
            v += 1
        else:
            c += 1
    return v, c, f


def _reaches(v: int, c: int, f: int, minimum: Minimum) -> bool:
    return max(0, minimum.vowels - v) + max(0, minimum.consonants - c) <= f


def meets(tiles: Iterable[str], minimum: Minimum) -> bool:
    """True when some assignment of Y and blanks gives the minimum (seed 004, 2.2)."""
    return _reaches(*classify(tiles), minimum)


def can_meet(pool: Iterable[str], minimum: Minimum, size: int = RACK_SIZE) -> bool:
    """True when some draw of ``min(size, len(pool))`` tiles of ``pool`` meets ``minimum``.

    This reads "si le reliquat le permet" (2.2) as rulings.md Duplicate 1 does: the pool is every
    tile not yet on the board (bag + leave), since an invalid draw sends the leave back too.
    """
    pv, pc, pf = classify(pool)
    k = min(size, pv + pc + pf)
    for v in range(min(pv, k) + 1):
        for c in range(min(pc, k - v) + 1):
            f = k - v - c
            if f <= pf and _reaches(v, c, f, minimum):
                return True
    return False


def required_minimum(
    move_number: int, pool: Iterable[str], strong_until: int = 15
) -> Minimum | None:
    """The minimum a draw of move ``move_number`` must meet, given the tiles not yet placed.

    Moves 1..``strong_until``: 2 vowels and 2 consonants if the pool allows it; otherwise, and
    from the next move on, 1 and 1 (seed 004, 2.2). ``None`` when not even that is possible
    (the end of the game, 2.7, applies).
    """
    tiles = list(pool)
    if move_number <= strong_until and can_meet(tiles, STRONG):
        return STRONG
    if can_meet(tiles, WEAK):
        return WEAK
    return None


def letters_only_end(pool: Iterable[str]) -> bool:
    """The letters end of game (seed 004, 2.7; rulings.md Duplicate 3).

    True when the tiles left are all vowels or all consonants (a single tile, whatever it is,
    included), unless a blank or the Y is among two or more tiles left. An empty pool is not this
    case (it is "all tiles drawn and placed").
    """
    tiles = list(pool)
    if not tiles:
        return False
    if len(tiles) == 1:
        return True
    v, c, f = classify(tiles)
    if f:
        return False
    return v == 0 or c == 0


class Bag:
    """The bag: a multiset of tiles, the French set of 102 by default (seed 004, 1.2).

    A bag built from ``counts`` (a game's end, tests) holds part of that set, never more.
    """

    __slots__ = ("_counts",)

    def __init__(self, counts: Mapping[str, int] | None = None) -> None:
        source = TILE_COUNTS if counts is None else counts
        self._counts: Counter[str] = Counter()
        for tile, n in source.items():
            if tile not in TILE_ORDER:
                raise bag_error("not_a_tile", tile=tile)
            if not 0 <= n <= TILE_COUNTS[tile]:
                raise bag_error("too_many", count=n, tile=tile, limit=TILE_COUNTS[tile])
            if n:
                self._counts[tile] = n

    @classmethod
    def of(cls, tiles: str) -> Bag:
        """A bag holding exactly ``tiles``."""
        return cls(Counter(check_tiles(tiles)))

    def copy(self) -> Bag:
        return Bag(self._counts)

    def __len__(self) -> int:
        return sum(self._counts.values())

    def count(self, tile: str) -> int:
        return self._counts[tile]

    def tiles(self) -> str:
        """Every tile of the bag in canonical order."""
        return "".join(t * self._counts[t] for t in TILE_ORDER if self._counts[t])

    def counts(self) -> dict[str, int]:
        return {t: self._counts[t] for t in TILE_ORDER if self._counts[t]}

    def missing(self, tiles: str) -> str:
        """The tiles of ``tiles`` that the bag cannot supply (empty string if none)."""
        need = Counter(tiles)
        out = []
        for t in TILE_ORDER:
            short = need[t] - self._counts[t]
            if short > 0:
                out.append(t * short)
        return "".join(out)

    def take(self, tiles: str) -> None:
        """Remove ``tiles`` (all or nothing); :class:`BagError` names the tiles not in the bag."""
        tiles = check_tiles(tiles)
        absent = self.missing(tiles)
        if absent:
            raise bag_error("missing", missing=absent, bag=self.tiles() or "-")
        self._counts.subtract(tiles)
        self._counts += Counter()  # drop zero counts

    def put_back(self, tiles: str) -> None:
        self._counts.update(check_tiles(tiles))

    def draw_random(self, n: int, rng: random.Random) -> str:
        """Remove and return ``n`` tiles (or all if fewer), in drawing order.

        Each tile is drawn uniformly among the tiles left; the tiles are laid out in canonical
        order before each pick, so a seeded generator gives the same draw on every platform.
        """
        pool = list(self.tiles())
        out = [pool.pop(rng.randrange(len(pool))) for _ in range(min(n, len(pool)))]
        self._counts.subtract(out)
        self._counts += Counter()  # drop zero counts
        return "".join(out)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and self.counts() == other.counts()

    def __repr__(self) -> str:
        return f"Bag({self.tiles()!r})"
