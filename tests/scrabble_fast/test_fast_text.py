"""The text path of ``arbitre scrabble top --batch`` (``fast/text.py``): its board and rack
readers read what ``Board.from_text`` and ``Rack.parse`` read and refuse what they refuse,
with the same refusal; its moves are ``str(Move)`` of the reference's tops, in order."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from arbitre.scrabble.board import Board
from arbitre.scrabble.fast import gaddag_arrays
from arbitre.scrabble.fast.text import (
    board_codes,
    line_heads,
    move_texts,
    rack_counts,
    top_texts,
)
from arbitre.scrabble.generate import top_moves
from arbitre.scrabble.move import Move, ScoredMove
from arbitre.scrabble.rack import Rack
from tests.scrabble_fast.fast_helpers import small_lexicon
from tests.support import depth

HABLONS = "15/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15"


def _same_reading(mine: object, reference: object) -> None:
    """Both calls give equal arrays, or both raise the same refusal."""
    try:
        expected = reference()  # type: ignore[operator]
    except ValueError as exc:
        with pytest.raises(type(exc)) as caught:
            mine()  # type: ignore[operator]
        assert str(caught.value) == str(exc)
        return
    got = mine()  # type: ignore[operator]
    assert got.dtype == expected.dtype and np.array_equal(got, expected)


# A row: runs of digits (valid 1..15 and invalid ones: 0, 00, 05, 16, 99, 115), letters of
# both cases (rare ones that overflow the bag: Z, K, blanks), and stray characters.
_ROW_PIECE = st.one_of(
    st.integers(1, 15).map(str),
    st.sampled_from(["0", "00", "05", "16", "99", "115", "1", "2"]),
    st.sampled_from(list("EAISZKWXeaz")),
    st.sampled_from([".", " ", "é", "-", "/", "?"]),
)
_ROW = st.lists(_ROW_PIECE, max_size=8).map("".join)
_FULL_ROW = st.lists(
    st.one_of(st.integers(1, 4).map(str), st.sampled_from(list("EAISZKeaz"))), max_size=15
).map("".join)


@settings(max_examples=depth(600), deadline=None)
@given(st.lists(st.one_of(_ROW, _FULL_ROW), min_size=13, max_size=16))
@example([*["15"] * 7, "3HAbLONS5", *["15"] * 7])
@example([*["15"] * 7, "ZZ13", *["15"] * 7])  # two Z: more than the game has
@example([*["15"] * 7, "abc12", *["15"] * 7])  # three blanks
@example([*["15"] * 7, "1" + "5" * 1, "15", *["15"] * 6])
def test_board_reader_reads_as_board_from_text(rows: list[str]) -> None:
    text = "/".join(rows)
    _same_reading(lambda: board_codes(text), lambda: Board.from_text(text).grid_codes())
    padded = f"  {text}\n"
    _same_reading(lambda: board_codes(padded), lambda: Board.from_text(padded).grid_codes())


def test_board_reader_reads_fifteen_lines_through_board_from_text() -> None:
    lines = Board.from_text(HABLONS).to_lines()
    assert np.array_equal(board_codes(lines), Board.from_text(HABLONS).grid_codes())


@settings(max_examples=depth(600), deadline=None)
@given(st.text(alphabet="AEZKQWXYaez?+- .é1", max_size=10))
@example("EAIS?RT")
@example("-")
@example("ZZ")
@example("???")
@example("ABCDEFGH")
@example("ea+?")
def test_rack_reader_reads_as_rack_parse(text: str) -> None:
    _same_reading(lambda: rack_counts(text), lambda: Rack.parse(text).counts())


def test_move_texts_are_in_scored_move_order() -> None:
    """Rows as the kernel writes them (any order) come out in the order of ``ScoredMove``:
    horizontal first, then by row, column and word (a natural tile before a blank)."""
    info = np.array(
        [[1, 7, 3, 2, 10], [0, 7, 3, 2, 10], [0, 2, 5, 2, 10], [0, 2, 5, 2, 10], [1, 2, 3, 3, 10]],
        dtype=np.int32,
    )
    codes = np.full((5, 15), -1, dtype=np.int8)
    codes[:4, :2] = [[0, 1], [0, 1], [26, 1], [0, 1]]
    codes[4, :3] = [25, 4, 51]
    expected = sorted(
        [
            ScoredMove(Move(3, 7, False, "AB"), 10),  # 8D, vertical: column 8, row D
            ScoredMove(Move(7, 3, True, "AB"), 10),  # H4
            ScoredMove(Move(2, 5, True, "aB"), 10),  # C6, the A a blank
            ScoredMove(Move(2, 5, True, "AB"), 10),
            ScoredMove(Move(3, 2, False, "ZEz"), 10),  # 3D
        ]
    )
    assert move_texts(info, codes) == [str(m.move) for m in expected]
    assert move_texts(info, codes) == ["C6 AB", "C6 aB", "H4 AB", "3D ZEz", "8D AB"]


def test_top_texts_equal_the_reference_tops() -> None:
    lexicon = small_lexicon()
    graph = gaddag_arrays(lexicon)
    for board_text, rack in [(HABLONS, "EAIS?RT"), ("/".join(["15"] * 15), "ZEST"), (HABLONS, "-")]:
        ref = top_moves(Board.from_text(board_text), Rack.parse(rack), lexicon, engine="reference")
        assert top_texts(board_text, rack, graph) == (
            ref[0].score if ref else 0,
            [str(m.move) for m in ref],
        )


_LINE_BOARD = st.one_of(
    st.sampled_from([HABLONS, "/".join(["15"] * 15), "2SOLEIL7/" + HABLONS.split("/", 1)[1]]),
    st.lists(st.one_of(_ROW, _FULL_ROW), min_size=14, max_size=16).map("/".join),
    st.sampled_from(["abc", "15/15", HABLONS.replace("/", "\n")]),
)
_LINE_RACK = st.one_of(
    st.sampled_from(["EAIS?RT", "-", "ZEST", "QQ", "??", "W", "+E+A+", "ea?", "+"]),
    st.text(alphabet="AEZKQWXYaez?+-.é1", max_size=9),
)
_SPACE = st.sampled_from([" ", "\t", "  ", "\x0b", "\x1f", "\u00a0", "\x00"])


@settings(max_examples=depth(300), deadline=None)
@given(
    st.one_of(
        st.tuples(
            _SPACE, _LINE_BOARD, _SPACE, _LINE_RACK, st.sampled_from(["", " 12 3", "\n"])
        ).map("".join),
        st.sampled_from(
            [
                "",
                "\n",
                "   \n",
                "# a comment",
                "  #x y",
                HABLONS,
                f"{HABLONS} ",
                f"{HABLONS} E\udcff",
            ]
        ),
    )
)
def test_line_path_answers_as_the_text_path(line: str) -> None:
    """The compiled line (``fast/line.py``) answers as ``top --batch`` reads the line
    through the text path: nothing for a line without a position (blank, ``#``), else the
    JSON of ``top_texts`` on its first two fields; a line it leaves to that path (``None``)
    is one the path refuses or reads some other way, never one answered differently."""
    lexicon = small_lexicon()
    head = line_heads(gaddag_arrays(lexicon))(line)
    fields = line.split()
    if not fields or fields[0].startswith("#"):
        assert head == ""
        return
    if head is None:
        return
    assert len(fields) >= 2
    score, moves = top_texts(fields[0], fields[1], gaddag_arrays(lexicon))
    assert head.endswith('"ms": ')
    assert json.loads(head + "1.5}") == {"score": score, "moves": moves, "ms": 1.5}


def test_line_path_answers_the_plain_lines_itself() -> None:
    """The lines ``top --batch`` is given in bulk (board rows, a rack, extra fields) are
    answered by the compiled call, not handed back; text it does not take is."""
    head = line_heads(gaddag_arrays(small_lexicon()))
    for line in (f"{HABLONS} EAIS?RT 78 x\n", f"{HABLONS} -", f"{HABLONS}\tea+?"):
        assert head(line)
    for line in (HABLONS, f"{HABLONS} EA1", f"{HABLONS} é", "abc EAI", f"{HABLONS} ABCDEFGH"):
        assert head(line) is None
