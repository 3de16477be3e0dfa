"""Check-in (pointage) of a Duplicate event (issue 35): the director's list and the players'
self check-in from a phone.

Before game 1 begins (its first draw), a player opens the event's check-in page (the QR code
or the short address shown by the director) and declares themselves present with their
licence number (:mod:`arbitre.app.events.selfcheckin`: the same identity check as Classic
and backgammon). The director's list shows those declarations ticked; confirming the list
records every player present or absent. Once game 1 begins the check-in is closed: a player
who arrives then is a late player (seed 004, 5.1: the moves already played score 0).

The places (:mod:`.places`) seat the present players once the check-in is confirmed.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate import changes
from arbitre.app.duplicate.models import DuplicateEvent, Presence, Registration
from arbitre.app.duplicate.services import ServiceError, User, audit
from arbitre.app.events.selfcheckin import identity_refusal
from arbitre.common.collation import french_key

CHECKED_IN = gettext_noop("Pointage")
DECLARED = gettext_noop("Pointage déclaré par le joueur")
DECLARATION_REFUSED = gettext_noop("Pointage par le joueur refusé")

PRESENT, DECLARED_STATE, ABSENT, UNCHECKED = "present", "declared", "absent", "unchecked"


def is_open(dup: DuplicateEvent) -> bool:
    """The check-in runs until game 1 begins (its first draw made or its time started)."""
    first = dup.games.order_by("number").first()
    return first is None or (first.record is None and first.timer_started_at is None)


def presences(dup: DuplicateEvent) -> dict[int, Presence]:
    """Each registration's check-in row, by registration id (none: never checked)."""
    return {p.registration_id: p for p in Presence.objects.filter(registration__duplicate=dup)}


def state(presence: Presence | None) -> str:
    """``present`` or ``absent`` as the director confirmed, ``declared`` by the player and
    not yet confirmed, else ``unchecked``."""
    if presence is None:
        return UNCHECKED
    if presence.confirmed:
        return PRESENT if presence.present else ABSENT
    return DECLARED_STATE if presence.declared_at is not None else UNCHECKED


@dataclass(frozen=True)
class Row:
    """One player of the director's list."""

    player: Registration
    state: str

    @property
    def ticked(self) -> bool:
        return self.state in (PRESENT, DECLARED_STATE)


def rows(dup: DuplicateEvent) -> list[Row]:
    """The director's list in French order of names (withdrawn players left out)."""
    found = presences(dup)
    players = [p for p in dup.players.select_related("withdrawal") if not hasattr(p, "withdrawal")]
    players.sort(key=lambda p: (french_key(p.name), french_key(p.first_name), p.licence))
    return [Row(p, state(found.get(p.pk))) for p in players]


def counts(listed: list[Row]) -> dict[str, int]:
    """How many players of the list are in each state, and in all."""
    out = {s: 0 for s in (PRESENT, DECLARED_STATE, ABSENT, UNCHECKED)}
    for row in listed:
        out[row.state] += 1
    out["total"] = len(listed)
    return out


def _closed() -> ServiceError:
    return ServiceError(
        gettext(
            "La partie 1 est commencée : le pointage est clos. Un joueur qui arrive maintenant "
            "est en retard (5.1) : enregistrez son retard."
        )
    )


@transaction.atomic
def confirm(dup: DuplicateEvent, present: set[int], user: User) -> tuple[int, int]:
    """The director confirms the check-in: the players of ``present`` are there, the others
    absent (a declaration not confirmed is cleared). Returns (present, absent)."""
    changes.touch(dup)
    dup = DuplicateEvent.objects.select_for_update().get(pk=dup.pk)
    if not is_open(dup):
        raise _closed()
    players = [p for p in dup.players.select_related("withdrawal") if not hasattr(p, "withdrawal")]
    if present - {p.pk for p in players}:
        raise ServiceError(gettext("Joueur inconnu dans le pointage."))
    found = presences(dup)
    before = sorted(
        (p.full_name for p in players if state(found.get(p.pk)) == PRESENT), key=french_key
    )
    for p in players:
        row = found.get(p.pk) or Presence(registration=p)
        row.present = p.pk in present
        row.confirmed = True
        if not row.present:
            row.declared_at = None
        row.failures = 0
        row.save()
    after = sorted((p.full_name for p in players if p.pk in present), key=french_key)
    audit(dup, user, CHECKED_IN, "", before, after)
    return len(after), len(players) - len(after)


def candidates(dup: DuplicateEvent) -> list[Registration]:
    """The players who may still declare themselves, in French order: registered, not
    withdrawn, neither confirmed present nor already declared."""
    return [row.player for row in rows(dup) if row.state in (UNCHECKED, ABSENT)]


def declare(dup: DuplicateEvent, registration_id: int, licence: str) -> Registration:
    """The player ``registration_id`` declares themselves present with ``licence`` (checked
    against the licence on record). Raises :class:`ServiceError` worded for the player; a
    wrong licence is counted and audited even though the declaration is refused."""
    refusal, player = _declare(dup, registration_id, licence)
    if player is None:
        raise ServiceError(refusal)
    return player


@transaction.atomic
def _declare(
    dup: DuplicateEvent, registration_id: int, licence: str
) -> tuple[str, Registration | None]:
    changes.touch(dup)
    dup = DuplicateEvent.objects.select_for_update().get(pk=dup.pk)
    director = gettext("Présentez-vous au juge-arbitre.")
    if not is_open(dup):
        return gettext("Le pointage est clos : la partie 1 est commencée.") + " " + director, None
    player = dup.players.filter(pk=registration_id).first()
    if player is None or hasattr(player, "withdrawal"):
        return gettext("Choisissez votre nom dans la liste."), None
    presence = Presence.objects.filter(registration=player).first() or Presence(registration=player)
    if state(presence) in (PRESENT, DECLARED_STATE):
        return gettext("%(name)s est déjà pointé.") % {"name": player.full_name}, None
    refusal, wrong = identity_refusal(
        player.full_name, player.licence, licence, presence.failures, director
    )
    if wrong:
        presence.failures += 1
        presence.save()
        audit(dup, None, DECLARATION_REFUSED, player.licence)
    if refusal:
        return refusal, None
    presence.declared_at = timezone.now()
    presence.confirmed = False  # a player the director marked absent who came after all
    presence.failures = 0
    presence.save()
    audit(dup, None, DECLARED, player.licence, None, {"nom": player.full_name})
    return "", player
