"""Lateness on the Classic table page (issue 35, item 3), through the Django test client: the
state tells who is absent, whether their clock runs and from when the forfeit may be
declared (000 9.5: half of the credit; 001 10.5: the director's decision), and lists only
the arbiter's decisions the state admits."""

from __future__ import annotations

import pytest
from django.db.models import F
from django.test import Client

from arbitre.app.rounds.models import Table, TableLog
from tests.app_rounds.conftest import check_in_all
from tests.app_rounds.test_classic_table_web import (  # noqa: F401 (autouse fixtures)
    act,
    clock,
    code_of,
    ffsc_round,
    lexicon,
)
from tests.app_rounds.test_classic_web import pair, setup_event

pytestmark = pytest.mark.django_db


def fbs_table(dclient: Client, minutes: str = "20") -> tuple[int, Table, str]:
    eid = setup_event(dclient, profile="fbs")
    check_in_all(dclient, eid)
    pair(dclient, eid)
    assert dclient.post(f"/classique/{eid}/pendule/", {"kind": "chess", "minutes": minutes})
    tb = Table.objects.filter(round__number=1).exclude(b="").order_by("number").first()
    assert tb is not None
    return eid, tb, f"/classique/{eid}/table/{tb.pk}/action/"


def test_000_9_5_the_page_shows_the_absent_player_and_when_the_forfeit_falls_due(
    dclient: Client,
) -> None:
    eid, tb, url = fbs_table(dclient)
    before = dclient.get(f"/classique/{eid}/table/{tb.pk}/etat/").json()
    assert before["lateness"] is None
    # before the start: the absent player's clock may be started; no forfeit under fbs
    # without it, no sanction before the game, no late start (an ffsc rule)
    assert set(before["arbiter_actions"]) == {"absent_clock", "overdraw"}
    state = act(dclient, url, {"kind": "absent_clock", "player": 1, "at": 0}).json()
    late = state["lateness"]
    # 20 minutes each: the forfeit falls due when 10 have run on the absent player's clock
    assert late["player"] == 1 and late["clock_runs"] and late["rule"] == "half"
    assert late["forfeit_at"] == pytest.approx(state["at"] + 600, abs=0.01)
    assert state["clock"]["running"] == 1 and not state["started"]
    assert set(state["arbiter_actions"]) == {"arrive", "forfeit", "overdraw"}
    log = TableLog.objects.get(table=tb)
    TableLog.objects.filter(pk=log.pk).update(epoch=F("epoch") - 601)
    due = dclient.get(f"/classique/{eid}/table/{tb.pk}/etat/").json()
    assert due["lateness"]["forfeit_at"] == due["at"]  # due now
    # the player arrives: the clock is neutralised, nothing about lateness remains
    arrived = act(dclient, url, {"kind": "arrive"}).json()
    assert arrived["lateness"] is None and arrived["clock"]["stopped"]
    assert set(arrived["arbiter_actions"]) == {"overdraw"}  # the players start the game
    started = act(dclient, url, {"kind": "start"}).json()
    assert set(started["arbiter_actions"]) == {"sanction", "overdraw", "director_end"}


def test_001_10_5_a_latecomer_may_be_declared_lost_at_once(dclient: Client) -> None:
    eid, tb = ffsc_round(dclient)
    code_of(dclient, eid, tb)
    url = f"/classique/{eid}/table/{tb.pk}/action/"
    before = dclient.get(f"/classique/{eid}/table/{tb.pk}/etat/").json()
    # ffsc: the director may also let the present player start, or declare a forfeit
    assert set(before["arbiter_actions"]) == {"absent_clock", "late_start", "forfeit", "overdraw"}
    state = act(dclient, url, {"kind": "late_start", "player": 0}).json()
    assert state["lateness"]["rule"] == "now"
    assert state["lateness"]["forfeit_at"] == state["at"]
    assert not state["lateness"]["clock_runs"]  # the present player's time runs first
    assert {"arrive", "forfeit", "sanction"} <= set(state["arbiter_actions"])
    assert "absent_clock" not in state["arbiter_actions"]


def test_the_arbiters_panel_offers_an_imposed_timing_only_on_a_global_credit(
    dclient: Client,
) -> None:
    eid, tb = ffsc_round(dclient)
    assert dclient.post(f"/classique/{eid}/pendule/", {"kind": "global", "minutes": "60"})
    code_of(dclient, eid, tb)
    url = f"/classique/{eid}/table/{tb.pk}/action/"
    before = dclient.get(f"/classique/{eid}/table/{tb.pk}/etat/").json()
    assert "absent_clock" not in before["arbiter_actions"]  # a chess clock's decision
    act(dclient, url, {"kind": "toss", "rounds": [["A", "Z"]]})
    state = act(dclient, url, {"kind": "start"}).json()
    assert "impose_clock" in state["arbiter_actions"]
