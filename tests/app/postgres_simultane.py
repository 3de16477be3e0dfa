"""Run by tests/app/test_serve_renderer.py in a process of its own, on the PostgreSQL database
that the test's ``arbitre serve --processes 2`` migrated: a simultané with two admitted
centres, and what the test needs to upload their signed results over HTTP and to read the
parts stored for the server's processes. Prints one line of JSON:

- ``publish``: the simultané's id and uid, and each centre's API key and signed body;
- ``parts SIMULTANE VERSION``: how many parts are stored at that version or later.
"""

from __future__ import annotations

import json
import sys

import django

django.setup()

from arbitre.app.simultane.models import SharedPart  # noqa: E402

#: two centres' players (licence, name, each move's score)
PLAYERS = {
    "Namur": [("101", "DUPONT", [50, 20]), ("102", "MARTIN", [30, 30])],
    "Liège": [("201", "BERNARD", [64, 10]), ("202", "DUPONT", [40, 30])],
}


def publish() -> dict[str, object]:
    from django.contrib.auth import get_user_model

    from arbitre.app.events.accounts import create_director
    from arbitre.app.federation import services as federation
    from arbitre.app.simultane import publish
    from tests.simultane.uploads import create_simultane, register, results, signed

    create_director("directrice", "Tournoi-2026!")
    director = get_user_model().objects.get(username="directrice")
    register(*(p for players in PLAYERS.values() for p in players))
    simultane = create_simultane()
    centres = {}
    for club, players in PLAYERS.items():
        key = federation.create_token(director, club)
        publish.admit(director, simultane, club)
        centres[club] = {"key": key, "body": signed(results(simultane.uid, players), key)}
    return {"id": simultane.pk, "uid": simultane.uid, "centres": centres}


def main(argv: list[str]) -> None:
    if argv[0] == "publish":
        print(json.dumps(publish()))
    elif argv[0] == "parts":
        found = SharedPart.objects.filter(simultane_id=int(argv[1]), version__gte=int(argv[2]))
        print(json.dumps(found.count()))


if __name__ == "__main__":
    main(sys.argv[1:])
