"""The Duplicate event pages through Django's test client: roles, set-up, the chief
arbiter's actions, concurrent ballot entry, audit log, live standings."""

from __future__ import annotations

import json
from typing import Any
from xml.etree import ElementTree

import pytest
from django.test import Client

from arbitre.app.duplicate import services
from arbitre.app.duplicate.models import AuditEntry, BallotEntry, Game, Registration

pytestmark = pytest.mark.django_db


def login(username: str, password: str) -> Client:
    client = Client(enforce_csrf_checks=False)
    assert client.login(username=username, password=password)
    return client


def play_first_move(dup: Any, director: Any) -> Game:
    """Draw AIMNOSE (entered) and reveal the top: H4 MAISON, 18 points."""
    game = dup.games.get(number=1)
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE")
    game = services.chief_action(game.pk, game.version, "reveal", director)
    return game


def post_ballot(client: Client, dup: Any, table: int, text: str, version: int = 0) -> Any:
    reg = Registration.objects.get(duplicate=dup, table=table)
    return client.post(
        f"/duplicate/{dup.event_id}/partie/1/saisie/api/",
        data=json.dumps({"registration": reg.pk, "move": 1, "version": version, "text": text}),
        content_type="application/json",
    )


def test_pages_check_roles_server_side(event: Any, director: Any) -> None:
    anonymous = Client()
    chief_url = f"/duplicate/{event.event_id}/partie/1/ja/"
    assert anonymous.get(chief_url).status_code == 302  # to the login page
    arbiter = login("arbitre-a", "Arbitrage-2026")
    assert arbiter.get(chief_url).status_code == 403  # an arbiter is not the chief arbiter
    assert arbiter.post(chief_url, {"action": "draw_random", "version": 0}).status_code == 403
    assert Game.objects.get(pk=event.games.get().pk).version == 0
    # the public standings need no login, but public pages cannot change anything
    assert anonymous.get(f"/public/duplicate/{event.event_id}/").status_code == 200
    response = anonymous.post(
        f"/duplicate/{event.event_id}/partie/1/saisie/api/",
        data="{}",
        content_type="application/json",
    )
    assert response.status_code == 302 and BallotEntry.objects.count() == 0


def test_csrf_is_enforced_on_entry(event: Any, director: Any) -> None:
    play_first_move(event, director)
    client = Client(enforce_csrf_checks=True)
    client.login(username="arbitre-a", password="Arbitrage-2026")
    assert post_ballot(client, event, 1, "top").status_code == 403
    assert BallotEntry.objects.count() == 0


def test_chief_arbiter_draws_and_reveals_the_top(event: Any, director: Any) -> None:
    client = login("directrice", "Tournoi-2026!")
    url = f"/duplicate/{event.event_id}/partie/1/ja/"
    client.post(url, {"action": "draw_entered", "value": "AIMNOSE", "version": 0})
    page = client.get(url).content.decode()
    assert "Maroc-M" in page  # the announcement with the spelling alphabet (2.1)
    assert "Top : <strong>18</strong>" in page
    # a stale page cannot act twice
    response = client.post(url, {"action": "reveal", "version": 0}, follow=True)
    assert "La partie a changé" in response.content.decode()
    client.post(url, {"action": "reveal", "version": 1})
    state = client.get(f"/public/duplicate/{event.event_id}/partie/1/etat.json").json()
    assert state["last"]["move"] == "H4 MAISON" and state["last"]["score"] == 18
    # the public move page shows the revealed top on the board
    public = Client().get(f"/public/duplicate/{event.event_id}/partie/1/").content.decode()
    assert "H4 MAISON" in public and 'class="sq dl tile new"' in public
    # undo the reveal, then redo it
    client.post(url, {"action": "undo", "version": 2})
    assert (
        client.get(f"/public/duplicate/{event.event_id}/partie/1/etat.json").json()["phase"]
        == "play"
    )


def test_entered_draw_not_in_the_bag_is_refused(event: Any, director: Any) -> None:
    client = login("directrice", "Tournoi-2026!")
    url = f"/duplicate/{event.event_id}/partie/1/ja/"
    response = client.post(
        url, {"action": "draw_entered", "value": "ZZZZZZZ", "version": 0}, follow=True
    )
    assert "ne sont pas dans le sac" in response.content.decode()
    assert Game.objects.get(duplicate=event).version == 0


def test_ballots_are_judged_and_concurrent_edits_refused(event: Any, director: Any) -> None:
    play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    b = login("arbitre-b", "Arbitrage-2026")
    ok = post_ballot(a, event, 1, "H4 MAISON 18").json()
    assert ok["ok"] and ok["score"] == 18 and ok["sanction"]["kind"] == "none"
    warned = post_ballot(a, event, 2, "H4 MAISON 20").json()
    assert warned["sanction"]["code"] == "score_wrong" and warned["score"] == 18
    nullity = post_ballot(a, event, 3, "H4 MAISONS 20").json()
    assert nullity["sanction"]["kind"] == "nullity" and nullity["score"] == 0
    # an arbiter cannot enter another arbiter's tables
    assert post_ballot(b, event, 1, "top").status_code == 403
    # the director corrects table 1 from version 1; a second edit based on version 1 is refused
    d = login("directrice", "Tournoi-2026!")
    assert post_ballot(d, event, 1, "H4 MAISON", version=1).json()["version"] == 2
    stale = post_ballot(a, event, 1, "top", version=1)
    assert stale.status_code == 409 and "modifié par directrice" in stale.json()["error"]
    entry = BallotEntry.objects.get(registration__table=1)
    assert (entry.text, entry.score, entry.version) == ("H4 MAISON", 18, 2)
    # every entry and correction is in the audit log, with before and after
    correction = AuditEntry.objects.filter(action="Correction").get()
    assert correction.before == {"text": "H4 MAISON 18", "score": 18}
    assert correction.after == {"text": "H4 MAISON", "score": 18}
    assert correction.user.username == "directrice"
    # a bad ballot is refused with a French reason, nothing stored
    bad = post_ballot(a, event, 4, "H4 MAISON 18 19").json()
    assert not bad["ok"] and "deux scores" in bad["error"]
    assert not BallotEntry.objects.filter(registration__table=4).exists()


def test_live_standings_with_a_solo(event: Any, director: Any) -> None:
    play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    b = login("arbitre-b", "Arbitrage-2026")
    post_ballot(a, event, 1, "top")
    for table in range(2, 11):
        post_ballot(a, event, table, "10")
    for table in range(11, 21):
        post_ballot(b, event, table, "aucun")
    data = Client().get(f"/public/duplicate/{event.event_id}/classement.json").json()
    first = data["standings"][0]
    # 20 players (>= 16): table 1 alone with the top gets the solo, 18 + 10
    assert (first["full_name"], first["total"]) == ("JOUEUR01 Test", 28)
    assert data["solos"] == [
        {"game": "TH1", "move": 1, "licence": "1001", "name": "JOUEUR01 Test", "score": 18}
    ]
    assert [r["rank"] for r in data["standings"][:3]] == [1, 2, 2]
    series = Client().get(f"/public/duplicate/{event.event_id}/classement.json?serie=2").json()
    assert {r["series"] for r in series["standings"]} == {"2"}
    sheet = Client().get(f"/public/duplicate/{event.event_id}/joueur/1001/").content.decode()
    assert "Solo (+10)" in sheet
    svg = Client().get(f"/public/duplicate/{event.event_id}/joueur/1001/progression.svg")
    assert svg["Content-Type"] == "image/svg+xml" and b"<polyline" in svg.content
    # a well-formed SVG file of its own: its title gives the player's total and the top's
    root = ElementTree.fromstring(svg.content)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[0] == "JOUEUR01 Test : 28 points, top 18", texts


def test_undo_of_a_move_deletes_its_ballots_into_the_audit_log(event: Any, director: Any) -> None:
    game = play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    post_ballot(a, event, 1, "top")
    services.chief_action(game.pk, game.version, "undo", director)
    assert not BallotEntry.objects.exists()
    deleted = AuditEntry.objects.get(action="Bulletin supprimé (retour en arrière)")
    assert deleted.before == {"text": "top", "score": 18} and deleted.user == director
    assert services.engine_of(Game.objects.get(pk=game.pk)).phase == "play"


def test_bare_score_above_the_top_and_forged_requests_are_refused(
    event: Any, director: Any
) -> None:
    play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    answer = post_ballot(a, event, 1, "99").json()
    assert not answer["ok"] and "supérieur au top (18)" in answer["error"]
    answer = post_ballot(a, event, 1, "H8 " + "A" * 5000).json()
    assert not answer["ok"] and "Bulletin trop long : 200 caractères au plus." in answer["error"]
    assert not BallotEntry.objects.exists()
    d = login("directrice", "Tournoi-2026!")
    page = d.post(
        f"/duplicate/{event.event_id}/partie/1/ja/",
        {"action": "draw_random", "version": "x"},
        follow=True,
    )
    assert page.status_code == 200 and "Requête mal formée" in page.content.decode()


def test_late_arrival_for_any_game(event: Any, director: Any) -> None:
    from arbitre.app.duplicate.models import Lateness

    d = login("directrice", "Tournoi-2026!")
    d.post(f"/duplicate/{event.event_id}/retard/", {"game": 1, "licence": "1003", "from_move": 4})
    d.post(f"/duplicate/{event.event_id}/retard/", {"game": 1, "licence": "1003", "from_move": 5})
    assert Lateness.objects.get().from_move == 5
    change = AuditEntry.objects.filter(action="Retard").first()
    assert (
        change is not None
        and change.before == {"from_move": 4}
        and change.after == {"from_move": 5}
    )
    bad = d.post(
        f"/duplicate/{event.event_id}/retard/", {"game": 7, "licence": "1003", "from_move": 2}
    )
    assert bad.status_code == 404


def test_players_csv_import_reports_every_bad_row_and_imports_nothing(
    event: Any, director: Any
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = login("directrice", "Tournoi-2026!")
    bad = "licence;nom;prenom;serie;table\n2001;DURAND;Ana;3B;21\n2002;;Luc;4;22\n2003;MARTIN;Eve;9;23\n"
    response = client.post(
        f"/duplicate/{event.event_id}/joueurs/import/",
        {"file": SimpleUploadedFile("joueurs.csv", bad.encode("latin-1"))},
        follow=True,
    )
    page = response.content.decode()
    assert "ligne 3 : nom : valeur manquante" in page and "ligne 4 : série « 9 »" in page
    assert not Registration.objects.filter(licence="2001").exists()
    good = "licence;nom;prenom;serie;table\n2001;DURAND;Anaïs;3B;21\n"
    client.post(
        f"/duplicate/{event.event_id}/joueurs/import/",
        {"file": SimpleUploadedFile("joueurs.csv", good.encode("latin-1"))},
    )
    added = Registration.objects.get(licence="2001")
    assert (added.first_name, added.series, added.tier) == ("Anaïs", 3, "B")


def test_prints_and_results_csv(event: Any, director: Any) -> None:
    play_first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    post_ballot(a, event, 1, "7F RUSE 6")
    post_ballot(a, event, 2, "H4 MAISON")
    d = login("directrice", "Tournoi-2026!")
    sheet = d.get(f"/duplicate/{event.event_id}/partie/1/imprimer/").content.decode()
    assert "@page" in sheet and "MAISON" in sheet
    slips = d.get(f"/duplicate/{event.event_id}/partie/1/avertissements/").content.decode()
    assert "JOUEUR01" in slips  # a nullity is notified
    assert "JOUEUR02" not in slips  # a score warning is not sent (4.6)
    csv_text = d.get(
        f"/duplicate/{event.event_id}/export/resultats.csv?encodage=latin-1"
    ).content.decode("latin-1")
    assert csv_text.splitlines()[0] == (
        "table;licence;nom;prenom;club;serie;TH1;total;rang;categorie;tops_perdus;type;parties;date;"
        "outremer;epreuve"
    )
    assert Client().get(f"/duplicate/{event.event_id}/export/resultats.csv").status_code == 302
