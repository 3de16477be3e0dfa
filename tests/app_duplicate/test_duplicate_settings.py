"""A Duplicate event's settings, changed by its director after creation (issue 21, part 1):
audited, and refused with the reason when a change contradicts what is played."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from arbitre.app import demo
from arbitre.app.duplicate.models import AuditEntry, DuplicateEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def event() -> dict[str, Any]:
    report = demo.populate(demo.demo_director("Démonstration-2026"), demo.SMALL, 5)
    client = Client()
    client.force_login(demo.demo_director(""))
    pk = report.events["duplicate"]
    return {"pk": pk, "client": client, "dup": DuplicateEvent.objects.get(event_id=pk)}


def _form(dup: DuplicateEvent, **changes: Any) -> dict[str, Any]:
    data = {
        "name": dup.event.name,
        "date": dup.event.date.isoformat(),
        "place": dup.event.place,
        "games_planned": dup.games_planned,
        "seconds_per_move": dup.seconds_per_move,
        "warning_seconds": dup.warning_seconds,
        "solo_min_players": dup.solo_min_players,
    }
    return {**data, **changes}


def test_a_director_changes_the_settings_and_the_log_keeps_before_and_after(
    event: dict[str, Any],
) -> None:
    dup, client = event["dup"], event["client"]
    page = client.get(f"/duplicate/{event['pk']}/").content.decode()
    assert 'id="settings-link"' in page
    form = _form(
        dup,
        name="Festival renommé",
        seconds_per_move=120,
        games_planned=4,
        date="2026-12-05",
        solo_min_players=12,
    )
    response = client.post(f"/duplicate/{event['pk']}/reglages/", form, follow=True)
    assert "Réglages enregistrés." in response.content.decode()
    dup.refresh_from_db()
    dup.event.refresh_from_db()
    assert dup.event.name == "Festival renommé" and dup.seconds_per_move == 120
    assert dup.event.date == datetime.date(2026, 12, 5) and dup.solo_min_players == 12
    assert [g.number for g in dup.games.order_by("number")] == [1, 2, 3, 4]  # a game added
    entry = AuditEntry.objects.filter(duplicate=dup, action="Réglages modifiés").get()
    assert entry.before["temps par coup"] == "180" and entry.after["temps par coup"] == "120"
    assert entry.after["parties"] == "4" and "alerte" not in entry.after  # only what changed
    # the log shows the change in the page's language
    client.post("/langue/", {"language": "en", "next": "/"})
    english = client.get(f"/duplicate/{event['pk']}/").content.decode()
    assert "Settings changed" in english and "time per move" in english


def test_games_already_started_cannot_be_removed(event: dict[str, Any]) -> None:
    dup, client = event["dup"], event["client"]
    before = (dup.games_planned, dup.games.count(), dup.event.name)
    response = client.post(
        f"/duplicate/{event['pk']}/reglages/", _form(dup, games_planned=1, name="Autre nom")
    )
    page = response.content.decode()
    assert response.status_code == 200  # the form again, with the reason
    assert "La partie 2 est commencée" in page
    dup.refresh_from_db()
    dup.event.refresh_from_db()
    assert (dup.games_planned, dup.games.count(), dup.event.name) == before  # nothing changed
    assert not AuditEntry.objects.filter(duplicate=dup, action="Réglages modifiés").exists()


def test_unstarted_games_can_be_removed(event: dict[str, Any]) -> None:
    dup, client = event["dup"], event["client"]
    assert dup.games.count() == 3  # the demo plans three games and plays two
    client.post(f"/duplicate/{event['pk']}/reglages/", _form(dup, games_planned=2))
    assert [g.number for g in dup.games.order_by("number")] == [1, 2]


@pytest.mark.parametrize(
    "changes,reason",
    [
        ({"warning_seconds": 200}, "120"),  # above the field's maximum
        ({"warning_seconds": 60, "seconds_per_move": 60}, "plus courte que le temps par coup"),
        ({"seconds_per_move": 5}, "10"),
        ({"games_planned": 0}, "1"),
        ({"name": ""}, "obligatoire"),
    ],
)
def test_impossible_settings_are_refused_in_french(
    event: dict[str, Any], changes: dict[str, Any], reason: str
) -> None:
    dup, client = event["dup"], event["client"]
    response = client.post(f"/duplicate/{event['pk']}/reglages/", _form(dup, **changes))
    assert response.status_code == 200 and reason in response.content.decode()
    assert not AuditEntry.objects.filter(duplicate=dup, action="Réglages modifiés").exists()


def test_only_the_events_director_changes_its_settings(event: dict[str, Any]) -> None:
    from django.contrib.auth import get_user_model

    from arbitre.app.events.roles import ARBITER, grant

    arbiter = get_user_model().objects.get(username="arbitre-demo-1")
    grant(event["pk"], arbiter, ARBITER)
    client = Client(raise_request_exception=False)
    client.force_login(arbiter)
    response = client.post(
        f"/duplicate/{event['pk']}/reglages/", _form(event["dup"], name="Pirate")
    )
    assert response.status_code == 403
    event["dup"].event.refresh_from_db()
    assert event["dup"].event.name != "Pirate"
