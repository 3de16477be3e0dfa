"""The entry page's API at a festival's rate (issue 37: 1,500 ballots in 150 s): what one
ballot costs in queries, and every check the server keeps making (« anything a table code or
a phone can do is checked on the server »)."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from arbitre.app.duplicate import changes, missing, services, setup
from arbitre.app.duplicate.models import (
    BallotEntry,
    DuplicateEvent,
    Game,
    Lateness,
    Registration,
    Withdrawal,
)
from arbitre.app.events.models import Event
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move, post_ballot

pytestmark = pytest.mark.django_db

MOST_QUERIES = 11
"""A ballot through the API: the session, the user and the role (Django's and the view's),
then in its transaction the event's version, the game, the player with their absence, their
ballots of the game, the ballot and its audit line. The simultané's signal reads nothing for
a game in play (it looks at the game the entry read). Before issue 37's second pass: 21 (the
game, the player and the role were each read twice, and the signal looked for a simultané
at every ballot)."""


def api(event_id: int, game: int = 1) -> str:
    return f"/duplicate/{event_id}/partie/{game}/saisie/api/"


def send(client: Any, url: str, registration: int, text: str, move: int = 1) -> Any:
    body = {"registration": registration, "move": move, "version": 0, "text": text}
    return client.post(url, data=json.dumps(body), content_type="application/json")


def reads_of(queries: CaptureQueriesContext, table: str) -> int:
    return sum(q["sql"].startswith("SELECT") and f'FROM "{table}"' in q["sql"] for q in queries)


def test_a_ballot_reads_the_game_the_player_and_the_role_once(event: Any, director: Any) -> None:
    play_first_move(event, director)
    arbiter = login("arbitre-a", "Arbitrage-2026")
    assert post_ballot(arbiter, event, 2, "top").status_code == 200  # (the turns cached)
    with CaptureQueriesContext(connection) as queries:
        answer = post_ballot(arbiter, event, 1, "top")
    assert answer.status_code == 200 and answer.json()["score"] == 18
    sent = queries[1:]  # (after the test's own read of the player, in post_ballot)
    assert len(sent) <= MOST_QUERIES, "\n".join(q["sql"][:120] for q in sent)
    assert reads_of(sent, "duplicate_game") == 1
    assert reads_of(sent, "duplicate_registration") == 1
    assert reads_of(sent, "events_eventrole") == 1
    assert reads_of(sent, "duplicate_ballotentry") == 1  # the earlier ones and this move's
    # a correction reads no more than an entry
    with CaptureQueriesContext(connection) as queries:
        fixed = post_ballot(arbiter, event, 1, "H4 MAISON", version=1)
    assert fixed.json()["version"] == 2 and len(queries) - 1 <= MOST_QUERIES


def test_the_api_keeps_every_check(event: Any, director: Any) -> None:
    """The game, the player being of the event, the table being the arbiter's (a director's
    every table), the move being played, the player at the table: each still refused, and a
    refusal moves neither the ballots nor the public pages' version."""
    game = play_first_move(event, director)
    a, b = login("arbitre-a", "Arbitrage-2026"), login("arbitre-b", "Arbitrage-2026")
    url = api(event.event_id)
    player = Registration.objects.get(duplicate=event, table=1)  # arbiter A's
    other = Event.objects.create(name="Autre", kind="duplicate", date=datetime.date(2026, 11, 23))
    stranger = Registration.objects.create(
        duplicate=DuplicateEvent.objects.create(event=other, games_planned=1),
        licence="9999",
        name="AILLEURS",
        table=1,
    )
    setup.mark_late(game, Registration.objects.get(duplicate=event, table=2), 2, director)
    before = changes.version(event.event_id)
    refused = [
        (send(a, api(event.event_id, 2), player.pk, "top"), 404),  # no game 2
        (send(a, api(other.pk), stranger.pk, "top"), 403),  # not an arbiter of that event
        (send(a, url, stranger.pk, "top"), 400),  # a player of another event
        (send(b, url, player.pk, "top"), 403),  # arbiter A's table
        (send(a, url, player.pk, "top", move=2), 400),  # move 2 is not played yet
        (send(a, url, player.pk + 1, "top"), 400),  # table 2 arrives for move 2 (5.1)
        (send(a, url, player.pk, "  "), 400),
        (a.post(url, data="[1]", content_type="application/json"), 400),
    ]
    assert [r.status_code for r, _ in refused] == [status for _, status in refused]
    assert "Cette table n&#x27;est pas la vôtre." in refused[3][0].content.decode()
    assert "Le coup 2 n'est pas encore joué." in refused[4][0].json()["error"]
    assert "est arrivé en retard, après le coup 1" in refused[5][0].json()["error"]
    assert "Requête mal formée." in refused[2][0].json()["error"]
    assert not BallotEntry.objects.exists()
    assert changes.version(event.event_id) == before
    # the director enters any table; the arbiter their own
    d = login("directrice", "Tournoi-2026!")
    assert send(d, url, Registration.objects.get(duplicate=event, table=15).pk, "top").json()["ok"]
    assert send(a, url, player.pk, "top").json()["ok"]
    assert BallotEntry.objects.count() == 2


def test_a_players_absence_read_with_them_is_what_the_absences_say(
    event: Any, director: Any
) -> None:
    """:func:`services.with_absence` (one player, the entry) against :func:`services.absences`
    (a move's table, the chief's counts) and against the rules themselves: a latecomer's moves
    before the one they arrive for are null (seed 004, 5.1); a withdrawn player plays no move
    from the one they withdrew at, nor any of a later game (the project's ruling)."""
    first = event.games.get(number=1)
    second = Game.objects.create(duplicate=event, number=2)
    tables = {r.table: r for r in Registration.objects.filter(duplicate=event)}
    late = {(first.pk, 1): 3, (second.pk, 2): 2, (second.pk, 4): 5}  # (game, table): from
    gone = {3: (1, 4), 4: (2, 1), 5: (2, 3)}  # table: (game number, from move)
    # (written directly: the services refuse some of these together, the reading must not
    # depend on it)
    for (game_pk, table), move in late.items():
        Lateness.objects.create(game_id=game_pk, registration=tables[table], from_move=move)
    for table, (number, move) in gone.items():
        game = first if number == 1 else second
        Withdrawal.objects.create(registration=tables[table], game=game, from_move=move)
    for game in (first, second):
        for move in range(1, 7):
            expected: dict[int, str] = {}
            for table, reg in tables.items():
                if (game.pk, table) in late and move < late[game.pk, table]:
                    expected[reg.pk] = "late"
                if table in gone and (gone[table][0], gone[table][1]) <= (game.number, move):
                    expected[reg.pk] = "withdrawn"  # (prevails over a late arrival)
            assert services.absences(game, move) == expected, (game.number, move)
            players = services.with_absence(
                Registration.objects.filter(duplicate=event), game, move
            )
            one_by_one = {p.pk: services.absence(p) for p in players}
            assert {k: v for k, v in one_by_one.items() if v} == expected, (game.number, move)


def test_the_arbiters_progress_is_computed_once_per_version(event: Any, director: Any) -> None:
    """Every arbiter's entry page polls the move's progress (every 3 s, 40 pages at a
    festival): the same figures for all, computed once per version of the event."""
    play_first_move(event, director)
    a, b = login("arbitre-a", "Arbitrage-2026"), login("arbitre-b", "Arbitrage-2026")
    url = f"/duplicate/{event.event_id}/partie/1/saisie/progression.json?coup=1"
    first = a.get(url).json()
    with CaptureQueriesContext(connection) as queries:
        again = b.get(url).json()
    assert again == first
    assert not reads_of(queries, "duplicate_ballotentry") + reads_of(
        queries, "duplicate_registration"
    )
    post_ballot(b, event, 11, "top")
    assert b.get(url).json()["progress"][1] == {"arbiter": "arbitre-b", "done": 1, "total": 10}
    assert Client().get(url).status_code == 302  # (not public)


def test_the_missing_ballots_read_no_player_one_by_one(event: Any, director: Any) -> None:
    """The arbiters' progress and the chief's list name the missing tables' players: their
    pair partners are read with them, not one query per missing player (1,500 at a festival's
    move start: 235 ms of CPU per computation)."""
    game = play_first_move(event, director)
    with CaptureQueriesContext(connection) as queries:
        rows = missing.missing_by_arbiter(game, 1)
    assert [(r.arbiter, r.missing) for r in rows] == [("arbitre-a", 10), ("arbitre-b", 10)]
    assert reads_of(queries, "duplicate_pairpartner") == 0
    assert len(queries) <= 8, "\n".join(q["sql"][:120] for q in queries)
