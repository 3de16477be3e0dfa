"""The ``Move`` value type and its coordinates (seed 004, 3.2), and ``ScoredMove``.

``H4 MAiSON``: horizontal, first letter on row H, column 4. ``4H MAiSON``: vertical, first
letter on column 4, row H. The word is written in full, letters already on the board
included; a blank is written as the lower-case letter it stands for.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from arbitre.common.messages import Message, Param, Refusal
from arbitre.scrabble.tiles import ROW_NAMES, SIZE

MESSAGE_CODES = frozenset(
    f"scrabble.move.{name}"
    for name in (
        "off_board",
        "word_letters",
        "runs_off",
        "not_a_move",
        "bad_coordinate",
        "column_range",
        "word_accents",
    )
)


class MoveParseError(Refusal):
    """A move's text cannot be read; its message (``scrabble.move.*``) names what is wrong.

    >>> Move.parse("H16 MAISON")
    Traceback (most recent call last):
    ...
    arbitre.scrabble.move.MoveParseError: scrabble.move.column_range(column=16, coordinate='H16')
    """


def _refuse(code: str, /, **params: Param) -> MoveParseError:
    return MoveParseError(Message.of(f"scrabble.move.{code}", **params))


_ROW_FIRST = re.compile(r"([A-Oa-o])\s*(\d{1,2})", re.ASCII)
_COL_FIRST = re.compile(r"(\d{1,2})\s*([A-Oa-o])", re.ASCII)
_WORD = re.compile(r"[A-Za-z]+")
_MOVE_TEXT = re.compile(r"(\S+|[A-Za-z]\s+\d+|\d+\s+[A-Za-z])\s+(\S+)", re.ASCII)


@dataclass(frozen=True, order=True)
class Move:
    """A placement: the main word written in full from its first square.

    ``row`` 0..14 is A..O, ``col`` 0..14 is 1..15. Upper-case letters are tiles, lower-case
    letters are blanks.
    """

    row: int
    col: int
    horizontal: bool
    word: str

    def __post_init__(self) -> None:
        if not (0 <= self.row < SIZE and 0 <= self.col < SIZE):
            raise _refuse("off_board", row=self.row, col=self.col)
        if len(self.word) < 2 or not _WORD.fullmatch(self.word) or not self.word.isascii():
            raise _refuse("word_letters", word=self.word)
        end = (self.col if self.horizontal else self.row) + len(self.word)
        if end > SIZE:
            raise _refuse("runs_off", word=self.word, coordinate=self.coordinate)

    @property
    def coordinate(self) -> str:
        """``H4`` (horizontal) or ``4H`` (vertical)."""
        if self.horizontal:
            return f"{ROW_NAMES[self.row]}{self.col + 1}"
        return f"{self.col + 1}{ROW_NAMES[self.row]}"

    def squares(self) -> list[tuple[int, int]]:
        """The squares of the word, in order."""
        if self.horizontal:
            return [(self.row, self.col + i) for i in range(len(self.word))]
        return [(self.row + i, self.col) for i in range(len(self.word))]

    def __str__(self) -> str:
        return f"{self.coordinate} {self.word}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``H4 MAiSON`` or ``4H MAiSON`` (seed 004, 3.2)."""
        # The coordinate may have a space inside, as the seed writes it ("H 4", "5 H").
        match = _MOVE_TEXT.fullmatch(text.strip())
        if match is None:
            raise _refuse("not_a_move", move=text.strip())
        coord, word = match.group(1), match.group(2)
        if m := _ROW_FIRST.fullmatch(coord):
            row, col, horizontal = ROW_NAMES.index(m.group(1).upper()), int(m.group(2)) - 1, True
        elif m := _COL_FIRST.fullmatch(coord):
            row, col, horizontal = ROW_NAMES.index(m.group(2).upper()), int(m.group(1)) - 1, False
        else:
            raise _refuse("bad_coordinate", coordinate=coord)
        if not 0 <= col < SIZE:
            raise _refuse("column_range", column=col + 1, coordinate=coord)
        if not _WORD.fullmatch(word) or not word.isascii():
            raise _refuse("word_accents", word=word)
        return cls(row, col, horizontal, word)


@functools.total_ordering
@dataclass(frozen=True)
class ScoredMove:
    """A move and its score, ordered best first.

    Total order (``sorted`` gives it): score descending; then horizontal before vertical;
    then row, then column ascending; then the word (``str`` order, so a natural tile sorts
    before a blank standing for the same letter).
    """

    move: Move
    score: int

    def sort_key(self) -> tuple[int, bool, int, int, str]:
        m = self.move
        return (-self.score, not m.horizontal, m.row, m.col, m.word)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, ScoredMove):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __str__(self) -> str:
        return f"{self.move} {self.score}"
