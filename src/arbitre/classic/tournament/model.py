"""Value types of a Belgian-formula Classic Scrabble tournament (seed 000).

A :class:`Player` carries the rating (cote PL, or PL* for a Duplicate-derived rating) used
for the initial ranking and for Pdep. A :class:`Game` is one table of one round: two
players with their scores, a forfeit of one side (or both), or a bye (``b is None``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from arbitre.common.messages import Message, Param, Refusal
from arbitre.common.players_csv import RESERVED_NAMES

WIN_PM = 3
DRAW_PM = 2
LOSS_PM = 1
FORFEIT_PM = 0


MESSAGE_CODES = frozenset(
    f"classic_tournament.{name}"
    for name in (
        "player_name",
        "reserved_name",
        "negative_rating",
        "negative_players",
        "round_number",
        "loss_needs_cause",
        "bye_forfeited",
        "bye_lost",
        "plays_self",
        "missing_score",
        "starter",
        "loser",
        "forfeit_lost",
        "game_round",
        "twice_in_round",
        "round_sequence",
        "unknown_in_round",
        "registered_twice",
        "rounds_count",
        "best_of",
        "unknown_player",
        "announced_recorded",
        "game_of_round",
        "no_round",
        # the differences record_round reports (not refusals)
        "withdrawn_plays",
        "override",
        "override_bye",
        "bye",
    )
)
"""Refusals of a tournament's values and requests (``classic_tournament.*``), and the
differences from the formula that :meth:`Tournament.record_round` reports."""


class TournamentError(ValueError):
    """A tournament state or a request that the Belgian formula cannot accept."""


class TournamentRefused(TournamentError, Refusal):
    """A :class:`TournamentError` whose reason is a message (``classic_tournament.*``,
    ``pairing.refused.*``), worded by the interface."""


def refuse(code: str, /, **params: Param) -> TournamentRefused:
    """The refusal ``classic_tournament.<code>``."""
    return TournamentRefused(Message.of(f"classic_tournament.{code}", **params))


@dataclass(frozen=True)
class Player:
    """A registered player: name (unique in the event), rating PL (or PL* when ``starred``)."""

    name: str
    rating: int
    starred: bool = False
    club: str | None = None
    licence: str | None = None

    def __post_init__(self) -> None:
        if not self.name or self.name != self.name.strip():
            raise refuse("player_name", name=self.name)
        if self.name.casefold() in RESERVED_NAMES:
            raise refuse("reserved_name", name=self.name)
        if self.rating < 0:
            raise refuse("negative_rating", name=self.name, rating=self.rating)


def number_of_rounds(players: int) -> int:
    """Rounds for ``players`` registered players (seed 000 "Nombre de matchs"; rulings Classic 1).

    4 up to 16 players, 5 for 17-32, 6 for 33-64, 7 for 65-128, one more per doubling.
    """
    if players < 0:
        raise refuse("negative_players", players=players)
    rounds, ceiling = 4, 16
    while players > ceiling:
        rounds += 1
        ceiling *= 2
    return rounds


class LossCause(Enum):
    """Why a player lost the game whatever the score sheet says ("perte de la partie").

    - ``SANCTION``: the arbiters' heaviest sanction (seed 001, 9.2; seed 000, 8.2), e.g. a
      challenge of a word not just played to gain time (001, 5.2);
    - ``OVERDRAW``: an arbiter found more than seven tiles behind the rack (seed 001, 10.1.3;
      the Belgian rule 000 9.1 has a point penalty instead, no loss);
    - ``BOARD``: an overturned board that cannot be restored, lost by the player who
      overturned it (seed 001, 10.2; seed 000, 9.2);
    - ``LETTERS``: letters knowingly removed from the game (seed 001, 10.3; seed 000, 9.3);
    - ``ABANDON``: "J'ABANDONNE" said to an arbiter (seed 001, 10.7; seed 000, 9.7).
    """

    SANCTION = "sanction"
    OVERDRAW = "overdraw"
    BOARD = "board"
    LETTERS = "letters"
    ABANDON = "abandon"


@dataclass(frozen=True)
class Game:
    """One table of one round.

    ``b is None``: a bye for ``a`` (rulings Classic 3). ``forfeit_a`` / ``forfeit_b``: that
    side was declared forfeit (seed 000, 9.5); its score is then ``None``. ``starts`` names
    the player who started the (first) game, when known. For best-of-three matches the
    scores are the numbers of games won.

    ``loss``: the player who lost the game whatever the scores ("perte de la partie",
    :class:`LossCause`, seed 001 10.x and 9.2, seed 000 9.x and 8.2); the scores stay on record
    and the opponent is the winner, for PM, Pdep and PPM alike.
    """

    round: int
    a: str
    b: str | None
    score_a: int | None = None
    score_b: int | None = None
    forfeit_a: bool = False
    forfeit_b: bool = False
    starts: str | None = None
    loss: str | None = None
    loss_cause: LossCause | None = None

    def __post_init__(self) -> None:
        if self.round < 1:
            raise refuse("round_number", round=self.round)
        if (self.loss is None) != (self.loss_cause is None):
            raise refuse("loss_needs_cause", round=self.round)
        if self.b is None:
            if self.forfeit_a or self.forfeit_b:
                raise refuse("bye_forfeited", round=self.round)
            if self.loss is not None:
                raise refuse("bye_lost", round=self.round)
            return
        if self.a == self.b:
            raise refuse("plays_self", round=self.round, player=self.a)
        for forfeit, score, name in (
            (self.forfeit_a, self.score_a, self.a),
            (self.forfeit_b, self.score_b, self.b),
        ):
            if not forfeit and self.played and score is None:
                raise refuse("missing_score", round=self.round, player=name)
        if self.starts is not None and self.starts not in (self.a, self.b):
            raise refuse("starter", round=self.round, player=self.starts, a=self.a, b=self.b)
        if self.loss is not None:
            if self.loss not in (self.a, self.b):
                raise refuse("loser", round=self.round, player=self.loss, a=self.a, b=self.b)
            if not self.played:
                raise refuse("forfeit_lost", round=self.round)

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def played(self) -> bool:
        """True when the game was played over the board (no bye, no forfeit)."""
        return self.b is not None and not self.forfeit_a and not self.forfeit_b

    @property
    def players(self) -> tuple[str, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    def opponent(self, name: str) -> str | None:
        if name == self.a:
            return self.b
        if name == self.b:
            return self.a
        raise KeyError(name)

    def winner(self) -> str | None:
        """The winner (a bye or a forfeit win included), ``None`` for a draw or double forfeit.

        A player who lost the game whatever the score (:attr:`loss`) is the loser even with
        the higher score (seed 001, 10.1.3, 10.2, 10.3; seed 000, 9.2, 9.3).
        """
        if self.b is None:
            return self.a
        if self.forfeit_a or self.forfeit_b:
            if self.forfeit_a and self.forfeit_b:
                return None
            return self.b if self.forfeit_a else self.a
        if self.loss is not None:
            return self.b if self.loss == self.a else self.a
        assert self.score_a is not None and self.score_b is not None
        if self.score_a == self.score_b:
            return None
        return self.a if self.score_a > self.score_b else self.b

    def absent_win(self, name: str) -> bool:
        """True when ``name`` won without playing: a bye or an opponent's forfeit.

        Such a player "has been paired against an absent player" (seed 000; rulings Classic 3).
        """
        if self.b is None:
            return name == self.a
        if name == self.a:
            return self.forfeit_b and not self.forfeit_a
        if name == self.b:
            return self.forfeit_a and not self.forfeit_b
        return False

    def match_points(self, name: str) -> int:
        """PM of ``name`` (seed 000 "Points de match"): 3 win, 2 draw, 1 loss, 0 forfeit.

        A bye or a win by the opponent's forfeit counts as a win (rulings Classic 3).
        """
        if name not in self.players:
            raise KeyError(name)
        if (name == self.a and self.forfeit_a) or (name == self.b and self.forfeit_b):
            return FORFEIT_PM
        winner = self.winner()
        if winner is None:
            return DRAW_PM
        return WIN_PM if winner == name else LOSS_PM

    def pdep(self, name: str, ratings: Mapping[str, int]) -> int:
        """Pdep of ``name`` for this game (seed 000 "Points de départage : Pdep").

        Winner: the higher of the two ratings; loser: the lower; draw: one's own rating.
        Bye or forfeit win: one's own rating (rulings Classic 3); forfeiter: 0.
        """
        if name not in self.players:
            raise KeyError(name)
        if (name == self.a and self.forfeit_a) or (name == self.b and self.forfeit_b):
            return 0
        if self.absent_win(name):
            return ratings[name]
        assert self.b is not None
        ra, rb = ratings[self.a], ratings[self.b]
        winner = self.winner()
        if winner is None:
            return ratings[name]
        return max(ra, rb) if winner == name else min(ra, rb)


@dataclass(frozen=True)
class Round:
    """The games of one round; players of the event without a game were absent."""

    number: int
    games: tuple[Game, ...]

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for game in self.games:
            if game.round != self.number:
                raise refuse("game_round", game_round=game.round, round=self.number)
            for name in game.players:
                if name in seen:
                    raise refuse("twice_in_round", round=self.number, player=name)
                seen.add(name)

    def game_of(self, name: str) -> Game | None:
        for game in self.games:
            if name in game.players:
                return game
        return None

    def participants(self) -> set[str]:
        return {name for game in self.games for name in game.players}
