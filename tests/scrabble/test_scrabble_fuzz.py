"""Parsers never crash on bad input: they raise their own ValueError subclass."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from arbitre.lexicon import Lexicon
from arbitre.scrabble.board import Board, BoardParseError, IllegalMoveError
from arbitre.scrabble.generate import all_moves
from arbitre.scrabble.move import Move, MoveParseError
from arbitre.scrabble.rack import Rack, RackError
from arbitre.scrabble.tiles import TILE_COUNTS

_MOVE_CHARS = st.sampled_from(list("AHOaho0123456789 ?-éMAISONmaison\t"))


@given(st.text(_MOVE_CHARS, max_size=20) | st.text(max_size=20))
def test_move_parse_raises_only_move_parse_error(text: str) -> None:
    try:
        move = Move.parse(text)
    except MoveParseError:
        return
    assert Move.parse(str(move)) == move


_BOARD_CHARS = st.sampled_from(list("0123456789/.ABZabz?\n -"))


@given(st.text(_BOARD_CHARS, max_size=260) | st.text(max_size=50))
def test_board_from_text_raises_only_board_parse_error(text: str) -> None:
    try:
        board = Board.from_text(text)
    except BoardParseError:
        return
    assert Board.from_text(board.to_text()) == board


@given(st.text(max_size=12))
def test_rack_parse_raises_only_rack_error(text: str) -> None:
    try:
        rack = Rack.parse(text)
    except RackError:
        return
    assert Rack.parse(str(rack)) == rack


@given(
    position=st.integers(0, 10**6),
    move=st.tuples(
        st.integers(0, 14), st.integers(0, 14), st.booleans(), st.text("ESAIZesa", min_size=2)
    ),
)
def test_score_raises_only_illegal_move_error(position: int, move: tuple) -> None:
    rng = random.Random(position)
    board = Board()
    for _ in range(rng.randint(0, 12)):
        board[rng.randrange(15), rng.randrange(15)] = rng.choice("EAS")
    row, col, horizontal, word = move
    word = word[: 15 - (col if horizontal else row)]
    if len(word) < 2:
        return
    before = board.to_text()
    try:
        result = board.score(Move(row, col, horizontal, word), rack=Rack.parse("EESA?"))
    except IllegalMoveError:
        return
    finally:
        assert board.to_text() == before
    assert result.score >= 0 and 1 <= len(result.tiles_placed) <= 5


def test_every_generated_move_is_legal_with_its_score_on_the_default_list() -> None:
    """Self-play with the shipped list: each generated move passes Board.score with the
    lexicon and the rack, with the same score, and play/undo restores the board."""
    lexicon = Lexicon.load()
    rng = random.Random(7)
    bag = [t for t, n in TILE_COUNTS.items() for _ in range(n)]
    rng.shuffle(bag)
    board, tiles = Board(), []
    for _ in range(10):
        while len(tiles) < 7 and bag:
            tiles.append(bag.pop())
        rack = Rack(tiles)
        moves = all_moves(board, rack, lexicon)
        assert len(moves) == len(set(moves))
        for sm in moves[:: max(1, len(moves) // 200)]:
            result = board.score(sm.move, lexicon, rack)
            assert result.score == sm.score and result.move == sm.move
        if not moves:
            break
        before = board.to_text()
        board.play(moves[-1].move, rack, lexicon)
        board.undo()
        assert board.to_text() == before
        result = board.play(rng.choice(moves[:3]).move, rack, lexicon)
        for tile in result.rack_tiles:
            tiles.remove(tile)
