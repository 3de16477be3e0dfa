"""A Swiss match's result checked by the engine (seed 003, 1.10 lateness; rulings Backgammon
2 points), and a player's history."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.backgammon.championship import MatchResult, ResultKind
from arbitre.backgammon.championship.results import (
    Outcome,
    ResultEntry,
    check_result,
    history,
)
from arbitre.common import Refusal
from arbitre.i18n import word


def refusal(entry: ResultEntry) -> str:
    with pytest.raises(Refusal) as info:
        check_result(entry)
    return info.value.message.code


def test_003_1_10_lateness_gives_penalty_points_to_the_opponent() -> None:
    # 20 minutes late already owes one point; each started 5 minutes one more
    checked = check_result(ResultEntry(1, "A", "B", 7, winner="B", score_a=3, score_b=7, late_a=22))
    assert (checked.penalty_a, checked.penalty_b) == (0, 1)
    assert checked.result.kind is ResultKind.PLAYED
    checked = check_result(ResultEntry(1, "A", "B", 7, winner="A", score_a=7, score_b=2, late_b=34))
    assert (checked.penalty_a, checked.penalty_b) == (3, 0)


def test_003_1_10_disqualified_beyond_half_the_match_length() -> None:
    # the seed's example: 4-0 in a 7-point match (4 > 3.5) disqualifies
    four = check_result(ResultEntry(1, "A", "B", 7, late_b=35))
    assert four.forfeit == "b" and four.winner == "A" and four.penalty_a == 4
    assert four.result.kind is ResultKind.FORFEIT
    three = check_result(ResultEntry(1, "A", "B", 7, winner="A", score_a=7, score_b=0, late_b=30))
    assert three.forfeit == "" and three.penalty_a == 3
    both = check_result(ResultEntry(1, "A", "B", 7, late_a=60, late_b=60))
    assert both.forfeit == "both" and both.winner == "" and both.result.winner is None


def test_a_forfeited_match_has_no_score_and_the_absent_player_cannot_win() -> None:
    assert refusal(ResultEntry(1, "A", "B", 7, forfeit="a", score_a=0, score_b=7)) == (
        "bg_result.score_with_forfeit"
    )
    assert refusal(ResultEntry(1, "A", "B", 7, forfeit="both", score_a=1, score_b=7)) == (
        "bg_result.score_with_double_forfeit"
    )
    assert refusal(ResultEntry(1, "A", "B", 7, forfeit="a", winner="A")) == (
        "bg_result.absent_cannot_win"
    )
    assert refusal(ResultEntry(1, "A", "B", 7, forfeit="both", winner="A")) == (
        "bg_result.double_forfeit_winner"
    )
    assert check_result(ResultEntry(1, "A", "B", 7, forfeit="a")).winner == "B"


def test_a_played_match_has_a_winner_and_a_final_score_that_ends_it() -> None:
    assert refusal(ResultEntry(1, "A", "B", 7)) == "bg_result.winner_missing"
    assert refusal(ResultEntry(1, "A", "B", 7, winner="C")) == "bg_result.not_at_table"
    assert refusal(ResultEntry(1, "A", "B", 7, winner="A", score_a=7)) == "bg_result.one_score"
    assert refusal(ResultEntry(1, "A", "B", 7, winner="A", score_a=7, score_b=8)) == (
        "bg_result.both_won"
    )
    assert refusal(ResultEntry(1, "A", "B", 7, winner="A", score_a=6, score_b=2)) == (
        "bg_result.score_not_final"
    )
    assert refusal(ResultEntry(1, "A", "B", 7, winner="B", score_a=7, score_b=2)) == (
        "bg_result.score_not_final"
    )
    assert refusal(ResultEntry(1, "A", "B", 7, winner="A", score_a=7, score_b=-1)) == (
        "bg_result.score_not_final"
    )
    ok = check_result(ResultEntry(1, "A", "B", 7, winner="A", score_a=8, score_b=6))
    assert ok.result.match_length == 7 and ok.result.winner == "A"
    unscored = check_result(ResultEntry(1, "A", "B", 7, winner="B"))
    assert unscored.result.match_length is None


def test_negative_lateness_and_unknown_forfeit_are_refused() -> None:
    assert refusal(ResultEntry(1, "A", "B", 7, winner="A", late_a=-1)) == (
        "bg_result.negative_lateness"
    )
    assert refusal(ResultEntry(1, "A", "B", 7, forfeit="x")) == "bg_result.forfeit_unknown"


def test_refusals_are_worded_in_french() -> None:
    with pytest.raises(Refusal) as info:
        check_result(ResultEntry(1, "A", "B", 9, winner="A", score_a=8, score_b=3))
    assert (
        word(info.value.message) == "Le score 8-3 ne termine pas un match en 9 points gagné par A."
    )


def test_rulings_backgammon_2_history_points() -> None:
    results = [
        MatchResult(1, "A", "B", "A", ResultKind.PLAYED, 7, 7, 3),
        MatchResult(2, "A", None, None, ResultKind.BYE),
        MatchResult(3, "C", "A", "A", ResultKind.FORFEIT),
        MatchResult(4, "A", "D", "D", ResultKind.FORFEIT),
        MatchResult(5, "A", "B", "B", ResultKind.PLAYED),
    ]
    lines = history(results, "A")
    assert [(h.round, h.opponent, h.outcome, h.points) for h in lines] == [
        (1, "B", Outcome.WON, 1.0),
        (2, None, Outcome.BYE, 0.5),
        (3, "C", Outcome.FORFEIT_WIN, 1.0),
        (4, "D", Outcome.FORFEIT, 0.0),
        (5, "B", Outcome.LOST, 0.0),
    ]
    assert (lines[0].score, lines[0].opponent_score) == (7, 3)
    assert history(results, "B")[0].score == 3


@given(st.integers(0, 200), st.integers(0, 200), st.integers(1, 25))
def test_penalties_and_disqualification_follow_point_penalty(
    late_a: int, late_b: int, length: int
) -> None:
    from arbitre.backgammon.championship.lateness import point_penalty

    entry = ResultEntry(1, "A", "B", length, forfeit="both")
    checked = check_result(
        ResultEntry(1, "A", "B", length, late_a=late_a, late_b=late_b, forfeit=entry.forfeit)
    )
    assert checked.penalty_a == point_penalty(late_b, length).penalty_points
    assert checked.penalty_b == point_penalty(late_a, length).penalty_points
