"""Seed 003, 4.2: "Si un match est joué en un nombre de points différent de celui prévu, le
directeur du tournoi peut sanctionner les deux joueurs au tour suivant et le perdant ne
peut exiger réparation." Offered to the director, who decides; audited."""

from __future__ import annotations

import pytest
from django.test import Client

from arbitre.app.events.incident_models import Incident
from arbitre.app.rounds.models import AuditEntry, Table
from tests.app_rounds.conftest import messages_of
from tests.app_rounds.test_backgammon_web import pair, play_round, setup_event, tables

pytestmark = pytest.mark.django_db


def decide(client: Client, tb: Table, **data: object) -> list[str]:
    url = f"/backgammon/{tb.round.tournament.event_id}/table/{tb.pk}/longueur/"
    return messages_of(client.post(url, data, follow=True))


def test_003_4_2_both_players_sanctioned_at_the_next_round_the_result_stands(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    page = dclient.get(f"/backgammon/{eid}/ronde/1/").content.decode()
    assert "Match joué dans une autre longueur (art. 4.2)" in page
    play_round(dclient, 1)
    tb = tables(1)[0]
    before = (tb.winner, tb.score_a, tb.score_b)
    # a point penalty is given at the next round's match: not paired yet, refused
    refused = decide(dclient, tb, played=3, sanction="points", amount=1)
    assert "appariez" in refused[-1] and not Incident.objects.exists()
    pair(dclient, eid)
    done = decide(dclient, tb, played=3, sanction="points", amount=1)
    assert "art. 4.2" in done[-1]
    made = Incident.objects.order_by("pk")
    assert [(i.player, i.round, i.sanction, i.amount) for i in made] == [
        (tb.a, 2, "points", 1),
        (tb.b, 2, "points", 1),
    ]
    for i in made:
        t2 = Table.objects.get(round__number=2, number=i.table)
        assert i.player in (t2.a, t2.b)
        assert "3 points au lieu de 5" in i.description
    tb.refresh_from_db()
    assert (tb.winner, tb.score_a, tb.score_b) == before  # no redress for the loser
    assert AuditEntry.objects.filter(
        tournament__event_id=eid, action="Match joué dans une autre longueur (art. 4.2)"
    ).exists()


def test_003_4_2_the_director_may_decide_no_sanction_and_the_right_length_is_refused(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    assert "rien à sanctionner" in decide(dclient, tb, played=5, sanction="warning")[-1]
    assert "art. 4.2" in decide(dclient, tb, played=7, sanction="")[-1]
    assert not Incident.objects.exists()
    entry = AuditEntry.objects.get(
        tournament__event_id=eid, action="Match joué dans une autre longueur (art. 4.2)"
    )
    assert "7 points au lieu de 5" in entry.reason
    refused = decide(dclient, tb, played=7, sanction="loss")
    assert "pas par" in refused[-1] and not Incident.objects.exists()
