"""The board text format (issue 4, item 2)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.i18n import word
from arbitre.scrabble.board import Board, BoardParseError
from arbitre.scrabble.tiles import TILE_COUNTS

EXAMPLE = "15/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15"


def test_issue_example() -> None:
    board = Board.from_text(EXAMPLE)
    assert board[7, 3] == "H" and board[7, 5] == "b" and board[7, 9] == "S"
    assert board[7, 2] is None and board[7, 10] is None
    assert board.tile_count == 7 and not board.is_empty
    assert board.to_text() == EXAMPLE
    codes = board.grid_codes()
    assert codes.dtype == np.int8 and codes.shape == (15, 15)
    assert codes[7, 3] == 7 and codes[7, 5] == 26 + 1 and codes[0, 0] == -1
    assert (codes >= 0).sum() == 7


def test_dotted_lines_format() -> None:
    lines = ["." * 15] * 7 + ["...HAbLONS....."] + ["." * 15] * 7
    board = Board.from_text("\n".join(lines) + "\n")
    assert board.to_text() == EXAMPLE
    assert Board.from_text(board.to_lines()) == board


def test_empty_board() -> None:
    board = Board.from_text("/".join(["15"] * 15))
    assert board.is_empty and board == Board()
    assert Board().to_text() == "/".join(["15"] * 15)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("/".join(["15"] * 14), "14 rows"),
        ("/".join(["15"] * 7 + ["3HAbLONS"] + ["15"] * 7), "row H .* covers 10 squares"),
        ("/".join(["15"] * 7 + ["3HAbLONS6"] + ["15"] * 7), "row H .* covers more than 15 squares"),
        ("/".join(["15"] * 7 + ["3HA-LONS5"] + ["15"] * 7), "row H: “-”"),
        ("/".join(["15"] * 7 + ["0HAbLONS8"] + ["15"] * 7), "a run of 0 empty squares"),
        ("/".join(["15"] * 7 + ["ZZ13"] + ["15"] * 7), "holds 2 tiles Z, the game has only 1"),
        ("/".join(["15"] * 7 + ["abc12"] + ["15"] * 7), "holds 3 blanks, the game has only 2"),
        ("\n".join(["." * 15] * 14), "14 lines"),
        ("\n".join(["." * 15] * 14 + ["." * 14]), "row O .* 14 characters"),
        ("\n".join(["." * 15] * 14 + ["." * 14 + "*"]), "row O: “\\*”"),
    ],
)
def test_board_text_errors(text: str, fragment: str) -> None:
    with pytest.raises(BoardParseError) as refused:
        Board.from_text(text)
    assert re.search(fragment, word(refused.value.message, "en"))


_BAG = [tile for tile, n in TILE_COUNTS.items() for _ in range(n)]


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Random boards whose tiles come from the real bag (blanks as random lower case)."""
    board = Board()
    squares = draw(st.lists(st.integers(0, 224), unique=True, max_size=60))
    tiles = draw(st.permutations(_BAG))
    for sq, tile in zip(squares, tiles, strict=False):
        if tile == "?":
            tile = draw(st.sampled_from("abcdefghijklmnopqrstuvwxyz"))
        board[divmod(sq, 15)] = tile
    return board


@given(boards())
def test_board_text_round_trips(board: Board) -> None:
    again = Board.from_text(board.to_text())
    assert again == board
    assert again.to_text() == board.to_text()
    assert Board.from_text(board.to_lines()) == board
    codes = board.grid_codes()
    for r in range(15):
        for c in range(15):
            letter = board[r, c]
            if letter is None:
                assert codes[r, c] == -1
            elif letter.isupper():
                assert codes[r, c] == ord(letter) - 65
            else:
                assert codes[r, c] == ord(letter) - 97 + 26


def test_copy_and_transpose_are_independent() -> None:
    board = Board.from_text(EXAMPLE)
    other = board.copy()
    other[0, 0] = "A"
    assert board[0, 0] is None
    t = board.transposed()
    assert t[3, 7] == "H" and t.transposed() == board
