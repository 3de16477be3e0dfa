"""A player the centre entered « hors classement » (``"unlicensed": true`` in its upload:
seed 002, A.1, a player not licensed plays « hors classement ») is marked « non licencié »
beside their name in the merged standings, on the public page and on the officer's; a
licensee is not."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from arbitre.app.federation import services as federation
from arbitre.app.simultane import publish
from arbitre.app.simultane.models import Simultane
from tests.simultane.uploads import create_simultane, register, results, signed

pytestmark = pytest.mark.django_db

MARK = "non licencié"


@pytest.fixture
def uploaded(director: Any) -> Simultane:
    register(("101", "DUPONT", [50, 20]))
    simultane = create_simultane()
    key = federation.create_token(director, "Namur")
    publish.admit(director, simultane, "Namur")
    data = results(simultane.uid, [("101", "DUPONT", [50, 20]), ("NL7", "HORS", [30, 30])])
    data["players"][1]["unlicensed"] = True
    reply = Client().post(
        f"/api/federation/simultanes/{simultane.uid}/resultats/",
        json.dumps(signed(data, key)),
        "application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )
    assert reply.status_code == 200, reply.content
    return simultane


def row_of(page: str, name: str) -> str:
    """The standings' line of the player ``name``."""
    found = [r for r in re.findall(r"<tr>.*?</tr>", page, re.S) if f"<td>{name} " in r]
    assert len(found) == 1, page
    return found[0]


def test_002_a1_the_public_standings_mark_a_player_entered_hors_classement(
    uploaded: Simultane,
) -> None:
    page = Client().get(f"/public/simultanes/{uploaded.uid}/").content.decode()
    assert MARK in row_of(page, "HORS")
    assert MARK not in row_of(page, "DUPONT")


def test_002_a1_the_officers_standings_mark_a_player_entered_hors_classement(
    uploaded: Simultane, officer: Client
) -> None:
    page = officer.get(f"/federation/simultanes/{uploaded.pk}/").content.decode()
    assert MARK in row_of(page, "HORS")
    assert MARK not in row_of(page, "DUPONT")
