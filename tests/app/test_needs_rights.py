"""The director's live overview (issue 35, item 4) is the event's directors' only, for every
game: its arbiters, an arbiter of another event and the public are refused, the page and its
JSON alike (the crawl of tests/app/test_rights.py requests it on a Classic event)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", ["duplicate", "classic", "backgammon"])
def test_only_the_events_director_reads_its_overview(world: dict[str, Any], kind: str) -> None:
    event = world["events"][f"{kind}-mine"]
    clients = {"anonymous": Client()}
    for who in ("stranger", "arbiter", "director"):
        clients[who] = Client()
        clients[who].force_login(world["users"][who])
    for url in (f"/evenement/{event.pk}/direction/", f"/evenement/{event.pk}/direction/etat/"):
        assert clients["anonymous"].get(url)["Location"].startswith("/compte/connexion/")
        assert clients["stranger"].get(url).status_code == 403
        assert clients["arbiter"].get(url).status_code == 403
        assert clients["director"].get(url).status_code == 200
    # the director of another event is refused too
    other = world["events"][f"{kind}-other"]
    assert clients["director"].get(f"/evenement/{other.pk}/direction/").status_code == 403
    # the page links back to the event; only its director sees the menu link
    page = clients["director"].get(event.get_absolute_url()).content.decode()
    assert f'href="/evenement/{event.pk}/direction/"' in page
    page = clients["arbiter"].get(event.get_absolute_url()).content.decode()
    assert "/direction/" not in page
