"""Seed 001 rules a director applies to Classic tables, through the Django test client: the
setting of rulings.md Classic 9 (withdrawn moves counted as passes) on the event's settings
page, a timing imposed on a slow game on a global credit (001 6.4.2, 6.4.3), and the present
player playing before a latecomer arrives (001 10.5); each audited."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.app.rounds.models import AuditEntry, Table, TableLog, Tournament
from tests.app_rounds.test_classic_table_web import (  # noqa: F401 (autouse fixtures)
    act,
    clock,
    code_of,
    ffsc_round,
    lexicon,
)

pytestmark = pytest.mark.django_db


def edit_settings(dclient: Client, eid: int, **changes: Any) -> Any:
    """The event's settings page posted as it is filled, with ``changes``."""
    t = Tournament.objects.get(event_id=eid)
    data: dict[str, Any] = {
        "name": t.event.name,
        "date": t.event.date.isoformat(),
        "place": t.event.place,
        "rounds": "" if t.rounds_auto or not t.rounds else t.rounds,
        "profile": t.profile,
        "best_of": t.best_of,
        "final_size": t.final_size,
        "final_best_of": t.final_best_of,
    }
    if t.withdrawn_as_passes:
        data["withdrawn_as_passes"] = "on"
    data.update(changes)
    return dclient.post(f"/classique/{eid}/evenement/", data)


def three_withdrawn_phonies(c: Client, url: str) -> dict[str, Any]:
    """X plays a phony three times, Y challenges it (withdrawn) and passes: six turns
    without a word left on the board, three of them withdrawn moves."""
    assert act(c, url, {"kind": "toss", "rounds": [["A", "Z"]]}).status_code == 200
    assert act(c, url, {"kind": "start"}).status_code == 200
    state: dict[str, Any] = {}
    for _ in range(3):
        assert act(c, url, {"kind": "play", "player": 0, "move": "H8 DNI"}).status_code == 200
        challenge = {"kind": "challenge", "player": 1, "words": ["DNI"]}
        assert act(c, url, challenge).status_code == 200
        state = act(c, url, {"kind": "ruling"}).json()
        if state["reckoning"]:
            break
        state = act(c, url, {"kind": "pass", "player": 1}).json()
    return state


def test_rulings_9_the_setting_is_on_the_settings_page_audited_and_ends_the_game(
    dclient: Client,
) -> None:
    eid, tb = ffsc_round(dclient)
    page = dclient.get(f"/classique/{eid}/evenement/").content.decode()
    assert 'name="withdrawn_as_passes"' in page and "coups retirés" in page
    # default: only declared passes count (rulings.md Classic 9)
    code = code_of(dclient, eid, tb)
    plain = three_withdrawn_phonies(Client(), f"/classique/table/{code}/action/")
    assert not plain["reckoning"] and plain["pass_run"] == 1
    # the director sets it: audited before -> after; the tables not started follow it
    assert edit_settings(dclient, eid, withdrawn_as_passes="on").status_code == 302
    t = Tournament.objects.get(event_id=eid)
    assert t.withdrawn_as_passes
    entry = AuditEntry.objects.filter(tournament=t, action="Réglages modifiés").get()
    assert entry.before == {"withdrawn_as_passes": False}
    assert entry.after == {"withdrawn_as_passes": True}
    other = Table.objects.filter(round=tb.round).exclude(b="").exclude(pk=tb.pk).first()
    assert other is not None
    counted = three_withdrawn_phonies(
        Client(), f"/classique/table/{code_of(dclient, eid, other)}/action/"
    )
    assert counted["reckoning"] and counted["ending"] == "deduct"
    # the table already started keeps the rule it began with
    assert not TableLog.objects.get(table=tb).setup.get("withdrawn_as_passes")
    # and the director may take it back
    assert edit_settings(dclient, eid, withdrawn_as_passes="").status_code == 302
    t.refresh_from_db()
    assert not t.withdrawn_as_passes


def test_001_6_4_3_the_director_imposes_a_clock_for_the_end_of_a_slow_game(
    dclient: Client,
) -> None:
    """6.4.3: on a global credit, the director decides "un mode de chronométrage pour la fin
    de partie (pendule ou chronomètre)": the table log holds it, the audit log says before
    and after, the table's page runs the new clock."""
    eid, tb = ffsc_round(dclient)
    assert dclient.post(f"/classique/{eid}/pendule/", {"kind": "global", "minutes": "60"})
    code = code_of(dclient, eid, tb)
    players = f"/classique/table/{code}/action/"
    arbiter = f"/classique/{eid}/table/{tb.pk}/action/"
    page = dclient.get(f"/classique/{eid}/table/{tb.pk}/").content.decode()
    assert 'id="ct-a-impose"' in page and "6.4.2" in page
    c = Client()
    act(c, players, {"kind": "toss", "rounds": [["A", "Z"]], "at": 0})
    act(c, players, {"kind": "start", "at": 0})
    act(c, players, {"kind": "play", "player": 0, "move": "H4 MAISON", "at": 600})
    impose = {"kind": "impose_clock", "clock": "chess", "seconds": 300, "at": 1000}
    # the players cannot impose it themselves
    refused = act(c, players, impose)
    assert (
        refused.status_code == 400 and refused.json()["error"] == "Seul un arbitre peut faire cela."
    )
    state = act(dclient, arbiter, impose).json()
    assert state["clock"]["kind"] == "chess" and state["clock"]["seconds"] == 300
    assert state["clock"]["running"] == 1 and state["clock"]["remaining"] == [300, 300]
    log = TableLog.objects.get(table=tb)
    assert log.events[-1]["kind"] == "impose_clock" and log.events[-1]["seconds"] == 300
    entry = AuditEntry.objects.filter(
        tournament__event_id=eid, action="Chronométrage imposé par le directeur"
    ).get()
    assert entry.target == f"ronde 1, table {tb.number}"
    assert entry.before == {"pendule": "global", "secondes": 3600}
    assert entry.after == {"pendule": "chess", "secondes": 300}
    # Y's own five minutes run now; X's wait
    act(c, players, {"kind": "pass", "player": 1, "at": 1100})
    state = c.get(f"/classique/table/{code}/etat/").json()
    assert state["clock"]["remaining"][1] == 200 and state["clock"]["running"] == 0
    # a chess clock cannot be imposed a second time: the game is timed already
    again = act(dclient, arbiter, {"kind": "impose_clock", "clock": "chess", "seconds": 60})
    assert again.status_code == 400 and "crédit-temps global" in again.json()["error"]


def test_001_10_5_the_present_player_plays_before_the_latecomer_arrives(
    dclient: Client,
) -> None:
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    players = f"/classique/table/{code}/action/"
    arbiter = f"/classique/{eid}/table/{tb.pk}/action/"
    page = dclient.get(f"/classique/{eid}/table/{tb.pk}/").content.decode()
    assert 'id="ct-a-late"' in page and "data-w-late=" in page
    c = Client()
    late = {"kind": "late_start", "player": 1, "at": 0}
    assert act(c, players, late).status_code == 400  # the director's decision
    state = act(dclient, arbiter, late).json()
    assert state["started"] and state["absent"] == 1 and state["to_move"] == 0
    early = act(c, players, {"kind": "pass", "player": 1, "at": 10})
    assert early.status_code == 400 and "pas encore arrivé" in early.json()["error"]
    # the present player draws, plays and presses: the latecomer's time runs
    act(c, players, {"kind": "play", "player": 0, "move": "H4 MAISON", "at": 90})
    state = c.get(f"/classique/table/{code}/etat/").json()
    assert state["clock"]["running"] == 1 and state["clock"]["remaining"][0] == 1500 - 90
    act(dclient, arbiter, {"kind": "arrive", "at": 400})
    state = act(c, players, {"kind": "pass", "player": 1, "at": 430}).json()
    assert state["absent"] is None and state["clock"]["remaining"][1] == 1500 - 340
    actions = list(
        AuditEntry.objects.filter(tournament__event_id=eid, target=f"ronde 1, table {tb.number}")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == [
        "Le joueur présent joue avant l'arrivée du retardataire",
        "Arrivée du retardataire",
    ]
