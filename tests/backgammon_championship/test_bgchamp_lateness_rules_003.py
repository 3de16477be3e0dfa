"""Lateness, pinned article by article (seed 003, 1.8, 1.10; clock rules 1.3 and 2.1).

Each test names the article it pins; the figures come from the seed's text and its example.
"""

from __future__ import annotations

from arbitre.backgammon.championship import ChampionshipError
from arbitre.backgammon.championship.lateness import (
    LatenessSettings,
    clock_budget_minutes,
    clock_lateness,
    disqualification_minute,
    loses_on_time,
    point_penalty,
)
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.support import refuses


def test_003_1_10_disqualified_only_when_penalty_exceeds_half_the_length_even_length() -> None:
    """1.10: the absent player is disqualified when the penalty points *exceed* half the
    match length. In 8 points, 4/0 (35 minutes late) is exactly half: not disqualified;
    5/0 (40 minutes) is."""
    assert point_penalty(35, 8).penalty_points == 4
    assert not point_penalty(35, 8).disqualified
    assert point_penalty(40, 8).disqualified
    assert disqualification_minute(8) == 40


def test_003_1_10_one_point_match_disqualified_from_the_first_period() -> None:
    """1.10: in 1 point, the first penalty point (20 minutes late) already exceeds half."""
    assert point_penalty(20, 1).disqualified
    assert disqualification_minute(1) == 20
    assert disqualification_minute(2) == 25  # 1 point is half of 2, 2 points exceed it


def test_003_1_8_championship_hour_then_three_points_in_short_matches() -> None:
    """1.8: after the hour granted, 3 points per period of 5 minutes: in 2 or 5 points the
    first period (3 points) already exceeds half the length."""
    s = LatenessSettings.championship()
    assert s.period_minutes == 5 and s.points_per_period == 3 and s.grace_minutes == 60
    assert disqualification_minute(2, s) == 60
    assert disqualification_minute(5, s) == 60
    assert disqualification_minute(7, s) == 65  # 3 points is not more than 3.5


def test_003_clock_1_3_one_absent_whichever_side() -> None:
    """Clock rules 1.3: one player absent: the present one starts the absent player's clock,
    who loses all the time elapsed; the present player loses nothing."""
    c = clock_lateness(12, 0)
    assert (c.deduction_a, c.deduction_b) == (12, 0)
    c = clock_lateness(0, 0.5)
    assert (c.deduction_a, c.deduction_b) == (0, 0.5)


def test_003_clock_1_3_both_absent_even_one_minute() -> None:
    """Clock rules 1.3: both absent: half the time elapsed at the first arrival off both
    clocks, then the absent player's clock runs: first arrival at 1 minute, second at 5."""
    c = clock_lateness(1, 5)
    assert (c.deduction_a, c.deduction_b) == (0.5, 4.5)
    c = clock_lateness(5, 1)
    assert (c.deduction_a, c.deduction_b) == (4.5, 0.5)


def test_003_clock_2_1_fixed_time_by_length() -> None:
    """Clock rules 2.1 (rulings Backgammon 6): 2.5 minutes per point plus 10 minutes of
    break up to 9 points, 12 minutes above (decision: from 10 points)."""
    assert clock_budget_minutes(1) == 12.5
    assert clock_budget_minutes(2) == 15
    assert clock_budget_minutes(10) == 37
    assert loses_on_time(12.5, 1) and not loses_on_time(12, 1)


def test_003_refuses_impossible_lateness_inputs() -> None:
    """A lateness, an arrival or a match length that cannot happen is refused, saying why."""
    with refuses(ChampionshipError, "lateness.match_length", length=0):
        clock_budget_minutes(0)
    with refuses(ChampionshipError, "lateness.negative_arrival", a_minutes=0, b_minutes=-1):
        clock_lateness(0, -1)
    with refuses(ChampionshipError, "lateness.negative_arrival", a_minutes=-2, b_minutes=0):
        clock_lateness(-2, 0)
    with refuses(ChampionshipError, "lateness.match_length", length=0):
        disqualification_minute(0)
    with refuses(ChampionshipError, "lateness.match_length", length=0):
        point_penalty(25, 0)
    with refuses(ChampionshipError, "lateness.negative", minutes=-1):
        point_penalty(-1, 7)


def test_003_1_10_the_penalty_says_the_score_the_match_starts_from() -> None:
    """1.10 and its example: a penalty gives the opponent points, the match starting at
    n/0; 4/0 in a 7-point match disqualifies. The penalty is a message, worded in French."""
    assert point_penalty(19, 7).message == Message.of("lateness.no_penalty", penalty=0, score="0/0")
    assert point_penalty(20, 7).message == Message.of(
        "lateness.penalty_one", penalty=1, score="1/0"
    )
    assert point_penalty(25, 7).message == Message.of(
        "lateness.penalty_many", penalty=2, score="2/0"
    )
    assert point_penalty(35, 7).message == Message.of(
        "lateness.disqualified", penalty=4, score="4/0"
    )
    assert say(point_penalty(20, 7).message) == "1 point de pénalité (score 1/0)"
    assert say(point_penalty(30, 7).message) == "3 points de pénalité (score 3/0)"
    assert say(point_penalty(35, 7).message) == "4 points de pénalité : joueur disqualifié"
    assert say(clock_lateness(15, 16).message) == "temps retiré : A 7,5 min, B 8,5 min"
    assert say(clock_lateness(15, 16).message, "en") == "time taken off: A 7.5 min, B 8.5 min"
