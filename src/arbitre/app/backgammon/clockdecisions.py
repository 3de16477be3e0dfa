"""The director's decisions on a match clock (seed 003 clock rules 1.2 and 1.3), at a round's
table or at a final-stage match: a compensation of time given to a player wronged by a
faulty clock, and both players absent when the clock should have started; audited, stored
on the table's log (:mod:`.clocktable`) as events no press at the table may send."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from arbitre.app.backgammon.clocktable import (
    BOTH_ABSENT_ACTION,
    BOTH_ABSENT_MAX,
    COMPENSATION_ACTION,
    COMPENSATION_MAX,
    REASON_LENGTH,
)
from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import TableLog, Tournament
from arbitre.app.rounds.services import ROUND_TABLE_TARGET, ServiceError, User, audit


def target_of(log: TableLog) -> str:
    """What the audit log names: the round's table, or the final-stage match ("QF1")."""
    tb = log.table
    if tb is None:
        return str(log.setup.get("match", log.code))
    return ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number}


@transaction.atomic
def compensate(
    t: Tournament, log: TableLog, side: int, seconds: int, reason: str, user: User, client_id: str
) -> TableLog:
    """Clock rules 1.2: the director gives ``seconds`` to the player ``side`` (0: the
    table's first player) wronged by a faulty clock; the log keeps the reason and who gave
    it, the audit log the decision. Only the director's page calls this (never a press at
    the table)."""
    reason = reason.strip()
    if side not in (0, 1):
        raise ServiceError(gettext("Choisissez le joueur."))
    if not 1 <= seconds <= COMPENSATION_MAX:
        raise ServiceError(
            gettext("Une compensation va de 1 à %(max)s secondes.") % {"max": COMPENSATION_MAX}
        )
    if not reason:
        raise ServiceError(gettext("Indiquez la raison de la compensation."))
    if len(reason) > REASON_LENGTH:
        raise ServiceError(
            gettext("Raison trop longue (%(count)s caractères au plus).") % {"count": REASON_LENGTH}
        )
    done = tablelog.append(
        log.pk,
        {
            "kind": "compensate",
            "player": side,
            "seconds": seconds,
            "reason": reason,
            "by": getattr(user, "username", ""),
        },
        client_id,
    )
    if not done.repeated:
        audit(
            t,
            user,
            COMPENSATION_ACTION,
            target_of(log),
            None,
            {"joueur": log.setup["names"][side], "secondes": seconds},
            reason,
        )
    return done.log


@transaction.atomic
def both_absent(
    t: Tournament, log: TableLog, first: int, seconds: int, user: User, client_id: str
) -> TableLog:
    """Clock rules 1.3: both players were absent when the round began; the first to arrive
    (``first``, 0: the table's first player) told the director, who takes half of the
    ``seconds`` elapsed off both clocks and starts the clock of the player still absent.
    Only before the clock has started; the director's page only (audited)."""
    if first not in (0, 1):
        raise ServiceError(gettext("Choisissez le joueur arrivé le premier."))
    if not 1 <= seconds <= BOTH_ABSENT_MAX:
        raise ServiceError(
            gettext("Le temps écoulé va de 1 seconde à %(hours)s heures.")
            % {"hours": BOTH_ABSENT_MAX // 3600}
        )
    if client_id not in log.client_ids and any(e.get("kind") == "start" for e in log.events):
        raise ServiceError(gettext("La pendule de cette table est déjà lancée."))
    half = seconds / 2
    done = None
    for suffix, event in (
        ("a", {"kind": "penalize", "player": 0, "seconds": half}),
        ("b", {"kind": "penalize", "player": 1, "seconds": half}),
        ("", {"kind": "start", "player": 1 - first}),
    ):
        done = tablelog.append(log.pk, event, f"{client_id}{suffix and '-' + suffix}")
    assert done is not None
    if not done.repeated:
        audit(
            t,
            user,
            BOTH_ABSENT_ACTION,
            target_of(log),
            None,
            {
                "premier arrivé": log.setup["names"][first],
                "temps écoulé (s)": seconds,
                "retiré à chacun (s)": half,
            },
            "",
        )
    return done.log
