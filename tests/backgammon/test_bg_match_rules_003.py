"""A match to N points, pinned article by article (seed 003: 3.14-3.17, 4, 6.1-6.6; clock 4).

Each test names the article it pins. Where the seed is silent, the decision followed is the
one of docs/backgammon.md.
"""

from __future__ import annotations

import random

import pytest

from arbitre.backgammon.board import BackgammonError, Dice, Move, Position, Step
from arbitre.backgammon.ids import (
    GAME_DROPPED,
    GAME_NONE,
    GAME_OVER,
    GAME_PLAYING,
    GAME_RESIGNED,
    match_from_id,
    position_id,
)
from arbitre.backgammon.mat import export_mat
from arbitre.backgammon.match import (
    BACKGAMMON,
    GAMMON,
    MAX_CUBE,
    SINGLE,
    Action,
    GameResult,
    Match,
    Phase,
    result_level,
)
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.support import refuses

OPPONENT = Message.of("backgammon.side.opponent")


def finish_game(match: Match, winner: int, loser_points: dict[int, int] | None = None) -> None:
    """``winner`` bears off their last checker with 6-5 from the 1 point."""
    if match.phase in (Phase.OPENING, Phase.GAME_OVER):
        match.opening_roll(6, 5)
    match.set_position(Position.from_points({1: 1}, loser_points or {5: 14}), winner)
    match.roll((6, 5))
    match.move("1/off")


def play_out(match: Match, rng: random.Random) -> None:
    """Play the current game to its end with random dice and random legal moves, no cube."""
    if match.phase in (Phase.OPENING, Phase.GAME_OVER):
        while True:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            if a != b:
                break
        match.opening_roll(a, b)
    while match.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
        if match.phase is Phase.ROLL:
            match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        moves = match.legal_moves()
        match.move(rng.choice(moves) if moves else "")


def ids(match: Match):
    return match_from_id(match.gnubg_ids()[1])


def crawford_match(length: int, leader: int) -> Match:
    """A match where ``leader`` has reached N-1 by gammons and singles, trailer at 0."""
    match = Match(length)
    while match.score[leader] < length - 1:
        need = length - 1 - match.score[leader]
        finish_game(match, leader, {10: 15} if need >= 2 else {5: 14})
    assert match.score[1 - leader] == 0
    return match


def start_and_reach_roll(match: Match, doubler: int) -> None:
    """Start the next game and play until ``doubler`` is on roll before rolling."""
    match.opening_roll(1, 2) if doubler == 1 else match.opening_roll(2, 1)
    match.move(match.legal_moves()[0])
    match.roll("31")
    match.move(match.legal_moves()[0])
    assert match.phase is Phase.ROLL and match.player_on_roll == doubler


# -- scoring: single, gammon, backgammon (6.4, 3.17) ------------------------------------------


def test_003_scoring_result_level_from_the_losers_checkers() -> None:
    """A loser who bore off no checker loses a gammon, a backgammon when one of their
    checkers is still on the bar or in the winner's home board (the loser's points 19-24)."""
    assert result_level(Position.from_points({}, {5: 14})) == SINGLE
    assert result_level(Position.from_points({}, {10: 15})) == GAMMON
    assert result_level(Position.from_points({}, {18: 15})) == GAMMON
    assert result_level(Position.from_points({}, {19: 1, 10: 14})) == BACKGAMMON
    assert result_level(Position.from_points({}, {24: 1, 10: 14})) == BACKGAMMON
    assert result_level(Position.from_points({}, {25: 1, 10: 14})) == BACKGAMMON


def test_003_scoring_backgammon_with_a_checker_on_the_winners_six_point() -> None:
    """The winner's home board starts at the loser's 19 point (the winner's 6 point)."""
    match = Match(7)
    finish_game(match, 1, {19: 1, 10: 14})
    assert match.game.result == GameResult(1, BACKGAMMON, 1, "play")
    assert match.score == (0, 3)
    # the final board stays on view, from the winner
    assert sum(match.position.player) == 0 and sum(match.position.opponent) == 15


def test_003_scoring_games_played_from_the_start_use_fifteen_checkers() -> None:
    """A game started from the standard position: a loser with all 15 checkers on the
    board bore none off and loses (at least) a gammon, whichever player loses and in every
    game of the match."""
    seen = set()
    for seed in range(8):
        rng = random.Random(seed)
        match = Match(25)
        for _ in range(4):
            play_out(match, rng)
            result = match.game.result
            assert result is not None and result.ended_by == "play"
            assert result.level == result_level(match.position)
            if result.level >= GAMMON:
                seen.add((match.game.number == 1, 1 - result.winner))
            if match.phase is Phase.MATCH_OVER:
                break
    # the sample holds gammons lost by each player, in a first game and in a later one
    assert seen == {(True, 0), (True, 1), (False, 0), (False, 1)}


# -- the cube (6.2, 6.3, 6.6) and its limit --------------------------------------------------


def test_003_6_cube_cannot_go_beyond_its_limit() -> None:
    """Decision (docs): doubling beyond 4096 is refused."""
    match = Match(99)
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    while match.cube < MAX_CUBE:
        match.double()
        match.take()
        match.roll((1, 2))
        match.move(match.legal_moves()[0])
    assert match.cube == 4096 and match.cube_owner == match.player_on_roll
    assert not match.can_double()
    with refuses(BackgammonError, "backgammon.cube_max", max=4096):
        match.double()


def test_003_6_only_the_player_on_roll_may_double() -> None:
    """6.8-6.9: a player doubles on their own turn, before rolling."""
    match = Match(7)
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    assert match.player_on_roll == 1
    assert match.can_double(1) and not match.can_double(0)


# -- Crawford (6.5) ----------------------------------------------------------------------------


def test_003_6_5_no_post_crawford_before_the_crawford_game() -> None:
    match = Match(5)
    assert match.is_post_crawford is False
    match.opening_roll(3, 1)
    assert match.is_post_crawford is False


def test_003_6_5_leader_player_two_annuls_a_taken_illegal_double() -> None:
    """6.5: the player leading the match may invalidate the double sent by mistake; the
    game, won by the doubler, is scored with the cube at 1."""
    match = crawford_match(5, leader=1)
    start_and_reach_roll(match, doubler=0)
    match.double(crawford_violation=True)
    match.take()
    finish_game(match, 0, {10: 15})  # the trailer wins a gammon at cube 2
    assert match.score == (4, 4)
    with pytest.raises(BackgammonError):
        match.annul_crawford_double(0)
    match.annul_crawford_double(1)
    assert match.score == (2, 4)
    assert match.game.result == GameResult(0, GAMMON, 1, "play")
    assert match.cube == 1 and match.cube_owner is None
    assert match.phase is Phase.GAME_OVER
    with pytest.raises(BackgammonError):
        match.annul_crawford_double(1)  # a double is annulled once
    assert match.score == (2, 4)


def test_003_6_5_annulled_double_still_lets_the_leader_win_the_match() -> None:
    """6.5: the leader took the illegal double and won the game: with the cube at 1 the
    leader still reaches N and wins the match."""
    match = crawford_match(5, leader=0)
    start_and_reach_roll(match, doubler=1)
    match.double(crawford_violation=True)
    match.take()
    finish_game(match, 0)
    assert match.score == (6, 0) and match.phase is Phase.MATCH_OVER
    match.annul_crawford_double(0)
    assert match.score == (5, 0)
    assert match.phase is Phase.MATCH_OVER and match.winner == 0


def test_003_6_5_nothing_to_annul_without_an_illegal_double() -> None:
    """6.5: only a double sent in the Crawford game can be invalidated."""
    match = crawford_match(5, leader=0)
    start_and_reach_roll(match, doubler=1)
    with pytest.raises(BackgammonError):
        match.annul_crawford_double(0)
    finish_game(match, 1)
    with pytest.raises(BackgammonError):
        match.annul_crawford_double(0)


def test_003_6_5_pending_illegal_double_annulled_the_doubler_rolls() -> None:
    """6.5: the double is invalidated before it is answered: the cube goes back to the
    centre and the doubler rolls. A new mistaken double can be annulled again."""
    match = crawford_match(5, leader=0)
    start_and_reach_roll(match, doubler=1)
    match.double(crawford_violation=True)
    match.annul_crawford_double(0)
    assert match.phase is Phase.ROLL and match.player_on_roll == 1
    assert match.cube == 1 and match.cube_owner is None
    match.double(crawford_violation=True)
    assert match.game.annulled is False
    match.take()
    match.roll("21")
    match.annul_crawford_double(0)  # after the take, during the doubler's move
    assert match.phase is Phase.MOVE and match.dice == Dice(2, 1)
    assert match.cube == 1 and match.cube_owner is None


def test_003_6_5_dropped_illegal_double_annulled_the_game_goes_on() -> None:
    """6.5: the drop answered a double that did not exist: the game resumes, unscored; the
    double and the drop are marked annulled in the record."""
    match = crawford_match(5, leader=0)
    start_and_reach_roll(match, doubler=1)
    match.double(crawford_violation=True)
    match.drop()
    match.annul_crawford_double(0)
    assert match.game.result is None and match.winner is None
    assert match.score == (4, 0)
    kinds = [a.kind for a in match.game.actions]
    assert match.game.annulled_actions == {kinds.index("double"), kinds.index("drop")}


@pytest.mark.parametrize("doubler", [0, 1])
def test_003_6_5_one_point_match_the_receiver_annuls(doubler: int) -> None:
    """6.5 and the 1-point decision: game 1 of a 1-point match is the Crawford game; at 0-0
    nobody leads, so the player who received the illegal double may invalidate it (the
    doubler may not). Here the drop had given the doubler the match."""
    match = Match(1)
    start_and_reach_roll(match, doubler)
    match.double(crawford_violation=True)
    match.drop()
    assert match.winner == doubler
    with refuses(BackgammonError, "backgammon.leader_annuls", player=doubler + 1):
        match.annul_crawford_double(doubler)
    match.annul_crawford_double(1 - doubler)
    assert match.winner is None and match.score == (0, 0)
    assert match.phase is Phase.ROLL and match.player_on_roll == doubler


# -- resignations (clock rules 3.13) -------------------------------------------------------------


def test_003_resignation_offer_rejection_and_acceptance_are_recorded() -> None:
    """A resignation (single, gammon or backgammon) is offered, rejected or accepted by the
    opponent; the game ends 'by resignation' at the level offered times the cube."""
    match = Match(9)
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    match.resign(1, GAMMON)
    match.reject_resignation()
    assert match.phase is Phase.ROLL and ids(match).resignation == 0
    match.resign(1, GAMMON)
    match.accept_resignation()
    assert match.game.actions[-4:] == [
        Action(1, "resign", value=GAMMON),
        Action(0, "reject"),
        Action(1, "resign", value=GAMMON),
        Action(0, "accept", value=GAMMON),
    ]
    assert match.game.result == GameResult(0, GAMMON, 1, "resignation")
    assert match.score == (2, 0)


def test_003_resignation_refused_for_an_unknown_player_or_level() -> None:
    match = Match(9)
    match.opening_roll(3, 1)
    with pytest.raises(BackgammonError):
        match.resign(2, SINGLE)
    with pytest.raises(BackgammonError):
        match.resign(0, 4)
    assert match.phase is Phase.MOVE


# -- dice and the opening roll (5, clock rules 3.5) ---------------------------------------------


@pytest.mark.parametrize("dice", [(7, 3), (3, 7), (0, 3), (3, 0)])
def test_003_5_a_die_shows_one_to_six(dice: tuple[int, int]) -> None:
    match = Match(5)
    with pytest.raises(BackgammonError):
        match.opening_roll(*dice)
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    with pytest.raises(BackgammonError):
        match.roll(dice)
    assert match.phase is Phase.ROLL


@pytest.mark.parametrize(("die0", "die1", "first"), [(5, 2, 0), (2, 5, 1)])
def test_003_clock_3_5_higher_opening_die_plays_first_with_both(
    die0: int, die1: int, first: int
) -> None:
    """Clock rules 3.5: each player rolls one die; the higher plays first, with both dice.
    The record writes the opening roll from the first player's side, their die first."""
    match = Match(5)
    match.opening_roll(die0, die1)
    assert match.player_on_roll == first and match.game.first_player == first
    assert match.dice == Dice(5, 2)
    match.move("13/8 13/11")
    assert match.game.actions[-1].dice == Dice(5, 2)
    assert "52: 13/8 13/11" in export_mat(match)


# -- illegal moves (3.14, 3.15) ----------------------------------------------------------------


def test_003_3_14_a_playable_roll_cannot_be_passed() -> None:
    """3.14: a player who can play must play legally; passing is an illegal move."""
    match = Match(5)
    match.opening_roll(3, 1)
    with pytest.raises(BackgammonError):
        match.move(Move((), match.position))
    assert match.phase is Phase.MOVE


def test_003_3_14_condoned_illegal_move_given_as_a_move_object() -> None:
    """3.14: the opponent lets an illegal move stand: it is played as the checkers moved."""
    match = Match(5)
    match.opening_roll(3, 1)
    wrong = Move((Step(24, 18, False),), Position.initial())
    match.move(wrong, condoned=True)
    assert match.illegal_moves == (1, 0)
    assert match.position.opponent[17] == 1 and match.position.opponent[23] == 1


def test_003_3_15_legal_moves_are_not_counted_and_notifications_add_up() -> None:
    """3.15: only illegal moves count towards the three notifications, for each player."""
    match = Match(5)
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    assert match.illegal_moves == (0, 0) and match.game.actions[-1].illegal is False
    assert match.report_illegal_move(1) == 1
    assert match.report_illegal_move(1) == 2
    assert match.report_illegal_move(0) == 1
    assert match.illegal_moves == (1, 2)
    with pytest.raises(BackgammonError):
        match.report_illegal_move(2)
    match.undo()
    assert match.illegal_moves == (0, 2)


# -- the board set up again (3.16, 3.17) -------------------------------------------------------


def test_003_3_17_start_checkers_are_judged_for_the_right_player() -> None:
    """3.17: a player starting with 14 checkers may still lose a gammon; the board cannot
    hold more checkers than a player started with, whoever is on roll."""
    board = Position.from_points({1: 1}, {10: 15})
    with pytest.raises(BackgammonError):  # player 1 (not on roll) holds 15, started 14
        Match(7).set_position(board, 0, start_checkers=(15, 14))
    Match(7).set_position(board, 0, start_checkers=(14, 15))
    with pytest.raises(BackgammonError):  # player 0 (not on roll) holds 15, started 14
        Match(7).set_position(board, 1, start_checkers=(14, 15))
    match = Match(7)
    match.set_position(board, 1, start_checkers=(15, 14))
    assert match.dice is None and match.phase is Phase.ROLL
    match.roll("65")
    match.move("1/off")
    assert match.game.result == GameResult(1, GAMMON, 1, "play")


def test_003_3_17_a_sixteen_checker_start_stands_seventeen_is_refused() -> None:
    """3.17: "Un joueur commençant avec 14 pions ou 16 pions (ou autre) peut néanmoins
    perdre gammon ou backgammon": a player who started with 16 and bore none off loses a
    gammon; a board of 16 has no gnubg Position ID; 17 checkers are refused."""
    board = Position.from_points({1: 1}, {10: 16})
    match = Match(7)
    match.set_position(board, 0, start_checkers=(15, 16))
    match.roll("65")
    match.move("1/off")
    assert match.game.result == GameResult(0, GAMMON, 1, "play")
    with refuses(BackgammonError, "backgammon.too_many_checkers", side=OPPONENT, checkers=15):
        position_id(board)
    with refuses(BackgammonError, "backgammon.more_checkers"):
        Match(7).set_position(board, 0, start_checkers=(17, 15))
    with refuses(BackgammonError, "backgammon.start_checkers", counts=1):
        Match(7).set_position(board, 0, start_checkers=(15,))


# -- the score (4) and the clock's flag (clock rules 4) -------------------------------------------


def test_003_4_points_away_from_the_match() -> None:
    match = Match(3)
    assert (match.away(0), match.away(1)) == (3, 3)
    finish_game(match, 1)
    assert (match.away(0), match.away(1)) == (3, 2)
    finish_game(match, 1, {10: 15})  # 1 + 2 = 3: the match is won
    assert (match.away(0), match.away(1)) == (3, 0)
    match.undo()
    match.undo()
    match.undo()
    finish_game(match, 1, {20: 15})  # 1 + 3 = 4 > 3: nothing left to win
    assert match.away(1) == 0


def test_003_4_match_length_is_1_to_99_points() -> None:
    Match(99)
    with pytest.raises(BackgammonError):
        Match(100)


def test_003_clock_4_3_a_flag_ends_the_match_for_either_player() -> None:
    """Clock rules 4.3: the opponent of the player whose time expired wins the match."""
    match = Match(9)
    match.opening_roll(3, 1)
    assert match.end_on_time(1) == 0
    assert match.phase is Phase.MATCH_OVER and match.winner == 0


# -- the record: undo keeps what came before -------------------------------------------------


def test_003_undo_takes_back_only_the_last_action() -> None:
    match = Match(5)
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    match.roll("21")
    match.undo()
    assert match.phase is Phase.ROLL
    assert [a.kind for a in match.game.actions] == ["move"]


# -- gnubg IDs of the match states (the record read by gnubg) ---------------------------------


def test_003_gnubg_match_ids_follow_the_match() -> None:
    """The Match ID gives cube, owner, player on roll, Crawford, the game's state (not
    started, playing, over, dropped, resigned), double offered, resignation and dice."""
    match = Match(5)
    m = ids(match)
    assert (m.game_state, m.player_on_roll, m.turn, m.cube_value) == (GAME_NONE, 0, 0, 1)
    assert (m.cube_owner, m.dice, m.match_length, m.score) == (None, (0, 0), 5, (0, 0))
    match.opening_roll(2, 5)
    m = ids(match)
    assert (m.game_state, m.player_on_roll, m.turn, m.dice) == (GAME_PLAYING, 1, 1, (5, 2))
    match.move("13/8 13/11")
    match.double()
    m = ids(match)
    assert (m.double_offered, m.player_on_roll, m.turn, m.cube_value) == (True, 0, 1, 1)
    match.take()
    match.roll("31")
    match.move("8/5 6/5")
    m = ids(match)
    assert (m.double_offered, m.cube_value, m.cube_owner, m.dice) == (False, 2, 1, (0, 0))
    match.resign(0, GAMMON)
    m = ids(match)
    assert (m.resignation, m.turn, m.player_on_roll) == (GAMMON, 1, 1)
    match.reject_resignation()
    assert ids(match).resignation == 0
    match.double()
    match.drop()
    m = ids(match)
    assert (m.game_state, m.score, m.dice) == (GAME_DROPPED, (0, 2), (0, 0))
    match.opening_roll(1, 2)
    match.resign(0, SINGLE)
    match.accept_resignation()
    m = ids(match)
    assert (m.game_state, m.score, m.crawford) == (GAME_RESIGNED, (0, 3), False)
    finish_game(match, 1)
    m = ids(match)
    assert (m.game_state, m.score, m.dice, m.crawford) == (GAME_OVER, (0, 4), (0, 0), False)
    match.opening_roll(6, 5)
    assert ids(match).crawford is True


# -- refusals say what is wrong ---------------------------------------------------------------


def test_003_refusals_name_what_is_wrong() -> None:
    """Every action the rules forbid is refused with a message naming the reason."""
    with refuses(BackgammonError, "backgammon.match_length", length=0):
        Match(0)
    with refuses(BackgammonError, "backgammon.match_length", length=100):
        Match(100)
    with refuses(BackgammonError, "backgammon.match_length", length="9.0"):
        Match(9.0)  # type: ignore[arg-type]
    match = Match(5)
    with refuses(BackgammonError, "backgammon.nothing_to_undo"):
        match.undo()
    with refuses(BackgammonError, "backgammon.invalid_die", dice="71"):
        match.opening_roll(7, 1)
    with refuses(BackgammonError, "backgammon.no_resignation_now", phase=Phase.OPENING.label):
        match.resign(0)
    with refuses(BackgammonError, "backgammon.invalid_player", player=2):
        match.set_position(Position.initial(), 2)
    with refuses(BackgammonError, "backgammon.more_checkers"):
        match.set_position(Position.initial(), 0, start_checkers=(14, 15))
    with refuses(BackgammonError, "backgammon.side_empty"):
        match.set_position(Position.from_points({}, {1: 1}), 0)
    with refuses(BackgammonError, "backgammon.invalid_player", player=-1):
        match.report_illegal_move(-1)
    match.opening_roll(3, 1)
    with refuses(BackgammonError, "backgammon.no_opening_now", phase=Phase.MOVE.label):
        match.opening_roll(3, 1)
    with refuses(BackgammonError, "backgammon.double_when", phase=Phase.MOVE.label):
        match.double()
    with refuses(BackgammonError, "backgammon.illegal_move", move="24/18", dice="31"):
        match.move(Move((Step(24, 18, False),), Position.initial()))
    with refuses(
        BackgammonError, "backgammon.wrong_phase", phase=Phase.MOVE.label, expected=Phase.ROLL.label
    ):
        match.roll("21")
    with refuses(BackgammonError, "backgammon.resignation_level", player=0, level=5):
        match.resign(0, 5)
    match.move("8/5 6/5")
    with refuses(BackgammonError, "backgammon.invalid_die", dice="02"):
        match.roll((0, 2))
    match.double()
    match.take()  # player 0 owns the cube; player 1, the doubler, is on roll
    with refuses(BackgammonError, "backgammon.cube_owned", player=2):
        match.double()
    with refuses(BackgammonError, "backgammon.no_crawford_double"):
        match.annul_crawford_double(0)
    match.end_on_time(0)
    with refuses(BackgammonError, "backgammon.no_setup_now", phase=Phase.MATCH_OVER.label):
        match.set_position(Position.initial(), 0)
    with refuses(BackgammonError, "backgammon.match_over"):
        match.end_on_time(1)
    assert say(
        Message.of("backgammon.wrong_phase", phase=Phase.MOVE.label, expected=Phase.ROLL.label)
    ) == (
        "impossible maintenant : le match en est à « déplacement des pions », « lancer ou doubler » attendu"
    )


def _moved_one(position: Position) -> Position:
    """``position`` with one of the player on roll's checkers moved from their highest
    point to their lowest free one (a misplaced checker put right, or put wrong)."""
    side = list(position.player)
    high = max(i for i in range(24) if side[i])
    low = next(i for i in range(24) if not position.opponent[23 - i] and i != high)
    side[high] -= 1
    side[low] += 1
    return Position(tuple(side), position.opponent)


def _play_one(match: Match) -> None:
    match.move(match.legal_moves()[0])


def test_003_3_16_the_starting_position_is_corrected_before_the_fourth_roll() -> None:
    """3.16: "il peut la corriger avant le quatrième lancer de dés de la partie": the
    opening roll is the first; with three rolls made (the third not played yet, then
    played) the correction is allowed, and the turn and the dice stay."""
    match = Match(7)
    match.opening_roll(3, 1)  # roll 1
    assert match.rolls == 1
    _play_one(match)
    match.roll("52")  # roll 2
    _play_one(match)
    match.roll("64")  # roll 3
    assert match.rolls == 3
    turn, dice = match.turn, match.dice
    fixed = _moved_one(match.position)
    match.correct_start(fixed)
    assert match.position == fixed and match.turn == turn and match.dice == dice
    _play_one(match)
    assert match.rolls == 3
    match.correct_start(_moved_one(match.position))  # still before the fourth roll


def test_003_3_16_after_the_fourth_roll_the_correction_is_refused() -> None:
    """3.16: after the fourth roll the position stands (a spectator tells the director)."""
    match = Match(7)
    match.opening_roll(6, 5)
    for dice in ("21", "43"):
        _play_one(match)
        match.roll(dice)
    _play_one(match)
    match.roll("11")  # the fourth roll
    assert match.rolls == 4
    before = match.position
    with pytest.raises(BackgammonError) as exc:
        match.correct_start(_moved_one(before))
    assert exc.value.message.code == "backgammon.start_correction_late"
    assert exc.value.message.params["rolls"] == 4
    assert match.position == before
