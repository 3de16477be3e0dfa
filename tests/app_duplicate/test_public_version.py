"""The version of what a Duplicate event's public pages show (issue 37,
:mod:`arbitre.app.duplicate.changes`): every kind of write that changes those pages moves it
on, in the write's own transaction; a read never does; a refused write leaves it; reading it
is one query on the event's row, whatever the number of ballots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from arbitre.app.duplicate import appeals, ballots, changes, checkin, services, setup
from arbitre.app.duplicate.models import BallotEntry, DuplicateEvent, Game, Registration
from arbitre.app.duplicate.services import ServiceError
from arbitre.app.events import live
from arbitre.app.events.models import Event
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move

pytestmark = pytest.mark.django_db


def version(dup: Any) -> str:
    found = changes.version(dup.event_id)
    assert found is not None
    return found


def moves_on(dup: Any, write: Callable[[], object]) -> None:
    """``write()`` changes the version; the public standings' JSON answers 200 with a new
    ETag to a phone holding the previous one (the pages follow the version)."""
    url = f"/public/duplicate/{dup.event_id}/classement.json"
    live.clear()
    tag = Client().get(url)["ETag"]
    assert Client().get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    before = version(dup)
    write()
    assert version(dup) != before
    live.clear()  # (the gate's answers of this process: another process has none)
    again = Client().get(url, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 200 and again["ETag"] != tag


def first_player(dup: Any) -> Registration:
    return Registration.objects.get(duplicate=dup, table=1)


def enter(dup: Any, reg: Registration, text: str, user: Any, move: int = 1) -> None:
    game = dup.games.get(number=1)
    existing = BallotEntry.objects.filter(game=game, registration=reg, move_number=move).first()
    ballots.enter_ballot(game.pk, reg.pk, move, text, existing.version if existing else 0, user)


# -- each kind of write ------------------------------------------------------------------------


def test_a_ballot_entered_moves_the_version_on(event: Any, director: Any) -> None:
    play_first_move(event, director)
    with CaptureQueriesContext(connection) as captured:
        moves_on(event, lambda: enter(event, first_player(event), "top", director))
    # once: the service's own touch, not again by the ballot's signal (ten ballots a second)
    writes = [q["sql"] for q in captured.captured_queries]
    assert sum(q.startswith('UPDATE "duplicate_duplicateevent"') for q in writes) == 1
    # a ballot saved outside the services moves it on through its signal
    game = event.games.get(number=1)
    other = Registration.objects.get(duplicate=event, table=2)
    top = BallotEntry.objects.get(registration=first_player(event))
    moves_on(
        event,
        lambda: BallotEntry.objects.create(
            game=game,
            registration=other,
            move_number=1,
            text="top",
            decision=top.decision,
            score=top.score,
        ),
    )


def test_a_ballot_corrected_moves_the_version_on(event: Any, director: Any) -> None:
    play_first_move(event, director)
    enter(event, first_player(event), "top", director)
    # (a correction is an SQL update of the ballot: no model signal)
    moves_on(event, lambda: enter(event, first_player(event), "5", director))


def test_a_sanction_moves_the_version_on(event: Any, director: Any) -> None:
    play_first_move(event, director)
    enter(event, first_player(event), "top", director)
    moves_on(event, lambda: enter(event, first_player(event), "top +disc", director))
    entry = BallotEntry.objects.get(registration=first_player(event))
    assert entry.decision != {} and entry.text == "top +disc"


def test_a_ballot_deleted_moves_the_version_on(event: Any, director: Any) -> None:
    """The move annulled (5.2) takes its ballots out of the scores; the undo deletes them."""
    game = play_first_move(event, director)
    enter(event, first_player(event), "top", director)
    moves_on(
        event,
        lambda: services.chief_action(game.pk, game.version, "annul_move", director, "erreur"),
    )
    assert not BallotEntry.objects.filter(game=game).exists()
    game = Game.objects.get(pk=game.pk)
    moves_on(event, lambda: services.chief_action(game.pk, game.version, "undo", director))
    assert BallotEntry.objects.filter(game=game).count() == 1  # the annulment undone
    game = Game.objects.get(pk=game.pk)
    moves_on(event, lambda: services.chief_action(game.pk, game.version, "undo", director))


def test_a_draw_and_a_move_announced_move_the_version_on(event: Any, director: Any) -> None:
    game = event.games.get(number=1)
    moves_on(
        event,
        lambda: services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE"),
    )
    game = Game.objects.get(pk=game.pk)
    moves_on(event, lambda: services.chief_action(game.pk, game.version, "start_timer", director))
    game = Game.objects.get(pk=game.pk)
    moves_on(event, lambda: services.chief_action(game.pk, game.version, "reveal", director))


def test_the_end_of_a_game_moves_the_version_on(event: Any, director: Any) -> None:
    """A bag of MAISON alone: the move revealed ends the game (seed 004, 2.7)."""
    from arbitre.duplicate.draws import Bag
    from arbitre.duplicate.game import DuplicateGame
    from arbitre.duplicate.record import to_record

    engine = DuplicateGame(services.lexicon_of(event), random_draws=False, bag=Bag.of("MAISON"))
    engine.draw("MAISON")
    game = event.games.get(number=1)
    Game.objects.filter(pk=game.pk).update(record=to_record(engine))
    game = Game.objects.get(pk=game.pk)
    moves_on(event, lambda: services.chief_action(game.pk, game.version, "reveal", director))
    assert services.engine_of(Game.objects.get(pk=game.pk)).phase == "over"


def test_the_check_in_moves_the_version_on(event: Any, director: Any) -> None:
    players = list(event.players.order_by("table"))
    moves_on(
        event, lambda: checkin.declare(event, players[0].pk, players[0].licence)
    )  # a player's own check-in from a phone
    moves_on(event, lambda: checkin.confirm(event, {p.pk for p in players[1:]}, director))


def test_late_arrivals_withdrawals_and_players_move_the_version_on(
    event: Any, director: Any
) -> None:
    game = play_first_move(event, director)
    players = list(event.players.order_by("table"))
    moves_on(event, lambda: setup.mark_late(game, players[0], 2, director))
    moves_on(event, lambda: setup.withdraw_player(event, players[1], 1, 2, "malade", director))
    moves_on(event, lambda: setup.cancel_withdrawal(event, players[1], director))
    moves_on(
        event,
        lambda: setup.update_player(
            event, players[2], {"licence": players[2].licence, "club": "Vichy"}, director
        ),
    )
    moves_on(
        event,
        lambda: setup.add_player(
            event, {"licence": "9999", "name": "NOUVEAU", "table": 21}, director
        ),
    )
    moves_on(event, lambda: setup.remove_player(event, event.players.get(licence="9999"), director))


def test_a_word_accepted_and_a_score_kept_on_appeal_move_the_version_on(
    event: Any, director: Any
) -> None:
    game = play_first_move(event, director)
    moves_on(event, lambda: ballots.accept_word(event, "SAMOIEN", "Dictionnaire", director))
    moves_on(event, lambda: enter(event, first_player(event), "top", director))
    found = appeals.pending(event)
    if found:  # (a ballot above the top: the chief keeps it, 5.3)
        moves_on(event, lambda: appeals.keep(event, game, 1, "gardé", director))


def test_the_events_name_moves_the_version_on(event: Any) -> None:
    def rename() -> None:
        row = Event.objects.get(pk=event.event_id)
        row.name = "Festival de Vichy"
        row.save()

    moves_on(event, rename)


# -- what does not move it ------------------------------------------------------------------


def test_reading_every_page_leaves_the_version_alone(event: Any, director: Any) -> None:
    play_first_move(event, director)
    enter(event, first_player(event), "top", director)
    before = version(event)
    e = event.event_id
    chief = login("directrice", "Tournoi-2026!")
    arbiter = login("arbitre-a", "Arbitrage-2026")
    for client, url in [
        (Client(), f"/public/duplicate/{e}/"),
        (Client(), f"/public/duplicate/{e}/classement.json"),
        (Client(), f"/public/duplicate/{e}/salle.json"),
        (Client(), f"/public/duplicate/{e}/partie/1/"),
        (Client(), f"/public/duplicate/{e}/partie/1/etat.json"),
        (Client(), f"/public/duplicate/{e}/joueur/{first_player(event).licence}/"),
        (chief, f"/duplicate/{e}/partie/1/ja/"),
        (chief, f"/evenement/{e}/direction/etat/"),
        (arbiter, f"/duplicate/{e}/partie/1/saisie/"),
    ]:
        assert client.get(url).status_code == 200, url
    assert version(event) == before


def test_a_refused_write_leaves_the_version_alone(event: Any, director: Any) -> None:
    """The version moves in the write's transaction: a ballot refused rolls it back."""
    play_first_move(event, director)
    before = version(event)
    with pytest.raises(ServiceError):
        enter(event, first_player(event), "top", director, move=2)  # not played yet
    with pytest.raises(ServiceError):
        enter(event, first_player(event), "", director)
    assert version(event) == before


def test_an_instance_read_before_a_change_does_not_take_the_version_back(event: Any) -> None:
    stale = DuplicateEvent.objects.get(pk=event.pk)
    changes.touch(event)
    moved = version(event)
    stale.solo_min_players = 12
    stale.save()
    assert version(event) != moved  # (its own save is a change too)
    row = DuplicateEvent.objects.get(pk=event.pk)
    assert row.solo_min_players == 12 and row.public_version > stale.public_version


def test_reading_the_version_is_one_query_on_the_events_row(event: Any, director: Any) -> None:
    play_first_move(event, director)
    for reg in event.players.all():
        enter(event, reg, "top", director)
    with CaptureQueriesContext(connection) as queries:
        version(event)
    assert len(queries) == 1
    sql = queries[0]["sql"].lower()
    assert "duplicate_duplicateevent" in sql
    assert "ballot" not in sql and "count(" not in sql and "join" not in sql
