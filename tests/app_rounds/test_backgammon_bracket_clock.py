"""The final stage's table clock (issue 33, item 10; seed 003 "Tableau final": "Les matchs
sont joués au meilleur des trois manches avec pendule"; clock rules 2.1, 3.9, 4.1, 4.3, 1.2):
every quarter-final, semi-final, final and consolation match gets a table code and the same
clock as a Swiss table, each set on a fresh clock at its own length; a flag writes the set
won on time into the bracket, which moves on when it decides the match."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.events.models import Incident
from arbitre.app.rounds.models import AuditEntry, KnockoutResult, TableLog, Tournament
from tests.app_rounds.test_backgammon_bracket_sanctions import ko, matches, started
from tests.app_rounds.test_backgammon_clock import clock, press  # noqa: F401 - clock: autouse
from tests.app_rounds.test_backgammon_incidents import appeal, incident

pytestmark = pytest.mark.django_db


def minutes(per_point: float, length: int, brk: float) -> float:
    """Clock rules 2.1 read from the seed: per player, per_point minutes a point plus the
    break allowance (seed: 9 points -> 9 x 2.5 + 10 = 32 min 30 s)."""
    return (per_point * length + brk) * 60


def bracket_log(eid: int, mid: str) -> TableLog:
    t = Tournament.objects.get(event_id=eid)
    return next(
        log
        for log in TableLog.objects.filter(table__isnull=True, setup__tournament=t.pk)
        if log.setup.get("match") == mid
    )


def state(client: Client, url: str) -> Any:
    return json.loads(client.get(f"{url}etat/").content)


def test_003_every_final_stage_match_gets_a_code_and_the_seed_s_time(dclient: Client) -> None:
    """Generated, the four quarter-finals each have a log and an 8-character code: 2 sets
    of 9 points then 11, 32:30 a player for a 9-point set (2.1's own example) and 2 x 11 +
    12 = 39:30 for the decider; the final, once its players are known, 11-point sets."""
    eid = started(dclient)
    for mid in ("QF1", "QF2", "QF3", "QF4"):
        log = bracket_log(eid, mid)
        assert len(log.code) == 8 and log.setup["lengths"] == [9, 9, 11]
        m = matches(dclient, eid)[mid]
        assert log.setup["names"] == [m["top"], m["bottom"]]
    url = f"/backgammon/{eid}/phase-finale/QF1/pendule/"
    page = dclient.get(url)
    assert page.status_code == 200 and bracket_log(eid, "QF1").code in page.content.decode()
    first = state(dclient, url)
    assert first["remaining"] == [minutes(2.5, 9, 10)] * 2 == [1950.0, 1950.0]
    assert (first["set"], first["sets"], first["length"]) == (1, 3, 9)
    # two sets entered by the director: the decider's clock, 11 points
    qf = matches(dclient, eid)["QF1"]
    assert "match en cours" in ko(dclient, eid, "QF1", "", "9-5 4-9")
    decider = state(dclient, url)
    assert (decider["set"], decider["length"]) == (3, 11)
    assert decider["remaining"] == [minutes(2.5, 11, 12)] * 2
    assert ko(dclient, eid, "QF1", qf["top"], "9-5 4-9 11-3")
    for mid in ("QF2", "QF3", "QF4"):
        m = matches(dclient, eid)[mid]
        ko(dclient, eid, mid, m["top"], "9-0 9-0")
    for mid in ("SF1", "SF2"):
        m = matches(dclient, eid)[mid]
        assert bracket_log(eid, mid).setup["names"] == [m["top"], m["bottom"]]
        ko(dclient, eid, mid, m["top"], "9-0 9-0")
    final = bracket_log(eid, "F")
    assert final.setup["lengths"] == [11, 11, 11]
    assert (
        state(dclient, f"/backgammon/{eid}/phase-finale/F/pendule/")["remaining"]
        == [minutes(2.5, 11, 12)] * 2
    )
    # the consolation's matches have theirs too, and all are on the director's page
    last_round = dclient.get(f"/backgammon/{eid}/ronde/3/pendules/").content.decode()
    assert f"/backgammon/{eid}/phase-finale/pendules/" in last_round
    overview = dclient.get(f"/backgammon/{eid}/phase-finale/pendules/").content.decode()
    for log in TableLog.objects.filter(table__isnull=True):
        assert log.code in overview and f'id="clock-{log.setup["match"]}"' in overview
    assert any(
        str(log.setup["match"]).startswith("C") for log in TableLog.objects.filter(table=None)
    )


def test_003_clock_a_bracket_match_played_by_its_code_flag_and_time_penalty(
    dclient: Client,
) -> None:
    """QF1 at 0.05 min a point (9 points: 27 s each). By the code of the match sheet:
        bottom had the higher die, top starts bottom's clock (3.5), bottom plays; the score 1-3
        is noted. The director gives top 30 s (3.9, dice picked up): top's flag falls 30 s
        earlier. Its flag writes set 1 to bottom, 1-9, and the clock moves to set 2; a second
        flag decides the match 2-0 and bottom goes on to the semi-final, whose clock is made once
    QF2 is decided too."""
    eid = started(dclient)
    Tournament.objects.filter(event_id=eid).update(clock_per_point=1, break_minutes=0)
    staff = f"/backgammon/{eid}/phase-finale/QF1/pendule/"
    assert dclient.get(staff).status_code == 200  # the setup follows the settings
    log = bracket_log(eid, "QF1")
    top, bottom = log.setup["names"]
    url = f"/backgammon/table/{log.code}/"
    assert Client().get(url).status_code == 200
    player = Client()
    assert press(player, url, "s", kind="start", player=1, at=0).status_code == 200
    assert press(player, url, "p1", kind="press", player=1, at=2).status_code == 200
    assert press(player, url, "sc", kind="score", score=[1, 3], at=3).status_code == 200
    refused = press(player, url, "pen", kind="penalize", player=0, seconds=30, at=3)
    assert refused.status_code == 400  # a time penalty is the director's, never the table's
    msgs = incident(dclient, eid, player=top, match="qf1", kind="dice_touched")
    assert any("enregistré" in m for m in msgs), msgs
    made = Incident.objects.get()
    assert (made.sanction, made.amount) == ("time", 30) and made.applied.get("clock")
    after = state(player, url)
    assert after["remaining"][0] == pytest.approx(9 * 60 - 30 - 1, abs=0.01)
    early = press(player, url, "f0", kind="flag", at=2 + 9 * 60 - 31)
    assert early.status_code == 400
    done = press(player, url, "f1", kind="flag", at=2 + 9 * 60 - 29)
    assert done.status_code == 200, done.content
    r = KnockoutResult.objects.get(tournament__event_id=eid, match_id="QF1")
    assert (r.winner, r.scores) == ("", [[1, 9]])
    second = state(player, url)
    assert (second["set"], second["length"], second["started"]) == (2, 9, False)
    assert second["remaining"] == [540.0, 540.0] and second["ended"] == ""
    actions = AuditEntry.objects.filter(tournament__event_id=eid).values_list("action", flat=True)
    assert "Résultat écrit à la chute du drapeau" in list(actions)
    # set 2: top's clock runs out again, no score noted: bottom wins it 9-0 and the match
    press(player, url, "s2", kind="start", player=0, at=1000)
    assert press(player, url, "f2", kind="flag", at=1000 + 541).status_code == 200
    r.refresh_from_db()
    assert (r.winner, r.scores) == (bottom, [[1, 9], [0, 9]])
    assert matches(dclient, eid)["SF1"]["top"] == bottom
    assert not any(log.setup.get("match") == "SF1" for log in TableLog.objects.all())
    qf2 = matches(dclient, eid)["QF2"]
    ko(dclient, eid, "QF2", qf2["top"], "9-0 9-0")  # SF1's players known: its clock is made
    assert bracket_log(eid, "SF1").setup["names"] == [bottom, qf2["top"]]
    # the committee annuls the penalty: its time given back on the clock (a compensation)
    appeal(dclient, eid, made, "annulled", "Décision annulée.")
    events = TableLog.objects.get(pk=log.pk).events
    assert [e["kind"] for e in events].count("penalize") == 1
    assert events[-1]["kind"] == "compensate" and events[-1]["seconds"] == 30


def test_003_clock_1_2_compensation_at_a_bracket_match(dclient: Client) -> None:
    """The director's compensation (1.2) on a final-stage match's page, audited."""
    eid = started(dclient)
    url = f"/backgammon/{eid}/phase-finale/QF2/pendule/"
    assert 'id="compensation"' in dclient.get(url).content.decode()
    log = bracket_log(eid, "QF2")
    response = dclient.post(
        f"{url}compensation/",
        {"player": 1, "minutes": "1", "seconds": "0", "reason": "Pendule arrêtée", "id": "c1"},
        follow=True,
    )
    assert response.status_code == 200
    assert state(dclient, url)["remaining"][1] == minutes(2.5, 9, 10) + 60
    entry = AuditEntry.objects.filter(action="Compensation de temps (pendule, art. 1.2)").get()
    assert entry.target == "QF2" and log.setup["names"][1] in json.dumps(entry.after)


def test_a_bracket_clock_page_refuses_an_unknown_match(dclient: Client) -> None:
    eid = started(dclient)
    assert dclient.get(f"/backgammon/{eid}/phase-finale/ZZ9/pendule/").status_code == 404
    assert Client().get("/backgammon/table/ABCDEFGH/").status_code == 404


def test_the_match_sheet_of_the_final_stage_carries_its_clock_code(dclient: Client) -> None:
    """Each match sheet handed to the players (its slip) prints the match's code, the
    address of its clock and the QR code of that address."""
    eid = started(dclient)
    page = dclient.get(f"/backgammon/{eid}/phase-finale/feuilles/").content.decode()
    for mid in ("QF1", "QF2", "QF3", "QF4"):
        code = bracket_log(eid, mid).code
        sheet = page.split(f'id="sheet-{mid}"')[1].split('class="sheet"')[0]
        assert code in sheet and f"/backgammon/table/{code}/" in sheet and "<svg" in sheet


def test_003_clock_1_3_both_absent_at_a_bracket_match(dclient: Client) -> None:
    """1.3 at a quarter-final's first set: both absent, top arrives after 10 minutes; the
    director takes 5 minutes off both clocks and starts bottom's (the one still absent)."""
    eid = started(dclient)
    url = f"/backgammon/{eid}/phase-finale/QF3/pendule/"
    assert 'id="both-absent"' in dclient.get(url).content.decode()
    dclient.post(f"{url}absents/", {"player": 0, "minutes": "10", "id": "b1"}, follow=True)
    now = state(dclient, url)
    assert now["running"] == 1 and now["remaining"][0] == minutes(2.5, 9, 10) - 300
    assert now["remaining"][1] == pytest.approx(minutes(2.5, 9, 10) - 300, abs=0.01)
    entry = AuditEntry.objects.get(action="Deux joueurs absents (pendule, art. 1.3)")
    assert entry.target == "QF3"


def test_deleting_the_event_takes_its_final_stage_clocks_with_it(
    dclient: Client, director: Any
) -> None:
    """The bracket's clock logs belong to no table or round: deleting the event deletes them
    (their codes no longer open a clock); another tournament's and a friendly game's stay."""
    from arbitre.app.events.deletion import delete_event
    from arbitre.app.events.models import Event
    from arbitre.app.rounds import tablelog

    eid = started(dclient)
    tid = Tournament.objects.get(event_id=eid).pk
    code = bracket_log(eid, "QF1").code
    assert dclient.get(f"/backgammon/{eid}/phase-finale/QF1/pendule/").status_code == 200
    assert TableLog.objects.filter(table__isnull=True, setup__tournament=tid).count() >= 4
    other = tablelog.create_log("classic", {"tournament": tid + 1, "match": "QF1"}, title="x")
    friendly = tablelog.create_log("classic", {"names": ["A", "B"]}, title="amicale")
    delete_event(eid, Event.objects.get(pk=eid).name, director)
    assert not TableLog.objects.filter(code=code).exists()
    assert not TableLog.objects.filter(setup__tournament=tid).exists()
    assert TableLog.objects.filter(pk__in=[other.pk, friendly.pk]).count() == 2
