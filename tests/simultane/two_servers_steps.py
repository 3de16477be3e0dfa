"""Steps of the two-servers test (``python -m tests.simultane.two_servers_steps STEP ...``),
each run in its own process on the database its environment names (the federation's on
PostgreSQL, a centre's on SQLite); each prints its outcome as JSON."""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from typing import Any


def _setup() -> Any:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitre.app.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    return get_user_model().objects.order_by("pk").first()


def publish(start: str, record_path: str, *clubs: str) -> dict[str, Any]:
    from arbitre.app.simultane import publish as fed

    user = _setup()
    with open(record_path, encoding="utf-8") as f:
        text = f.read()
    made = fed.publish(
        user, "Simultané fédéral", "SF", dt.datetime.fromisoformat(start), 180, [text]
    )
    for club in clubs:
        fed.admit(user, made, club)
    return {"uid": made.uid, "code": made.code}


def licensees(*specs: str) -> dict[str, Any]:
    """The federation's licensee file: ``licence:NAME`` each."""
    from arbitre.app.ranking.models import Licensee

    _setup()
    for spec in specs:
        licence, name = spec.split(":")
        Licensee.objects.create(licence=licence, name=name, series=5, highest_series=5)
    return {}


def check() -> dict[str, Any]:
    """The centre asks the federation about the licences it registered."""
    from arbitre.app.simultane import licences
    from arbitre.app.simultane.models import CentrePlayer, Received

    _setup()
    received = Received.objects.get()
    try:
        unknown = licences.check(received)
    except licences.LicencesRefused as exc:
        return {"error": str(exc)}
    known = CentrePlayer.objects.filter(received=received, status="known")
    return {
        "unknown": [p.licence for p in unknown],
        "known": {p.licence: p.known_as["name"] for p in known},
    }


def fetch() -> dict[str, Any]:
    from arbitre.app.simultane import centre

    _setup()
    return {"uids": [r.uid for r in centre.fetch()]}


def open_games(code: str = "") -> dict[str, Any]:
    from arbitre.app.simultane import centre
    from arbitre.app.simultane.models import Received

    user = _setup()
    try:
        event = centre.open_games(user, Received.objects.get(), code)
    except centre.CentreRefused as exc:
        return {"error": str(exc)}
    return {"event": event.pk}


def register(*players: str) -> dict[str, Any]:
    """Register ``licence:NAME:ballot`` players (tables in order)."""
    from arbitre.app.duplicate import setup
    from arbitre.app.duplicate.models import DuplicateEvent
    from arbitre.app.simultane.models import Received

    user = _setup()
    received = Received.objects.get()
    dup = DuplicateEvent.objects.get(event_id=received.event_id)
    for table, spec in enumerate(players, start=1):
        licence, name, _ = spec.split(":")
        if not dup.players.filter(licence=licence).exists():
            setup.add_player(dup, {"licence": licence, "name": name, "table": table}, user)
    return {}


def unregister(licence: str) -> dict[str, Any]:
    """Remove a player registered by mistake (before any ballot)."""
    from arbitre.app.duplicate import setup
    from arbitre.app.duplicate.models import DuplicateEvent
    from arbitre.app.simultane.models import Received

    user = _setup()
    dup = DuplicateEvent.objects.get(event_id=Received.objects.get().event_id)
    setup.remove_player(dup, dup.players.get(licence=licence), user)
    return {}


def play(*players: str) -> dict[str, Any]:
    """Register ``licence:NAME:ballot`` players, play move 1, enter the ballots, send."""
    from arbitre.app.duplicate import ballots, services
    from arbitre.app.duplicate.models import DuplicateEvent
    from arbitre.app.simultane.models import Received

    user = _setup()
    received = Received.objects.get()
    dup = DuplicateEvent.objects.get(event_id=received.event_id)
    register(*players)
    game = dup.games.get()
    game = services.chief_action(game.pk, game.version, "draw_random", user)
    game = services.chief_action(game.pk, game.version, "reveal", user)
    for spec in players:
        licence, _, ballot = spec.split(":")
        reg = dup.players.get(licence=licence)
        ballots.enter_ballot(game.pk, reg.pk, 1, ballot, 0, user)
    return send()


def send() -> dict[str, Any]:
    from arbitre.app.federation import outbox
    from arbitre.app.simultane import sending
    from arbitre.app.simultane.models import Received

    user = _setup()
    item = sending.enqueue(user, Received.objects.get())
    outbox.deliver()
    item.refresh_from_db()
    return {"state": item.state, "reason": item.reason, "error": item.last_error}


def deliver() -> dict[str, Any]:
    from arbitre.app.federation import outbox
    from arbitre.app.federation.models import OutboxItem

    _setup()
    outbox.deliver()
    item = OutboxItem.objects.get()
    return {"state": item.state, "reason": item.reason, "error": item.last_error}


def link(url: str, key: str) -> dict[str, Any]:
    from arbitre.app.federation import outbox

    _setup()
    outbox.set_link(url, key)
    return {}


def tamper() -> dict[str, Any]:
    """The centre's signed results with a score raised after signing, posted as they are."""
    from arbitre.app.federation import outbox
    from arbitre.app.simultane import sending
    from arbitre.app.simultane.centre import API
    from arbitre.app.simultane.models import Received

    _setup()
    received = Received.objects.get()
    current = outbox.link()
    body = sending.signed(sending.results_of(received), current.token)
    body["results"]["players"][-1]["games"][0] += 100
    body["results"]["players"][-1]["total"] += 100
    reply = outbox.call("POST", f"{API}{received.uid}/resultats/", body)
    return {"status": reply.status, "error": reply.body.get("error", "")}


def standings() -> dict[str, Any]:
    from arbitre.app.simultane import merge
    from arbitre.app.simultane.models import CentreUpload, Simultane

    _setup()
    rows = merge.standings(Simultane.objects.get())
    return {
        "rows": [
            [m.row.name, m.place, m.ex_aequo, m.row.centre, m.centre_place, m.row.total]
            for m in rows
        ],
        "sent": {
            u.centre.club: u.sent_count for u in CentreUpload.objects.select_related("centre")
        },
    }


STEPS = {
    "publish": publish,
    "fetch": fetch,
    "licensees": licensees,
    "check": check,
    "open": open_games,
    "register": register,
    "unregister": unregister,
    "play": play,
    "send": send,
    "deliver": deliver,
    "link": link,
    "tamper": tamper,
    "standings": standings,
}

if __name__ == "__main__":
    _setup()  # Django first: the steps' imports need its apps
    print(json.dumps(STEPS[sys.argv[1]](*sys.argv[2:])))
