"""Scrabble core: tiles, board, moves and coordinates, scoring, move generation.

>>> from arbitre.scrabble import Board, Move
>>> board = Board()
>>> board.play(Move.parse("H4 HAbLONS")).score
76
>>> board.to_text()
'15/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15'
"""

from arbitre.scrabble.board import Board, BoardParseError, IllegalMoveError, PlayResult
from arbitre.scrabble.generate import all_moves, top_moves
from arbitre.scrabble.move import Move, MoveParseError, ScoredMove
from arbitre.scrabble.rack import Rack, RackError

__all__ = [
    "Board",
    "BoardParseError",
    "IllegalMoveError",
    "Move",
    "MoveParseError",
    "PlayResult",
    "Rack",
    "RackError",
    "ScoredMove",
    "all_moves",
    "top_moves",
]
