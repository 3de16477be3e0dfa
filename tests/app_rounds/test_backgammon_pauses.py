"""Seed 003, 1.11 at the tablet of a match without a clock: one 10-minute pause each
below 13 points, between two games only; an overrun is reported for the director, who
may give a penalty. A clocked match follows the clock rules instead."""

from __future__ import annotations

import pytest
from django.test import Client

from arbitre.app.rounds.models import Tournament
from tests.app_rounds.test_backgammon_clock import clock, press  # noqa: F401 - clock: autouse
from tests.app_rounds.test_backgammon_clock_results import open_clock, state
from tests.app_rounds.test_backgammon_web import pair, setup_event, tables

pytestmark = pytest.mark.django_db


def test_003_1_11_a_pause_of_10_minutes_its_overrun_reported_to_the_director(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, match_length=5)
    assert not Tournament.objects.get(event_id=eid).clocked
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    assert 'id="pause-form"' in dclient.get(url).content.decode()
    mid = press(dclient, url, "p0", kind="break_start", player=0, score=[5, 1], at=0)
    assert mid.status_code == 400 and "entre deux parties" in mid.json()["error"]
    took = press(dclient, url, "p1", kind="break_start", player=0, score=[1, 2], at=10)
    assert took.status_code == 200
    assert took.json()["pauses"]["running"] == {"player": 0, "left": 600.0}
    other = press(dclient, url, "p2", kind="break_start", player=1, score=[1, 2], at=20)
    assert other.status_code == 400
    assert press(dclient, url, "p3", kind="break_end", player=0, at=710).status_code == 200
    shown = state(dclient, url)["pauses"]
    assert shown["running"] is None and shown["left"] == [0, 1]
    assert len(shown["overruns"]) == 1 and "1:40" in shown["overruns"][0]
    assert tb.a in shown["overruns"][0] and "pénalité" in shown["overruns"][0]
    overview = dclient.get(f"/backgammon/{eid}/ronde/1/pendules/").content.decode()
    assert "1:40" in overview and "pause-overruns" in overview  # the director's page
    again = press(dclient, url, "p4", kind="break_start", player=0, score=[2, 2], at=800)
    assert again.status_code == 400 and "1 pause" in again.json()["error"]


def test_003_1_11_a_clocked_match_takes_no_pause_of_this_article(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=5)
    Tournament.objects.filter(event_id=eid).update(clocked=True)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    assert 'id="pause-form"' not in dclient.get(url).content.decode()
    refused = press(dclient, url, "p1", kind="break_start", player=0, score=[1, 2], at=10)
    assert refused.status_code == 400 and "pendule" in refused.json()["error"]
