"""Fixtures for the Duplicate web app: a small word list, a director, arbiters, an event."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest

from arbitre.lexicon import Lexicon

WORDS = (
    "MAISON MAISONS RUSE RUSES RUE RUES SON SONS TAS ES ET SE US MAIS AMIS AMI MI NON ON OS "
    "SA TA TE TU EST ETAT SI IN AN NA NE NI NU EN RE RU TRES TRI RAT RATS ARTS ART MER MERE "
    "AIMER AIMERA MAIRE MAIRES MARIE MARIES TRAINE TRAINES ENTRAIS RESTAIT SATINER TENAIS "
    "SAINTE INERTES SENTIR RESTE TENIR ANS AIR AIRS RIS RIT RITE RITES SIRE SIRES TIRE TIRES"
).split()


@pytest.fixture
def lexicon(monkeypatch: pytest.MonkeyPatch) -> Iterator[Lexicon]:
    from arbitre.app import wordlists
    from arbitre.app.duplicate import services

    lx = Lexicon.from_words(WORDS, name="mots-de-test")
    monkeypatch.setattr(wordlists, "_lexicons", {"": lx})
    monkeypatch.setattr(services, "_engines", {})
    monkeypatch.setattr(services, "_turns", {})
    yield lx


@pytest.fixture
def director(django_user_model: Any) -> Any:
    from arbitre.app.events.accounts import create_director

    create_director("directrice", "Tournoi-2026!")
    return django_user_model.objects.get(username="directrice")


def make_arbiter(username: str) -> Any:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from arbitre.app.events.roles import ARBITER, ensure_groups

    ensure_groups()
    user = get_user_model().objects.create_user(username=username, password="Arbitrage-2026")
    user.groups.add(Group.objects.get(name=ARBITER))
    return user


@pytest.fixture
def event(lexicon: Lexicon, director: Any) -> Any:
    """An event of 20 players, tables 1-20, arbiter A on 1-10 and B on 11-20."""
    from arbitre.app.duplicate.models import DuplicateEvent, Game, Registration
    from arbitre.app.events.models import Event

    ev = Event.objects.create(name="Open test", kind="duplicate", date=datetime.date(2026, 11, 22))
    dup = DuplicateEvent.objects.create(event=ev, games_planned=1, lexicon_name="mots-de-test")
    Game.objects.create(duplicate=dup, number=1)
    a, b = make_arbiter("arbitre-a"), make_arbiter("arbitre-b")
    for i in range(1, 21):
        Registration.objects.create(
            duplicate=dup,
            licence=f"{1000 + i}",
            name=f"JOUEUR{i:02d}",
            first_name="Test",
            series=1 + i % 3,
            category="V" if i % 2 else "S",
            table=i,
            arbiter=a if i <= 10 else b,
        )
    return dup
