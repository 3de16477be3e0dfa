"""Fixtures of the simultanés' tests: the small word list and the director (an account
manager, hence a ranking officer too) of the Duplicate app's tests, the server's clock, a
published simultané with one admitted centre, and the centre's network to the federation
(the federation's own views on the test database)."""

from __future__ import annotations

import datetime as dt
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from arbitre.app.federation import outbox
from arbitre.app.federation import services as federation
from arbitre.app.ranking.models import Licensee
from arbitre.app.simultane import publish
from arbitre.app.simultane.models import Simultane
from arbitre.duplicate import record as game_record
from tests.app_duplicate.conftest import director, lexicon
from tests.simultane.games import predrawn

__all__ = ["director", "lexicon"]

START = dt.datetime(2027, 3, 12, 14, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))


class Clock:
    """The server's clock, set by the test (``timezone.now`` everywhere)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = START - dt.timedelta(hours=2)
        monkeypatch.setattr(timezone, "now", lambda: self.now)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


def record_file(name: str = "partie1.json") -> io.BytesIO:
    data = io.BytesIO(game_record.dumps(predrawn()).encode("utf-8"))
    data.name = name
    return data


@pytest.fixture
def officer(director: Any, clock: Clock) -> Client:
    """The ranking officer, logged in on the test's clock (a session ages with it)."""
    client = Client()
    client.force_login(director)
    return client


@pytest.fixture
def published(lexicon: Any, director: Any, clock: Clock) -> Simultane:
    return publish.publish(
        director, "Simultané fédéral de mars", "SF", START, 180, [game_record.dumps(predrawn())]
    )


#: The federation's licensees of the tests (licence, name, first name, club, series).
LICENSEES = (
    ("101", "DUPONT", "Anne", "Club de Namur", 2),
    ("102", "MARTIN", "Paul", "Club de Namur", 4),
    ("201", "ÉTIENNE", "Lou", "Club de Liège", 5),
)


@pytest.fixture
def licensees(db: Any) -> None:
    """The federation's licensee file: the licences the centres of the tests register."""
    for licence, name, first_name, club, series in LICENSEES:
        Licensee.objects.create(
            licence=licence,
            name=name,
            first_name=first_name,
            club=club,
            series=series,
            highest_series=series,
        )


@pytest.fixture
def club_key(published: Simultane, director: Any, licensees: None) -> str:
    key = federation.create_token(director, "Club de Namur")
    publish.admit(director, published, "Club de Namur")
    return key


def api(key: str, path: str) -> Any:
    return Client().get(path, HTTP_AUTHORIZATION=f"Bearer {key}")


@pytest.fixture
def network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The centre's requests to the federation, answered by the federation's own views on
    this test database; ``down`` in the list cuts the network."""
    calls: list[str] = []

    def request(current: Any, method: str, path: str, body: Any = None) -> outbox.Reply:
        if "down" in calls:
            raise ConnectionRefusedError
        calls.append(path)
        auth = {"HTTP_AUTHORIZATION": f"Bearer {current.token}"}
        if method == "POST":
            answer = Client().post(path, json.dumps(body), "application/json", **auth)
        else:
            answer = Client().get(path, **auth)
        return outbox.Reply(answer.status_code, answer.json())

    monkeypatch.setattr(outbox, "_request", request)
    yield calls


@pytest.fixture
def linked(club_key: str, network: list[str]) -> str:
    outbox.set_link("http://127.0.0.1:9", club_key)
    return club_key
