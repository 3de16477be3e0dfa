"""A table's match record (a ``.mat`` file or moves entered at the table) checked against
the result entered for that table (issue 19, part 6).

The record is the proof of what was played (seed 003, 4.3: the score sheet; 7.3: a match
may be recorded); a result that disagrees with it is not silently accepted: each
disagreement is a :class:`~arbitre.common.Message` for the director (codes ``record.*``),
who decides which is right (4.6: the result is brought by the winner with the score sheet
signed by the opponent).
"""

from __future__ import annotations

from arbitre.backgammon.championship.model import MatchResult, ResultKind
from arbitre.backgammon.match import Match
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(
    f"record.{name}" for name in ("not_played", "names", "length", "unfinished", "winner", "score")
)
"""The disagreements between a match record and an entered result."""


def _m(code: str, **params: Param) -> Message:
    return Message.of(f"record.{code}", **params)


def cross_check(record: Match, entered: MatchResult, side_of_a: int | None = None) -> list[Message]:
    """What the record says that the entered result does not; empty when they agree.

    ``side_of_a`` is the record's player (0 or 1) who is the result's player ``a``; by
    default the record's names decide, and names that are not the table's are reported
    (the record's first player is then taken as ``a``). Checked: the result is a match
    played, the match length, the record finished, the winner, the final score.

    A match decided before its end (clock rules 4.1-4.3: on time; 2.4, 1.13: a
    disqualification) stops in the record before the length and its winner is not the
    record's: only the score at that moment is compared. A result decided by a sanction of
    the director (3.15 score penalty, 4.2) carries points the record does not have: only
    the names and the length are compared.
    """
    if entered.kind is not ResultKind.PLAYED or entered.b is None:
        return [_m("not_played", a=entered.a, b=entered.b or "")]
    found: list[Message] = []
    names = record.names
    if side_of_a is None:
        if names == (entered.b, entered.a):
            side_of_a = 1
        else:
            side_of_a = 0
            if names != (entered.a, entered.b):
                found.append(_m("names", record=" - ".join(names), a=entered.a, b=entered.b))
    if entered.match_length is not None and entered.match_length != record.length:
        found.append(_m("length", entered=entered.match_length, record=record.length))
    players = (entered.a, entered.b) if side_of_a == 0 else (entered.b, entered.a)
    score = record.score
    record_a, record_b = score[side_of_a], score[1 - side_of_a]
    winner = record.winner
    if entered.decided == "penalty":
        return found
    if not entered.decided:
        if winner is None:
            found.append(_m("unfinished", score_a=record_a, score_b=record_b, length=record.length))
        elif players[winner] != entered.winner:
            found.append(_m("winner", record=players[winner], entered=entered.winner or ""))
    if entered.score_a is not None and entered.score_b is not None:
        if (entered.score_a, entered.score_b) != (record_a, record_b):
            found.append(
                _m(
                    "score",
                    entered=f"{entered.score_a}-{entered.score_b}",
                    record=f"{record_a}-{record_b}",
                )
            )
    return found
