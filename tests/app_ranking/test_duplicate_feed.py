"""A Duplicate event run in Arbitre feeds the federation's season when its director
closes it for the ranking (issue 20, part 2): no file in between, its own export's values
(event type, games, place with ties, licence, series, date) read by the ranking."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move, post_ballot
from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db


def test_002_B3_2_closing_a_duplicate_event_feeds_the_season(event: Any, director: Any) -> None:
    """A one-game event is a federal simultaneous (SF) unless the director says otherwise:
    M = 150 whatever the number of players (B.3.2); the winner scores M."""
    from arbitre.app.ranking.models import Licensee, RankedEvent, Standing

    Licensee.objects.create(licence="1002", name="JOUEUR02", series=2, tier="A", highest_series=2)
    play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    post_ballot(a, event, 2, "H4 MAISON")
    d = login("directrice", "Tournoi-2026!")
    url = f"/federation/duplicate/{event.event_id}/cloture/"
    assert "pas encore dans le classement" in d.get(url).content.decode()
    page = confirmed(d, d.post(url, {"type_code": ""}, follow=True)).content.decode()
    assert "Résultats transmis au classement de la saison 2026-2027." in page
    ranked = RankedEvent.objects.get()
    assert (ranked.type_code, ranked.games, str(ranked.date), ranked.source) == (
        "SF",
        1,
        "2026-11-22",
        "arbitre",
    )
    assert ranked.duplicate_event_id == event.event_id and ranked.rows.count() == 20
    winner = ranked.rows.get(place=1)
    assert (winner.licence, winner.series) == ("1002", 3)  # the series written at the event
    assert ranked.rows.filter(place=2).count() == 19  # the others tie at 0
    x = Standing.objects.get(licence="1002").explanation
    assert (x["events"][0]["M"], x["events"][0]["points"]) == (150, 150)
    # closed again as a TH... refused: a TH needs two games; as SF again: replaced, not added
    page = confirmed(d, d.post(url, {"type_code": "TH"}, follow=True)).content.decode()
    assert "TH" in page and RankedEvent.objects.get().pk == ranked.pk
    confirmed(d, d.post(url, {"type_code": "SF"}, follow=True))
    assert RankedEvent.objects.count() == 1
    # the other players' licences are listed for the officer, never dropped
    from arbitre.app.ranking.results import unknown_rows

    assert len(unknown_rows()) == 19
    assert Client().post(url, {"type_code": ""}).status_code == 302
