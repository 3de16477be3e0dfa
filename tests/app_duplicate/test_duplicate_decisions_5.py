"""Seed 004, chapter 5 on the chief arbiter's screen: annulling a move (5.2) and accepting a
word on appeal (5.3), through the services and the pages."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import ballots, services
from arbitre.app.duplicate.models import (
    AcceptedWord,
    AnnulledBallot,
    AuditEntry,
    BallotEntry,
    Game,
)
from arbitre.app.duplicate.services import ServiceError
from arbitre.scrabble.tiles import BLANK
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move, post_ballot

pytestmark = pytest.mark.django_db


def state(dup: Any) -> dict[str, Any]:
    return Client().get(f"/public/duplicate/{dup.event_id}/partie/1/etat.json").json()


def test_004_5_2_annulled_move_cancels_its_points_and_puts_every_tile_back(
    event: Any, director: Any
) -> None:
    """5.2: the move's points are cancelled, all its letters, the previous leave included,
    go back to the bag, and seven new letters are drawn; the annulment is recorded."""
    game = play_first_move(event, director)  # AIMNOSE, H4 MAISON: leave E
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSE")
    game = services.chief_action(game.pk, game.version, "reveal", director)
    second_total = services.engine_of(game).total
    assert second_total > 18
    game = services.chief_action(game.pk, game.version, "annul_move", director, "mot mal accepté")
    engine = services.engine_of(game)
    assert engine.total == 18 and engine.move_number == 2 and engine.hand == ""
    assert engine.phase == "draw" and len(engine.moves) == 1
    # every tile not on the board is in the bag: the leave E and the six drawn came back
    on_board = "".join(BLANK if t.islower() else t for _, _, t in engine.board.tiles())
    assert Counter(engine.bag.tiles()) == Counter(engine.initial_tiles) - Counter(on_board)
    # the game record keeps the annulled move, its draw and the reason
    attempt = game.record["pending"]["attempts"][-1]
    assert attempt["outcome"] == "annulled" and attempt["reason"] == "mot mal accepté"
    assert (attempt["leave"], attempt["drawn"]) == ("E", "TRUSSE")
    assert attempt["top"]["score"] == second_total - 18
    logged = AuditEntry.objects.get(action="Annulation du coup (5.2)")
    assert logged.reason == "mot mal accepté" and logged.user == director
    # seven new letters: an entered draw of six is refused, seven accepted
    with pytest.raises(ServiceError, match="le tirage en demande 7"):
        services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSE")
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSEE")
    assert services.engine_of(game).leave == ""


def test_004_5_2_ballots_of_an_annulled_move_are_kept_as_annulled(
    event: Any, director: Any
) -> None:
    game = play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    post_ballot(a, event, 1, "top")
    post_ballot(a, event, 2, "H4 MAISON 20")
    game = services.chief_action(game.pk, game.version, "annul_move", director, "chronométrage")
    assert not BallotEntry.objects.exists()
    kept = list(AnnulledBallot.objects.order_by("registration__table"))
    assert [(k.registration.table, k.move_number, k.attempt, k.text, k.score) for k in kept] == [
        (1, 1, 1, "top", 18),
        (2, 1, 1, "H4 MAISON 20", 18),
    ]
    assert AuditEntry.objects.filter(action="Bulletin d'un coup annulé (5.2)").count() == 2
    # out of the standings: the move no longer exists
    data = Client().get(f"/public/duplicate/{event.event_id}/classement.json").json()
    assert {r["total"] for r in data["standings"]} == {0}
    # the move replayed gets its own ballots
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE")
    game = services.chief_action(game.pk, game.version, "reveal", director)
    assert post_ballot(a, event, 1, "H4 MAISON 18").json()["score"] == 18
    # undoing a later step does not bring the annulled ballots back...
    assert AnnulledBallot.objects.count() == 2


def test_004_5_2_undoing_the_annulment_brings_its_ballots_back(event: Any, director: Any) -> None:
    game = play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    post_ballot(a, event, 1, "top")
    game = services.chief_action(game.pk, game.version, "annul_move", director, "erreur")
    game = services.chief_action(game.pk, game.version, "undo", director)
    assert services.engine_of(game).total == 18
    assert BallotEntry.objects.get().score == 18 and not AnnulledBallot.objects.exists()


def test_004_5_2_only_the_move_just_played_can_be_annulled(event: Any, director: Any) -> None:
    """The annulment is of the move at issue, before the next draw."""
    game = Game.objects.get(duplicate=event)
    with pytest.raises(ServiceError, match="^Aucun coup à annuler"):
        services.chief_action(game.pk, game.version, "annul_move", director, "x")
    game = play_first_move(event, director)
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSE")
    with pytest.raises(ServiceError):
        services.chief_action(game.pk, game.version, "annul_move", director, "x")


def test_004_5_2_chief_screen_offers_the_annulment_with_a_confirmation(
    event: Any, director: Any
) -> None:
    play_first_move(event, director)
    client = login("directrice", "Tournoi-2026!")
    url = f"/duplicate/{event.event_id}/partie/1/ja/"
    page = client.get(url).content.decode()
    assert "Annuler le coup 1 (5.2)" in page and "sept nouvelles lettres" in page
    client.post(url, {"action": "annul_move", "value": "épellation", "version": 2})
    assert state(event)["total"] == 0 and "last" not in state(event)


# -- 5.3 ------------------------------------------------------------------------------------


def test_004_5_3_word_accepted_on_appeal_rejudges_every_ballot_with_it(
    event: Any, director: Any
) -> None:
    """5.3: a player appeals; the arbitration accepts MAISONE (say, missing from the list):
    every ballot refused for that word is judged again, the acceptance is recorded."""
    play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    b = login("arbitre-b", "Arbitrage-2026")
    refused = post_ballot(a, event, 1, "H4 MAISONE 70").json()
    assert refused["sanction"]["code"] == "invalid_word" and refused["score"] == 0
    post_ballot(b, event, 11, "H4 MAISONE 70")
    post_ballot(b, event, 12, "H4 NAMOS 20")  # another word: untouched
    count = ballots.accept_word(event, "maisone", "ODS en vigueur, page 420", director)
    assert count == 2
    assert {
        e.registration.table: (e.score, e.decision["sanction"]["code"], e.version)
        for e in BallotEntry.objects.select_related("registration")
    } == {1: (70, "none", 2), 11: (70, "none", 2), 12: (0, "invalid_word", 1)}
    accepted = AcceptedWord.objects.get()
    assert (accepted.word, accepted.reason, accepted.accepted_by) == (
        "MAISONE",
        "ODS en vigueur, page 420",
        director,
    )
    assert AuditEntry.objects.filter(action="Bulletin rejugé (recours)").count() == 2
    logged = AuditEntry.objects.get(action="Mot accepté sur recours (5.3)")
    assert (logged.target, logged.reason) == ("MAISONE", "ODS en vigueur, page 420")
    # from now on a new ballot with the word is valid too
    assert post_ballot(a, event, 2, "H4 MAISONE 70").json()["sanction"]["kind"] == "none"


def test_004_5_3_appeal_refusals(event: Any, director: Any) -> None:
    with pytest.raises(ServiceError, match="motif"):
        ballots.accept_word(event, "MAISONE", "  ", director)
    with pytest.raises(ServiceError, match="de 2 à 15 lettres"):
        ballots.accept_word(event, "MAISON NE", "x", director)
    with pytest.raises(ServiceError, match="déjà dans la liste"):
        ballots.accept_word(event, "maison", "x", director)
    ballots.accept_word(event, "MAISONE", "x", director)
    with pytest.raises(ServiceError, match="déjà accepté"):
        ballots.accept_word(event, "MAISONE", "y", director)


def test_004_5_3_appeal_from_the_chief_screen(event: Any, director: Any) -> None:
    play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    post_ballot(a, event, 1, "H4 MAISONE 70")
    client = login("directrice", "Tournoi-2026!")
    page = client.post(
        f"/duplicate/{event.event_id}/recours/",
        {"word": "maisone", "reason": "ODS", "next": "1"},
        follow=True,
    ).content.decode()
    assert "MAISONE accepté sur recours : 1 bulletin rejugé." in page
    assert "Mots acceptés sur recours : MAISONE" in page
    none = client.post(
        f"/duplicate/{event.event_id}/recours/", {"word": "tiser", "reason": "ODS"}, follow=True
    ).content.decode()
    assert "TISER accepté sur recours : 0 bulletin rejugé." in none  # French: 0 is singular
    refused = client.post(
        f"/duplicate/{event.event_id}/recours/", {"word": "", "reason": ""}, follow=True
    ).content.decode()
    assert "de 2 à 15 lettres" in refused


def test_arbiters_progress_counters_are_live(event: Any, director: Any) -> None:
    """Issue 21, part 4: every arbiter's entry page polls the progress of the move."""
    play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    page = a.get(f"/duplicate/{event.event_id}/partie/1/saisie/?coup=1").content.decode()
    url = f"/duplicate/{event.event_id}/partie/1/saisie/progression.json?coup=1"
    assert f'data-url="{url}"' in page
    assert a.get(url).json()["progress"] == [
        {"arbiter": "arbitre-a", "done": 0, "total": 10},
        {"arbiter": "arbitre-b", "done": 0, "total": 10},
    ]
    b = login("arbitre-b", "Arbitrage-2026")
    post_ballot(b, event, 11, "top")
    post_ballot(b, event, 12, "top")
    assert a.get(url).json()["progress"][1] == {"arbiter": "arbitre-b", "done": 2, "total": 10}
    assert Client().get(url).status_code == 302  # not public


# -- players edited before and during the event (issue 21, part 1) ---------------------------


def _player_form(**changes: Any) -> dict[str, Any]:
    data = {"licence": "1003", "name": "JOUEUR03", "first_name": "Test", "table": 3}
    return {**data, **changes}


def test_a_director_edits_a_player_during_the_event(event: Any, director: Any) -> None:
    play_first_move(event, director)
    post_ballot(login("arbitre-a", "Arbitrage-2026"), event, 3, "top")
    d = login("directrice", "Tournoi-2026!")
    url = f"/duplicate/{event.event_id}/joueurs/modifier/1003"
    assert 'value="JOUEUR03"' in d.get(url).content.decode()
    page = d.post(url, _player_form(name="DURAND", club="Vichy"), follow=True).content.decode()
    assert "Joueur enregistré." in page
    reg = event.players.get(licence="1003")
    assert (reg.name, reg.club, reg.ballots.get().score) == ("DURAND", "Vichy", 18)
    logged = AuditEntry.objects.get(action="Joueur modifié")
    assert (logged.target, logged.before, logged.after) == (
        "1003",
        {"name": "JOUEUR03", "club": "", "series": 1, "category": "V"},
        {"name": "DURAND", "club": "Vichy", "series": None, "category": ""},
    )
    # a table or a licence already taken is refused with the reason, nothing changed
    refused = d.post(url, _player_form(table=4)).content.decode()
    assert "La table 4 est déjà prise." in refused
    refused = d.post(url, _player_form(licence="1004")).content.decode()
    assert "La licence 1004 est déjà inscrite." in refused
    assert event.players.get(licence="1003").table == 3


def test_a_player_who_played_cannot_be_removed(event: Any, director: Any) -> None:
    play_first_move(event, director)
    post_ballot(login("arbitre-a", "Arbitrage-2026"), event, 3, "top")
    d = login("directrice", "Tournoi-2026!")
    refused = d.post(f"/duplicate/{event.event_id}/joueurs/modifier/1003", {"action": "delete"})
    assert "a des bulletins saisis" in refused.content.decode()
    assert event.players.filter(licence="1003").exists()
    d.post(f"/duplicate/{event.event_id}/joueurs/modifier/1004", {"action": "delete"})
    assert not event.players.filter(licence="1004").exists()
    assert AuditEntry.objects.get(action="Joueur retiré").target == "1004"


def test_tables_given_to_an_arbiter_in_french_plural(event: Any, director: Any) -> None:
    d = login("directrice", "Tournoi-2026!")
    url = f"/duplicate/{event.event_id}/arbitres/"
    one = d.post(url, {"username": "arbitre-a", "tables": "4"}, follow=True).content.decode()
    assert "Table 4 (1 joueur) attribuée à arbitre-a." in one
    none = d.post(url, {"username": "arbitre-a", "tables": "40"}, follow=True).content.decode()
    assert "Table 40 (0 joueur) attribuée à arbitre-a." in none  # French: 0 is singular
    empty = d.post(url, {"username": "arbitre-a", "tables": "40-41"}, follow=True)
    assert "Tables 40 à 41 (0 joueur) attribuées à arbitre-a." in empty.content.decode()
    two = d.post(url, {"username": "arbitre-a", "tables": "4-5"}, follow=True).content.decode()
    assert "Tables 4 à 5 (2 joueurs) attribuées à arbitre-a." in two


def test_entering_a_ballot_and_reading_the_game_leave_the_undo_stack_unread(
    event: Any, director: Any
) -> None:
    """The undo stack (up to 30 earlier records of the game) is read by the chief's undo
    only: a ballot entered, the entry page and the public state never select it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = play_first_move(event, director)
    assert Game.objects.filter(pk=game.pk).values_list("undo_stack", flat=True).get()
    a = login("arbitre-a", "Arbitrage-2026")
    with CaptureQueriesContext(connection) as read:
        post_ballot(a, event, 1, "top")
        assert a.get(f"/duplicate/{event.event_id}/partie/1/saisie/").status_code == 200
        state(event)
    assert read.captured_queries and not any(
        "undo_stack" in q["sql"] for q in read.captured_queries
    )
    game = Game.objects.get(pk=game.pk)
    game = services.chief_action(game.pk, game.version, "undo", director)  # it still works
    assert services.engine_of(game).moves == []
