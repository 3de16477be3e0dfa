"""Club to federation (issue 20, part 6), within one process: the federation's API (club keys,
uploads received once whatever the re-sends, refusals answered with a reason), the
officer's decision, and the club's outbox delivering through a real HTTP server (pytest's
live server) after a first try against a closed port."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app import demo
from arbitre.app.events.models import Event
from arbitre.app.federation import outbox, services
from arbitre.app.federation.models import OutboxItem, Upload
from arbitre.app.ranking.models import RankedEvent, RankingAudit
from tests.app.server import free_port
from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "Démonstration-2026"


@pytest.fixture
def world() -> dict[str, Any]:
    report = demo.populate(demo.demo_director(PASSWORD), demo.SMALL, 5)
    event = Event.objects.get(pk=report.events["duplicate"])
    director = demo.demo_director("")
    officer = Client()
    officer.force_login(director)  # the demo director manages accounts: a ranking officer too
    return {"event": event, "director": director, "officer": officer}


def post(key: str, body: Any) -> Any:
    raw = body if isinstance(body, bytes) else json.dumps(body)
    return Client().post(
        "/api/federation/envois/",
        raw,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )


def upload_body(event: Event, uid: str = "club-1") -> dict[str, Any]:
    return {
        "uid": uid,
        "name": event.name,
        "date": event.date.isoformat(),
        "csv": outbox.results_file(event, "TH"),
    }


def test_an_upload_is_received_once_whatever_the_resends(world: dict[str, Any]) -> None:
    key = services.create_token(None, "Club de Namur")
    body = upload_body(world["event"])
    first = post(key, body)
    assert first.status_code == 201 and first.json()["status"] == "pending"
    again = post(key, body)
    assert again.status_code == 200 and again.json()["received"] == 2
    assert Upload.objects.count() == 1
    # changed while still pending: the file is replaced, still one upload
    changed = dict(body, csv=body["csv"].replace("TH", "TH", 1) + "\r\n")
    assert post(key, changed).status_code == 200
    upload = Upload.objects.get()
    assert upload.payload == changed["csv"] and upload.sent_count == 3
    status = (
        Client().get("/api/federation/envois/club-1/", HTTP_AUTHORIZATION=f"Bearer {key}").json()
    )
    assert status == {"uid": "club-1", "status": "pending", "reason": "", "received": 3}


def test_bad_keys_and_bad_uploads_are_refused_with_a_reason_and_nothing_is_kept(
    world: dict[str, Any],
) -> None:
    key = services.create_token(None, "Club de Namur")
    body = upload_body(world["event"])
    refused = post("not-a-key", body)
    assert refused.status_code == 401 and "Clé de club" in refused.json()["error"]
    assert post(key, b"{not json").status_code == 400
    assert post(key, dict(body, uid="")).status_code == 400
    assert post(key, dict(body, date="31/02/2026")).status_code == 400
    unreadable = post(key, dict(body, csv="nom;prénom\nDupont;Jean\n"))
    assert unreadable.status_code == 422 and "illisible" in unreadable.json()["error"]
    assert not Upload.objects.exists()
    # a revoked key no longer sends
    token = services.authenticate(key)
    assert token is not None
    services.revoke(None, token)
    assert post(key, body).status_code == 401


def test_the_officer_accepts_into_the_season_or_rejects_with_a_reason(
    world: dict[str, Any],
) -> None:
    key = services.create_token(None, "Club de Namur")
    event = world["event"]
    post(key, upload_body(event))
    post(key, upload_body(event, uid="club-2"))
    accepted, rejected = Upload.objects.get(uid="club-1"), Upload.objects.get(uid="club-2")
    officer = world["officer"]
    page = officer.get("/federation/envois/").content.decode()
    assert "Club de Namur" in page and event.name in page
    # a refusal needs its reason
    officer.post(f"/federation/envois/{rejected.pk}/decision/", {"action": "reject"})
    rejected.refresh_from_db()
    assert rejected.status == Upload.Status.PENDING
    officer.post(
        f"/federation/envois/{rejected.pk}/decision/",
        {"action": "reject", "reason": "Épreuve en double"},
    )
    confirmed(
        officer, officer.post(f"/federation/envois/{accepted.pk}/decision/", {"action": "accept"})
    )
    accepted.refresh_from_db()
    rejected.refresh_from_db()
    assert rejected.status == Upload.Status.REJECTED and rejected.reason == "Épreuve en double"
    assert accepted.status == Upload.Status.ACCEPTED and accepted.ranked_event is not None
    ranked = RankedEvent.objects.get()
    assert ranked.type_code == "TH" and ranked.rows.count() == event.duplicate.players.count()
    assert RankingAudit.objects.filter(action="Envoi de club accepté").exists()
    # a changed file after the decision is refused: the club must ask
    changed = dict(upload_body(event), csv=upload_body(event)["csv"] + "\r\n")
    conflict = post(key, changed)
    assert conflict.status_code == 409 and "déjà été traitée" in conflict.json()["error"]
    # other users may not decide
    assert Client().get("/federation/envois/").status_code == 302


def test_the_outbox_waits_for_the_network_then_delivers_and_fetches_the_answer(
    world: dict[str, Any], live_server: Any
) -> None:
    event, director = world["event"], world["director"]
    key = services.create_token(None, "Club de Namur")
    with pytest.raises(outbox.LinkRefused):
        outbox.enqueue(director, event, "TH")  # no link yet
    with pytest.raises(outbox.LinkRefused):
        outbox.set_link("http://federation.example.org", key)  # not HTTPS
    outbox.set_link(f"http://127.0.0.1:{free_port()}", key)  # nothing listens there
    item = outbox.enqueue(director, event, "TH")
    assert outbox.deliver() == 0
    item.refresh_from_db()
    assert item.state == OutboxItem.State.QUEUED and item.attempts == 1
    assert "injoignable" in item.last_error
    # said in French, not the system's « [Errno 111] Connection refused »
    assert "refuse la connexion" in item.last_error and "Errno" not in item.last_error
    # the network is back
    outbox.set_link(live_server.url, key)
    assert outbox.deliver() == 1
    item.refresh_from_db()
    assert item.state == OutboxItem.State.SENT and item.last_error == ""
    upload = Upload.objects.get()
    assert upload.uid == item.uid and upload.token.club == "Club de Namur"
    services.accept(director, upload)
    outbox.deliver()
    item.refresh_from_db()
    assert item.state == OutboxItem.State.ACCEPTED
    # sending again is idempotent: no second upload, still accepted
    outbox.enqueue(director, event, "TH")
    outbox.deliver()
    item.refresh_from_db()
    assert Upload.objects.count() == 1 and item.state == OutboxItem.State.ACCEPTED


def test_the_club_page_sends_and_shows_the_answer(world: dict[str, Any], live_server: Any) -> None:
    event = world["event"]
    club = Client()
    club.force_login(world["director"])
    page = club.get(f"/duplicate/{event.pk}/federation/").content.decode()
    assert 'id="no-link"' in page
    key = services.create_token(None, "Club de Namur")
    club.post("/federation/lien/", {"url": live_server.url, "token": key})
    response = club.post(f"/duplicate/{event.pk}/federation/", {"type_code": "TH"}, follow=True)
    text = response.content.decode()
    assert "reçu par la fédération" in text
    Upload.objects.update(status=Upload.Status.REJECTED, reason="Date erronée")
    outbox.deliver()
    text = club.get(f"/duplicate/{event.pk}/federation/").content.decode()
    assert "refusé par la fédération : Date erronée" in text


@pytest.mark.django_db
def test_a_club_key_never_begins_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key is typed on a command line (``arbitre federation link URL KEY``): one beginning
    with « - » would be read as an option (a CI run drew one)."""
    drawn = iter(["-dqDMK7MxTFokojXXwOnszmgB8rCv4BXQT3w5sdd", "AbqDMK7MxTFokojXXwOnszmgB8rCv4B"])
    monkeypatch.setattr(services.secrets, "token_urlsafe", lambda n: next(drawn))
    assert services.create_token(None, "Club de Namur") == "AbqDMK7MxTFokojXXwOnszmgB8rCv4B"
