"""Fixtures for the tournament pages: a director, an arbiter, logged-in clients, helpers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

PASSWORD = "Tournoi-2026!"


@pytest.fixture
def director(django_user_model: Any) -> Any:
    from arbitre.app.events.accounts import create_director

    create_director("directrice", PASSWORD)
    return django_user_model.objects.get(username="directrice")


@pytest.fixture
def arbiter(django_user_model: Any) -> Any:
    from django.contrib.auth.models import Group

    from arbitre.app.events.roles import ARBITER, ensure_groups

    ensure_groups()
    user = django_user_model.objects.create_user(username="arbitre", password="Arbitrage-2026")
    user.groups.add(Group.objects.get(name=ARBITER))
    return user


@pytest.fixture
def dclient(director: Any) -> Client:
    c = Client()
    c.force_login(director)
    return c


@pytest.fixture
def aclient(arbiter: Any) -> Client:
    c = Client()
    c.force_login(arbiter)
    return c


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def create_event(client: Client, kind: str, **fields: Any) -> int:
    """Create a Classic (``classique``) or backgammon event through the form; its id."""
    data: dict[str, Any] = {"name": f"Test {kind}", "date": "2026-11-22", "place": "Namur"}
    if kind == "classique":
        data.update(profile="fbs", best_of=1, final_size=0, final_best_of=3)
    else:
        data.update(
            rounds=3,
            match_length=5,
            qf_sets="9,9,11",
            sf_sets="9,9,11",
            final_sets="11,11,11",
            consolation_sets="9",
            clock_per_point=2.5,
            clock_increment=9,
        )
    data.update(fields)
    response = client.post(f"/{kind}/nouveau/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    match = re.search(r"/(?:classique|backgammon)/(\d+)/", response["Location"])
    assert match
    return int(match.group(1))


def import_csv(client: Client, event_id: int, text: str) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("joueurs.csv", text.encode("utf-8"), content_type="text/csv")
    return client.post(f"{event_page(event_id)}joueurs/import/", {"file": upload}, follow=True)


def check_in_all(client: Client, event_id: int, except_names: tuple[str, ...] = ()) -> None:
    from arbitre.app.rounds.models import Entrant

    ids = [
        e.pk
        for e in Entrant.objects.filter(tournament__event_id=event_id)
        if e.name not in except_names
    ]
    response = client.post(f"{event_page(event_id)}pointage/", {"present": ids})
    assert response.status_code == 302


def event_page(event_id: int) -> str:
    """The address of the event's page (``/classique/<id>/`` or ``/backgammon/<id>/``)."""
    from arbitre.app.events.models import Event

    return str(Event.objects.get(pk=event_id).get_absolute_url())


class ServerClock:
    """The server's clock of the table logs, set by a test (issue 34: events are stamped on
    arrival with :func:`arbitre.app.rounds.tablelog.server_time`). Logs made before the
    first ``at`` count from :data:`START`."""

    START = 1_800_000_000.0

    def __init__(self) -> None:
        self.now = self.START

    def at(self, seconds: float) -> None:
        """The server's time becomes ``seconds`` after :data:`START`."""
        self.now = self.START + seconds


@pytest.fixture
def server_clock(monkeypatch: pytest.MonkeyPatch) -> ServerClock:
    from arbitre.app.rounds import tablelog

    clock = ServerClock()
    monkeypatch.setattr(tablelog, "server_time", lambda: clock.now)
    return clock


def pin_of(url: str, player: Any) -> str | None:
    """The PIN of ``player`` at the table whose players' action ``url`` is given (a
    ``/<game>/table/<code>/action/`` address), None for another address."""
    from arbitre.app.rounds.models import TableLog

    match = re.search(r"/table/([A-Z0-9]+)/action/$", url)
    if match is None or player not in (0, 1):
        return None
    log = TableLog.objects.filter(code=match.group(1)).first()
    return str(log.pins[player]) if log is not None and log.pins else None
