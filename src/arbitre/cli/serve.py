"""``arbitre serve`` and ``arbitre createadmin``: the web application."""

from __future__ import annotations

import argparse
import getpass
import os
import signal
import sys
from typing import Any

from arbitre.cli import CliError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def register(subparsers: Any) -> None:
    serve = subparsers.add_parser(
        "serve",
        help="apply the database migrations and serve the web application",
        description="Apply the database migrations, then serve the web application with "
        "waitress (a production WSGI server). Ctrl-C stops it cleanly.",
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help="address to listen on (default %(default)s; 0.0.0.0 for the venue's network)",
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default %(default)s)")
    serve.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
    serve.add_argument(
        "--threads", type=int, default=8, help="worker threads (default %(default)s)"
    )
    serve.set_defaults(func=run_serve)

    admin = subparsers.add_parser(
        "createadmin",
        help="create the tournament director's account",
        description="Create the director's account (the password is asked for, or read from ARBITRE_ADMIN_PASSWORD).",
    )
    admin.add_argument("username")
    admin.add_argument("--email", default="")
    admin.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
    admin.set_defaults(func=run_createadmin)


def _setup(database_url: str | None) -> None:
    if database_url:
        os.environ["ARBITRE_DATABASE_URL"] = database_url
    from django.core.management import call_command

    from arbitre.app import setup_django

    setup_django()
    call_command("migrate", interactive=False, verbosity=0)


def run_serve(args: argparse.Namespace) -> int:
    import waitress

    _setup(args.database_url)
    from arbitre.app.duplicate import preparation
    from arbitre.app.wsgi import application

    # The default word list is loaded (and compiled on the first start) in the background;
    # the pages show its progress meanwhile.
    preparation.start()

    def _stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    url = f"http://{args.host}:{args.port}/"
    print(f"Arbitre est prêt : {url}  (Ctrl-C pour arrêter)", flush=True)
    try:
        waitress.serve(
            application, host=args.host, port=args.port, threads=args.threads, ident="arbitre"
        )
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        raise CliError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from exc
    print("Arbitre arrêté.", flush=True)
    return 0


def run_createadmin(args: argparse.Namespace) -> int:
    _setup(args.database_url)
    from arbitre.app.events.accounts import AccountError, create_director

    password = os.environ.get("ARBITRE_ADMIN_PASSWORD")
    if not password:
        if not sys.stdin.isatty():
            raise CliError("no password: set ARBITRE_ADMIN_PASSWORD or run in a terminal")
        password = getpass.getpass("Mot de passe : ")
        if getpass.getpass("Mot de passe (confirmation) : ") != password:
            raise CliError("the two passwords differ")
    try:
        create_director(args.username, password, args.email)
    except AccountError as exc:
        raise CliError(str(exc)) from exc
    print(f"Compte directeur « {args.username} » créé.")
    return 0
