"""The match clock at a backgammon table on the table log (issue 19, part 1): presses
stored at once and replayed by the clock engine (seed 003 clock rules 2.1, 3.5, 3.6,
3.14), a press sent twice applied once, a press out of turn refused, the register's time
penalties on the clock (3.9) and taken back on annulment, every table's clock for the
director."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.events.models import Incident
from arbitre.app.rounds.models import TableLog
from tests.app_rounds.conftest import ServerClock
from tests.app_rounds.test_backgammon_incidents import appeal, incident
from tests.app_rounds.test_backgammon_web import pair, setup_event, tables

pytestmark = pytest.mark.django_db


_clock: list[ServerClock] = []


@pytest.fixture(autouse=True)
def clock(server_clock: ServerClock) -> Any:
    """A press's ``at`` below is the server's time when the test sends it (issue 34: the
    server stamps every press on arrival)."""
    _clock[:] = [server_clock]
    yield server_clock
    _clock.clear()


def press(client: Client, url: str, ident: str, **event: Any) -> Any:
    if "at" in event and _clock:
        _clock[0].at(float(event.pop("at")))
    return client.post(
        f"{url}action/", json.dumps({"id": ident, "event": event}), content_type="application/json"
    )


def test_003_clock_2_1_3_5_presses_stored_and_replayed(dclient: Client) -> None:
    """9 points: 32:30 each (2.1). B had the higher opening die: A starts B's clock (3.5);
    B presses after 1 s (+9 s, 3.6); a reload reads the same clock from the server."""
    eid = setup_event(dclient, match_length=9)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = f"/backgammon/{eid}/table/{tb.pk}/pendule/"
    page = dclient.get(url).content.decode()
    assert 'id="bg-clock"' in page and tb.a in page
    first = json.loads(dclient.get(f"{url}etat/").content)
    assert first["text"] == ["32:30", "32:30"] and not first["started"]
    assert press(dclient, url, "p1", kind="start", player=1, at=0).status_code == 200
    assert press(dclient, url, "p2", kind="press", player=1, at=1).status_code == 200
    again = press(dclient, url, "p2", kind="press", player=1, at=1)
    assert again.json()["repeated"] is True
    wrong = press(dclient, url, "p3", kind="press", player=1, at=2)
    assert wrong.status_code == 400 and "error" in wrong.json()
    log = TableLog.objects.get(table=tb)
    assert [e["kind"] for e in log.events] == ["start", "press"]
    state = json.loads(dclient.get(f"{url}etat/").content)
    assert state["running"] == 0 and state["moves"] == [0, 1]
    assert state["remaining"][1] == 1950 - 1 + 9
    assert press(dclient, url, "p4", kind="pause", at=2).status_code == 200
    assert json.loads(dclient.get(f"{url}etat/").content)["paused"] is True
    clocks = dclient.get(f"/backgammon/{eid}/ronde/1/pendules/").content.decode()
    assert f'id="clock-{tb.number}"' in clocks and "neutralisée" in clocks
    assert "pas commencée" in clocks  # the other tables have not started theirs
    assert TableLog.objects.get(table=tables(1)[1]).code in clocks


def test_003_clock_3_9_the_registers_time_penalty_reaches_the_clock(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=9)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = f"/backgammon/{eid}/table/{tb.pk}/pendule/"
    dclient.get(url)
    press(dclient, url, "s", kind="start", player=0, at=0)
    press(dclient, url, "p", kind="pause", at=0)
    incident(dclient, eid, player=tb.a, round=1, table=tb.number, kind="dice_touched")
    state = json.loads(dclient.get(f"{url}etat/").content)
    assert state["remaining"] == [1950 - 30, 1950]
    appeal(dclient, eid, Incident.objects.get(), "annulled", "Dés non touchés.")
    state = json.loads(dclient.get(f"{url}etat/").content)
    assert state["remaining"] == [1950, 1950]
    assert [e["kind"] for e in TableLog.objects.get(table=tb).events][-2:] == [
        "penalize",
        "compensate",
    ]


def test_the_clock_refuses_what_it_cannot_read(dclient: Client, aclient: Client) -> None:
    eid = setup_event(dclient, match_length=9)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = f"/backgammon/{eid}/table/{tb.pk}/pendule/"
    dclient.get(url)
    assert press(dclient, url, "x", kind="undo", at=0).status_code == 400
    assert press(dclient, url, "y", kind="press", player="A", at=0).status_code == 400
    bad = dclient.post(f"{url}action/", "[", content_type="application/json")
    assert bad.status_code == 400
    assert aclient.get(url).status_code == 403  # an arbiter of no role in this event
    assert aclient.get(f"/backgammon/{eid}/ronde/1/pendules/").status_code == 403


def test_the_page_of_every_clock_is_offered_to_the_director_only(
    dclient: Client, aclient: Client, arbiter: Any
) -> None:
    """The page of every clock of a round is the director's (tests/app/test_rights.py): the
    round page links to it for the director, not for an arbiter of the event, who opens
    each table's clock and is refused the overview."""
    from arbitre.app.events.roles import ARBITER, grant

    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    grant(eid, arbiter, ARBITER)
    overview = f"/backgammon/{eid}/ronde/1/pendules/"
    assert overview in dclient.get(f"/backgammon/{eid}/ronde/1/").content.decode()
    page = aclient.get(f"/backgammon/{eid}/ronde/1/").content.decode()
    assert 'id="clock-link-1"' in page and overview not in page
    assert aclient.get(overview).status_code == 403


def test_a_forged_press_at_the_players_table_is_refused_and_in_the_events_log(
    dclient: Client, server_clock: ServerClock
) -> None:
    """Issue 34, through the players' page opened by code: a press claiming 8 s back, or
    naming another table's clock, is refused; the director reads both in the event's log;
    the clocks keep the server's times."""
    from arbitre.app.rounds.models import AuditEntry
    from arbitre.app.rounds.tablelog import REFUSED_ACTION

    eid = setup_event(dclient, match_length=9)
    pair(dclient, eid)
    two, three = tables(1)[0], tables(1)[1]
    code2 = TableLog.objects.get(table=two).code
    code3 = TableLog.objects.get(table=three).code
    players = Client()
    url = f"/backgammon/table/{code2}/"
    assert press(players, url, "s", kind="start", player=1, at=0, table=code2).status_code == 200
    server_clock.at(20)
    # the player to move thought 20 s and says it was 12 s
    epoch = TableLog.objects.get(table=two).epoch
    at12 = server_clock.START + 12 - epoch
    body = {"id": "f", "event": {"kind": "press", "player": 1, "at": at12, "table": code2}}
    forged = players.post(f"{url}action/", json.dumps(body), content_type="application/json")
    assert forged.status_code == 400 and "heure du serveur" in forged.json()["error"]
    other = press(players, url, "o", kind="start", player=0, table=code3)
    assert other.status_code == 400 and "autre table" in other.json()["error"]
    assert TableLog.objects.get(table=three).events == []
    honest = press(players, url, "h", kind="press", player=1, table=code2)
    assert honest.status_code == 200 and honest.json()["stamped"] == 20.0
    assert honest.json()["remaining"][1] == 1950 - 20 + 9
    entries = AuditEntry.objects.filter(action=REFUSED_ACTION).order_by("id")
    assert [e.after["motif"] for e in entries] == ["heure annoncée", "autre table"]
    assert {e.target for e in entries} == {f"ronde 1, table {two.number}"}
    assert "heure ou table falsifiée" in dclient.get(f"/backgammon/{eid}/").content.decode()
