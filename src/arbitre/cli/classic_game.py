"""``arbitre classic replay`` and ``arbitre classic selfplay``: the Classic game engine
(seeds 001 and 000)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from arbitre.cli import CliError, print_json
from arbitre.cli._i18n import tr

GROUP = ("classic", "Classic Scrabble: games and Belgian-formula tournaments")

#: How a game ended (``GameResult.reason``), as the end line words it.
_END_REASONS = {
    "out": "a player went out",
    "passes": "scoreless turns in a row",
    "time": "time",
    "director": "the director's decision",
    "sanction": "lost by sanction",
    "overdraw": "lost by overdraw",
    "abandon": "abandon",
    "forfeit": "forfeit",
}

#: The kinds of the game sheet's lines (``SheetLine.kind``), as ``selfplay`` prints them.
_SHEET_KINDS = {
    "play": "move",
    "exchange": "exchange",
    "pass": "pass",
    "lost_turn": "lost turn",
    "withdrawn": "withdrawn",
    "challenge_penalty": "wrong challenge",
    "warning": "warning",
    "penalty": "penalty",
    "overdraw": "overdraw",
    "position": "position",
    "end_rack": "tiles left",
    "end_bonus": "opponent's tiles",
}


def register(group_subparsers: Any) -> None:
    rep = group_subparsers.add_parser(
        "replay",
        help="check every move, challenge and total of a recorded game (GCG)",
        description="Replay a GCG game record: every move is placed and scored again, every "
        "challenge judged with the word list, the end-of-game reckoning made again (a "
        "director's tool for disputed totals, 001 10.4). Exit status 1 when the record "
        "disagrees with the rules.",
    )
    rep.add_argument("gcg", metavar="GAME.gcg", help="the game record")
    _lexicon_option(rep)
    rep.add_argument(
        "--profile",
        choices=("ffsc", "fbs"),
        help="federation rules (default: the record's profile, else ffsc)",
    )
    rep.add_argument("--json", action="store_true", help="machine-readable output")
    rep.set_defaults(func=run_replay)

    sp = group_subparsers.add_parser(
        "selfplay",
        help="play a whole game between two engine players (top move each turn)",
        description="Play a whole Classic game between two engine players, each playing a "
        "top move, for tests and benchmarks; write its GCG record when asked.",
    )
    sp.add_argument("--seed", type=int, default=0, help="seed of the bag (default 0)")
    _lexicon_option(sp)
    sp.add_argument("--gcg", metavar="FILE", help="write the game record to FILE")
    sp.add_argument("--profile", choices=("ffsc", "fbs"), default="ffsc")
    sp.add_argument(
        "--engine",
        choices=("fast", "reference"),
        default="fast",
        help="move generator (default fast)",
    )
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp.set_defaults(func=run_selfplay)


def _lexicon_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lexicon", metavar="FILE", help="word list file (default: the shipped list)"
    )


def _load_lexicon(path: str | None) -> Any:
    from arbitre.cli._progress import load_lexicon

    if path is not None and not Path(path).is_file():
        raise CliError(tr("word list %(path)s: no such file") % {"path": path})
    return load_lexicon(path)


def run_replay(args: argparse.Namespace) -> int:
    from arbitre.classic.game import gcg
    from arbitre.classic.game.replay import replay

    path = Path(args.gcg)
    if not path.is_file():
        raise CliError(tr("%(path)s: no such file") % {"path": path})
    record = gcg.load(path)
    lexicon = _load_lexicon(args.lexicon)
    result = replay(record, lexicon, profile=args.profile)
    if args.json:
        print_json(result.to_json(lambda m: _problem(m, args.lang)))
        return 0 if result.ok else 1
    game = result.game
    for line in result.lines:
        mark = "ok" if line.ok else "!!"
        score = "" if line.score is None else f"{line.score:+d}"
        print(
            tr(
                "%(mark)s line %(line)3d  %(nick)-12s %(text)-22s %(recorded)+5d (rules "
                "%(score)5s)  total %(recorded_total)5d (rules %(total)5d)"
            )
            % {
                "mark": mark,
                "line": line.line,
                "nick": line.nick,
                "text": line.text,
                "recorded": line.recorded_score,
                "score": score,
                "recorded_total": line.recorded_total,
                "total": line.total,
            }
        )
        for problem in line.problems:
            print(f"          {_problem(problem, args.lang)}")
    for problem in result.problems:
        print(f"!! {_problem(problem, args.lang)}")
    _print_result(game)
    print(tr("record agrees with the rules" if result.ok else "record DISAGREES with the rules"))
    return 0 if result.ok else 1


def _problem(message: Any, lang: str) -> str:
    """A problem of the replay in ``lang``; the ways a game ends (``classic_replay.ended_by``)
    worded as the result line words them."""
    from arbitre.common.messages import Message
    from arbitre.i18n import word

    if message.code == "classic_replay.ended_by":
        reasons = {k: tr(_END_REASONS.get(str(v), str(v))) for k, v in message.params.items()}
        message = Message.of(message.code, **reasons)
    return word(message, lang)


def run_selfplay(args: argparse.Namespace) -> int:
    from arbitre.classic.game import gcg
    from arbitre.classic.game.selfplay import selfplay

    lexicon = _load_lexicon(args.lexicon)
    game = selfplay(lexicon, seed=args.seed, profile=args.profile, engine=args.engine)
    if args.gcg:
        Path(args.gcg).write_text(gcg.write(game, title=f"selfplay seed {args.seed}"), "utf-8")
    if args.json:
        result = game.result
        assert result is not None
        print_json(
            {
                "players": list(game.names),
                "seed": args.seed,
                "starter": game.names[game.starter],
                "scores": {game.names[p]: game.score(p) for p in (0, 1)},
                "winner": None if result.winner is None else game.names[result.winner],
                "reason": result.reason,
                "moves": [_turn_json(game, t) for t in game.turns],
            }
        )
        return 0
    from arbitre.i18n import word

    sheet = game.sheet()
    kinds = [tr(_SHEET_KINDS.get(line.kind, line.kind)) for line, _ in sheet]
    width = max([len(kind) for kind in kinds] + [1])
    for kind, (line, total) in zip(kinds, sheet, strict=True):
        text = line.text if line.note is None else word(line.note, args.lang)
        print(
            f"{game.names[line.player]:<8} {kind:<{width}} {text:<22} {line.points:+5d} {total:>5}"
        )
    _print_result(game)
    return 0


def _turn_json(game: Any, turn: Any) -> dict[str, Any]:
    return {
        "number": turn.number,
        "player": game.names[turn.player],
        "kind": turn.kind,
        "rack": turn.rack,
        "move": None if turn.move is None else str(turn.move),
        "score": turn.score,
        "exchanged": turn.exchanged,
        "withdrawn": turn.withdrawn,
    }


def _print_result(game: Any) -> None:
    result = game.result
    scores = ", ".join(f"{game.names[p]} {game.score(p)}" for p in (0, 1))
    if result is None:
        print(tr("game not finished: %(scores)s") % {"scores": scores})
        return
    if result.winner is None:
        who = tr("draw")
    else:
        who = tr("winner %(name)s") % {"name": game.names[result.winner]}
    reason = tr(_END_REASONS.get(result.reason, result.reason))
    print(
        tr("end (%(reason)s): %(scores)s; %(who)s")
        % {"reason": reason, "scores": scores, "who": who}
    )
