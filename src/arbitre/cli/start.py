"""``arbitre start``: prepare once, then serve (what ``./start.sh`` runs, on every system).

It applies the database's migrations, makes the default word list and the top-search kernel
ready (compiled the first time, then loaded from their caches), each step told on the console
with a bar or a running line and its duration; with ``--demo`` it adds the demo events (once);
then it serves as ``arbitre serve`` does, saying "ready" once a first draw, top search and page
answer within 2 seconds in every process (:mod:`arbitre.cli._startup`).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from arbitre.cli import _startup as startup
from arbitre.cli import serve
from arbitre.cli._i18n import tr


def register(subparsers: Any) -> None:
    start = subparsers.add_parser(
        "start",
        help="prepare the word list and the search kernel once, then serve the web application",
        description="Apply the database migrations, prepare the default word list and the "
        "top-search kernel (compiled on the first start, then loaded from their caches), add "
        "the demo events with --demo, then serve the web application as 'arbitre serve' "
        "does. Ctrl-C stops it at any moment.",
    )
    start.add_argument(
        "--demo",
        action="store_true",
        help="add demo events in progress, one of each game (once; see 'arbitre demo --help')",
    )
    start.add_argument(
        "--host",
        default=serve.DEFAULT_HOST,
        help="address to listen on (default %(default)s; 0.0.0.0 for the venue's network)",
    )
    start.add_argument(
        "--port", type=int, default=serve.DEFAULT_PORT, help="port (default %(default)s)"
    )
    start.add_argument(
        "--https",
        action="store_true",
        help="serve HTTPS with a self-signed certificate of this machine (see 'arbitre serve "
        "--help')",
    )
    start.add_argument(
        "--processes",
        type=int,
        default=0,
        help="server processes: gunicorn's workers, forked once the word list is loaded "
        f"(default: one per processor, up to {serve.MAX_PROCESSES}, on Linux and macOS; one "
        "on Windows)",
    )
    start.add_argument(
        "--allow-any-host",
        action="store_true",
        help="answer requests whatever host name they give (default: only this machine's "
        "names and addresses)",
    )
    start.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
    start.set_defaults(func=run_start)


def run_start(args: argparse.Namespace) -> int:
    console = startup.Console(bar=True)
    began = time.monotonic()
    console.say(tr("arbitre: database migrations…"))
    serve.setup_database(args.database_url)
    console.say(
        tr("  done in %(seconds)s: %(step)s")
        % {"seconds": startup.seconds(time.monotonic() - began), "step": tr("migrations")}
    )
    from arbitre.app.duplicate import preparation

    console.preparing()
    preparation.start()
    try:
        # the steps told from this thread, which takes a Ctrl-C at once (the preparation
        # works in its own thread)
        if not console.follow():
            return 2
        if args.demo:
            from arbitre.cli.demo import run_demo

            run_demo(argparse.Namespace(**_demo_options(args)))
    except KeyboardInterrupt:
        console.say("")  # below the bar or the running line
        print(tr("Arbitre stopped."), flush=True)
        serve.leave_if_loading()
        return 0
    line = ["serve", "--host", args.host, "--port", str(args.port)]
    line += ["--processes", str(args.processes)]
    line += ["--https"] if args.https else []
    line += ["--allow-any-host"] if args.allow_any_host else []
    line += ["--database-url", args.database_url] if args.database_url else []
    parser = argparse.ArgumentParser(add_help=False)
    serve.register(parser.add_subparsers())
    return serve.run_serve(parser.parse_args(line), console)


def _demo_options(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "small": False,
        "seed": 2026,
        "password": None,
        "again": False,
        "database_url": args.database_url,
        "json": False,
    }
