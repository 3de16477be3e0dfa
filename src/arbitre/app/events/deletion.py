"""Deleting an event (issue 21, part 1): its director confirms by typing its name; a copy of
the database is taken first where backups are on, so that nothing deleted is beyond recovery;
the deletion is recorded in the accounts' log (the event's own log goes with it)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.events import backups
from arbitre.app.events.models import Event, StaffAudit


class DeletionRefused(ValueError):
    """A deletion refused, with the reason in the page's language."""


def delete_event(event_id: int, typed_name: str, user: Any) -> str:
    """Delete the event ``event_id`` and everything of it (players, rounds, games, ballots,
    results, logs) once ``typed_name`` is its exact name; the name of the copy of the
    database taken first ("" where backups are off). Refused while its results wait to be
    sent to the federation or for its decision."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise DeletionRefused(gettext("Événement inconnu."))
    if typed_name.strip() != event.name:
        raise DeletionRefused(
            gettext("Tapez le nom exact de l'événement « %(name)s » pour confirmer sa suppression.")
            % {"name": event.name}
        )
    outbox = getattr(event, "outbox", None)
    if outbox is not None and outbox.state in ("queued", "sent"):
        raise DeletionRefused(
            gettext(
                "Les résultats de cet événement sont en cours d'envoi à la fédération ou "
                "attendent sa décision : attendez sa réponse avant de le supprimer."
            )
        )
    copy = ""
    if backups.enabled():
        try:
            copy = backups.backup().name
        except backups.BackupError as exc:
            raise DeletionRefused(
                gettext("Suppression annulée : la sauvegarde préalable a échoué (%(error)s).")
                % {"error": exc}
            ) from exc
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        summary = {
            "jeu": event.kind,
            "nom": event.name,
            "date": event.date.isoformat(),
            "lieu": event.place,
            "sauvegarde": copy,
        }
        StaffAudit.log(user, gettext_noop("Événement supprimé"), str(event), summary, event=None)
        event.delete()
    return copy
