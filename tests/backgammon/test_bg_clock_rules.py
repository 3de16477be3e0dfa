"""The match clock (seed 003, clock rules 2.1, 3.9, 3.14, 4.1-4.3; rulings.md Backgammon 6)."""

from __future__ import annotations

import pytest

from arbitre.backgammon.board import BackgammonError
from arbitre.backgammon.clock import (
    Clock,
    ClockEvent,
    ClockSettings,
    flag_ending,
    format_seconds,
    replay,
    time_forfeit_winner,
)
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


# -- the clock replayed from a table's stored actions (issue 19, part 1) -------------------------


def _ev(at: float, action: str, player: int | None = None, seconds: float = 0.0) -> ClockEvent:
    return ClockEvent(at, action, player, seconds)


def test_003_clock_2_1_replayed_budget_and_increment_of_the_seed_example() -> None:
    """2.1, 9 points: 32 min 30 s each + 9 s a move. 3.5: the lower die starts the clock of
    the higher, who plays: A (player 0) plays 20 s and presses: 32:19 left (+9 s); B's
    time has run 30 s when read."""
    clock = replay(9, [_ev(0, "start", 0), _ev(20, "press", 0)], now=50)
    assert clock.remaining(0) == 1950 - 20 + 9
    assert clock.remaining(1) == 1950 - 30
    assert clock.running == 1 and clock.moves == [1, 0]


def test_003_clock_2_2_a_break_runs_on_the_breaking_players_time() -> None:
    """2.2: at the end of a game A takes a break; B starts the clock on A's time: the
    10 minutes of the break come off A's clock, not B's."""
    events = [_ev(0, "start", 0), _ev(30, "press", 0), _ev(60, "press", 1), _ev(60, "pause")]
    events += [_ev(100, "start", 0), _ev(700, "start", 1)]  # A back after 10 minutes
    clock = replay(9, events, now=700)
    assert clock.remaining(0) == 1950 - 30 + 9 - 600
    assert clock.remaining(1) == 1950 - 30 + 9


def test_003_clock_3_14_neutralised_time_is_nobodys_then_penalties_and_compensation() -> None:
    """3.14: while the clock is neutralised no time runs; 2.3: 5 minutes off each when the
    table was left neutralised; 1.2: the director's compensation."""
    events = [_ev(0, "start", 1), _ev(10, "pause"), _ev(910, "resume")]
    events += [_ev(910, "penalize", 0, 300), _ev(910, "penalize", 1, 300)]
    events += [_ev(920, "compensate", 1, 60)]
    clock = replay(9, events, now=930)
    assert clock.remaining(0) == 1950 - 300
    assert clock.remaining(1) == 1950 - 10 - 300 - 10 + 60 - 10


def test_003_clock_4_1_a_replayed_flag_falls_and_refusals() -> None:
    clock = replay(1, [_ev(0, "start", 0)], now=10_000)  # 2:30 + 10:00 for 1 point
    assert clock.flagged == 0 and clock.remaining(0) == 0
    with refuses(BackgammonError, "backgammon.clock_action", action="undo"):
        replay(9, [_ev(0, "undo")], now=1)
    with refuses(BackgammonError, "backgammon.time_backwards"):
        replay(9, [_ev(10, "start", 0), _ev(5, "press", 0)], now=20)
    with refuses(BackgammonError, "backgammon.time_backwards"):
        replay(9, [_ev(10, "start", 0)], now=5)
    with refuses(BackgammonError, "backgammon.not_running", player=2):
        replay(9, [_ev(0, "start", 0), _ev(5, "press", 1)], now=6)
    with refuses(BackgammonError, "backgammon.invalid_player", player=-1):
        replay(9, [_ev(0, "start")], now=6)
    fresh = replay(9, [], now=100)
    assert fresh.running is None and fresh.remaining(0) == fresh.remaining(1) == 1950


def test_003_clock_4_3_a_flag_gives_the_match_to_the_opponent() -> None:
    """4.3: "l'expiration du temps imparti à un joueur assure le gain du match à son
    adversaire": B (1) lets their time run out, A (0) wins on time; the flag seen is stored."""
    settings = ClockSettings(per_point=10, break_allowances=(), increment=0)
    events = [_ev(0, "start", 0), _ev(5, "press", 0), _ev(100, "flag")]
    clock = replay(3, events, now=100, settings=settings)
    assert clock.flagged == 1 and flag_ending(clock) == ("time", 0)
    a_down = replay(3, [_ev(0, "start", 0), _ev(31, "flag")], now=31, settings=settings)
    assert flag_ending(a_down) == ("time", 1)


def test_003_clock_4_1_no_flag_is_seen_while_both_have_time() -> None:
    """4.1: the flag is seen once the time has expired, not before: one second early it is
    refused (the tablet sends it again)."""
    settings = ClockSettings(per_point=10, break_allowances=(), increment=0)
    with refuses(BackgammonError, "backgammon.no_flag"):
        replay(3, [_ev(0, "start", 1), _ev(29, "flag")], now=29, settings=settings)
    assert flag_ending(replay(3, [_ev(0, "start", 1)], now=29, settings=settings)) is None
    assert flag_ending(replay(3, [_ev(0, "start", 1)], now=30, settings=settings)) == ("time", 0)


def test_003_clock_2_3_both_flags_down_when_both_times_are_used_up() -> None:
    """2.3: the 5 minutes of a table abandoned while neutralised are given "même si cela
    fait perdre le match à un ou aux deux joueurs auquel cas les deux joueurs marquent 0
    point": both flags down, nobody wins."""
    settings = ClockSettings(per_point=60, break_allowances=(), increment=0)
    events = [_ev(0, "start", 0), _ev(10, "pause")]
    events += [_ev(20, "penalize", 0, 300), _ev(20, "penalize", 1, 300), _ev(21, "flag")]
    clock = replay(5, events, now=21, settings=settings)
    assert flag_ending(clock) == ("both_time", None)
    one = replay(5, events[:3], now=21, settings=settings)
    assert flag_ending(one) == ("time", 1)
