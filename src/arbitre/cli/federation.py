"""``arbitre federation``: the link between a club's laptop and the federation's server
(issue 20, part 6): a club's key (federation side), the link and the outbox (club side)."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from typing import Any

from arbitre.cli import CliError, print_json
from arbitre.cli._i18n import tr
from arbitre.cli.serve import setup_database

GROUP = ("federation", "club-to-federation uploads of results")


def register(subparsers: Any) -> None:
    token = subparsers.add_parser(
        "token",
        help="create a club's API key (on the federation's server); printed once",
        description="Create an API key for a club; only its digest is kept.",
    )
    token.add_argument("club", metavar="CLUB", help="the club's name")
    link = subparsers.add_parser(
        "link",
        help="set this laptop's link to the federation (https address and the club's key)",
        description="Set the federation server's address (https://...) and the club's key.",
    )
    link.add_argument("url", metavar="URL", help="the federation server's address (https://...)")
    link.add_argument(
        "key", metavar="KEY", help="the club's key (given by 'arbitre federation token')"
    )
    push = subparsers.add_parser(
        "push",
        help="send the queued results now and fetch the federation's answers",
        description="Send the outbox's queued results and fetch the decisions of those sent.",
    )
    for p in (token, link, push):
        p.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
        p.add_argument("--json", action="store_true", help="print the result as JSON")
    token.set_defaults(func=run_token)
    link.set_defaults(func=run_link)
    push.set_defaults(func=run_push)


def _in_language(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``run`` on the database (``--database-url``), with the application's messages (its
    refusals, the outbox's states) in the command's language."""

    @functools.wraps(run)
    def wrapped(args: argparse.Namespace) -> int:
        setup_database(args.database_url)
        from django.utils import translation

        with translation.override(args.lang):
            return run(args)

    return wrapped


@_in_language
def run_token(args: argparse.Namespace) -> int:
    from arbitre.app.federation import services

    try:
        key = services.create_token(None, args.club)
    except services.UploadRefused as exc:
        raise CliError(str(exc)) from exc
    if args.json:
        print_json({"club": args.club, "key": key})
    else:
        print(
            tr("Key of the club “%(club)s” (shown once): %(key)s") % {"club": args.club, "key": key}
        )
    return 0


@_in_language
def run_link(args: argparse.Namespace) -> int:
    from arbitre.app.federation import outbox

    try:
        current = outbox.set_link(args.url, args.key)
    except outbox.LinkRefused as exc:
        raise CliError(str(exc)) from exc
    if args.json:
        print_json({"url": current.url, "installation": current.installation})
    else:
        print(tr("Link with the federation: %(url)s") % {"url": current.url})
    return 0


@_in_language
def run_push(args: argparse.Namespace) -> int:
    from arbitre.app.federation import outbox
    from arbitre.app.federation.models import OutboxItem

    if not outbox.configured():
        raise CliError(tr("no link to the federation: run 'arbitre federation link URL KEY'"))
    moved = outbox.deliver()
    items = [
        {"event": i.name, "state": i.state, "reason": i.reason, "error": i.last_error}
        for i in OutboxItem.objects.order_by("pk")
    ]
    if args.json:
        print_json({"moved": moved, "items": items})
    else:
        for i in items:
            state = OutboxItem.State(i["state"]).label
            line = tr("%(event)s: %(state)s") % {"event": i["event"], "state": state}
            print(f"{line} {i['reason'] or i['error']}".rstrip())
    return 0
