"""The result of a match confirmed by both players (seed 003, 4.6).

"Le résultat d'un match doit être apporté au directeur du tournoi par le gagnant avec sa
feuille de score signée par son adversaire dans les 5mn qui suivent la fin du match." At a
tablet the signature is each player's confirmation of the final score: the first
confirmation marks the end of the match and opens the five minutes; the result holds when
both players have confirmed the same final score within them. Once the five minutes are
over, the tablet takes no more confirmations: the result is no longer one the players
bring together, and the director settles it (4.6; 4.7 also closes a player's contest five
minutes after the end).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arbitre.backgammon.championship.model import ChampionshipError
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(f"signing.{name}" for name in ("player", "not_final", "late", "done"))
"""The refusals of a confirmation."""

RESULT_DEADLINE_SECONDS = 300
"""Seed 003, 4.6: the result is brought "dans les 5mn qui suivent la fin du match"."""


def _refuse(code: str, **params: Param) -> ChampionshipError:
    return ChampionshipError(Message.of(f"signing.{code}", **params))


@dataclass(frozen=True)
class Confirmation:
    """Player ``player`` (0, 1) confirms the final ``score`` (first player's, second's) at
    ``at`` (seconds, the server's clock)."""

    player: int
    score: tuple[int, int]
    at: float


@dataclass(frozen=True)
class Signing:
    """Where the confirmations stand: ``status`` is ``"open"`` (nobody has confirmed),
    ``"waiting"`` (one player, or two different scores), ``"confirmed"`` (both, the same
    score: ``score``, won by ``winner``) or ``"late"`` (the five minutes ran out first);
    ``deadline`` is the end of the five minutes (``None`` before the first confirmation)."""

    status: str
    deadline: float | None
    confirmed: tuple[tuple[int, int] | None, tuple[int, int] | None]
    score: tuple[int, int] | None = None
    winner: int | None = None


def final_winner(length: int, score: tuple[int, int]) -> int:
    """The winner of a finished match of ``length`` points with ``score``: exactly one
    player has reached the length (4.1: played to the number of points shown)."""
    a, b = score
    if min(a, b) < 0 or (a >= length) == (b >= length):
        raise _refuse("not_final", a=a, b=b, length=length)
    return 0 if a >= length else 1


def signing(length: int, confirmations: Iterable[Confirmation], now: float) -> Signing:
    """Seed 003, 4.6: the state of a match's result at ``now`` from the confirmations
    stored (each player's last one counts; those after the deadline are not counted)."""
    given = sorted(confirmations, key=lambda c: c.at)
    if not given:
        return Signing("open", None, (None, None))
    deadline = given[0].at + RESULT_DEADLINE_SECONDS
    last: list[tuple[int, int] | None] = [None, None]
    for c in given:
        if c.at <= deadline:
            last[c.player] = c.score
    confirmed = (last[0], last[1])
    if last[0] is not None and last[0] == last[1]:
        return Signing("confirmed", deadline, confirmed, last[0], final_winner(length, last[0]))
    status = "late" if now > deadline else "waiting"
    return Signing(status, deadline, confirmed)


def check_confirmation(
    length: int, confirmations: Iterable[Confirmation], new: Confirmation
) -> Signing:
    """Seed 003, 4.6: the state once ``new`` is added, refused when it comes after the
    five minutes, when the result is already confirmed by both, or when its score is not
    a finished match."""
    if new.player not in (0, 1):
        raise _refuse("player", player=new.player)
    final_winner(length, new.score)
    stored = tuple(confirmations)
    before = signing(length, stored, new.at)
    if before.status == "late" or (before.deadline is not None and new.at > before.deadline):
        raise _refuse("late", minutes=RESULT_DEADLINE_SECONDS // 60)
    if before.status == "confirmed":
        raise _refuse("done")
    return signing(length, [*stored, new], new.at)
