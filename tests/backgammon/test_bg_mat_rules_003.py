"""Seed 003 in match records (issue 19, part 6): what the regulation lets stand is read,
what it does not is refused with the line and the reason."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.board import BAR, BackgammonError, Position
from arbitre.backgammon.mat import export_mat, import_mat
from arbitre.backgammon.match import Match, Phase
from tests.backgammon.bg_random_match import blitz_match, random_match
from tests.support import depth, refusal_of, refuses

HEADER = " 3 point match\n\n Game 1\n Alice : 0                        Bob : 0\n"


def _row(n: int, left: str, right: str = "") -> str:
    return f"{n:3d}) {left:<28}{right}\n"


def test_003_3_14_illegal_move_condoned_once_the_opponent_rolled() -> None:
    """3.14: "Si un joueur effectue un coup illégal, puis ramasse ses dés, il ne peut plus
    corriger son erreur" - the opponent may require a legal move; once they roll, the move
    stands. Alice plays 31 as 8/4 6/5 (a 4 with a 3); Bob rolls and plays: the record is
    read, the move played as written, counted as illegal (3.15)."""
    text = HEADER + _row(1, "31: 8/4 6/5", "52: 13/8 13/11") + _row(2, "43: 24/20 13/10")
    match = import_mat(text)
    first = match.games[0].actions[0]
    assert first.illegal and first.player == 0
    assert match.illegal_moves == (1, 0)
    assert match.phase is Phase.ROLL and match.player_on_roll == 1
    # the same move with nothing of Bob after it: refused, at its line, as illegal
    alone = HEADER + _row(1, "31: 8/4 6/5")
    reason = refusal_of(BackgammonError, import_mat, alone)
    assert reason.code == "backgammon.mat.line" and reason.params["line"] == 5
    inner = reason.params["reason"]
    assert not isinstance(inner, str | int | float) and inner.code == "backgammon.illegal_move"
    # the opponent's next cell unreadable after it: the illegal move's line is named
    garbled = HEADER + _row(1, "31: 8/4 6/5", "52: 13/8 13/11") + _row(2, "43: 5/1 5/2")
    assert refusal_of(BackgammonError, import_mat, garbled) == reason
    # a move that cannot even be made with the checkers (no checker on 7) stays refused
    impossible = HEADER + _row(1, "31: 7/4 6/5", "52: 13/8 13/11")
    assert refusal_of(BackgammonError, import_mat, impossible).code == "backgammon.mat.line"


def test_003_3_14_condoned_moves_survive_export_and_import() -> None:
    """An illegal move condoned is exported as played and read back as condoned."""
    text = HEADER + _row(1, "31: 8/4 6/5", "52: 13/8 13/11") + _row(2, "43: 24/20 13/10")
    match = import_mat(text)
    again = import_mat(export_mat(match))
    assert again.illegal_moves == (1, 0)
    assert again.position == match.position


def _crawford_record(annulled_by_text: bool = False) -> str:
    """3 points: Alice wins game 1 by 2 (Bob drops a redouble), so game 2 is Crawford;
    there Bob doubles anyway, Alice takes, and later resigns a single game."""
    return (
        " 3 point match\n\n Game 1\n Alice : 0                        Bob : 0\n"
        + _row(1, "31: 8/5 6/5", " Doubles => 2")
        + _row(2, " Takes", "52: 13/8 13/11")
        + _row(3, " Doubles => 4", " Drops")
        + "      Wins 2 points\n"
        + "\n Game 2\n Alice : 2                        Bob : 0\n"
        + _row(1, "31: 8/5 6/5", " Doubles => 2")
        + _row(2, " Takes", "52: 13/8 13/11")
        + "                                  Wins 2 points\n"
    )


def test_003_6_5_crawford_double_not_annulled_stands() -> None:
    """6.5: in the Crawford game the leader "peut invalider le double illégal" before the
    next game starts; not annulled, the double stands: Bob's win counts 2 points (the cube
    taken), 2-2, and the record is read, the violation recorded."""
    match = import_mat(_crawford_record())
    crawford = match.games[1]
    assert crawford.crawford and crawford.crawford_violation and not crawford.annulled
    assert crawford.result is not None and crawford.result.points == 2
    assert match.score == (2, 2)
    # in a game that is not the Crawford game the same double is an ordinary one
    assert not match.games[0].crawford_violation


def _closed_out() -> Match:
    """Bob (player 1) on the bar against Alice's closed board, Bob to roll."""
    alice = [2, 2, 2, 2, 2, 2] + [0] * 18 + [0]
    bob = [0] * 24 + [1]
    bob[0] = 2  # two checkers on Bob's 1-point (Alice's 24-point is free: 23 - 0)
    alice[23] = 0
    match = Match(3, ("Alice", "Bob"))
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    match.set_position(Position(tuple(bob), tuple(alice)), 1, (12, 3))
    return match


def test_003_clock_3_11_closed_out_player_passes_without_rolling() -> None:
    """Clock rules 3.11: a player on the bar against a closed board "doit passer son tour
    sans lancer les dés, et appuyer sur la pendule" - after the opponent's move, so that the
    closed-out player may still use the cube. Bob passes without a roll; he may double
    first; a player who is not closed out cannot pass."""
    match = _closed_out()
    assert match.closed_out and match.position.player[BAR] == 1
    match.pass_closed_out()
    assert match.player_on_roll == 0 and match.phase is Phase.ROLL
    assert match.games[-1].actions[-1].kind == "pass"
    assert match.dice is None
    with refuses(BackgammonError, "backgammon.not_closed_out", player=1):
        match.pass_closed_out()
    doubling = _closed_out()
    doubling.double()
    doubling.take()
    assert doubling.closed_out
    doubling.pass_closed_out()
    assert doubling.cube == 2 and doubling.player_on_roll == 0


def test_003_clock_3_11_a_pass_is_an_empty_cell_of_the_record() -> None:
    """Matches where closed-out players pass without rolling: the passes are exported as
    empty cells and read back as passes (same actions, same scores)."""
    passes = 0
    for seed in range(8):
        match = blitz_match(random.Random(seed), 3)
        kinds = [a.kind for g in match.games for a in g.actions]
        passes += kinds.count("pass")
        again = import_mat(export_mat(match))
        assert [[(a.player, a.kind) for a in g.actions] for g in again.games] == [
            [(a.player, a.kind) for a in g.actions] for g in match.games
        ]
        assert again.score == match.score
    assert passes >= 3


@settings(max_examples=depth(25), deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([1, 3, 5]), st.booleans())
def test_records_read_back_whatever_the_match(seed: int, length: int, blitz: bool) -> None:
    """Hypothesis: any match played through the engine (random cube actions and
    resignations, or closed-out passes) is exported and read back with the same actions
    and score."""
    rng = random.Random(seed)
    match = blitz_match(rng, length) if blitz else random_match(rng, length, resign_rate=0.02)
    again = import_mat(export_mat(match))
    assert [[(a.player, a.kind, a.value) for a in g.actions] for g in again.games] == [
        [(a.player, a.kind, a.value) for a in g.actions] for g in match.games
    ]
    assert (again.score, again.winner) == (match.score, match.winner)


def _sixteen() -> Match:
    """Player 1 set up a 16th checker on their 7 point (3.17), opened 31 playing it, and
    dropped player 2's double."""
    match = Match(3, names=("Ana", "Bea"))
    match.opening_roll(3, 1)
    board = Position.from_points({7: 1, 6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    match.set_position(board, 0, start_checkers=(16, 15))
    match.roll("31")
    match.move("7/4 6/5")
    match.double()
    match.drop()
    return match


def test_003_3_17_a_game_started_with_sixteen_checkers_stands_in_the_mat() -> None:
    """3.17: a game started with 16 checkers (or 14) stands. The .mat says so in a comment
    line of the game (``; 3.17 player 1: +7``) that the export writes and the import reads:
    the extra checker's move is legal; without that line the record is refused at it."""
    text = export_mat(_sixteen())
    assert "; 3.17 player 1: +7" in text
    match = import_mat(text)
    assert match.score == (0, 1) and match.games[0].start == _sixteen().games[0].start
    assert export_mat(match) == text
    bare = "\n".join(line for line in text.splitlines() if not line.startswith(";"))
    assert refusal_of(BackgammonError, lambda: import_mat(bare)).code == "backgammon.mat.line"


def test_003_3_17_a_game_started_with_fourteen_checkers_is_read() -> None:
    """3.17: player 2 started without one of their 24-point checkers: the record's line
    ``; 3.17 player 2: -24`` gives the game its 14-checker start (the engine then counts a
    gammon from those 14: test_bg_match_cube), and the export writes it back."""
    match = Match(5, names=("Ana", "Bea"))
    match.opening_roll(6, 5)
    board = Position.from_points({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 1})
    match.set_position(board, 0, start_checkers=(15, 14))
    match.roll("65")
    match.move("24/13")
    text = export_mat(match)
    assert "; 3.17 player 2: -24" in text and "player 1" not in text
    again = import_mat(text)
    start = again.games[0].start
    assert start is not None and (sum(start[0]), sum(start[1])) == (15, 14)
    assert export_mat(again) == text


def test_003_3_17_a_start_set_with_the_second_player_on_roll_keeps_each_side() -> None:
    """The same with player 2 first on roll: the board is set from player 2's view, and it
    is still player 1 who started without a 24-point checker."""
    match = Match(7, names=("Ana", "Bea"))
    match.opening_roll(1, 3)
    assert match.player_on_roll == 1
    ana, bea = {24: 1, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}
    match.set_position(Position.from_points(bea, ana), 1, start_checkers=(14, 15))
    match.roll("31")
    match.move("8/5 6/5")
    text = export_mat(match)
    assert "; 3.17 player 1: -24" in text and "player 2" not in text
    start = match.games[0].start
    assert start is not None and (sum(start[0]), sum(start[1])) == (14, 15)


def test_003_3_17_a_wrong_start_line_is_refused() -> None:
    text = export_mat(_sixteen())
    late = text.replace("; 3.17 player 1: +7\n", "").replace(
        " Drops", " Drops\n; 3.17 player 2: +6", 1
    )
    assert refusal_of(BackgammonError, lambda: import_mat(late)).code == "backgammon.mat.line"
    for wrong in ("-7", "+25", "-3"):
        bad = text.replace("; 3.17 player 1: +7", f"; 3.17 player 1: {wrong}")
        refused = refusal_of(BackgammonError, lambda b=bad: import_mat(b))
        assert refused.params["reason"].code == "backgammon.mat.start_checkers"
