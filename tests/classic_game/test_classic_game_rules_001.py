"""The Classic game against the FFSc regulation (seed 001), article by article.

Each test pins one rule of the regulation (or of the project's reading of it in
docs/classic-game.md): the decision, the score, the sheet line or the refusal it demands.
"""

from __future__ import annotations

from collections import Counter

import pytest

from arbitre.classic.game import (
    Bag,
    ChessClock,
    ClassicGame,
    GameError,
    GameResult,
    ManualTime,
    OutOfTimeError,
    Overdraw,
    Sanction,
    rack_value,
    toss,
)
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from arbitre.scrabble.tiles import TILE_COUNTS
from tests.classic_game.classic_words import phony_lexicon, small_lexicon
from tests.support import refuses

EMPTY_ROWS = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"


def new_game(
    racks: tuple[str, str], bag: str | None = None, starter: int = 0, **kw: object
) -> ClassicGame:
    """X (player 0) against Y (player 1) with known first racks; ``bag``: every tile of the
    game, racks included (default: the full set)."""
    lexicon = kw.pop("lexicon", small_lexicon())
    tiles = Bag(bag, seed=1) if bag is not None else Bag(seed=1)
    return ClassicGame(
        lexicon,  # type: ignore[arg-type]
        ("X", "Y"),
        starter=starter,
        racks=racks,
        bag=tiles,
        **kw,  # type: ignore[arg-type]
    )


def full_set(g: ClassicGame) -> bool:
    return g.tiles_in_game() == Counter(TILE_COUNTS)


def sheet(g: ClassicGame) -> list[tuple[int, str, int, str]]:
    """The score sheet's lines: an incident worded in French, a turn in notation."""
    return [(ln.player, ln.kind, ln.points, say(ln.note) if ln.note else ln.text) for ln in g.lines]


# -- 001 3: the start ----------------------------------------------------------------------------


def test_001_3_1_toss_letters_stay_out_of_the_bag_until_the_starter_is_known() -> None:
    """001 3.1: each player draws a letter; once the starter is known the toss letters go
    back to the bag. Until then a letter drawn stays out, so from a bag holding only A and B
    the players draw A and B: one round decides, and A starts."""
    for seed in range(12):
        bag = Bag("AB", seed=seed)
        result = toss(bag)
        assert len(result.rounds) == 1 and sorted(result.rounds[0]) == ["A", "B"]
        assert result.starter == result.rounds[0].index("A")
        assert sorted(bag.tiles()) == ["A", "B"]


def test_001_3_1_toss_needs_two_different_letters() -> None:
    """001 3.1: blanks do not count and equal letters are drawn again: a bag without two
    different letters cannot decide, and is refused."""
    with refuses(GameError, "classic_game.toss_letters"):
        toss(Bag("AA?", seed=1))


def test_001_1_1_two_players_with_different_names_and_a_starter_among_them() -> None:
    """001 1.1: Classic is played by two players; the starter (3.1) is one of them."""
    with refuses(GameError, "classic_game.two_names", names="X, X"):
        ClassicGame(small_lexicon(), ("X", "X"), starter=0)
    with refuses(GameError, "classic_game.two_names", names="X, Y, Z"):
        ClassicGame(small_lexicon(), ("X", "Y", "Z"), starter=0)
    with refuses(GameError, "classic_game.starter", starter=2):
        ClassicGame(small_lexicon(), ("X", "Y"), starter=2)


# -- 001 4.1: placing a word --------------------------------------------------------------------


def test_001_4_1_7_the_player_draws_back_to_seven_and_the_sheet_records_the_word() -> None:
    """001 4.1.7: after placing the word the player draws the exact number of tiles that
    completes the rack to seven; 2.1: the score sheet records the word and its score."""
    g = new_game(("DINSEEE", "AAAAAAA"), bag="DINSEEE" + "AAAAAAA" + "TUV")
    turn = g.play("H7 DIN")
    assert sorted(turn.drawn) == ["T", "U", "V"] and len(g.bag) == 0
    assert turn.player == 0 and turn.kind == "play" and turn.score == 8
    assert sheet(g) == [(0, "play", 8, "H7 DIN")]
    assert g.sheet()[-1][1] == 8


def test_001_4_1_6_the_score_of_a_word_is_the_rules_score() -> None:
    """001 4.1.6: the score of a word may be disputed; the arbiter settles it with the rules'
    score of each word the move forms."""
    g = new_game(("DINSEEE", "AAAAAAA"))
    assert g.words_of("H7 DIN") == [("DIN", 8)]
    assert g.words_of("H6 SEIN") == [("SEIN", 8)]  # placement and score, not the word list


def test_001_2_3_the_tally_sheet_unseen_tiles_are_the_bag_and_the_opponents_rack() -> None:
    """001 2.3: the tally sheet of the 102 tiles lets a player count what is still unseen:
    the bag and the opponent's rack, never the player's own tiles."""
    g = new_game(("DINSEEE", "AAAAAAB"), bag="DINSEEE" + "AAAAAAB" + "TUV")
    assert g.unseen_by(0) == "AAAAAABTUV"
    assert g.unseen_by(1) == "DEEEINSTUV"


# -- 001 4.2, 4.3: passing, exchanging ------------------------------------------------------------


def test_001_4_2_1_a_pass_is_recorded_on_the_sheet() -> None:
    """001 4.2.1: "JE PASSE" must be written on the score sheets: a line of 0 points."""
    g = new_game(("DINSEEE", "AAAAAAA"))
    turn = g.pass_turn()
    assert turn.kind == "pass" and turn.player == 0 and g.to_move == 1
    assert sheet(g) == [(0, "pass", 0, "-")]


def test_001_4_3_exchange_is_a_used_turn_recorded_on_the_sheet() -> None:
    """001 4.3.3-4.3.6: "JE CHANGE n LETTRES": the player loses the turn, the exchange is
    written on the sheets and the clock is pressed for the opponent (6.2.2)."""
    t = ManualTime()
    clock = ChessClock(25 * 60, t)
    g = new_game(("HIJKLMN", "OPQRSTU"), clock=clock)
    turn = g.exchange("JH")
    assert turn.player == 0 and turn.kind == "exchange" and turn.exchanged == "HJ"
    assert sheet(g) == [(0, "exchange", 0, "-HJ")]
    assert g.to_move == 1 and clock.running == 1


def test_001_4_3_5_an_exchange_names_tiles_of_the_rack() -> None:
    """001 4.3.4-4.3.5: the player exchanges exactly the n tiles announced, from the rack."""
    g = new_game(("HIJKLMN", "OPQRSTU"))
    with refuses(GameError, "classic_game.exchange_empty"):
        g.exchange("")
    with refuses(GameError, "classic_game.tiles_not_in_rack", tiles="QZ"):
        g.exchange("HZQ")
    assert g.to_move == 0 and g.turns == []


# -- 001 5: challenges ----------------------------------------------------------------------------


def duals() -> ClassicGame:
    """001 5.3's example: Y has played DIN, X plays DUALS making DINS (not a word here)."""
    g = new_game(("DUALSEE", "DINAEIO"), starter=1)
    g.play("H7 DIN")
    g.play("10D DUALS")
    return g


def test_001_5_3_example_3_withdrawn_move_and_penalty_on_the_sheet() -> None:
    """001 5.3, example 3: Y challenges DINS and DUALS; X takes the tiles back and passes,
    Y loses 5 points for DUALS, challenged wrongly. The sheet shows both."""
    g = duals()
    g.challenge(["DINS", "DUALS"])
    assert sheet(g) == [
        (1, "play", 8, "H7 DIN"),
        (0, "play", 13, "10D DUALS"),
        (0, "withdrawn", -13, "10D DUALS --"),
        (1, "challenge_penalty", -5, "contestation à tort : DUALS"),
    ]
    assert g.lines[-1].text == "DUALS"
    assert g.lines[-1].note == Message.of("classic_game.sheet.wrong_challenge", words="DUALS")
    assert g.scores == (0, 3) and g.to_move == 1


def test_001_5_3_all_words_valid_five_points_per_word_challenged() -> None:
    """001 5.3: all challenged words admitted: the challenger loses 5 points per word."""
    g = new_game(("DUALSEE", "DINAEIO"), starter=1, lexicon=phony_lexicon())
    g.play("H7 DIN")
    g.play("10D DUALS")  # DINS is a word of this list
    result = g.challenge(["DUALS", "DINS"])
    assert not result.withdrawn and result.penalty == 10
    assert sheet(g)[-1] == (1, "challenge_penalty", -10, "contestation à tort : DUALS, DINS")
    assert g.scores == (13, -2) and g.to_move == 1


def test_001_5_2_a_challenge_names_at_least_one_word() -> None:
    """001 5.2: the challenge slip names the word(s) challenged."""
    g = duals()
    with refuses(GameError, "classic_game.challenge_empty"):
        g.challenge([])
    assert g.challengeable is not None


def test_001_5_3_a_withdrawn_move_gives_back_the_blank() -> None:
    """001 5.3: X takes back the tiles of a withdrawn move: a blank placed as a letter goes
    back to the rack as a blank, and the 102 tiles are all there (10.3)."""
    g = new_game(("DIN?EEE", "AAAAAAA"))
    g.play("H5 DINs")
    assert g.challenge().withdrawn
    assert g.rack(0) == "DEEEIN?" and g.board.tile_count == 0 and full_set(g)


def test_001_5_3_withdrawn_last_move_the_game_goes_on() -> None:
    """001 5.3 and 7.1: a move that emptied the rack is withdrawn: the game is not over and
    the opponent plays on."""
    g = new_game(("DINS", "ZA"), bag="DINSZA")
    g.play("H5 DINS")
    assert g.challenge().withdrawn
    turn = g.pass_turn()
    assert turn.player == 1 and not g.over and g.to_move == 0


def test_001_5_2_revealing_a_drawn_tile_closes_the_challenge() -> None:
    """001 5.2: the opponent may challenge before X reveals the first drawn tile; a recorded
    rack for X after the move is that reveal."""
    g = new_game(("DINEEEE", "AAAAAAA"))
    g.play("H7 DIN")
    g.set_rack(0, g.rack(0))
    with refuses(GameError, "classic_game.nothing_to_challenge"):
        g.challenge()


def test_001_5_2_the_opponents_own_incident_leaves_the_move_challengeable() -> None:
    """001 5.2, 10.1: Y's own over-drawing, found while X's move is open to challenge, does
    not reveal X's tiles: Y may still challenge X's move."""
    g = new_game(("DINSEEE", "AAAAAAA"))
    g.play("H5 DINS")
    g.overdraw(1, 1, Overdraw.SEEN)
    assert g.challengeable is not None
    assert g.challenge().withdrawn


# -- 001 6, 7.3: time ---------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["play", "pass", "exchange"])
def test_001_7_3_1_out_of_time_the_player_can_no_longer_act(action: str) -> None:
    """001 7.3.1: a player whose time is used up can no longer play nor exchange (nor pass:
    the turn is lost); the refusal says which action and which player."""
    t = ManualTime()
    g = new_game(("DINEEEE", "AAAAAAA"), clock=ChessClock(60, t))
    t.advance(61)
    refused = Message.of(f"classic_game.refused.{action}")
    with refuses(OutOfTimeError, "classic_game.out_of_time", refused=refused, player="X"):
        if action == "play":
            g.play("H7 DIN")
        elif action == "pass":
            g.pass_turn()
        else:
            g.exchange("E")
    assert g.to_move == 1


def test_001_7_3_2_both_out_of_time_ends_the_game() -> None:
    """001 7.3.2: both players out of time: each deducts their own tiles; no action is
    accepted any more."""
    t = ManualTime()
    g = new_game(("DINEEEE", "AAAAAAA"), clock=ChessClock(60, t))
    t.advance(61)
    g.check_time()
    t.advance(61)
    refused = Message.of("classic_game.refused.pass")
    with refuses(OutOfTimeError, "classic_game.both_out_of_time", refused=refused):
        g.pass_turn()
    assert say(Message.of("classic_game.both_out_of_time", refused=refused)) == (
        "passe refusée : les deux joueurs n'ont plus de temps, la partie est finie"
    )
    assert g.result is not None and g.result.reason == "time"
    assert g.result.scores == (-8, -7) == g.scores


def test_001_8_1_a_finished_game_does_not_change_with_time() -> None:
    """001 8.1: once the result is declared, a clock running on changes nothing."""
    t = ManualTime()
    g = new_game(("DINEEEE", "AAAAAAA"), clock=ChessClock(60, t))
    g.play("H7 DIN")
    g.abandon(1)
    t.advance(200)
    g.check_time()
    assert g.scores == (8, 0) and g.result is not None and g.result.reason == "abandon"
    assert len(g.lines) == 1


def test_001_6_3_2_a_lost_turn_is_not_a_declared_pass() -> None:
    """001 6.3.2 and rulings.md Classic 9: a turn lost on the per-move timer is not a
    "JE PASSE": it breaks the run, and six declared passes are still needed (4.2.2)."""
    g = new_game(("DINEEEE", "AAAAAAA"))
    g.pass_turn()
    turn = g.lose_turn()
    assert turn.kind == "lost_turn" and turn.player == 1 and g.consecutive_passes == 0
    for _ in range(5):
        g.pass_turn()
    assert not g.over and g.consecutive_passes == 5
    g.pass_turn()
    assert g.over


def test_001_6_3_2_no_turn_to_lose_after_the_end_or_before_the_last_challenge() -> None:
    """001 6.3.2: only the player to move can lose a turn: not while the last move (which
    went out) may be challenged, not after the end."""
    g = new_game(("DIN", "ZA"), bag="DINZA")
    g.play("H7 DIN")
    with refuses(GameError, "classic_game.no_turn_to_lose"):
        g.lose_turn()
    g.close_challenge_window()
    with refuses(GameError, "classic_game.no_turn_to_lose"):
        g.lose_turn()


# -- 001 7, 8: end of the game --------------------------------------------------------------------


def test_001_7_1_the_result_carries_the_reckoned_scores() -> None:
    """001 7.1: the opponent's tiles (Z 10, A 1) move to the player who went out; 8.1: the
    result declares the scores after the reckoning."""
    g = new_game(("DIN", "ZA"), bag="DINZA")
    g.play("H7 DIN")
    g.close_challenge_window()
    assert g.result is not None and g.result.scores == (19, -11) and g.result.winner == 0
    assert sheet(g)[1:] == [(1, "end_rack", -11, "(AZ)"), (0, "end_bonus", 11, "(AZ)")]


def test_001_8_2_example_six_passes_the_lower_rack_wins() -> None:
    """001 8.2's example: X holds A A E B ? X L (17), Y holds M G H E R S Q (19); both pass
    three times: X wins. The result carries the deducted scores."""
    g = new_game(("AAEB?XL", "MGHERSQ"))
    assert rack_value("AAEB?XL") == 17 and rack_value("MGHERSQ") == 19
    for _ in range(6):
        g.pass_turn()
    assert g.result is not None and g.result.reason == "passes"
    assert g.result.scores == (-17, -19) and g.result.winner == 0


def test_001_7_2_exchange_still_possible_is_no_blocked_game() -> None:
    """001 7.2: the game is blocked when no word can be played and the bag holds too few
    tiles to exchange; with seven tiles in the bag an exchange is still possible (4.3.1)."""
    g = new_game(("Q", "Z"), bag="QZ" + "AAAAAAA")
    assert len(g.bag) == 7 and not g.is_blocked()
    g.exchange("Q")
    assert len(g.bag) == 7
    g2 = new_game(("Q", "Z"), bag="QZ" + "AAAAAA")
    assert g2.is_blocked()


def test_001_8_1_nothing_is_accepted_after_the_result() -> None:
    """001 8.1: once a winner (or a draw) is declared the game is over: every further move,
    challenge, sanction or incident is refused."""
    g = new_game(("DINEEEE", "AAAAAAA"))
    g.play("H7 DIN")
    g.abandon(0)
    actions = [
        g.pass_turn,
        g.challenge,
        lambda: g.flag(1),
        lambda: g.abandon(1),
        lambda: g.forfeit(1),
        g.director_end,
        lambda: g.overdraw(1, 1, Overdraw.SEEN),
        lambda: g.penalize(1, Sanction.WARNING),
    ]
    for action in actions:
        with refuses(GameError, "classic_game.over"):
            action()
    assert g.scores == (8, 0)


def test_001_5_2_the_move_that_went_out_waits_for_the_challenge() -> None:
    """001 5.2, 7.1: after a move that empties the rack with an empty bag, the opponent may
    challenge it; nothing else happens until then."""
    g = new_game(("DIN", "ZA"), bag="DINZA")
    g.play("H7 DIN")
    with refuses(GameError, "classic_game.went_out"):
        g.pass_turn()


@pytest.mark.parametrize("end", ["loss", "abandon", "forfeit", "director", "time"])
def test_001_8_1_a_game_over_leaves_no_move_to_challenge(end: str) -> None:
    """001 5.1 and 8.1: a challenge is of the move just played in a game going on; whatever
    ends the game (a sanction, "J'ABANDONNE", a forfeit, the director, both flags), the
    result stands with the scores of the sheet and nothing is left to challenge."""
    t = ManualTime()
    g = new_game(("DINEEEE", "AAAAAAA"), clock=ChessClock(60, t))
    g.play("H7 DIN")
    assert g.challengeable is not None
    if end == "loss":
        result = g.penalize(0, Sanction.LOSS)
    elif end == "abandon":
        result = g.abandon(0)
    elif end == "forfeit":
        result = g.forfeit(0)
    elif end == "director":
        result = g.director_end()
    else:
        g.flag(1)  # Y's flag: an automatic pass, X to move
        g.flag(0)  # both flags down (7.3.2)
        result = g.result
    assert g.challengeable is None and g.result is result is not None
    expected = {
        "loss": ((8, 0), 1, "sanction"),
        "abandon": ((8, 0), 1, "abandon"),
        "forfeit": ((8, 0), 1, "forfeit"),
        "director": ((8 - 7, -7), 0, "director"),
        "time": ((8 - 7, -7), 0, "time"),
    }[end]
    assert (result.scores, result.winner, result.reason) == expected
    assert result.forfeit == (0 if end == "forfeit" else None)


# -- 001 9, 10: sanctions and incidents ------------------------------------------------------------


def test_001_9_2_sanctions_are_written_on_the_sheet() -> None:
    """001 9.2: a warning, a loss of twenty points; the sheet says which and why."""
    g = new_game(("DINEEEE", "AAAAAAA"))
    g.penalize(0, Sanction.WARNING)
    g.penalize(0, Sanction.WARNING, "bruit")
    g.penalize(1, Sanction.POINTS)
    g.penalize(1, Sanction.POINTS, "attitude")
    assert sheet(g) == [
        (0, "warning", 0, "avertissement"),
        (0, "warning", 0, "avertissement : bruit"),
        (1, "penalty", -20, "pénalité"),
        (1, "penalty", -20, "pénalité : attitude"),
    ]
    assert [(ln.text, ln.note) for ln in g.lines[1::2]] == [
        ("bruit", Message.of("classic_game.sheet.warning_reason", reason="bruit")),
        ("attitude", Message.of("classic_game.sheet.penalty_reason", reason="attitude")),
    ]
    assert [say(ln.note, "en") for ln in g.lines if ln.note] == [
        "warning",
        "warning: bruit",
        "penalty",
        "penalty: attitude",
    ]


def test_001_9_3_a_director_sets_a_penalty_of_at_least_one_point() -> None:
    """001 9.3: the director may soften a penalty, down to one point; a penalty of no point
    (or a bonus) is no penalty and is refused."""
    g = new_game(("DINEEEE", "AAAAAAA"))
    assert g.penalize(0, Sanction.POINTS, points=1).points == -1  # type: ignore[union-attr]
    for points in (0, -5):
        with refuses(GameError, "classic_game.penalty_positive", points=points):
            g.penalize(0, Sanction.POINTS, points=points)
    assert g.scores == (-1, 0)


def test_001_10_1_2_overdraw_penalty_on_the_sheet_and_its_refusals() -> None:
    """001 10.1.2: tiles drawn too many and seen: the opponent takes them back, 5 points, and
    the penalty must be written on the sheets. At least one tile, from a bag not empty."""
    g = new_game(("DINEEEE", "AAAAAAA"))
    with refuses(GameError, "classic_game.extra_positive", extra=0):
        g.overdraw(0, 0, Overdraw.SEEN)
    line = g.overdraw(0, 2, Overdraw.SEEN)
    assert sheet(g) == [(0, "overdraw", -5, "2 lettres tirées en trop")]
    assert g.lines[0].text == ""  # no notation: the note says it all
    assert line is not None and line.note == Message.of("classic_game.sheet.overdraw_many", count=2)
    g.overdraw(1, 1, Overdraw.SEEN)
    assert sheet(g)[-1] == (1, "overdraw", -5, "1 lettre tirée en trop")
    assert line is g.lines[-2] and len(g.rack(0)) == 7
    assert line.rack == g.rack(0)  # the sheet shows the rack left after the tiles went back
    g2 = new_game(("DINEEEE", "AAAAAAA"), bag="DINEEEE" + "AAAAAAA")
    with refuses(GameError, "classic_game.overdraw_empty_bag"):
        g2.overdraw(0, 1, Overdraw.SEEN)


def test_001_9_2_a_sanction_names_one_of_the_two_players() -> None:
    """001 9.2: the arbiter sanctions a player of the game: player 0 or 1, nobody else."""
    g = new_game(("DINEEEE", "AAAAAAA"))
    with refuses(GameError, "classic_game.player", player=2):
        g.penalize(2, Sanction.POINTS)
    assert g.lines == []


def test_001_10_3_a_recorded_rack_holds_tiles_of_the_game() -> None:
    """001 10.3: the game has 102 tiles. A rack recorded for a player holds at most the tiles
    of that rack, and only tiles still out of the board."""
    g = new_game(("DINEEEE", "AAAAAAA"))
    with refuses(
        GameError, "classic_game.rack_size", player="X", size=7, count=8, tiles="ABCDEFGH"
    ):
        g.set_rack(0, "ABCDEFGH")
    with refuses(GameError, "classic_game.rack_tiles", tiles="ZZ", tile="Z"):
        g.set_rack(0, "ZZ")
    g.set_rack(0, "KWZ")
    assert sorted(g.rack(0)).count("Z") == 1 and "K" in g.rack(0) and full_set(g)


# -- 001 10.2: putting a position back (CGP) --------------------------------------------------------


def test_001_10_2_a_position_written_and_read_back_is_the_same_position() -> None:
    """001 10.2: the arbiter puts the game back in place. The position text carries the board,
    the racks and scores of the player to move first, and the run of passes; read back, the
    player to move is player 0, with the names and the profile given."""
    g = new_game(("DINSEEE", "AAAAAAB"))
    g.play("H7 DIN")
    g.pass_turn()
    text0 = g.to_cgp()  # X to move: X's rack and score first
    assert text0.endswith(f" {g.rack(0)}/{g.rack(1)} 8/0 1 lex classic-test;")
    g.pass_turn()
    text1 = g.to_cgp()  # Y to move
    assert text1.endswith(f" {g.rack(1)}/{g.rack(0)} 0/8 2 lex classic-test;")
    back = ClassicGame.from_cgp(small_lexicon(), text1, ("Y", "X"), profile="fbs", seed=4)
    assert back.names == ("Y", "X") and back.profile.name == "fbs"
    assert back.to_move == 0 and back.starter == 0
    assert back.rack(0) == g.rack(1) and back.rack(1) == g.rack(0)
    assert back.scores == (0, 8) and back.consecutive_passes == 2
    assert sheet(back) == [(1, "position", 8, "position initiale")]
    assert back.lines[0].text == "" and back.lines[0].note == Message.of(
        "classic_game.sheet.position"
    )
    assert back.board.to_text() == g.board.to_text() and full_set(back)


def test_001_10_2_to_move_shows_its_own_score_first() -> None:
    """001 10.2: the position gives the scores of the player to move first."""
    g = new_game(("DINSEEE", "AAAAAAB"), starter=1)
    g.play("H7 AA")
    assert g.to_move == 0 and " 0/4 0" in g.to_cgp()
    g.pass_turn()
    assert g.to_move == 1 and f" {g.rack(1)}/{g.rack(0)} 4/0 1" in g.to_cgp()


def test_001_10_2_a_position_without_a_word_list_name() -> None:
    """A position of a game judged with an unnamed word list has no ``lex`` field."""
    g = ClassicGame({"DIN"}, ("X", "Y"), starter=0, seed=1)
    assert g.to_cgp().endswith(" 0/0 0") and "lex" not in g.to_cgp()


def test_001_10_2_short_positions_and_empty_racks() -> None:
    """001 10.2: a position needs a board, the racks and the scores; the run of passes is
    optional (none), an empty rack is written empty or ``-``."""
    three = ClassicGame.from_cgp(small_lexicon(), f"{EMPTY_ROWS} DIN/ 3/4")
    assert three.consecutive_passes == 0 and three.rack(0) == "DIN" and three.rack(1) == ""
    assert three.scores == (3, 4)
    four = ClassicGame.from_cgp(small_lexicon(), f"{EMPTY_ROWS} -/ZA 0/0 3")
    assert four.consecutive_passes == 3 and four.rack(0) == "" and four.rack(1) == "AZ"
    empty_first = ClassicGame.from_cgp(small_lexicon(), f"{EMPTY_ROWS} /ZA 0/0 1")
    assert empty_first.rack(0) == "" and empty_first.rack(1) == "AZ"
    named = ClassicGame.from_cgp(small_lexicon(), f"{EMPTY_ROWS} DIN/ZA 0/0 lex x;")
    assert named.consecutive_passes == 0 and sheet(named) == []


def test_001_10_2_a_position_is_read_with_the_seeded_bag() -> None:
    """The bag of a position is seeded like a game's: the same seed draws the same tiles."""
    text = f"{EMPTY_ROWS} DINSEEE/AAAAAAB 0/0 0"
    a = ClassicGame.from_cgp(small_lexicon(), text, seed=9)
    b = ClassicGame.from_cgp(small_lexicon(), text, seed=9)
    assert a.exchange("EEE").drawn == b.exchange("EEE").drawn


def test_001_10_2_the_player_to_move_starts_from_the_position() -> None:
    """No toss from a position: the player to move (player 0) moves first, whatever the
    seed."""
    for seed in range(6):
        g = ClassicGame.from_cgp(small_lexicon(), f"{EMPTY_ROWS} DINSEEE/AAAAAAB 0/0", seed=seed)
        assert g.toss is None and g.to_move == 0 and g.rack(0) == "DEEEINS"


def test_001_10_2_a_blank_on_the_board_is_a_blank_of_the_set() -> None:
    """001 10.3: the game has 102 tiles, two of them blanks. A blank on the board (a lower
    case letter) is one of them: the bag holds the other, and a third blank is refused."""
    board = EMPTY_ROWS.replace("15/15/15/15/15/15/15/15/", "15/15/15/15/15/15/15/6DiN6/", 1)
    g = ClassicGame.from_cgp(small_lexicon(), f"{board} EEE/AAA 5/0")
    assert full_set(g) and g.bag.count("?") == 1 and g.bag.count("I") == TILE_COUNTS["I"]
    with refuses(GameError, "classic_game.cgp_tiles", tiles="?"):
        ClassicGame.from_cgp(small_lexicon(), f"{board} E??/AAA 5/0")
    nine_a = EMPTY_ROWS.replace("15/15/15/15/15/15/15/15/", "15/15/15/15/15/15/15/3AAAAAAAA4/", 1)
    with refuses(GameError, "classic_game.cgp_tiles", tiles="A"):
        ClassicGame.from_cgp(small_lexicon(), f"{nine_a} EAA/I 0/0")


def test_001_10_2_malformed_positions_are_refused() -> None:
    """A position that is not a board, two racks and two scores is refused with a reason."""
    with refuses(GameError, "classic_game.cgp_fields"):
        ClassicGame.from_cgp(small_lexicon(), f"{EMPTY_ROWS} DIN/ZA")
    with refuses(GameError, "classic_game.cgp_pairs", racks="DIN/ZA/E", scores="0/0"):
        ClassicGame.from_cgp(small_lexicon(), f"{EMPTY_ROWS} DIN/ZA/E 0/0")
    with refuses(GameError, "classic_game.cgp_pairs", racks="DIN/ZA", scores="0/0/0"):
        ClassicGame.from_cgp(small_lexicon(), f"{EMPTY_ROWS} DIN/ZA 0/0/0")
    with refuses(GameError, "classic_game.cgp_scores", scores="a/0"):
        ClassicGame.from_cgp(small_lexicon(), f"{EMPTY_ROWS} DIN/ZA a/0")


def test_001_7_2_top_moves_of_the_player_to_move() -> None:
    """001 7.2: whether a word can still be played is a question on the legal moves; the
    best of them for the player to move, with the default generator."""
    g = new_game(("DINEEEE", "AAAAAAA"))
    tops = g.top_moves()
    assert tops and {m.score for m in tops} == {10}
    assert [m.move for m in tops] == [m.move for m in g.top_moves(engine="fast")]


def test_001_8_1_points_given_at_the_reckoning_still_decide_the_winner() -> None:
    """001 8.1: the winner is declared once the penalties are applied. 8.2's example (X -17,
    Y -19): an arbiter's 5 points against X given as the tiles are counted make Y the winner;
    a warning changes nothing; the reason of the end stays; a loss can no longer be given."""
    g = new_game(("AAEB?XL", "MGHERSQ"))
    for _ in range(6):
        g.pass_turn()
    g.penalize(0, Sanction.WARNING, "bruit")
    assert g.result is not None and g.result.winner == 0
    g.penalize(0, Sanction.POINTS, "attitude", points=5)
    assert g.result == GameResult((-22, -19), 1, "passes")
    g.penalize(1, Sanction.POINTS, points=3)
    assert g.result == GameResult((-22, -22), None, "passes")
    with refuses(GameError, "classic_game.over"):
        g.penalize(1, Sanction.LOSS)
    assert g.result.scores == (-22, -22)
