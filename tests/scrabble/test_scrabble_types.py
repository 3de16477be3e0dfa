"""Tiles, moves and racks (shared/spec/facts.md; seed 004, 3.2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.i18n import word
from arbitre.scrabble.move import Move, MoveParseError
from arbitre.scrabble.rack import Rack, RackError
from arbitre.scrabble.tiles import (
    LETTER_MULTIPLIER,
    TILE_COUNTS,
    TILE_VALUES,
    VOWELS,
    WORD_MULTIPLIER,
)


def test_tile_set_has_102_tiles_and_two_blanks() -> None:
    assert sum(TILE_COUNTS.values()) == 102
    assert TILE_COUNTS["?"] == 2 and TILE_VALUES["?"] == 0
    assert VOWELS == set("AEIOU")


@pytest.mark.parametrize(("rack", "value"), [("AAEB?XL", 17), ("MGHERSQ", 19)])
def test_rack_values_of_seed_001_8_2(rack: str, value: int) -> None:
    assert sum(TILE_VALUES[t] for t in rack) == value


def test_premium_squares_counts_and_centre() -> None:
    assert (WORD_MULTIPLIER == 3).sum() == 8
    assert (WORD_MULTIPLIER == 2).sum() == 17
    assert (LETTER_MULTIPLIER == 3).sum() == 12
    assert (LETTER_MULTIPLIER == 2).sum() == 24
    assert WORD_MULTIPLIER[7, 7] == 2  # H8, the star
    assert LETTER_MULTIPLIER[7, 3] == 2  # H4
    # The premium layout is symmetric under the board's eight symmetries.
    for grid in (WORD_MULTIPLIER, LETTER_MULTIPLIER):
        assert (grid == grid.T).all() and (grid == grid[::-1]).all()
        assert (grid == grid[:, ::-1]).all()
    assert ((WORD_MULTIPLIER > 1) & (LETTER_MULTIPLIER > 1)).sum() == 0


def test_move_coordinates_seed_004_3_2() -> None:
    h = Move.parse("H4 MAiSON")
    assert (h.row, h.col, h.horizontal, h.word) == (7, 3, True, "MAiSON")
    v = Move.parse("4H MAiSON")
    assert (v.row, v.col, v.horizontal, v.word) == (7, 3, False, "MAiSON")
    assert str(h) == "H4 MAiSON" and str(v) == "4H MAiSON"
    assert Move.parse("o14 ZA").coordinate == "O14"
    assert Move.parse("15A ZA").squares() == [(0, 14), (1, 14)]
    # The seed writes coordinates with a space inside: "H 4", "5 H".
    assert Move.parse("H 4 MAiSON") == h and Move.parse("4 H MAiSON") == v


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("H4", "coordinate and a word"),
        ("H4 MAISON EN", "coordinate and a word"),
        ("P4 MAISON", "coordinate"),
        ("H0 MAISON", "column 0"),
        ("H16 MAISON", "column 16"),
        ("4 MAISON", "coordinate"),
        ("H4 MAÏSON", "without accents"),
        ("H4 MA-SON", "letters"),
        ("H4 A", "two or more"),
        ("H12 MAISON", "runs off the board"),
        ("12K MAISON", "runs off the board"),
    ],
)
def test_move_parse_errors_name_the_problem(text: str, fragment: str) -> None:
    from arbitre.i18n import word

    with pytest.raises(MoveParseError) as refused:
        Move.parse(text)
    assert refused.value.message.code.startswith("scrabble.move.")
    assert fragment in word(refused.value.message, "en")
    assert word(refused.value.message) != word(refused.value.message, "en")  # worded in French


@given(
    row=st.integers(0, 14),
    col=st.integers(0, 14),
    horizontal=st.booleans(),
    word=st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=2),
)
def test_move_text_round_trip(row: int, col: int, horizontal: bool, word: str) -> None:
    room = 15 - (col if horizontal else row)
    word = word[:room]
    if len(word) < 2:
        return
    move = Move(row, col, horizontal, word)
    assert Move.parse(str(move)) == move


def test_rack_parse_and_counts() -> None:
    rack = Rack.parse("EAIS?RT")
    assert str(rack) == "AEIRST?" and len(rack) == 7 and rack.blanks == 1
    counts = rack.counts()
    assert counts.dtype.name == "int32" and counts.shape == (27,)
    assert counts[0] == 1 and counts[4] == 1 and counts[26] == 1 and counts.sum() == 7
    assert Rack.parse("ee?+ab?") == Rack("AABEE??"[:0] + "EE?AB?")
    assert len(Rack.parse("-")) == 0
    assert rack.remove("A?") == Rack.parse("EIRST")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("ABCDEFGH", "at most 7 tiles, not 8"),
        ("AB1", "“1” is not a letter"),
        ("???", "only 2 tile"),
        ("ZZ", "only 1 tile"),
        ("É", "“É”"),
    ],
)
def test_rack_errors(text: str, fragment: str) -> None:
    with pytest.raises(RackError) as refused:
        Rack.parse(text)
    assert fragment in word(refused.value.message, "en")


def test_rack_remove_missing_tile() -> None:
    with pytest.raises(RackError) as refused:
        Rack.parse("ABC").remove("D")
    assert word(refused.value.message, "fr") == "D n'est pas sur le chevalet ABC"
