"""The progression chart's score axis (duplicate/progression.py): lines at a round step (1, 2
or 5 times a power of ten), the smallest such step that marks the highest score with at most
:data:`MAX_TICKS` lines, so that their figures stay apart at 13 px on a phone."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitre.app.duplicate.progression import MAX_TICKS, tick_step


def round_steps(limit: int) -> list[int]:
    """1, 2, 5, 10, 20, 50, ... up to ``limit``: the steps a reader counts in."""
    steps, power = [], 1
    while power <= limit:
        steps += [f * power for f in (1, 2, 5) if f * power <= limit]
        power *= 10
    return steps


@given(st.integers(min_value=1, max_value=10**6))
def test_the_step_is_the_smallest_round_one_with_few_lines(peak: int) -> None:
    step = tick_step(peak)
    fits = [s for s in round_steps(10 * peak) if -(-peak // s) <= MAX_TICKS]
    assert step == min(fits)


def test_figures_of_a_real_event() -> None:
    # a 7-game event's top of 1,196 points: 0, 500, 1000, 1500; one game's 165: every 50
    assert (tick_step(1196), tick_step(165), tick_step(1), tick_step(4)) == (500, 50, 1, 1)
