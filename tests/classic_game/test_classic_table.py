"""The Classic game at the table (seeds 001 and 000): start, clock, score sheet, challenges,
incidents, reckoning, signatures; replaying the stored events gives the same state."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import event as case_event
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.classic.game import gcg, get_profile
from arbitre.classic.game.replay import replay as gcg_replay
from arbitre.classic.table import (
    ClockSettings,
    TableError,
    TableMatch,
    TableSession,
    replay,
    round_entry,
    to_gcg,
)
from arbitre.classic.tournament import LossCause
from arbitre.classic.tournament.results import check_result
from arbitre.i18n import word
from arbitre.scrabble.tiles import TILE_COUNTS
from tests.support import depth

LEXICON = frozenset({"DIN", "DUALS", "MAISON", "MAISONS", "AS", "SA"})


def session(profile: str = "ffsc", clock: ClockSettings | None = None, **kw: Any) -> TableSession:
    s = TableSession(("X", "Y"), LEXICON, profile, clock, **kw)
    s.apply({"kind": "start", "at": 0})
    return s


def code(s: TableSession, event: dict[str, Any]) -> str:
    with pytest.raises(TableError) as info:
        s.apply(event)
    return info.value.message.code


def duals(profile: str = "ffsc") -> TableSession:
    """Seed 001 5.3's example: X has DIN on the board... here X plays DIN, then Y plays DUALS
    turning DIN into DINS (we name the mover of DUALS "X" in the seed's sense: player 1)."""
    s = session(profile)
    s.apply({"kind": "play", "at": 10, "player": 0, "move": "H8 DIN", "announced": 8})
    s.apply({"kind": "play", "at": 20, "player": 1, "move": "11D DUALS"})
    return s


def test_001_3_6_nothing_happens_before_the_second_player_starts_the_clock() -> None:
    s = TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("chess", 1500), starter=1)
    assert code(s, {"kind": "play", "at": 1, "player": 1, "move": "H8 DIN"}) == (
        "classic_table.not_started"
    )
    s.apply({"kind": "start", "at": 100})
    assert s.clock is not None
    assert s.clock.remaining(1, 160) == 1440  # the starter's time runs from the start
    assert s.clock.remaining(0, 160) == 1500
    assert code(s, {"kind": "play", "at": 170, "player": 0, "move": "H8 DIN"}) == (
        "classic_table.not_your_turn"
    )


def test_001_4_1_6_the_engine_scores_the_move_and_flags_a_different_announced_score() -> None:
    s = session()
    s.apply({"kind": "play", "at": 5, "player": 0, "move": "H4 MAISoN", "announced": 20})
    turn = s.turns[0]
    assert turn.words == [("MAISoN", 16)] and turn.score == 16  # the blank counts 0
    assert turn.disputed and turn.dispute is not None
    assert word(turn.dispute) == "score annoncé 20, la règle donne 16"
    assert s.scores == (16, 0)
    assert s.bag == 88 - 6 and s.rack_size == [7, 7]
    s.apply({"kind": "play", "at": 9, "player": 1, "move": "5H AS", "announced": 2})
    assert not s.turns[1].disputed and s.scores == (16, 2)


def test_a_move_the_board_refuses_or_the_tiles_cannot_make_is_refused() -> None:
    s = session()
    assert code(s, {"kind": "play", "at": 1, "player": 0, "move": "A1 DIN"}) == (
        "classic_table.move_illegal"
    )
    with pytest.raises(TableError) as refused:
        s.apply({"kind": "play", "at": 1, "player": 0, "move": "A1 DIN"})
    assert word(refused.value.message) == (
        "A1 DIN ne peut pas être placé sur la grille "
        "(le premier coup doit couvrir l'étoile centrale H8)."
    )
    assert code(s, {"kind": "play", "at": 1, "player": 0, "move": "H8 D!N"}) == (
        "classic_table.move_unreadable"
    )
    assert code(s, {"kind": "play", "at": 1, "player": 0, "move": "H8 ZZ"}) == (
        "classic_table.too_many_tiles"
    )
    assert s.turns == [] and s.last_at == 0


@pytest.mark.parametrize("profile", ["ffsc", "fbs"])
def test_001_4_3_1_and_000_4_3_exchange_only_with_seven_tiles_in_the_bag(profile: str) -> None:
    s = session(profile)
    s.bag = 7
    s.apply({"kind": "exchange", "at": 3, "player": 0, "count": 7})
    assert s.turns[0].kind == "exchange" and s.bag == 7 and s.scores == (0, 0)
    s.bag = 6
    assert code(s, {"kind": "exchange", "at": 4, "player": 1, "count": 1}) == (
        "classic_table.exchange_bag"
    )
    assert code(s, {"kind": "exchange", "at": 4, "player": 1, "count": 8}) == (
        "classic_table.exchange_count"
    )


def test_001_5_3_example_1_dins_not_admitted_the_move_is_withdrawn() -> None:
    s = duals()
    assert [w for w, _ in s.turns[1].words] == ["DUALS", "DINS"]
    s.apply({"kind": "challenge", "at": 25, "player": 0, "words": ["DINS"]})
    assert s.neutralised == "challenge" and s.pending_challenge is not None
    assert s.pending_challenge.admitted == (False,)
    s.apply({"kind": "ruling", "at": 60})
    assert s.turns[1].withdrawn and s.scores == (8, 0)
    assert s.board[7, 10] is None and s.bag == 85 and s.rack_size == [7, 7]
    assert s.to_move == 0 and s.neutralised is None


def test_001_5_3_example_2_duals_admitted_the_challenger_loses_5_points() -> None:
    s = duals()
    y_score = s.score(1)
    s.apply({"kind": "challenge", "at": 25, "player": 0, "words": ["DUALS"]})
    s.apply({"kind": "ruling", "at": 30})
    assert not s.turns[1].withdrawn
    assert s.scores == (8 - 5, y_score)


def test_001_5_3_example_3_both_challenged_withdrawn_and_5_points() -> None:
    s = duals()
    s.apply({"kind": "challenge", "at": 25, "player": 0, "words": ["DINS", "DUALS"]})
    s.apply({"kind": "ruling", "at": 30})
    assert s.turns[1].withdrawn and s.scores == (8 - 5, 0)
    note = s.lines[-1].note
    assert note is not None and word(note) == "contestation à tort (DUALS) : -5"


def test_001_5_2_a_word_not_just_played_cannot_be_challenged() -> None:
    s = duals()
    assert code(s, {"kind": "challenge", "at": 25, "player": 0, "words": ["DIN"]}) == (
        "classic_table.not_just_played"
    )
    assert code(s, {"kind": "challenge", "at": 25, "player": 1, "words": ["DUALS"]}) == (
        "classic_table.challenge_not_yours"
    )
    s.apply({"kind": "pass", "at": 30, "player": 0})  # the next action closes the window
    assert code(s, {"kind": "challenge", "at": 31, "player": 0, "words": ["DUALS"]}) == (
        "classic_table.nothing_to_challenge"
    )


def test_the_arbiters_ruling_may_override_the_word_list_with_a_reason() -> None:
    s = duals()
    s.apply({"kind": "challenge", "at": 25, "player": 0, "words": ["DINS"]})
    assert code(s, {"kind": "ruling", "at": 30, "override": {"DINS": True}}) == (
        "classic_table.override_reason"
    )
    s.apply({"kind": "ruling", "at": 30, "override": {"DINS": True}, "reason": "ODS 9 p. 12"})
    assert not s.turns[1].withdrawn and s.challenges[-1].override
    assert s.challenges[-1].reason == "ODS 9 p. 12" and s.score(0) == 8 - 5


def test_neutralisation_stops_the_clock_and_ffsc_absence_runs_on_own_time() -> None:
    s = session("ffsc", ClockSettings("chess", 1500))
    s.apply({"kind": "neutralise", "at": 100, "reason": "board"})
    assert code(s, {"kind": "play", "at": 150, "player": 0, "move": "H8 DIN"}) == (
        "classic_table.neutralised"
    )
    s.apply({"kind": "resume", "at": 400})
    assert s.clock is not None and s.clock.remaining(0, 400) == 1400
    # 001 10.6: an absence is on the player's time; 000 9.6: the clock may be neutralised
    assert code(s, {"kind": "neutralise", "at": 401, "reason": "absence"}) == (
        "classic_table.absence_on_own_time"
    )
    b = session("fbs", ClockSettings("chess", 1200))
    b.apply({"kind": "neutralise", "at": 10, "reason": "absence"})
    assert b.neutralised == "absence"


def test_000_at_least_20_minutes_per_player_on_a_chess_clock() -> None:
    with pytest.raises(TableError) as info:
        TableSession(("X", "Y"), LEXICON, "fbs", ClockSettings("chess", 1199))
    assert info.value.message.code == "classic_table.clock_minimum"
    TableSession(("X", "Y"), LEXICON, "fbs", ClockSettings("chess", 1200))
    TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("global", 3000))


def test_001_7_3_1_out_of_time_no_play_no_exchange_still_challenges_then_7_3_2() -> None:
    s = session("ffsc", ClockSettings("chess", 100))
    s.apply({"kind": "play", "at": 50, "player": 0, "move": "H8 DIN"})
    s.apply({"kind": "pass", "at": 60, "player": 1})
    # X's credit of 100 s: 50 used on the first move, it runs again from 60: over at 110
    assert code(s, {"kind": "flag", "at": 100, "player": 0}) == "classic_table.not_out_of_time"
    s.apply({"kind": "flag", "at": 111, "player": 0})
    assert s.out_of_time == [True, False]
    assert s.turns[-1].automatic and s.to_move == 1  # X passes from now on
    s.apply({"kind": "play", "at": 120, "player": 1, "move": "11D DUALS"})
    # X may still challenge (001 7.3.1)
    s.apply({"kind": "challenge", "at": 121, "player": 0, "words": ["DINS"]})
    s.apply({"kind": "ruling", "at": 122})
    assert [t.withdrawn for t in s.turns if t.move == "11D DUALS"] == [True]
    # Y plays on alone and may not exchange
    assert s.to_move == 1
    assert code(s, {"kind": "exchange", "at": 123, "player": 1, "count": 2}) == (
        "classic_table.exchange_opponent_out"
    )
    # both out of time: each deducts their own tiles
    assert code(s, {"kind": "flag", "at": 200, "player": 1}) == "classic_table.not_out_of_time"
    s.apply({"kind": "flag", "at": 230, "player": 1})
    assert s.reckoning
    s.apply({"kind": "declare_rack", "at": 240, "player": 0, "tiles": "AAEB?XL"})
    s.apply({"kind": "declare_rack", "at": 241, "player": 1, "tiles": "MGHERSQ"})
    assert s.result is not None and s.scores == (s.score(0), s.score(1))
    assert s.score(0) == 8 - 17 and s.score(1) == -19


def test_001_8_2_six_passes_without_a_word_the_lower_rack_wins() -> None:
    s = session()
    for i in range(6):
        s.apply({"kind": "pass", "at": i + 1, "player": i % 2})
    assert s.reckoning
    assert code(s, {"kind": "pass", "at": 9, "player": 0}) == "classic_table.over"
    s.apply({"kind": "declare_rack", "at": 10, "player": 0, "tiles": "AAEB?XL"})
    assert code(s, {"kind": "declare_rack", "at": 11, "player": 1, "tiles": "MGHERS"}) == (
        "classic_table.rack_size"
    )
    assert code(s, {"kind": "declare_rack", "at": 11, "player": 1, "tiles": "MGHERSX"}) == (
        "classic_table.rack_tiles"
    )  # the only X is on the other rack
    s.apply({"kind": "declare_rack", "at": 11, "player": 1, "tiles": "MGHERSQ"})
    assert s.result is not None
    assert s.result.scores == (-17, -19) and s.result.winner == 0


def test_001_7_1_going_out_adds_the_opponents_tiles() -> None:
    s = session()
    s.bag = 0
    s.rack_size = [3, 5]
    s.apply({"kind": "play", "at": 5, "player": 0, "move": "H8 DIN"})
    assert s.went_out == 0
    assert code(s, {"kind": "pass", "at": 6, "player": 1}) == "classic_table.went_out"
    s.apply({"kind": "accept_end", "at": 7})
    s.apply({"kind": "declare_rack", "at": 8, "player": 0, "tiles": ""})
    s.apply({"kind": "declare_rack", "at": 9, "player": 1, "tiles": "KWZ?E"})
    assert s.result is not None and s.result.scores == (8 + 31, -31)
    assert s.result.winner == 0 and s.result.reason == "out"


def test_001_10_1_overdraw_penalties_by_profile_and_the_arbiters_find_loses_under_ffsc() -> None:
    f = session("ffsc")
    f.apply({"kind": "overdraw", "at": 1, "player": 0, "extra": 2, "how": "seen"})
    f.apply({"kind": "overdraw", "at": 2, "player": 0, "extra": 2, "how": "unseen"})
    assert f.scores == (-5, 0)
    b = session("fbs")
    b.apply({"kind": "overdraw", "at": 1, "player": 0, "extra": 2, "how": "seen"})
    b.apply({"kind": "overdraw", "at": 2, "player": 1, "extra": 1, "how": "arbiter"})
    assert b.scores == (-10, -5) and b.result is None
    # 000 9.1: the clock was neutralised at the overdraw; the players resume it
    assert f.neutralised == "overdraw"
    f.apply({"kind": "resume", "at": 3})
    f.apply({"kind": "play", "at": 3, "player": 0, "move": "H8 MAISON"})
    f.apply({"kind": "overdraw", "at": 4, "player": 0, "extra": 1, "how": "arbiter"})
    assert f.result is not None
    assert (f.result.winner, f.result.loss, f.result.loss_cause) == (1, 0, LossCause.OVERDRAW)
    assert f.result.scores == (-5 + 16, 0)  # the scores stay on record


def test_001_9_2_and_000_8_2_the_arbiters_point_penalty_by_profile() -> None:
    f, b = session("ffsc"), session("fbs")
    for s in (f, b):
        s.apply({"kind": "sanction", "at": 1, "player": 1, "sanction": "points", "reason": "bruit"})
        s.apply({"kind": "sanction", "at": 2, "player": 1, "sanction": "warning"})
    assert (f.score(1), b.score(1)) == (-20, -5)
    b.apply({"kind": "sanction", "at": 3, "player": 1, "sanction": "loss", "cause": "board"})
    assert b.result is not None and b.result.winner == 0
    assert code(
        f, {"kind": "sanction", "at": 3, "player": 1, "sanction": "loss", "cause": "x"}
    ) == ("classic_table.loss_cause")


def test_both_sign_then_the_round_takes_the_result_with_its_loss() -> None:
    s = session("fbs", starter=1)
    s.apply({"kind": "play", "at": 3, "player": 1, "move": "H8 MAISON"})
    assert code(s, {"kind": "sign", "at": 4, "player": 0}) == "classic_table.not_finished"
    s.apply({"kind": "sanction", "at": 5, "player": 1, "sanction": "loss", "cause": "letters"})
    s.apply({"kind": "sign", "at": 6, "player": 0})
    assert s.signed_result is None
    assert code(s, {"kind": "sign", "at": 7, "player": 0}) == "classic_table.signed"
    s.apply({"kind": "sign", "at": 8, "player": 1})
    entry = round_entry(s, 3, table=4)
    game = check_result(entry)
    assert (game.score_a, game.score_b, game.winner(), game.starts) == (0, 16, "X", "Y")
    assert game.loss_cause is LossCause.LETTERS


def test_per_move_timer_loses_the_turn_and_warns_before_the_end() -> None:
    s = session("ffsc", ClockSettings("move", 60, warning=10))
    assert s.clock is not None
    assert not s.clock.warned(49) and s.clock.warned(51)
    assert code(s, {"kind": "lose_turn", "at": 30}) == "classic_table.turn_not_expired"
    assert code(s, {"kind": "play", "at": 61, "player": 0, "move": "H8 DIN"}) == (
        "classic_table.turn_expired"
    )
    s.apply({"kind": "lose_turn", "at": 61})
    assert s.turns[-1].kind == "lost_turn" and s.to_move == 1
    assert s.clock.remaining(1, 71) == 50


EVENTS = st.one_of(
    st.builds(
        lambda p, m, a: {"kind": "play", "player": p, "move": m, "announced": a},
        st.integers(0, 1),
        st.sampled_from(["H8 DIN", "11D DUALS", "H4 MAISON", "5H AS", "H8 SA", "G8 AS"]),
        st.one_of(st.none(), st.integers(0, 30)),
    ),
    st.builds(lambda p: {"kind": "pass", "player": p}, st.integers(0, 1)),
    st.builds(
        lambda p, n: {"kind": "exchange", "player": p, "count": n},
        st.integers(0, 1),
        st.integers(0, 8),
    ),
    st.builds(
        lambda p, w: {"kind": "challenge", "player": p, "words": w},
        st.integers(0, 1),
        st.lists(st.sampled_from(["DIN", "DINS", "DUALS", "MAISON", "AS"]), max_size=2),
    ),
    st.just({"kind": "ruling"}),
    st.builds(lambda p: {"kind": "flag", "player": p}, st.integers(0, 1)),
    st.builds(lambda r: {"kind": "neutralise", "reason": r}, st.sampled_from(["board", "absence"])),
    st.just({"kind": "resume"}),
    st.builds(
        lambda p, h: {"kind": "overdraw", "player": p, "extra": 1, "how": h},
        st.integers(0, 1),
        st.sampled_from(["seen", "arbiter"]),
    ),
    st.builds(
        lambda p, t: {"kind": "declare_rack", "player": p, "tiles": t},
        st.integers(0, 1),
        st.sampled_from(["", "AB", "EEEEEEE"]),
    ),
)


@settings(max_examples=depth(60), deadline=None)
@given(
    st.sampled_from(["ffsc", "fbs"]),
    st.lists(st.tuples(EVENTS, st.integers(0, 400)), max_size=25),
)
def test_replaying_the_stored_events_gives_the_same_state(
    profile: str, steps: list[tuple[dict[str, Any], int]]
) -> None:
    clock = ClockSettings("chess", 1200)
    live = session(profile, clock)
    stored: list[dict[str, Any]] = [{"kind": "start", "at": 0}]
    now = 0
    for event, gap in steps:
        now += gap
        try:
            live.apply({**event, "at": now})
        except TableError:
            continue
        stored.append({**event, "at": now})
    again = replay(("X", "Y"), LEXICON, stored, profile, clock)
    assert again.scores == live.scores
    assert again.lines == live.lines and again.turns == live.turns
    assert again.board == live.board and again.bag == live.bag
    assert again.out_of_time == live.out_of_time and again.result == live.result
    assert again.clock is not None and live.clock is not None
    assert again.clock.used == live.clock.used and again.to_move == live.to_move


def test_001_3_1_a_toss_decides_who_starts_when_nobody_is_designated() -> None:
    s = TableSession(("X", "Y"), LEXICON, "ffsc", None, starter=None)
    assert code(s, {"kind": "start", "at": 0}) == "classic_table.toss_needed"
    assert code(s, {"kind": "toss", "at": 0, "rounds": [["?", "B"]]}) == ("classic_game.toss_blank")
    s.apply({"kind": "toss", "at": 1, "rounds": [["e", "e"], ["M", "B"]]})
    s.apply({"kind": "start", "at": 2})
    assert s.starter == 1 and s.to_move == 1
    designated = session()
    assert code(designated, {"kind": "toss", "at": 1, "rounds": [["A", "B"]]}) == (
        "classic_table.toss_not_asked"
    )


def test_000_9_5_the_absent_player_is_forfeit_once_half_their_time_has_run() -> None:
    s = TableSession(("X", "Y"), LEXICON, "fbs", ClockSettings("chess", 1200))
    s.apply({"kind": "absent_clock", "at": 0, "player": 1})
    assert code(s, {"kind": "start", "at": 10}) == "classic_table.absent_clock"
    assert code(s, {"kind": "forfeit", "at": 599, "player": 1}) == "classic_table.forfeit_early"
    s.apply({"kind": "forfeit", "at": 600, "player": 1})
    assert s.result is not None and s.result.forfeit == 1 and s.result.winner == 0
    s.apply({"kind": "sign", "at": 601, "player": 0})
    s.apply({"kind": "sign", "at": 602, "player": 1})
    game = check_result(round_entry(s, 1))
    assert game.forfeit_b and game.winner() == "X" and game.match_points("Y") == 0


def test_000_9_5_an_absent_player_arriving_in_time_keeps_the_time_run() -> None:
    s = TableSession(("X", "Y"), LEXICON, "fbs", ClockSettings("chess", 1200))
    s.apply({"kind": "absent_clock", "at": 0, "player": 0})
    s.apply({"kind": "arrive", "at": 300})
    s.apply({"kind": "start", "at": 400})  # the players draw, Y starts the clock
    assert s.clock is not None and s.clock.remaining(0, 460) == 1200 - 300 - 60


def test_events_out_of_order_or_unknown_are_refused_and_change_nothing() -> None:
    s = session()
    s.apply({"kind": "pass", "at": 50, "player": 0})
    assert code(s, {"kind": "pass", "at": 49, "player": 1}) == "classic_table.time_backwards"
    assert code(s, {"kind": "teleport", "at": 60}) == "classic_table.unknown_event"
    assert code(s, {"kind": "pass", "at": 60, "player": 2}) == "classic_table.player"
    assert code(s, {"kind": "resume", "at": 60}) == "classic_table.not_neutralised"
    assert code(s, {"kind": "neutralise", "at": 60, "reason": "challenge"}) == (
        "classic_table.neutralisation_unknown"
    )
    assert code(s, {"kind": "ruling", "at": 60}) == "classic_table.no_challenge"
    assert code(s, {"kind": "start", "at": 60}) == "classic_table.already_started"
    assert code(s, {"kind": "declare_rack", "at": 60, "player": 0, "tiles": ""}) == (
        "classic_table.not_reckoning"
    )
    assert code(s, {"kind": "sanction", "at": 60, "player": 0, "sanction": "fine"}) == (
        "classic_table.sanction_kind"
    )
    assert len(s.turns) == 1 and s.last_at == 50 and s.pass_run == 1


def test_001_9_3_the_director_sets_another_penalty_figure() -> None:
    s = session("ffsc")
    s.apply({"kind": "sanction", "at": 1, "player": 0, "sanction": "points", "points": 10})
    assert s.scores == (-10, 0)


def test_001_6_4_a_global_credit_runs_for_both_and_the_director_ends_the_game() -> None:
    s = session("ffsc", ClockSettings("global", 3600))
    s.apply({"kind": "pass", "at": 1000, "player": 0})
    assert s.clock is not None and s.clock.remaining(0, 1500) == 3600 - 1500
    assert s.clock.remaining(1, 1500) == 3600 - 1500
    s.apply({"kind": "director_end", "at": 3600})
    assert s.reckoning and s.ending == "deduct"
    assert code(s, {"kind": "director_end", "at": 3601}) == "classic_table.over"


def test_rulings_9_the_setting_counts_lost_turns_toward_six_passes() -> None:
    profile = get_profile("ffsc").with_settings(count_lost_turns_as_passes=True)
    s = TableSession(("X", "Y"), LEXICON, profile, ClockSettings("move", 60, warning=10))
    s.apply({"kind": "start", "at": 0})
    for i in range(6):
        s.apply({"kind": "lose_turn", "at": 61 * (i + 1)})
    assert s.reckoning
    plain = session("ffsc", ClockSettings("move", 60, warning=10))
    for i in range(6):
        plain.apply({"kind": "lose_turn", "at": 61 * (i + 1)})
    assert not plain.reckoning and plain.pass_run == 0


def test_a_challenge_needs_words_and_an_override_only_words_challenged() -> None:
    s = duals()
    assert code(s, {"kind": "challenge", "at": 25, "player": 0, "words": []}) == (
        "classic_table.challenge_empty"
    )
    s.apply({"kind": "challenge", "at": 25, "player": 0, "words": ["DINS"]})
    assert code(s, {"kind": "pass", "at": 26, "player": 0}) == "classic_table.neutralised"
    assert (
        code(s, {"kind": "ruling", "at": 30, "override": {"DIN": True}, "reason": "appel"})
        == "classic_table.override_word"
    )


def test_the_gcg_export_replays_with_the_game_engine_to_the_same_scores() -> None:
    """Issue 18 part 6: the game exported as GCG; the engine's replay (with its own bag, the
    racks unknown at the table) gives the same scores: a blank, a valid and an invalid
    challenge, an exchange, a pass, the director's end and the tiles left."""
    s = session("ffsc")
    events: list[dict[str, Any]] = [
        {"kind": "play", "at": 10, "player": 0, "move": "H4 MAISoN", "announced": 16},
        {"kind": "play", "at": 20, "player": 1, "move": "10D DUALS"},
        {"kind": "challenge", "at": 21, "player": 0, "words": ["MAISONS"]},
        {"kind": "ruling", "at": 40},
        {"kind": "exchange", "at": 50, "player": 0, "count": 3},
        {"kind": "pass", "at": 60, "player": 1},
        {"kind": "play", "at": 70, "player": 0, "move": "I4 AS"},
        {"kind": "challenge", "at": 71, "player": 1, "words": ["MA"]},
        {"kind": "ruling", "at": 80},
        {"kind": "director_end", "at": 90},
        {"kind": "declare_rack", "at": 91, "player": 0, "tiles": "ABCDEFG"},
        {"kind": "declare_rack", "at": 92, "player": 1, "tiles": "HIJKLMN"},
    ]
    for event in events:
        s.apply(event)
    assert s.result is not None
    text = to_gcg(s, title="Table 3")
    assert ">X: ?AIMNS 8D MAISoN +16 16\n>Y: ADLSU J4 DUALS +15 15\n" in text
    assert "#note arbitre: challenge Y MA" in text and ">X: AS -- -" in text
    again = gcg_replay(gcg.parse(text), LEXICON)
    duals = s.turns[1].score
    assert [w for w, _ in s.turns[1].words] == ["DUALS", "MAISoNS"]
    # X: MAISoN, 5 for challenging MAISONS (admitted), AS withdrawn, ABCDEFG (16) left
    # Y: DUALS + MAISONS, HIJKLMN (27) left
    assert s.scores == (16 - 5 - 16, duals - 27)
    assert again.game.scores == s.scores
    assert again.game.result is not None and again.game.result.winner == s.result.winner


def _six_passes_after(s: TableSession, at: int) -> int:
    """Pass until the sixth scoreless turn in a row ends the game (001 4.2.2)."""
    while s.ending is None:
        at += 1
        s.apply({"kind": "pass", "at": at, "player": s.to_move})
    return at


def _replayed_scores(s: TableSession) -> tuple[int, int]:
    again = gcg_replay(gcg.parse(to_gcg(s)), LEXICON)
    assert again.ok, (again.problems, [line.problems for line in again.lines if line.problems])
    assert again.game.result is not None
    return again.game.scores


def test_001_4_2_2_six_scoreless_turns_exported_replay_to_the_sheets_reckoning() -> None:
    """Each deducts the tiles they declare left (4.2.2): the GCG replay reckons with the racks
    the end lines name, not with tiles of its own bag."""
    s = session()
    s.apply({"kind": "play", "at": 1, "player": 0, "move": "H8 DIN"})
    at = _six_passes_after(s, 1)
    s.apply({"kind": "declare_rack", "at": at + 1, "player": 0, "tiles": "AAEB?XL"})
    s.apply({"kind": "declare_rack", "at": at + 2, "player": 1, "tiles": "MGHERSQ"})
    assert s.result is not None and s.result.scores == (8 - 17, -19)
    assert _replayed_scores(s) == (8 - 17, -19)


def test_001_7_3_1_a_flag_then_six_passes_replays_without_refusal() -> None:
    """X's flag falls (7.3.1): X passes from then on; Y passes too; the sixth pass in a row
    ends the game (4.2.2). The export's automatic passes are the replay's own."""
    s = session("ffsc", ClockSettings("chess", 100))
    s.apply({"kind": "play", "at": 1, "player": 0, "move": "H8 DIN"})
    s.apply({"kind": "pass", "at": 2, "player": 1})
    s.apply({"kind": "flag", "at": 200, "player": 0})
    at = _six_passes_after(s, 200)
    assert [t.automatic for t in s.turns].count(True) == 3 and s.pass_run == 6
    s.apply({"kind": "declare_rack", "at": at + 1, "player": 0, "tiles": "EEEUUTT"})
    s.apply({"kind": "declare_rack", "at": at + 2, "player": 1, "tiles": "ZWKYJQ?"})
    assert s.result is not None and s.result.scores == (8 - 7, -(10 + 10 + 10 + 10 + 8 + 8))
    assert _replayed_scores(s) == s.result.scores


def test_001_7_3_2_both_flags_after_a_move_replay_to_the_sheets_reckoning() -> None:
    """X is out of time, Y plays on alone, then Y's flag falls: each deducts their own tiles
    (7.3.2), the tiles Y kept after the move being those Y declares."""
    s = session("ffsc", ClockSettings("chess", 100))
    s.apply({"kind": "pass", "at": 1, "player": 0})
    s.apply({"kind": "play", "at": 2, "player": 1, "move": "H8 DIN"})
    s.apply({"kind": "flag", "at": 120, "player": 0})
    s.apply({"kind": "play", "at": 150, "player": 1, "move": "8H DIN"})
    s.apply({"kind": "flag", "at": 230, "player": 1})
    assert s.reckoning and s.out_of_time == [True, True]
    s.apply({"kind": "declare_rack", "at": 231, "player": 0, "tiles": "AAEB?XL"})
    s.apply({"kind": "declare_rack", "at": 232, "player": 1, "tiles": "MGHERSQ"})
    assert s.result is not None
    assert _replayed_scores(s) == s.result.scores


TABLE_TURNS = st.one_of(
    st.builds(
        lambda m: {"kind": "play", "move": m},
        st.sampled_from(["H8 DIN", "8H DIN", "11D DUALS", "H4 MAISON", "5H AS", "H8 SA", "G8 AS"]),
    ),
    st.just({"kind": "pass"}),
    st.just({"kind": "passes"}),
    st.builds(lambda n: {"kind": "exchange", "count": n}, st.integers(1, 7)),
    st.builds(
        lambda w: {"kind": "challenge", "words": w},
        st.lists(st.sampled_from(["DIN", "DINS", "DUALS", "MAISON", "MAISONS", "AS"]), max_size=2),
    ),
    st.just({"kind": "ruling"}),
    st.builds(lambda p: {"kind": "flag", "player": p}, st.integers(0, 1)),
    st.builds(
        lambda p, s: {"kind": "sanction", "player": p, "sanction": s},
        st.integers(0, 1),
        st.sampled_from(["warning", "points"]),
    ),
)


@settings(max_examples=depth(100), deadline=None)
@given(
    st.sampled_from(["ffsc", "fbs", "ffsc-global"]),
    st.lists(st.tuples(TABLE_TURNS, st.integers(0, 150)), min_size=8, max_size=40),
    st.randoms(use_true_random=False),
)
def test_001_7_the_gcg_export_replays_to_the_sessions_final_scores(
    profile: str, steps: list[tuple[dict[str, Any], int]], rng: Any
) -> None:
    """For any game played at the table (passes, exchanges, challenges, flags, the global
    credit used up, six scoreless turns, the director's end), the GCG export replayed by the
    game engine ends with the same scores as the session's reckoning (001 chapter 7)."""
    if profile == "ffsc-global":
        s = session("ffsc", ClockSettings("global", 1500))
    else:
        s = session(profile, ClockSettings("chess", 1200 if profile == "fbs" else 600))
    now = 0
    for step, gap in steps:
        for _ in range(3 if step["kind"] == "passes" else 1):
            now += gap
            with_player = {"player": s.to_move, **step}
            if step["kind"] == "passes":
                with_player["kind"] = "pass"
            elif step["kind"] == "challenge":
                with_player["player"] = 1 - s.to_move
            try:
                s.apply({**with_player, "at": now})
            except TableError:
                continue
    case_event(
        f"ending: {s.ending or 'director'}, flags: {s.out_of_time}, turns: {len(s.turns) > 5}"
    )
    if s.ending is None:
        s.apply({"kind": "director_end", "at": now + 1})
    unseen = list((Counter(TILE_COUNTS) - Counter(_board_tiles(s))).elements())
    rng.shuffle(unseen)
    for p in (0, 1):
        tiles = "".join(unseen[: s.rack_size[p]])
        del unseen[: s.rack_size[p]]
        s.apply({"kind": "declare_rack", "at": now + 2, "player": p, "tiles": tiles})
    assert s.result is not None
    assert _replayed_scores(s) == s.result.scores


def _board_tiles(s: TableSession) -> list[str]:
    return ["?" if t.islower() else t for _, _, t in s.board.tiles()]


def test_001_6_4_the_global_credit_used_up_ends_the_game_each_deducts_their_tiles() -> None:
    """001 6.4: one credit for both. Used up, both players are out of time at once: the game
    ends and each deducts their own tiles (7.3.2, rulings.md Classic 10); a move after it is
    refused; the export says so and replays to the same scores."""
    s = session("ffsc", ClockSettings("global", 100))
    s.apply({"kind": "play", "at": 40, "player": 0, "move": "H8 DIN"})
    assert code(s, {"kind": "flag", "at": 99, "player": 1}) == "classic_table.not_out_of_time"
    assert code(s, {"kind": "pass", "at": 101, "player": 1}) == "classic_table.credit_used_up"
    s.apply({"kind": "flag", "at": 101, "player": 1})
    assert s.reckoning and s.ending == "deduct" and s.out_of_time == [True, True]
    assert code(s, {"kind": "flag", "at": 102, "player": 1}) == "classic_table.over"
    s.apply({"kind": "declare_rack", "at": 110, "player": 0, "tiles": "EEEEAAA"})
    s.apply({"kind": "declare_rack", "at": 111, "player": 1, "tiles": "MGHERSQ"})
    assert s.result is not None and s.result.scores == (8 - 7, -19) and s.result.winner == 0
    assert "#note arbitre: result time X" in to_gcg(s)
    assert _replayed_scores(s) == (1, -19)


def test_001_7_1_a_move_going_out_before_the_global_credit_ends_by_7_1() -> None:
    s = session("ffsc", ClockSettings("global", 100))
    s.bag = 0
    s.rack_size = [3, 5]
    s.apply({"kind": "play", "at": 90, "player": 0, "move": "H8 DIN"})
    assert code(s, {"kind": "flag", "at": 120, "player": 1}) == "classic_table.over"
    s.apply({"kind": "accept_end", "at": 121})
    assert s.ending == "out"


def _signed_game(m: TableMatch, winner: int, at: int) -> int:
    """Play the game in play to its signatures, ``winner`` keeping the smaller rack."""
    game = m.current
    if game.toss_needed and game.toss is None:
        m.apply({"kind": "toss", "at": at, "rounds": [["A", "Z"]]})
    m.apply({"kind": "start", "at": at})
    m.apply({"kind": "director_end", "at": at + 1})
    racks = {winner: "EEEEEEE", 1 - winner: "KWXYZJQ"}
    for p in (0, 1):
        m.apply({"kind": "declare_rack", "at": at + 2, "player": p, "tiles": racks[p]})
    for p in (0, 1):
        m.apply({"kind": "sign", "at": at + 3, "player": p})
    assert m.current.signed_result is not None
    assert m.current.signed_result.winner == winner
    return at + 10


def test_001_3_2_best_of_three_game_2_by_the_toss_loser_game_3_tossed_again() -> None:
    """001 3.2: in a match in two winning games, who lost the toss of game 1 starts game 2;
    a third game is tossed again. Game 3 is played only when needed."""
    m = TableMatch(("X", "Y"), LEXICON, "ffsc", None, (None, None, None), best_of=3)
    assert m.current.toss_needed
    code_of_next = _next_refusal(m, 0)
    assert code_of_next == "classic_table.game_not_signed"
    m.apply({"kind": "toss", "at": 0, "rounds": [["M", "B"]]})  # Y draws B: Y starts
    assert m.current.starter == 1
    at = _signed_game(m, 0, 1)
    m.apply({"kind": "next_game", "at": at})
    assert len(m.games) == 2 and m.current.starter == 0 and not m.current.toss_needed
    at = _signed_game(m, 1, at)
    assert m.next_game_due and not m.over
    m.apply({"kind": "next_game", "at": at})
    assert m.current.toss_needed  # game 3: a new toss
    at = _signed_game(m, 1, at)
    assert m.over and m.match().winner == 1 and m.match().games_won == (1, 2)
    assert _next_refusal(m, at) == "classic_table.match_over"


def test_000_3_1_best_of_three_designated_starters_and_no_third_game_after_2_0() -> None:
    """000 3.1: the tournament designates who starts; game 2 goes to the other player; a
    match won 2-0 has no third game."""
    m = TableMatch(("X", "Y"), LEXICON, "fbs", None, (1, None, 1), best_of=3)
    assert m.current.starter == 1 and not m.current.toss_needed
    at = _signed_game(m, 0, 0)
    m.apply({"kind": "next_game", "at": at})
    assert m.current.starter == 0
    at = _signed_game(m, 0, at)
    assert m.over and m.match().winner == 0 and m.match().games_won == (2, 0)
    assert _next_refusal(m, at) == "classic_table.match_over"
    assert len(m.games) == 2


def test_a_match_of_one_game_is_over_once_the_game_is_signed() -> None:
    m = TableMatch(("X", "Y"), LEXICON, "fbs", None, (0,), best_of=1)
    _signed_game(m, 1, 0)
    assert m.over and m.match().winner == 1 and not m.next_game_due


def _next_refusal(m: TableMatch, at: int) -> str:
    with pytest.raises(TableError) as info:
        m.apply({"kind": "next_game", "at": at})
    return info.value.message.code


@pytest.mark.parametrize(
    ("profile", "reason"),
    [
        ("ffsc", "score_dispute"),  # 001 4.1.6
        ("ffsc", "board"),  # 001 10.2
        ("ffsc", "arbiter"),  # 001 9.2
        ("ffsc", "overdraw"),  # 001 10.1
        ("fbs", "score_dispute"),  # 000 4.1.3
        ("fbs", "board"),  # 000 9.2
        ("fbs", "arbiter"),
        ("fbs", "overdraw"),  # 000 9.1
        ("fbs", "absence"),  # 000 9.6, with the opponent's agreement
    ],
)
def test_001_and_000_each_neutralisation_stops_the_clock_until_resumed(
    profile: str, reason: str
) -> None:
    """Issue 18 part 3: the clock is neutralised for each cause; no time is charged while it
    stands, no turn is entered, and it runs again from the resumption."""
    s = session(profile, ClockSettings("chess", 1500))
    s.apply({"kind": "play", "at": 40, "player": 0, "move": "H8 DIN"})
    s.apply({"kind": "neutralise", "at": 100, "reason": reason})
    assert s.neutralised == reason
    assert code(s, {"kind": "pass", "at": 150, "player": 1}) == "classic_table.neutralised"
    assert code(s, {"kind": "neutralise", "at": 160, "reason": "arbiter"}) == (
        "classic_table.neutralised"
    )
    assert s.clock is not None and s.clock.remaining(1, 900) == 1500 - 60
    s.apply({"kind": "resume", "at": 1000})
    assert s.clock.remaining(1, 1030) == 1500 - 90
    assert s.clock.remaining(0, 1030) == 1500 - 40


@pytest.mark.parametrize("profile", ["ffsc", "fbs"])
def test_001_5_2_and_000_5_a_challenge_stops_the_clock_until_the_ruling(profile: str) -> None:
    s = session(profile, ClockSettings("chess", 1500))
    s.apply({"kind": "play", "at": 40, "player": 0, "move": "H8 DIN"})
    s.apply({"kind": "challenge", "at": 50, "player": 1, "words": ["DIN"]})
    assert s.neutralised == "challenge"
    assert code(s, {"kind": "resume", "at": 60}) == "classic_table.not_neutralised"
    assert s.clock is not None and s.clock.remaining(1, 500) == 1500 - 10
    s.apply({"kind": "ruling", "at": 600})
    assert s.neutralised is None
    assert s.clock.remaining(1, 620) == 1500 - 30


def test_000_7_1_2_out_of_time_at_the_table_passes_challenges_and_the_other_may_not_exchange() -> (
    None
):
    """000 7.1.2: the player out of time must pass and may still challenge; the opponent
    plays on but may no longer exchange; both out of time: each deducts their tiles."""
    s = session("fbs", ClockSettings("chess", 1200))
    s.apply({"kind": "play", "at": 50, "player": 0, "move": "H8 DIN"})
    s.apply({"kind": "pass", "at": 60, "player": 1})
    assert code(s, {"kind": "flag", "at": 1209, "player": 0}) == "classic_table.not_out_of_time"
    s.apply({"kind": "flag", "at": 1211, "player": 0})
    assert s.out_of_time == [True, False] and s.turns[-1].automatic and s.to_move == 1
    assert code(s, {"kind": "exchange", "at": 1220, "player": 1, "count": 3}) == (
        "classic_table.exchange_opponent_out"
    )
    s.apply({"kind": "play", "at": 1230, "player": 1, "move": "11D DUALS"})
    s.apply({"kind": "challenge", "at": 1231, "player": 0, "words": ["DINS"]})
    s.apply({"kind": "ruling", "at": 1232})
    assert [t.withdrawn for t in s.turns if t.move == "11D DUALS"] == [True]
    assert s.to_move == 1
    assert code(s, {"kind": "play", "at": 1240, "player": 0, "move": "I8 AS"}) in (
        "classic_table.out_of_time",
        "classic_table.not_your_turn",
    )
    s.apply({"kind": "flag", "at": 1300 + 1200, "player": 1})
    assert s.reckoning and s.out_of_time == [True, True]


def test_001_10_5_the_director_starts_the_latecomers_clock_or_declares_them_lost() -> None:
    """001 10.5: the director lets the present player wait on the latecomer's time (the
    time run is the latecomer's when they arrive), or declares the latecomer lost after a
    few minutes: no half-credit wait as under 000 9.5."""
    s = TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("chess", 1500))
    s.apply({"kind": "absent_clock", "at": 0, "player": 1})
    s.apply({"kind": "arrive", "at": 240})
    s.apply({"kind": "start", "at": 300})
    assert s.clock is not None and s.clock.remaining(1, 300) == 1500 - 240
    lost = TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("chess", 1500))
    lost.apply({"kind": "absent_clock", "at": 0, "player": 1})
    lost.apply({"kind": "forfeit", "at": 300, "player": 1})
    assert lost.result is not None and lost.result.forfeit == 1 and lost.result.winner == 0


@pytest.mark.parametrize("profile", ["ffsc", "fbs"])
def test_001_5_3_and_000_5_3_five_points_per_word_wrongly_challenged(profile: str) -> None:
    """Both words admitted: the move stands, the challenger loses five points per word
    contested (001 5.3; 000 5.3 "cinq points par mot contesté"); it is the challenger's
    turn."""
    s = TableSession(("X", "Y"), LEXICON | {"DINS"}, profile)
    s.apply({"kind": "start", "at": 0})
    s.apply({"kind": "play", "at": 10, "player": 0, "move": "H8 DIN"})
    s.apply({"kind": "play", "at": 20, "player": 1, "move": "11D DUALS"})
    y_score = s.score(1)
    s.apply({"kind": "challenge", "at": 25, "player": 0, "words": ["DUALS", "DINS"]})
    assert s.pending_challenge is not None and s.pending_challenge.admitted == (True, True)
    s.apply({"kind": "ruling", "at": 30})
    assert not s.turns[1].withdrawn and s.scores == (8 - 10, y_score) and s.to_move == 0
