"""Legality and scoring of a move (seed 004, 2.5 and 2.6). Scores computed by hand."""

from __future__ import annotations

import pytest

from arbitre.i18n import word
from arbitre.scrabble import board as rules
from arbitre.scrabble.board import Board, IllegalMoveError
from arbitre.scrabble.move import Move
from arbitre.scrabble.rack import Rack

HABLONS = "15/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15"


def board_with(*tiles: tuple[str, str]) -> Board:
    """A board with tiles set on squares named like ``A4``."""
    board = Board()
    for square, letter in tiles:
        board["ABCDEFGHIJKLMNO".index(square[0]), int(square[1:]) - 1] = letter
    return board


def score(board: Board, move: str, **kwargs: object) -> int:
    return board.score(Move.parse(move), **kwargs).score  # type: ignore[arg-type]


def test_first_move_letter_premium_before_word_premium_blank_zero_bingo() -> None:
    # H on H4 (double letter) 8, A 1, blank 0, L O N S 4 = 13, H8 doubles: 26, +50.
    result = Board().score(Move.parse("H4 HAbLONS"))
    assert result.score == 76 and result.bingo
    assert result.words == [("HAbLONS", 26)]
    assert len(result.tiles_placed) == 7
    # The same with a real B (3 points): 16 x 2 + 50.
    assert score(Board(), "H4 HABLONS") == 82


def test_blank_on_a_word_premium_still_multiplies() -> None:
    assert score(Board(), "H8 zA") == 2  # (0 + 1) x 2
    assert score(Board(), "H8 ZA") == 22  # (10 + 1) x 2


def test_two_double_words_quadruple_and_cross_word() -> None:
    # E5 and E11 are both double word squares; S on F8 makes the cross-word IS.
    board = board_with(("F8", "S"))
    result = board.score(Move.parse("E5 RETINAS"))
    assert result.words == [("RETINAS", 28), ("IS", 2)]
    assert result.score == 80 and result.bingo


def test_two_triple_words_nonuple_and_covered_premium_not_counted() -> None:
    # A1 and A8 triple; A on A4 (double letter) is already covered and counts 1.
    board = board_with(("A4", "A"))
    result = board.score(Move.parse("A1 CREATION"))
    assert result.score == (3 + 1 + 1 + 1 + 1 + 1 + 1 + 1) * 9 + 50 == 140
    assert result.words == [("CREATION", 90)]


def test_three_triple_words_multiply_by_27() -> None:
    # ESSENTIELLEMENT on row A: new tiles on A1 (TW), A4 (DL, E), A8 (TW), A12 (DL, M), A15.
    existing = {2: "S", 3: "S", 5: "N", 6: "T", 7: "I", 9: "L", 10: "L", 11: "E", 13: "E", 14: "N"}
    board = board_with(*((f"A{c}", x) for c, x in existing.items()))
    result = board.score(Move.parse("A1 ESSENTIELLEMENT"))
    assert [c + 1 for _, c, _ in result.tiles_placed] == [1, 4, 8, 12, 15]
    assert result.score == (16 + 1 + 2) * 27 == 513
    assert not result.bingo


def test_triple_letter() -> None:
    board = board_with(("G6", "E"))
    assert score(board, "6F ZE") == 31  # Z on F6 (triple letter) 30 + E 1


def test_premium_counts_only_when_first_covered() -> None:
    board = Board()
    board.play(Move.parse("H4 HAbLONS"))
    # H4 (double letter) and H8 (double word) are covered: only H12 (double letter) counts.
    result = board.score(Move.parse("H4 HABLONSES"))
    assert result.score == 4 + 1 + 0 + 1 + 1 + 1 + 1 + 1 + 2 == 12
    assert str(result.move) == "H4 HAbLONSES"
    assert [(r, c) for r, c, _ in result.tiles_placed] == [(7, 10), (7, 11)]


def test_shared_premium_counts_in_both_words_2_6_2() -> None:
    # S on D4 (double word) is in US (vertical) and LES (horizontal): both doubled.
    board = board_with(("D2", "L"), ("D3", "E"))
    result = board.score(Move.parse("4C US"))
    assert result.words == [("US", 4), ("LES", 6)]
    assert result.score == 10


def test_parallel_play_scores_every_cross_word() -> None:
    board = Board.from_text(HABLONS)
    result = board.score(Move.parse("I5 ES"))
    assert result.words == [("ES", 2), ("AE", 2), ("bS", 1)]
    assert result.score == 5


def test_single_tile_either_direction_same_score() -> None:
    board = Board.from_text(HABLONS)
    # A single tile forming a word each way scores both, written either way.
    board[8, 3] = "E"  # I4, under the H
    h = board.score(Move.parse("I4 ES"))  # new S on I5 forms ES across and AS down
    v = board.score(Move.parse("5H AS"))
    assert h.score == v.score == 2 + 2
    assert sorted(h.words) == sorted(v.words)


def test_play_places_and_undo_takes_back() -> None:
    board = Board()
    first = board.play(Move.parse("H4 HAbLONS"), rack=Rack.parse("HALONS?"))
    assert board.to_text() == HABLONS and first.score == 76
    board.play(Move.parse("I5 ES"))
    assert board.tile_count == 9
    board.undo()
    assert board.to_text() == HABLONS
    board.undo()
    assert board.is_empty
    with pytest.raises(IndexError):
        board.undo()


def test_score_does_not_place() -> None:
    board = Board.from_text(HABLONS)
    board.score(Move.parse("I5 ES"))
    assert board.to_text() == HABLONS


LEX = {"HABLONS", "ES", "AE", "MAISON", "AS"}


@pytest.mark.parametrize(
    ("position", "move", "rack", "rule", "fragment"),
    [
        (HABLONS, "H5 AbLONS", None, rules.NOT_FULL_WORD, "not written in full"),
        (HABLONS, "H4 HAbLON", None, rules.NOT_FULL_WORD, "not written in full"),
        (HABLONS, "H3 SHAbLON", None, rules.NOT_FULL_WORD, "not written in full"),
        (HABLONS, "H4 MAISONS", None, rules.LETTER_MISMATCH, "H4 holds H, not M"),
        (HABLONS, "H4 HABLONS", None, rules.NO_TILE_PLACED, "no tile is placed"),
        (None, "A1 MAISON", None, rules.FIRST_MOVE_CENTER, "centre star H8"),
        (None, "8A MAISON", None, rules.FIRST_MOVE_CENTER, "centre star H8"),
        (HABLONS, "A1 MAISON", None, rules.NOT_CONNECTED, "does not touch the tiles"),
        (HABLONS, "I5 ES", "EE", rules.NOT_IN_RACK, "S is not in the rack EE"),
        (HABLONS, "I5 ES", "E?", rules.NOT_IN_RACK, "S is not in the rack E?"),
        (HABLONS, "I5 es", "ES", rules.NOT_IN_RACK, "no blank in the rack"),
        (None, "H2 ABCDEFGH", None, rules.NOT_IN_RACK, "more than 7 tiles"),
    ],
)
def test_illegal_moves_name_their_rule(
    position: str | None, move: str, rack: str | None, rule: str, fragment: str
) -> None:
    board = Board.from_text(position) if position else Board()
    with pytest.raises(IllegalMoveError) as info:
        board.play(Move.parse(move), rack=Rack.parse(rack) if rack else None, lexicon=LEX)
    assert info.value.rule == rule
    assert fragment in word(info.value.message, "en")
    assert board.to_text() == (position or Board().to_text())  # nothing placed


def test_g4_touching_diagonally_only_is_not_connected() -> None:
    # G11-G14 touch the S on H10 only diagonally; G5-G10 lie above the word (connected).
    board = Board.from_text(HABLONS)
    assert board.score(Move.parse("G5 MAISON")).score > 0
    with pytest.raises(IllegalMoveError) as info:
        board.score(Move.parse("G11 MAIS"))
    assert info.value.rule == rules.NOT_CONNECTED


def test_words_are_checked_main_and_cross() -> None:
    board = Board.from_text(HABLONS)
    with pytest.raises(IllegalMoveError) as info:
        board.play(Move.parse("I5 ES"), lexicon={"ES", "AE"})
    assert info.value.rule == rules.NOT_IN_LEXICON and info.value.word == "BS"
    assert word(info.value.message, "fr") == "BS n'est pas dans la liste de mots"
    with pytest.raises(IllegalMoveError) as info:
        board.play(Move.parse("I5 ES"), lexicon={"BS", "AE"})
    assert info.value.rule == rules.NOT_IN_LEXICON and info.value.word == "ES"
    assert board.play(Move.parse("I5 Es"), Rack.parse("E?"), {"ES", "AE", "BS"}).score == 3


def test_blank_on_the_board_may_be_written_either_case() -> None:
    board = Board.from_text(HABLONS)
    assert (
        board.score(Move.parse("H4 HABLONSES")).move == board.score(Move.parse("H4 HAbLONSES")).move
    )


def test_canonical_mirrors_the_board_and_rack_tiles() -> None:
    board = Board.from_text(HABLONS)
    assert str(board.canonical(Move.parse("H4 HABLONSES"))) == "H4 HAbLONSES"
    result = Board().score(Move.parse("H4 MAiSON"))
    assert result.rack_tiles == ["M", "A", "?", "S", "O", "N"]
    assert Rack.parse("MAS?ONT").remove(result.rack_tiles) == Rack.parse("T")
