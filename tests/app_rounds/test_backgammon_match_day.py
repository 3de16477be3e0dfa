"""A backgammon championship's match day (issue 19, parts 2 and 3): the director's settings
(clock, lateness, points) and the results decided before the end, through the test client."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.backgammon import services
from arbitre.app.rounds.models import AuditEntry, Tournament
from tests.app_rounds.conftest import messages_of
from tests.app_rounds.test_backgammon_clock import clock, press  # noqa: F401 - clock: autouse
from tests.app_rounds.test_backgammon_web import pair, result, setup_event, tables

pytestmark = pytest.mark.django_db

SETTINGS = {
    "clock_per_point": 2.5,
    "clock_increment": 9,
    "break_minutes": 10,
    "break_minutes_long": 12,
    "late_grace": 20,
    "late_period": 5,
    "late_points": 1,
    "excused_grace": 60,
    "excused_points": 3,
    "bye_points": 0.5,
    "forfeit_points": 1,
}


def settings(client: Client, eid: int, **changes: Any) -> Any:
    data = {**SETTINGS, **changes}
    data = {k: v for k, v in data.items() if v is not False}
    return client.post(f"/backgammon/{eid}/reglages/", data, follow=True)


def test_the_director_sets_the_match_day_and_the_log_keeps_it(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=9)
    page = dclient.get(f"/backgammon/{eid}/reglages/").content.decode()
    assert "Matchs suisses à la pendule" in page and 'name="late_grace"' in page
    assert (
        f'href="/backgammon/{eid}/reglages/"' in dclient.get(f"/backgammon/{eid}/").content.decode()
    )
    response = settings(dclient, eid, clocked="on", break_minutes=15, forfeit_points=0.5)
    assert "Réglages enregistrés." in messages_of(response)
    t = Tournament.objects.get(event_id=eid)
    assert (t.clocked, t.break_minutes, t.forfeit_points) == (True, 15, 0.5)
    assert services.clock_settings(t).budget(9) == 9 * 150 + 15 * 60
    entry = AuditEntry.objects.filter(action="Réglages du championnat").get()
    assert entry.before == {"clocked": False, "break_minutes": 10.0, "forfeit_points": 1.0}
    assert entry.after == {"clocked": True, "break_minutes": 15.0, "forfeit_points": 0.5}
    # the same settings again: nothing changed, nothing logged
    assert "Aucun réglage modifié." in messages_of(
        settings(dclient, eid, clocked="on", break_minutes=15, forfeit_points=0.5)
    )
    assert AuditEntry.objects.filter(action="Réglages du championnat").count() == 1
    # bad input: refused with the field's French message, nothing stored
    bad = settings(dclient, eid, late_period=0, bye_points=2)
    text = bad.content.decode()
    assert "supérieure ou égale à 1" in text and "inférieure ou égale à 1" in text
    t.refresh_from_db()
    assert (t.late_period, t.bye_points, t.clocked) == (5, 0.5, True)


def test_only_the_director_changes_the_settings(aclient: Client, dclient: Client) -> None:
    eid = setup_event(dclient)
    assert aclient.get(f"/backgammon/{eid}/reglages/").status_code == 403
    assert aclient.post(f"/backgammon/{eid}/reglages/", SETTINGS).status_code == 403
    assert not Tournament.objects.get(event_id=eid).clocked


def test_003_clock_1_3_clocked_lateness_costs_time_not_points(dclient: Client) -> None:
    """Clocked (the director's setting): 25 minutes late cost 25 minutes of clock, no
    point; without clock the same lateness owes 2 points (1.10)."""
    eid = setup_event(dclient, match_length=9)
    settings(dclient, eid, clocked="on")
    pair(dclient, eid)
    tb = tables(1)[0]
    assert "résultat enregistré" in result(
        dclient, tb, late_b=25, winner=tb.a, score_a=9, score_b=2
    )
    tb.refresh_from_db()
    assert (tb.penalty_a, tb.clock_minutes_b, tb.forfeit) == (0, 25, "")
    settings(dclient, eid)  # unclocked again
    other = tables(1)[1]
    assert "résultat enregistré" in result(
        dclient, other, late_b=25, winner=other.a, score_a=9, score_b=2
    )
    other.refresh_from_db()
    assert (other.penalty_a, other.clock_minutes_b) == (2, 0)


def test_003_clock_4_3_a_match_won_on_time_keeps_its_score(dclient: Client) -> None:
    """A flag fell at 3-6: the opponent of the flagged player wins, 3-6 kept in the
    results and the standings count the win; both flags: nobody scores (2.3)."""
    eid = setup_event(dclient, match_length=9)
    settings(dclient, eid, clocked="on")
    pair(dclient, eid)
    first, second = tables(1)[0], tables(1)[1]
    msg = result(dclient, first, winner=first.a, score_a=3, score_b=6, ended="time")
    assert "résultat enregistré" in msg
    first.refresh_from_db()
    assert (first.winner, first.score_a, first.score_b, first.ended) == (first.a, 3, 6, "time")
    assert "personne ne gagne" in result(dclient, second, winner=second.a, ended="both_time")
    assert "résultat enregistré" in result(dclient, second, score_a=4, score_b=5, ended="both_time")
    t = Tournament.objects.get(event_id=eid)
    champ = services.championship(t)
    assert champ.points(first.a) == 1 and champ.points(first.b) == 0
    assert champ.points(second.a) == champ.points(second.b) == 0
    audit = AuditEntry.objects.filter(action="Résultat").order_by("pk").last()
    assert audit is not None and audit.after["fin"] == "both_time"
    assert "les deux drapeaux tombés" in dclient.get(f"/backgammon/{eid}/ronde/1/").content.decode()


def test_003_4_6_a_match_record_disagreeing_with_the_result_is_shown(dclient: Client) -> None:
    """The .mat of a table is checked against the result entered: gnubg beat root 10-2 in
    the record (5 points); a result saying the table's first player won 5-3 is reported
    to the director, the record kept; a record agreeing with the result says nothing."""
    from tests.app_rounds.test_backgammon_web import MAT

    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    text = MAT.read_text(encoding="utf-8")
    assert "résultat enregistré" in result(dclient, tb, winner=tb.a, score_a=5, score_b=3)
    msgs = messages_of(
        dclient.post(f"/backgammon/{eid}/table/{tb.pk}/mat/", {"mat": text}, follow=True)
    )
    assert "feuille de match enregistrée" in msgs[0]
    problems = [m for m in msgs if "ne concorde pas" in m]
    assert len(problems) == 2
    assert f"le vainqueur de l'enregistrement est {tb.b}" in problems[0]
    assert "l'enregistrement 2-10" in problems[1]
    tb.refresh_from_db()
    assert tb.mat
    assert "résultat enregistré" in result(dclient, tb, winner=tb.b, score_a=2, score_b=10)
    msgs = messages_of(
        dclient.post(f"/backgammon/{eid}/table/{tb.pk}/mat/", {"mat": text}, follow=True)
    )
    assert not [m for m in msgs if "ne concorde pas" in m]


def test_a_bracket_for_five_players_byes_to_the_highest_ranked(dclient: Client) -> None:
    """Fewer than eight players: the bracket is generated all the same, the three best
    going through the quarter-finals on a bye; the 4th and 5th play; pages show it, the
    empty places as "exempt", with no result to take back and no match of two byes."""
    from tests.app_rounds.conftest import check_in_all, create_event, import_csv

    eid = create_event(dclient, "backgammon", rounds=1, match_length=5)
    csv = "nom;elo\n" + "\n".join(f"P{i};{1900 - 10 * i}" for i in range(1, 6))
    assert "5 joueurs importés." in messages_of(import_csv(dclient, eid, csv))
    check_in_all(dclient, eid)
    pair(dclient, eid)
    for tb in tables(1):
        if tb.b:
            assert "résultat enregistré" in result(dclient, tb, winner=tb.a, score_a=5, score_b=1)
    assert "Tableau final généré." in messages_of(
        dclient.post(f"/backgammon/{eid}/phase-finale/generer/", follow=True)
    )
    page = dclient.get(f"/backgammon/{eid}/phase-finale/")
    stages = page.context["stages"]
    final = {m["id"]: m for m in stages[0][1]}
    assert [final[q]["bottom"] for q in ("QF1", "QF3", "QF4")] == ["exempt"] * 3
    assert not final["QF1"]["ready"] and final["QF2"]["ready"]
    # a bye is no match: nothing to enter nor to take back, its player is in the semi-final
    assert final["QF1"]["winner"] is None and final["SF1"]["top"] == final["QF1"]["top"]
    assert "BYE" not in page.content.decode()
    # the consolation shows no match between two empty places
    consolation = stages[1][1]
    assert all("exempt" not in (m["top"], m["bottom"]) or m["winner"] is None for m in consolation)
    assert not [m for m in consolation if m["top"] == m["bottom"] == "exempt"]


def test_003_clock_1_3_both_absent_the_directors_penalty_through_the_result_form(
    dclient: Client,
) -> None:
    """Clock rules 1.3, both absent: A arrives 10 minutes late, B 30: the director takes
    half of the 10 minutes off both clocks, then B's clock runs until B comes: 5 and 25
    minutes of clock, no point (1.10 is for matches without a clock); the table's page
    says it."""
    eid = setup_event(dclient, match_length=9)
    settings(dclient, eid, clocked="on")
    pair(dclient, eid)
    tb = tables(1)[0]
    assert "résultat enregistré" in result(
        dclient, tb, late_a=10, late_b=30, winner=tb.a, score_a=9, score_b=4
    )
    tb.refresh_from_db()
    assert (tb.clock_minutes_a, tb.clock_minutes_b) == (5, 25)
    assert (tb.penalty_a, tb.penalty_b, tb.forfeit) == (0, 0, "")


def test_003_1_8_the_directors_grace_and_its_penalty_follow_the_settings(
    dclient: Client,
) -> None:
    """1.8: the hour granted for force majeure, then 3 points per 5 minutes (the first
    period begun at the hour, as 1.10's at its 20th minute): 70 minutes late with the grace
    granted owe 3 x 3 = 9 points in a 25-point match; set to 30 minutes and 2 points by the
    director, the same 70 minutes owe 2 x 9 = 18 points, more than half the length: the
    late player loses the match by forfeit. Not granted, the same lateness is
    1.10's: one point per period from the 20th minute, 11 points."""
    eid = setup_event(dclient, match_length=25)
    pair(dclient, eid)
    first, second, third = tables(1)[:3]
    assert "résultat enregistré" in result(
        dclient, first, late_b=70, excused_b="1", winner=first.a, score_a=25, score_b=3
    )
    first.refresh_from_db()
    assert (first.penalty_a, first.excused_b) == (9, True)
    settings(dclient, eid, excused_grace=30, excused_points=2)
    # 18 points are more than half the length: disqualified, the match lost at 18-0 (1.10)
    assert "résultat enregistré" in result(
        dclient, second, late_b=70, excused_b="1", winner=second.a
    )
    second.refresh_from_db()
    assert (second.penalty_a, second.forfeit, second.winner) == (18, "b", second.a)
    assert "résultat enregistré" in result(
        dclient, third, late_b=70, winner=third.a, score_a=25, score_b=3
    )
    third.refresh_from_db()
    assert third.penalty_a == 11


def test_the_bye_and_forfeit_points_set_by_the_director_reach_the_standings(
    dclient: Client,
) -> None:
    """Rulings Backgammon 2: a bye scores 0.5 and a forfeit win 1, both settings: set to 1
    and 0.5 by the director, the exempt player has 1 point and the player whose opponent
    did not come 0.5, in the standings the public sees."""
    from tests.app_rounds.conftest import check_in_all, create_event, import_csv

    eid = create_event(dclient, "backgammon", rounds=3, match_length=5)
    csv = "nom;elo\n" + "\n".join(f"P{i};{1900 - 10 * i}" for i in range(1, 6))
    assert "5 joueurs importés." in messages_of(import_csv(dclient, eid, csv))
    check_in_all(dclient, eid)
    settings(dclient, eid, bye_points=1, forfeit_points=0.5)
    pair(dclient, eid)
    bye = next(tb for tb in tables(1) if not tb.b)
    played, forfeited = [tb for tb in tables(1) if tb.b]
    assert "résultat enregistré" in result(dclient, played, winner=played.a, score_a=5, score_b=0)
    assert "résultat enregistré" in result(dclient, forfeited, forfeit="b", winner=forfeited.a)
    points = {
        row["name"]: row["points"]
        for row in Client().get(f"/public/backgammon/{eid}/").context["rows"]
    }
    assert points[bye.a] == "1" and points[forfeited.a] == "0,5" and points[played.a] == "1"
    assert points[forfeited.b] == "0" and points[played.b] == "0"


def test_003_clock_2_1_every_term_of_the_budget_is_the_events(dclient: Client) -> None:
    """Clock rules 2.1 "pour le CDF 2005": 2 min 30 s per point, 10 minutes of break up to
    9 points (12 for 11), 9 s per move. Another event sets 2 minutes per point, 8 and 15
    minutes of break, 12 s per move: its 11-point clock starts at 11 x 2 + 15 = 37:00 and
    a move played in 1 s leaves 37:11 on the tablet."""
    eid = setup_event(dclient, match_length=11)
    settings(
        dclient,
        eid,
        clocked="on",
        clock_per_point=2,
        break_minutes=8,
        break_minutes_long=15,
        clock_increment=12,
    )
    t = Tournament.objects.get(event_id=eid)
    assert services.clock_settings(t).budget(9) == 9 * 120 + 8 * 60
    pair(dclient, eid)
    tb = tables(1)[0]
    url = f"/backgammon/{eid}/table/{tb.pk}/pendule/"
    assert json.loads(dclient.get(f"{url}etat/").content)["text"] == ["37:00", "37:00"]
    assert press(dclient, url, "s", kind="start", player=0, at=0).status_code == 200
    assert press(dclient, url, "p", kind="press", player=0, at=1).status_code == 200
    state = json.loads(dclient.get(f"{url}etat/").content)
    assert state["remaining"][0] == 37 * 60 - 1 + 12
