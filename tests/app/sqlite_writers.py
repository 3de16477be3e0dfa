"""Concurrent writers on one SQLite file, as a festival hall makes them (issue 37): run as a
process of its own on the data directory given (``ARBITRE_DATA_DIR``), through the project's
own database settings (:func:`arbitre.app.database_url.sqlite_settings`).

    python -m tests.app.sqlite_writers setup PLAYERS
    python -m tests.app.sqlite_writers write FIRST COUNT THREADS ROUNDS

``setup`` migrates, creates a Duplicate event of ``PLAYERS`` players on the tests' word list
and plays its first move. ``write`` enters, then corrects ``ROUNDS - 1`` times, the move-1
ballot of the players ``FIRST`` to ``FIRST + COUNT - 1`` (by table) from ``THREADS``
threads, each on its own connection and with no pause between two ballots, while one more
thread reads what the public pages read (the version, the standings kept change by change);
it prints one JSON line: the writes done, and every database error by its message."""

from __future__ import annotations

import datetime
import json
import sys
import threading
from collections import Counter

PASSWORD = "Arbitrage-2026"


def _django() -> None:
    from arbitre.app import setup_django

    setup_django()
    from arbitre.app import wordlists
    from arbitre.lexicon import Lexicon
    from tests.app_duplicate.conftest import WORDS

    wordlists._lexicons = {"": Lexicon.from_words(WORDS, name="mots-de-test")}  # type: ignore[attr-defined]


def setup(players: int) -> None:
    from django.core.management import call_command

    _django()
    call_command("migrate", interactive=False, verbosity=0)
    from django.contrib.auth import get_user_model

    from arbitre.app.duplicate import services
    from arbitre.app.duplicate.models import DuplicateEvent, Game, Registration
    from arbitre.app.events.models import Event

    user = get_user_model().objects.create_user(username="chef", password=PASSWORD)
    event = Event.objects.create(name="Festival", kind="duplicate", date=datetime.date(2026, 7, 1))
    dup = DuplicateEvent.objects.create(event=event, games_planned=1, lexicon_name="mots-de-test")
    game = Game.objects.create(duplicate=dup, number=1)
    for table in range(1, players + 1):
        Registration.objects.create(
            duplicate=dup, licence=f"{100000 + table}", name=f"JOUEUR{table}", table=table
        )
    game = services.chief_action(game.pk, game.version, "draw_entered", user, "AIMNOSE")
    services.chief_action(game.pk, game.version, "reveal", user)
    print(json.dumps({"event": event.pk}))


def write(first: int, count: int, threads: int, rounds: int) -> None:
    _django()
    from django.contrib.auth import get_user_model
    from django.db import OperationalError, connection

    from arbitre.app.duplicate import ballots, changes, standings
    from arbitre.app.duplicate.models import BallotEntry, DuplicateEvent, Game, Registration
    from arbitre.app.duplicate.services import ServiceError

    user = get_user_model().objects.get(username="chef")
    dup = DuplicateEvent.objects.get()
    game = Game.objects.get(duplicate=dup)
    mine = list(
        Registration.objects.filter(duplicate=dup, table__gte=first, table__lt=first + count)
        .order_by("table")
        .values_list("pk", flat=True)
    )
    errors: Counter[str] = Counter()
    done = Counter[str]()
    lock = threading.Lock()
    writing = threading.Event()
    writing.set()

    def note(kind: str, error: Exception | None = None) -> None:
        with lock:
            if error is None:
                done[kind] += 1
            else:
                errors[f"{kind}: {type(error).__name__}: {error}"] += 1

    def arbiter(share: list[int]) -> None:
        try:
            for round_ in range(rounds):
                for reg in share:
                    text = "top" if round_ % 2 == 0 else "5"
                    try:
                        found = BallotEntry.objects.filter(
                            game=game, registration_id=reg, move_number=1
                        ).first()
                        ballots.enter_ballot(
                            game.pk, reg, 1, text, found.version if found else 0, user
                        )
                        note("ballot")
                    except ServiceError as exc:  # (a refusal is no database error)
                        note("refused", exc)
                    except OperationalError as exc:
                        note("ballot", exc)
        finally:
            connection.close()

    def reader() -> None:
        try:
            while writing.is_set():
                try:
                    changes.version(dup.event_id)
                    standings.current_event(dup)
                    note("read")
                except OperationalError as exc:
                    note("read", exc)
        finally:
            connection.close()

    shares = [mine[i::threads] for i in range(threads)]
    workers = [threading.Thread(target=arbiter, args=(share,)) for share in shares]
    readers = [threading.Thread(target=reader)]
    for t in workers + readers:
        t.start()
    for t in workers:
        t.join()
    writing.clear()
    for t in readers:
        t.join()
    print(json.dumps({"done": dict(done), "errors": dict(errors)}))


def main(argv: list[str]) -> int:
    if argv[0] == "setup":
        setup(int(argv[1]))
    else:
        write(*(int(a) for a in argv[1:5]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
