"""One event counted once (issue 33, item 6; seed 002 A.2: an official event gives its
points once in its season). A Duplicate event run in Arbitre reaches the federation's
season three ways: its director closes it for the ranking, its club uploads it, the
officer imports its export. Whatever the order, the season holds it once; the officer can
withdraw an event from a season, audited."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move, post_ballot
from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db

WINNER = "1002"


def season_points(licence: str = WINNER) -> int:
    from arbitre.app.ranking.models import Standing

    return int(Standing.objects.get(licence=licence).explanation["points"]["season"])


def texts(response: Any) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def played(event: Any, director: Any) -> Client:
    """18 players (M = 18 x 2 = 36 for one game by centres, seed 002 B.3.1-B.3.2); the
    player of table 2 alone finds the top and wins: 36 points. The director's client."""
    from arbitre.app.ranking.models import Licensee

    event.players.filter(licence__in=["1019", "1020"]).delete()
    Licensee.objects.create(licence=WINNER, name="JOUEUR02", series=5, tier="A", highest_series=5)
    play_first_move(event, director)
    post_ballot(login("arbitre-a", "Arbitrage-2026"), event, 2, "H4 MAISON")
    return login("directrice", "Tournoi-2026!")


def upload(event: Any, officer: Client) -> Any:
    """The club sends the event (its outbox's request, to the federation's API) and the
    officer accepts it on the uploads page; the response of the decision."""
    from arbitre.app.federation import outbox, services
    from arbitre.app.federation.models import Upload

    key = services.create_token(None, "Club de Vichy")
    outbox.set_link("http://127.0.0.1:9", key)
    item = outbox.enqueue(None, event.event)
    body = {"uid": item.uid, "name": item.name, "date": item.date.isoformat(), "csv": item.payload}
    sent = Client().post(
        "/api/federation/envois/",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )
    assert sent.status_code == 201
    pk = Upload.objects.get(uid=item.uid).pk
    return confirmed(
        officer,
        officer.post(f"/federation/envois/{pk}/decision/", {"action": "accept"}, follow=True),
    )


def import_export(event: Any, officer: Client) -> Any:
    """The officer downloads the event's export and imports it on the season page."""
    data = officer.get(f"/duplicate/{event.event_id}/export/resultats.csv").content
    file = SimpleUploadedFile("resultats.csv", data, content_type="text/csv")
    return confirmed(
        officer, officer.post("/federation/saison/", {"file": file, "name": "Open test (fichier)"})
    )


def test_issue33_closed_uploaded_and_imported_the_event_counts_once(
    event: Any, director: Any
) -> None:
    from arbitre.app.federation.models import Upload
    from arbitre.app.ranking.models import RankedEvent

    d = played(event, director)
    url = f"/federation/duplicate/{event.event_id}/cloture/"
    confirmed(d, d.post(url, {"type_code": "CENTRES"}))
    assert RankedEvent.objects.count() == 1
    assert season_points() == 36
    # the club's upload of the same event: merged into the event closed (same results),
    # accepted for the club, nothing added
    answer = upload(event, d)
    assert RankedEvent.objects.count() == 1 and season_points() == 36
    merged = Upload.objects.get()
    assert merged.status == Upload.Status.ACCEPTED
    assert merged.ranked_event == RankedEvent.objects.get()
    assert "envoi rattaché, elle ne compte qu'une fois" in merged.reason
    assert any("envoi rattaché" in t for t in texts(answer))
    # the import of its own export: refused, with the event that already counts
    refused = import_export(event, d)
    assert refused.status_code == 400
    assert RankedEvent.objects.count() == 1 and season_points() == 36
    page = refused.content.decode()
    assert "Cette épreuve est déjà dans la saison 2026-2027 : « Open test » du 22/11/2026" in page
    assert "Une épreuve ne compte qu&#x27;une fois" in page
    # closing it again replaces its own results: still once
    confirmed(d, d.post(url, {"type_code": "CENTRES"}))
    assert RankedEvent.objects.count() == 1 and season_points() == 36


def test_issue33_imported_first_then_closed_is_refused_too(event: Any, director: Any) -> None:
    """The other order: the export imported first, the closure is the second entry."""
    from arbitre.app.ranking.models import RankedEvent

    d = played(event, director)
    from arbitre.app.duplicate import setup

    setup.set_ranking(event, "CENTRES", False, director)
    assert import_export(event, d).status_code == 200  # confirmed
    assert season_points() == 36
    answer = confirmed(
        d,
        d.post(
            f"/federation/duplicate/{event.event_id}/cloture/",
            {"type_code": "CENTRES"},
            follow=True,
        ),
    )
    assert RankedEvent.objects.count() == 1 and season_points() == 36
    assert any("Cette épreuve est déjà dans la saison" in t for t in texts(answer))


def test_a_different_upload_of_a_ranked_event_is_refused(event: Any, director: Any) -> None:
    """Same event (its identity), other results: not merged, refused with the reason."""
    from arbitre.app.federation.models import Upload
    from arbitre.app.ranking.models import RankedEvent

    d = played(event, director)
    confirmed(
        d, d.post(f"/federation/duplicate/{event.event_id}/cloture/", {"type_code": "CENTRES"})
    )
    event.ranking_type = "SF"  # the club sends it as a federal simultaneous
    event.save()
    answer = upload(event, d)
    assert Upload.objects.get().status == Upload.Status.PENDING
    assert RankedEvent.objects.count() == 1 and season_points() == 36
    assert any("Cette épreuve est déjà dans la saison 2026-2027" in t for t in texts(answer))


def test_the_officer_withdraws_an_event_from_its_season_audited(event: Any, director: Any) -> None:
    from arbitre.app.ranking.models import RankedEvent, RankingAudit, Standing

    d = played(event, director)
    confirmed(
        d, d.post(f"/federation/duplicate/{event.event_id}/cloture/", {"type_code": "CENTRES"})
    )
    ranked = RankedEvent.objects.get()
    url = f"/federation/epreuves/{ranked.pk}/retrait/"
    assert 'id="withdraw-link"' in d.get(f"/federation/epreuves/{ranked.pk}/").content.decode()
    assert f'href="{url}" class="withdraw"' in d.get("/federation/saison/").content.decode()
    question = d.get(url).content.decode()
    assert "Retirer « Open test » du 22/11/2026 de la saison 2026-2027 ?" in question
    assert "Ses résultats (18 joueurs) ne compteront plus" in question
    # no reason: refused, nothing withdrawn
    answer = confirmed(d, d.post(url, {"reason": "  "}, follow=True))
    assert RankedEvent.objects.count() == 1
    assert any("Donnez le motif" in t for t in texts(answer))
    answer = confirmed(d, d.post(url, {"reason": "Épreuve non homologuée"}, follow=True))
    assert not RankedEvent.objects.exists()
    assert any(
        "Épreuve « Open test » retirée de la saison 2026-2027 : ses résultats ne comptent plus" in t
        for t in texts(answer)
    )
    record = RankingAudit.objects.get(action="Épreuve retirée de la saison")
    assert record.reason == "Épreuve non homologuée"
    assert record.before["rows"] == 18 and record.before["type"] == "CENTRES"
    assert not Standing.objects.filter(licence=WINNER, points__gt=0).exists()
    # other users may not
    assert Client().get(url).status_code == 302


def test_the_season_archive_keeps_the_identity(event: Any, director: Any) -> None:
    """Read back from its archive, the season still knows the event: its export is refused."""
    from arbitre.app.ranking.models import RankedEvent, Season

    d = played(event, director)
    confirmed(
        d, d.post(f"/federation/duplicate/{event.event_id}/cloture/", {"type_code": "CENTRES"})
    )
    uid = RankedEvent.objects.get().uid
    assert uid.endswith(f"-{event.event_id}")
    data = d.get("/federation/saison/archive/", {"saison": "2026"}).content
    RankedEvent.objects.all().delete()
    Season.objects.all().delete()
    d.post("/federation/saison/archive/", {"file": SimpleUploadedFile("s.json", data)})
    assert RankedEvent.objects.get().uid == uid
    assert import_export(event, d).status_code == 400
    assert RankedEvent.objects.count() == 1
