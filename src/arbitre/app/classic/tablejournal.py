"""Reopening a signed Classic sheet, and a friendly game's journal (issue 18; issue 35: a
reopening states its reason, kept in the audit log).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from arbitre.app.classic import finaltables
from arbitre.app.classic.tables import REOPEN_ACTION, audit_table
from arbitre.app.rounds import results, tablelog
from arbitre.app.rounds.models import TableLog, Tournament
from arbitre.app.rounds.services import ROUND_TABLE_TARGET, ServiceError, User, audit
from arbitre.app.rounds.templatetags.rounds import CLOCK_KINDS


def _reason(reason: str) -> str:
    """A reopening says why (the signatures it removes were the players' word): refused
    without a reason."""
    reason = reason.strip()
    if not reason:
        raise ServiceError(
            gettext("Donnez la raison de la réouverture : elle est gardée au journal.")
        )
    return reason


@transaction.atomic
def reopen_friendly(log: TableLog, user: User, reason: str) -> None:
    """A director reopens the signed sheet of a friendly game: the signatures of the game
    in play are removed (audited in the game's log)."""
    if log.table is not None or finaltables.is_final(log):
        raise ServiceError(gettext("Table inconnue."))
    reason = _reason(reason)
    if not tablelog.drop_last(log.pk, frozenset({"sign"})):
        raise ServiceError(gettext("Cette feuille n'est pas signée."))
    audit_table(log, user, REOPEN_ACTION, reason=reason)


@transaction.atomic
def reopen_final(log: TableLog, user: User, reason: str) -> None:
    """An arbiter reopens a final-phase game's signed sheet while its match has no result
    (:func:`~arbitre.app.classic.finaltables.check_reopen`): the signatures are removed
    (audited in the event's log with the reason)."""
    if not finaltables.is_final(log):
        raise ServiceError(gettext("Table inconnue."))
    reason = _reason(reason)
    finaltables.check_reopen(log)
    if not tablelog.drop_last(log.pk, frozenset({"sign"})):
        raise ServiceError(gettext("Cette feuille n'est pas signée."))
    audit_table(log, user, REOPEN_ACTION, reason=reason)


@transaction.atomic
def reopen(t: Tournament, log: TableLog, user: User, reason: str) -> None:
    """An arbiter reopens a signed sheet: the signatures are removed and the table's result
    cleared (audited); the players sign again or the arbiter corrects the result."""
    tb = log.table
    if tb is None:
        raise ServiceError(gettext("Table inconnue."))
    reason = _reason(reason)
    dropped = tablelog.drop_last(log.pk, frozenset({"sign"}))
    if not dropped:
        raise ServiceError(gettext("Cette feuille n'est pas signée."))
    tb.refresh_from_db()
    if tb.entered:
        results.clear_result(t, tb.pk, tb.version, user)
    audit(
        t,
        user,
        REOPEN_ACTION,
        ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number},
        reason=reason,
    )


def friendly_journal(log: TableLog) -> list[dict[str, Any]]:
    """A friendly game's audit log for its page, newest first: when, who, the action in the
    page's language, the details (player, sanction, scores...; a value changed, such as an
    imposed clock, as before → after) and the reason."""
    out = []
    for entry in log.audit.select_related("user")[:200]:
        before = entry.before if isinstance(entry.before, dict) else {}
        after = entry.after if isinstance(entry.after, dict) else {}
        out.append(
            {
                "at": entry.at,
                "user": getattr(entry.user, "username", ""),
                "action": gettext(entry.action),
                "detail": " · ".join(
                    f"{_shown(key, before[key])} → {_shown(key, value)}"
                    if key in before
                    else _shown(key, value)
                    for key, value in after.items()
                ),
                "reason": entry.reason,
            }
        )
    return out


def _shown(key: str, value: Any) -> str:
    if isinstance(value, list):
        return " – ".join(str(x) for x in value)
    if key == "pendule" and value in CLOCK_KINDS:
        return gettext(CLOCK_KINDS[value])
    return "—" if value in (None, "") else str(value)
