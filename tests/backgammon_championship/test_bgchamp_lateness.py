"""Lateness (seed 003, 1.8, 1.10; clock rules 1.3 and 2.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.backgammon.championship import ChampionshipError
from arbitre.backgammon.championship.lateness import (
    LatenessSettings,
    clock_budget_minutes,
    clock_lateness,
    disqualification_minute,
    loses_on_time,
    point_penalty,
)


def test_seed_example_four_nil_in_seven_points() -> None:
    """1.10: "4/0 en 7 points" disqualifies: 4 > 7 / 2."""
    assert point_penalty(34.9, 7).penalty_points == 3
    assert not point_penalty(34.9, 7).disqualified
    pen = point_penalty(35, 7)
    assert pen.penalty_points == 4 and pen.disqualified
    assert pen.score_text == "4/0"
    assert disqualification_minute(7) == 35


@pytest.mark.parametrize(
    ("minutes", "points"), [(0, 0), (19.9, 0), (20, 1), (24.9, 1), (25, 2), (30, 3)]
)
def test_one_point_per_five_minutes_from_twenty(minutes: float, points: int) -> None:
    assert point_penalty(minutes, 9).penalty_points == points


def test_nine_point_match_disqualification() -> None:
    assert not point_penalty(39, 9).disqualified  # 4 points, not more than 4.5
    assert point_penalty(40, 9).disqualified  # 5 points
    assert disqualification_minute(9) == 40


def test_championship_hour_then_three_points() -> None:
    """1.8: up to an hour granted, then 3 points per 5 minutes."""
    s = LatenessSettings.championship()
    assert point_penalty(59, 9, s).penalty_points == 0
    assert point_penalty(60, 9, s).penalty_points == 3
    assert not point_penalty(64, 9, s).disqualified
    assert point_penalty(65, 9, s).penalty_points == 6
    assert point_penalty(65, 9, s).disqualified
    assert disqualification_minute(9, s) == 65


@given(st.integers(0, 300), st.integers(1, 25))
def test_penalty_grows_with_lateness(minutes: int, length: int) -> None:
    a = point_penalty(minutes, length)
    b = point_penalty(minutes + 5, length)
    if minutes >= 20:
        assert b.penalty_points == a.penalty_points + 1
    else:
        assert a.penalty_points == 0
    assert a.disqualified == (a.penalty_points * 2 > length)
    assert not a.disqualified or b.disqualified


def test_clock_one_absent_loses_the_elapsed_time() -> None:
    c = clock_lateness(0, 12)
    assert (c.deduction_a, c.deduction_b) == (0, 12)


def test_clock_both_absent_half_the_time_each() -> None:
    """Clock rules 1.3: both absent, the first arrives at 10 minutes: both lose 5; the
    absent player's clock then runs until they arrive at 16."""
    c = clock_lateness(10, 16)
    assert (c.deduction_a, c.deduction_b) == (5, 11)
    c = clock_lateness(16, 10)
    assert (c.deduction_a, c.deduction_b) == (11, 5)


def test_clock_budget() -> None:
    """Clock rules 2.1: 9 points: 9 x 2.5 + 10 = 32.5 minutes; 11 points: 27.5 + 12."""
    assert clock_budget_minutes(9) == 32.5
    assert clock_budget_minutes(11) == 39.5
    assert loses_on_time(32.5, 9) and not loses_on_time(32, 9)


def test_bad_input() -> None:
    with pytest.raises(ChampionshipError):
        point_penalty(-1, 7)
    with pytest.raises(ChampionshipError):
        point_penalty(10, 0)
    with pytest.raises(ChampionshipError):
        clock_lateness(-2, 0)
