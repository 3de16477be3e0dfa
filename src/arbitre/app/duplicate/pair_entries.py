"""A pair's entry read from the database (seed 002, A.2.4), for the services that build the
engine's event and register players (:mod:`arbitre.app.duplicate.pairs` writes pairs)."""

from __future__ import annotations

from django.utils.translation import gettext

from arbitre.app.duplicate.models import DuplicateEvent, Registration
from arbitre.duplicate.pairs import Partner

PARTNER_FIELDS = ("licence", "name", "first_name", "club", "series", "tier", "category")


def partner_of(registration: Registration) -> Partner | None:
    """The engine's second player of a pair's entry, ``None`` for a player alone."""
    row = getattr(registration, "partner", None)
    if row is None:
        return None
    return Partner(**{f: getattr(row, f) for f in PARTNER_FIELDS})


def single_refused(dup: DuplicateEvent) -> str | None:
    """Why a player alone cannot be registered: a pairs event registers pairs only (two
    players, two licences); ``None`` in an individual event."""
    if dup.pairs:
        return gettext("Épreuve en paires : inscrivez des paires (deux joueurs, deux licences).")
    return None
