"""``arbitre demo``: fill the database with demo events in progress (issue 23, part 1)."""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from typing import Any

from arbitre.cli import CliError
from arbitre.cli._i18n import tr


def register(subparsers: Any) -> None:
    demo = subparsers.add_parser(
        "demo",
        help="fill the database with demo events in progress (one of each game)",
        description="Create a Duplicate festival of 120 players in its second game, a Classic "
        "Scrabble tournament of 40 players in round 4 and a backgammon championship of 64 "
        "players in round 5, through the application's services, as the account 'demo' "
        "(created when missing; its password is printed).",
    )
    demo.add_argument("--small", action="store_true", help="smaller events (a quick look)")
    demo.add_argument("--seed", type=int, default=2026, help="random seed (default %(default)s)")
    demo.add_argument(
        "--password", help="password of the 'demo' account when it is created (default: random)"
    )
    demo.add_argument(
        "--again", action="store_true", help="add demo events even when some exist already"
    )
    demo.add_argument(
        "--festival",
        action="store_true",
        help="only a Duplicate festival in one hall (1,500 players, 40 arbiters by table "
        "ranges, the first game pre-drawn by autoplay and its first moves entered)",
    )
    demo.add_argument(
        "--players", type=int, default=1500, help="--festival: players (default %(default)s)"
    )
    demo.add_argument(
        "--arbiters", type=int, default=40, help="--festival: arbiters (default %(default)s)"
    )
    demo.add_argument(
        "--moves",
        type=int,
        default=2,
        help="--festival: moves of the first game played, every ballot entered "
        "(default %(default)s)",
    )
    demo.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
    demo.add_argument("--json", action="store_true", help="print the result as JSON")
    demo.set_defaults(func=run_demo)


def run_demo(args: argparse.Namespace) -> int:
    # no automatic backup after each of the thousands of entries the demo writes
    os.environ.setdefault("ARBITRE_AUTO_BACKUP", "0")
    if args.festival and (args.players < 1 or args.arbiters < 1 or args.moves < 0):
        # refused before the database is opened, created or migrated
        raise CliError(tr("--players and --arbiters: at least 1; --moves: at least 0."))
    from arbitre.cli.serve import setup_database

    setup_database(args.database_url)
    from django.contrib.auth import get_user_model

    from arbitre.app import demo
    from arbitre.app.events.accounts import AccountError

    if args.festival:
        return _run_festival(args, demo)
    existing = demo.existing_events()
    if existing and not args.again:
        if args.json:
            print(json.dumps({"events": existing, "created": False}, ensure_ascii=False))
        else:
            print(
                tr("The demo events are already there (%(count)d); --again adds more.")
                % {"count": len(existing)}
            )
        return 0
    created = not get_user_model().objects.filter(username=demo.DEMO_DIRECTOR).exists()
    password = args.password or (secrets.token_urlsafe(9) if created else "")
    try:
        user = demo.demo_director(password)
    except AccountError as exc:
        raise CliError(str(exc)) from exc
    started = time.perf_counter()

    def progress(step: str) -> None:
        if not args.json:
            print(f"… {step}", file=sys.stderr, flush=True)

    report = demo.populate(user, demo.SMALL if args.small else demo.FULL, args.seed, progress)
    seconds = time.perf_counter() - started
    if args.json:
        out = {**report.__dict__, "created": True, "seconds": round(seconds, 1)}
        if created:
            out["password"] = password
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(
        tr("Demo events created in %(seconds)d s: %(ballots)d ballots, %(results)d results.")
        % {"seconds": round(seconds), "ballots": report.ballots, "results": report.results}
    )
    if created:
        line = tr("Director's account: “%(name)s”, password: %(password)s")
    else:
        line = tr("Director's account: “%(name)s” (password unchanged).")
    print(line % {"name": demo.DEMO_DIRECTOR, "password": password})
    return 0


def _run_festival(args: argparse.Namespace, demo: Any) -> int:
    """``--festival``: the festival event alone (:mod:`arbitre.app.festival`)."""
    from django.contrib.auth import get_user_model

    from arbitre.app import festival
    from arbitre.app.events.accounts import AccountError

    existing = {k: v for k, v in demo.existing_events().items() if k == festival.FESTIVAL_NAME}
    if existing and not args.again:
        if args.json:
            print(json.dumps({"events": existing, "created": False}, ensure_ascii=False))
        else:
            print(tr("The demo festival is already there; --again adds another."))
        return 0
    created = not get_user_model().objects.filter(username=demo.DEMO_DIRECTOR).exists()
    password = args.password or secrets.token_urlsafe(9)
    try:
        user = demo.demo_director(password)
    except AccountError as exc:
        raise CliError(str(exc)) from exc
    started = time.perf_counter()

    def progress(step: str) -> None:
        print(f"… {step}", file=sys.stderr, flush=True)

    try:
        report = festival.build_festival(
            user, password, args.players, args.arbiters, args.moves, args.seed, progress
        )
    except AccountError as exc:  # an arbiter's password refused
        raise CliError(str(exc)) from exc
    seconds = time.perf_counter() - started
    if args.json:
        out = {
            "events": {"festival": report.event},
            **report.__dict__,
            "created": True,
            "seconds": round(seconds, 1),
            "arbiter_password": password,
        }
        if created:
            out["password"] = password
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(
        tr(
            "Festival created in %(seconds)d s: %(players)d players, %(arbiters)d arbiters, "
            "%(moves)d moves played, %(ballots)d ballots."
        )
        % {
            "seconds": round(seconds),
            "players": report.players,
            "arbiters": len(report.arbiters),
            "moves": report.moves,
            "ballots": report.ballots,
        }
    )
    print(
        tr("Arbiters' password (%(names)s, …): %(password)s")
        % {"names": ", ".join(list(report.arbiters)[:2]), "password": password}
    )
    if created:
        line = tr("Director's account: “%(name)s”, password: %(password)s")
    else:
        line = tr("Director's account: “%(name)s” (password unchanged).")
    print(line % {"name": demo.DEMO_DIRECTOR, "password": password})
    return 0
