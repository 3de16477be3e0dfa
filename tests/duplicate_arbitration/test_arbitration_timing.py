"""The time per move as a schedule of move ranges (seed 004, 2.3; seed 002, A.1 and A.4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.common.messages import Refusal
from arbitre.duplicate.timing import (
    MAX_SECONDS,
    MIN_SECONDS,
    PLAYOFF_SCHEDULES,
    PRESETS,
    TITLE_PLAYOFF,
    TimeSchedule,
    parse,
    preset_of,
)
from arbitre.i18n import word
from arbitre.ranking.titles import Championship, PlayoffFormat, playoff_format


def test_title_playoff_three_moves_in_blitz_then_40_seconds() -> None:
    # 002 A.4: "3 coups en blitz, suite en 40 secondes (20+20)"
    blitz = PRESETS["blitz"].seconds_for(1)
    assert [TITLE_PLAYOFF.seconds_for(move) for move in (1, 2, 3)] == [blitz] * 3
    assert TITLE_PLAYOFF.seconds_for(4) == 40
    assert TITLE_PLAYOFF.seconds_for(25) == 40
    assert blitz != 40
    assert str(TITLE_PLAYOFF) == f"1-3:{blitz},4-:40"


def test_the_presets_are_the_regulations_times() -> None:
    # 004 2.3: three minutes a move; 002 A.1: "2 minutes ou 2 minutes 30 par coup"
    assert PRESETS["normal"].seconds_for(1) == 3 * 60
    assert PRESETS["normal"].seconds_for(30) == 3 * 60
    assert PRESETS["semi_rapid_120"].seconds_for(7) == 2 * 60
    assert PRESETS["semi_rapid_150"].seconds_for(7) == 2 * 60 + 30
    assert PRESETS["blitz"].seconds_for(1) == 60
    assert preset_of(parse("1-3:60,4-:40")) == "title_playoff"
    assert preset_of(parse("170")) is None


def test_the_playoff_of_a_title_plays_the_a4_schedule() -> None:
    # 002 A.4: individual, pairs, espoirs: 3 blitz moves then 40 s; Vermeils and Diamants,
    # original games: blitz throughout
    for championship in (Championship.INDIVIDUAL, Championship.PAIRS, Championship.ESPOIRS):
        schedule = PLAYOFF_SCHEDULES[playoff_format(championship).value]
        assert (schedule.seconds_for(3), schedule.seconds_for(4)) == (60, 40)
    for championship in (Championship.VERMEIL, Championship.ORIGINAL):
        schedule = PLAYOFF_SCHEDULES[playoff_format(championship).value]
        assert (schedule.seconds_for(3), schedule.seconds_for(4)) == (60, 60)


def test_every_playoff_of_the_ranking_engine_has_its_time() -> None:
    assert set(PLAYOFF_SCHEDULES) == {fmt.value for fmt in PlayoffFormat}


def test_a_custom_schedule_is_read_with_blanks_single_moves_and_merged_neighbours() -> None:
    schedule = parse(" 1 - 2 : 150 , 3 : 120, 4-9:120 ,10-:90 ")
    assert [schedule.seconds_for(m) for m in (1, 2, 3, 9, 10, 40)] == [150, 150, 120, 120, 90, 90]
    assert str(schedule) == "1-2:150,3-9:120,10-:90"
    assert parse("1:60,2-:40").seconds_for(2) == 40
    assert str(parse("1:60,2-:40")) == "1:60,2-:40"
    assert parse("120") == TimeSchedule.uniform(120) == parse("1-:120")


@pytest.mark.parametrize(
    ("text", "code", "french"),
    [
        ("", "empty", "Le barème de temps est vide"),
        ("1-3:60", "open_end", "écrivez 4-:40"),
        ("2-:60", "start", "commencer au coup 1, pas au coup 2"),
        ("1-3:60,5-:40", "gap", "Le coup 4 n'a pas de temps"),
        ("1-3:60,3-:40", "overlap", "Le coup 3 reçoit deux temps"),
        ("1-:60,4-:40", "after_open", "« 4-:40 » vient après"),
        ("1-2:60,4-3:40", "reversed", "« 4-3:40 » finit avant"),
        ("1-3:5,4-:40", "seconds", "entre 10 et 900 secondes"),
        ("1000", "seconds", "« 1000 »"),
        ("1-3:1m,4-:40", "syntax", "« 1-3:1m » n'est pas une tranche"),
        ("blitz", "syntax", "« blitz »"),
        ("1-3=60", "syntax", "« 1-3=60 »"),
        (",".join(f"{n}:{60 + n}" for n in range(1, 40)) + ",40-:40", "too_long", "au plus"),
    ],
)
def test_a_malformed_schedule_is_refused_with_its_reason(text: str, code: str, french: str) -> None:
    with pytest.raises(Refusal) as refused:
        parse(text)
    assert refused.value.message.code == f"duplicate.timing.{code}"
    assert french in word(refused.value.message, "fr")


def test_a_move_before_the_first_has_no_time() -> None:
    with pytest.raises(ValueError):
        TITLE_PLAYOFF.seconds_for(0)


@st.composite
def schedules(draw: st.DrawFn) -> TimeSchedule:
    firsts = sorted(draw(st.sets(st.integers(2, 60), max_size=8)))
    seconds = draw(
        st.lists(
            st.integers(MIN_SECONDS, MAX_SECONDS),
            min_size=len(firsts) + 1,
            max_size=len(firsts) + 1,
        )
    )
    return TimeSchedule.of(zip([1, *firsts], seconds, strict=True))


def _oracle(steps: list[tuple[int, int]], move: int) -> int:
    """The time of ``move``: that of the last step starting at or before it."""
    return [seconds for first, seconds in steps if first <= move][-1]


@given(schedules())
def test_the_text_form_reads_back_the_same_schedule(schedule: TimeSchedule) -> None:
    text = str(schedule)
    assert parse(text) == schedule
    assert str(parse(text)) == text


@given(st.lists(st.tuples(st.integers(1, 60), st.integers(10, 900)), min_size=1, max_size=6))
def test_each_move_gets_the_time_of_its_range(raw: list[tuple[int, int]]) -> None:
    steps = sorted({first: s for first, s in [(1, raw[0][1]), *raw]}.items())
    schedule = TimeSchedule.of(steps)
    for move in range(1, 70):
        assert schedule.seconds_for(move) == _oracle(steps, move)
    text = ",".join(
        f"{first}-{after - 1}:{s}" if after else f"{first}-:{s}"
        for (first, s), (after, _) in zip(steps, [*steps[1:], (0, 0)], strict=True)
    )
    assert parse(text) == schedule


@given(st.text(max_size=40))
def test_any_text_is_read_or_refused(text: str) -> None:
    try:
        schedule = parse(text)
    except Refusal as refused:
        assert refused.message.code.startswith("duplicate.timing.")
    else:
        assert parse(str(schedule)) == schedule
