"""A match (one game, or best of three) and its match sheet: PM and Pdep (001 2.4; 000
"Points de match", "Points de départage", 3.1, 7.3; rulings.md Classic 8).

Refusals are :class:`~arbitre.classic.game.game.GameError` with a ``classic_match.*`` code.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from arbitre.classic.game.game import ClassicGame, GameError, GameResult
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(
    f"classic_match.{name}"
    for name in ("best_of", "not_over", "over", "game_not_over", "players", "starter")
)
"""The refusals of a match."""


def _refuse(code: str, **params: Param) -> GameError:
    return GameError(Message.of(f"classic_match.{code}", **params))


#: Match points (000): win 3, draw 2, loss 1, forfeit 0.
WIN, DRAW, LOSS, FORFEIT = 3, 2, 1, 0


@dataclass(frozen=True)
class MatchSheet:
    """The match sheet: each game's scores, games won, PM and Pdep per player."""

    names: tuple[str, str]
    games: tuple[tuple[int, int], ...]
    games_won: tuple[float, float]
    winner: int | None
    match_points: tuple[int, int]
    pdep: tuple[int, int] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.names),
            "games": [{self.names[p]: g[p] for p in (0, 1)} for g in self.games],
            "games_won": {self.names[p]: self.games_won[p] for p in (0, 1)},
            "winner": None if self.winner is None else self.names[self.winner],
            "match_points": {self.names[p]: self.match_points[p] for p in (0, 1)},
            "pdep": None if self.pdep is None else {self.names[p]: self.pdep[p] for p in (0, 1)},
        }


@dataclass
class Match:
    """A match between two players: one game, or best of three (000 3.1).

    Starters: game 1 by designation or toss; game 2 by the player who did not start game 1
    (001 3.2; 000 3.1); game 3 by a new toss or designation. A drawn game counts half a game
    to each; the match ends when a player has two games, or after three games (equal: a
    drawn match). A forfeit ends the match: 0 PM to the forfeiting player.
    """

    names: tuple[str, str]
    best_of: int = 1
    #: Ratings (PL or PL*) for Pdep, or None.
    ratings: tuple[int, int] | None = None
    results: list[GameResult] = field(default_factory=list)
    starters: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.best_of not in (1, 3):
            raise _refuse("best_of", best_of=self.best_of)

    @property
    def games_won(self) -> tuple[float, float]:
        won = [0.0, 0.0]
        for r in self.results:
            if r.winner is None:
                won[0] += 0.5
                won[1] += 0.5
            else:
                won[r.winner] += 1
        return won[0], won[1]

    @property
    def over(self) -> bool:
        if any(r.forfeit is not None for r in self.results):
            return True
        need = self.best_of // 2 + 1
        return len(self.results) >= self.best_of or max(self.games_won) >= need

    @property
    def winner(self) -> int | None:
        if not self.over:
            raise _refuse("not_over")
        for r in self.results:
            if r.forfeit is not None:
                return 1 - r.forfeit
        won = self.games_won
        return None if won[0] == won[1] else (0 if won[0] > won[1] else 1)

    def next_starter(self, designated: int | None = None) -> int | None:
        """Who starts the next game: ``designated`` (or None: a toss) for games 1 and 3,
        the player who did not start game 1 for game 2."""
        if self.over:
            raise _refuse("over")
        if len(self.results) == 1:
            return 1 - self.starters[0]
        return designated

    def new_game(
        self,
        lexicon: Container[str],
        designated: int | None = None,
        **options: Any,
    ) -> ClassicGame:
        """The next game of the match, with the right starter."""
        return ClassicGame(lexicon, self.names, starter=self.next_starter(designated), **options)

    def record(self, game: ClassicGame) -> None:
        """Add a finished game of this match."""
        if game.result is None:
            raise _refuse("game_not_over")
        if tuple(game.names) != tuple(self.names):
            raise _refuse("players", a=self.names[0], b=self.names[1])
        if self.over:
            raise _refuse("over")
        expected = self.next_starter(game.starter)
        if expected != game.starter:
            raise _refuse("starter", game=len(self.results) + 1, player=self.names[expected or 0])
        self.results.append(game.result)
        self.starters.append(game.starter)

    def sheet(self) -> MatchSheet:
        """PM: 3 win, 2 draw, 1 loss, 0 forfeit. Pdep: the winner scores the higher rating,
        the loser the lower, a draw each their own (000)."""
        winner = self.winner
        forfeit = next((r.forfeit for r in self.results if r.forfeit is not None), None)
        if winner is None:
            points = (DRAW, DRAW)
        else:
            pts = [0, 0]
            pts[winner] = WIN
            pts[1 - winner] = FORFEIT if forfeit == 1 - winner else LOSS
            points = (pts[0], pts[1])
        pdep: tuple[int, int] | None = None
        if self.ratings is not None:
            hi, lo = max(self.ratings), min(self.ratings)
            if winner is None:
                pdep = self.ratings
            else:
                pdep = (hi, lo) if winner == 0 else (lo, hi)
        return MatchSheet(
            self.names,
            tuple(r.scores for r in self.results),
            self.games_won,
            winner,
            points,
            pdep,
        )
