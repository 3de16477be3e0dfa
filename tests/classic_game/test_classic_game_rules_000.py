"""The Classic game against the Belgian regulation (seed 000, "Règlement"), article by article.

The ``fbs`` profile: a player out of time passes systematically (7.1.2), an absent player is
forfeit at half their time (9.5), the arbiter's penalty is five points (8.2).
"""

from __future__ import annotations

from arbitre.classic.game import (
    Bag,
    ChessClock,
    ClassicGame,
    GameError,
    ManualTime,
    MoveTimer,
    Sanction,
)
from arbitre.i18n import word as say
from tests.classic_game.classic_words import small_lexicon
from tests.support import refusal_of, refuses


def fbs_game(racks: tuple[str, str], clock: object = None, bag: str | None = None) -> ClassicGame:
    """X (player 0, the starter) against Y (player 1) under the ``fbs`` profile."""
    tiles = Bag(bag, seed=1) if bag is not None else Bag(seed=1)
    return ClassicGame(
        small_lexicon(),
        ("X", "Y"),
        profile="fbs",
        starter=0,
        racks=racks,
        bag=tiles,
        clock=clock,  # type: ignore[arg-type]
    )


def test_000_9_5_absent_player_forfeit_at_half_of_their_time() -> None:
    """000 9.5: the director may start an absent player's clock; the player is forfeit when
    half of their time has run. A player who has played is not absent, however long they
    think."""
    t = ManualTime()
    g = fbs_game(("DINEEEE", "AAAAAAA"), clock=ChessClock(20 * 60, t))
    t.advance(11 * 60)  # X thinks eleven minutes, more than half of the budget
    g.play("H7 DIN")
    t.advance(9 * 60 + 59)
    assert not g.absent_forfeit_due(1)
    t.advance(1)  # Y, absent, has used half of the twenty minutes
    assert g.absent_forfeit_due(1)
    assert not g.absent_forfeit_due(0)  # X played: never absent


def test_000_9_5_forfeit_at_half_time_needs_a_chess_clock() -> None:
    """000 2.5, 9.5: the half-time forfeit is counted on the chess clock; a per-move timer
    gives no such deadline."""
    t = ManualTime()
    g = fbs_game(("DINEEEE", "AAAAAAA"), clock=MoveTimer(60, source=t))
    t.advance(10_000)
    assert not g.absent_forfeit_due(0) and not g.absent_forfeit_due(1)


def test_000_7_1_2_out_of_time_passes_count_and_end_the_game_once() -> None:
    """000 7.1.2 and 4.2: X's time is used up: X passes systematically. Y then passes three
    times: six passes in a row end the game once, each deducting their own tiles."""
    g = fbs_game(("DINEEEE", "AAAAAAB"))
    g.flag(0)  # X to move, out of time: an automatic pass
    assert [t.automatic for t in g.turns] == [True] and g.to_move == 1
    for _ in range(3):
        g.pass_turn()
    assert g.result is not None and g.result.reason == "passes"
    assert len(g.turns) == 6 and [t.player for t in g.turns] == [0, 1, 0, 1, 0, 1]
    assert g.result.scores == (-8, -9) == g.scores and g.result.winner == 0


def test_000_7_1_2_the_flag_of_the_player_waiting_changes_no_turn() -> None:
    """000 7.1.2: a flag that falls for the player who is not to move records nothing now;
    that player passes when their turn comes."""
    g = fbs_game(("DINEEEE", "AAAAAAA"))
    g.flag(1)
    assert g.turns == [] and g.to_move == 0
    g.play("H7 DIN")  # Y is out of time: passes at once, X plays again
    assert [(t.player, t.kind, t.automatic) for t in g.turns] == [
        (0, "play", False),
        (1, "pass", True),
    ]
    assert g.to_move == 0


def test_000_7_1_2_the_flag_of_the_second_player_gives_the_turn_to_the_first() -> None:
    """000 7.1.2: Y's flag falls on Y's turn: Y passes and X plays on."""
    g = fbs_game(("DINEEEE", "AAAAAAA"))
    g.play("H7 DIN")
    g.flag(1)
    assert g.turns[-1].player == 1 and g.turns[-1].automatic
    assert g.to_move == 0
    g.pass_turn()  # X passes, Y passes again automatically
    assert [(t.player, t.automatic) for t in g.turns[-2:]] == [(0, False), (1, True)]
    assert g.to_move == 0


def test_000_8_2_five_point_penalty_and_loss() -> None:
    """000 8.2: the arbiter's scale is a warning, a five-point penalty, the loss of the game;
    the loss stands whatever the scores."""
    g = fbs_game(("DINEEEE", "AAAAAAA"))
    g.play("H7 DIN")
    g.penalize(0, Sanction.POINTS)
    assert g.scores == (3, 0)
    result = g.penalize(0, Sanction.LOSS)
    assert result is g.result and result.winner == 1 and result.reason == "sanction"  # type: ignore[union-attr]
    assert result.scores == (3, 0)  # type: ignore[union-attr]


def test_000_2_5_a_chess_clock_gives_each_player_at_least_20_minutes() -> None:
    """000 2.5: at least 20 minutes per player; a shorter chess clock is refused, and the
    refusal says what the clock gives."""
    t = ManualTime()
    with refuses(
        GameError, "classic_game.clock_minimum", profile="fbs", minimum=20, clock_minutes=15
    ):
        fbs_game(("DINEEEE", "AAAAAAA"), clock=ChessClock(15 * 60, t))
    refusal = refusal_of(GameError, fbs_game, ("DINEEEE", "AAAAAAA"), ChessClock(930, t))
    assert say(refusal) == (
        "le profil fbs demande au moins 20 minutes par joueur, la pendule en donne 15,5"
    )
    assert fbs_game(("DINEEEE", "AAAAAAA"), clock=ChessClock(20 * 60, t)).over is False
