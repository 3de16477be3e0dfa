"""Seed 002, A.4: a tie for an official title left by the tops lost is settled by a
sudden-death play-off, "3 coups en blitz, suite en 40 secondes", one game at most: created
from the event as an event of its own for the tied players."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.app.duplicate import ballots, services
from arbitre.app.duplicate.models import AuditEntry, DuplicateEvent
from arbitre.app.events.models import Event
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move

pytestmark = pytest.mark.django_db


def _tie(event: Any, director: Any, leaders: tuple[str, str] = ("top", "top")) -> None:
    event.solo_min_players = 100
    event.save()
    game = play_first_move(event, director)
    texts = {"1001": leaders[0], "1002": leaders[1]}
    for reg in event.players.all():
        ballots.enter_ballot(game.pk, reg.pk, 1, texts.get(reg.licence, "5"), 0, director)


def test_002_a4_the_playoff_of_a_title_tie_plays_3_blitz_moves_then_40_seconds(
    event: Any, director: Any
) -> None:
    event.title_tie_break = True
    _tie(event, director)
    d = login("directrice", "Tournoi-2026!")
    page = d.get(f"/duplicate/{event.event_id}/").content.decode()
    assert 'id="title-playoff-form"' in page and "1001, 1002" in page
    response = d.post(f"/duplicate/{event.event_id}/departage/", follow=True)
    assert "Épreuve de départage créée" in response.content.decode()
    created = Event.objects.get(name="Départage — Open test")
    playoff = DuplicateEvent.objects.get(event=created)
    assert sorted(playoff.players.values_list("licence", flat=True)) == ["1001", "1002"]
    assert (playoff.lexicon_name, playoff.games_planned) == (event.lexicon_name, 1)
    game = playoff.games.get(number=1)
    assert game.time_schedule == "1-3:60,4-:40"
    assert [services.seconds_per_move(game, move) for move in (1, 2, 3, 4, 5)] == [
        60,
        60,
        60,
        40,
        40,
    ]
    assert AuditEntry.objects.filter(duplicate=event, action="Épreuve de départage créée")
    # the director of the event directs the play-off
    assert d.get(f"/duplicate/{created.pk}/reglages/").status_code == 200


def test_no_playoff_without_an_official_title_or_a_tie(event: Any, director: Any) -> None:
    _tie(event, director)
    d = login("directrice", "Tournoi-2026!")
    assert 'id="title-playoff-form"' not in d.get(f"/duplicate/{event.event_id}/").content.decode()
    refused = d.post(f"/duplicate/{event.event_id}/departage/", follow=True).content.decode()
    assert "n&#x27;attribue pas de titre officiel" in refused
    event.title_tie_break = True
    event.save()
    ballots_of_1002 = event.players.get(licence="1002").ballots.get(move_number=1)
    ballots.enter_ballot(
        ballots_of_1002.game_id, ballots_of_1002.registration_id, 1, "5", 1, director
    )
    refused = d.post(f"/duplicate/{event.event_id}/departage/", follow=True).content.decode()
    assert "Aucune égalité pour la première place" in refused
    assert not Event.objects.filter(name__startswith="Départage").exists()
