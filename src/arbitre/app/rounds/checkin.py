"""Player self check-in for Classic and backgammon events (issue 21, part 3).

Before round 1 is paired, a player opens the event's check-in page from the QR code on the
hall screen, picks their own name and types their licence number: that declares them
present. The declaration is not the check-in itself: the director still confirms the list
(:func:`arbitre.app.rounds.services.check_in`), where declared players come pre-ticked, and a
declaration the director does not confirm is cleared then.

A player can declare only themselves: the licence on record must match (a player with no
licence on record checks in with the director). After :data:`MAX_FAILURES` wrong licences
for one name the page refuses that name until the director checks it in; every
declaration and every wrong licence is in the audit log.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from arbitre.app.events.selfcheckin import MAX_FAILURES, identity_refusal
from arbitre.app.rounds.models import Entrant, Tournament
from arbitre.app.rounds.services import ServiceError, audit, bump, last_round_number, locked

__all__ = ["MAX_FAILURES", "candidates", "declare", "is_open"]


def is_open(t: Tournament) -> bool:
    """Self check-in runs until round 1 is paired."""
    return last_round_number(t) == 0


def candidates(t: Tournament) -> list[Entrant]:
    """The players who may still declare themselves: registered, not withdrawn, neither
    checked in by the director nor already declared."""
    return [
        e
        for e in t.entrants.all()
        if not e.checked_in and e.self_checked_in_at is None and e.withdrawn_after is None
    ]


@dataclass(frozen=True)
class Outcome:
    """What the page tells the player: declared (``entrant``), or the refusal's reason."""

    entrant: Entrant | None
    refusal: str = ""


def declare(t: Tournament, entrant_id: int, licence: str) -> Entrant:
    """The player ``entrant_id`` declares themselves present with ``licence``.

    Raises :class:`ServiceError` with the reason worded for the player; a wrong licence is
    counted (and audited) even though the declaration is refused."""
    outcome = _declare(t, entrant_id, licence)
    if outcome.entrant is None:
        raise ServiceError(outcome.refusal)
    return outcome.entrant


@transaction.atomic
def _declare(t: Tournament, entrant_id: int, licence: str) -> Outcome:
    t = locked(t)
    see_director = gettext("Présentez-vous au directeur du tournoi.")
    if not is_open(t):
        return Outcome(
            None,
            gettext("Le pointage est clos : la ronde 1 est appariée.") + " " + see_director,
        )
    e = t.entrants.filter(pk=entrant_id).first()
    if e is None or e.withdrawn_after is not None:
        return Outcome(None, gettext("Choisissez votre nom dans la liste."))
    if e.checked_in or e.self_checked_in_at is not None:
        return Outcome(None, gettext("%(name)s est déjà pointé.") % {"name": e.name})
    refusal, wrong = identity_refusal(
        e.name, e.licence, licence, e.self_check_in_failures, see_director
    )
    if wrong:
        e.self_check_in_failures += 1
        e.save(update_fields=["self_check_in_failures"])
        audit(t, None, gettext_noop("Pointage par le joueur refusé"), e.name, None, None)
    if refusal:
        return Outcome(None, refusal)
    e.self_checked_in_at = timezone.now()
    e.self_check_in_failures = 0
    e.save(update_fields=["self_checked_in_at", "self_check_in_failures"])
    audit(t, None, gettext_noop("Pointage déclaré par le joueur"), e.name, None, None)
    bump(t)
    return Outcome(e)
