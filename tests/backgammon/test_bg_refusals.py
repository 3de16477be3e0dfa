"""Refusals of positions, IDs, the clock and .mat records: each names its reason as a message
code with its parameters, worded in French for the user (``arbitre --lang en``: English)."""

from __future__ import annotations

import random

import pytest

from arbitre.backgammon.board import BackgammonError, Dice, Position, parse_steps, random_position
from arbitre.backgammon.clock import Clock
from arbitre.backgammon.ids import MatchId, match_from_id, position_from_id, read_xgid
from arbitre.backgammon.mat import import_mat
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.support import refusal_of, refuses

PLAYER = Message.of("backgammon.side.player")
OPPONENT = Message.of("backgammon.side.opponent")
CLOSED = {point: 2 for point in range(1, 7)}  # the opponent's home board, all made


def test_positions_and_moves_refused_with_their_reason() -> None:
    with refuses(BackgammonError, "backgammon.side_entries", side=OPPONENT):
        Position((0,) * 25, (0,) * 24)
    with refuses(BackgammonError, "backgammon.negative_count", side=PLAYER):
        Position((-1,) + (0,) * 24, (0,) * 25)
    with refuses(BackgammonError, "backgammon.too_many_checkers", side=PLAYER, checkers=16):
        Position.from_points({6: 17}, {})
    with refuses(BackgammonError, "backgammon.shared_point", point=6):
        Position.from_points({6: 1}, {19: 1})
    with refuses(BackgammonError, "backgammon.invalid_point", point=26):
        Position.from_points({26: 1}, {})
    with refuses(BackgammonError, "backgammon.invalid_point_in", point=26, move="24/26"):
        parse_steps("24/26")
    with refuses(BackgammonError, "backgammon.unreadable_move", move="24-18", token="24-18"):
        parse_steps("24-18")
    with refuses(BackgammonError, "backgammon.invalid_dice", dice="70"):
        Position.initial().legal_moves((7, 0))
    with refuses(BackgammonError, "backgammon.position_kind", kind="nope"):
        random_position(random.Random(1), "nope")


def test_illegal_moves_say_why() -> None:
    on_bar = Position.from_points({25: 1, 13: 1}, CLOSED)
    with refuses(BackgammonError, "backgammon.roll_unplayable", move="13/10 10/9", dice="31"):
        on_bar.find_move(Dice(3, 1), "13/10 10/9")
    with refuses(BackgammonError, "backgammon.impossible_step_in", move="bar/22", dice="31"):
        on_bar.find_move(Dice(3, 1), "bar/22")
    start = Position.initial()
    with refuses(BackgammonError, "backgammon.impossible_step", move="6/8", source=6, target=8):
        start.physical_move("6/8")
    with refuses(BackgammonError, "backgammon.no_checker", move="5/3", point=5):
        start.physical_move("5/3")
    with refuses(BackgammonError, "backgammon.point_held", move="13/7 7/1", point=1):
        start.physical_move("13/7 7/1")
    reason = refusal_of(BackgammonError, start.physical_move, "13/7 7/1")
    assert say(reason) == "coup « 13/7 7/1 » : la flèche 1 est tenue par l'adversaire"
    assert say(reason, "en") == "move “13/7 7/1”: point 1 is held by the opponent"


def _invalid(kind: str, text: str, reason: Message) -> dict[str, object]:
    return {"what": Message.of(f"backgammon.id.{kind}"), "text": text, "reason": reason}


def _reason(code: str, **params: object) -> Message:
    return Message.of(f"backgammon.id_reason.{code}", **params)  # type: ignore[arg-type]


XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:9:10"


@pytest.mark.parametrize(
    ("read", "text", "kind", "reason"),
    [
        (position_from_id, "4HPwATDgc/AB", "position_id", _reason("length", expected=14)),
        (position_from_id, "4HPwATDgc/AB!A", "position_id", _reason("base64")),
        (position_from_id, "//////////////", "position_id", _reason("truncated")),
        (match_from_id, "MIEF!AAAAAAA", "match_id", _reason("base64")),
        (read_xgid, "XGID=x", "xgid", _reason("fields")),
        (read_xgid, XGID.replace("-b", "-z", 1), "xgid", _reason("character", char="z")),
        (read_xgid, XGID.replace("-b", "Ab", 1), "xgid", _reason("bottom_on_top_bar")),
        (read_xgid, XGID.replace("B-:", "Ba:", 1), "xgid", _reason("top_on_bottom_bar")),
        (read_xgid, XGID.replace(":0:0:1:", ":x:0:1:", 1), "xgid", _reason("not_a_number")),
        (read_xgid, XGID.replace(":0:0:1:", ":0:0:2:", 1), "xgid", _reason("cube_or_turn")),
        (read_xgid, XGID.replace(":52:", ":72:", 1), "xgid", _reason("dice")),
        (
            read_xgid,
            XGID.replace("-b", "-o", 1),
            "xgid",
            Message.of("backgammon.too_many_checkers", side=OPPONENT, checkers=15),
        ),
    ],
)
def test_ids_refused_with_their_reason(read: object, text: str, kind: str, reason: Message) -> None:
    with refuses(BackgammonError, "backgammon.invalid_id", **_invalid(kind, text, reason)):  # type: ignore[arg-type]
        read(text)  # type: ignore[operator]


def test_match_id_fields_refused() -> None:
    with refuses(BackgammonError, "backgammon.cube_value", value=3):
        MatchId(cube_value=3)
    with refuses(BackgammonError, "backgammon.cube_owner", owner=2):
        MatchId(cube_owner=2)
    with refuses(BackgammonError, "backgammon.invalid_dice", dice="0-3"):
        MatchId(dice=(0, 3))
    with refuses(BackgammonError, "backgammon.invalid_length", length=-1):
        MatchId(match_length=-1)
    with refuses(BackgammonError, "backgammon.id_score", score="1-40000"):
        MatchId(score=(1, 40000))
    with refuses(BackgammonError, "backgammon.game_state", state=7, resignation=0):
        MatchId(game_state=7)
    reason = refusal_of(BackgammonError, position_from_id, "4HPwATDgc/AB")
    assert say(reason) == (
        "identifiant de position (Position ID) « 4HPwATDgc/AB » invalide : 14 caractères attendus"
    )


def test_clock_refusals() -> None:
    now = [100.0]
    clock = Clock(1, time_source=lambda: now[0])
    with refuses(BackgammonError, "backgammon.not_paused"):
        clock.resume()
    with refuses(BackgammonError, "backgammon.negative_penalty", seconds=-1):
        clock.penalize(0, -1)
    with refuses(BackgammonError, "backgammon.invalid_player", player=2):
        clock.start(2)
    clock.start(0)
    with refuses(BackgammonError, "backgammon.not_running", player=2):
        clock.press(1)
    now[0] = 50.0
    with refuses(BackgammonError, "backgammon.time_backwards"):
        clock.press(0)


HEADER = " 3 point match\n\n Game 1\n A : 0                          B : 0\n"


def _line(number: int, reason: Message) -> dict[str, object]:
    return {"line": number, "reason": reason}


@pytest.mark.parametrize(
    ("body", "number", "reason"),
    [
        ("  1) xyz\n", 5, Message.of("backgammon.mat.unreadable", text="xyz")),
        ("  1) 33: 8/5 8/5 6/3 6/3\n", 5, Message.of("backgammon.mat.opening_double", dice="33")),
        (
            "  1) 31: 8/5 6/5                 Doubles => 4\n",
            5,
            Message.of("backgammon.mat.double_value", value=4, cube=1),
        ),
        (
            "  1) 31: 8/5 6/5\n  2)  Doubles => 2\n",
            6,
            Message.of("backgammon.mat.out_of_turn", player=1),
        ),
        (
            "  1) 31: 8/5 6/5                 Takes\n",
            5,
            Message.of("backgammon.mat.no_double", player=2),
        ),
        (
            "  1) 31: 8/5 6/5                 Wins 5 points\n",
            5,
            Message.of("backgammon.mat.win_points", points=5, cube=1),
        ),
        (
            "  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Drops"
            "                       Wins 2 points\n",
            6,
            Message.of("backgammon.mat.wins", player=2, points=2, winner=2, game_points=1),
        ),
        (
            "  1) 31: 8/5 6/5\n\n Game 2\n",
            7,
            Message.of("backgammon.mat.no_result", game=1),
        ),
    ],
)
def test_mat_records_refused_naming_the_line(body: str, number: int, reason: Message) -> None:
    with refuses(BackgammonError, "backgammon.mat.line", **_line(number, reason)):  # type: ignore[arg-type]
        import_mat(HEADER + body)


def test_mat_names_and_scores_follow_the_game_line() -> None:
    reason = Message.of("backgammon.mat.names_expected")
    with refuses(BackgammonError, "backgammon.mat.line", line=4, reason=reason):
        import_mat(" 3 point match\n\n Game 1\n garbage\n")


def test_mat_refusal_worded() -> None:
    refusal = refusal_of(BackgammonError, import_mat, HEADER + "  1) 31: 8/5 6/5  Takes\n")
    assert say(refusal) == "ligne 5 : le joueur 2 répond à un double qui n'existe pas"
    assert say(refusal, "en") == "line 5: player 2 answers no double"
