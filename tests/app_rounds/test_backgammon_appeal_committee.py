"""Seed 003, preamble: "Un comité d'arbitrage est constitué du directeur du tournoi et de 2
à 4 joueurs du CDF [...] Si l'un ou plusieurs membres du comité sont impliqués dans un
litige, ils sont remplacés en cas de réunion du comité." The committee that decides an
appeal is recorded with its decision, shown in the register and audited."""

from __future__ import annotations

import pytest
from django.test import Client

from arbitre.app.events.models import Incident
from arbitre.app.rounds.models import AuditEntry
from tests.app_rounds.test_backgammon_incidents import appeal, bystanders, incident
from tests.app_rounds.test_backgammon_web import pair, setup_event, tables

pytestmark = pytest.mark.django_db


def test_003_preamble_the_committee_is_recorded_with_the_appeal_decision(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    incident(dclient, eid, player=tb.a, round=1, table=tb.number, sanction="warning")
    made = Incident.objects.get()
    assert "Appel enregistré." in appeal(dclient, eid, made, "pending", members=[])
    # the opponent at the table is involved: replaced
    involved = appeal(
        dclient, eid, made, "upheld", "Maintenu.", members=[tb.b, *bystanders(eid, made, 1)]
    )
    assert any("impliqué" in m for m in involved)
    few = appeal(dclient, eid, made, "upheld", "Maintenu.", members=bystanders(eid, made, 1))
    assert any("2 à 4 joueurs" in m for m in few)
    many = appeal(dclient, eid, made, "upheld", "Maintenu.", members=bystanders(eid, made, 5))
    assert any("pas 5" in m for m in many)
    made.refresh_from_db()
    assert made.appeal == "pending" and made.appeal_committee == {}
    sat = bystanders(eid, made, 3)
    assert "Appel enregistré." in appeal(dclient, eid, made, "upheld", "Maintenu.", members=sat)
    made.refresh_from_db()
    assert made.appeal_committee == {"director": "Directeur", "members": sat}
    page = dclient.get(f"/evenement/{eid}/incidents/").content.decode()
    assert f"comité : Directeur, {', '.join(sat)}" in page
    logged = (
        AuditEntry.objects.filter(tournament__event_id=eid, action="Appel au comité d'arbitrage")
        .order_by("pk")
        .last()
    )
    assert logged is not None and sat[0] in str(logged.after)
