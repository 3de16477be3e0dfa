"""``arbitre backgammon ...``: legal moves, the match clock, .mat checking, IDs (seed 003)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from arbitre.cli import CliError, print_json
from arbitre.cli._i18n import tr
from arbitre.common.messages import Message, Refusal
from arbitre.i18n import word
from arbitre.i18n.numbers import decimal

GROUP = ("backgammon", "backgammon: legal moves, clock, match records, championship")

#: The fields ``arbitre backgammon id`` prints (their ``--json`` keys), as it words them.
_ID_FIELDS = {
    "position_id": "Position ID",
    "player_on_roll": "player on roll",
    "cube": "cube",
    "cube_owner": "cube owner",
    "dice": "dice",
    "score": "score",
    "match_length": "match length",
    "crawford": "Crawford game",
    "board": "board",
    "player": "player's checkers",
    "opponent": "opponent's checkers",
    "game_state": "game state",
    "turn": "turn",
    "double_offered": "double offered",
    "resignation": "resignation",
}


def register(group_subparsers: Any) -> None:
    moves = group_subparsers.add_parser(
        "moves",
        help="the legal moves of a position for a roll (as GNU Backgammon lists them)",
        description="List the legal moves of POSITION_ID (gnubg Position ID, player on roll) "
        "for DICE (like 31 or 6-5), once per distinct resulting position. With --batch, read "
        "lines 'POSITION_ID DICE' from FILE ('-' for stdin) and write one JSON object per line.",
    )
    moves.add_argument(
        "position_id", nargs="?", metavar="POSITION_ID", help="gnubg Position ID (14 characters)"
    )
    moves.add_argument("dice", nargs="?", metavar="DICE", help="the roll, like 31 or 6-5")
    moves.add_argument("--json", action="store_true", help="JSON output")
    moves.add_argument("--batch", metavar="FILE", help="read 'POSITION_ID DICE' lines from FILE")
    moves.set_defaults(func=run_moves)

    clock = group_subparsers.add_parser(
        "clock",
        help="the clock's time budget for a match length (seed 003, clock rules 2.1)",
        description="Time per player: per-point time x length + break allowance, plus an "
        "increment per move.",
    )
    clock.add_argument("--length", type=int, required=True, help="match length in points")
    clock.add_argument(
        "--per-point", type=float, default=150.0, help="seconds per match point (default 150)"
    )
    clock.add_argument(
        "--break-time",
        type=float,
        default=None,
        help="break allowance in seconds (default: 600 up to 9 points, 720 beyond)",
    )
    clock.add_argument(
        "--increment", type=float, default=9.0, help="seconds added per move (default 9)"
    )
    clock.add_argument("--json", action="store_true", help="JSON output")
    clock.set_defaults(func=run_clock)

    check = group_subparsers.add_parser(
        "check-mat",
        help="read a Jellyfish .mat match record and check every move and cube action",
    )
    check.add_argument("file", metavar="FILE", help=".mat file")
    check.add_argument("--json", action="store_true", help="JSON output")
    check.set_defaults(func=run_check_mat)

    ident = group_subparsers.add_parser(
        "id",
        help="decode a gnubg Position ID, Match ID or XGID",
    )
    ident.add_argument(
        "text", metavar="ID", help="Position ID (14 chars), Match ID (12 chars) or XGID=..."
    )
    ident.add_argument("--json", action="store_true", help="JSON output")
    ident.set_defaults(func=run_id)


def _moves_for(position_text: str, dice_text: str) -> tuple[Any, list[Any]]:
    from arbitre.backgammon.board import Dice
    from arbitre.backgammon.ids import position_from_id

    position = position_from_id(position_text)
    if position.is_game_over():
        raise CliError(
            tr("position %(id)s: the game is over (a side has no checker)") % {"id": position_text}
        )
    dice = Dice.parse(dice_text)
    return position, position.legal_moves(dice)


def run_moves(args: argparse.Namespace) -> int:
    from arbitre.backgammon.ids import position_id

    if args.batch:
        if args.position_id or args.dice:
            raise CliError(tr("give either --batch FILE or POSITION_ID DICE, not both"))
        stream = sys.stdin if args.batch == "-" else open(args.batch, encoding="utf-8")  # noqa: SIM115
        try:
            for number, line in enumerate(stream, start=1):
                fields = line.split()
                if not fields or fields[0].startswith("#"):
                    continue
                if len(fields) != 2:
                    raise CliError(
                        tr("%(file)s, line %(line)d: expected 'POSITION_ID DICE'")
                        % {"file": args.batch, "line": number}
                    )
                try:
                    _, moves = _moves_for(fields[0], fields[1])
                except (CliError, ValueError) as exc:
                    reason = word(exc.message, args.lang) if isinstance(exc, Refusal) else exc
                    raise CliError(
                        tr("%(file)s, line %(line)d: %(reason)s")
                        % {"file": args.batch, "line": number, "reason": reason}
                    ) from exc
                ids = sorted(position_id(move.position) for move in moves)
                record = {"position_id": fields[0], "dice": fields[1], "position_ids": ids}
                sys.stdout.write(json.dumps(record) + "\n")
        finally:
            if stream is not sys.stdin:
                stream.close()
        return 0
    if not args.position_id or not args.dice:
        raise CliError(tr("POSITION_ID and DICE are required (or --batch FILE)"))
    _, moves = _moves_for(args.position_id, args.dice)
    listed = [{"move": move.notation, "position_id": position_id(move.position)} for move in moves]
    if args.json:
        print_json({"moves": listed, "count": len(listed)})
    elif not listed:
        print(tr("no legal move: the roll cannot be played"))
    else:
        for item in listed:
            print(f"{item['move']:<30} {item['position_id']}")
    return 0


def run_clock(args: argparse.Namespace) -> int:
    from arbitre.backgammon.clock import ClockSettings, format_seconds

    if args.length < 1 or args.length > 99:
        raise CliError(
            tr("invalid match length %(length)d: 1 to 99 points") % {"length": args.length}
        )
    if args.per_point < 0 or args.increment < 0 or (args.break_time or 0) < 0:
        raise CliError(tr("times must not be negative"))
    if args.break_time is None:
        settings = ClockSettings(per_point=args.per_point, increment=args.increment)
    else:
        settings = ClockSettings(
            per_point=args.per_point,
            break_allowances=((10**6, args.break_time),),
            increment=args.increment,
        )
    budget = settings.budget(args.length)
    data = {
        "length": args.length,
        "per_point_seconds": settings.per_point,
        "break_seconds": settings.break_allowance(args.length),
        "budget_seconds": budget,
        "increment_seconds": settings.increment,
    }
    if args.json:
        print_json(data)
    else:
        print(
            tr(
                "%(length)d-point match: %(budget)s per player (%(points)s for the points + "
                "%(break)s of break), plus %(increment)s s per move"
            )
            % {
                "length": args.length,
                "budget": format_seconds(budget),
                "points": format_seconds(settings.per_point * args.length),
                "break": format_seconds(settings.break_allowance(args.length)),
                "increment": decimal(settings.increment, args.lang),
            }
        )
    return 0


def run_check_mat(args: argparse.Namespace) -> int:
    from arbitre.backgammon.mat import read_mat

    match = read_mat(args.file)
    winner = match.winner
    data = {
        "length": match.length,
        "players": list(match.names),
        "score": list(match.score),
        "games": len(match.games),
        "winner": None if winner is None else match.names[winner],
    }
    if args.json:
        print_json(data)
    else:
        score = f"{match.names[0]} {match.score[0]} - {match.score[1]} {match.names[1]}"
        figures = {"length": match.length, "games": len(match.games), "score": score}
        if winner is None:
            line = tr(
                "%(length)d-point match, %(games)d games, all moves legal: %(score)s, not finished"
            )
        else:
            line = tr(
                "%(length)d-point match, %(games)d games, all moves legal: %(score)s, won by %(winner)s"
            )
            figures["winner"] = match.names[winner]
        print(line % figures)
    return 0


def run_id(args: argparse.Namespace) -> int:
    from arbitre.backgammon.board import refusal
    from arbitre.backgammon.ids import (
        match_from_id,
        position_from_id,
        position_id,
        read_xgid,
    )

    text = args.text.strip()
    data: dict[str, Any]
    if text.upper().startswith("XGID=") or text.count(":") >= 8:
        xgid = read_xgid(text)
        data = {
            "position_id": position_id(xgid.position),
            "player_on_roll": xgid.player_on_roll,
            "cube": xgid.cube_value,
            "cube_owner": xgid.cube_owner,
            "dice": list(xgid.dice),
            "score": list(xgid.score),
            "match_length": xgid.match_length,
            "crawford": xgid.crawford,
            "board": xgid.position.diagram(bar=tr("bar"), off=tr("off")),
        }
    elif len(text) == 14:
        position = position_from_id(text)
        data = {
            "position_id": text,
            "player": list(position.player),
            "opponent": list(position.opponent),
            "board": position.diagram(bar=tr("bar"), off=tr("off")),
        }
    elif len(text) == 12:
        state = match_from_id(text)
        data = {
            "cube": state.cube_value,
            "cube_owner": state.cube_owner,
            "player_on_roll": state.player_on_roll,
            "crawford": state.crawford,
            "game_state": state.game_state,
            "turn": state.turn,
            "double_offered": state.double_offered,
            "resignation": state.resignation,
            "dice": list(state.dice),
            "match_length": state.match_length,
            "score": list(state.score),
        }
    else:
        raise refusal(
            "invalid_id",
            what=Message.of("backgammon.id.any"),
            text=text,
            reason=Message.of("backgammon.id_reason.kind"),
        )
    if args.json:
        print_json(data)
    else:
        for key, value in data.items():
            if isinstance(value, bool):
                value = tr("yes") if value else tr("no")
            elif value is None:
                value = "-"
            print(tr("%(field)s: %(value)s") % {"field": tr(_ID_FIELDS[key]), "value": value})
    return 0
