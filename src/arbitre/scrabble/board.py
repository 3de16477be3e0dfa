"""The 15x15 board: text format, legality and scoring of moves (seed 004, 2.5 and 2.6).

Board text format: the 15 rows A..O separated by ``/``; in a row, a run of empty squares
is written as its length, a tile as its capital letter, a blank as the lower-case letter it
stands for (``15/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15``). ``Board.from_text``
also reads 15 lines of 15 characters with ``.`` for an empty square.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterator
from dataclasses import dataclass

import numpy as np

from arbitre.common.messages import Message, Param, Refusal
from arbitre.scrabble.move import Move
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import (
    BINGO_BONUS,
    BLANK,
    CENTER,
    LETTER_MULTIPLIER,
    LETTERS,
    RACK_SIZE,
    ROW_NAMES,
    SIZE,
    TILE_COUNTS,
    TILE_VALUES,
    WORD_MULTIPLIER,
    square_name,
)

MESSAGE_CODES = frozenset(
    {
        f"scrabble.board.{name}"
        for name in (
            "rows",
            "lines",
            "empty_run",
            "run_too_long",
            "row_character",
            "row_squares",
            "line_length",
            "line_character",
            "blanks",
            "tiles",
        )
    }
    | {
        f"scrabble.rule.{name}"
        for name in (
            "not_in_full",
            "letter_mismatch",
            "runs_off",
            "no_tile_placed",
            "first_move_center",
            "not_connected",
            "too_many_tiles",
            "tile_not_in_rack",
            "blank_not_in_rack",
            "not_in_draw",
            "not_in_lexicon",
        )
    }
)
"""A board's text refused (``scrabble.board.*``) and the rules a move can break
(``scrabble.rule.*``)."""


class BoardParseError(Refusal):
    """A board's text cannot be read; the message (``scrabble.board.*``) names the row and
    what is wrong."""

    @classmethod
    def of(cls, code: str, /, **params: Param) -> BoardParseError:
        return cls(Message.of(f"scrabble.board.{code}", **params))


# Rules a move can break; ``IllegalMoveError.rule`` is one of these.
#: A square just before or after the word holds a tile: the word is not written in full
#: (seed 004, 3.2.2 and 4.2).
NOT_FULL_WORD = "word_not_in_full"
#: A letter of the word differs from the tile already on its square (seed 004, 4.2).
LETTER_MISMATCH = "letter_mismatch"
#: Every square of the word is already covered: no tile comes from the rack (seed 004, 2.5).
NO_TILE_PLACED = "no_tile_placed"
#: The first move does not cover the centre star H8 (seed 004, 2.5).
FIRST_MOVE_CENTER = "first_move_not_on_center"
#: After the first move, the word neither uses nor touches a tile on the board (2.5).
NOT_CONNECTED = "not_connected"
#: A tile of the move is not in the rack (seed 004, 4.2).
NOT_IN_RACK = "tile_not_in_rack"
#: A word formed by the move is not in the word list (seed 004, 4.1 and 4.2).
NOT_IN_LEXICON = "word_not_in_lexicon"


class IllegalMoveError(Refusal):
    """A move breaks a rule; ``rule`` is one of this module's rule constants, the message
    (``scrabble.rule.<reason>``, with the move and what is wrong) says which and why."""

    def __init__(self, rule: str, reason: str, word: str | None = None, **params: Param) -> None:
        super().__init__(Message.of(f"scrabble.rule.{reason}", **params))
        self.rule = rule
        #: The offending word for :data:`NOT_IN_LEXICON`.
        self.word = word


@dataclass(frozen=True)
class PlayResult:
    """What a move forms and scores.

    ``move`` is the canonical move (letters already on the board written as they stand on
    the board: lower case when they are blanks). ``words`` lists each word formed with its
    score, the main word first, then the cross-words in the order of their new tile;
    ``score`` includes the bingo bonus.
    """

    move: Move
    score: int
    words: list[tuple[str, int]]
    tiles_placed: list[tuple[int, int, str]]
    bingo: bool

    @property
    def rack_tiles(self) -> list[str]:
        """The rack tiles the move uses (``?`` for a blank)."""
        return [BLANK if letter.islower() else letter for _, _, letter in self.tiles_placed]


class Board:
    """A 15x15 board. ``board[row, col]`` is ``None``, a capital letter, or the lower-case
    letter a blank stands for."""

    __slots__ = ("_grid", "_history", "_count", "_codes")

    def __init__(self) -> None:
        self._grid: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE)]
        self._history: list[list[tuple[int, int]]] = []
        self._count = 0
        # The squares as tile codes (see grid_codes), kept up to date by every change.
        self._codes = np.full((SIZE, SIZE), -1, dtype=np.int8)

    # -- squares ---------------------------------------------------------------------------
    def __getitem__(self, square: tuple[int, int]) -> str | None:
        row, col = square
        return self._grid[row][col]

    def __setitem__(self, square: tuple[int, int], letter: str | None) -> None:
        """Set a square directly (building positions; no rule is checked, no history)."""
        row, col = square
        if letter is not None and not (
            len(letter) == 1 and letter.isascii() and letter.upper() in LETTERS
        ):
            raise ValueError(f"{letter!r} is not a tile letter")
        old = self._grid[row][col]
        self._count += (letter is not None) - (old is not None)
        self._grid[row][col] = letter
        self._codes[row, col] = -1 if letter is None else _tile_code(letter)

    def occupied(self, row: int, col: int) -> bool:
        """Whether the square exists and holds a tile (False off the board)."""
        return 0 <= row < SIZE and 0 <= col < SIZE and self._grid[row][col] is not None

    @property
    def is_empty(self) -> bool:
        return self._count == 0

    @property
    def tile_count(self) -> int:
        return self._count

    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """Every tile on the board as ``(row, col, letter)``, row by row."""
        for r in range(SIZE):
            for c in range(SIZE):
                letter = self._grid[r][c]
                if letter is not None:
                    yield r, c, letter

    def copy(self) -> Board:
        other = Board()
        other._grid = [row[:] for row in self._grid]
        other._history = [h[:] for h in self._history]
        other._count = self._count
        other._codes = self._codes.copy()
        return other

    def transposed(self) -> Board:
        """The board mirrored on its main diagonal (vertical words become horizontal)."""
        other = Board()
        other._grid = [[self._grid[c][r] for c in range(SIZE)] for r in range(SIZE)]
        other._count = self._count
        other._codes = np.ascontiguousarray(self._codes.T)
        return other

    def grid_codes(self) -> np.ndarray:
        """int8 (15, 15): -1 empty, 0..25 tile A..Z, 26..51 blank standing for code - 26.

        A copy of the array the board keeps up to date as tiles go down (converting the
        squares on each call cost a fifth of a fast top search)."""
        return self._codes.copy()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other._grid == self._grid

    __hash__ = None  # type: ignore[assignment]

    # -- text format -----------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Board:
        """Read the board text format (``/``-separated rows) or 15 lines with ``.``."""
        stripped = text.strip()
        if "/" in stripped or ("\n" not in stripped and len(stripped) < SIZE * SIZE):
            rows = [_parse_row(part, i) for i, part in enumerate(stripped.split("/"))]
            if len(rows) != SIZE:
                raise BoardParseError.of("rows", count=len(rows))
        else:
            lines = [line.strip() for line in stripped.splitlines() if line.strip()]
            if len(lines) != SIZE:
                raise BoardParseError.of("lines", count=len(lines))
            rows = [_parse_line(line, i) for i, line in enumerate(lines)]
        board = cls()
        for r, row in enumerate(rows):
            for c, letter in enumerate(row):
                if letter is not None:
                    board[r, c] = letter
        counts = Counter(BLANK if t.islower() else t for _, _, t in board.tiles())
        for tile, n in counts.items():
            if n > TILE_COUNTS[tile]:
                code = "blanks" if tile == BLANK else "tiles"
                raise BoardParseError.of(code, tile=tile, count=n, available=TILE_COUNTS[tile])
        return board

    def to_text(self) -> str:
        """The ``/``-separated board text format."""
        parts = []
        for row in self._grid:
            out, run = [], 0
            for letter in row:
                if letter is None:
                    run += 1
                    continue
                if run:
                    out.append(str(run))
                    run = 0
                out.append(letter)
            if run:
                out.append(str(run))
            parts.append("".join(out))
        return "/".join(parts)

    def to_lines(self) -> str:
        """15 lines of 15 characters, ``.`` for an empty square."""
        return "\n".join("".join(x or "." for x in row) for row in self._grid)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Board.from_text({self.to_text()!r})"

    def pretty(self) -> str:
        """A human-readable grid with row letters and column numbers."""
        head = "   " + "".join(f"{c + 1:>3}" for c in range(SIZE))
        lines = [head]
        for r, row in enumerate(self._grid):
            lines.append(f"{ROW_NAMES[r]:>3}" + "".join(f"{x or '.':>3}" for x in row))
        return "\n".join(lines)

    # -- legality and scoring ----------------------------------------------------------------
    def score(
        self, move: Move, lexicon: Container[str] | None = None, rack: Rack | None = None
    ) -> PlayResult:
        """Check ``move`` and score it without placing it (seed 004, 2.5 and 2.6).

        Raises :class:`IllegalMoveError`. Without ``lexicon`` the words are not checked;
        without ``rack`` the tiles are not checked against a rack.
        """
        return self._analyze(move, lexicon, rack)

    def play(
        self, move: Move, rack: Rack | None = None, lexicon: Container[str] | None = None
    ) -> PlayResult:
        """Check, score and place ``move``; :meth:`undo` takes it back."""
        result = self._analyze(move, lexicon, rack)
        placed = []
        for r, c, letter in result.tiles_placed:
            self._grid[r][c] = letter
            self._codes[r, c] = _tile_code(letter)
            placed.append((r, c))
        self._count += len(placed)
        self._history.append(placed)
        return result

    def undo(self) -> None:
        """Take back the last move placed with :meth:`play`."""
        if not self._history:
            raise IndexError("no move to undo")
        for r, c in self._history.pop():
            self._grid[r][c] = None
            self._codes[r, c] = -1
            self._count -= 1

    def canonical(self, move: Move) -> Move:
        """``move`` with the letters already on the board written as they stand (blanks in
        lower case); squares off the word are not checked."""
        word = "".join(
            self._grid[r][c] or letter
            for (r, c), letter in zip(move.squares(), move.word, strict=True)
        )
        return Move(move.row, move.col, move.horizontal, word)

    def _analyze(self, move: Move, lexicon: Container[str] | None, rack: Rack | None) -> PlayResult:
        dr, dc = (0, 1) if move.horizontal else (1, 0)
        squares = move.squares()
        (r0, c0), (r1, c1) = squares[0], squares[-1]
        if self.occupied(r0 - dr, c0 - dc) or self.occupied(r1 + dr, c1 + dc):
            raise IllegalMoveError(NOT_FULL_WORD, "not_in_full", move=str(move))
        letters: list[str] = []
        placed: list[tuple[int, int, str]] = []
        for (r, c), letter in zip(squares, move.word, strict=True):
            current = self._grid[r][c]
            if current is None:
                placed.append((r, c, letter))
                letters.append(letter)
            elif current.upper() != letter.upper():
                raise IllegalMoveError(
                    LETTER_MISMATCH,
                    "letter_mismatch",
                    move=str(move),
                    square=square_name(r, c),
                    held=current.upper(),
                    letter=letter.upper(),
                )
            else:
                letters.append(current)
        if not placed:
            raise IllegalMoveError(NO_TILE_PLACED, "no_tile_placed", move=str(move))
        if self.is_empty:
            if CENTER not in squares:
                raise IllegalMoveError(FIRST_MOVE_CENTER, "first_move_center", move=str(move))
        elif len(placed) == len(squares) and not any(
            self.occupied(r + a, c + b) for r, c, _ in placed for a, b in ((dc, dr), (-dc, -dr))
        ):
            raise IllegalMoveError(NOT_CONNECTED, "not_connected", move=str(move))
        if len(placed) > RACK_SIZE:
            raise IllegalMoveError(NOT_IN_RACK, "too_many_tiles", move=str(move), most=RACK_SIZE)
        if rack is not None:
            needed = Counter(BLANK if t.islower() else t for _, _, t in placed)
            for tile, n in sorted(needed.items()):
                if rack.count(tile) < n:
                    reason = "blank_not_in_rack" if tile == BLANK else "tile_not_in_rack"
                    raise IllegalMoveError(
                        NOT_IN_RACK, reason, move=str(move), tile=tile, rack=str(rack), needed=n
                    )
        canonical = Move(move.row, move.col, move.horizontal, "".join(letters))
        main_score = self._word_score(squares, letters)
        words = [(canonical.word, main_score)]
        for r, c, letter in placed:
            cross = self._cross_word(r, c, letter, move.horizontal)
            if cross is not None:
                words.append(cross)
        if lexicon is not None:
            for word, _ in words:
                if word.upper() not in lexicon:
                    raise IllegalMoveError(
                        NOT_IN_LEXICON,
                        "not_in_lexicon",
                        word=word.upper(),
                        move=str(move),
                        formed=word.upper(),
                    )
        bingo = len(placed) == RACK_SIZE
        total = sum(s for _, s in words) + (BINGO_BONUS if bingo else 0)
        return PlayResult(canonical, total, words, placed, bingo)

    def _word_score(self, squares: list[tuple[int, int]], letters: list[str]) -> int:
        """Letter premiums first, then the product of the word premiums; premiums count only
        on squares this move covers (seed 004, 2.6.1); a blank is worth 0 (2.6)."""
        total, factor = 0, 1
        for (r, c), letter in zip(squares, letters, strict=True):
            value = 0 if letter.islower() else TILE_VALUES[letter]
            if self._grid[r][c] is None:
                value *= int(LETTER_MULTIPLIER[r, c])
                factor *= int(WORD_MULTIPLIER[r, c])
            total += value
        return total * factor

    def _cross_word(
        self, row: int, col: int, letter: str, horizontal: bool
    ) -> tuple[str, int] | None:
        """The word formed across the main word through a new tile, with its score
        (seed 004, 2.6.2), or None when the tile has no neighbour that way."""
        dr, dc = (1, 0) if horizontal else (0, 1)
        r, c = row, col
        while self.occupied(r - dr, c - dc):
            r, c = r - dr, c - dc
        squares, letters = [], []
        while (r, c) == (row, col) or self.occupied(r, c):
            squares.append((r, c))
            letters.append(letter if (r, c) == (row, col) else self._grid[r][c] or "")
            r, c = r + dr, c + dc
        if len(squares) < 2:
            return None
        return "".join(letters), self._word_score(squares, letters)


_DIGITS = "0123456789"


def _parse_row(text: str, index: int) -> list[str | None]:
    name = ROW_NAMES[index] if index < SIZE else str(index + 1)
    out: list[str | None] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _DIGITS:
            j = i
            while j < len(text) and text[j] in _DIGITS:
                j += 1
            run = int(text[i:j]) if j - i <= 2 else SIZE + 1
            if run == 0:
                raise BoardParseError.of("empty_run", row=name)
            if len(out) + run > SIZE:
                raise BoardParseError.of("run_too_long", row=name, text=text)
            out.extend([None] * run)
            i = j
        elif ch.isascii() and ch.isalpha():
            out.append(ch)
            i += 1
        else:
            raise BoardParseError.of("row_character", row=name, character=ch)
    if len(out) != SIZE:
        raise BoardParseError.of("row_squares", row=name, text=text, count=len(out))
    return out


def _parse_line(line: str, index: int) -> list[str | None]:
    name = ROW_NAMES[index]
    if len(line) != SIZE:
        raise BoardParseError.of("line_length", row=name, text=line, count=len(line))
    out: list[str | None] = []
    for ch in line:
        if ch == ".":
            out.append(None)
        elif ch.isascii() and ch.isalpha():
            out.append(ch)
        else:
            raise BoardParseError.of("line_character", row=name, character=ch)
    return out


def _tile_code(letter: str) -> int:
    """The code of a tile letter in :meth:`Board.grid_codes` (blanks 26..51)."""
    return ord(letter) - 65 if letter.isupper() else ord(letter) - 97 + 26
