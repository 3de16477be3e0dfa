"""Sanctions of the director at a backgammon table and their effect on the match (seed 003).

A sanction targets one side of a match (``0``: the table's first player, ``1``: the second):

- a *warning*: recorded, no effect on the result;
- a *time penalty* (seed 003, 3.15; clock rules 2.3, 3.9): seconds taken off the player's
  clock, no effect on a result already written;
- a *point penalty* (3.15): points added to the opponent's match score; when they bring the
  opponent to the match length, the sanctioned player loses the match (the real score kept,
  ``decided == "penalty"``);
- the *loss* of the match (4.2, the director's judgement): the opponent wins, the real score
  kept (``decided == "penalty"``);
- a *disqualification* (2.4): the match is lost (``decided == "disqualification"``), the
  player leaves the event and loses the right to any prize;
- an *exclusion* (1.13): the match is lost the same way and the player leaves the event.

Rules of the register that are the seed's: a repetition of illegal moves is sanctioned
only after three notifications to the director, by a time or a score penalty (3.15,
:func:`illegal_move_sanction_allowed`); a table left by its players while the clock is
neutralised costs 5 minutes to each player when both left, to the player present when one
left, even when it makes them lose, both then scoring 0 (clock rules 2.3,
:func:`abandoned_table_penalties`, :func:`time_penalty_ending`); picking up the dice
before the opponent pressed the clock costs 30 seconds (clock rules 3.9,
:func:`dice_touched_penalty`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from arbitre.backgammon.championship.model import ChampionshipError, MatchResult, ResultKind
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(
    f"sanction.{name}"
    for name in (
        "side",
        "amount",
        "amount_unused",
        "illegal_move_kind",
        "wrong_length",
        "wrong_length_kind",
    )
)
"""The refusals of this module."""

ILLEGAL_MOVE_NOTIFICATIONS = 3
"""Seed 003, 3.15: illegal moves are sanctioned after three notifications to the director."""

ABANDONED_TABLE_SECONDS = 300
"""Clock rules 2.3: a table abandoned while the clock is neutralised costs 5 minutes."""

DICE_TOUCHED_SECONDS = 30
"""Clock rules 3.9: a player who picks up the dice before the opponent pressed the clock
is penalised 30 seconds by the director."""


def _refuse(code: str, **params: Param) -> ChampionshipError:
    return ChampionshipError(Message.of(f"sanction.{code}", **params))


class SanctionKind(Enum):
    WARNING = "warning"
    TIME = "time"
    POINTS = "points"
    LOSS = "loss"
    DISQUALIFICATION = "disqualification"
    EXCLUSION = "exclusion"


AMOUNTED = frozenset((SanctionKind.TIME, SanctionKind.POINTS))
"""The sanctions that carry an amount: seconds of a time penalty, points of a score penalty."""


@dataclass(frozen=True)
class Sanction:
    """A sanction against side ``side`` (0 or 1) of a match; ``amount``: seconds for a time
    penalty, points for a point penalty, 0 otherwise."""

    kind: SanctionKind
    side: int
    amount: int = 0

    def __post_init__(self) -> None:
        if self.side not in (0, 1):
            raise _refuse("side", side=self.side)
        if self.kind in AMOUNTED and self.amount < 1:
            raise _refuse("amount", kind=self.kind.value, amount=self.amount)
        if self.kind not in AMOUNTED and self.amount != 0:
            raise _refuse("amount_unused", kind=self.kind.value, amount=self.amount)

    @property
    def loses_match(self) -> bool:
        """The match is lost whatever its score (4.2, 2.4, 1.13)."""
        return self.kind in (
            SanctionKind.LOSS,
            SanctionKind.DISQUALIFICATION,
            SanctionKind.EXCLUSION,
        )

    @property
    def leaves_event(self) -> bool:
        """The player plays no later round (2.4: disqualification; 1.13: exclusion)."""
        return self.kind in (SanctionKind.DISQUALIFICATION, SanctionKind.EXCLUSION)

    @property
    def forfeits_prizes(self) -> bool:
        """Seed 003, 2.4: a disqualified player loses the right to receive any prize."""
        return self.kind is SanctionKind.DISQUALIFICATION


def illegal_move_sanction_allowed(notifications: int, kind: SanctionKind) -> bool:
    """Seed 003, 3.15: a repetition of illegal moves may be sanctioned, by a time or a score
    penalty, once it has been notified to the director three times (``notifications``
    counts the one being recorded). A warning is always possible; any other sanction for
    illegal moves is refused."""
    if kind is SanctionKind.WARNING:
        return True
    if kind not in AMOUNTED:
        raise _refuse("illegal_move_kind", kind=kind.value)
    return notifications >= ILLEGAL_MOVE_NOTIFICATIONS


def abandoned_table_penalties(present_a: bool, present_b: bool) -> tuple[int, int]:
    """Clock rules 2.3: seconds taken off each player's clock when a table is found
    abandoned while the clock is neutralised. Both gone: 5 minutes each; one gone: the
    same sanction to the player present only; both there: none."""
    if present_a and present_b:
        return (0, 0)
    if not present_a and not present_b:
        return (ABANDONED_TABLE_SECONDS, ABANDONED_TABLE_SECONDS)
    return (ABANDONED_TABLE_SECONDS, 0) if present_a else (0, ABANDONED_TABLE_SECONDS)


def dice_touched_penalty(side: int) -> Sanction:
    """Clock rules 3.9: "Si un joueur ramasse les dés sans que son adversaire ait déclenché
    la pendule, celui-ci peut appeler le directeur de tournoi qui pénalisera alors son
    adversaire de 30 secondes": the time penalty of the player ``side`` who took the dice."""
    return Sanction(SanctionKind.TIME, side, DICE_TOUCHED_SECONDS)


def time_penalty_ending(
    remaining_a: float, remaining_b: float, penalty_a: float, penalty_b: float
) -> str:
    """How a time penalty ends the match (clock rules 2.3, "même si cela fait perdre le
    match"): ``"both_time"`` when both players' time is used up (both score 0), ``"a"`` or
    ``"b"`` when that player's time is (the match lost on time), ``""`` when play goes on."""
    out_a = remaining_a - penalty_a <= 0
    out_b = remaining_b - penalty_b <= 0
    if out_a and out_b:
        return "both_time"
    if out_a:
        return "a"
    return "b" if out_b else ""


@dataclass(frozen=True)
class WrongLength:
    """Seed 003, 4.2: a match played to ``played`` points instead of the ``scheduled``
    length of round ``round``. The director may sanction both players at the next round
    (``at_round``) with one of ``kinds``, or not; the result stands as played (the loser
    cannot demand redress: nothing is replayed)."""

    scheduled: int
    played: int
    round: int
    kinds: tuple[SanctionKind, ...] = (SanctionKind.WARNING, SanctionKind.TIME, SanctionKind.POINTS)

    @property
    def at_round(self) -> int:
        return self.round + 1

    @property
    def explanation(self) -> Message:
        return Message.of(
            "sanction.wrong_length",
            played=self.played,
            scheduled=self.scheduled,
            round=self.at_round,
        )

    def sanctions(self, kind: SanctionKind, amount: int = 0) -> tuple[Sanction, Sanction]:
        """The sanction the director chose, given to both players alike (4.2: "les deux
        joueurs"); refused when it is not one the article offers."""
        if kind not in self.kinds:
            raise _refuse("wrong_length_kind", kind=kind.value)
        return (Sanction(kind, 0, amount), Sanction(kind, 1, amount))


def wrong_length(scheduled: int, played: int, round_no: int) -> WrongLength | None:
    """Seed 003, 4.2: "Si un match est joué en un nombre de points différent de celui
    prévu, le directeur du tournoi peut sanctionner les deux joueurs au tour suivant et le
    perdant ne peut exiger réparation." The offer to the director when ``played`` differs
    from ``scheduled`` (None when the match was played at its length)."""
    if played < 1:
        raise _refuse("amount", kind="length", amount=played)
    if played == scheduled:
        return None
    return WrongLength(scheduled, played, round_no)


def _lost_by(result: MatchResult, side: int, decided: str) -> MatchResult:
    """``result`` with side ``side`` losing the match; a forfeit the sanctioned player had
    won by being present is won by nobody."""
    loser = result.a if side == 0 else result.b
    opponent = result.b if side == 0 else result.a
    if result.kind is ResultKind.FORFEIT:
        if result.winner == loser:
            return replace(result, winner=None)
        return result
    if result.winner == opponent:
        return result
    return replace(result, winner=opponent, decided=decided)


def _point_penalty(result: MatchResult, side: int, points: int) -> MatchResult:
    """Seed 003, 3.15: ``points`` added to the opponent's score. When the score is known
    the opponent's grows; when it brings them to the match length (or the penalty alone
    does, the score unknown) the sanctioned player loses the match."""
    loser = result.a if side == 0 else result.b
    length = result.match_length
    if result.kind is not ResultKind.PLAYED:
        return result
    if result.score_a is None or result.score_b is None:
        if length is not None and points >= length and result.winner == loser:
            return _lost_by(result, side, "penalty")
        return result
    score_a = result.score_a + (points if side == 1 else 0)
    score_b = result.score_b + (points if side == 0 else 0)
    opponent_score = score_b if side == 0 else score_a
    if result.winner == loser and length is not None and opponent_score >= length:
        opponent = result.b if side == 0 else result.a
        return replace(result, score_a=score_a, score_b=score_b, winner=opponent, decided="penalty")
    return replace(result, score_a=score_a, score_b=score_b)


def apply_sanctions(result: MatchResult, sanctions: Iterable[Sanction]) -> MatchResult:
    """The result of a match after the sanctions given at its table, in the order given:
    point penalties first change the score, a loss, a disqualification or an exclusion
    then decides the match (seed 003, 3.15, 4.2, 2.4, 1.13). Warnings and time penalties
    leave a written result as it is; a bye is never changed."""
    given = tuple(sanctions)
    if result.kind is ResultKind.BYE:
        return result
    for s in given:
        if s.kind is SanctionKind.POINTS:
            result = _point_penalty(result, s.side, s.amount)
    for s in given:
        if s.loses_match:
            decided = "penalty" if s.kind is SanctionKind.LOSS else "disqualification"
            result = _lost_by(result, s.side, decided)
    return result


@dataclass(frozen=True)
class SetsOutcome:
    """A final-stage match in sets after its sanctions: the winner (0: the top player, 1:
    the bottom one, ``None`` while the match goes on), the set scores (top first) and how it
    was decided (``""``: over the board, ``"penalty"``, ``"disqualification"``)."""

    winner: int | None
    sets: tuple[tuple[int, int], ...]
    decided: str = ""


def sanction_sets(
    lengths: tuple[int, ...],
    sets: tuple[tuple[int, int], ...],
    winner: int | None,
    sanctions: Iterable[tuple[Sanction, int | None]],
) -> SetsOutcome:
    """A match of the final bracket or the consolation, played in sets of ``lengths``
    points (seed 003 "Tableau final": best of three), after the sanctions given at it,
    each with the set it was given in (``None``: a set not finished when it was given).

    As for a Swiss match (:func:`apply_sanctions`; seed 003, 3.15, 4.2, 2.4, 1.13):

    - a point penalty adds its points to the opponent's score of that set; given in a set
      still being played it is carried on the score sheet (no change here). When it brings
      the opponent to the set's length in a set the sanctioned player had won, the set is
      the opponent's (the real score kept): the opponent wins the match when that gives
      them the majority of the sets, and the match goes on (no winner) when it leaves
      nobody with it;
    - the loss of the match, a disqualification or an exclusion give the match to the
      opponent, the sets played kept.
    """
    given = tuple(sanctions)
    scores = [list(s) for s in sets]
    set_winners = [0 if top > bottom else 1 for top, bottom in sets]
    decided = ""
    for s, at in given:
        if s.kind is not SanctionKind.POINTS or at is None or not 0 <= at < len(scores):
            continue
        opponent = 1 - s.side
        scores[at][opponent] += s.amount
        if set_winners[at] == s.side and scores[at][opponent] >= lengths[at]:
            set_winners[at] = opponent
            decided = "penalty"
    if decided:
        need = len(lengths) // 2 + 1
        winner = next((p for p in (0, 1) if set_winners.count(p) >= need), None)
    for s, _ in given:
        if s.loses_match and winner != 1 - s.side:
            winner = 1 - s.side
            decided = "penalty" if s.kind is SanctionKind.LOSS else "disqualification"
    return SetsOutcome(winner, tuple((a, b) for a, b in scores), decided)
