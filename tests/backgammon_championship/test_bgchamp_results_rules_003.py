"""Seed 003: lateness by the rule of the match and results decided before the end (issue
19, parts 2 and 3). Each test is built from the article it names."""

from __future__ import annotations

import pytest

from arbitre.backgammon.championship import Championship, MatchResult, Player, ResultKind
from arbitre.backgammon.championship.lateness import LatenessSettings
from arbitre.backgammon.championship.results import ResultEntry, check_result, history
from arbitre.backgammon.clock import ClockSettings
from arbitre.common import Refusal
from tests.support import refuses


def test_003_1_10_unclocked_disqualified_the_score_4_0_kept() -> None:
    """1.10 (no clock): "1 point par tranche de 5mn de retard, à partir de 20mn [...]
    disqualifié. (Exemple : 4/0 en 7 points)": 35 minutes late in 7 points owes 4 points,
    more than half the match: lost by forfeit, the match standing at 4/0."""
    checked = check_result(ResultEntry(1, "A", "B", 7, late_b=35))
    r = checked.result
    assert (checked.forfeit, checked.winner, checked.penalty_a) == ("b", "A", 4)
    assert (r.kind, r.winner, r.score_a, r.score_b, r.match_length) == (
        ResultKind.FORFEIT,
        "A",
        4,
        0,
        7,
    )
    assert r.decided == "lateness"
    late_a = check_result(ResultEntry(1, "A", "B", 7, late_a=35)).result
    assert (late_a.score_a, late_a.score_b, late_a.winner) == (0, 4, "B")
    # a forfeit declared by the director (absent, not timed) has no score
    declared = check_result(ResultEntry(1, "A", "B", 7, forfeit="b")).result
    assert (declared.score_a, declared.score_b, declared.decided) == (None, None, "")


def test_003_clock_1_3_clocked_the_absent_players_time_runs_no_points() -> None:
    """Clock rules 1.3: "Si l'un des joueurs est absent, son adversaire lance la pendule":
    25 minutes late in a clocked 9-point match costs 25 minutes of clock, no point (1.10
    is for matches without clock); both absent ("le directeur [...] pénalise les 2 joueurs
    de la moitié du temps écoulé et lance la pendule du joueur absent"), the first at 10
    minutes and the other at 30: half of the 10 minutes each, the later one's clock running
    20 minutes more."""
    checked = check_result(ResultEntry(1, "A", "B", 9, winner="A", late_b=25, clocked=True))
    assert (checked.penalty_a, checked.penalty_b, checked.forfeit) == (0, 0, "")
    assert (checked.clock_minutes_a, checked.clock_minutes_b) == (0, 25)
    both = check_result(ResultEntry(1, "A", "B", 9, winner="B", late_a=10, late_b=30, clocked=True))
    assert (both.clock_minutes_a, both.clock_minutes_b) == (5, 25)
    unclocked = check_result(ResultEntry(1, "A", "B", 9, winner="A", late_b=25))
    assert (unclocked.penalty_a, unclocked.clock_minutes_b) == (2, 0)


def test_003_clock_2_1_late_beyond_the_whole_time_loses() -> None:
    """Clock rules 2.1 and 4.3: a 9-point match gives 32 min 30 s; a player whose clock ran
    that long before they arrived has no time left: the match is lost. With a longer
    budget (a setting) the same lateness only costs time."""
    lost = check_result(ResultEntry(1, "A", "B", 9, late_b=33, clocked=True))
    assert (lost.forfeit, lost.winner) == ("b", "A")
    kept = check_result(ResultEntry(1, "A", "B", 9, winner="B", late_b=32, clocked=True))
    assert kept.forfeit == "" and kept.clock_minutes_b == 32
    slow = ClockSettings(per_point=300)
    longer = check_result(
        ResultEntry(1, "A", "B", 9, winner="B", late_b=33, clocked=True, clock=slow)
    )
    assert longer.forfeit == ""


def test_003_1_8_force_majeure_hour_then_3_points_per_5_minutes() -> None:
    """1.8: "un retard d'une heure peut être accordé [...] Après cette heure, le joueur est
    pénalisé de 3 points par tranche de 5mn": granted, 62 minutes owe 3 points, clock or
    not (no time taken off the clock); 70 minutes owe 9 in 9 points: disqualified."""
    for clocked in (False, True):
        checked = check_result(
            ResultEntry(1, "A", "B", 9, winner="B", late_b=62, excused_b=True, clocked=clocked)
        )
        assert (checked.penalty_a, checked.clock_minutes_b) == (3, 0)
    out = check_result(ResultEntry(1, "A", "B", 9, late_b=70, excused_b=True))
    assert out.forfeit == "b" and out.result.score_a == 9
    # not granted, the same 62 minutes without clock owe 1.10's points: 9 > 4.5
    assert check_result(ResultEntry(1, "A", "B", 9, late_b=62)).forfeit == "b"


def test_003_1_10_lateness_parameters_are_settings() -> None:
    """The grace, the period and the points per period are the event's settings."""
    strict = LatenessSettings(grace_minutes=10, period_minutes=10, points_per_period=2)
    checked = check_result(ResultEntry(1, "A", "B", 9, winner="B", late_b=21, lateness=strict))
    assert checked.penalty_a == 4


def test_003_clock_4_3_won_on_time_keeps_the_real_score() -> None:
    """Clock rules 4.3: "l'expiration du temps imparti à un joueur assure le gain du match à
    son adversaire": B's flag fell at 5-3 for B in 9 points: A wins, the score 3-5 kept;
    a score where somebody reached 9 is not a match stopped on time."""
    checked = check_result(
        ResultEntry(1, "A", "B", 9, winner="A", score_a=3, score_b=5, ended="time", clocked=True)
    )
    r = checked.result
    assert (r.kind, r.winner, r.score_a, r.score_b, r.decided) == (
        ResultKind.PLAYED,
        "A",
        3,
        5,
        "time",
    )
    with refuses(Refusal, "bg_result.score_finished", a=9, b=5, length=9):
        check_result(ResultEntry(1, "A", "B", 9, winner="A", score_a=9, score_b=5, ended="time"))
    with refuses(Refusal, "bg_result.ended_unknown", value="flag"):
        check_result(ResultEntry(1, "A", "B", 9, winner="A", ended="flag"))


def test_003_clock_2_3_both_flags_both_score_zero() -> None:
    """Clock rules 2.3: "même si cela fait perdre le match à un ou aux deux joueurs auquel
    cas les deux joueurs marquent 0 point": no winner, 0 point each, the score kept, and
    the two have met (no rematch)."""
    checked = check_result(
        ResultEntry(3, "A", "B", 9, score_a=4, score_b=6, ended="both_time", clocked=True)
    )
    r = checked.result
    assert r.winner is None and (r.score_a, r.score_b) == (4, 6)
    assert r.points_of("A") == r.points_of("B") == 0
    champ = Championship([Player("A", 1500), Player("B", 1400)])
    champ.results.append(r)
    assert champ.opponents_met("A") == {"B"}
    with refuses(Refusal, "bg_result.both_time_winner"):
        check_result(ResultEntry(3, "A", "B", 9, winner="A", ended="both_time"))


def test_003_2_4_disqualification_the_opponent_wins_the_score_kept() -> None:
    """2.4 ("disqualification immédiate du joueur fautif") and 1.13: the opponent wins the
    match, the score at that moment kept; a forfeit cannot also be a disqualification."""
    checked = check_result(
        ResultEntry(1, "A", "B", 9, winner="B", score_a=6, score_b=2, ended="disqualification")
    )
    assert (checked.result.winner, checked.result.score_a, checked.result.decided) == (
        "B",
        6,
        "disqualification",
    )
    with refuses(Refusal, "bg_result.ended_with_forfeit"):
        check_result(ResultEntry(1, "A", "B", 9, forfeit="a", ended="disqualification"))


@pytest.mark.parametrize(("bye", "forfeit"), [(0.5, 1.0), (1.0, 0.5)])
def test_003_bye_and_forfeit_points_are_settings(bye: float, forfeit: float) -> None:
    """Seed: "chaque match non joué 0.5 point" (the bye, rulings.md Backgammon 2) and a
    forfeit win, both settings of the event, counted in the standings and the history."""
    champ = Championship([Player("A", 1500), Player("B", 1400), Player("C", 1300)])
    champ.settings.bye_points = bye
    champ.settings.forfeit_points = forfeit
    champ.results.append(MatchResult(1, "A", "B", "A", ResultKind.FORFEIT))
    champ.results.append(MatchResult(1, "C", None, None, ResultKind.BYE))
    assert (champ.points("A"), champ.points("B"), champ.points("C")) == (forfeit, 0, bye)
    assert [h.points for h in history(champ.results, "A", bye, forfeit)] == [forfeit]


def test_results_decided_before_the_end_survive_the_results_file() -> None:
    """The results file keeps how a match was decided (an ``ended`` column, written only
    when needed): a match won on time at 3-5, both flags, a forfeit for lateness at 4/0
    are read back as they were; a file without the column reads as before."""
    from arbitre.backgammon.championship.csvfiles import format_results, parse_results

    champ = Championship([Player(n, 1500 - i) for i, n in enumerate("ABCDEF")])
    for entry in (
        ResultEntry(1, "A", "B", 9, winner="A", score_a=3, score_b=5, ended="time"),
        ResultEntry(1, "C", "D", 9, score_a=4, score_b=6, ended="both_time"),
        ResultEntry(1, "E", "F", 7, late_b=35),
    ):
        champ.record(check_result(entry).result)
    text = format_results(champ)
    assert text.splitlines()[0].endswith(",fin")
    assert format_results(champ, "en").splitlines()[0].endswith(",ended")
    assert parse_results(text) == champ.results
    plain = Championship([Player("A", 1500), Player("B", 1400)])
    plain.record(MatchResult(1, "A", "B", "A", ResultKind.PLAYED, 9, 9, 2))
    assert format_results(plain).splitlines()[0].endswith(",score_b")
    assert parse_results(format_results(plain)) == plain.results
    bad = "round,player_a,player_b,winner,match_length,score_a,score_b,ended\n1,A,B,A,9,3,5,flag\n"
    with pytest.raises(Refusal) as caught:
        parse_results(bad)
    assert "championship_csv.ended" in str(caught.value)
