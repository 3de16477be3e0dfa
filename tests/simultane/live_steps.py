"""The set-up of the live page's browser test, run in its own process on the server's data
folder (``python -m tests.simultane.live_steps``): a simultané with two admitted centres,
each with its club's key; prints the simultané's id and the keys as JSON."""

from __future__ import annotations

import json
import os

#: the licensees whose results the test sends
PLAYERS = [("101", "DUPONT"), ("102", "MARTIN"), ("201", "BERNARD"), ("202", "ZOLA")]


def setup() -> dict[str, object]:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitre.app.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    from arbitre.app.federation import services as federation
    from arbitre.app.simultane import publish
    from tests.simultane.uploads import create_simultane, register

    user = get_user_model().objects.order_by("pk").first()
    made = create_simultane("Simultané fédéral en direct")
    register(*((licence, name, []) for licence, name in PLAYERS))
    keys = {}
    for club in ("Club de Namur", "Club de Liège"):
        keys[club] = federation.create_token(user, club)
        publish.admit(user, made, club)
    return {"uid": made.uid, "keys": keys}


if __name__ == "__main__":
    print(json.dumps(setup()))
