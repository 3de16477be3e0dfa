"""The result of a match confirmed at the table's tablet by both players (seed 003, 4.6;
the rule is the engine's :mod:`arbitre.backgammon.championship.signing`): each player
confirms the final score on the clock's page (a ``confirm`` event of the table log, stamped
by the server), the five minutes run from the first confirmation, and the result is
written into the round once both players confirmed the same score. After the five
minutes the tablet refuses confirmations and the page sends the players to the director,
who enters the result as any other.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext, gettext_noop

from arbitre.app.backgammon.game import GAME
from arbitre.app.rounds import results
from arbitre.app.rounds.models import TableLog
from arbitre.app.rounds.services import ROUND_TABLE_TARGET, ServiceError, audit
from arbitre.backgammon.championship.signing import Confirmation, Signing, signing

CONFIRM = "confirm"
"""The log's event of a player confirming the final score (4.6)."""
SIGNED_ACTION = gettext_noop("Résultat confirmé par les deux joueurs (art. 4.6)")


def confirmation(raw: dict[str, Any]) -> Confirmation:
    """A ``confirm`` event read: the player (0, 1) and the final score (two whole numbers)."""
    player, score = raw.get("player"), raw.get("score")
    if (
        isinstance(player, bool)
        or player not in (0, 1)
        or not isinstance(score, list)
        or len(score) != 2
        or any(isinstance(x, bool) or not isinstance(x, int) for x in score)
    ):
        raise ServiceError(gettext("Action illisible."))
    return Confirmation(int(player), (score[0], score[1]), float(raw["at"]))


def described(length: int, confirmations: list[Confirmation], at: float) -> dict[str, Any]:
    """The confirmations as the tablet shows them: status, deadline, each player's score."""
    s = signing(length, confirmations, at)
    return {
        "status": s.status,
        "deadline": s.deadline,
        "left": None if s.deadline is None else max(0.0, s.deadline - at),
        "confirmed": [list(c) if c else None for c in s.confirmed],
        "score": list(s.score) if s.score else None,
    }


def enter_signed_result(log: TableLog, s: Signing) -> None:
    """Both players confirmed (4.6): the round's result is written with their score, won
    by the player who reached the length. A result already entered (the director's, a
    flag's) is left as it is."""
    tb = log.table
    if tb is None or s.status != "confirmed" or s.score is None or s.winner is None:
        return
    tb.refresh_from_db()
    if tb.entered:
        return
    t = tb.round.tournament
    entry: dict[str, Any] = {
        "forfeit": "",
        "winner": (tb.a, tb.b)[s.winner],
        "score_a": s.score[0],
        "score_b": s.score[1],
        "late_a": tb.late_a,
        "late_b": tb.late_b,
        "ended": "",
        "excused_a": tb.excused_a,
        "excused_b": tb.excused_b,
    }
    try:
        results.enter_result(GAME, t, tb.pk, tb.version, entry, AnonymousUser())
    except ServiceError:
        return  # a round that no longer takes it: the director enters the result
    audit(
        t,
        AnonymousUser(),
        SIGNED_ACTION,
        ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number},
    )
