"""The match clock (seed 003, clock rules 2.1, 3.9, 3.14, 4.1-4.3; rulings.md Backgammon 6)."""

from __future__ import annotations

import pytest

from arbitre.backgammon.board import BackgammonError
from arbitre.backgammon.clock import Clock, ClockSettings, format_seconds, time_forfeit_winner
from tests.support import refuses


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def test_budget_worked_example_of_the_seed():
    # 2.1: 9 points -> 9 x 2.5 min + 10 min = 32 min 30 s.
    assert ClockSettings().budget(9) == 32 * 60 + 30
    assert format_seconds(ClockSettings().budget(9)) == "32:30"


@pytest.mark.parametrize(
    ("length", "minutes"),
    [(1, 12.5), (5, 22.5), (7, 27.5), (9, 32.5), (11, 27.5 + 12), (13, 32.5 + 12)],
)
def test_budget_by_length(length, minutes):
    assert ClockSettings().budget(length) == minutes * 60


def test_settings_are_configurable():
    settings = ClockSettings(per_point=120, break_allowances=((25, 300),), increment=12)
    assert settings.budget(7) == 7 * 120 + 300
    clock = Clock(7, settings, FakeTime())
    assert clock.remaining(0) == 1140


def test_fischer_increment_per_move_and_running_side():
    time = FakeTime()
    clock = Clock(9, time_source=time)
    clock.start(0)
    time.advance(20)
    assert clock.remaining(0) == 1950 - 20
    clock.press(0)
    assert clock.remaining(0) == 1950 - 20 + 9
    assert clock.running == 1
    time.advance(5)
    assert clock.remaining(1) == 1945
    assert clock.remaining(0) == 1939
    with pytest.raises(BackgammonError):
        clock.press(0)  # not player 0's time
    assert clock.moves == [1, 0]


def test_pause_neutralises_the_clock():
    time = FakeTime()
    clock = Clock(5, time_source=time)
    clock.start(1)
    time.advance(10)
    clock.pause()
    time.advance(600)
    assert clock.remaining(1) == 1350 - 10
    clock.resume()
    time.advance(1)
    assert clock.remaining(1) == 1350 - 11


def test_flag_when_time_runs_out_and_clock_stops():
    time = FakeTime()
    clock = Clock(1, time_source=time)  # 12.5 min
    clock.start(0)
    time.advance(749.9)
    assert clock.flagged is None
    time.advance(0.2)
    assert clock.flagged == 0
    assert clock.remaining(0) == 0
    assert clock.running is None
    with refuses(BackgammonError, "backgammon.time_out", player=1):
        clock.press(0)


def test_penalty_can_flag():
    time = FakeTime()
    clock = Clock(1, time_source=time)
    clock.penalize(1, 30)  # 3.9: 30 s for picking up the dice early
    assert clock.remaining(1) == 750 - 30
    clock.penalize(1, 800)
    assert clock.flagged == 1


def test_time_forfeit_loses_the_match_unless_certain_win():
    # 4.1-4.3: the opponent of the flagged player wins the match ...
    assert time_forfeit_winner(0) == 1
    assert time_forfeit_winner(1) == 0
    # ... unless the flagged player was in a position of certain win of the match.
    assert time_forfeit_winner(0, certain_win=True) == 0
    with pytest.raises(BackgammonError):
        time_forfeit_winner(2)


def test_invalid_length_refused():
    with pytest.raises(BackgammonError):
        ClockSettings().budget(0)


def test_003_clock_1_2_compensation_for_a_faulty_clock():
    """Clock rules 1.2: a faulty clock is replaced and "des compensations peuvent être
    octroyées par le directeur du tournoi si un joueur a été lésé": time given back, even
    to a player whose flag fell because of the fault; the clock then waits for the
    director to start it."""
    time = FakeTime()
    clock = Clock(1, time_source=time)  # 12.5 min each
    clock.start(0)
    time.advance(100)
    clock.compensate(0, 60)
    assert clock.remaining(0) == 750 - 100 + 60
    assert clock.remaining(1) == 750
    time.advance(710)
    assert clock.flagged == 0
    clock.compensate(0, 120)
    assert clock.flagged is None and clock.remaining(0) == 120 and clock.running is None
    clock.start(0)
    time.advance(30)
    assert clock.remaining(0) == 90
    with refuses(BackgammonError, "backgammon.negative_penalty", seconds=-5):
        clock.compensate(1, -5)
    # the other player's flag is not lifted by giving time to the one who did not flag
    clock.penalize(1, 750)
    clock.compensate(0, 10)
    assert clock.flagged == 1
