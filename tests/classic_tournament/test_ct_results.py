"""A table's result checked by the engine (seed 000 "Forfaits", "Match en 2 parties
gagnantes"; rulings Classic 3), and a player's history of results."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.classic.tournament import Game, Round
from arbitre.classic.tournament.results import (
    Outcome,
    ResultEntry,
    check_result,
    history,
)
from arbitre.common import Refusal
from arbitre.i18n import word


def refusal(entry: ResultEntry, best_of: int = 1) -> str:
    with pytest.raises(Refusal) as info:
        check_result(entry, best_of)
    return info.value.message.code


def test_000_forfaits_the_absent_side_has_no_score_the_present_side_has_one() -> None:
    assert refusal(ResultEntry(1, "A", "B", 400, 300, forfeit="a")) == (
        "classic_result.score_for_absent"
    )
    assert refusal(ResultEntry(1, "A", "B", None, None, forfeit="a")) == (
        "classic_result.score_missing"
    )
    game = check_result(ResultEntry(1, "A", "B", None, 350, forfeit="a"))
    assert game.forfeit_a and not game.forfeit_b and game.winner() == "B"
    both = check_result(ResultEntry(1, "A", "B", forfeit="both"))
    assert both.winner() is None and both.match_points("A") == 0


def test_000_both_scores_are_needed_for_a_game_played() -> None:
    assert refusal(ResultEntry(1, "A", "B", 400)) == "classic_result.score_missing"
    assert refusal(ResultEntry(1, "A", "B", None, 400)) == "classic_result.score_missing"


def test_000_match_en_2_parties_gagnantes_is_entered_as_games_won() -> None:
    for a, b in ((2, 0), (2, 1), (1, 2), (0, 2)):
        assert check_result(ResultEntry(1, "A", "B", a, b), best_of=3).winner() == (
            "A" if a > b else "B"
        )
    for a, b in ((1, 1), (3, 0), (2, 2), (0, 0), (1, 0), (-1, 2)):
        assert refusal(ResultEntry(1, "A", "B", a, b), best_of=3) == "classic_result.best_of_three"
    # a single game is a score, not games won
    assert check_result(ResultEntry(1, "A", "B", 1, 1)).winner() is None


def test_implausible_scores_are_typing_errors() -> None:
    assert refusal(ResultEntry(1, "A", "B", 2001, 300)) == "classic_result.score_implausible"
    assert refusal(ResultEntry(1, "A", "B", 300, -1001)) == "classic_result.score_implausible"
    assert check_result(ResultEntry(1, "A", "B", 2000, -1000)).winner() == "A"


def test_the_claimed_winner_must_be_at_the_table_and_agree_with_the_scores() -> None:
    assert refusal(ResultEntry(1, "A", "B", 400, 300, winner="C")) == (
        "classic_result.not_at_table"
    )
    assert refusal(ResultEntry(1, "A", "B", 400, 300, winner="B")) == (
        "classic_result.winner_contradicted"
    )
    assert refusal(ResultEntry(1, "A", "B", 300, 300, winner="A")) == (
        "classic_result.winner_contradicted"
    )
    assert check_result(ResultEntry(1, "A", "B", 400, 300, winner="A")).winner() == "A"


def test_an_unknown_forfeit_is_refused() -> None:
    assert refusal(ResultEntry(1, "A", "B", 400, 300, forfeit="c")) == (
        "classic_result.forfeit_unknown"
    )


def test_refusals_are_worded_in_french() -> None:
    with pytest.raises(Refusal) as info:
        check_result(ResultEntry(2, "Ana", "Bea", 400, table=7, winner="Cy"))
    assert word(info.value.message) == "Cy ne joue pas à la table 7."


def test_000_history_gives_each_round_its_outcome_and_pm() -> None:
    rounds = [
        Round(1, (Game(1, "A", "B", 400, 380), Game(1, "C", None))),
        Round(2, (Game(2, "A", "C", 390, 390), Game(2, "B", None))),
        Round(3, (Game(3, "A", "B", None, 300, forfeit_a=True), Game(3, "C", None))),
    ]
    a = history(rounds, "A")
    assert [(h.round, h.opponent, h.outcome, h.match_points) for h in a] == [
        (1, "B", Outcome.WON, 3),
        (2, "C", Outcome.DRAWN, 2),
        (3, "B", Outcome.FORFEIT, 0),
    ]
    b = history(rounds, "B")
    assert [(h.outcome, h.match_points, h.score) for h in b] == [
        (Outcome.LOST, 1, 380),
        (Outcome.BYE, 3, None),
        (Outcome.FORFEIT_WIN, 3, 300),
    ]


@given(
    st.integers(-1000, 2000),
    st.integers(-1000, 2000),
    st.sampled_from(["", "a", "b", "both"]),
)
def test_a_checked_result_agrees_with_the_engine_game(a: int, b: int, forfeit: str) -> None:
    score_a = None if forfeit in ("a", "both") else a
    score_b = None if forfeit in ("b", "both") else b
    game = check_result(ResultEntry(1, "A", "B", score_a, score_b, forfeit))
    expected = Game(
        1, "A", "B", score_a, score_b, forfeit in ("a", "both"), forfeit in ("b", "both")
    )
    assert game == expected
    points = {game.match_points("A"), game.match_points("B")}
    assert points <= {0, 1, 2, 3}
