"""Every list of people is in French alphabetical order (issue 35, item 7).

A French reader looks for « Étienne » among the E, « Œuvray » with the O: never after
« Zola », where the database's and Python's own orders put every accented capital. The
expected orders below are written by hand, as a French directory prints them; the pages
and the engine must give them.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from arbitre.ranking.titles import Championship, Contender, TitleSettings, designate

NAMES = ["ZOLA", "ÉTIENNE", "DUPONT", "ŒUVRAY", "EVRARD", "ÉMILE"]
FRENCH = ["DUPONT", "ÉMILE", "ÉTIENNE", "EVRARD", "ŒUVRAY", "ZOLA"]
"""NAMES as a French directory prints them (É with E, Œ as OE)."""


def _order_on(page: str, names: list[str]) -> list[str]:
    found = {name: page.find(name) for name in names}
    assert all(at >= 0 for at in found.values()), found
    return sorted(names, key=found.__getitem__)


def test_title_ex_aequo_are_named_in_french_order_not_by_licence() -> None:
    """Seed 002 A.4: a tie for a title outside the official titles stays ex aequo; the
    podium names them alphabetically (licences chosen in the opposite order)."""
    tied = [Contender(str(9 - i), 1, name=name) for i, name in enumerate(NAMES)]
    title = designate(tied, TitleSettings(Championship.OTHER, national=False))[0]
    by_licence = {c.licence: c.name for c in tied}
    podium = [by_licence[m.licences[0]] for m in title.medallists]
    assert podium == FRENCH[: len(podium)]
    assert all(m.rank == 1 for m in title.medallists)


@pytest.fixture
def director(django_user_model: Any) -> Client:
    user = django_user_model.objects.create_superuser(username="dir", password="x-Arbitre-2026")
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_duplicate_players_list_and_the_incident_roster(director: Client) -> None:
    from arbitre.app.duplicate.models import DuplicateEvent, Registration
    from arbitre.app.events.models import Event

    ev = Event.objects.create(name="TH", kind="duplicate", date=datetime.date(2026, 11, 29))
    dup = DuplicateEvent.objects.create(event=ev, games_planned=1, lexicon_name="x")
    for i, name in enumerate(NAMES):
        Registration.objects.create(duplicate=dup, licence=f"L{i}", name=name)
    page = director.get(f"/duplicate/{ev.pk}/").content.decode()
    assert _order_on(page, NAMES) == FRENCH
    page = director.get(f"/evenement/{ev.pk}/incidents/").content.decode()
    assert _order_on(page[page.find("<select") :], NAMES) == FRENCH


@pytest.mark.django_db
def test_the_licensees_list_and_the_public_search(director: Client) -> None:
    from arbitre.app.ranking.models import Licensee

    for i, name in enumerate(NAMES):
        Licensee.objects.create(
            licence=f"10{i}", name=name, first_name="Ana", series=5, highest_series=5
        )
    page = director.get("/federation/licencies/").content.decode()
    assert _order_on(page, NAMES) == FRENCH
    page = Client().get("/classement/", {"q": "Ana"}).content.decode()
    assert _order_on(page, NAMES) == FRENCH
