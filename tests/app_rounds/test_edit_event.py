"""The name, date and place of a Classic or backgammon event, changed by its director after
creation (issue 21, part 1): audited, and the live pages follow."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from arbitre.app import demo
from arbitre.app.rounds.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def events() -> dict[str, Any]:
    report = demo.populate(demo.demo_director("Démonstration-2026"), demo.SMALL, 9)
    client = Client()
    client.force_login(demo.demo_director(""))
    return {"events": report.events, "client": client}


@pytest.mark.parametrize("kind,prefix", [("classic", "classique"), ("backgammon", "backgammon")])
def test_a_director_renames_and_moves_the_event(
    events: dict[str, Any], kind: str, prefix: str
) -> None:
    pk, client = events["events"][kind], events["client"]
    detail = client.get(f"/{prefix}/{pk}/").content.decode()
    assert 'id="edit-event-link"' in detail
    t = Tournament.objects.get(event_id=pk)
    version = t.version
    response = client.post(
        f"/{prefix}/{pk}/evenement/",
        {"name": "Open de Noël", "date": "2026-12-24", "place": "Salle Pleyel"},
        follow=True,
    )
    assert "Événement modifié." in response.content.decode()
    t.refresh_from_db()
    t.event.refresh_from_db()
    assert (t.event.name, t.event.date, t.event.place) == (
        "Open de Noël",
        datetime.date(2026, 12, 24),
        "Salle Pleyel",
    )
    assert t.version > version  # the live public pages show the new name
    assert "Open de Noël" in Client().get(f"/public/{prefix}/{pk}/").content.decode()
    entry = AuditEntry.objects.filter(tournament=t, action="Événement modifié").get()
    assert entry.before["lieu"] != "Salle Pleyel" and entry.after["lieu"] == "Salle Pleyel"
    assert entry.after["date"] == "2026-12-24"


def test_an_empty_name_is_refused_and_nothing_changes(events: dict[str, Any]) -> None:
    pk, client = events["events"]["classic"], events["client"]
    name = Tournament.objects.get(event_id=pk).event.name
    response = client.post(f"/classique/{pk}/evenement/", {"name": "", "date": "2026-12-24"})
    assert response.status_code == 200 and "obligatoire" in response.content.decode()
    assert Tournament.objects.get(event_id=pk).event.name == name
    assert not AuditEntry.objects.filter(action="Événement modifié").exists()
