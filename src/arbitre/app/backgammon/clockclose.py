"""A round table's match clock closed once its result is entered (issue 35): the clock
stops where it stands and no press moves it again, so a finished match no longer shows as
"en cours" on the director's page of every clock, nor runs down on the tablet left on the
table (seed 003, clock rules 1.6: at the end of a match the winner reports the result and
brings the clock back). A result cleared by the director opens it again, stopped: the
director or the players start it again if the match goes on.

Both are events of the table's log written by the server only (:data:`KINDS`), when the
table's row changes (:func:`follow_result`): a result entered by the director, by the
players' confirmations (4.6) or by a flag (4.1) closes the clock alike; a final-stage
match's clock closes once the bracket holds its winner
(:func:`arbitre.app.backgammon.bracketclock.sync_sets`).
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from django.utils.translation import gettext

from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import Table, TableLog
from arbitre.app.rounds.services import ServiceError

CLOSE, OPEN = "close", "open"
"""The log's events of the clock closed at a result entered, and opened at its removal."""
KINDS = frozenset((CLOSE, OPEN))
LOGGER = logging.getLogger("arbitre.tables")
STILL_ALLOWED = frozenset(("penalize", "compensate"))
"""Clock actions a closed clock still takes: the director's time penalties of the register
and their compensations (1.2) change the times recorded, never run the clock."""


def refuse_when_closed(closed: bool, kind: Any) -> None:
    """A press, a start, a neutralisation or a flag on a closed clock is refused."""
    if closed and kind not in STILL_ALLOWED:
        raise ServiceError(
            gettext(
                "Résultat saisi : la pendule de ce match est arrêtée. Le directeur efface le "
                "résultat pour la rouvrir."
            )
        )


def follow_result(sender: Any, instance: Table, created: bool, **kwargs: Any) -> None:
    """The table's row saved: its clock closes when a result is entered, opens when the
    result is cleared (nothing when it already is so, or when the table keeps no log)."""
    if kwargs.get("raw") or created or instance.is_bye:
        return
    log = TableLog.objects.filter(table=instance, kind="backgammon").only("pk", "events").first()
    if log is not None:
        follow(log, decided=instance.entered)


def follow(log: TableLog, *, decided: bool) -> None:
    """A match's clock closed once its result is in (a round's table entered, a final-stage
    match decided), opened again when it no longer is; nothing when it already is so."""
    closed = False
    for event in log.events:
        if event.get("kind") in KINDS:
            closed = event["kind"] == CLOSE
    if decided and not closed:
        kind = CLOSE
    elif not decided and closed:
        kind = OPEN
    else:
        return
    try:
        tablelog.append(log.pk, {"kind": kind}, f"{kind}-{secrets.token_hex(8)}")
    except ServiceError:
        # a stored list the engine no longer replays: the result stands, the clock as it was
        LOGGER.warning("table log %s: clock not %s at its result", log.pk, kind)
