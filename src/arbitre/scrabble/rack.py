"""Racks: a multiset of up to seven tiles, ``?`` for a blank."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

import numpy as np

from arbitre.common.messages import Message, Param, Refusal
from arbitre.scrabble.tiles import BLANK, BLANK_INDEX, LETTERS, RACK_SIZE, TILE_COUNTS

MESSAGE_CODES = frozenset(
    f"scrabble.rack.{name}" for name in ("tile", "size", "count", "character", "missing")
)
"""Refusals of a rack (``scrabble.rack.*``)."""


class RackError(Refusal):
    """A rack's text is not a valid rack (``scrabble.rack.*``)."""

    @classmethod
    def of(cls, code: str, /, **params: Param) -> RackError:
        return cls(Message.of(f"scrabble.rack.{code}", **params))


class Rack:
    """A multiset of tiles: letters ``A``..``Z`` and ``?`` for a blank.

    Stored sorted (letters in alphabetical order, blanks last), so equal racks compare equal.
    """

    __slots__ = ("_tiles",)

    def __init__(self, tiles: Iterable[str] = ()) -> None:
        items = list(tiles)
        for t in items:
            if t != BLANK and (len(t) != 1 or t not in LETTERS):
                raise RackError.of("tile", tile=t)
        if len(items) > RACK_SIZE:
            raise RackError.of("size", most=RACK_SIZE, count=len(items))
        counts = Counter(items)
        for t, n in counts.items():
            if n > TILE_COUNTS[t]:
                raise RackError.of("count", tile=t, available=TILE_COUNTS[t], count=n)
        self._tiles = "".join(sorted(items, key=_tile_order))

    @classmethod
    def parse(cls, text: str) -> Rack:
        """Read ``EAIS?RT`` (lower case accepted as letters; ``+`` between the leave and the
        new tiles and ``-`` for an empty rack are accepted and ignored)."""
        cleaned = text.strip().replace("+", "")
        if cleaned == "-":
            cleaned = ""
        bad = [c for c in cleaned if not (c == BLANK or (c.isascii() and c.isalpha()))]
        if bad:
            raise RackError.of("character", rack=text, character=bad[0])
        return cls(c.upper() for c in cleaned)

    def counts(self) -> np.ndarray:
        """int32 array of shape (27,): count of A..Z, then blanks at index 26."""
        out = np.zeros(27, dtype=np.int32)
        for t in self._tiles:
            out[BLANK_INDEX if t == BLANK else ord(t) - 65] += 1
        return out

    @property
    def blanks(self) -> int:
        return self._tiles.count(BLANK)

    def count(self, tile: str) -> int:
        return self._tiles.count(tile)

    def remove(self, tiles: Iterable[str]) -> Rack:
        """The rack left after taking ``tiles`` (raises :class:`RackError` if one is missing)."""
        left = list(self._tiles)
        for t in tiles:
            if t not in left:
                raise RackError.of("missing", tile=t, rack=str(self))
            left.remove(t)
        return Rack(left)

    def add(self, tiles: Iterable[str]) -> Rack:
        return Rack([*self._tiles, *tiles])

    def __iter__(self) -> Iterator[str]:
        return iter(self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, str) and len(tile) == 1 and tile in self._tiles

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rack) and other._tiles == self._tiles

    def __hash__(self) -> int:
        return hash(self._tiles)

    def __str__(self) -> str:
        return self._tiles

    def __repr__(self) -> str:
        return f"Rack({self._tiles!r})"


def _tile_order(tile: str) -> tuple[int, str]:
    return (tile == BLANK, tile)
