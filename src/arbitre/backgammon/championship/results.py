"""A Swiss match's result as an arbiter enters it, checked against the table (seed 003),
with the lateness penalties by the right rule, and a player's history.

Lateness (rulings.md Backgammon 7): a match without clock follows 1.10 (points from 20
minutes, 1 per 5 minutes, disqualified beyond half the match); a clocked match follows the
clock rules 1.3 (the absent player's time runs: the minutes are taken off their clock, no
points; a player whose whole time goes loses on time); a player granted the force-majeure
hour (1.8) owes 3 points per 5 minutes after that hour instead, clock or not. Every figure
is a setting (:class:`~arbitre.backgammon.championship.lateness.LatenessSettings`).

A match decided before its end keeps its real score (``ended``): won on time (clock rules
4.1-4.3; the winner entered, the flagged player's opponent unless the director ruled a
certain win, 4.3), both flags down (2.3: both score 0), a disqualification (2.4, 1.13);
a forfeit for lateness keeps the penalty score (1.10: "4/0 en 7 points").

:func:`check_result` refuses an entry that contradicts the table with a
:class:`~arbitre.common.Refusal` whose message is a code; otherwise it returns the
:class:`CheckedResult`: the engine's :class:`~arbitre.backgammon.championship.MatchResult`
and the penalty points each side receives for the opponent's lateness.

>>> checked = check_result(ResultEntry(1, "Ana", "Bea", length=7, winner="Ana", late_b=40))
>>> checked.result.kind.value, checked.result.winner, checked.penalty_a
('forfeit', 'Ana', 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from arbitre.backgammon.championship.lateness import (
    LatenessPenalty,
    LatenessSettings,
    clock_lateness,
    point_penalty,
)
from arbitre.backgammon.championship.model import MatchResult, ResultKind
from arbitre.backgammon.clock import ClockSettings
from arbitre.common.messages import Message, Refusal

MESSAGE_CODES = (
    "bg_result.forfeit_unknown",
    "bg_result.not_at_table",
    "bg_result.negative_lateness",
    "bg_result.score_with_forfeit",
    "bg_result.score_with_double_forfeit",
    "bg_result.double_forfeit_winner",
    "bg_result.absent_cannot_win",
    "bg_result.winner_missing",
    "bg_result.one_score",
    "bg_result.both_won",
    "bg_result.score_not_final",
    "bg_result.ended_unknown",
    "bg_result.score_finished",
    "bg_result.ended_with_forfeit",
    "bg_result.both_time_winner",
)

ENDINGS = ("", "time", "both_time", "disqualification")
"""How a match ended: played out, on time, both flags down, a disqualification."""

FORFEITS = ("", "a", "b", "both")


@dataclass(frozen=True)
class ResultEntry:
    """What the arbiter entered for one table of round ``round`` in a ``length``-point
    match: the winner, the final score if known, forfeits, and minutes late (1.10)."""

    round: int
    a: str
    b: str
    length: int
    winner: str = ""
    score_a: int | None = None
    score_b: int | None = None
    forfeit: str = ""
    late_a: int = 0
    late_b: int = 0
    table: int = 0
    ended: str = ""
    clocked: bool = False
    #: the director granted the force-majeure hour (1.8) to a, to b
    excused_a: bool = False
    excused_b: bool = False
    lateness: LatenessSettings = LatenessSettings()
    excused_lateness: LatenessSettings = LatenessSettings.championship()
    clock: ClockSettings = ClockSettings()


@dataclass(frozen=True)
class CheckedResult:
    """The result to record; ``forfeit`` and ``winner`` as decided (a disqualification for
    lateness is a forfeit), ``penalty_a``: points ``a`` receives for ``b``'s lateness."""

    result: MatchResult
    forfeit: str
    winner: str
    penalty_a: int
    penalty_b: int
    #: minutes taken off each clock for lateness (clocked matches, clock rules 1.3)
    clock_minutes_a: float = 0
    clock_minutes_b: float = 0


def _late(entry: ResultEntry, minutes: int, excused: bool) -> LatenessPenalty:
    """The point penalty of a late player by the rule of the match (1.8, 1.10; none for a
    clocked match, where the time runs: clock rules 1.3)."""
    if excused:
        return point_penalty(minutes, entry.length, entry.excused_lateness)
    if entry.clocked:
        return point_penalty(0, entry.length, entry.lateness)
    return point_penalty(minutes, entry.length, entry.lateness)


def check_result(entry: ResultEntry) -> CheckedResult:
    """The checked result of ``entry``.

    Seed 003, 1.10: a player late by more than the grace owes penalty points; when they
    exceed half the match length the player is disqualified: the match is lost by forfeit,
    the penalty score kept. Clocked (clock rules 1.3): the lateness is time off the late
    player's clock (both late: half the first arrival's delay each, the later one the
    rest); a player whose whole fixed time goes loses on time. A forfeited match has no
    other score; a played one has a winner and a final score (optional) that ends a
    ``length``-point match won by that winner, or, ended before (``ended``), the real
    score at that moment, nobody having reached the length.
    """
    if entry.forfeit not in FORFEITS:
        raise Refusal(Message.of("bg_result.forfeit_unknown", value=entry.forfeit))
    if entry.ended not in ENDINGS:
        raise Refusal(Message.of("bg_result.ended_unknown", value=entry.ended))
    if entry.late_a < 0 or entry.late_b < 0:
        raise Refusal(Message.of("bg_result.negative_lateness"))
    if entry.winner and entry.winner not in (entry.a, entry.b):
        raise Refusal(Message.of("bg_result.not_at_table", name=entry.winner, table=entry.table))
    late = {
        "a": _late(entry, entry.late_a, entry.excused_a),
        "b": _late(entry, entry.late_b, entry.excused_b),
    }
    penalty_a, penalty_b = late["b"].penalty_points, late["a"].penalty_points
    clock_a = clock_b = 0.0
    out = [side for side in ("a", "b") if late[side].disqualified]
    if entry.clocked:
        charged = clock_lateness(
            0 if entry.excused_a else entry.late_a, 0 if entry.excused_b else entry.late_b
        )
        clock_a, clock_b = charged.deduction_a, charged.deduction_b
        budget = entry.clock.budget(entry.length) / 60
        out += [side for side, m in (("a", clock_a), ("b", clock_b)) if m >= budget]
    forfeit = entry.forfeit
    if not forfeit:
        forfeit = "both" if len(set(out)) == 2 else (out[0] if out else "")
    names = {"a": entry.a, "b": entry.b}
    if forfeit:
        if entry.ended:
            raise Refusal(Message.of("bg_result.ended_with_forfeit"))
        by_lateness = not entry.forfeit
        if entry.score_a is not None or entry.score_b is not None:
            if forfeit == "both":
                raise Refusal(Message.of("bg_result.score_with_double_forfeit"))
            raise Refusal(Message.of("bg_result.score_with_forfeit", name=names[forfeit]))
        if forfeit == "both":
            if entry.winner:
                raise Refusal(Message.of("bg_result.double_forfeit_winner"))
            result = MatchResult(entry.round, entry.a, entry.b, None, ResultKind.FORFEIT)
            return CheckedResult(result, "both", "", penalty_a, penalty_b, clock_a, clock_b)
        present = entry.b if forfeit == "a" else entry.a
        if entry.winner and entry.winner != present:
            raise Refusal(Message.of("bg_result.absent_cannot_win", name=entry.winner))
        score: tuple[int | None, int | None] = (None, None)
        decided = ""
        if by_lateness and late[forfeit].disqualified:
            owed = late[forfeit].penalty_points  # 1.10: the match stands at "4/0"
            score = (owed, 0) if forfeit == "b" else (0, owed)
            decided = "lateness"
        result = MatchResult(
            entry.round,
            entry.a,
            entry.b,
            present,
            ResultKind.FORFEIT,
            entry.length if decided else None,
            *score,
            decided=decided,
        )
        return CheckedResult(result, forfeit, present, penalty_a, penalty_b, clock_a, clock_b)
    if (entry.score_a is None) != (entry.score_b is None):
        raise Refusal(Message.of("bg_result.one_score"))
    if entry.ended == "both_time":
        if entry.winner:
            raise Refusal(Message.of("bg_result.both_time_winner"))
    elif not entry.winner:
        raise Refusal(Message.of("bg_result.winner_missing"))
    if entry.score_a is not None and entry.score_b is not None:
        a, b = entry.score_a, entry.score_b
        if a >= entry.length and b >= entry.length:
            raise Refusal(Message.of("bg_result.both_won", a=a, b=b, length=entry.length))
        if entry.ended:
            if max(a, b) >= entry.length or min(a, b) < 0:
                raise Refusal(Message.of("bg_result.score_finished", a=a, b=b, length=entry.length))
        else:
            win, lose = (a, b) if entry.winner == entry.a else (b, a)
            if win < entry.length or lose >= entry.length or lose < 0:
                raise Refusal(
                    Message.of(
                        "bg_result.score_not_final",
                        a=a,
                        b=b,
                        length=entry.length,
                        name=entry.winner,
                    )
                )
    kind = ResultKind.FORFEIT if entry.ended == "both_time" else ResultKind.PLAYED
    result = MatchResult(  # a ChampionshipError (a Refusal) for what the checks above allow
        entry.round,
        entry.a,
        entry.b,
        entry.winner or None,
        kind,
        entry.length if entry.score_a is not None else None,
        entry.score_a,
        entry.score_b,
        decided=entry.ended,
    )
    return CheckedResult(result, "", entry.winner, penalty_a, penalty_b, clock_a, clock_b)


class Outcome(Enum):
    """How a round ended for one player."""

    WON = "won"
    LOST = "lost"
    FORFEIT = "forfeit"
    FORFEIT_WIN = "forfeit_win"
    BYE = "bye"


@dataclass(frozen=True)
class HistoryEntry:
    """One round of a player: opponent (``None`` for a bye), outcome, final score if known,
    points earned (rulings Backgammon 2: win 1, bye 0.5, forfeit win 1)."""

    round: int
    opponent: str | None
    outcome: Outcome
    score: int | None
    opponent_score: int | None
    points: float


def history(
    results: list[MatchResult], name: str, bye_points: float = 0.5, forfeit_points: float = 1.0
) -> list[HistoryEntry]:
    """``name``'s results in round order.

    >>> rs = [MatchResult(1, "Ana", "Bea", "Bea", ResultKind.PLAYED, 7, 3, 7),
    ...       MatchResult(2, "Ana", None, None, ResultKind.BYE)]
    >>> [(h.round, h.outcome.value, h.points) for h in history(rs, "Ana")]
    [(1, 'lost', 0.0), (2, 'bye', 0.5)]
    """
    out: list[HistoryEntry] = []
    for r in sorted(results, key=lambda r: r.round):
        if name not in r.players:
            continue
        points = r.points_of(name, bye_points, forfeit_points)
        if r.kind is ResultKind.BYE:
            out.append(HistoryEntry(r.round, None, Outcome.BYE, None, None, points))
            continue
        me_a = name == r.a
        mine, theirs = (r.score_a, r.score_b) if me_a else (r.score_b, r.score_a)
        if r.kind is ResultKind.FORFEIT:
            outcome = Outcome.FORFEIT_WIN if r.winner == name else Outcome.FORFEIT
        else:
            outcome = Outcome.WON if r.winner == name else Outcome.LOST
        out.append(HistoryEntry(r.round, r.opponent_of(name), outcome, mine, theirs, points))
    return out
