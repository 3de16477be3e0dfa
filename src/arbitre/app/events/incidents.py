"""Services of the register of incidents and sanctions, for the three games (issue 19,
part 4). Every incident and every appeal goes to the event's audit log; a sanction that
changes a result applies itself in a backgammon championship
(:mod:`arbitre.app.backgammon.sanctions`, seed 003) and is undone when the arbitration
committee annuls it. In Classic and Duplicate events the register records the sanction;
its effect on a game is entered where that game's rules are (the table, the ballots).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from arbitre.app.events.incident_models import Incident
from arbitre.app.events.models import Event
from arbitre.common.collation import french_key

INCIDENT_ACTION = gettext_noop("Incident")
APPEAL_ACTION = gettext_noop("Appel au comité d'arbitrage")
DESCRIPTION_LENGTH = 2000


class IncidentError(ValueError):
    """A refused entry; the message is worded for the user."""


@dataclass(frozen=True)
class Entry:
    """What the director entered: the incident, and for an abandoned table (clock rules
    2.3) who was there and the clocks' remaining minutes."""

    kind: str
    description: str
    player_ref: int | None = None
    round: int | None = None
    table: int | None = None
    match: str = ""  # a match of the final stage (backgammon)
    sanction: str = ""
    amount: int = 0
    present_a: bool = False
    present_b: bool = False
    remaining_a: float | None = None
    remaining_b: float | None = None


def roster(event: Event) -> list[tuple[int, str]]:
    """``(row id, name)`` of the event's players: its entrants (Classic, backgammon), its
    registrations (Duplicate)."""
    if event.kind == Event.Kind.DUPLICATE:
        from arbitre.app.duplicate.models import Registration

        people = [
            (r.pk, f"{r.name} {r.first_name}".strip())
            for r in Registration.objects.filter(duplicate__event=event).order_by("pk")
        ]
    else:
        from arbitre.app.rounds.models import Entrant

        people = [(e.pk, e.name) for e in Entrant.objects.filter(tournament__event=event)]
    return sorted(people, key=lambda p: (french_key(p[1]), p[0]))


def player_name(event: Event, ref: int) -> str | None:
    return dict(roster(event)).get(ref)


def _audit(
    event: Event, user: Any, action: str, target: str, before: Any, after: Any, why: str
) -> None:
    if event.kind == Event.Kind.DUPLICATE:
        from arbitre.app.duplicate.models import AuditEntry as DuplicateAudit

        DuplicateAudit.log(user, action, target, before, after, why, duplicate=event.duplicate)
        return
    from arbitre.app.rounds.models import AuditEntry
    from arbitre.app.rounds.services import bump

    AuditEntry.log(user, action, target, before, after, why, tournament=event.tournament)
    bump(event.tournament)


def _summary(i: Incident) -> dict[str, Any]:
    return {
        "incident": i.pk,
        "kind": i.kind,
        "player": i.player,
        "round": i.round,
        "table": i.table,
        "match": i.match,
        "sanction": i.sanction,
        "amount": i.amount,
        "appeal": i.appeal,
        "committee": i.appeal_committee,
        "applied": i.applied,
    }


def _target(i: Incident) -> str:
    where = (
        f" (r{i.round} t{i.table})" if i.round and i.table else f" (r{i.round})" if i.round else ""
    )
    if i.match:
        where += f" ({i.match})"
    return f"{i.player or '—'}{where}"


def _check_entry(event: Event, entry: Entry) -> str:
    if entry.kind not in Incident.Kind.values:
        raise IncidentError(gettext("Nature d'incident inconnue."))
    if entry.sanction not in Incident.Sanction.values:
        raise IncidentError(gettext("Sanction inconnue."))
    if not entry.description.strip():
        raise IncidentError(gettext("Décrivez l'incident."))
    if len(entry.description) > DESCRIPTION_LENGTH:
        raise IncidentError(
            gettext("Description trop longue (%(count)s caractères au plus).")
            % {"count": DESCRIPTION_LENGTH}
        )
    if entry.amount < 0 or (entry.sanction in ("time", "points") and entry.amount < 1):
        raise IncidentError(
            gettext("Une pénalité de temps ou de points demande une quantité positive.")
        )
    if entry.kind == Incident.Kind.ABANDONED_TABLE and event.kind == Event.Kind.BACKGAMMON:
        return ""
    if entry.player_ref is None:
        raise IncidentError(gettext("Choisissez le joueur concerné."))
    name = player_name(event, entry.player_ref)
    if name is None:
        raise IncidentError(gettext("Ce joueur n'est pas inscrit à cet événement."))
    return name


@transaction.atomic
def record(event: Event, entry: Entry, user: Any) -> list[Incident]:
    """Record an incident and its sanction, applied at once where the game's rules say
    what it changes (backgammon). Returns the incidents recorded (an abandoned table may
    penalise both players)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    name = _check_entry(event, entry)
    amount = entry.amount if entry.sanction in ("time", "points") else 0
    base = {
        "event": event,
        "round": entry.round,
        "table": entry.table,
        "match": entry.match,
        "kind": entry.kind,
        "description": entry.description.strip(),
        "decided_by": user if getattr(user, "is_authenticated", False) else None,
    }
    if event.kind != Event.Kind.BACKGAMMON:
        incident = Incident.objects.create(
            **base, player=name, player_ref=entry.player_ref, sanction=entry.sanction, amount=amount
        )
        _audit_recorded(event, user, incident)
        return [incident]
    return _record_backgammon(event, entry, name, amount, base, user)


def _audit_recorded(event: Event, user: Any, incident: Incident) -> None:
    """The audit line of an incident just recorded."""
    _audit(
        event,
        user,
        INCIDENT_ACTION,
        _target(incident),
        None,
        _summary(incident),
        incident.description,
    )


def _record_backgammon(
    event: Event, entry: Entry, name: str, amount: int, base: dict[str, Any], user: Any
) -> list[Incident]:
    from arbitre.app.backgammon import sanctions
    from arbitre.app.rounds.models import Entrant
    from arbitre.app.rounds.services import ServiceError, locked

    t = locked(event.tournament)
    refs = {e.name: e.pk for e in Entrant.objects.filter(tournament=t)}
    try:
        if entry.kind == Incident.Kind.ABANDONED_TABLE:
            tb, penalised, changed = sanctions.abandoned_table(
                t,
                entry.round,
                entry.table,
                entry.present_a,
                entry.present_b,
                entry.remaining_a,
                entry.remaining_b,
            )
            made = []
            for who, seconds in penalised:
                incident = Incident.objects.create(
                    **base, player=who, player_ref=refs.get(who), sanction="time", amount=seconds
                )
                applied: dict[str, Any] = {}
                if changed:
                    applied["table"] = changed
                    changed = {}  # the result is undone by the first incident's appeal
                if sanctions.clock_penalty(tb, incident):
                    applied["clock"] = True
                if applied:
                    incident.applied = applied
                    incident.save(update_fields=["applied"])
                made.append(incident)
            for incident in made:
                _audit_recorded(event, user, incident)
            return made
        incident = Incident(
            **base, player=name, player_ref=entry.player_ref, sanction=entry.sanction, amount=amount
        )
        sanctions.complete(t, incident)
        sanctions.check(t, incident)
        incident.save()
        incident.applied = sanctions.apply(t, incident)
        incident.save(update_fields=["applied"])
    except ServiceError as exc:
        raise IncidentError(str(exc)) from None
    _audit_recorded(event, user, incident)
    return [incident]


@transaction.atomic
def appeal(
    event: Event,
    incident_id: int,
    decision: str,
    text: str,
    user: Any,
    director: str = "",
    members: str = "",
) -> Incident:
    """An appeal to the arbitration committee (seed 003, 3.19: made at once after the
    director's decision; 1.2: the committee's decision is final): ``pending`` when it is
    made, then ``upheld`` or ``annulled`` (an annulled sanction is undone). In a
    backgammon championship a decision records the committee that took it, ``director``
    and the players ``members`` (seed 003, preamble: 2 to 4, none involved)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    incident = Incident.objects.filter(event=event, pk=incident_id).first()
    if incident is None:
        raise IncidentError(gettext("Incident introuvable."))
    if decision not in ("pending", "upheld", "annulled"):
        raise IncidentError(gettext("Décision inconnue."))
    if len(text) > DESCRIPTION_LENGTH:
        raise IncidentError(
            gettext("Description trop longue (%(count)s caractères au plus).")
            % {"count": DESCRIPTION_LENGTH}
        )
    if incident.appeal in ("upheld", "annulled"):
        raise IncidentError(
            gettext("Le comité d'arbitrage a déjà décidé : sa décision est sans appel (art. 1.2).")
        )
    if decision != "pending" and not text.strip():
        raise IncidentError(gettext("Écrivez la décision du comité."))
    seated: dict[str, Any] | None = None
    if decision != "pending" and event.kind == Event.Kind.BACKGAMMON:
        from arbitre.app.backgammon.committee import seat
        from arbitre.app.rounds.services import ServiceError

        try:
            seated = seat(event.tournament, incident, director, members)
        except ServiceError as exc:
            raise IncidentError(str(exc)) from None
    before = _summary(incident)
    if seated is not None:
        incident.appeal_committee = seated
    incident.appeal = decision
    incident.appeal_text = text.strip()
    incident.appeal_by = user if getattr(user, "is_authenticated", False) else None
    incident.appeal_at = timezone.now()
    if decision == "annulled" and incident.applied and event.kind == Event.Kind.BACKGAMMON:
        from arbitre.app.backgammon import sanctions
        from arbitre.app.rounds.services import ServiceError, locked

        try:
            sanctions.revert(locked(event.tournament), incident)
        except ServiceError as exc:
            raise IncidentError(str(exc)) from None
    incident.save()
    _audit(
        event,
        user,
        APPEAL_ACTION,
        _target(incident),
        before,
        _summary(incident),
        incident.appeal_text,
    )
    return incident


def of_player(event: Event, ref: int) -> list[Incident]:
    return list(Incident.objects.filter(event=event, player_ref=ref).select_related("decided_by"))


def register(event: Event) -> list[Incident]:
    return list(Incident.objects.filter(event=event).select_related("decided_by", "appeal_by"))
