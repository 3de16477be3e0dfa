"""The match clock at a backgammon table writes the result (issue 19, parts 1 and 3; seed
003 clock rules 4.1-4.3 and 2.3): the flag seen down on the tablet enters the table's result
in the round, won on time with the real match score entered at the table, or both flags
down, both scoring 0; audited; the director corrects it like any result."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db.models import F
from django.test import Client

from arbitre.app.rounds.models import AuditEntry, Table, TableLog, Tournament
from tests.app_rounds.conftest import messages_of
from tests.app_rounds.test_backgammon_clock import clock, press  # noqa: F401 - clock: autouse
from tests.app_rounds.test_backgammon_web import pair, result, setup_event, tables

pytestmark = pytest.mark.django_db


def fast_clock(eid: int) -> None:
    """1 point = 0.05 min (3 s): a 5-point match gives 15 s a player, no break, no increment."""
    Tournament.objects.filter(event_id=eid).update(
        clocked=True, clock_per_point=0.05, break_minutes=0, break_minutes_long=0, clock_increment=0
    )


def open_clock(client: Client, eid: int, tb: Table) -> str:
    url = f"/backgammon/{eid}/table/{tb.pk}/pendule/"
    assert client.get(url).status_code == 200
    # the log started 100 s ago: its events may be dated up to now
    TableLog.objects.filter(table=tb).update(epoch=F("epoch") - 100)
    return url


def state(client: Client, url: str) -> Any:
    return json.loads(client.get(f"{url}etat/").content)


def test_003_clock_4_3_flag_fall_writes_the_result_with_the_real_score(dclient: Client) -> None:
    """5 points, 15 s each. A (first player) starts B's clock (3.5, B the higher die); B
    plays, A plays, the score 3-1 for B is noted at the end of a game; B then lets the time
    run out: the flag seen (4.1) writes "A wins on time, 1-3" into the round (4.3), audited."""
    eid = setup_event(dclient, match_length=5)
    fast_clock(eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    assert press(dclient, url, "s", kind="start", player=1, at=0).status_code == 200
    assert press(dclient, url, "p1", kind="press", player=1, at=2).status_code == 200
    assert press(dclient, url, "p2", kind="press", player=0, at=4).status_code == 200
    assert press(dclient, url, "sc", kind="score", score=[1, 3], at=4).status_code == 200
    early = press(dclient, url, "f0", kind="flag", at=10)
    assert early.status_code == 400 and "aucun drapeau" in early.json()["error"]
    tb.refresh_from_db()
    assert not tb.entered
    done = press(dclient, url, "f1", kind="flag", at=20)
    assert done.status_code == 200
    assert done.json()["ended"] == "time" and done.json()["winner"] == 0
    tb.refresh_from_db()
    assert tb.entered and tb.winner == tb.a and tb.ended == "time"
    assert (tb.score_a, tb.score_b) == (1, 3)
    actions = list(
        AuditEntry.objects.filter(tournament__event_id=eid).values_list("action", flat=True)
    )
    assert "Résultat" in actions and "Résultat écrit à la chute du drapeau" in actions
    # the director corrects it (4.3: B held a certain win of the match)
    assert "enregistré" in result(dclient, tb, winner=tb.b, score_a=1, score_b=5)
    tb.refresh_from_db()
    assert tb.winner == tb.b and tb.ended == ""
    # a flag seen again does not overwrite the director's result
    press(dclient, url, "f2", kind="flag", at=21)
    tb.refresh_from_db()
    assert tb.winner == tb.b


def test_003_clock_4_3_no_score_noted_the_result_has_no_score(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=5)
    fast_clock(eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    press(dclient, url, "s", kind="start", player=0, at=0)
    assert press(dclient, url, "f", kind="flag", at=16).status_code == 200
    tb.refresh_from_db()
    assert tb.entered and tb.winner == tb.b and tb.ended == "time"
    assert tb.score_a is None and tb.score_b is None


def test_003_clock_2_3_both_flags_down_both_score_zero(dclient: Client) -> None:
    """2.3: the table left while neutralised, both players penalised 5 minutes by the
    register: both flags are down, the result is written with nobody winning."""
    eid = setup_event(dclient, match_length=5)
    fast_clock(eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    press(dclient, url, "s", kind="start", player=0, at=0)
    press(dclient, url, "z", kind="pause", at=1)
    from tests.app_rounds.test_backgammon_incidents import incident

    incident(dclient, eid, kind="abandoned_table", round=1, table=tb.number)
    assert press(dclient, url, "f", kind="flag", at=3).status_code == 200
    assert state(dclient, url)["ended"] == "both_time"
    tb.refresh_from_db()
    assert tb.entered and tb.ended == "both_time" and tb.winner == ""


def test_the_score_noted_at_the_table_is_checked(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    for bad in ([5, 0], [1], [-1, 2], ["1", 2], [True, 0]):
        assert press(dclient, url, f"x{bad}", kind="score", score=bad, at=0).status_code == 400
    assert press(dclient, url, "ok", kind="score", score=[4, 4], at=0).status_code == 200
    assert state(dclient, url)["score"] == [4, 4]


def compensation(client: Client, eid: int, tb: Table, **data: Any) -> list[str]:
    from tests.app_rounds.conftest import messages_of

    fields = {"player": 1, "minutes": "1,5", "seconds": 0, "reason": "Pendule défaillante"}
    return messages_of(
        client.post(
            f"/backgammon/{eid}/table/{tb.pk}/pendule/compensation/",
            {**fields, **data},
            follow=True,
        )
    )


def test_003_clock_1_2_the_director_compensates_a_wronged_player(
    dclient: Client, aclient: Client
) -> None:
    """1.2: "des compensations peuvent être octroyées par le directeur du tournoi si un
    joueur a été lésé": 1 min 30 s to B, stored in the log with the reason, audited; sent
    twice (same form), given once; never from the table's page; an arbiter of the event may
    not (the director only)."""
    eid = setup_event(dclient, match_length=9)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    page = dclient.get(url).content.decode()
    assert 'id="compensation"' in page
    press(dclient, url, "s", kind="start", player=0, at=0)
    press(dclient, url, "z", kind="pause", at=0)
    assert "Compensation de 90 s donnée à" in compensation(dclient, eid, tb, id="f1")[-1]
    compensation(dclient, eid, tb, id="f1")  # the same form sent again
    assert state(dclient, url)["remaining"] == [1950, 1950 + 90]
    log = TableLog.objects.get(table=tb)
    given = [e for e in log.events if e["kind"] == "compensate"]
    assert len(given) == 1 and given[0]["reason"] == "Pendule défaillante"
    entry = AuditEntry.objects.filter(action="Compensation de temps (pendule, art. 1.2)").get()
    assert entry.reason == "Pendule défaillante"
    assert "raison" in compensation(dclient, eid, tb, reason=" ", id="f2")[-1]
    assert "1 à 3600" in compensation(dclient, eid, tb, minutes=0, id="f3")[-1]
    assert "minutes" in compensation(dclient, eid, tb, minutes="x", id="f4")[-1]
    for typed in ("inf", "nan", "1e400"):  # no number: refused in French (was a server error)
        assert "minutes" in compensation(dclient, eid, tb, minutes=typed, id=f"f-{typed}")[-1]
    assert "joueur" in compensation(dclient, eid, tb, player=2, id="f5")[-1]
    refused = press(dclient, url, "c", kind="compensate", player=0, seconds=60, at=1)
    assert refused.status_code == 400 and "directeur" in refused.json()["error"]
    assert (
        press(dclient, url, "pen", kind="penalize", player=0, seconds=60, at=1).status_code == 400
    )
    assert state(dclient, url)["remaining"] == [1950, 1950 + 90]
    stranger = aclient.post(f"/backgammon/{eid}/table/{tb.pk}/pendule/compensation/", {})
    assert stranger.status_code == 403


def test_the_table_code_opens_that_tables_clock_for_that_round_only(dclient: Client) -> None:
    """Issue 19, part 1 (as the Classic table, issue 18): each table of two players gets a
    code at pairing, printed on the pairing sheet and the score sheet; with it, no account,
    the players open their table's clock and press it; never a director's action; the code
    is refused once the next round is paired, and so is another game's code."""
    from tests.app_rounds.test_backgammon_web import play_round

    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    first, second = tables(1)[0], tables(1)[1]
    code = TableLog.objects.get(table=first).code
    assert TableLog.objects.filter(table__round__number=1).count() == len(
        [tb for tb in tables(1) if tb.b]
    )
    # issue 34: no code on the pairing sheet posted in the hall; each on its table's slip
    printed = dclient.get(f"/backgammon/{eid}/ronde/1/imprimer/").content.decode()
    assert code not in printed and TableLog.objects.get(table=second).code not in printed
    slips = dclient.get(f"/backgammon/{eid}/ronde/1/billets/").content.decode()
    slip = slips.split(f'id="slip-{first.number}"')[1].split('<section class="slip"')[0]
    assert code in slip and f"/backgammon/table/{code}/" in slip
    assert TableLog.objects.get(table=second).code not in slip
    sheets = dclient.get(f"/backgammon/{eid}/ronde/1/feuilles/").content.decode()
    assert code in sheets and "/backgammon/table/" in sheets
    player = Client()
    typed = player.get("/backgammon/table/", {"code": f"{code[:3].lower()}-{code[3:]}"})
    assert typed.status_code == 302 and typed["Location"] == f"/backgammon/table/{code}/"
    page = player.get(f"/backgammon/table/{code}/").content.decode()
    assert first.a in page and first.b in page and second.a not in page
    assert 'id="compensation"' not in page and "Retour à la ronde" not in page
    url = f"/backgammon/table/{code}/"
    assert press(player, url, "s", kind="start", player=1, at=0).status_code == 200
    assert press(player, url, "p", kind="press", player=1, at=0).status_code == 200
    assert press(player, url, "c", kind="compensate", player=0, seconds=9, at=0).status_code == 400
    assert json.loads(player.get(f"{url}etat/").content)["moves"] == [0, 1]
    assert TableLog.objects.get(table=second).events == []
    unknown = player.get("/backgammon/table/", {"code": "QQQQQQQQ"}).content.decode()
    assert "Code de table inconnu." in unknown
    TableLog.objects.create(kind="classic", code="CCCCCC", epoch=0)
    assert player.get("/backgammon/table/CCCCCC/").status_code == 404
    # and the Classic table's pages refuse a backgammon code
    assert player.get(f"/classique/table/{code}/").status_code == 404
    assert player.get(f"/classique/table/{code}/etat/").status_code == 404
    assert (
        "Code de table inconnu." in player.get("/classique/table/", {"code": code}).content.decode()
    )
    play_round(dclient, 1)
    pair(dclient, eid)
    over = player.get(f"/backgammon/table/{code}/")
    assert over.status_code == 404 and "plus valable" in over.content.decode()
    assert press(player, url, "late", kind="pause", at=1).status_code == 404


def test_003_3_14_moves_entered_at_the_table_checked_and_cross_checked(dclient: Client) -> None:
    """Issue 19, part 6: on the table's page the players may enter each action as a .mat
    writes it; the engine checks each one: an illegal move stays once the opponent acts
    (3.14), a move of checkers that are not there is refused; the record is the table's
    .mat (downloadable) and, when it disagrees with the result entered, the round page says
    so to the director."""
    eid = setup_event(dclient, match_length=3)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    assert 'id="record-form"' in dclient.get(url).content.decode()

    def cell(ident: str, player: int, text: str) -> Any:
        return press(dclient, url, ident, kind="record", player=player, cell=text, at=1)

    assert cell("c1", 0, "31: 8/5 6/5").status_code == 200
    illegal = cell("c2", 1, "64: 24/18")  # the 4 not played: illegal, waits (3.14)
    assert illegal.status_code == 200
    assert cell("c3", 0, "21: 13/11 6/5").status_code == 200  # A rolled: condoned
    refused = cell("c4", 1, "55: 12/2(2)")
    assert refused.status_code == 400 and "error" in refused.json()
    assert cell("c5", 1, "Doubles => 2").status_code == 200
    assert cell("c6", 0, "Takes").status_code == 200
    assert press(dclient, url, "u", kind="record_undo", at=1).status_code == 200
    assert cell("c7", 0, "Drops").status_code == 200
    done = cell("c8", 1, "Wins 1 point")
    assert done.json()["record_score"] == [0, 1]
    tb.refresh_from_db()
    assert " Game 1" in tb.mat and "Wins 1 point" in tb.mat and "Takes" not in tb.mat
    public = Client().get(f"/public/backgammon/{eid}/table/{tb.pk}/match.mat").content.decode()
    assert public == tb.mat
    result(dclient, tb, winner=tb.a, score_a=3, score_b=1)
    page = dclient.get(f"/backgammon/{eid}/ronde/1/").content.decode()
    assert f'id="record-problems-{tb.number}"' in page and "en désaccord" in page
    assert (
        press(dclient, url, "bad", kind="record", player=2, cell="Takes", at=1).status_code == 400
    )


def test_003_clock_1_3_both_absent_the_director_penalises_both_and_starts_the_absents_clock(
    dclient: Client, aclient: Client
) -> None:
    """Clock rules 1.3: "Si les deux joueurs sont absents, le premier joueur présent
    prévient le directeur qui pénalise les 2 joueurs de la moitié du temps écoulé et lance
    la pendule du joueur absent." 9 points (32:30 each); B arrives first, 10 minutes after
    the start: 5 minutes off each clock, A's clock runs. Audited; sent twice, applied once;
    refused once the clock has started, and to anyone but the director."""
    eid = setup_event(dclient, match_length=9)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = open_clock(dclient, eid, tb)
    page = dclient.get(url).content.decode()
    assert 'id="both-absent"' in page
    form = {"player": 1, "minutes": "10", "id": "abs1"}
    target = f"{url}absents/"
    msgs = messages_of(dclient.post(target, form, follow=True))
    assert f"la pendule de {tb.a} est lancée" in msgs[-1]
    now = state(dclient, url)
    assert now["running"] == 0 and now["started"] and now["moves"] == [0, 0]
    assert now["remaining"][1] == 1950 - 300
    assert 1950 - 300 - 5 < now["remaining"][0] <= 1950 - 300
    entry = AuditEntry.objects.get(action="Deux joueurs absents (pendule, art. 1.3)")
    assert entry.after["premier arrivé"] == tb.b and entry.after["retiré à chacun (s)"] == 300
    dclient.post(target, form)  # the same form sent again: nothing more
    assert state(dclient, url)["remaining"][1] == 1950 - 300
    assert AuditEntry.objects.filter(action__startswith="Deux joueurs absents").count() == 1
    again = messages_of(dclient.post(target, {**form, "id": "abs2"}, follow=True))
    assert "déjà lancée" in again[-1]
    assert (
        "joueur arrivé le premier"
        in messages_of(
            dclient.post(target, {"player": 1, "minutes": "dix", "id": "abs3"}, follow=True)
        )[-1]
    )
    assert aclient.post(target, {**form, "id": "abs4"}).status_code == 403
