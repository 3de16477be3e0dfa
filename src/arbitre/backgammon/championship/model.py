"""State of the first stage (seed 003, "Organisation du CDF"): players, rounds and results.

A :class:`Championship` holds the registered players, the results of each Swiss round
(matches played over the board, forfeits, byes), withdrawals and late arrivals. Points
follow rulings.md Backgammon 2: a win scores 1, a bye 0.5, a forfeit win 1 (0 for the
absent player).

Refusals are :class:`ChampionshipError`, a :class:`~arbitre.common.Refusal` carrying a
message code (``championship.*`` here; ``swiss.*``, ``tiebreak.*``, ``bracket.*``,
``lateness.*``, ``championship_csv.*`` in the other modules of the package).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from arbitre.common.messages import Message, Param, Refusal
from arbitre.common.players_csv import is_reserved

MESSAGE_CODES = frozenset(
    f"championship.{name}"
    for name in (
        "invalid_name",
        "reserved_name",
        "elo_range",
        "round_start",
        "bye_alone",
        "two_players",
        "winner_unknown",
        "forfeit_winner_unknown",
        "match_length",
        "score_not_final",
        "not_in_match",
        "duplicate_player",
        "unknown_player",
        "after_round",
        "first_round",
        "already_has_result",
        "not_present",
        "playoff_players",
        "round_incomplete",
    )
)
"""The refusals of the championship's data."""


class ChampionshipError(Refusal):
    """Invalid championship data or request (unknown player, double result, ...), with the
    reason as a :class:`~arbitre.common.Message`."""


def _refuse(code: str, **params: Param) -> ChampionshipError:
    return ChampionshipError(Message.of(f"championship.{code}", **params))


ELO_MIN, ELO_MAX = 0, 4000


@dataclass(frozen=True)
class Player:
    """A registered player; ``elo`` seeds the Swiss pairings (seed 003, "1ere ronde")."""

    name: str
    elo: int
    club: str = ""
    licence: str = ""

    def __post_init__(self) -> None:
        if not self.name or self.name != self.name.strip():
            raise _refuse("invalid_name", name=self.name)
        if is_reserved(self.name):
            raise _refuse("reserved_name", name=self.name)
        if not ELO_MIN <= self.elo <= ELO_MAX:
            raise _refuse("elo_range", name=self.name, elo=self.elo, low=ELO_MIN, high=ELO_MAX)


class ResultKind(Enum):
    PLAYED = "played"
    FORFEIT = "forfeit"
    BYE = "bye"


@dataclass(frozen=True)
class MatchResult:
    """One result of a Swiss round.

    - ``PLAYED``: ``winner`` is ``a`` or ``b``; optional match length and final score.
    - ``FORFEIT``: ``winner`` is the present player, or ``None`` when both were absent.
    - ``BYE``: ``a`` is the exempt player, ``b`` and ``winner`` are ``None``.
    """

    round: int
    a: str
    b: str | None
    winner: str | None
    kind: ResultKind = ResultKind.PLAYED
    match_length: int | None = None
    score_a: int | None = None
    score_b: int | None = None
    #: how a match was decided before its end, the score being the real one at that
    #: moment: "time" (a flag fell, clock rules 4.1-4.3), "both_time" (both flags, clock
    #: rules 2.3: both score 0), "disqualification" (2.4, 1.13), "lateness" (1.10: the
    #: penalty points exceeded half the match); "" for a match played to its end.
    decided: str = ""

    def __post_init__(self) -> None:
        if self.round < 1:
            raise _refuse("round_start", round=self.round)
        if self.kind is ResultKind.BYE:
            if self.b is not None or self.winner is not None:
                raise _refuse("bye_alone", round=self.round, player=self.a)
            return
        if self.b is None or self.a == self.b:
            raise _refuse("two_players", round=self.round)
        if self.kind is ResultKind.PLAYED and self.winner not in (self.a, self.b):
            raise _refuse(
                "winner_unknown", round=self.round, winner=self.winner, a=self.a, b=self.b
            )
        if self.kind is ResultKind.FORFEIT and self.winner not in (self.a, self.b, None):
            raise _refuse(
                "forfeit_winner_unknown", round=self.round, winner=self.winner, a=self.a, b=self.b
            )
        if self.match_length is not None:
            if self.match_length < 1:
                raise _refuse("match_length", round=self.round, length=self.match_length)
            if (
                self.kind is ResultKind.PLAYED
                and not self.decided
                and (self.score_a is not None and self.score_b is not None)
            ):
                win, lose = (
                    (self.score_a, self.score_b)
                    if self.winner == self.a
                    else (self.score_b, self.score_a)
                )
                if win < self.match_length or lose >= self.match_length or lose < 0:
                    raise _refuse(
                        "score_not_final",
                        round=self.round,
                        score_a=self.score_a,
                        score_b=self.score_b,
                        length=self.match_length,
                        winner=self.winner,
                    )

    @property
    def players(self) -> tuple[str, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    def points_of(self, name: str, bye_points: float = 0.5, forfeit_points: float = 1.0) -> float:
        """Points this result gives ``name`` (rulings.md Backgammon 2: a bye 0.5, a forfeit
        win 1 for the present player; both settings)."""
        if self.kind is ResultKind.BYE:
            return bye_points
        if self.kind is ResultKind.FORFEIT and self.winner == name:
            return forfeit_points
        return 1.0 if self.winner == name else 0.0

    def opponent_of(self, name: str) -> str | None:
        if name == self.a:
            return self.b
        if name == self.b:
            return self.a
        raise _refuse("not_in_match", round=self.round, player=name, a=self.a, b=self.b)


@dataclass
class SwissSettings:
    """First-stage settings (seed 003: seven rounds in 9 points; rulings.md Backgammon 2)."""

    rounds: int = 7
    match_length: int = 9
    bye_points: float = 0.5
    qualified: int = 8
    #: points of a win by forfeit for the present player (rulings.md Backgammon 2)
    forfeit_points: float = 1.0


@dataclass
class Championship:
    """Players and results of the first stage."""

    players: list[Player] = field(default_factory=list)
    settings: SwissSettings = field(default_factory=SwissSettings)
    results: list[MatchResult] = field(default_factory=list)
    #: name -> last round played before withdrawing (0: withdrew before round 1).
    withdrawals: dict[str, int] = field(default_factory=dict)
    #: name -> first round the player can be paired in.
    late_arrivals: dict[str, int] = field(default_factory=dict)
    #: one-point play-off matches entered by the director: (winner, loser).
    playoffs: list[tuple[str, str]] = field(default_factory=list)
    #: players disqualified (2.4) or excluded (1.13): out of the final stage too.
    excluded: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        players = list(self.players)
        self.players = []
        self._index: dict[str, int] = {}
        for p in players:
            self.add_player(p)
        self._by_player: dict[str, list[MatchResult]] = {}
        self._busy: dict[int, set[str]] = {}  # round -> players with a result in it
        self._indexed = (id(self.results), 0)
        results = list(self.results)
        self.results = []
        for r in results:
            self.record(r)

    # players -------------------------------------------------------------------------
    def add_player(self, player: Player) -> None:
        if player.name in self._index:
            raise _refuse("duplicate_player", name=player.name)
        self._index[player.name] = len(self.players)
        self.players.append(player)

    def player(self, name: str) -> Player:
        try:
            return self.players[self._index[name]]
        except KeyError:
            raise _refuse("unknown_player", name=name) from None

    def registration_index(self, name: str) -> int:
        self.player(name)
        return self._index[name]

    def elo_key(self, name: str) -> tuple[int, int]:
        """Sort key for "ELO order": higher ELO first, then registration order."""
        return (-self.player(name).elo, self._index[name])

    def withdraw(self, name: str, after_round: int) -> None:
        """The player plays no round after ``after_round`` (seed 003, 1.12)."""
        self.player(name)
        if after_round < 0:
            raise _refuse("after_round", player=name, round=after_round)
        self.withdrawals[name] = after_round

    def exclude(self, name: str, after_round: int) -> None:
        """The player is disqualified (seed 003, 2.4) or excluded (1.13) after round
        ``after_round``: no later round, and no place in the final bracket or the
        consolation, even when the sanction came in the last round."""
        self.withdraw(name, min(after_round, self.withdrawals.get(name, after_round)))
        self.excluded.add(name)

    def arrive_late(self, name: str, first_round: int) -> None:
        """The player joins at ``first_round``; earlier rounds score 0 and are no bye."""
        self.player(name)
        if first_round < 1:
            raise _refuse("first_round", player=name, round=first_round)
        self.late_arrivals[name] = first_round

    def is_present(self, name: str, round_no: int) -> bool:
        self.player(name)
        if round_no < self.late_arrivals.get(name, 1):
            return False
        last = self.withdrawals.get(name)
        return last is None or round_no <= last

    def present(self, round_no: int) -> list[str]:
        return [p.name for p in self.players if self.is_present(p.name, round_no)]

    # results -------------------------------------------------------------------------
    def _results_by_player(self) -> dict[str, list[MatchResult]]:
        """Each player's results in the order recorded, kept in step with :attr:`results`
        (read again whole if that list was changed other than by :meth:`record`)."""
        if self._indexed != (id(self.results), len(self.results)):
            self._by_player, self._busy = {}, {}
            for r in self.results:
                self._index_result(r)
            self._indexed = (id(self.results), len(self.results))
        return self._by_player

    def _index_result(self, result: MatchResult) -> None:
        for name in result.players:
            self._by_player.setdefault(name, []).append(result)
            self._busy.setdefault(result.round, set()).add(name)

    def record(self, result: MatchResult) -> None:
        """Add a result after checking that its players exist and are free that round."""
        self._results_by_player()
        busy = self._busy.get(result.round, set())
        for name in result.players:
            self.player(name)
            if name in busy:
                raise _refuse("already_has_result", round=result.round, player=name)
        if result.kind is not ResultKind.FORFEIT:
            for name in result.players:
                if not self.is_present(name, result.round):
                    raise _refuse("not_present", round=result.round, player=name)
        self.results.append(result)
        self._index_result(result)
        self._indexed = (id(self.results), len(self.results))

    def record_match(
        self,
        round_no: int,
        a: str,
        b: str,
        winner: str,
        match_length: int | None = None,
        score: tuple[int, int] | None = None,
    ) -> MatchResult:
        r = MatchResult(
            round_no,
            a,
            b,
            winner,
            ResultKind.PLAYED,
            match_length,
            score[0] if score else None,
            score[1] if score else None,
        )
        self.record(r)
        return r

    def record_forfeit(self, round_no: int, a: str, b: str, winner: str | None) -> MatchResult:
        r = MatchResult(round_no, a, b, winner, ResultKind.FORFEIT)
        self.record(r)
        return r

    def record_bye(self, round_no: int, name: str) -> MatchResult:
        r = MatchResult(round_no, name, None, None, ResultKind.BYE)
        self.record(r)
        return r

    def record_playoff(self, winner: str, loser: str) -> None:
        """A one-point play-off between players tied on points and D (seed 003)."""
        self.player(winner)
        self.player(loser)
        if winner == loser:
            raise _refuse("playoff_players", player=winner)
        self.playoffs.append((winner, loser))

    def results_of(self, name: str, up_to_round: int | None = None) -> list[MatchResult]:
        """The player's results (up to ``up_to_round``), in the order recorded."""
        return [
            r
            for r in self._results_by_player().get(name, ())
            if up_to_round is None or r.round <= up_to_round
        ]

    def round_results(self, round_no: int) -> list[MatchResult]:
        return [r for r in self.results if r.round == round_no]

    def points(self, name: str, up_to_round: int | None = None) -> float:
        s = self.settings
        return sum(
            r.points_of(name, s.bye_points, s.forfeit_points)
            for r in self.results_of(name, up_to_round)
        )

    def opponents_met(self, name: str, up_to_round: int | None = None) -> set[str]:
        """Opponents met over the board (a forfeit is not a meeting, a match where both
        flags fell is; see the docs)."""
        met: set[str] = set()
        for r in self.results_of(name, up_to_round):
            if r.kind is ResultKind.PLAYED or r.decided == "both_time":
                other = r.opponent_of(name)
                if other is not None:
                    met.add(other)
        return met

    def byes_of(self, name: str, up_to_round: int | None = None) -> int:
        return sum(1 for r in self.results_of(name, up_to_round) if r.kind is ResultKind.BYE)

    def rounds_played(self) -> int:
        """The highest round with at least one result (0 before round 1)."""
        return max((r.round for r in self.results), default=0)

    def missing_results(self, round_no: int) -> list[str]:
        """Present players without a result in ``round_no``."""
        done = {n for r in self.round_results(round_no) for n in r.players}
        return [n for n in self.present(round_no) if n not in done]

    def next_round(self) -> int:
        """The round to pair: one after the last, which must be complete."""
        last = self.rounds_played()
        if last and self.missing_results(last):
            missing = ", ".join(self.missing_results(last))
            raise _refuse("round_incomplete", round=last, players=missing)
        return last + 1
