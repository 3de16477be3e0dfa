"""Duplicate self-play: whole games played by :class:`~arbitre.duplicate.game.DuplicateGame`
with every position recorded, for tests and benchmarks of the top search.

Each game is ``DuplicateGame.autoplay()``: the draws, their rejects and the end of the game are
the Duplicate game's own (:mod:`arbitre.duplicate.draws`; seed 004, 2.2 and 2.7, rulings.md
Duplicate 1 and 3), the top is chosen among equal tops as rulings.md Duplicate 2 says, and a
draw with no positive score goes back (5.2). A *position* is the board and the draw each time
the top is looked for, draws with no scoring move included. Deterministic for a seed and a word
list, whichever engine finds the tops.

>>> from arbitre.lexicon import Lexicon
>>> words = ["AA", "AS", "ES", "EU", "TE", "SE", "TA", "RE", "ETE", "EST", "TES", "SET"]
>>> positions = selfplay_positions(Lexicon.from_words(words), games=1, seed=3)
>>> positions[0].board == "15/" * 14 + "15", positions[0].number
(True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbitre.duplicate.game import DuplicateGame, TopFinder, generator_top_moves
from arbitre.scrabble.board import Board
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import BLANK


@dataclass(frozen=True)
class Position:
    """A board (text format) and a draw (``?`` for a blank), before move ``number``."""

    game: int
    number: int
    board: str
    rack: str
    blanks: int


def play_game(
    lexicon: Any, game: int, seed: int, engine: str = "fast", top_finder: TopFinder | None = None
) -> tuple[DuplicateGame, list[Position]]:
    """Play game number ``game`` (draws seeded by ``seed``) to its end; return it and its
    positions. ``engine`` / ``top_finder`` are those of :class:`DuplicateGame`."""
    find = top_finder or generator_top_moves(engine)
    positions: list[Position] = []

    def recording(board: Board, rack: Rack, words: Any) -> Sequence[Any]:
        positions.append(
            Position(game, played.move_number, board.to_text(), str(rack), rack.count(BLANK))
        )
        return find(board, rack, words)

    played = DuplicateGame(lexicon, seed=seed, top_finder=recording)
    played.autoplay()
    return played, positions


def game_seeds(games: int, seed: int) -> list[int]:
    """The draw seed of each game of a self-play run (deterministic for ``seed``)."""
    rng = random.Random(seed)
    return [rng.randrange(2**62) for _ in range(games)]


def selfplay_positions(
    lexicon: Any, games: int, seed: int = 0, engine: str = "fast"
) -> list[Position]:
    """Positions of ``games`` self-played games (deterministic for ``seed``)."""
    out: list[Position] = []
    for number, game_seed in enumerate(game_seeds(games, seed)):
        out.extend(play_game(lexicon, number, game_seed, engine)[1])
    return out
