"""Deleting an event (issue 21, part 1): by its director only, after typing its name, with a
copy of the database first, recorded in the accounts' log; a refusal deletes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from arbitre.app.events import backups
from arbitre.app.events.deletion import DeletionRefused, delete_event
from arbitre.app.events.models import Event, StaffAudit

pytestmark = pytest.mark.django_db


def _director(world: dict[str, Any]) -> Client:
    client = Client()
    client.force_login(world["users"]["director"])
    return client


@pytest.mark.parametrize("kind", ["duplicate", "classic", "backgammon"])
def test_a_director_deletes_their_event_after_typing_its_name(
    world: dict[str, Any], kind: str
) -> None:
    from arbitre.app.duplicate.models import DuplicateEvent
    from arbitre.app.rounds.models import Tournament

    event = world["events"][f"{kind}-mine"]
    client = _director(world)
    url = f"/evenement/{event.pk}/supprimer/"
    page = client.get(url).content.decode()
    assert "Pour confirmer, tapez le nom de l'événement" in page
    # a wrong name: refused with the reason, nothing deleted
    refused = client.post(url, {"name": event.name + " (copie)"}).content.decode()
    assert "pour confirmer sa suppression." in refused
    assert Event.objects.filter(pk=event.pk).exists()
    done = client.post(url, {"name": f"  {event.name} "}, follow=True).content.decode()
    assert f"Événement « {event.name} » supprimé." in done
    assert not Event.objects.filter(pk=event.pk).exists()
    assert not DuplicateEvent.objects.filter(event_id=event.pk).exists()
    assert not Tournament.objects.filter(event_id=event.pk).exists()
    entry = StaffAudit.objects.get(action="Événement supprimé")
    assert entry.user == world["users"]["director"] and entry.event is None
    assert entry.before["nom"] == event.name and entry.before["jeu"] == kind
    # the other events are untouched
    assert Event.objects.filter(pk=world["events"][f"{kind}-other"].pk).exists()


def test_an_arbiter_or_another_events_director_cannot_delete(world: dict[str, Any]) -> None:
    event = world["events"]["classic-mine"]
    for user in ("arbiter", "stranger"):
        client = Client()
        client.force_login(world["users"][user])
        answer = client.post(f"/evenement/{event.pk}/supprimer/", {"name": event.name})
        assert answer.status_code == 403
    other = world["events"]["classic-other"]
    answer = _director(world).post(f"/evenement/{other.pk}/supprimer/", {"name": other.name})
    assert answer.status_code == 403
    assert Event.objects.filter(pk__in=[event.pk, other.pk]).count() == 2


def test_results_waiting_for_the_federation_keep_the_event(world: dict[str, Any]) -> None:
    from arbitre.app.federation.models import OutboxItem

    event = world["events"]["duplicate-mine"]
    item = OutboxItem.objects.create(event=event, uid="u-1", name=event.name, payload="x")
    with pytest.raises(DeletionRefused, match="attendez sa réponse"):
        delete_event(event.pk, event.name, world["users"]["director"])
    assert Event.objects.filter(pk=event.pk).exists()
    item.state = OutboxItem.State.ACCEPTED
    item.save()
    delete_event(event.pk, event.name, world["users"]["director"])
    assert not Event.objects.filter(pk=event.pk).exists()


def test_a_copy_of_the_database_is_taken_first_and_a_failed_copy_deletes_nothing(
    world: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = world["events"]["backgammon-mine"]
    taken: list[Path] = []

    def copy() -> Path:
        taken.append(tmp_path / "arbitre-copie.sqlite3")
        return taken[-1]

    monkeypatch.setattr(backups, "enabled", lambda: True)

    def failing() -> Path:
        raise backups.BackupError("disque plein")

    monkeypatch.setattr(backups, "backup", failing)
    with pytest.raises(DeletionRefused, match="la sauvegarde préalable a échoué"):
        delete_event(event.pk, event.name, world["users"]["director"])
    assert Event.objects.filter(pk=event.pk).exists()
    monkeypatch.setattr(backups, "backup", copy)
    assert delete_event(event.pk, event.name, world["users"]["director"]) == "arbitre-copie.sqlite3"
    assert taken and not Event.objects.filter(pk=event.pk).exists()
    assert StaffAudit.objects.get(action="Événement supprimé").before["sauvegarde"] == (
        "arbitre-copie.sqlite3"
    )
