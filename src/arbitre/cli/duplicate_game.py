"""``arbitre duplicate autoplay`` and ``arbitre duplicate replay``: whole Duplicate games."""

from __future__ import annotations

import argparse
from typing import Any

from arbitre.cli import CliError, print_json
from arbitre.cli._i18n import tr

GROUP = ("duplicate", "Duplicate Scrabble: games, arbitration, standings")


def register(group_subparsers: Any) -> None:
    auto = group_subparsers.add_parser(
        "autoplay",
        help="play a whole game (random draws, tops) and print its game sheet",
        description="Play a whole Duplicate game as the chief arbiter would (seed 004, "
        "chapter 2): random valid draws, the top of every move, the end of the game. Prints "
        "the game sheet, or the game record with --json.",
    )
    auto.add_argument("--seed", type=int, help="seed of the random draws (default: random)")
    auto.add_argument(
        "--lexicon", metavar="FILE", help="word list file (default: the shipped list)"
    )
    auto.add_argument(
        "--engine",
        choices=("fast", "reference"),
        default="fast",
        help="move generator (default %(default)s)",
    )
    auto.add_argument("--json", action="store_true", help="print the game record (JSON)")
    auto.set_defaults(func=run_autoplay)

    rep = group_subparsers.add_parser(
        "replay",
        help="check a game record move by move and print its game sheet",
        description="Replay a Duplicate game record: every draw, reject, top and total is "
        "checked against the engine; the first inconsistent move is reported.",
    )
    rep.add_argument("file", metavar="FILE", help="game record (JSON, from 'autoplay --json')")
    rep.add_argument("--lexicon", metavar="FILE", help="word list file (default: the shipped list)")
    rep.add_argument(
        "--engine",
        choices=("fast", "reference"),
        default="fast",
        help="move generator (default %(default)s)",
    )
    rep.add_argument("--json", action="store_true", help="print the replayed record (JSON)")
    rep.set_defaults(func=run_replay)


def load_lexicon(path: str | None) -> Any:
    """The word list of ``--lexicon FILE``, or the shipped default list."""
    from arbitre.cli._progress import load_lexicon

    if path is not None:
        return load_lexicon(path)
    try:
        return load_lexicon(None)
    except ImportError as exc:  # the default list's data package is missing
        raise CliError(
            tr("the default word list is not installed: give a word list with --lexicon FILE")
        ) from exc


def run_autoplay(args: argparse.Namespace) -> int:
    from arbitre.duplicate.game import DuplicateGame
    from arbitre.duplicate.record import to_record
    from arbitre.duplicate.sheet import game_sheet, sheet_message
    from arbitre.i18n import word

    lexicon = load_lexicon(args.lexicon)
    game = DuplicateGame(lexicon, seed=args.seed, engine=args.engine)
    game.autoplay()
    if args.json:
        print_json(to_record(game))
    else:
        name = getattr(lexicon, "name", "?")
        print(word(sheet_message("seed", seed=game.seed, lexicon=name), args.lang))
        print(game_sheet(game, args.lang))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    from arbitre.duplicate.record import checked, load, replay, to_record
    from arbitre.duplicate.sheet import game_sheet
    from arbitre.i18n import word

    record = load(args.file)
    lexicon = load_lexicon(args.lexicon)
    game = replay(record, lexicon, engine=args.engine)
    if args.json:
        print_json(to_record(game))
    else:
        print(word(checked(game), args.lang))
        print(game_sheet(game, args.lang))
    return 0
