"""Seed 003, 3.16 in the match and its record: "Si l'un des deux joueurs s'aperçoit d'une
erreur dans la position initiale des pions, il peut la corriger avant le quatrième lancer de
dés de la partie." The error is in the initial position: corrected, the board is the one
the game would have reached from the right start with the same moves; after the fourth roll
the correction is refused."""

from __future__ import annotations

from arbitre.backgammon.board import BackgammonError, Position
from arbitre.backgammon.ids import START_POSITION_ID, position_id
from arbitre.backgammon.mat import export_mat, import_mat
from arbitre.backgammon.match import Match, Phase, StartCorrection
from arbitre.common.messages import Message
from tests.support import refusal_of

HEADER = " 7 point match\n\n Game 1\n Alice : 0                        Bob : 0\n"
WRONG = "; 3.17 player 1: -8 +7\n"
"""Alice's start was wrong: one checker of her 8 point stood on her 7 point."""

# Hand-counted from the standard start: Alice played 31 as 8/5 6/5, Bob 52 as 13/11 13/8.
ALICE_AFTER = {24: 2, 13: 5, 8: 2, 6: 4, 5: 2}
BOB_AFTER = {24: 2, 13: 3, 11: 1, 8: 4, 6: 5}


def _row(n: int, left: str, right: str = "") -> str:
    return f"{n:3d}) {left:<28}{right}\n"


def _two_moves_from_a_wrong_start() -> Match:
    return import_mat(HEADER + WRONG + _row(1, "31: 8/5 6/5", "52: 13/11 13/8"), complete=False)


def test_003_3_16_the_standard_start_keeps_the_moves_played() -> None:
    """Corrected to the standard start, Alice's two checkers moved from her 8 and 6 points
    and Bob's two from his 13 point stay moved; her stray checker on the 7 point is gone
    back to the 8 point. Alice is on roll and keeps the turn."""
    match = _two_moves_from_a_wrong_start()
    assert match.position.player[6] == 1  # the wrong board: a checker on Alice's 7 point
    corrected = match.standard_start()
    assert corrected == Position.from_points(ALICE_AFTER, BOB_AFTER)
    match.correct_start(corrected)
    assert match.position == corrected
    assert match.player_on_roll == 0 and match.phase is Phase.ROLL
    assert match.rolls == 2


def test_003_3_16_standard_start_seen_by_the_player_on_roll() -> None:
    """With Bob on roll (after Alice's opening move) the board is seen from Bob."""
    text = HEADER + WRONG + _row(1, "31: 8/5 6/5")
    match = import_mat(text, complete=False)
    assert match.player_on_roll == 1
    alice = {24: 2, 13: 5, 8: 2, 6: 4, 5: 2}
    bob = {24: 2, 13: 5, 8: 3, 6: 5}
    assert match.standard_start() == Position.from_points(bob, alice)


def test_003_3_16_a_move_impossible_from_the_standard_start_is_said() -> None:
    """Alice played from her stray 7 point: on the standard start there is no checker to
    move there, so the director must set the board himself."""
    text = HEADER + WRONG + _row(1, "64: 24/18 7/3")
    match = import_mat(text, complete=False)
    reason = refusal_of(BackgammonError, match.standard_start)
    assert reason.code == "backgammon.start_replay"
    assert "7/3" in str(reason.params["move"])


def test_003_3_16_the_record_says_where_the_position_was_corrected() -> None:
    """The exported record holds the corrected board, as a gnubg Position ID, between the
    moves it came after and before; read again, the match is the same."""
    match = _two_moves_from_a_wrong_start()
    match.correct_start(match.standard_start())
    match.roll("43")
    match.move("24/20 13/10")
    text = export_mat(match)
    line = f"; 3.16 position {position_id(Position.from_points(ALICE_AFTER, BOB_AFTER))}"
    lines = text.splitlines()
    assert line in lines
    at = lines.index(line)
    assert "52: " in lines[at - 1] and "43: " in lines[at + 1]
    again = import_mat(text, complete=False)
    assert again.position == match.position
    assert again.games[0].corrections == match.games[0].corrections
    assert export_mat(again) == text


def test_003_3_16_a_correction_before_the_fourth_roll_in_a_record() -> None:
    """Three moves played (three rolls): the fourth roll is not made yet, the record's
    correction is read."""
    text = (
        HEADER
        + _row(1, "31: 8/5 6/5", "52: 13/11 13/8")
        + _row(2, "43: 24/20 13/10")
        + f"; 3.16 position {position_id(Position.initial())}\n"
    )
    match = import_mat(text, complete=False)
    assert match.rolls == 3
    assert match.position == Position.initial()


def test_003_3_16_a_correction_after_the_fourth_roll_in_a_record_is_refused() -> None:
    """Four moves played: "avant le quatrième lancer" is past; the record is refused at the
    correction's line, with the article's reason."""
    text = (
        HEADER
        + _row(1, "31: 8/5 6/5", "52: 13/11 13/8")
        + _row(2, "43: 24/20 13/10", "61: 13/7 8/7")
        + f"; 3.16 position {START_POSITION_ID}\n"
    )
    reason = refusal_of(BackgammonError, import_mat, text, False)
    assert reason.code == "backgammon.mat.line" and reason.params["line"] == 7
    inner = reason.params["reason"]
    assert not isinstance(inner, str | int | float)
    assert inner.code == "backgammon.start_correction_late" and inner.params["rolls"] == 4


def test_003_3_16_no_correction_before_the_game_started() -> None:
    """Before the opening roll there is nothing to correct during the game (the start of a
    game is declared by the 3.17 lines): the line is refused."""
    text = HEADER + f"; 3.16 position {START_POSITION_ID}\n" + _row(1, "31: 8/5 6/5")
    reason = refusal_of(BackgammonError, import_mat, text, False)
    inner = reason.params["reason"]
    assert not isinstance(inner, str | int | float) and inner.code == "backgammon.no_setup_now"


def test_003_3_16_undo_takes_the_correction_back() -> None:
    match = _two_moves_from_a_wrong_start()
    wrong = match.position
    match.correct_start(match.standard_start())
    match.undo()
    assert match.position == wrong and match.games[0].corrections == ()


def test_003_3_16_a_cube_turned_between_the_moves_does_not_stop_the_replay() -> None:
    """Alice plays 31, Bob doubles and Alice takes, then Bob plays 52: the standard start
    replays both moves past the cube action (the same board, hand-counted, as above), so
    from a right start it is the board on the table."""
    match = Match(7, ("Alice", "Bob"))
    match.opening_roll(3, 1)
    match.move("8/5 6/5")
    match.double()
    match.take()
    match.roll("52")
    match.move("13/11 13/8")
    assert match.player_on_roll == 0 and match.cube == 2
    assert match.standard_start() == Position.from_points(ALICE_AFTER, BOB_AFTER)
    assert match.position == Position.from_points(ALICE_AFTER, BOB_AFTER)


def test_003_3_16_no_correction_before_the_game_is_under_way() -> None:
    """Before the opening roll there is no game to correct: the refusal says which phase
    the match is in."""
    match = Match(7, ("Alice", "Bob"))
    reason = refusal_of(BackgammonError, match.correct_start, Position.initial())
    assert reason.code == "backgammon.no_setup_now"
    assert reason.params == {"phase": Phase.OPENING.label}


def test_003_3_16_an_impossible_replay_says_why_the_board_refused_it() -> None:
    """The refusal of a replay carries the board's own reason, worded for the director."""
    match = import_mat(HEADER + WRONG + _row(1, "64: 24/18 7/3"), complete=False)
    reason = refusal_of(BackgammonError, match.standard_start)
    board_reason = reason.params["reason"]
    assert isinstance(board_reason, Message) and board_reason.code.startswith("backgammon.")


def test_003_3_16_the_correction_is_kept_with_the_player_on_roll() -> None:
    """The record of a correction says after which action it came, and for which player on
    roll the corrected board is seen (Bob, on roll after Alice's opening move)."""
    match = import_mat(HEADER + WRONG + _row(1, "31: 8/5 6/5"), complete=False)
    corrected = match.standard_start()
    match.correct_start(corrected)
    assert match.game.corrections == (StartCorrection(1, 1, corrected),)


def test_003_3_16_the_start_checkers_are_counted_for_the_player_they_belong_to() -> None:
    """Seed 003, 3.17: a player may have started with 14 checkers. Alice (on roll) started
    with 14: a corrected board with 15 of hers is refused; Bob started with 15 and keeps
    them all: accepted."""
    match = Match(7, ("Alice", "Bob"))
    match.opening_roll(3, 1)
    assert match.player_on_roll == 0
    start = Position.initial()
    reason = refusal_of(BackgammonError, match.correct_start, start, (14, 15))
    assert reason.code == "backgammon.more_checkers"
    alice_14 = Position.from_points({24: 2, 13: 5, 8: 3, 6: 4}, {24: 2, 13: 5, 8: 3, 6: 5})
    match.correct_start(alice_14, (14, 15))
    assert match.position == alice_14


def test_003_3_17_a_corrected_start_of_14_checkers_still_loses_a_gammon() -> None:
    """3.16 and 3.17: corrected to a board where Bob started with 14 checkers, Bob has
    borne none off when Alice bears off her last one: a gammon (2 points); with one of his
    14 borne off, a single game (1 point)."""
    scores = []
    for bob in (14, 13):
        match = Match(7, ("Alice", "Bob"))
        match.opening_roll(3, 1)
        match.correct_start(Position.from_points({1: 1}, {6: bob}), (15, 14))
        match.move("1/off")
        scores.append(match.score)
    assert scores == [(2, 0), (1, 0)]


def test_003_3_16_standard_start_after_a_closed_out_pass_is_seen_by_the_player_on_roll() -> None:
    """Bob, on the bar against Alice's closed board, passes (clock rules 3.11): Alice, who
    played last, is on roll again, and the standard start with her move 8/6 8/7 played is
    seen from her (the director's board in between is not the game's start)."""
    match = Match(7, ("Alice", "Bob"))
    match.opening_roll(3, 1)
    board = Position.from_points(
        {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1, 8: 4}, {25: 1, 13: 5, 8: 4, 6: 5}
    )
    match.set_position(board, 0)
    match.roll("21")
    match.move("8/6 8/7")
    match.pass_closed_out()
    last = match.game.actions[-1]
    assert (last.player, last.kind) == (1, "pass")  # Bob's pass, clock rules 3.11
    assert match.player_on_roll == 0
    alice = {24: 2, 13: 5, 8: 1, 7: 1, 6: 6}
    bob = {24: 2, 13: 5, 8: 3, 6: 5}
    assert match.standard_start() == Position.from_points(alice, bob)
