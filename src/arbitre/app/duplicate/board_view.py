"""The board as rows of cells for the templates: premium colours, coordinates, blanks."""

from __future__ import annotations

from typing import Any

from arbitre.duplicate.game import DuplicateGame
from arbitre.scrabble.board import Board
from arbitre.scrabble.move import Move
from arbitre.scrabble.tiles import LETTER_MULTIPLIER, ROW_NAMES, SIZE, TILE_VALUES, WORD_MULTIPLIER

_PREMIUM = {(3, 1): "tw", (2, 1): "dw", (1, 3): "tl", (1, 2): "dl"}


def board_rows(board: Board, last: Move | None = None) -> list[dict[str, Any]]:
    new = set(last.squares()) if last else set()
    rows = []
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            tile = board[r, c]
            premium = _PREMIUM.get((int(WORD_MULTIPLIER[r, c]), int(LETTER_MULTIPLIER[r, c])), "")
            if (r, c) == (7, 7):
                premium = "star"
            cells.append(
                {
                    "letter": tile.upper() if tile else "",
                    "blank": bool(tile and tile.islower()),
                    "value": 0 if not tile or tile.islower() else TILE_VALUES[tile],
                    "premium": premium,
                    "new": (r, c) in new,
                    "name": f"{ROW_NAMES[r]}{c + 1}",
                }
            )
        rows.append({"name": ROW_NAMES[r], "cells": cells})
    return rows


def last_board(engine: DuplicateGame) -> list[dict[str, Any]]:
    """The board of a game after its last move, that move's tiles marked: the board the
    public move page and the hall screen show (the "tableau témoin", seed 004, 4.6)."""
    return board_rows(engine.board, engine.moves[-1].move if engine.moves else None)
