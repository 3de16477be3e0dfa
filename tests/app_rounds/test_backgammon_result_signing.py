"""Seed 003, 4.6 at the tablet: both players confirm the final score within the five
minutes that follow the end of the match; the result is then written into the round,
audited. After the five minutes the tablet refuses and the players go to the director.
Issue 34, item 4: at the one shared tablet each player confirms with their own PIN, printed
on their own part of the table's slip; a wrong PIN is refused and logged, and past a few the
table's confirmations go to the arbiter's page."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from arbitre.app.rounds import codeguard, tablelog
from arbitre.app.rounds.models import AuditEntry, Table, TableLog
from tests.app_rounds.test_backgammon_clock import clock, press  # noqa: F401 - clock: autouse
from tests.app_rounds.test_backgammon_clock_results import open_clock, state
from tests.app_rounds.test_backgammon_web import pair, setup_event, tables

pytestmark = pytest.mark.django_db


def players_clock(dclient: Client, eid: int, tb: Table) -> tuple[str, list[str]]:
    """The players' clock page of ``tb`` (by its code, no account) and their two PINs."""
    open_clock(dclient, eid, tb)
    log = TableLog.objects.get(table=tb)
    return f"/backgammon/table/{log.code}/", list(log.pins)


def _wrong_pins() -> int:
    return sum(
        1
        for e in AuditEntry.objects.filter(action=tablelog.REFUSED_ACTION)
        if e.after.get("motif") == "code personnel faux"
    )


def test_003_4_6_both_players_confirm_at_the_tablet_and_the_result_is_written(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    url, pins = players_clock(dclient, eid, tb)
    player = Client()
    page = player.get(url).content.decode()
    assert 'id="signing-form"' in page and 'id="final-pin-0"' in page
    assert 'id="final-pin-1"' in page
    ok = press(player, url, "c1", kind="confirm", player=0, score=[5, 2], pin=pins[0], at=10)
    assert ok.status_code == 200
    shown = state(player, url)["signing"]
    assert shown["status"] == "waiting" and shown["confirmed"] == [[5, 2], None]
    assert shown["deadline"] is not None and 0 < shown["left"] <= 300
    tb.refresh_from_db()
    assert not tb.entered
    done = press(player, url, "c2", kind="confirm", player=1, score=[5, 2], pin=pins[1], at=60)
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
    url, pins = players_clock(dclient, eid, tb)
    player = Client()
    first = press(player, url, "c1", kind="confirm", player=1, score=[1, 5], pin=pins[1], at=0)
    assert first.status_code == 200
    wrong = press(player, url, "c0", kind="confirm", player=0, score=[4, 3], pin=pins[0], at=1)
    assert wrong.status_code == 400 and "4-3" in wrong.json()["error"]
    late = press(player, url, "c2", kind="confirm", player=0, score=[1, 5], pin=pins[0], at=301)
    assert late.status_code == 400 and "directeur" in late.json()["error"]
    assert state(player, url)["signing"]["status"] == "late"
    overview = dclient.get(f"/backgammon/{eid}/ronde/1/pendules/").content.decode()
    assert "dans les 5 minutes (art. 4.6)" in overview  # the director's page
    tb.refresh_from_db()
    assert not tb.entered


def test_a_player_cannot_confirm_with_the_opponents_pin(dclient: Client) -> None:
    """Issue 34, item 4: at the shared tablet A confirms for B with A's own PIN, then with
    none: both refused in French, nothing stored, each refusal logged for the director; each
    player's own PIN is then accepted, recorded as confirmed by PIN (the PIN not stored), and
    the result is written."""
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    url, pins = players_clock(dclient, eid, tb)
    assert len(pins) == 2 and pins[0] != pins[1]
    player = Client()
    for i, pin in enumerate((pins[0], "")):
        refused = press(player, url, f"w{i}", kind="confirm", player=1, score=[5, 2], pin=pin)
        assert refused.status_code == 400 and "Code personnel faux" in refused.json()["error"]
    assert TableLog.objects.get(table=tb).events == []
    assert _wrong_pins() == 2
    entry = AuditEntry.objects.filter(action=tablelog.REFUSED_ACTION).first()
    assert entry is not None and entry.target == f"ronde 1, table {tb.number}"
    assert entry.after["joueur"] == tb.b
    for p in (0, 1):
        ok = press(player, url, f"c{p}", kind="confirm", player=p, score=[5, 2], pin=pins[p])
        assert ok.status_code == 200
    confirms = [e for e in TableLog.objects.get(table=tb).events if e["kind"] == "confirm"]
    assert [e["proof"] for e in confirms] == ["pin", "pin"]
    assert all("pin" not in e for e in confirms)
    tb.refresh_from_db()
    assert tb.entered and tb.winner == tb.a and (tb.score_a, tb.score_b) == (5, 2)


def test_a_claimed_proof_is_not_believed(dclient: Client) -> None:
    """A page cannot claim the arbiter confirmed: the proof is the server's."""
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    url, pins = players_clock(dclient, eid, tb)
    claimed = press(Client(), url, "c0", kind="confirm", player=0, score=[5, 0], proof="arbitre")
    assert claimed.status_code == 400 and "Code personnel faux" in claimed.json()["error"]
    assert TableLog.objects.get(table=tb).events == []


def test_past_too_many_wrong_pins_the_arbiter_confirms(dclient: Client) -> None:
    """One more wrong PIN than the table may see: the table's confirmations are locked, even
    with the right PIN, and the arbiter confirms from the arbiter's clock page (recorded as
    the arbiter's)."""
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    url, pins = players_clock(dclient, eid, tb)
    player = Client()
    ok = press(player, url, "c0", kind="confirm", player=0, score=[5, 3], pin=pins[0])
    assert ok.status_code == 200
    allowed = int(codeguard.PIN_RATE.split("/")[0])
    for i in range(allowed + 1):
        wrong = press(player, url, f"w{i}", kind="confirm", player=1, score=[5, 3], pin="0000")
        assert wrong.status_code == 400
    locked = press(player, url, "c1", kind="confirm", player=1, score=[5, 3], pin=pins[1])
    assert locked.status_code == 400 and "appelez l'arbitre" in locked.json()["error"]
    # other presses at the table go on
    assert press(player, url, "s", kind="score", score=[4, 3]).status_code == 200
    staff = f"/backgammon/{eid}/table/{tb.pk}/pendule/"
    assert 'id="final-pin-0"' not in dclient.get(staff).content.decode()
    done = press(dclient, staff, "c2", kind="confirm", player=1, score=[5, 3], pin=pins[0])
    assert done.status_code == 200 and done.json()["signing"]["status"] == "confirmed"
    confirms = [e for e in TableLog.objects.get(table=tb).events if e["kind"] == "confirm"]
    assert [e["proof"] for e in confirms] == ["pin", "arbitre"]
    assert all("pin" not in e for e in confirms)
    tb.refresh_from_db()
    assert tb.entered and (tb.score_a, tb.score_b) == (5, 3)


def test_a_table_made_before_pins_confirms_as_before(dclient: Client) -> None:
    """A table whose log has no PINs (drawn before issue 34): the tablet confirms without."""
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    url, _ = players_clock(dclient, eid, tb)
    TableLog.objects.filter(table=tb).update(pins=[])
    player = Client()
    assert 'id="final-pin-0"' not in player.get(url).content.decode()
    for p in (0, 1):
        ok = press(player, url, f"c{p}", kind="confirm", player=p, score=[2, 5])
        assert ok.status_code == 200
    confirms = [e for e in TableLog.objects.get(table=tb).events if e["kind"] == "confirm"]
    assert all("proof" not in e for e in confirms)
    tb.refresh_from_db()
    assert tb.entered and tb.winner == tb.b


def test_the_slip_prints_each_players_pin_on_their_own_part(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    slips = dclient.get(f"/backgammon/{eid}/ronde/1/billets/").content.decode()
    for tb in tables(1):
        if not tb.b:
            continue
        log = TableLog.objects.get(table=tb)
        part = slips.split(f'id="slip-{tb.number}"')[1].split('<section class="slip"')[0]
        players = re.findall(
            r'<div class="slip-player">\s*<p><strong>(.*?)</strong></p>.*?'
            r'<strong class="slip-pin">(\d+)</strong>',
            part,
            re.S,
        )
        assert players == [(tb.a, log.pins[0]), (tb.b, log.pins[1])]
