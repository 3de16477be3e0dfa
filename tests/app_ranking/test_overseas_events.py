"""Overseas events (issue 33, item 4; seed 002, A.5): an event run in Arbitre is marked
overseas in its closing form, its club's upload and its own export; a ranked event is
corrected afterwards by the officer. A.5: "Le M de ces tournois est au moins égal à 100
(il est porté à 100 si le M calculé est inférieur)"; the points of the overseas events
"sont multipliés par 2 en fin de saison" for the players licensed and living overseas."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move, post_ballot
from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db

WINNER = "1002"


def played(event: Any, director: Any, overseas_resident: bool = True) -> Client:
    """18 players, one game by centres: M = ceil(18 x 2) = 36 (B.3.1-B.3.2) before A.5;
    the player of table 2 alone finds the top and wins M."""
    from arbitre.app.ranking.models import Licensee

    event.players.filter(licence__in=["1019", "1020"]).delete()
    Licensee.objects.create(
        licence=WINNER,
        name="JOUEUR02",
        series=5,
        tier="A",
        highest_series=5,
        overseas=overseas_resident,
    )
    play_first_move(event, director)
    post_ballot(login("arbitre-a", "Arbitrage-2026"), event, 2, "H4 MAISON")
    return login("directrice", "Tournoi-2026!")


def figures(licence: str = WINNER) -> tuple[int, int, int]:
    """M of the player's event, their season points and the overseas doubling."""
    from arbitre.app.ranking.models import Standing

    x = Standing.objects.get(licence=licence).explanation
    return x["events"][0]["M"], x["points"]["season"], x["points"]["overseas_doubling"]


def test_002_A5_the_closing_form_marks_an_event_overseas(event: Any, director: Any) -> None:
    from arbitre.app.ranking.models import RankedEvent

    d = played(event, director)
    url = f"/federation/duplicate/{event.event_id}/cloture/"
    assert 'name="overseas"' in d.get(url).content.decode()
    confirmed(d, d.post(url, {"type_code": "CENTRES", "overseas": "on"}))
    assert RankedEvent.objects.get().overseas
    # M raised from 36 to 100; the overseas resident's 100 points doubled before the decay
    assert figures() == (100, 100, 100)
    event.refresh_from_db()
    assert event.overseas and event.ranking_type == "CENTRES"  # remembered for its export
    # the form shows it checked when it comes back
    assert 'name="overseas" id="id_overseas" checked' in d.get(url).content.decode()


def test_002_A5_a_player_not_living_overseas_gets_m_100_but_no_doubling(
    event: Any, director: Any
) -> None:
    d = played(event, director, overseas_resident=False)
    confirmed(
        d,
        d.post(
            f"/federation/duplicate/{event.event_id}/cloture/",
            {"type_code": "CENTRES", "overseas": "on"},
        ),
    )
    assert figures() == (100, 100, 0)


def test_002_A5_an_event_not_marked_keeps_its_m(event: Any, director: Any) -> None:
    d = played(event, director)
    confirmed(
        d, d.post(f"/federation/duplicate/{event.event_id}/cloture/", {"type_code": "CENTRES"})
    )
    assert figures() == (36, 36, 0)


def test_002_A5_its_own_export_and_its_import_carry_the_mark(event: Any, director: Any) -> None:
    from arbitre.app.federation.identity import event_uid
    from arbitre.app.ranking.models import RankedEvent

    d = played(event, director)
    settings = {
        "name": "Open test",
        "date": "2026-11-22",
        "games_planned": 1,
        "seconds_per_move": 180,
        "warning_seconds": 30,
        "solo_min_players": 16,
        "strong_until": 15,
        "ranking_type": "CENTRES",
        "overseas": "on",
    }
    d.post(f"/duplicate/{event.event_id}/reglages/", settings)
    event.refresh_from_db()
    assert (event.ranking_type, event.overseas) == ("CENTRES", True)
    text = d.get(f"/duplicate/{event.event_id}/export/resultats.csv").content.decode()
    header, first = text.splitlines()[:2]
    assert header.endswith(";type;parties;date;outremer;epreuve")
    assert first.split(";")[-5:] == ["CENTRES", "1", "2026-11-22", "oui", event_uid(event.event)]
    file = SimpleUploadedFile("resultats.csv", text.encode(), content_type="text/csv")
    confirmed(d, d.post("/federation/saison/", {"file": file, "name": "Open test"}))
    ranked = RankedEvent.objects.get()
    assert ranked.overseas and ranked.uid == event_uid(event.event)
    assert figures() == (100, 100, 100)


def test_002_A5_the_club_upload_carries_the_mark(event: Any, director: Any) -> None:
    from arbitre.app.federation import outbox, services
    from arbitre.app.federation.models import OutboxItem, Upload
    from arbitre.app.ranking.models import RankedEvent

    d = played(event, director)
    key = services.create_token(None, "Club de Cayenne")
    outbox.set_link("http://127.0.0.1:9", key)  # nobody listens: the item waits
    send = f"/duplicate/{event.event_id}/federation/"
    assert 'name="overseas"' in d.get(send).content.decode()
    d.post(send, {"type_code": "CENTRES", "overseas": "on"})
    item = OutboxItem.objects.get()
    body = {"uid": item.uid, "name": item.name, "date": item.date.isoformat(), "csv": item.payload}
    Client().post(
        "/api/federation/envois/",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )
    services.accept(director, Upload.objects.get())
    assert RankedEvent.objects.get().overseas
    assert figures() == (100, 100, 100)


def test_002_A5_the_officer_corrects_a_ranked_event_afterwards(event: Any, director: Any) -> None:
    from arbitre.app.ranking.models import RankedEvent, RankingAudit

    d = played(event, director)
    confirmed(
        d, d.post(f"/federation/duplicate/{event.event_id}/cloture/", {"type_code": "CENTRES"})
    )
    ranked = RankedEvent.objects.get()
    page = d.get(f"/federation/epreuves/{ranked.pk}/").content.decode()
    assert 'id="overseas-form"' in page
    url = f"/federation/epreuves/{ranked.pk}/outre-mer/"
    confirmed(d, d.post(url, {"overseas": "on", "reason": ""}))  # a correction needs its reason
    ranked.refresh_from_db()
    assert not ranked.overseas and figures() == (36, 36, 0)
    confirmed(d, d.post(url, {"overseas": "on", "reason": "Club de Cayenne"}))
    ranked.refresh_from_db()
    assert ranked.overseas and figures() == (100, 100, 100)
    record = RankingAudit.objects.get(action="Épreuve marquée outre-mer")
    assert (record.before, record.after, record.reason) == (
        {"overseas": False},
        {"overseas": True},
        "Club de Cayenne",
    )
    confirmed(d, d.post(url, {"reason": "Erreur de saisie"}))
    ranked.refresh_from_db()
    assert not ranked.overseas and figures() == (36, 36, 0)
    # a closed season is not corrected
    ranked.season.closed = True
    ranked.season.save()
    confirmed(d, d.post(url, {"overseas": "on", "reason": "Trop tard"}))
    ranked.refresh_from_db()
    assert not ranked.overseas
