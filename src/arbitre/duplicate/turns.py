"""The arbiter's view of each move of a recorded game: board before the move, draw, top."""

from __future__ import annotations

from collections.abc import Container, Sequence

from arbitre.duplicate.decision import Turn
from arbitre.duplicate.game import MoveEntry
from arbitre.scrabble.board import Board
from arbitre.scrabble.rack import Rack


def turns_of(entries: Sequence[MoveEntry], lexicon: Container[str]) -> list[Turn]:
    """One :class:`Turn` per played move of a game, in order (move 1 first)."""
    board = Board()
    turns = []
    first_length: int | None = None
    for entry in entries:
        draw = Rack.parse(entry.leave + entry.drawn)
        top = board.score(entry.move, None, draw)
        turns.append(Turn(board.copy(), draw, lexicon, entry.number, top, first_length))
        board.play(entry.move)
        if first_length is None:
            first_length = len(entry.move.word)
    return turns
