"""A Swiss match's result as an arbiter enters it, checked against the table (seed 003),
with the lateness penalties of a match without clock (1.10), and a player's history.

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

from arbitre.backgammon.championship.lateness import point_penalty
from arbitre.backgammon.championship.model import MatchResult, ResultKind
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
)

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


@dataclass(frozen=True)
class CheckedResult:
    """The result to record; ``forfeit`` and ``winner`` as decided (a disqualification for
    lateness is a forfeit), ``penalty_a``: points ``a`` receives for ``b``'s lateness."""

    result: MatchResult
    forfeit: str
    winner: str
    penalty_a: int
    penalty_b: int


def check_result(entry: ResultEntry) -> CheckedResult:
    """The checked result of ``entry``.

    Seed 003, 1.10: a player late by more than the grace owes penalty points; when they
    exceed half the match length the player is disqualified: the match is lost by forfeit.
    A forfeited match has no score; a played one has a winner, and a final score (optional)
    must end a ``length``-point match won by that winner.
    """
    if entry.forfeit not in FORFEITS:
        raise Refusal(Message.of("bg_result.forfeit_unknown", value=entry.forfeit))
    if entry.late_a < 0 or entry.late_b < 0:
        raise Refusal(Message.of("bg_result.negative_lateness"))
    if entry.winner and entry.winner not in (entry.a, entry.b):
        raise Refusal(Message.of("bg_result.not_at_table", name=entry.winner, table=entry.table))
    late = {
        "a": point_penalty(entry.late_a, entry.length),
        "b": point_penalty(entry.late_b, entry.length),
    }
    penalty_a, penalty_b = late["b"].penalty_points, late["a"].penalty_points
    forfeit = entry.forfeit
    if not forfeit:
        out = [side for side in ("a", "b") if late[side].disqualified]
        forfeit = "both" if len(out) == 2 else (out[0] if out else "")
    names = {"a": entry.a, "b": entry.b}
    if forfeit:
        if entry.score_a is not None or entry.score_b is not None:
            if forfeit == "both":
                raise Refusal(Message.of("bg_result.score_with_double_forfeit"))
            raise Refusal(Message.of("bg_result.score_with_forfeit", name=names[forfeit]))
        if forfeit == "both":
            if entry.winner:
                raise Refusal(Message.of("bg_result.double_forfeit_winner"))
            result = MatchResult(entry.round, entry.a, entry.b, None, ResultKind.FORFEIT)
            return CheckedResult(result, "both", "", penalty_a, penalty_b)
        present = entry.b if forfeit == "a" else entry.a
        if entry.winner and entry.winner != present:
            raise Refusal(Message.of("bg_result.absent_cannot_win", name=entry.winner))
        result = MatchResult(entry.round, entry.a, entry.b, present, ResultKind.FORFEIT)
        return CheckedResult(result, forfeit, present, penalty_a, penalty_b)
    if not entry.winner:
        raise Refusal(Message.of("bg_result.winner_missing"))
    if (entry.score_a is None) != (entry.score_b is None):
        raise Refusal(Message.of("bg_result.one_score"))
    if entry.score_a is not None and entry.score_b is not None:
        a, b = entry.score_a, entry.score_b
        if a >= entry.length and b >= entry.length:
            raise Refusal(Message.of("bg_result.both_won", a=a, b=b, length=entry.length))
        win, lose = (a, b) if entry.winner == entry.a else (b, a)
        if win < entry.length or lose >= entry.length or lose < 0:
            raise Refusal(
                Message.of(
                    "bg_result.score_not_final", a=a, b=b, length=entry.length, name=entry.winner
                )
            )
    result = MatchResult(  # a ChampionshipError (a Refusal) for what the checks above allow
        entry.round,
        entry.a,
        entry.b,
        entry.winner,
        ResultKind.PLAYED,
        entry.length if entry.score_a is not None else None,
        entry.score_a,
        entry.score_b,
    )
    return CheckedResult(result, "", entry.winner, penalty_a, penalty_b)


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


def history(results: list[MatchResult], name: str, bye_points: float = 0.5) -> list[HistoryEntry]:
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
        points = r.points_of(name, bye_points)
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
