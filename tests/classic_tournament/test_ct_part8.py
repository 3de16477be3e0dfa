"""The FFSc toss (seed 001, 3.1-3.2); a loss whatever the score ("perte de la partie": seed 001 9.2, 10.1.3, 10.2, 10.3, 10.7;
seed 000 8.2, 9.2, 9.3, 9.7) recorded on a table's result, and the final phase's negative
scores (001 7.1, 8.1)."""

from __future__ import annotations

import pytest

from arbitre.classic.game import decide_toss, get_profile
from arbitre.classic.tournament import (
    Game,
    LossCause,
    Player,
    Round,
    TournamentError,
    compute_standings,
)
from arbitre.classic.tournament import final_phase as fp
from arbitre.classic.tournament.pairing import toss_starters
from arbitre.classic.tournament.results import (
    Outcome,
    ResultEntry,
    check_result,
    history,
)
from arbitre.classic.tournament.results_csv import format_results, parse_results
from arbitre.common import Refusal
from arbitre.i18n import word


def refusal(entry: ResultEntry, best_of: int = 1, profile: str = "fbs") -> str:
    with pytest.raises(Refusal) as info:
        check_result(entry, best_of, profile)
    return info.value.message.code


def test_001_10_2_the_player_who_overturned_the_board_loses_whatever_the_scores() -> None:
    """Ana leads 412-388 but overturned a board that cannot be restored: Bea wins; the
    scores stay on the record."""
    game = check_result(
        ResultEntry(1, "Ana", "Bea", 412, 388, loss="a", loss_cause="board"), profile="ffsc"
    )
    assert (game.score_a, game.score_b) == (412, 388)
    assert game.loss == "Ana" and game.loss_cause is LossCause.BOARD
    assert game.winner() == "Bea"
    assert (game.match_points("Ana"), game.match_points("Bea")) == (1, 3)
    assert game.played  # the sanctioned player was present: not a forfeit


def test_000_pdep_of_a_loss_whatever_the_score_follow_the_winner() -> None:
    """000 "Pdep": the winner scores the higher of the two ratings, the loser the lower,
    whichever has the higher score on the sheet."""
    game = check_result(ResultEntry(1, "Ana", "Bea", 300, 450, loss="b", loss_cause="letters"))
    ratings = {"Ana": 1200, "Bea": 1800}
    assert game.winner() == "Ana"
    assert (game.pdep("Ana", ratings), game.pdep("Bea", ratings)) == (1800, 1200)


def test_000_a_sanction_turns_a_draw_into_a_loss() -> None:
    game = check_result(ResultEntry(1, "Ana", "Bea", 350, 350, loss="a", loss_cause="sanction"))
    assert game.winner() == "Bea"
    assert game.match_points("Ana") == 1


def test_000_standings_and_ppm_count_the_sanctioned_player_as_the_loser() -> None:
    """Two rounds, Ana and Bea tied on PM: their head-to-head (PPM, 000 "Points de
    départage PPM") goes to Bea, who lost the sheet's scores but won by Ana's sanction."""
    players = [Player("Ana", 1500), Player("Bea", 1400), Player("Cy", 1300), Player("Dan", 1200)]
    r1 = Round(
        1,
        (
            Game(1, "Ana", "Bea", 500, 300, loss="Ana", loss_cause=LossCause.SANCTION),
            Game(1, "Cy", "Dan", 400, 380),
        ),
    )
    r2 = Round(2, (Game(2, "Ana", "Dan", 400, 300), Game(2, "Bea", "Cy", 300, 400)))
    rows = {s.name: s for s in compute_standings(players, [r1, r2], final=True)}
    assert (rows["Ana"].pm, rows["Bea"].pm) == (4, 4)
    assert (rows["Ana"].losses, rows["Bea"].wins) == (1, 1)
    assert (rows["Cy"].pm, rows["Dan"].pm) == (6, 2)
    assert (rows["Ana"].ppm, rows["Bea"].ppm) == (1, 3)
    assert rows["Bea"].rank < rows["Ana"].rank
    assert rows["Bea"].pdep == 1500 + 1300  # the higher rating as Ana's winner, the lower vs Cy


def test_history_shows_the_sheet_scores_and_the_sanctioned_loss() -> None:
    r1 = Round(1, (Game(1, "Ana", "Bea", 500, 300, loss="Ana", loss_cause=LossCause.BOARD),))
    (line,) = history([r1], "Ana")
    assert (line.outcome, line.score, line.opponent_score, line.match_points) == (
        Outcome.LOST,
        500,
        300,
        1,
    )


def test_001_10_1_3_overdraw_found_by_an_arbiter_loses_only_under_ffsc() -> None:
    entry = ResultEntry(1, "Ana", "Bea", 400, 300, loss="a", loss_cause="overdraw")
    assert check_result(entry, profile="ffsc").winner() == "Bea"
    assert refusal(entry, profile="fbs") == "classic_result.loss_overdraw_fbs"


def test_a_claimed_winner_must_be_the_opponent_of_the_sanctioned_player() -> None:
    base = dict(score_a=400, score_b=300, loss="a", loss_cause="board")
    assert check_result(ResultEntry(1, "Ana", "Bea", winner="Bea", **base)).winner() == "Bea"
    assert (
        refusal(ResultEntry(1, "Ana", "Bea", winner="Ana", **base))
        == "classic_result.winner_contradicted"
    )


def test_a_loss_whatever_the_score_is_refused_where_it_cannot_be() -> None:
    assert refusal(ResultEntry(1, "A", "B", 1, 2, loss="both", loss_cause="board")) == (
        "classic_result.loss_unknown"
    )
    assert refusal(ResultEntry(1, "A", "B", 1, 2, loss="a")) == "classic_result.loss_cause_missing"
    assert refusal(ResultEntry(1, "A", "B", 1, 2, loss_cause="board")) == (
        "classic_result.loss_cause_missing"
    )
    assert refusal(ResultEntry(1, "A", "B", 1, 2, loss="a", loss_cause="rudeness")) == (
        "classic_result.loss_cause_unknown"
    )
    assert refusal(
        ResultEntry(1, "A", "B", None, 2, forfeit="a", loss="b", loss_cause="board")
    ) == ("classic_result.loss_of_absent")
    assert refusal(ResultEntry(1, "A", "B", 2, 1, loss="a", loss_cause="board"), best_of=3) == (
        "classic_result.loss_best_of_three"
    )
    with pytest.raises(Refusal) as info:
        check_result(ResultEntry(1, "A", "B", 1, 2, loss="a", loss_cause="overdraw"))
    message = info.value.message
    assert word(message) == (
        "Au règlement FBS, des lettres en trop découvertes par un arbitre coûtent des points, "
        "pas la partie (A)."
    )


def test_the_game_value_refuses_an_inconsistent_loss() -> None:
    with pytest.raises(TournamentError):
        Game(1, "A", "B", 1, 2, loss="C", loss_cause=LossCause.BOARD)
    with pytest.raises(TournamentError):
        Game(1, "A", "B", 1, 2, loss="A")
    with pytest.raises(TournamentError):
        Game(1, "A", None, loss="A", loss_cause=LossCause.BOARD)
    with pytest.raises(TournamentError):
        Game(1, "A", "B", None, 2, forfeit_a=True, loss="B", loss_cause=LossCause.BOARD)


def test_results_csv_keeps_the_loss_whatever_the_score() -> None:
    players = [Player("Ana", 1500), Player("Bea", 1400)]
    rounds = [Round(1, (Game(1, "Ana", "Bea", 500, 300, loss="Ana", loss_cause=LossCause.BOARD),))]
    text = format_results(rounds)
    assert parse_results(text, players) == rounds


def test_001_8_1_the_final_phase_accepts_negative_scores() -> None:
    """A game can end below zero (penalties, 001 7.1): the higher score wins."""
    assert fp.match_winner("A", "B", [(-12, -30)], 1) == "A"
    assert fp.match_winner("A", "B", [(-5, 20), (30, 10), (-1, 0)], 3) == "B"


def test_001_3_2_the_toss_loser_starts_game_two_and_game_three_is_tossed_again() -> None:
    assert toss_starters("Bea", "Ana") == ("Bea",)
    assert toss_starters("Bea", "Ana", best_of=3) == ("Bea", "Ana", None)
    assert toss_starters("Bea", "Ana", best_of=3, third_toss="Ana") == ("Bea", "Ana", "Ana")
    with pytest.raises(TournamentError) as refused:
        toss_starters("Bea", "Bea")
    assert word(refused.value.message) == (
        "Bea ne peut pas gagner un tirage au sort contre lui-même"
    )
    with pytest.raises(TournamentError) as refused:
        toss_starters("Bea", "Ana", best_of=3, third_toss="Cy")
    assert word(refused.value.message, "en") == "Cy does not play this match"


def test_001_3_1_the_letter_closer_to_a_starts_equal_letters_draw_again() -> None:
    assert decide_toss([("M", "B")]).starter == 1
    assert decide_toss([("C", "D")]).starter == 0
    toss = decide_toss([("E", "E"), ("A", "Z")])
    assert (toss.starter, toss.rounds) == (0, (("E", "E"), ("A", "Z")))


def test_001_3_1_a_blank_does_not_count_and_the_toss_must_be_decided() -> None:
    def code(rounds: list[tuple[str, str]]) -> str:
        with pytest.raises(Refusal) as info:
            decide_toss(rounds)
        return info.value.message.code

    assert code([("?", "B")]) == "classic_game.toss_blank"
    assert code([("E", "E")]) == "classic_game.toss_undecided"
    assert code([]) == "classic_game.toss_undecided"
    assert code([("A", "B"), ("C", "D")]) == "classic_game.toss_after_decided"
    assert code([("a", "B")]) == "classic_game.toss_not_letter"
    assert code([("AB", "C")]) == "classic_game.toss_not_letter"


def test_the_profiles_say_who_decides_the_start() -> None:
    """001 3.1 (FFSc): a toss; 000 3.1 (FBS): the tournament software designates."""
    assert get_profile("ffsc").starts_by_toss and not get_profile("fbs").starts_by_toss
