"""Seed 004, 5.3 and 5.2 (issue 33, item 9): a word accepted on appeal gives a ballot more
than the retained top (70 on a top of 18). The chief's screen says at once that the top is
now wrong and offers the annulment of the move (5.2) while it is still possible; the
standings and the prints mark the move until the chief decides: annul it, or keep the
points with a reason (recorded, audited)."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import appeals, services
from arbitre.app.duplicate.models import AnnulledBallot, AuditEntry, BallotEntry, KeptAboveTop
from arbitre.app.duplicate.services import ServiceError
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move, post_ballot

pytestmark = pytest.mark.django_db

WARNING = (
    "TH1, coup 1 : 70 points accordés sur recours, au-dessus du top (18) : "
    "le top est désormais faux"
)
MARK = "TH1, coup 1 : top dépassé sur appel, décision de l'arbitre en attente"


def text(response: Any) -> str:
    return html.unescape(response.content.decode())


def appeal_above_the_top(event: Any, director: Any) -> tuple[Client, Any]:
    """Top H4 MAISON 18; table 1 plays H4 MAISONE 70 (refused: missing from the list), table
    2 the top; the chief accepts MAISONE on appeal from the screen of TH1."""
    play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    assert post_ballot(a, event, 1, "H4 MAISONE 70").json()["score"] == 0
    post_ballot(a, event, 2, "top")
    chief = login("directrice", "Tournoi-2026!")
    page = chief.post(
        f"/duplicate/{event.event_id}/recours/",
        {"word": "maisone", "reason": "ODS en vigueur", "next": "1"},
        follow=True,
    )
    return chief, page


def test_004_5_3_the_chief_screen_says_at_once_that_the_top_is_wrong(
    event: Any, director: Any
) -> None:
    chief, page = appeal_above_the_top(event, director)
    shown = text(page)
    assert page.request["PATH_INFO"] == f"/duplicate/{event.event_id}/partie/1/ja/"
    # the message of the appeal itself, and the standing warning of the screen
    assert shown.count(WARNING) == 2
    assert 'id="above-top"' in shown and "Table : 1." in shown
    # the move is the last one played, the next draw not made: the annulment is offered
    assert 'class="annul-above-top"' in shown and "Garder ces points" in shown
    # a later visit shows it still, until the chief decides
    assert WARNING in text(chief.get(f"/duplicate/{event.event_id}/partie/1/ja/"))


def test_004_5_3_standings_and_prints_mark_the_move_until_the_chief_decides(
    event: Any, director: Any
) -> None:
    chief, _ = appeal_above_the_top(event, director)
    eid = event.event_id
    player = event.players.get(table=1)
    data = Client().get(f"/public/duplicate/{eid}/classement.json").json()
    flags = {r["licence"]: r.get("above_top", False) for r in data["standings"]}
    assert flags[player.licence] and sum(flags.values()) == 1
    assert data["above_top"] == [{"game": "TH1", "move": 1}]
    public = text(Client().get(f"/public/duplicate/{eid}/"))
    assert MARK in public and 'class="above-top-mark"' in public
    for url in (
        f"/duplicate/{eid}/imprimer/classement/",
        f"/duplicate/{eid}/partie/1/imprimer/",
        f"/duplicate/{eid}/imprimer/joueur/{player.licence}/",
    ):
        printed = text(chief.get(url))
        assert MARK in printed and "70 points pour un top de 18" in printed, url
        assert '<span class="above-top-mark">*</span>' in printed, url
    # the other player's sheet has no such move
    other = event.players.get(table=2).licence
    assert MARK not in text(chief.get(f"/duplicate/{eid}/imprimer/joueur/{other}/"))


def test_004_5_2_the_chief_annuls_the_move_and_the_mark_goes(event: Any, director: Any) -> None:
    """5.2: the move's points are cancelled, its letters go back, seven new letters are
    drawn; its ballots are kept as annulled, so no score is above any top any more."""
    chief, _ = appeal_above_the_top(event, director)
    game = event.games.get(number=1)
    page = chief.post(
        f"/duplicate/{event.event_id}/partie/1/ja/",
        {"action": "annul_move", "value": "top dépassé sur recours (5.3)", "version": game.version},
        follow=True,
    )
    assert WARNING not in text(page) and 'id="above-top"' not in text(page)
    engine = services.engine_of(event.games.get(number=1))
    assert (engine.total, engine.move_number, engine.phase) == (0, 1, "draw")
    assert not BallotEntry.objects.exists()
    assert sorted(AnnulledBallot.objects.values_list("score", flat=True)) == [18, 70]
    assert appeals.pending(event) == []
    printed = text(chief.get(f"/duplicate/{event.event_id}/imprimer/classement/"))
    assert MARK not in printed
    logged = AuditEntry.objects.get(action="Annulation du coup (5.2)")
    assert logged.reason == "top dépassé sur recours (5.3)"


def test_004_5_2_after_the_next_draw_the_annulment_is_no_longer_offered(
    event: Any, director: Any
) -> None:
    chief, _ = appeal_above_the_top(event, director)
    game = event.games.get(number=1)
    services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSE")
    shown = text(chief.get(f"/duplicate/{event.event_id}/partie/1/ja/"))
    assert WARNING in shown and 'class="annul-above-top"' not in shown
    assert "L'annulation du coup (5.2) n'est plus possible" in shown
    assert "Garder ces points" in shown


def test_the_chief_keeps_the_points_the_mark_is_cleared_and_the_decision_audited(
    event: Any, director: Any
) -> None:
    chief, _ = appeal_above_the_top(event, director)
    url = f"/duplicate/{event.event_id}/recours/top-garde/"
    refused = chief.post(url, {"game": "1", "move": "1", "reason": " ", "next": "1"}, follow=True)
    assert "Donnez le motif de la décision." in text(refused)
    assert not KeptAboveTop.objects.exists()
    kept = chief.post(
        url, {"game": "1", "move": "1", "reason": "mot valide, top gardé", "next": "1"}, follow=True
    )
    shown = text(kept)
    assert "les 70 points au-dessus du top (18) sont gardés" in shown
    assert WARNING not in shown and 'id="above-top"' not in shown
    decision = KeptAboveTop.objects.get()
    assert (decision.move_number, decision.top_move, decision.score) == (1, "H4 MAISON", 70)
    assert decision.decided_by == director
    logged = AuditEntry.objects.get(action="Score au-dessus du top gardé (5.2, 5.3)")
    assert (logged.target, logged.reason) == ("TH1 coup 1", "mot valide, top gardé")
    assert (logged.before, logged.after) == ({"top": 18}, {"score": 70})
    # the journal words it
    journal = text(chief.get(f"/duplicate/{event.event_id}/"))
    assert "Score au-dessus du top gardé (5.2, 5.3)" in journal and "TH1 coup 1" in journal
    # the standings and the prints no longer mark the move; the points stay
    assert MARK not in text(chief.get(f"/duplicate/{event.event_id}/imprimer/classement/"))
    assert BallotEntry.objects.get(registration__table=1).score == 70
    # nothing left to decide on that move
    with pytest.raises(ServiceError, match="Aucun score au-dessus du top"):
        appeals.keep(event, event.games.get(number=1), 1, "encore", director)


def test_only_the_director_decides(event: Any, director: Any) -> None:
    appeal_above_the_top(event, director)
    arbiter = login("arbitre-a", "Arbitrage-2026")
    url = f"/duplicate/{event.event_id}/recours/top-garde/"
    assert arbiter.post(url, {"game": "1", "move": "1", "reason": "x"}).status_code == 403
    assert not KeptAboveTop.objects.exists()


def test_004_5_3_a_ballot_entered_above_the_top_after_the_appeal_reaches_the_chief_at_once(
    event: Any, director: Any
) -> None:
    """The word accepted before any ballot used it: the ballot entered later scores above
    the top; the game's version changes (the chief's screen reloads with it) and the screen
    says so."""
    play_first_move(event, director)
    chief = login("directrice", "Tournoi-2026!")
    chief.post(f"/duplicate/{event.event_id}/recours/", {"word": "maisone", "reason": "ODS"})
    version = event.games.get(number=1).version
    a = login("arbitre-a", "Arbitrage-2026")
    assert post_ballot(a, event, 1, "H4 MAISONE 70").json()["score"] == 70
    assert event.games.get(number=1).version == version + 1
    assert WARNING in text(chief.get(f"/duplicate/{event.event_id}/partie/1/ja/"))
    # a ballot within the top changes nothing
    post_ballot(a, event, 2, "top")
    assert event.games.get(number=1).version == version + 1
