"""The Classic game's rules, one test (or more) per rule of seeds 001 and 000."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arbitre.classic.game import (
    Bag,
    ChessClock,
    ClassicGame,
    GameError,
    GlobalCredit,
    ManualTime,
    MoveTimer,
    OutOfTimeError,
    Overdraw,
    Sanction,
    rack_value,
    toss,
)
from arbitre.scrabble.board import IllegalMoveError
from arbitre.scrabble.tiles import TILE_COUNTS
from tests.classic_game.classic_words import small_lexicon
from tests.support import depth, refuses


def game(racks: tuple[str, str], starter: int = 0, bag: str | None = None, **kw: object):
    """A game with known first racks; ``bag``: every tile of the game (racks included)."""
    b = Bag(bag, seed=kw.pop("seed", 1)) if bag is not None else Bag(seed=1)  # type: ignore[arg-type]
    return ClassicGame(small_lexicon(), ("X", "Y"), starter=starter, racks=racks, bag=b, **kw)  # type: ignore[arg-type]


def conserved(g: ClassicGame) -> bool:
    return g.tiles_in_game() == Counter({t: n for t, n in TILE_COUNTS.items()})


def sheet_sums(g: ClassicGame) -> bool:
    return all(g.score(p) == sum(ln.points for ln in g.lines if ln.player == p) for p in (0, 1))


# -- start (001 3; 000 3) ----------------------------------------------------------------------


@given(st.integers(0, 10_000), st.text(alphabet="ABCE?", min_size=3, max_size=8))
@settings(max_examples=depth(200), deadline=None)
def test_toss_closest_to_a_starts_blanks_and_ties_redrawn(seed: int, extra: str) -> None:
    tiles = "AB" + extra
    assume(all(n <= TILE_COUNTS[t] for t, n in Counter(tiles).items()))
    bag = Bag(tiles, seed=seed)
    before = bag.tiles()
    result = toss(bag)
    assert bag.tiles() == before  # the toss letters go back to the bag (3.1)
    for a, b in result.rounds:
        assert "?" not in (a, b)  # a blank does not count, another letter is drawn
    *ties, (a, b) = result.rounds
    assert all(x == y for x, y in ties)  # equal letters: a new draw
    assert a != b
    assert result.starter == (0 if a < b else 1)


def test_starter_draws_seven_then_the_opponent() -> None:
    for starter in (0, 1):
        g = ClassicGame(small_lexicon(), ("X", "Y"), starter=starter, seed=42)
        reference = Bag(seed=42)
        assert g.rack(starter) == "".join(
            sorted(reference.draw(7), key="ABCDEFGHIJKLMNOPQRSTUVWXYZ?".index)
        )
        assert g.rack(1 - starter) == "".join(
            sorted(reference.draw(7), key="ABCDEFGHIJKLMNOPQRSTUVWXYZ?".index)
        )
        assert g.to_move == starter and g.toss is None


def test_without_designation_the_toss_decides() -> None:
    g = ClassicGame(small_lexicon(), ("X", "Y"), seed=3)
    assert g.toss is not None and g.starter == g.toss.starter == g.to_move
    assert conserved(g)


# -- turns (001 4) ----------------------------------------------------------------------------


def test_play_refills_to_seven_and_reports_score_disputes() -> None:
    g = game(("DINSEEE", "AAAAAAA"))
    turn = g.play("H7 DIN", announced=10)
    assert turn.score == 8 and turn.announced == 10 and turn.score_disputed  # 001 4.1.6
    assert len(g.rack(0)) == 7 and g.scores == (8, 0) and g.to_move == 1
    assert conserved(g)


def test_refill_takes_what_is_left() -> None:
    g = game(("DINSEEE", "AAAAAAA"), bag="DINSEEE" + "AAAAAAA" + "TU")
    g.play("H7 DIN")
    assert g.rack(0) == "EEESTU" and len(g.bag) == 0


def test_placement_is_checked_words_are_not() -> None:
    g = game(("DINSEEE", "AAAAAAA"))
    with pytest.raises(IllegalMoveError):
        g.play("H1 DIN")  # first move off the centre star
    with pytest.raises(IllegalMoveError):
        g.play("H7 DAN")  # A is not in the rack
    g.play("H7 SEN")  # not a word of the list: allowed until challenged (001 5)
    assert g.scores == (6, 0)


def test_exchange_draws_before_returning_and_needs_seven_in_the_bag() -> None:
    racks = ("HIJKLMN", "OPQRSTU")
    g = game(racks, bag="".join(racks) + "ABCDEFG")
    turn = g.exchange("HIJ")
    # The n tiles are drawn before the n are returned (001 4.3.4): none can come back.
    assert not set("HIJ") & set(g.rack(0))
    assert turn.exchanged == "HIJ" and g.to_move == 1 and g.scores == (0, 0)
    assert sorted(g.bag.tiles()) == sorted(set("ABCDEFG") - set(turn.drawn) | set("HIJ"))
    with pytest.raises(GameError):
        g.exchange("Z")  # not in the rack

    six = game(racks, bag="".join(racks) + "ABCDEF")
    with refuses(GameError, "classic_game.exchange_bag", bag=6, minimum=7):
        six.exchange("H")


# -- challenges (001 5; 000 5) -------------------------------------------------------------------


def duals_position() -> ClassicGame:
    """Y plays DIN, X plays DUALS making DINS (001 5.3's example)."""
    g = game(("DUALSEE", "DINAEIO"), starter=1)
    g.play("H7 DIN")
    turn = g.play("10D DUALS")
    assert [w for w, _ in turn.words] == ["DUALS", "DINS"]
    assert turn.score == 13  # DUALS 2+1+3x1+1+1 (F10 triple letter) = 8, DINS 5
    return g


def test_challenge_dins_alone_withdraws_the_move() -> None:
    g = duals_position()
    result = g.challenge(["DINS"])
    assert result.withdrawn and result.invalid == ("DINS",) and result.penalty == 0
    assert g.rack(0) == "ADELSUE".translate({}) or sorted(g.rack(0)) == sorted("DUALSEE")
    assert g.scores == (0, 8) and g.to_move == 1  # X has passed, Y plays
    assert g.board.tile_count == 3 and conserved(g) and sheet_sums(g)
    assert g.turns[-1].withdrawn


def test_challenge_duals_alone_costs_five_points() -> None:
    g = duals_position()
    result = g.challenge(["DUALS"])
    assert not result.withdrawn and result.penalty == 5
    assert g.scores == (13, 3) and g.to_move == 1 and g.board.tile_count == 8


def test_challenge_both_withdraws_and_costs_five_for_duals() -> None:
    g = duals_position()
    result = g.challenge(["DINS", "DUALS"])
    assert result.withdrawn and result.penalty == 5
    assert g.scores == (0, 3) and g.board.tile_count == 3 and conserved(g)


def test_only_words_just_formed_can_be_challenged_in_the_window() -> None:
    g = duals_position()
    with refuses(GameError, "classic_game.not_formed", words="DIN", formed="DUALS, DINS"):
        g.challenge(["DIN"])
    g.close_challenge_window()  # X revealed a drawn tile
    with refuses(GameError, "classic_game.nothing_to_challenge"):
        g.challenge(["DINS"])
    g2 = duals_position()
    g2.pass_turn()  # Y's next action closes the window too
    with pytest.raises(GameError):
        g2.challenge()


def test_retaira_left_on_the_board_can_be_challenged_when_extended() -> None:
    # 001 5.4.3, case 1: X plays RETAIRA unchallenged, Y makes RETAIRAI with DIN.
    g = game(("RETAIRA", "DINEEEE"))
    g.play("H2 RETAIRA")
    turn = g.play("9G DIN")
    assert sorted(w for w, _ in turn.words) == ["DIN", "RETAIRAI"]
    result = g.challenge(["RETAIRAI"])
    assert result.withdrawn and g.rack(1) == "DEEEEIN"
    assert g.board.tile_count == 7  # RETAIRA stays: each move is judged alone (5.4.1)
    assert g.to_move == 0

    # Case 2: moves later, X makes RETAIRAI; Y challenges it; X takes the tiles back.
    g = game(("RETAIRA", "EEEEEEE"))
    g.play("H2 RETAIRA")
    g.pass_turn()
    g.set_rack(0, "DIN")
    with_din = g.rack(0)
    g.play("9G DIN")
    with refuses(GameError, "classic_game.not_formed", words="RETAIRA", formed="DIN, RETAIRAI"):
        g.challenge(["RETAIRA"])  # not formed by this move
    assert g.challenge(["RETAIRAI"]).withdrawn
    assert g.rack(0) == with_din and g.to_move == 1 and conserved(g)


# -- end of game (001 7, 4.2.2, 8; 000 7) ----------------------------------------------------


def test_going_out_moves_the_opponents_rack_value() -> None:
    g = game(("DIN", "ZA"), bag="DINZA")
    g.play("H7 DIN")
    assert not g.over  # the opponent may still challenge
    with pytest.raises(GameError):
        g.pass_turn()
    g.close_challenge_window()
    assert g.result is not None and g.result.reason == "out"
    assert g.scores == (8 + 11, -11) and g.result.winner == 0  # 001 7.1


def test_going_out_with_a_challenged_valid_word_ends_after_the_penalty() -> None:
    g = game(("DIN", "ZA"), bag="DINZA")
    g.play("H7 DIN")
    g.challenge()
    assert g.over and g.scores == (19, -16)


def test_going_out_with_a_phony_withdrawn_goes_on() -> None:
    g = game(("DINS", "ZA"), bag="DINSZA")
    g.play("H5 DINS")
    assert g.challenge().withdrawn
    assert not g.over and g.to_move == 1 and g.rack(0) == "DINS"


def test_six_passes_end_the_game_seed_example_8_2() -> None:
    for profile in ("ffsc", "fbs"):
        g = game(("AABEXL?", "EGHMQRS"), profile=profile)
        assert rack_value("AAEB?XL") == 17 and rack_value("MGHERSQ") == 19
        for _ in range(5):
            g.pass_turn()
        assert not g.over
        g.pass_turn()
        assert g.result is not None and g.result.reason == "passes"
        assert g.scores == (-17, -19) and g.result.winner == 0  # X wins (001 8.2)


def test_exchange_and_word_interrupt_the_passes() -> None:
    g = game(("AABEXL?", "EGHMQRS"))
    for _ in range(5):
        g.pass_turn()
    g.exchange("Q")  # Y, after five passes
    for _ in range(5):
        g.pass_turn()
    assert not g.over and g.consecutive_passes == 5


def test_withdrawn_moves_count_as_passes_only_with_the_setting() -> None:
    for setting, ends in ((False, False), (True, True)):
        g = game(("DINSEEE", "AAEEIIO"), profile="ffsc")
        g.profile = g.profile.with_settings(count_lost_turns_as_passes=setting)
        for _ in range(4):
            g.pass_turn()
        g.play("H5 SEIN")  # not in the list
        g.challenge()
        g.pass_turn()
        assert g.over == ends  # rulings.md Classic 9


def test_draw_when_equal() -> None:
    g = game(("AAEEIOU", "AAEEIOU"))
    for _ in range(6):
        g.pass_turn()
    assert g.result is not None and g.result.winner is None and g.scores == (-7, -7)


def test_blocked_game() -> None:
    g2 = game(("Q", "Z"), bag="QZ")
    assert g2.is_blocked()
    g3 = game(("DIN", "Z"), bag="DINZ")
    assert not g3.is_blocked()


# -- clocks (001 6, 7.3; rulings.md Classic 10) -----------------------------------------------


def test_chess_clock_flag_opponent_plays_alone_and_goes_out() -> None:
    t = ManualTime()
    g = game(("EEEEEEE", "DIN"), bag="EEEEEEE" + "DIN" + "ABCDEFGH", clock=ChessClock(60, t))
    g.bag.take("ABCDEFGH")  # empty the bag: Y can go out
    t.advance(61)
    with pytest.raises(OutOfTimeError):
        g.play("H4 EE")
    assert g.out_of_time == [True, False] and g.to_move == 1
    g.play("H7 DIN")  # Y goes out in time: 7.1 applies (7.3.1)
    g.close_challenge_window()
    assert g.result is not None and g.result.reason == "out"
    assert g.scores == (-7, 8 + 7)


def test_flagged_player_can_still_challenge_and_opponent_cannot_exchange() -> None:
    t = ManualTime()
    g = game(("EEEEEEE", "DINSAAA"), clock=ChessClock(60, t))
    t.advance(61)
    g.check_time()
    assert g.to_move == 1
    g.play("H5 DINS")
    assert g.to_move == 1  # X passes systematically (000 7.1.2)
    assert g.challenge().withdrawn  # X keeps the right to challenge (001 7.3.1)
    with refuses(GameError, "classic_game.exchange_opponent_out", opponent="X"):
        g.exchange("A")


def test_both_flags_fallen_each_deducts_own_rack() -> None:
    t = ManualTime()
    g = game(("EEEEEEE", "DINSAAA"), clock=ChessClock(60, t))
    t.advance(61)
    g.check_time()
    g.play("H7 DIN")
    left = rack_value(g.rack(1))
    t.advance(61)
    g.check_time()
    assert g.result is not None and g.result.reason == "time"  # 001 7.3.2
    assert g.scores == (-7, 8 - left)


def test_fbs_clock_budget_at_least_twenty_minutes() -> None:
    with refuses(
        GameError, "classic_game.clock_minimum", profile="fbs", minimum=20, clock_minutes=19
    ):
        game(("EEEEEEE", "AAAAAAA"), profile="fbs", clock=ChessClock(19 * 60, ManualTime()))
    game(("EEEEEEE", "AAAAAAA"), profile="fbs", clock=ChessClock(20 * 60, ManualTime()))
    game(("EEEEEEE", "AAAAAAA"), profile="ffsc", clock=ChessClock(5 * 60, ManualTime()))


def test_move_timer_turn_lost() -> None:
    t = ManualTime()
    g = game(("DINEEEE", "AAAAAAA"), clock=MoveTimer(60, source=t))
    t.advance(30)
    g.play("H7 DIN")
    t.advance(61)
    with pytest.raises(OutOfTimeError):
        g.pass_turn()
    assert g.turns[-1].kind == "lost_turn" and g.to_move == 0  # 001 6.3.2
    t.advance(59)
    g.pass_turn()  # a fresh turn: in time


def test_global_credit_director_end() -> None:
    t = ManualTime()
    clock = GlobalCredit(100, source=t)
    g = game(("DINEEEE", "AAAAAAA"), clock=clock)
    t.advance(60)
    g.play("H7 DIN")
    t.advance(41)
    assert clock.expired
    result = g.director_end()  # 001 6.4: the director decides
    assert result.reason == "director" and g.scores == (8 - 7, -7)


# -- penalties and incidents (001 9-10; 000 8-9) ---------------------------------------------------


def test_arbiter_point_penalty_per_profile() -> None:
    for profile, points in (("ffsc", 20), ("fbs", 5)):
        g = game(("DINEEEE", "AAAAAAA"), profile=profile)
        g.penalize(0, Sanction.WARNING, "bruit")
        g.penalize(0, Sanction.POINTS, "attitude")
        assert g.scores == (-points, 0)
        assert g.penalize(1, Sanction.POINTS, points=3) and g.scores == (-points, -3)


def test_loss_sanction_abandon_and_forfeit() -> None:
    g = game(("DINEEEE", "AAAAAAA"))
    g.play("H7 DIN")
    r = g.penalize(0, Sanction.LOSS)
    assert g.result is r and r.winner == 1 and r.reason == "sanction"  # despite 8 to 0
    g = game(("DINEEEE", "AAAAAAA"))
    assert g.abandon(1).winner == 0
    with pytest.raises(GameError):
        g.pass_turn()
    g = game(("DINEEEE", "AAAAAAA"))
    r = g.forfeit(0)
    assert r.winner == 1 and r.forfeit == 0


def test_overdraw_cases_per_profile() -> None:
    expected = {("ffsc", 2): -5, ("fbs", 2): -10, ("ffsc", 1): -5, ("fbs", 1): -5}
    for (profile, extra), points in expected.items():
        g = game(("DINEEEE", "AAAAAAA"), profile=profile)
        before = g.rack(0)
        assert g.overdraw(0, extra, Overdraw.UNSEEN) is None  # returned unseen, no penalty
        assert g.rack(0) == before and g.scores == (0, 0)
        g.overdraw(0, extra, Overdraw.SEEN)
        assert len(g.rack(0)) == 7 and g.scores == (points, 0) and conserved(g)
    g = game(("DINEEEE", "AAAAAAA"), profile="ffsc")
    r = g.overdraw(0, 1, Overdraw.ARBITER)  # 001 10.1.3: declared the loser at once
    assert g.result is r and g.result.winner == 1 and g.result.reason == "overdraw"
    g = game(("DINEEEE", "AAAAAAA"), profile="fbs")
    g.overdraw(0, 2, Overdraw.ARBITER)  # 000 9.1: the same as seen
    assert not g.over and g.scores == (-10, 0)


def test_absent_player_forfeit_due_at_half_budget_under_fbs() -> None:
    t = ManualTime()
    g = game(("DINEEEE", "AAAAAAA"), profile="fbs", clock=ChessClock(20 * 60, t))
    t.advance(9 * 60)
    assert not g.absent_forfeit_due(0)
    t.advance(60)
    assert g.absent_forfeit_due(0) and not g.absent_forfeit_due(1)
    assert g.forfeit(0).forfeit == 0
    t2 = ManualTime()
    g2 = game(("DINEEEE", "AAAAAAA"), profile="ffsc", clock=ChessClock(20 * 60, t2))
    t2.advance(15 * 60)
    assert not g2.absent_forfeit_due(0)  # 001 10.5: the director decides


def test_score_sheet_totals() -> None:
    g = duals_position()
    g.challenge(["DUALS"])
    rows = g.sheet()
    assert [(ln.kind, total) for ln, total in rows] == [
        ("play", 8),
        ("play", 13),
        ("challenge_penalty", 3),
    ]
    assert sheet_sums(g)


def test_001_6_4_the_global_credit_used_up_ends_the_game_each_deducts_their_tiles() -> None:
    """001 6.4 gives one credit for both players and says nothing of its end: both are out of
    time at once, so each deducts their own tiles (7.3.2, rulings.md Classic 10). The next
    action is refused; the result says "time"."""
    t = ManualTime()
    clock = GlobalCredit(100, source=t)
    g = game(("DINEEEE", "AAAAAAA"), clock=clock)
    t.advance(60)
    g.play("H7 DIN")
    t.advance(39)
    g.check_time()
    assert g.result is None
    t.advance(2)
    with pytest.raises(OutOfTimeError):
        g.pass_turn()
    assert g.result is not None and g.result.reason == "time"
    assert g.out_of_time == [True, True] and g.scores == (8 - 7, -7)
