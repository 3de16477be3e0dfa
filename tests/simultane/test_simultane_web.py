"""Issue 38, first step: the federation publishes a simultané with its games sealed, the
key is released at the official start and not a second before (server's clock), the code
read by phone opens the file, and a centre opens it into a Duplicate event with the
pre-drawn games. The centre talks to the federation's API through the real views (a test
client stands for the network)."""

from __future__ import annotations

import datetime as dt
import io
import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.federation import services as federation
from arbitre.app.simultane import centre, publish
from arbitre.app.simultane.models import Centre, Received, Simultane
from arbitre.duplicate import record as game_record
from tests.simultane.conftest import START, Clock, api, record_file
from tests.simultane.games import DRAWS, predrawn

pytestmark = pytest.mark.django_db


def test_the_officer_publishes_through_the_page(
    officer: Client, lexicon: Any, clock: Clock
) -> None:
    page = officer.post(
        "/federation/simultanes/",
        {
            "name": "Simultané fédéral de mars",
            "type_code": "SF",
            "day": "2027-03-12",
            "hour": "14:00",
            "seconds_per_move": "180",
            "games": [record_file()],
        },
        follow=True,
    )
    found = Simultane.objects.get()
    assert page.redirect_chain[-1][0] == f"/federation/simultanes/{found.pk}/"
    # the hour is the federation's (Paris, UTC+1 in March)
    assert found.starts_at == START
    assert (found.type_code, found.games, found.seconds_per_move) == ("SF", 1, 180)
    html = page.content.decode()
    assert "SF — Simultané fédéral / de France en 1 partie (M = 150)" in html
    # before the start the page does not show the code
    assert found.code not in html.replace(" ", "")
    assert 'id="phone-code-later"' in html


def test_a_tsap_with_one_game_is_refused_on_the_page(officer: Client, lexicon: Any) -> None:
    page = officer.post(
        "/federation/simultanes/",
        {
            "name": "TSAP",
            "type_code": "TSAP",
            "day": "2027-03-12",
            "hour": "14:00",
            "seconds_per_move": "180",
            "games": [record_file()],
        },
    )
    assert page.status_code == 200
    assert "un TSAP se joue en 2 parties, pas 1" in page.content.decode()
    assert not Simultane.objects.exists()


def test_a_game_that_does_not_replay_is_refused_with_its_number(
    lexicon: Any, director: Any
) -> None:
    bad = predrawn()
    bad["moves"][1]["top"]["score"] += 1
    with pytest.raises(publish.PublishRefused, match="^Partie 2 refusée : "):
        publish.publish(
            director, "SM", "SM", START, 180, [game_record.dumps(predrawn()), json.dumps(bad)]
        )
    assert not Simultane.objects.exists()


def test_before_the_start_the_file_has_no_readable_draw_and_the_key_is_refused(
    published: Simultane, club_key: str, clock: Clock
) -> None:
    listed = api(club_key, "/api/federation/simultanes/").json()
    assert [s["uid"] for s in listed["simultanes"]] == [published.uid]
    assert "code" not in json.dumps(listed)
    got = api(club_key, f"/api/federation/simultanes/{published.uid}/scelle/")
    assert got.status_code == 200
    text = got.content.decode()
    for draw in DRAWS:
        assert draw not in text
    clock.now = START - dt.timedelta(seconds=1)
    refused = api(club_key, f"/api/federation/simultanes/{published.uid}/cle/")
    assert refused.status_code == 403
    assert refused.json() == {
        "error": "Le simultané « Simultané fédéral de mars » n'a pas commencé : la clé sera "
        "donnée à son début officiel, le 12/03/2027 à 14:00 (heure de Paris)."
    }
    assert Centre.objects.get().key_fetched_at is None


def test_from_the_start_the_key_is_given_and_opens_the_file(
    published: Simultane, club_key: str, clock: Clock
) -> None:
    from arbitre.duplicate import sealed

    clock.now = START
    given = api(club_key, f"/api/federation/simultanes/{published.uid}/cle/")
    assert given.status_code == 200
    text = api(club_key, f"/api/federation/simultanes/{published.uid}/scelle/").content.decode()
    games = sealed.open_with_code(sealed.loads(text), given.json()["code"])
    assert [m["drawn"] for m in games[0]["moves"]] == list(DRAWS)
    assert Centre.objects.get().key_fetched_at == START


def test_the_officer_sees_the_phone_code_only_from_the_start(
    officer: Client, published: Simultane, clock: Clock
) -> None:
    url = f"/federation/simultanes/{published.pk}/"
    page = officer.get(url).content.decode()
    assert f"<title>{published.name} — Arbitre</title>" in page
    assert published.code not in page.replace(" ", "")
    clock.now = START
    html = officer.get(url).content.decode()
    shown = html.split('id="phone-code"')[1].split("<code>")[1].split("</code>")[0]
    assert shown.replace(" ", "") == published.code and len(shown.split(" ")) == 5


@pytest.mark.parametrize("who", ["unknown", "revoked", "not admitted"])
def test_a_club_not_admitted_gets_neither_file_nor_key(
    who: str, published: Simultane, club_key: str, director: Any, clock: Clock
) -> None:
    clock.now = START
    key = "pas-une-cle"
    if who == "revoked":
        key = club_key
        federation.revoke(director, federation.authenticate(club_key))
    elif who == "not admitted":
        key = federation.create_token(director, "Club de Liège")
    for path in ("scelle/", "cle/"):
        answer = api(key, f"/api/federation/simultanes/{published.uid}/{path}")
        assert answer.status_code == (404 if who == "not admitted" else 401)
        assert answer.json()["error"] in (
            "Clé de club inconnue ou révoquée.",
            "Simultané inconnu, ou ce club n'en est pas un centre.",
        )


def test_only_a_club_with_an_active_key_is_admitted(published: Simultane, director: Any) -> None:
    with pytest.raises(publish.PublishRefused, match="n'a pas de clé active"):
        publish.admit(director, published, "Club fantôme")


# -- the centre ----------------------------------------------------------------------------------


def test_a_centre_fetches_the_sealed_file_ahead_and_cannot_open_it_before_the_start(
    linked: str, director: Any, clock: Clock, published: Simultane
) -> None:
    [got] = centre.fetch()
    assert (got.uid, got.name, got.type_code, got.games) == (published.uid, published.name, "SF", 1)
    with pytest.raises(centre.CentreRefused, match="n'a pas commencé"):
        centre.open_games(director, got)
    assert Received.objects.get().event is None


def test_at_the_start_the_centre_opens_a_duplicate_event_with_the_predrawn_game(
    linked: str, director: Any, clock: Clock, published: Simultane
) -> None:
    from arbitre.app.duplicate.models import DuplicateEvent

    [got] = centre.fetch()
    clock.now = START + dt.timedelta(seconds=5)
    event = centre.open_games(director, got)
    dup = DuplicateEvent.objects.get(event=event)
    assert (event.name, event.date) == ("Simultané fédéral de mars", dt.date(2027, 3, 12))
    assert (dup.ranking_type, dup.seconds_per_move, dup.games_planned) == ("SF", 180, 1)
    assert dup.games.get().predrawn == predrawn()
    opened = Received.objects.get()
    assert (opened.event, opened.opened_with) == (event, Received.Opened.ONLINE)
    with pytest.raises(centre.CentreRefused, match="déjà ouvert"):
        centre.open_games(director, opened)


def test_offline_at_the_start_the_phone_code_opens_it(
    linked: str, director: Any, clock: Clock, published: Simultane, network: list[str]
) -> None:
    [got] = centre.fetch()
    network.append("down")
    clock.now = START
    with pytest.raises(centre.CentreRefused, match="^Fédération injoignable : le serveur refuse"):
        centre.open_games(director, got)
    event = centre.open_games(director, got, published.code)
    assert Received.objects.get().opened_with == Received.Opened.CODE
    assert event.duplicate.games.get().predrawn == predrawn()


def test_a_wrong_code_is_refused_clearly_and_nothing_is_created(
    director: Any, clock: Clock, published: Simultane, lexicon: Any
) -> None:
    from arbitre.app.events.models import Event
    from arbitre.duplicate import short_code

    got = centre.store(published.sealed)
    other = short_code.from_number((int(published.code[:19]) + 1) % 10**19)
    with pytest.raises(centre.CentreRefused) as refused:
        centre.open_games(director, got, other)
    assert str(refused.value) == (
        "Code refusé : ce code n'ouvre pas ces parties (code d'un autre simultané, ou "
        "fichier modifié)"
    )
    with pytest.raises(centre.CentreRefused, match="chiffre de contrôle"):
        centre.open_games(
            director, got, published.code[:-1] + str((int(published.code[-1]) + 1) % 10)
        )
    assert not Event.objects.exists()


def test_the_centre_page_imports_a_file_and_opens_it_with_the_code(
    officer: Client, published: Simultane, clock: Clock
) -> None:
    upload = io.BytesIO(published.sealed.encode())
    upload.name = "simultane.json"
    page = officer.post("/simultanes/", {"sealed": upload}, follow=True)
    assert "Simultané « Simultané fédéral de mars » reçu, scellé." in page.content.decode()
    got = Received.objects.get()
    wrong = officer.post(f"/simultanes/{got.pk}/ouvrir/", {"code": "1234"}, follow=True)
    assert "Code refusé : 4 chiffres saisis, 20 attendus" in wrong.content.decode()
    typed = " ".join(published.code[i : i + 4] for i in range(0, 20, 4))
    page = officer.post(f"/simultanes/{got.pk}/ouvrir/", {"code": typed}, follow=True)
    event_id = Received.objects.get().event_id
    assert page.redirect_chain[-1][0] == f"/duplicate/{event_id}/"
    assert "ses parties prétirées chargées" in page.content.decode()


def test_a_changed_file_is_refused_at_import(published: Simultane, lexicon: Any) -> None:
    data = json.loads(published.sealed)
    data["cipher"]["name"] = "ROT13"
    with pytest.raises(centre.CentreRefused, match="^Fichier scellé refusé : "):
        centre.store(json.dumps(data))
