"""The tile vocabulary: the French tile set, letter codes, the rack, the bingo bonus and the
board's premium squares (shared/spec/facts.md). Every other module imports these from here.

>>> sort_tiles("S?EA"), sum(TILE_COUNTS.values()), RACK_SIZE, BINGO_BONUS
('AES?', 102, 7, 50)
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BLANK = "?"
#: Index of the blank in 27-long count arrays (``Rack.counts()``).
BLANK_INDEX = 26
VOWELS = frozenset("AEIOU")
#: Canonical tile order: letters alphabetically, the blank last (seed 004, 2.1).
TILE_ORDER = LETTERS + BLANK
#: Bit mask of the 26 letter codes (bit ``k`` for letter code ``k``).
ALL_LETTERS = (1 << 26) - 1
SIZE = 15
CENTER = (7, 7)
#: Row names, top to bottom (row index 0 is A).
ROW_NAMES = "ABCDEFGHIJKLMNO"

TILE_COUNTS: dict[str, int] = {
    "A": 9, "B": 2, "C": 2, "D": 3, "E": 15, "F": 2, "G": 2, "H": 2, "I": 8, "J": 1,
    "K": 1, "L": 5, "M": 3, "N": 6, "O": 6, "P": 2, "Q": 1, "R": 6, "S": 6, "T": 6,
    "U": 6, "V": 2, "W": 1, "X": 1, "Y": 1, "Z": 1, "?": 2,
}  # fmt: skip

TILE_VALUES: dict[str, int] = {
    "A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8,
    "K": 10, "L": 1, "M": 2, "N": 1, "O": 1, "P": 3, "Q": 8, "R": 1, "S": 1, "T": 1,
    "U": 1, "V": 4, "W": 10, "X": 10, "Y": 10, "Z": 10, "?": 0,
}  # fmt: skip

#: Value of letter code 0..25 (natural tile); a blank is worth 0 (seed 004, 2.6).
LETTER_VALUES = np.array([TILE_VALUES[c] for c in LETTERS], dtype=np.int32)


def square_name(row: int, col: int) -> str:
    """``H8`` for row 7, column 7."""
    return f"{ROW_NAMES[row]}{col + 1}"


def _squares(names: str) -> list[tuple[int, int]]:
    return [(ROW_NAMES.index(n[0]), int(n[1:]) - 1) for n in names.split()]


_TRIPLE_WORD = "A1 A8 A15 H1 H15 O1 O8 O15"
_DOUBLE_WORD = "B2 C3 D4 E5 K11 L12 M13 N14 B14 C13 D12 E11 K5 L4 M3 N2 H8"
_TRIPLE_LETTER = "B6 B10 F2 F6 F10 F14 J2 J6 J10 J14 N6 N10"
_DOUBLE_LETTER = "A4 A12 C7 C9 D1 D8 D15 G3 G7 G9 G13 H4 H12 I3 I7 I9 I13 L1 L8 L15 M7 M9 O4 O12"


def _premium_grid(pairs: list[tuple[str, int]]) -> np.ndarray:
    grid = np.ones((SIZE, SIZE), dtype=np.int32)
    for names, factor in pairs:
        for r, c in _squares(names):
            grid[r, c] = factor
    grid.setflags(write=False)
    return grid


#: Letter multiplier of each square (1, 2 or 3), indexed [row, col].
LETTER_MULTIPLIER = _premium_grid([(_DOUBLE_LETTER, 2), (_TRIPLE_LETTER, 3)])
#: Word multiplier of each square (1, 2 or 3), indexed [row, col].
WORD_MULTIPLIER = _premium_grid([(_DOUBLE_WORD, 2), (_TRIPLE_WORD, 3)])
#: Bonus for placing the seven tiles of the rack in one move (seed 004, 2.6.3).
BINGO_BONUS = 50
#: Tiles in a full rack (a draw completes the leave to this many).
RACK_SIZE = 7


def letter_code(letter: str) -> int:
    """0..25 for ``A``..``Z`` (either case)."""
    return ord(letter.upper()) - 65


def sort_tiles(tiles: Iterable[str]) -> str:
    """Tiles in canonical order (letters alphabetically, blanks last), as a string."""
    return "".join(sorted(tiles, key=TILE_ORDER.index))
