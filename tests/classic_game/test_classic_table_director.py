"""Seed 001 rules the director applies at a table: a timing imposed on a slow game played on a
global credit (6.4.2, 6.4.3), the present player playing before a latecomer arrives (10.5),
and rulings.md Classic 9 (moves withdrawn after a challenge counted toward the six passes)."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.classic.game import get_profile
from arbitre.classic.table import ClockSettings, TableError, TableSession, replay
from arbitre.i18n import word

LEXICON = frozenset({"DIN", "MAISON", "AS"})


def code(s: TableSession, event: dict[str, Any]) -> str:
    with pytest.raises(TableError) as info:
        s.apply(event)
    return info.value.message.code


def global_game(seconds: int = 3600) -> TableSession:
    s = TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("global", seconds))
    s.apply({"kind": "start", "at": 0})
    return s


# -- 001 6.4.2 and 6.4.3 -------------------------------------------------------------------------


def test_001_6_4_3_the_director_imposes_a_chess_clock_for_the_end_of_a_slow_game() -> None:
    """6.4.3: two slow players on a global credit: the director decides "un mode de
    chronométrage pour la fin de partie (pendule ou chronomètre)". Here a chess clock of
    5 minutes each: from then on each player's own time runs, the credit no longer does."""
    s = global_game()
    s.apply({"kind": "play", "at": 1200, "player": 0, "move": "H8 DIN", "announced": 8})
    s.apply({"kind": "impose_clock", "at": 2000, "clock": "chess", "seconds": 300})
    assert s.clock is not None and s.clock.settings == ClockSettings("chess", 300)
    # Y is to move: Y's 5 minutes run, X's stay whole
    assert s.clock.remaining(1, 2100) == 200
    assert s.clock.remaining(0, 2100) == 300
    s.apply({"kind": "pass", "at": 2100, "player": 1})
    assert s.clock.remaining(0, 2160) == 240 and s.clock.remaining(1, 2160) == 200
    # past the old credit's hour the game goes on: the global credit no longer ends it
    s.apply({"kind": "pass", "at": 2200, "player": 0})
    assert s.ending is None
    # Y's five minutes used up: Y is out of time as 7.3.1 says
    assert code(s, {"kind": "pass", "at": 2401, "player": 1}) == "classic_table.out_of_time"


def test_001_6_4_2_individual_timing_a_per_move_timer_on_a_slow_player() -> None:
    """6.4.2: the opponent of a slow player calls the director, who may decide "chronométrage
    individuel": a per-move timer (6.3) of 90 s with its warning 15 s before the end; a
    player who has not moved when it rings loses the turn (6.3.2)."""
    s = global_game()
    s.apply({"kind": "impose_clock", "at": 600, "clock": "move", "seconds": 90, "warning": 15})
    assert s.clock is not None and s.clock.settings == ClockSettings("move", 90, 15)
    assert s.clock.warned(676) and not s.clock.warned(674)
    assert code(s, {"kind": "lose_turn", "at": 689}) == "classic_table.turn_not_expired"
    s.apply({"kind": "lose_turn", "at": 691})
    assert s.turns[-1].kind == "lost_turn" and s.to_move == 1


def test_001_6_4_only_a_game_on_a_global_credit_or_without_a_clock_gets_an_imposed_timing() -> None:
    chess = TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("chess", 1500))
    chess.apply({"kind": "start", "at": 0})
    assert code(chess, {"kind": "impose_clock", "at": 5, "clock": "chess", "seconds": 300}) == (
        "classic_table.impose_not_global"
    )
    bare = TableSession(("X", "Y"), LEXICON, "ffsc", None)
    bare.apply({"kind": "start", "at": 0})
    bare.apply({"kind": "impose_clock", "at": 50, "clock": "chess", "seconds": 600})
    assert bare.clock is not None and bare.clock.remaining(0, 110) == 540
    s = global_game()
    assert code(s, {"kind": "impose_clock", "at": 5, "clock": "global", "seconds": 300}) == (
        "classic_table.impose_kind"
    )
    assert code(s, {"kind": "impose_clock", "at": 5, "clock": "chess", "seconds": 0}) == (
        "classic_table.clock_seconds"
    )
    assert code(s, {"kind": "impose_clock", "at": 5, "clock": "move", "seconds": 60}) == (
        "classic_table.clock_warning"
    )
    assert s.clock is not None and s.clock.settings.kind == "global"  # refused: unchanged


def test_an_imposed_clock_replays_and_stays_stopped_while_neutralised() -> None:
    events: list[dict[str, Any]] = [
        {"kind": "start", "at": 0},
        {"kind": "neutralise", "at": 100, "reason": "arbiter"},
        {"kind": "impose_clock", "at": 130, "clock": "chess", "seconds": 600},
        {"kind": "resume", "at": 200},
    ]
    s = replay(("X", "Y"), LEXICON, events, "ffsc", ClockSettings("global", 3600))
    assert s.clock is not None and s.clock.remaining(0, 260) == 540
    assert s.clock.remaining(1, 260) == 600


# -- 001 10.5 --------------------------------------------------------------------------------------


def test_001_10_5_the_present_player_draws_plays_presses_and_waits_on_the_latecomers_time() -> None:
    """10.5: the director allows "le joueur présent à piocher ses lettres, jouer, actionner
    la pendule et attendre le retardataire tant que son crédit-temps n'est pas épuisé";
    "lorsque le retardataire arrive, la partie continue normalement"."""
    s = TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("chess", 1500), starter=None)
    s.apply({"kind": "late_start", "at": 0, "player": 1})  # Y is late; no toss needed
    assert s.started and s.absent == 1 and s.to_move == 0 and s.starter == 0
    # the latecomer can neither play nor challenge before arriving
    assert code(s, {"kind": "pass", "at": 5, "player": 1}) == "classic_table.late_absent"
    s.apply({"kind": "play", "at": 60, "player": 0, "move": "H8 DIN", "announced": 8})
    assert code(s, {"kind": "challenge", "at": 70, "player": 1, "words": ["DIN"]}) == (
        "classic_table.late_absent"
    )
    assert s.clock is not None and s.clock.remaining(0, 400) == 1440
    # the latecomer's own time runs from the press
    assert s.clock.remaining(1, 400) == 1500 - 340
    s.apply({"kind": "arrive", "at": 400})
    assert s.absent is None and s.clock.remaining(1, 400) == 1160
    # the game continues normally: the latecomer may still challenge the move, then play
    s.apply({"kind": "challenge", "at": 410, "player": 1, "words": ["DIN"]})
    s.apply({"kind": "ruling", "at": 420})
    s.apply({"kind": "pass", "at": 450, "player": 1})
    assert s.to_move == 0 and s.clock.remaining(1, 450) == 1500 - 340 - 10 - 30


def test_001_10_5_a_latecomer_whose_credit_runs_out_is_out_of_time_or_declared_forfeit() -> None:
    s = TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("chess", 600))
    s.apply({"kind": "late_start", "at": 0, "player": 0})
    assert s.to_move == 1 and s.starter == 1
    s.apply({"kind": "pass", "at": 10, "player": 1})
    s.apply({"kind": "flag", "at": 611, "player": 0})
    assert s.out_of_time == [True, False] and s.to_move == 1
    s.apply({"kind": "forfeit", "at": 700, "player": 0})
    assert s.result is not None and s.result.forfeit == 0 and s.result.winner == 1
    # the present player is not forfeit while playing
    t = TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("chess", 600))
    t.apply({"kind": "late_start", "at": 0, "player": 0})
    assert code(t, {"kind": "forfeit", "at": 5, "player": 1}) == "classic_table.already_started"


def test_000_9_5_the_present_player_does_not_play_before_the_absent_player_arrives() -> None:
    s = TableSession(("X", "Y"), LEXICON, "fbs", ClockSettings("chess", 1500))
    refused = code(s, {"kind": "late_start", "at": 0, "player": 1})
    assert refused == "classic_table.late_start_profile"
    with pytest.raises(TableError) as info:
        s.apply({"kind": "late_start", "at": 0, "player": 1})
    assert "fbs" in word(info.value.message, "fr")
    ffsc_global = TableSession(("X", "Y"), LEXICON, "ffsc", ClockSettings("global", 3600))
    assert code(ffsc_global, {"kind": "late_start", "at": 0, "player": 1}) == (
        "classic_table.absent_clock"
    )


# -- rulings.md Classic 9 --------------------------------------------------------------------------


def _withdrawn_passes(count_withdrawn: bool) -> TableSession:
    """Three rounds of X playing a phony that Y challenges successfully, Y passing: six
    turns without a word left on the board, three of them withdrawn moves."""
    profile = get_profile("ffsc").with_settings(count_lost_turns_as_passes=count_withdrawn)
    s = TableSession(("X", "Y"), LEXICON, profile, ClockSettings("chess", 1500))
    s.apply({"kind": "start", "at": 0})
    at = 0
    for _ in range(3):
        s.apply({"kind": "play", "at": at + 1, "player": 0, "move": "H8 DNI"})
        s.apply({"kind": "challenge", "at": at + 2, "player": 1, "words": ["DNI"]})
        s.apply({"kind": "ruling", "at": at + 3})
        if s.ending is not None:
            break
        s.apply({"kind": "pass", "at": at + 4, "player": 1})
        at += 4
    return s


def test_rulings_9_withdrawn_moves_count_toward_six_passes_only_with_the_setting() -> None:
    """rulings.md Classic 9 (001 4.2.2): only declared passes count by default; the setting
    also counts moves withdrawn after a successful challenge."""
    counted = _withdrawn_passes(True)
    assert counted.reckoning and counted.ending == "deduct"
    plain = _withdrawn_passes(False)
    assert plain.ending is None and plain.pass_run == 1


def test_rulings_9_a_sixth_pass_by_withdrawal_leaves_the_clock_stopped() -> None:
    counted = _withdrawn_passes(True)
    assert counted.clock is not None and counted.clock.stopped
