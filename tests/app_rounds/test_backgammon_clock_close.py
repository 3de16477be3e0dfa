"""A backgammon table's clock after its result (issue 35, item 3), through the Django test
client: the result entered stops and closes the clock (no finished match left "en cours",
seed 003 clock rules 1.6: the match over, the clock goes back to the director); a result
cleared opens it again, stopped. The page of every clock shows the budget the tablets use
after the settings changed (2.1); a new championship plays its Swiss rounds with a clock
unless the director unticks it (1.1: "Les matchs du CDF seront joués avec une pendule")."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.app.rounds.models import Tournament
from tests.app_rounds.test_backgammon_clock import clock, press  # noqa: F401 - clock: autouse
from tests.app_rounds.test_backgammon_clock_results import open_clock, state
from tests.app_rounds.test_backgammon_web import pair, result, setup_event, tables

pytestmark = pytest.mark.django_db


def test_003_clock_1_6_the_result_entered_stops_and_closes_the_clock(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb, other = tables(1)[0], tables(1)[1]
    url = open_clock(dclient, eid, tb)
    assert press(dclient, url, "s", kind="start", player=1, at=0).status_code == 200
    assert press(dclient, url, "p", kind="press", player=1, at=5).status_code == 200
    running = state(dclient, url)
    assert running["running"] == 0 and not running["closed"]
    # the director enters the result at 20 s: A's clock stops with 15 s used since the press
    press(dclient, url, "noop", kind="score", score=[1, 3], at=20)
    assert "enregistré" in result(dclient, tb, winner=tb.a, score_a=5, score_b=3)
    closed = state(dclient, url)
    assert closed["closed"] and closed["running"] is None
    frozen = closed["remaining"][0]
    later = press(dclient, url, "late", kind="press", player=0, at=60)
    assert later.status_code == 400 and "pendule de ce match est arrêtée" in later.json()["error"]
    assert press(dclient, url, "again", kind="resume", at=61).status_code == 400
    assert state(dclient, url)["remaining"][0] == frozen  # no time runs any more
    # the director's page of every clock: the finished match is not "en cours"
    page = dclient.get(f"/backgammon/{eid}/ronde/1/pendules/").content.decode()
    row = page.split(f'id="clock-{tb.number}"')[1].split("</tr>")[0]
    assert "résultat saisi, pendule arrêtée" in row and "en cours" not in row
    # a result cleared opens the clock again, stopped: the director restarts it
    tb.refresh_from_db()
    assert "supprimé" in result(dclient, tb, action="clear")
    opened = state(dclient, url)
    assert not opened["closed"] and opened["running"] is None and opened["paused"]
    assert press(dclient, url, "resume", kind="resume", at=70).status_code == 200
    assert state(dclient, url)["running"] == 0
    # another table without a clock started: its result closes nothing it did not run
    assert "enregistré" in result(dclient, other, winner=other.a, score_a=5, score_b=0)
    other_url = open_clock(dclient, eid, other)
    assert state(dclient, other_url)["closed"] and not state(dclient, other_url)["started"]


def test_003_4_6_a_result_confirmed_at_the_table_closes_its_clock(dclient: Client) -> None:
    """The players' confirmations enter the result (4.6): the same press answers with the
    clock closed, the tablet needs no further poll to stop it."""
    from tests.app_rounds.conftest import pin_of

    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    code_url = f"/backgammon/table/{tb.log.code}/"
    assert press(dclient, url, "s", kind="start", player=1, at=0).status_code == 200
    c = Client()
    confirm: dict[str, Any] = {"kind": "confirm", "score": [5, 2]}
    first = press(c, code_url, "c0", player=0, pin=pin_of(code_url + "action/", 0), **confirm)
    assert first.status_code == 200 and not first.json()["closed"]
    second = press(c, code_url, "c1", player=1, pin=pin_of(code_url + "action/", 1), **confirm)
    assert second.status_code == 200, second.content
    tb.refresh_from_db()
    assert tb.entered
    assert second.json()["closed"] and second.json()["running"] is None


def test_003_clock_2_1_the_page_of_every_clock_shows_the_budget_the_tablets_use(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, match_length=9)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    assert state(dclient, url)["text"] == ["32:30", "32:30"]  # 9 x 2.5 min + 10 min
    # the director changes the settings: 0.5 min per point, no break; no clock started yet
    t = Tournament.objects.get(event_id=eid)
    Tournament.objects.filter(pk=t.pk).update(
        clock_per_point=0.5, break_minutes=0, break_minutes_long=0
    )
    page = dclient.get(f"/backgammon/{eid}/ronde/1/pendules/").content.decode()
    row = page.split(f'id="clock-{tb.number}"')[1].split("</tr>")[0]
    assert "4:30" in row and "32:30" not in row
    assert 'id="clock-budget"' in page and "4:30 + 9 s par coup" in page
    assert state(dclient, url)["text"] == ["4:30", "4:30"]  # the tablet agrees


def test_003_clock_1_1_a_new_championship_is_clocked_unless_unticked(dclient: Client) -> None:
    form = dclient.get("/backgammon/nouveau/").content.decode()
    box = form.split('name="clocked"')[0].rsplit("<input", 1)[1] + form.split('name="clocked"')[1]
    assert "checked" in box.split(">")[0]
    ticked = setup_event(dclient, clocked="on")
    assert Tournament.objects.get(event_id=ticked).clocked


def test_003_clock_1_6_a_decided_final_stage_match_closes_its_clock(dclient: Client) -> None:
    """The bracket's match decided by the director: its clock stops and closes, no longer
    "en cours" on the page of the final stage's clocks; the result removed opens it."""
    from tests.app_rounds.test_backgammon_bracket_clock import bracket_log
    from tests.app_rounds.test_backgammon_bracket_sanctions import ko, matches, started

    eid = started(dclient)
    url = f"/backgammon/{eid}/phase-finale/QF1/pendule/"
    assert press(dclient, url, "s", kind="start", player=0, at=0).status_code == 200
    qf = matches(dclient, eid)["QF1"]
    assert "match en cours" in ko(dclient, eid, "QF1", "", "9-5")
    assert not state(dclient, url)["closed"]  # a set only: the match goes on
    ko(dclient, eid, "QF1", qf["top"], "9-5 9-4")
    closed = state(dclient, url)
    assert closed["closed"] and closed["running"] is None
    assert press(dclient, url, "p", kind="press", player=0, at=5).status_code == 400
    assert any(e.get("kind") == "close" for e in bracket_log(eid, "QF1").events)
    # the director removes the result: the clock opens again, stopped
    removed = dclient.post(
        f"/backgammon/{eid}/phase-finale/resultat/",
        {"match": "QF1", "action": "clear"},
        follow=True,
    )
    assert removed.status_code == 200
    opened = state(dclient, url)
    assert not opened["closed"] and opened["running"] is None
