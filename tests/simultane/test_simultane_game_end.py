"""A centre's results are queued as soon as a simultané's game ends (issue 38, item 2):
nothing before the end, the results once the last move is played, again when a ballot of
the ended game is entered; the outbox delivers them and the federation merges them."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.app.duplicate import ballots, services, setup
from arbitre.app.duplicate.models import DuplicateEvent, Game
from arbitre.app.federation import outbox
from arbitre.app.federation import services as federation
from arbitre.app.federation.models import OutboxItem
from arbitre.app.simultane import centre, merge, publish
from arbitre.app.simultane.models import Received
from arbitre.duplicate import record as game_record
from arbitre.duplicate.game import DuplicateGame
from tests.simultane.conftest import START, Clock

pytestmark = pytest.mark.django_db


def whole_game(lexicon: Any) -> str:
    played = DuplicateGame(lexicon, seed=5)
    played.autoplay()  # to its end (no move left)
    return game_record.dumps(game_record.as_predrawn(game_record.to_record(played)))


def test_the_results_leave_when_the_game_ends(
    lexicon: Any,
    director: Any,
    clock: Clock,
    network: list[str],
    licensees: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    simultane = publish.publish(director, "SP de juin", "SP", START, 180, [whole_game(lexicon)])
    key = federation.create_token(director, "Club de Namur")
    publish.admit(director, simultane, "Club de Namur")
    outbox.set_link("http://127.0.0.1:9", key)
    clock.now = START
    centre.store(simultane.sealed)
    event = centre.open_games(director, Received.objects.get())
    dup = DuplicateEvent.objects.get(event=event)
    reg = setup.add_player(dup, {"licence": "101", "name": "DUPONT", "table": 1}, director)
    game = dup.games.get()
    moves = 0
    with django_capture_on_commit_callbacks(execute=True):
        while not (game.record or {}).get("end"):
            game = services.chief_action(game.pk, game.version, "draw_random", director)
            assert not OutboxItem.objects.exists()  # nothing leaves during the game
            if (game.record or {}).get("end"):
                break
            try:
                game = services.chief_action(game.pk, game.version, "reveal", director)
                moves += 1
            except services.ServiceError:  # no scoring move: the draw is annulled (5.2)
                game = Game.objects.get(pk=game.pk)
                game = services.chief_action(game.pk, game.version, "annul_no_score", director)
    assert moves > 20
    item = OutboxItem.objects.get()
    assert item.state == OutboxItem.State.QUEUED and item.path.endswith("/resultats/")
    outbox.deliver()
    item.refresh_from_db()
    assert item.state == OutboxItem.State.ACCEPTED
    assert [m.row.total for m in merge.standings(simultane)] == [0]
    # a ballot entered after the end: the results are queued again and merged
    game = Game.objects.get(pk=game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        ballots.enter_ballot(game.pk, reg.pk, 1, "top", 0, director)
    item.refresh_from_db()
    assert item.state == OutboxItem.State.QUEUED
    outbox.deliver()
    top = game.record["moves"][0]["top"]["score"]
    assert [m.row.total for m in merge.standings(simultane)] == [top]
