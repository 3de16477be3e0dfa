"""Match play: cube, Crawford, scoring, resignations, undo (seed 003, 6.1-6.6; 3.17)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.board import BackgammonError, Position
from arbitre.backgammon.match import BACKGAMMON, GAMMON, SINGLE, Match, Phase
from tests.support import depth, refuses


def finish_game(match: Match, winner: int, loser_points: dict[int, int] | None = None) -> None:
    """Set a board where ``winner`` bears off the last checker with 6-5 from the 1 point."""
    if match.phase in (Phase.OPENING, Phase.GAME_OVER):
        match.opening_roll(6, 5)
    match.set_position(Position.from_points({1: 1}, loser_points or {5: 14}), winner)
    match.roll((6, 5))
    match.move("1/off")


def test_single_gammon_backgammon_times_the_cube():
    cases = [
        ({5: 14}, SINGLE),  # the loser bore one off
        ({10: 15}, GAMMON),  # none off, none in the winner's home board
        ({20: 15}, BACKGAMMON),  # none off, some in the winner's home board (loser's 19-24)
        ({25: 1, 10: 14}, BACKGAMMON),  # none off, one on the bar
    ]
    for cube in (1, 2, 4, 8, 16, 32, 64):
        for loser, level in cases:
            match = Match(99)
            match.opening_roll(6, 5)
            match.move("24/18 13/8")
            # double up to ``cube`` (players alternate doubling and taking)
            while match.cube < cube:
                match.double()
                match.take()
                match.roll((1, 2))
                match.move(match.legal_moves()[0])
            match.set_position(Position.from_points({1: 1}, loser), match.player_on_roll)
            player = match.player_on_roll
            match.roll((6, 5))
            match.move("1/off")
            result = match.game.result
            assert result is not None and result.level == level
            assert match.score[player] == level * cube


def test_drop_scores_the_cube_before_the_double():
    match = Match(7)
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    match.double()  # player 1 doubles to 2
    match.take()
    match.roll("21")
    match.move(match.legal_moves()[0])
    match.double()  # player 0 redoubles to 4
    match.drop()
    assert match.score == (2, 0)
    assert match.game.result is not None and match.game.result.ended_by == "drop"


def test_no_beaver_and_cube_ownership():
    match = Match(7)
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    match.double()
    match.take()
    # The taker owns the cube at 2 but cannot redouble at once (no beaver, 6.2): it is
    # not their turn, and the doubler cannot double again either.
    assert match.cube == 2 and match.cube_owner == 0
    with pytest.raises(BackgammonError):
        match.double()
    match.roll("21")
    match.move(match.legal_moves()[0])
    assert match.can_double()  # now player 0, on roll and owner, may redouble


def test_double_only_before_rolling():
    match = Match(5)
    match.opening_roll(4, 2)
    with pytest.raises(BackgammonError):
        match.double()  # the opening roll is already rolled
    match.move("8/4 6/4")
    match.roll("11")
    with pytest.raises(BackgammonError):
        match.double()


def test_equal_opening_dice_are_rolled_again_no_automatic_double():
    match = Match(5)
    with refuses(BackgammonError, "backgammon.equal_opening", dice="44"):
        match.opening_roll(4, 4)
    assert match.phase is Phase.OPENING and match.cube == 1


def test_no_jacoby_gammon_counts_with_centred_cube():
    match = Match(5)
    match.opening_roll(6, 5)
    match.move("24/13")
    match.set_position(Position.from_points({1: 1}, {10: 15}), 1)
    match.roll("65")
    match.move("1/off")
    assert match.cube_owner is None and match.score == (0, 2)


def test_crawford_and_post_crawford_sequence():
    match = Match(5, ("A", "B"))
    # Game 1: A wins a gammon (2): 2-0. No Crawford yet.
    finish_game(match, 0, {10: 15})
    assert match.score == (2, 0)
    # Game 2: A wins 2 more: 4-0 = A at N-1.
    finish_game(match, 0, {10: 15})
    assert match.score == (4, 0)
    # Game 3 is the Crawford game: no doubling.
    match.opening_roll(2, 1)
    assert match.is_crawford_game
    match.move("13/11 6/5")
    with refuses(BackgammonError, "backgammon.crawford_no_double"):
        match.double()
    match.set_position(Position.from_points({1: 1}, {5: 14}), 1)
    match.roll("65")
    match.move("1/off")
    assert match.score == (4, 1)
    # Game 4: post-Crawford, the cube is back.
    match.opening_roll(1, 2)
    assert not match.is_crawford_game and match.is_post_crawford
    match.move(match.legal_moves()[0])
    assert match.can_double()
    match.double()
    match.take()
    assert match.cube == 2


def test_crawford_game_comes_once_even_if_the_trailer_reaches_n_minus_1():
    match = Match(3)
    finish_game(match, 0, {5: 14})
    finish_game(match, 0, {5: 14})  # 2-0: next game is Crawford
    assert match.score == (2, 0)
    finish_game(match, 1, {5: 14})  # Crawford game: 2-1
    assert match.games[-1].crawford
    finish_game(match, 1, {5: 14})  # post-Crawford: 2-2, double match point
    assert not match.games[-1].crawford
    match.opening_roll(3, 1)
    assert not match.is_crawford_game


def test_illegal_crawford_double_annulled_by_the_leader():
    match = Match(5)
    finish_game(match, 0, {10: 15})
    finish_game(match, 0, {10: 15})  # 4-0
    match.opening_roll(1, 2)  # player 1 (trailer) starts the Crawford game
    match.move(match.legal_moves()[0])
    match.roll("31")
    match.move(match.legal_moves()[0])
    match.double(crawford_violation=True)  # player 1 sends the cube by mistake
    match.take()
    match.set_position(Position.from_points({1: 1}, {10: 15}), 1)
    match.roll("65")
    match.move("1/off")  # trailer wins a gammon at cube 2: 4 points
    assert match.score == (4, 4)
    with refuses(BackgammonError, "backgammon.leader_annuls", player=2):
        match.annul_crawford_double(1)
    match.annul_crawford_double(0)  # before the next game starts
    assert match.score == (4, 2)  # the gammon counts at cube 1
    match.opening_roll(3, 1)
    with pytest.raises(BackgammonError):
        match.annul_crawford_double(0)


def test_resignation_levels_times_the_cube():
    match = Match(9)
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    match.double()
    match.take()
    match.roll("21")
    match.move(match.legal_moves()[0])
    match.resign(1, GAMMON)
    match.reject_resignation()
    assert match.phase is Phase.ROLL
    match.resign(1, GAMMON)
    match.accept_resignation()
    assert match.score == (4, 0)


def test_fewer_than_15_checkers_can_still_lose_a_gammon():
    # Seed 003, 3.17: a player who started with 14 checkers still loses a gammon.
    match = Match(7)
    match.set_position(Position.from_points({1: 1}, {10: 14}), 0, start_checkers=(15, 14))
    match.roll("65")
    match.move("1/off")
    assert match.game.result is not None and match.game.result.level == GAMMON


def test_match_winner_and_undo():
    match = Match(1)
    assert not Match(1).can_double()  # 1-point match: the first game is a Crawford game
    finish_game(match, 1, {5: 14})
    assert match.winner == 1 and match.phase is Phase.MATCH_OVER
    match.undo()
    assert match.winner is None and match.phase is Phase.MOVE
    with pytest.raises(BackgammonError):
        Match(0)


def test_illegal_move_is_refused_and_changes_nothing():
    match = Match(5)
    match.opening_roll(3, 1)
    with pytest.raises(BackgammonError):
        match.move("24/18")
    assert match.phase is Phase.MOVE and match.position == Position.initial()


def test_end_on_time():
    match = Match(9)
    match.opening_roll(3, 1)
    assert match.end_on_time(0) == 1
    assert match.winner == 1 and match.decided_by == "time"
    other = Match(9)
    assert other.end_on_time(0, certain_win=True) == 0


def test_condoned_illegal_move_is_played_as_moved_and_counted():
    # 3.14: once the dice are picked up the player cannot correct; the opponent may let
    # the illegal move stand. 3.15: repeated illegal moves are counted for the director.
    match = Match(5)
    match.opening_roll(3, 1)
    with refuses(BackgammonError, "backgammon.illegal_move", move="24/18", dice="31"):
        match.move("24/18")  # a 6 is not in the roll
    assert match.report_illegal_move(0) == 1
    match.move("24/18", condoned=True)
    assert match.illegal_moves == (2, 0)
    assert match.game.actions[-1].illegal
    # Player 1 is on roll; player 0's checker now sits on their 18 point (player 1's 7).
    assert match.position.opponent[17] == 1 and match.position.opponent[23] == 1
    with pytest.raises(BackgammonError):
        Match(5).position.physical_move("24/13*/1")  # lands on a held point


def test_physically_impossible_move_is_refused_even_if_condoned():
    match = Match(5)
    match.opening_roll(3, 1)
    with pytest.raises(BackgammonError):
        match.move("20/17", condoned=True)  # no checker on 20


def test_dropped_illegal_crawford_double_annulled_resumes_the_game():
    match = Match(5)
    finish_game(match, 0, {10: 15})
    finish_game(match, 0, {10: 15})  # 4-0, Crawford game next
    match.opening_roll(1, 2)
    move = match.legal_moves()[0]
    match.move(move)
    match.roll("31")
    match.move(match.legal_moves()[0])
    board = match.position
    match.double(crawford_violation=True)  # player 1 doubles by mistake
    match.drop()
    assert match.score == (4, 1) and match.phase is Phase.GAME_OVER
    match.annul_crawford_double(0)
    assert match.score == (4, 0)
    assert match.phase is Phase.ROLL and match.player_on_roll == 1
    assert match.position == board and match.cube == 1 and match.cube_owner is None
    assert match.is_crawford_game
    with refuses(BackgammonError, "backgammon.crawford_no_double"):
        match.double()


def test_annulled_crawford_double_is_left_out_of_the_mat_export():
    from arbitre.backgammon.mat import export_mat, import_mat

    match = Match(3, ("A", "B"))
    match.opening_roll(6, 5)
    match.move("24/13")
    match.resign(1, GAMMON)
    match.accept_resignation()  # 2-0: the next game is the Crawford game
    match.opening_roll(1, 2)
    match.move(match.legal_moves()[0])
    match.roll("31")
    match.move(match.legal_moves()[0])
    match.double(crawford_violation=True)
    match.take()
    match.annul_crawford_double(0)
    assert match.cube == 1
    match.roll("21")
    match.move(match.legal_moves()[0])
    text = export_mat(match)
    assert "Doubles" not in text and "Takes" not in text
    again = import_mat(text)
    assert again.position == match.position and again.score == match.score
    match.undo()
    match.undo()
    match.undo()
    assert match.game.annulled_actions == frozenset() and match.cube == 2


@settings(max_examples=depth(25), deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 3, 5, 7, 9]))
def test_random_matches_keep_the_match_invariants(seed, length):
    import random

    from tests.backgammon.bg_random_match import random_match

    match = random_match(random.Random(seed), length, resign_rate=0.01)
    totals = [0, 0]
    crawford_seen = False
    for game in match.games:
        assert tuple(totals) == game.score_before
        # The Crawford game: the first game that starts with a player at N-1, and only it.
        at_n_minus_1 = length - 1 in game.score_before
        assert game.crawford == (at_n_minus_1 and not crawford_seen)
        crawford_seen = crawford_seen or game.crawford
        cube = 1
        for action in game.actions:
            if action.kind == "double":
                assert not game.crawford
                assert action.value == cube * 2
            if action.kind == "take":
                cube *= 2
        assert game.result is not None
        assert game.result.cube == cube
        totals[game.result.winner] += game.result.points
    assert tuple(totals) == match.score
    assert match.winner is not None and match.score[match.winner] >= length
    assert max(match.games[-1].score_before) < length
