"""The register of incidents in Classic and Duplicate events (issue 19, part 4): recorded
with its sanction and appeal, written to the event's audit log, shown on the player's page
and the printable report."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", ["classic", "duplicate"])
def test_an_incident_is_recorded_audited_and_reported(world: dict[str, Any], kind: str) -> None:
    from arbitre.app.events import incidents
    from arbitre.app.events.models import Incident

    event = world["events"][f"{kind}-mine"]
    c = Client()
    c.force_login(world["users"]["director"])
    ref, name = incidents.roster(event)[0]
    c.post(
        f"/evenement/{event.pk}/incidents/",
        {
            "player": ref,
            "round": 1,
            "kind": "conduct",
            "description": "Téléphone sonne",
            "sanction": "warning",
        },
    )
    made = Incident.objects.get(event=event)
    assert (made.player, made.sanction, made.decided_by) == (
        name,
        "warning",
        world["users"]["director"],
    )
    if kind == "duplicate":
        from arbitre.app.duplicate.models import AuditEntry as Audit

        log = Audit.objects.filter(duplicate__event=event, action="Incident")
    else:
        from arbitre.app.rounds.models import AuditEntry as Audit  # type: ignore[assignment]

        log = Audit.objects.filter(tournament__event=event, action="Incident")
    assert log.get().after["sanction"] == "warning"
    c.post(
        f"/evenement/{event.pk}/incidents/appel/",
        {"incident": made.pk, "decision": "upheld", "text": "Avertissement confirmé"},
    )
    made.refresh_from_db()
    assert made.appeal == "upheld" and made.appeal_text == "Avertissement confirmé"
    page = c.get(f"/evenement/{event.pk}/incidents/joueur/{ref}/").content.decode()
    assert "Téléphone sonne" in page and "Avertissement confirmé" in page
    report = c.get(f"/evenement/{event.pk}/incidents/rapport/").content.decode()
    assert "Téléphone sonne" in report and "sanction maintenue" in report
    staff = c.get(f"/evenement/{event.pk}/equipe/").content.decode()
    assert f'href="/evenement/{event.pk}/incidents/" id="incidents-link"' in staff
    other = world["events"][f"{kind}-other"]
    assert c.get(f"/evenement/{other.pk}/incidents/joueur/{ref}/").status_code == 403
