"""What names an event of the paired games (its name, date and place), changed by its
director after creation (issue 21, part 1)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from arbitre.app.rounds.games import User
from arbitre.app.rounds.models import Tournament
from arbitre.app.rounds.services import audit, bump, locked

EVENT_CHANGED = gettext_noop("Événement modifié")
FIELDS = {"name": gettext_noop("nom"), "date": gettext_noop("date"), "place": gettext_noop("lieu")}
"""The fields, with their key in the audit log (French, worded when shown)."""


@transaction.atomic
def update_identity(t: Tournament, data: dict[str, Any], user: User) -> list[str]:
    """Change the event's name, date and place; the changes go to the audit log (before,
    after). Returns the fields changed."""
    t = locked(t)
    event = t.event
    before: dict[str, str] = {}
    after: dict[str, str] = {}
    for field, key in FIELDS.items():
        old, new = getattr(event, field), data[field]
        if old != new:
            before[key], after[key] = str(old), str(new)
            setattr(event, field, new)
    if not after:
        return []
    event.save()
    audit(t, user, EVENT_CHANGED, event.name, before, after)
    bump(t)
    return [f for f, key in FIELDS.items() if key in after]
