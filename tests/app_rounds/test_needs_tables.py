"""The director's live overview of a Classic or backgammon round (issue 35, item 4): each
kind of item built from the real state of a table (its log as the tablets stored it, the
round's results, the register), with the player whose clock runs, and gone once resolved."""

from __future__ import annotations

import json
from itertools import count
from typing import Any

import pytest
from django.test import Client

from arbitre.app import wordlists
from arbitre.app.events import incidents, needs
from arbitre.app.events.models import Event
from arbitre.app.events.needs_model import ALERT, WATCH
from arbitre.app.rounds import results
from arbitre.app.rounds.models import Entrant, Table, TableLog, Tournament
from arbitre.lexicon import Lexicon
from tests.app_rounds.conftest import ServerClock, check_in_all
from tests.app_rounds.test_backgammon_web import result as bg_result
from tests.app_rounds.test_classic_web import pair as classic_pair
from tests.app_rounds.test_classic_web import result as classic_result
from tests.app_rounds.test_classic_web import setup_event as classic_event

pytestmark = pytest.mark.django_db

LEXICON = Lexicon.from_words(frozenset({"MAISON", "MAISONS", "AS", "SA"}), name="mots-de-test")
_ids = count(1)


@pytest.fixture(autouse=True)
def lexicon(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wordlists, "_lexicons", {"": LEXICON})


def send(client: Client, url: str, clock: ServerClock, at: float, **event: Any) -> Any:
    """One action stored by the server at ``at`` seconds (its own time, issue 34)."""
    clock.at(at)
    body = {"id": f"n{next(_ids)}", "event": event}
    response = client.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content.decode()
    return response.json()


def listed(eid: int, clock: ServerClock | None = None, at: float | None = None) -> list[Any]:
    if clock is not None and at is not None:
        clock.at(at)
    return needs.overview(Event.objects.get(pk=eid)).needs


def of_kind(found: list[Any], kind: str) -> list[Any]:
    return [n for n in found if n.kind == kind]


def classic_table(dclient: Client, profile: str, minutes: str = "") -> tuple[int, Table, str]:
    eid = classic_event(dclient, profile=profile)
    check_in_all(dclient, eid)
    classic_pair(dclient, eid)
    if minutes:
        response = dclient.post(f"/classique/{eid}/pendule/", {"kind": "chess", "minutes": minutes})
        assert response.status_code == 302
    tb = Table.objects.filter(round__number=1).exclude(b="").order_by("number").first()
    assert tb is not None
    TableLog.objects.filter(table=tb).update(epoch=ServerClock.START)
    return eid, tb, f"/classique/{eid}/table/{tb.pk}/action/"


def test_an_arbiter_call_is_listed_with_the_running_clock_until_play_resumes(
    dclient: Client, server_clock: ServerClock
) -> None:
    eid, tb, url = classic_table(dclient, "ffsc")
    assert listed(eid) == []  # paired, nothing started: nothing needs the director
    send(dclient, url, server_clock, 1, kind="toss", rounds=[["A", "Z"]])
    send(dclient, url, server_clock, 2, kind="start")
    send(dclient, url, server_clock, 10, kind="play", player=0, move="H4 MAISON")
    # 001 4.1.6: the players stop the clock and call; B's time was running
    send(dclient, url, server_clock, 12, kind="neutralise", reason="arbiter")
    calls = of_kind(listed(eid), "call")
    assert len(calls) == 1
    call = calls[0]
    assert call.level == ALERT and "appel à l'arbitre" in call.text
    assert call.url == f"/classique/{eid}/table/{tb.pk}/" and tb.a in call.where
    assert call.running == ""  # a stopped clock runs for nobody
    send(dclient, url, server_clock, 30, kind="resume")
    assert of_kind(listed(eid), "call") == []
    # the clocks list shows whose time runs: B's, to move after A's word
    found = needs.overview(Event.objects.get(pk=eid))
    line = next(c for c in found.clocks if c.key == f"clock:{tb.pk}")
    assert [s.running for s in line.sides] == [False, True]
    assert [s.name for s in line.sides] == [tb.a, tb.b]


def test_a_challenge_is_listed_until_it_is_ruled(
    dclient: Client, server_clock: ServerClock
) -> None:
    eid, tb, url = classic_table(dclient, "ffsc")
    send(dclient, url, server_clock, 1, kind="toss", rounds=[["A", "Z"]])
    send(dclient, url, server_clock, 2, kind="start")
    send(dclient, url, server_clock, 10, kind="play", player=0, move="H4 MAISON")
    send(dclient, url, server_clock, 11, kind="challenge", player=1, words=["MAISON"])
    found = of_kind(listed(eid), "challenge")
    assert len(found) == 1 and tb.b in found[0].text and "MAISON" in found[0].text
    send(dclient, url, server_clock, 20, kind="ruling")
    assert of_kind(listed(eid), "challenge") == []


def test_000_9_5_an_absent_players_clock_runs_and_the_forfeit_comes_at_half_the_credit(
    dclient: Client, server_clock: ServerClock
) -> None:
    """000 9.5: the absent player's clock runs from the start of the round; the forfeit
    may be declared once half of their credit (20 minutes here) has run."""
    eid, tb, url = classic_table(dclient, "fbs", minutes="20")
    send(dclient, url, server_clock, 0, kind="absent_clock", player=1)
    late = of_kind(listed(eid, server_clock, 300), "late")
    assert len(late) == 1 and late[0].running == tb.b
    assert tb.b in late[0].text and "temps restant 15:00" in late[0].text
    assert "Forfait possible dans 5:00" in late[0].text  # 600 s of 1,200 at 900 left
    late = of_kind(listed(eid, server_clock, 601), "late")
    assert "Le forfait peut être prononcé" in late[0].text
    # the player arrives: no one is absent any more
    send(dclient, url, server_clock, 602, kind="arrive")
    assert of_kind(listed(eid), "late") == []


def test_001_10_5_under_ffsc_the_forfeit_is_the_directors_decision(
    dclient: Client, server_clock: ServerClock
) -> None:
    eid, tb, url = classic_table(dclient, "ffsc")
    send(dclient, url, server_clock, 0, kind="absent_clock", player=0)
    late = of_kind(listed(eid, server_clock, 60), "late")
    assert "décision du directeur (001 10.5)" in late[0].text and late[0].running == tb.a
    send(dclient, url, server_clock, 61, kind="forfeit", player=0)
    tb.refresh_from_db()
    assert tb.entered  # the forfeit entered the round: nothing waits
    assert listed(eid) == []


def test_a_clock_at_zero_is_listed_until_the_game_ends(
    dclient: Client, server_clock: ServerClock
) -> None:
    eid, tb, url = classic_table(dclient, "ffsc", minutes="1")
    send(dclient, url, server_clock, 1, kind="toss", rounds=[["A", "Z"]])
    send(dclient, url, server_clock, 2, kind="start")
    assert of_kind(listed(eid, server_clock, 50), "clock") == []
    zero = of_kind(listed(eid, server_clock, 63), "clock")
    assert len(zero) == 1 and zero[0].text == f"Temps écoulé : {tb.a}."
    send(dclient, url, server_clock, 64, kind="director_end")
    assert of_kind(listed(eid), "clock") == []


def test_an_unsigned_sheet_then_a_signed_sheet_without_its_result(
    dclient: Client, server_clock: ServerClock
) -> None:
    eid, tb, url = classic_table(dclient, "ffsc")
    send(dclient, url, server_clock, 1, kind="toss", rounds=[["A", "Z"]])
    send(dclient, url, server_clock, 2, kind="start")
    send(dclient, url, server_clock, 10, kind="play", player=0, move="H4 MAISON")
    send(dclient, url, server_clock, 20, kind="director_end")
    send(dclient, url, server_clock, 21, kind="declare_rack", player=0, tiles="AEIRSTU")
    send(dclient, url, server_clock, 21, kind="declare_rack", player=1, tiles="BEILNOR")
    unsigned = of_kind(listed(eid), "unsigned")
    assert len(unsigned) == 1 and unsigned[0].level == WATCH
    assert tb.a in unsigned[0].text and tb.b in unsigned[0].text
    send(dclient, url, server_clock, 30, kind="sign", player=0)
    unsigned = of_kind(listed(eid), "unsigned")
    assert tb.b in unsigned[0].text and tb.a not in unsigned[0].text
    send(dclient, url, server_clock, 31, kind="sign", player=1)
    tb.refresh_from_db()
    assert tb.entered and listed(eid) == []
    # the result taken out of the round (a correction under way): the signed sheet waits
    t = Tournament.objects.get(event_id=eid)
    results.clear_result(t, tb.pk, tb.version, None)
    missing = of_kind(listed(eid), "result")
    assert len(missing) == 1 and missing[0].url == f"/classique/{eid}/ronde/1/#table-{tb.number}"
    assert "enregistré" in " ".join(classic_result(dclient, tb, score_a=18, score_b=0, toss="a"))
    assert listed(eid) == []


def test_a_pending_appeal_and_declared_players_are_listed(dclient: Client) -> None:
    eid = classic_event(dclient, profile="ffsc")
    event = Event.objects.get(pk=eid)
    t = Tournament.objects.get(event=event)
    Entrant.objects.filter(pk=t.entrants.first().pk).update(self_checked_in_at="2026-11-22T09:00Z")
    declared = of_kind(listed(eid), "checkin")
    assert len(declared) == 1 and "1 joueur déclaré présent" in declared[0].text
    check_in_all(dclient, eid)
    assert of_kind(listed(eid), "checkin") == []
    classic_pair(dclient, eid)
    entrant = t.entrants.first()
    entry = incidents.Entry("conduct", "bruit", entrant.pk, 1, 1, sanction="warning")
    (incident,) = incidents.record(event, entry, None)
    assert of_kind(listed(eid), "appeal") == []
    incidents.appeal(event, incident.pk, "pending", "", None)
    waiting = of_kind(listed(eid), "appeal")
    assert len(waiting) == 1 and entrant.name in waiting[0].text
    assert waiting[0].url == f"/evenement/{eid}/incidents/"
    incidents.appeal(event, incident.pk, "upheld", "maintenue", None)
    assert of_kind(listed(eid), "appeal") == []


# -- backgammon ---------------------------------------------------------------------------------


def bg_table(dclient: Client) -> tuple[int, Table, str]:
    from tests.app_rounds.test_backgammon_web import pair, setup_event

    eid = setup_event(dclient, match_length=5)
    Tournament.objects.filter(event_id=eid).update(clocked=True)
    pair(dclient, eid)
    tb = Table.objects.filter(round__number=1).order_by("number").first()
    assert tb is not None
    url = f"/backgammon/{eid}/table/{tb.pk}/pendule/"
    assert dclient.get(url).status_code == 200
    TableLog.objects.filter(table=tb).update(epoch=ServerClock.START)
    return eid, tb, f"{url}action/"


def test_003_a_flag_down_then_the_result(dclient: Client, server_clock: ServerClock) -> None:
    """5 points at 2.5 min + 10 min of break: 22:30 each (clock rules 2.1). B's clock runs
    from the start (3.5) and B never presses: past 22:30 B's flag is down (4.1)."""
    eid, tb, url = bg_table(dclient)
    send(dclient, url, server_clock, 0, kind="start", player=1)
    send(dclient, url, server_clock, 2, kind="press", player=1)
    send(dclient, url, server_clock, 4, kind="press", player=0)
    assert of_kind(listed(eid, server_clock, 1300), "clock") == []
    running = needs.overview(Event.objects.get(pk=eid)).clocks[0]
    assert [s.running for s in running.sides] == [False, True]
    flag = of_kind(listed(eid, server_clock, 4 + 1350 + 9 + 1), "clock")
    assert len(flag) == 1 and tb.b in flag[0].text
    send(dclient, url, server_clock, 1400, kind="flag")  # the result is written (4.3)
    tb.refresh_from_db()
    assert tb.entered and listed(eid) == []


def test_003_3_14_a_neutralised_clock_and_1_3_a_clock_run_with_no_move(
    dclient: Client, server_clock: ServerClock
) -> None:
    eid, tb, url = bg_table(dclient)
    send(dclient, url, server_clock, 0, kind="start", player=0)
    # 1.3: the present player started the absent player's clock
    assert of_kind(listed(eid, server_clock, 100), "late") == []
    late = of_kind(listed(eid, server_clock, 200), "late")
    assert len(late) == 1 and late[0].running == tb.a and "3:20" in late[0].text
    send(dclient, url, server_clock, 201, kind="press", player=0)
    assert of_kind(listed(eid), "late") == []
    send(dclient, url, server_clock, 210, kind="pause")
    paused = of_kind(listed(eid, server_clock, 250), "paused")
    assert len(paused) == 1 and "0:40" in paused[0].text and paused[0].running == ""
    send(dclient, url, server_clock, 260, kind="resume")
    assert of_kind(listed(eid), "paused") == []


def test_003_4_6_a_result_confirmed_by_one_player_then_late(
    dclient: Client, server_clock: ServerClock
) -> None:
    eid, tb, url = bg_table(dclient)
    send(dclient, url, server_clock, 10, kind="confirm", player=0, score=[5, 2])
    waiting = of_kind(listed(eid), "unsigned")
    assert len(waiting) == 1 and tb.b in waiting[0].text and tb.a not in waiting[0].text
    late = of_kind(listed(eid, server_clock, 10 + 301), "result")
    assert len(late) == 1 and "5 minutes (art. 4.6)" in late[0].text
    assert of_kind(listed(eid), "unsigned") == []
    assert "enregistré" in bg_result(dclient, tb, winner=tb.a, score_a=5, score_b=2)
    assert listed(eid) == []


def test_a_table_played_on_paper_shows_in_the_summary_only(dclient: Client) -> None:
    eid, tb, _ = classic_table(dclient, "ffsc")
    TableLog.objects.filter(table__round__tournament__event_id=eid).delete()
    found = needs.overview(Event.objects.get(pk=eid))
    count_tables = Table.objects.filter(round__tournament__event_id=eid).exclude(b="").count()
    assert found.needs == [] and found.clocks == []
    assert found.summary == f"0 résultats saisis sur {count_tables} tables."
    assert TableLog.objects.filter(table__round__tournament__event_id=eid).count() == 0


def test_003_a_final_stage_match_clock_is_watched_until_the_match_is_decided(
    dclient: Client, server_clock: ServerClock
) -> None:
    """Once the bracket has started, its matches' clocks are read as the Swiss tables'."""
    from tests.app_rounds.test_backgammon_bracket_sanctions import ko, matches, started

    eid = started(dclient)
    t = Tournament.objects.get(event_id=eid)
    log = next(
        x
        for x in TableLog.objects.filter(table__isnull=True, setup__tournament=t.pk)
        if x.setup.get("match") == "QF1"
    )
    TableLog.objects.filter(pk=log.pk).update(epoch=ServerClock.START)
    url = f"/backgammon/{eid}/phase-finale/QF1/pendule/"
    send(dclient, f"{url}action/", server_clock, 0, kind="start", player=1)
    late = of_kind(listed(eid, server_clock, 200), "late")
    qf = matches(dclient, eid)["QF1"]
    assert len(late) == 1 and late[0].url == url and late[0].where.startswith("QF1 · ")
    assert late[0].running == qf["bottom"]
    assert ko(dclient, eid, "QF1", qf["top"], "9-5 9-4")
    assert of_kind(listed(eid), "late") == []


def test_001_6_4_a_shared_credit_is_one_clock(dclient: Client, server_clock: ServerClock) -> None:
    """001 6.4: one credit for both players, used by whoever is to play: one side shown,
    naming the player whose turn runs it."""
    eid, tb, url = classic_table(dclient, "ffsc")
    response = dclient.post(f"/classique/{eid}/pendule/", {"kind": "global", "minutes": "10"})
    assert response.status_code == 302
    send(dclient, url, server_clock, 1, kind="toss", rounds=[["A", "Z"]])
    send(dclient, url, server_clock, 2, kind="start")
    server_clock.at(62)
    (line,) = needs.overview(Event.objects.get(pk=eid)).clocks
    assert [(s.name, s.left, s.running) for s in line.sides] == [
        (f"Crédit commun ({tb.a} joue)", 540.0, True)
    ]


def test_the_list_is_worded_in_the_pages_language(
    director: Any, dclient: Client, server_clock: ServerClock
) -> None:
    eid, tb, url = classic_table(dclient, "ffsc")
    send(dclient, url, server_clock, 1, kind="toss", rounds=[["A", "Z"]])
    send(dclient, url, server_clock, 2, kind="start")
    send(dclient, url, server_clock, 3, kind="neutralise", reason="arbiter")
    english = Client()
    english.force_login(director)
    english.cookies["django_language"] = "en"
    data = english.get(f"/evenement/{eid}/direction/etat/").json()
    (call,) = data["needs"]
    assert (call["label"], call["text"]) == ("Arbiter called", "Clock stopped: arbiter called.")
    assert call["where"] == f"Table {tb.number} · {tb.a} — {tb.b}"
    assert data["round_label"] == "Round 1"
    count = Table.objects.filter(round=tb.round).exclude(b="").count()
    assert data["summary"] == f"0 results entered out of {count} tables."
