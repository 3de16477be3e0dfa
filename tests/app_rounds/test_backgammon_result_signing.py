"""Seed 003, 4.6 at the tablet: both players confirm the final score within the five
minutes that follow the end of the match; the result is then written into the round,
audited. After the five minutes the tablet refuses and the players go to the director."""

from __future__ import annotations

import pytest
from django.test import Client

from arbitre.app.rounds.models import AuditEntry
from tests.app_rounds.test_backgammon_clock import clock, press  # noqa: F401 - clock: autouse
from tests.app_rounds.test_backgammon_clock_results import open_clock, state
from tests.app_rounds.test_backgammon_web import pair, setup_event, tables

pytestmark = pytest.mark.django_db


def test_003_4_6_both_players_confirm_at_the_tablet_and_the_result_is_written(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    page = dclient.get(url).content.decode()
    assert 'id="signing-form"' in page
    assert (
        press(dclient, url, "c1", kind="confirm", player=0, score=[5, 2], at=10).status_code == 200
    )
    shown = state(dclient, url)["signing"]
    assert shown["status"] == "waiting" and shown["confirmed"] == [[5, 2], None]
    assert shown["deadline"] is not None and 0 < shown["left"] <= 300
    tb.refresh_from_db()
    assert not tb.entered
    done = press(dclient, url, "c2", kind="confirm", player=1, score=[5, 2], at=60)
    assert done.status_code == 200 and done.json()["signing"]["status"] == "confirmed"
    tb.refresh_from_db()
    assert tb.entered and tb.winner == tb.a and (tb.score_a, tb.score_b) == (5, 2)
    assert AuditEntry.objects.filter(
        tournament__event_id=eid, action="Résultat confirmé par les deux joueurs (art. 4.6)"
    ).exists()


def test_003_4_6_after_the_5_minutes_the_tablet_sends_the_players_to_the_director(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    assert (
        press(dclient, url, "c1", kind="confirm", player=1, score=[1, 5], at=0).status_code == 200
    )
    wrong = press(dclient, url, "c0", kind="confirm", player=0, score=[4, 3], at=1)
    assert wrong.status_code == 400 and "4-3" in wrong.json()["error"]
    late = press(dclient, url, "c2", kind="confirm", player=0, score=[1, 5], at=301)
    assert late.status_code == 400 and "directeur" in late.json()["error"]
    assert state(dclient, url)["signing"]["status"] == "late"
    overview = dclient.get(f"/backgammon/{eid}/ronde/1/pendules/").content.decode()
    assert "dans les 5 minutes (art. 4.6)" in overview  # the director's page
    tb.refresh_from_db()
    assert not tb.entered
