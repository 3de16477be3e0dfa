"""Checker-play rules, one focused test each (standard rules; seed 003, 3.8-3.9)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.board import (
    POSITION_KINDS,
    BackgammonError,
    Dice,
    Position,
    format_steps,
    parse_steps,
    random_position,
)
from tests.support import depth


def results(
    position: Position, dice: tuple[int, int]
) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    return {(m.position.player, m.position.opponent) for m in position.legal_moves(dice)}


def notations(position: Position, dice: tuple[int, int]) -> set[str]:
    return {m.notation for m in position.legal_moves(dice)}


def test_opening_roll_counts_match_the_known_figures():
    # Distinct resulting positions at the start (as gnubg lists them).
    start = Position.initial()
    assert len(start.legal_moves((3, 1))) == 16
    assert len(start.legal_moves((6, 5))) == 7  # 24/18 6/1 and 24/19 are blocked
    assert "8/5 6/5" in notations(start, (3, 1))
    assert "24/13" in notations(start, (6, 5))


def test_checker_on_bar_enters_before_any_other_move():
    # The opponent holds my 24 point (their 1): the 1 cannot enter, the 6 can (bar/19).
    position = Position.from_points({25: 1, 13: 14}, {1: 2})
    for move in position.legal_moves((6, 1)):
        assert move.steps[0].source == 25
    assert notations(position, (6, 1)) == {"bar/19 13/12", "bar/18"}


def test_two_checkers_on_bar_use_both_dice_to_enter():
    position = Position.from_points({25: 2, 13: 13}, {})
    assert notations(position, (5, 3)) == {"bar/22 bar/20"}


def test_blocked_entry_forfeits_the_roll_and_closed_board_allows_nothing():
    closed = Position.from_points({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    for dice in [(a, b) for a in range(1, 7) for b in range(1, 7)]:
        assert closed.legal_moves(dice) == []


def test_point_held_by_two_opposing_checkers_is_blocked():
    # Opponent holds my 7 point (their 18): 13/7 is impossible with a 6.
    position = Position.from_points({13: 1, 1: 14}, {18: 2})
    assert notations(position, (6, 6)) == set()
    assert notations(position, (6, 2)) == {"13/5"}  # 13/11/5 only


def test_landing_on_a_blot_hits_it():
    position = Position.from_points({13: 15}, {18: 1, 1: 14})  # blot on my 7
    moves = {m.notation: m for m in position.legal_moves((6, 5))}
    assert set(moves) == {"13/8 13/7*", "13/7*/2", "13/2"}
    hit = moves["13/8 13/7*"]
    assert hit.position.opponent[24] == 1  # on the bar
    assert hit.position.opponent[17] == 0


def test_doubles_are_played_four_times():
    position = Position.from_points({13: 15}, {})
    assert notations(position, (2, 2)) >= {"13/11(4)", "13/5"}
    for move in position.legal_moves((2, 2)):
        assert position.pip_count() - move.position.pip_count() == 8


def test_maximum_number_of_dice_must_be_used():
    # The 6 alone (24/18) is possible, but 24/19/13 uses both dice: only that is legal.
    position = Position.from_points({24: 1, 1: 14}, {7: 2})
    assert notations(position, (6, 5)) == {"24/13"}


def test_only_one_die_playable_means_the_larger_one():
    # 24/18 and 24/19 are each possible, but the 13 point is blocked: no second die.
    position = Position.from_points({24: 1, 1: 14}, {12: 2})
    assert notations(position, (6, 5)) == {"24/18"}
    assert notations(position, (5, 6)) == {"24/18"}


def test_smaller_die_when_the_larger_cannot_be_played():
    position = Position.from_points({24: 1, 1: 14}, {12: 2, 7: 2})
    assert notations(position, (6, 5)) == {"24/19"}


def test_bear_off_needs_every_checker_home():
    # The checker on 7 must come home before any bear-off: 3/off first is illegal.
    position = Position.from_points({7: 1, 3: 14}, {})
    assert notations(position, (6, 3)) == {"7/1 3/off", "7/off"}  # 7/off is 7/4/off
    for move in position.legal_moves((6, 3)):
        assert move.steps[0].source == 7


def test_bear_off_exact_die_or_higher_die_from_highest_point_only():
    position = Position.from_points({5: 1, 2: 1}, {24: 15})  # my 1 point is blocked
    # 6/off-first leaves the 1 unplayable (2/1 blocked); 5/4 then 4/off (the 6 from the
    # highest point) uses both dice, so it is the only legal move.
    moves = position.legal_moves((6, 1))
    assert len(moves) == 1
    assert [(s.source, s.target) for s in moves[0].steps] == [(5, 4), (4, 0)]
    assert moves[0].position.player[1] == 1  # the checker on 2 stays
    exact = Position.from_points({6: 2, 4: 1}, {20: 2})
    assert notations(exact, (6, 4)) == {"6/off 4/off", "6/2 6/off"}


def test_higher_die_cannot_bear_off_a_lower_checker_while_a_higher_point_is_occupied():
    position = Position.from_points({6: 1, 2: 1}, {1: 15})
    # The 3 may bear off from 2 only once the 6 point is empty.
    assert notations(position, (5, 3)) == {"6/1 2/off", "6/off"}


def test_no_legal_move_returns_an_empty_list():
    position = Position.from_points({25: 1}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    assert position.legal_moves((3, 3)) == []


def test_play_hands_the_turn_over():
    start = Position.initial()
    move = start.legal_moves((3, 1))[0]
    after = start.play(move)
    assert after.opponent == move.position.player


def test_invalid_positions_and_dice_are_refused():
    with pytest.raises(BackgammonError):  # 16 checkers stand (3.17), 17 do not
        Position.from_points({6: 17}, {})
    with pytest.raises(BackgammonError):
        Position.from_points({6: 2}, {19: 2})  # same point, both players
    with pytest.raises(BackgammonError):
        Dice.parse("71")
    with pytest.raises(BackgammonError):
        Position.initial().legal_moves((0, 3))


def test_notation_formats_chains_hits_and_repeats():
    position = Position.from_points({13: 2, 8: 13}, {18: 1})  # blot on my 7
    assert "13/7*/5" in notations(position, (6, 2)) or "13/7*/5" in notations(position, (2, 6))
    assert parse_steps("13/7*/5") == [(13, 7), (7, 5)]
    assert parse_steps("24/18(2)") == [(24, 18), (24, 18)]
    assert parse_steps("bar/22 6/off") == [(25, 22), (6, 0)]
    assert parse_steps("25/22 6/0") == [(25, 22), (6, 0)]
    with pytest.raises(BackgammonError):
        parse_steps("24-18")


def test_find_move_accepts_any_written_form_and_rejects_illegal_ones():
    start = Position.initial()
    dice = Dice(3, 1)
    assert start.find_move(dice, "8/5 6/5").position == start.find_move(dice, "6/5 8/5").position
    with pytest.raises(BackgammonError, match="illegal"):
        start.find_move(dice, "24/21")  # only one die used although both can be
    with pytest.raises(BackgammonError, match="illegal"):
        start.find_move(dice, "13/10 13/11")  # a 2 is not in the roll


@settings(max_examples=depth(300), deadline=None)
@given(
    st.integers(0, 2**32 - 1), st.sampled_from(POSITION_KINDS), st.integers(1, 6), st.integers(1, 6)
)
def test_moves_conserve_checkers_and_use_the_dice(seed, kind, d1, d2):
    position = random_position(random.Random(seed), kind)
    moves = position.legal_moves((d1, d2))
    seen = set()
    for move in moves:
        after = move.position
        key = (after.player, after.opponent)
        assert key not in seen  # once per resulting position
        seen.add(key)
        # checkers are conserved: on board + off stays 15 minus nothing lost
        assert sum(after.player) + after.borne_off() == 15
        assert sum(after.opponent) == sum(position.opponent)
        lengths = {len(m.steps) for m in moves}
        assert len(lengths) == 1  # the same number of dice in every legal move
    for move in moves[:3]:  # the notation reads back to the same position
        assert position.find_move(Dice(d1, d2), move.notation).position == move.position
    assert str(format_steps(())) == "cannot move"
