"""When an absent player may be declared forfeit, as the table page shows it (issue 35):
seed 000, 9.5 "Le joueur est déclaré forfait quand la moitié de son crédit-temps est écoulé";
seed 001, 10.5: the director declares the latecomer lost "au bout de quelques minutes", at
their own judgement."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.classic.table import ClockSettings, TableError, TableSession


def absent_at(credit: int, started: float, profile: str = "fbs") -> TableSession:
    s = TableSession(("Ana", "Bea"), set(), profile, ClockSettings("chess", credit))
    s.apply({"kind": "absent_clock", "at": started, "player": 1})
    return s


def test_000_9_5_a_twenty_minute_credit_falls_due_ten_minutes_after_the_clock_starts() -> None:
    s = absent_at(20 * 60, 30.0)
    assert s.forfeit_possible_at(30.0) == 30.0 + 10 * 60
    assert s.forfeit_possible_at(200.0) == 30.0 + 10 * 60
    assert s.forfeit_possible_at(30.0 + 11 * 60) == 30.0 + 11 * 60  # due: now


@given(
    credit=st.integers(min_value=20 * 60, max_value=4 * 3600),
    started=st.floats(min_value=0, max_value=10_000, allow_nan=False),
    read=st.floats(min_value=0, max_value=1, allow_nan=False),
)
def test_000_9_5_the_time_shown_is_the_time_the_forfeit_is_first_accepted(
    credit: int, started: float, read: float
) -> None:
    """The oracle is the article read directly: half of the credit run since the director
    started the clock; the engine refuses the forfeit a second before and takes it then."""
    s = absent_at(credit, started)
    due = started + credit / 2
    at = started + read * credit / 2
    assert s.forfeit_possible_at(at) == pytest.approx(due)
    early = absent_at(credit, started)
    with pytest.raises(TableError):
        early.apply({"kind": "forfeit", "player": 1, "at": due - 1})
    s.apply({"kind": "forfeit", "player": 1, "at": due + 1e-6})
    assert s.result is not None and s.result.forfeit == 1


def test_000_9_5_no_forfeit_falls_due_once_the_absent_player_arrived() -> None:
    s = absent_at(20 * 60, 0.0)
    s.apply({"kind": "arrive", "at": 60.0})
    assert s.forfeit_possible_at(61.0) is None


def test_001_10_5_the_director_may_declare_the_latecomer_lost_at_once() -> None:
    s = TableSession(("Ana", "Bea"), set(), "ffsc", ClockSettings("chess", 25 * 60))
    assert s.forfeit_possible_at(5.0) is None  # nobody is absent
    s.apply({"kind": "late_start", "at": 5.0, "player": 1})
    assert s.forfeit_possible_at(7.0) == 7.0


# -- overdraws (issue 35): from the initial draw on, and the clock neutralised ---------------


def test_001_10_1_an_overdraw_at_the_initial_draw_is_recorded_before_the_clock_starts() -> None:
    s = TableSession(("Ana", "Bea"), set(), "ffsc", ClockSettings("chess", 25 * 60))
    s.apply({"kind": "overdraw", "at": 1.0, "player": 1, "extra": 1, "how": "seen"})
    assert s.scores == (0, -5) and not s.started  # 10.1.2: 5 points, on the sheet
    s.apply({"kind": "start", "at": 2.0})
    assert s.started and s.clock is not None and not s.clock.stopped


def test_000_9_1_an_overdraw_in_play_neutralises_the_clock_until_the_players_resume() -> None:
    s = TableSession(("Ana", "Bea"), {"MAISON"}, "fbs", ClockSettings("chess", 20 * 60))
    s.apply({"kind": "start", "at": 0.0})
    s.apply({"kind": "play", "at": 10.0, "player": 0, "move": "H4 MAISON", "announced": 18})
    s.apply({"kind": "overdraw", "at": 40.0, "player": 1, "extra": 2, "how": "seen"})
    assert s.neutralised == "overdraw" and s.scores == (18, -10)  # 5 per tile under fbs
    assert s.clock is not None
    assert s.clock.remaining(1, 100.0) == 20 * 60 - 30  # Bea's 30 s, none after the stop
    with pytest.raises(TableError):
        s.apply({"kind": "pass", "at": 101.0, "player": 1})
    s.apply({"kind": "resume", "at": 102.0})
    assert s.clock.remaining(1, 112.0) == 20 * 60 - 40
