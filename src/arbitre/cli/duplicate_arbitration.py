"""``arbitre duplicate judge`` and ``arbitre duplicate standings``: seed 004 chapters 3-5."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from arbitre.cli import CliError, print_json
from arbitre.cli._i18n import tr

GROUP = ("duplicate", "Duplicate Scrabble: games, arbitration, standings")


def register(group: Any) -> None:
    judge = group.add_parser(
        "judge",
        help="decide one ballot for a move of a recorded game",
        description="Decide a ballot (compact form, see docs/duplicate-arbitration.md) for "
        "move N of a game record: the score awarded and the sanction with its rule.",
    )
    judge.add_argument("--record", required=True, type=Path, help="game record (JSON)")
    judge.add_argument("--move", required=True, type=int, help="move number (1 = first)")
    judge.add_argument("--ballot", required=True, help='ballot text, e.g. "H4 MAiSON 76"')
    judge.add_argument("--lexicon", type=Path, help="word list file named by the record")
    judge.add_argument(
        "--refused",
        default="",
        help="comma-separated words already refused to this player (seed 004, 4.6)",
    )
    judge.add_argument("--json", action="store_true", help="machine-readable output")
    judge.set_defaults(func=run_judge)

    standings = group.add_parser(
        "standings",
        help="standings of an event file",
        description="Compute the standings of a Duplicate event file (JSON, documented in "
        "docs/duplicate-arbitration.md): totals, ties by tops lost, solos.",
    )
    standings.add_argument("event", type=Path, metavar="EVENT", help="event file (JSON)")
    standings.add_argument("--lexicon", type=Path, help="word list file named by the records")
    out = standings.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="standings as JSON")
    out.add_argument("--csv", action="store_true", help="federation results CSV")
    standings.add_argument(
        "--encoding", choices=["utf-8", "latin-1"], default="utf-8", help="CSV encoding"
    )
    standings.add_argument("--series", type=int, help="only this series (1-7)")
    standings.add_argument("--category", help="only this age category")
    standings.set_defaults(func=run_standings)


def _lexicon_loader(path: Path | None) -> Any:
    from arbitre.cli._progress import load_lexicon

    cache: dict[str, Any] = {}

    def lexicon_for(record: dict[str, Any]) -> Any:
        if "lexicon" not in cache:
            cache["lexicon"] = load_lexicon(path)
        lexicon = cache["lexicon"]
        named = (record.get("lexicon") or {}).get("sha256")
        if named and named != lexicon.sha256:
            name = (record.get("lexicon") or {}).get("name")
            raise CliError(
                tr(
                    "the record was played with word list “%(name)s” (sha256 %(sha)s...); "
                    "give that list with --lexicon"
                )
                % {"name": name, "sha": named[:12]}
            )
        return lexicon

    return lexicon_for


def run_judge(args: argparse.Namespace) -> int:
    from arbitre.common.messages import Message
    from arbitre.duplicate import record as game_record
    from arbitre.duplicate.ballot import parse_ballot
    from arbitre.duplicate.decision import judge
    from arbitre.i18n import word

    rec = game_record.load(args.record)
    lexicon = _lexicon_loader(args.lexicon)(rec)
    game = game_record.replay(rec, lexicon)
    turn = game.turn(args.move)
    refused = frozenset(w.strip().upper() for w in args.refused.split(",") if w.strip())
    if refused:
        turn = replace(turn, refused_words=refused)
    decision = judge(parse_ballot(args.ballot), turn)
    if args.json:
        print_json(decision.to_json())
        return 0
    ballot = Message.of("duplicate.decision.ballot_line", ballot=args.ballot)
    for line in (turn.heading(), ballot, *decision.summary()):
        print(word(line, args.lang))
    return 0


def run_standings(args: argparse.Namespace) -> int:
    from arbitre.common.messages import Message
    from arbitre.duplicate.event_file import load_event
    from arbitre.duplicate.results_csv import encode_results, results_csv
    from arbitre.i18n import word

    event = load_event(args.event, _lexicon_loader(args.lexicon))
    if args.csv:
        sys.stdout.flush()
        sys.stdout.buffer.write(encode_results(results_csv(event, args.lang), args.encoding))
        return 0
    standings = event.standings_table(series=args.series, category=args.category)
    if args.json:
        print_json(standings.to_json())
        return 0
    print(word(standings.title(), args.lang))
    for r in standings.rows:
        games = " ".join(f"{t:5d}" for t in r.games)
        print(
            f"{r.rank_label:>5} {r.player.full_name:<30} {r.player.series_label:>3} {games} "
            f"{r.total:6d} {r.difference:6d} {r.percentage:6.2f}%"
        )
    if standings.solos:
        solos = ", ".join(word(s.label(), args.lang) for s in standings.solos)
        print(word(Message.of("duplicate.standings.solos", solos=solos), args.lang))
    return 0
