"""The licences of a centre's players, checked against the federation's licensees.

Federation side: :func:`lookup` answers, for a list of licence numbers, which the
federation's licensee file knows (:class:`~arbitre.app.ranking.models.Licensee`, the
season's own) and as whom; the API gives it to any club's key. Centre side: :func:`check`
asks it for the players registered in an opened simultané, through the club's link as the
outbox sends (:func:`arbitre.app.federation.outbox.call`), and keeps the answer; the
director enters a player the federation does not know « hors classement »
(:func:`set_unlicensed`). Offline, registration goes on: the federation checks the licences
again when the results arrive, and refuses a licence it does not know unless the player is
entered « hors classement » (:func:`arbitre.app.simultane.merge.unregistered`).

Seed 002, A.1 (« Joueurs non licenciés »): the ranking's figures are acquired only by a
licensee; the others are « hors classement ». They play the simultané and are ranked in its
standings (marked so); see docs/simultanes.md for what the season does with them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate.models import DuplicateEvent, Registration
from arbitre.app.events.models import StaffAudit
from arbitre.app.federation import outbox
from arbitre.app.ranking.models import Licensee
from arbitre.app.simultane.models import CentrePlayer, Received
from arbitre.duplicate.centre_results import MAX_PLAYERS

#: The federation's API answering which licences it knows.
API = "/api/federation/licences/"

UNLICENSED = gettext_noop("Joueur inscrit hors classement (non licencié)")
LICENSED = gettext_noop("Joueur remis au classement (licencié)")


class LicencesRefused(ValueError):
    """A question or a check that cannot be answered; the message is French. ``status`` is
    the API's answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


# -- the federation's side -----------------------------------------------------------------------


def asked(data: Any) -> list[str]:
    """The licence numbers of a question (``{"licences": ["123", ...]}``), checked."""
    listed = data.get("licences") if isinstance(data, dict) else None
    if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
        raise LicencesRefused(gettext("Question illisible : une liste de licences est attendue."))
    if len(listed) > MAX_PLAYERS:
        raise LicencesRefused(
            gettext("Trop de licences à la fois (%(limit)s au plus).") % {"limit": MAX_PLAYERS},
            status=413,
        )
    return sorted({x.strip() for x in listed if 0 < len(x.strip()) <= 20})


def lookup(licences: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Licence -> the federation's record (name, first name, club, series, tier, age
    category) of each licence of ``licences`` its licensee file knows; the others absent."""
    found = Licensee.objects.filter(licence__in=set(licences))
    return {
        p.licence: {
            "name": p.name,
            "first_name": p.first_name,
            "club": p.club,
            "series": p.series,
            "tier": p.tier,
            "category": p.category,
        }
        for p in found
    }


# -- the centre's side ---------------------------------------------------------------------------


def _registrations(received: Received) -> list[Registration]:
    if received.event_id is None:
        return []
    dup = DuplicateEvent.objects.get(event_id=received.event_id)
    return list(dup.players.order_by("name", "first_name", "licence"))


@transaction.atomic
def check(received: Received) -> list[CentrePlayer]:
    """Ask the federation about the licences registered in the simultané now, and keep its
    answer: the players whose licence it does not know. A link not set or a network down
    is :class:`LicencesRefused`, worded for the director (registration goes on: the
    federation checks again at the upload)."""
    licences = [r.licence for r in _registrations(received)]
    if not licences:
        return []
    try:
        reply = outbox.call("POST", API, {"licences": licences})
    except outbox.LinkRefused as exc:
        raise LicencesRefused(
            gettext(
                "Licences non vérifiées (%(reason)s) : la fédération les vérifiera à l'envoi "
                "des résultats."
            )
            % {"reason": str(exc)}
        ) from None
    known = reply.body.get("known") if reply.status == 200 else None
    if not isinstance(known, dict):
        refused = str(reply.body.get("error", "")) or gettext(
            "Réponse inattendue de la fédération (%(status)s)."
        ) % {"status": reply.status}
        raise LicencesRefused(gettext("Licences non vérifiées : %(reason)s") % {"reason": refused})
    now = timezone.now()
    for licence in licences:
        record = known.get(licence)
        found, _ = CentrePlayer.objects.get_or_create(received=received, licence=licence)
        found.status = CentrePlayer.Status.KNOWN if record else CentrePlayer.Status.UNKNOWN
        found.known_as = record if isinstance(record, dict) else {}
        found.checked_at = now
        found.save()
    return unknown(received)


def unknown(received: Received) -> list[CentrePlayer]:
    """The registered players whose licence the federation said it does not know."""
    registered = {r.licence for r in _registrations(received)}
    return [
        p
        for p in received.players.filter(status=CentrePlayer.Status.UNKNOWN)
        if p.licence in registered
    ]


@dataclass(frozen=True)
class Line:
    """A registered player as the centre's page shows it."""

    registration: Registration
    player: CentrePlayer | None

    @property
    def status(self) -> str:
        return str(self.player.status if self.player else CentrePlayer.Status.UNCHECKED)

    @property
    def unlicensed(self) -> bool:
        return bool(self.player and self.player.unlicensed)


def lines(received: Received) -> list[Line]:
    """Every registered player with what the federation said of their licence."""
    kept = {p.licence: p for p in received.players.all()}
    return [Line(r, kept.get(r.licence)) for r in _registrations(received)]


def unlicensed_licences(received: Received) -> set[str]:
    """The licences the director entered « hors classement »."""
    return set(received.players.filter(unlicensed=True).values_list("licence", flat=True))


@transaction.atomic
def set_unlicensed(user: Any, received: Received, licence: str, unlicensed: bool) -> None:
    """Enter a registered player « hors classement » (not a licensee: seed 002, A.1), or
    back in the ranking; audited in the event's log."""
    registered = {r.licence for r in _registrations(received)}
    if licence not in registered:
        raise LicencesRefused(
            gettext("Licence %(licence)s : aucun joueur inscrit au simultané.")
            % {"licence": licence}
        )
    found, _ = CentrePlayer.objects.get_or_create(received=received, licence=licence)
    found.unlicensed = unlicensed
    found.save(update_fields=["unlicensed"])
    assert received.event is not None
    StaffAudit.log(user, UNLICENSED if unlicensed else LICENSED, licence, event=received.event)
