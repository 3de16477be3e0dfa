"""Pairs Duplicate through the web application (seed 002, A.2.4; seed 004, 5.1): the event's
formula chosen at creation and changed only before the first ballot; pairs registered by
form and by file (a bad line refused in French with its number, nothing stored lost); one
ballot per pair and move; the standings, hall screen and prints show the pair; the
federation's file and the closure for the ranking give both licences the pair's rank and
the figures A.2.4 prescribes."""

from __future__ import annotations

import csv
import datetime
import html
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from arbitre.app.duplicate import services
from arbitre.app.duplicate.models import (
    BallotEntry,
    DuplicateEvent,
    Game,
    PairPartner,
    Registration,
)
from tests.app_duplicate.test_duplicate_web_flow import login
from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db

PAIRS_FILE = (
    "licence1;nom1;prenom1;club1;serie1;licence2;nom2;prenom2;club2;serie2;table\n"
    "101;DUPONT;Anne;Vichy;1;102;MARTIN;Paul;Nice;4;1\n"
    "201;BERNARD;Luc;Vichy;2;202;PETIT;Zoé;Nice;3;2\n"
    "301;ROUX;Léa;Lyon;5;302;FAURE;Marc;Lyon;6;3\n"
    "401;BLANC;Eva;Lyon;5;402;GIRARD;Tom;Lyon;7;4\n"
)


@pytest.fixture
def pairs_event(lexicon: Any, director: Any) -> DuplicateEvent:
    """A pairs event of two games, nobody registered yet."""
    from arbitre.app.events.models import Event

    ev = Event.objects.create(
        name="Paires de Vichy", kind="duplicate", date=datetime.date(2026, 11, 22)
    )
    dup = DuplicateEvent.objects.create(
        event=ev, games_planned=2, lexicon_name="mots-de-test", pairs=True
    )
    for number in (1, 2):
        Game.objects.create(duplicate=dup, number=number)
    return dup


WORD_LIST = "\n".join(
    a + b + c + s for a in "BCDFGLMNPRST" for b in "AEIOU" for c in "BCDFGLMNPRT" for s in ("", "S")
).encode()
"""1,440 words: a word list the creation form takes (1,000 words at least)."""


def director_client() -> Client:
    return login("directrice", "Tournoi-2026!")


def upload(client: Client, dup: DuplicateEvent, text: str) -> str:
    page = client.post(
        f"/duplicate/{dup.event_id}/paires/import/",
        {"file": SimpleUploadedFile("paires.csv", text.encode("utf-8"))},
        follow=True,
    )
    return html.unescape(page.content.decode())


def test_the_formula_is_chosen_at_creation(
    director: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITRE_DATA_DIR", str(tmp_path))
    client = director_client()
    page = client.post(
        "/duplicate/nouveau/",
        {
            "name": "Paires du club",
            "date": "2026-11-22",
            "games_planned": "2",
            "seconds_per_move": "120",
            "pairs": "on",
            "lexicon_file": SimpleUploadedFile("liste.txt", WORD_LIST),
        },
    )
    assert page.status_code == 302, html.unescape(page.content.decode())[-3000:]
    dup = DuplicateEvent.objects.get(event__name="Paires du club")
    assert dup.pairs is True
    page = client.get(f"/duplicate/{dup.event_id}/").content.decode()
    assert 'id="pairs-link"' in page and 'id="player-form"' not in page


def test_a_pair_registered_by_form(pairs_event: DuplicateEvent) -> None:
    client = director_client()
    url = f"/duplicate/{pairs_event.event_id}/paires/"
    data = {
        "licence1": "101",
        "name1": "DUPONT",
        "first_name1": "Anne",
        "club1": "Vichy",
        "series1": "1",
        "licence2": "102",
        "name2": "MARTIN",
        "first_name2": "Paul",
        "club2": "Nice",
        "table": "1",
    }
    page = html.unescape(client.post(url, data, follow=True).content.decode())
    assert "Paire DUPONT Anne / MARTIN Paul inscrite." in page
    reg = Registration.objects.get(duplicate=pairs_event)
    assert (reg.licence, reg.club, reg.table, reg.partner.licence, reg.partner.club) == (
        "101",
        "Vichy",
        1,
        "102",
        "Nice",
    )
    # a licence already in the event, as either partner, is refused in French
    again = {**data, "licence1": "102", "licence2": "103", "table": "2"}
    page = html.unescape(client.post(url, again).content.decode())
    assert "La licence 102 est déjà inscrite." in page
    same = {**data, "licence1": "104", "licence2": "104", "table": "2"}
    page = html.unescape(client.post(url, same).content.decode())
    assert "Les deux joueurs de la paire ont la même licence 104." in page
    assert Registration.objects.count() == 1 and PairPartner.objects.count() == 1
    # a player alone is refused in a pairs event
    page = client.post(
        f"/duplicate/{pairs_event.event_id}/joueurs/ajout/",
        {"licence": "900", "name": "SEUL"},
        follow=True,
    ).content.decode()
    assert "inscrivez des paires" in html.unescape(page)
    assert Registration.objects.count() == 1
    # the event's page lists the pair
    assert (
        "DUPONT Anne / MARTIN Paul"
        in client.get(f"/duplicate/{pairs_event.event_id}/").content.decode()
    )


def test_a_pairs_file_is_imported_and_a_bad_line_refused_in_french(
    pairs_event: DuplicateEvent,
) -> None:
    client = director_client()
    page = upload(
        client, pairs_event, PAIRS_FILE.splitlines()[0] + "\n" + PAIRS_FILE.splitlines()[1] + "\n"
    )
    assert "1 paire importée." in page
    bad = PAIRS_FILE.replace("301;ROUX", "301;").replace("402;GIRARD", "401;GIRARD")
    page = upload(client, pairs_event, bad)
    assert "ligne 4 : nom1 : valeur manquante" in page
    assert (
        "ligne 5 : licence2 « 401 » déjà à la ligne 5" in page
        or "ligne 5 : les deux joueurs" in page
    )
    assert "Aucune paire n'a été importée : corrigez le fichier." in page
    # the pair already registered stays; the whole file again: its first pair is refused
    assert list(Registration.objects.values_list("licence", flat=True)) == ["101"]
    page = upload(client, pairs_event, PAIRS_FILE)
    assert "La licence 101 est déjà inscrite." in page
    assert Registration.objects.count() == 1 and PairPartner.objects.count() == 1


def test_the_formula_changes_only_before_the_first_ballot(
    pairs_event: DuplicateEvent, director: Any
) -> None:
    client = director_client()
    url = f"/duplicate/{pairs_event.event_id}/paires/formule/"
    client.post(url, {})  # individual again: nobody registered, no ballot
    assert DuplicateEvent.objects.get(pk=pairs_event.pk).pairs is False
    client.post(url, {"pairs": "on"})
    assert DuplicateEvent.objects.get(pk=pairs_event.pk).pairs is True
    upload(client, pairs_event, PAIRS_FILE)
    page = html.unescape(client.post(url, {}, follow=True).content.decode())
    assert "retirez-les avant de changer de formule" in page
    play_and_enter(pairs_event, director, client)
    Registration.objects.filter(ballots__isnull=True).delete()
    page = html.unescape(client.post(url, {}, follow=True).content.decode())
    assert "Des bulletins sont saisis : l'épreuve ne peut plus changer de formule." in page
    assert DuplicateEvent.objects.get(pk=pairs_event.pk).pairs is True


def enter(client: Client, dup: DuplicateEvent, game: int, licence: str, text: str) -> Any:
    reg = Registration.objects.get(duplicate=dup, licence=licence)
    return client.post(
        f"/duplicate/{dup.event_id}/partie/{game}/saisie/api/",
        data=json.dumps({"registration": reg.pk, "move": 1, "version": 0, "text": text}),
        content_type="application/json",
    ).json()


BALLOTS = {  # per pair (first licence): game 1, game 2; the top is H4 MAISON, 18
    "101": ("top", "top"),  # 36
    "201": ("top", "10"),  # 28
    "301": ("10", "top"),  # 28
    "401": ("aucun", "aucun"),  # 0
}


def play_and_enter(dup: DuplicateEvent, director: Any, client: Client) -> None:
    """Both games' first move (AIMNOSE, top H4 MAISON 18) and one ballot per pair each."""
    for number in (1, 2):
        game = dup.games.get(number=number)
        game = services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE")
        services.chief_action(game.pk, game.version, "reveal", director)
        for licence, texts in BALLOTS.items():
            if Registration.objects.filter(duplicate=dup, licence=licence).exists():
                assert "score" in enter(client, dup, number, licence, texts[number - 1])


def test_a_worked_pairs_event_from_ballots_to_the_ranking(
    pairs_event: DuplicateEvent, director: Any
) -> None:
    """4 pairs, 2 games of one move. By hand: 36, 28, 28, 0; pairs ranked 1, 2ex, 2ex, 4.
    A.2.4: an individual ranking, partners ex aequo: places 1, 3, 3, 7 (two players per
    pair above). B.3: n = 8 players, 2 games: D = 2, M = 16, m = 16 - 2 (P - 1): 16, 12,
    12, 4, the same for both partners; no PP4, no %Sn (ranking points only)."""
    from arbitre.app.ranking.models import Licensee, RankedEvent, Standing

    client = director_client()
    upload(client, pairs_event, PAIRS_FILE)
    play_and_enter(pairs_event, director, client)
    assert BallotEntry.objects.count() == 8  # one ballot per pair and move
    # the standings: one line per pair, shown as the pair
    data = client.get(f"/public/duplicate/{pairs_event.event_id}/classement.json").json()
    assert [(r["rank"], r["full_name"], r["total"]) for r in data["standings"]] == [
        (1, "DUPONT Anne / MARTIN Paul", 36),
        (2, "BERNARD Luc / PETIT Zoé", 28),
        (2, "ROUX Léa / FAURE Marc", 28),
        (4, "BLANC Eva / GIRARD Tom", 0),
    ]
    public = html.unescape(
        Client().get(f"/public/duplicate/{pairs_event.event_id}/").content.decode()
    )
    assert "BERNARD Luc / PETIT Zoé" in public
    hall = Client().get(f"/public/duplicate/{pairs_event.event_id}/salle.json").json()
    assert any("DUPONT Anne / MARTIN Paul" in p["html"] for p in hall["panels"])
    printed = html.unescape(
        client.get(f"/duplicate/{pairs_event.event_id}/imprimer/classement/").content.decode()
    )
    assert "ROUX Léa / FAURE Marc" in printed
    sheet = html.unescape(
        client.get(f"/duplicate/{pairs_event.event_id}/imprimer/joueur/101/").content.decode()
    )
    assert "DUPONT Anne / MARTIN Paul" in sheet
    # the federation's file: both licences, each with the pair's rank and figures
    exported = client.get(f"/duplicate/{pairs_event.event_id}/export/resultats.csv")
    rows = list(csv.DictReader(io.StringIO(exported.content.decode("utf-8")), delimiter=";"))
    assert [(r["licence"], r["rang"], r["total"], r["type"]) for r in rows] == [
        ("101", "1ex", "36", "PAIRS"),
        ("102", "1ex", "36", "PAIRS"),
        ("201", "3ex", "28", "PAIRS"),
        ("202", "3ex", "28", "PAIRS"),
        ("301", "3ex", "28", "PAIRS"),
        ("302", "3ex", "28", "PAIRS"),
        ("401", "7ex", "0", "PAIRS"),
        ("402", "7ex", "0", "PAIRS"),
    ]
    # the closure feeds the season
    for licence, series in (("101", 1), ("102", 4), ("201", 2), ("202", 3)):
        Licensee.objects.create(
            licence=licence, name=f"J{licence}", series=series, highest_series=series
        )
    url = f"/federation/duplicate/{pairs_event.event_id}/cloture/"
    page = html.unescape(client.post(url, {"type_code": "TH"}, follow=True).content.decode())
    assert "une épreuve en paires se classe comme épreuve en paires" in page
    assert not RankedEvent.objects.exists()
    # the closure is previewed before the season changes (issue 33), then confirmed
    response = confirmed(client, client.post(url, {"type_code": ""}, follow=True))
    page = html.unescape(response.content.decode())
    assert "Résultats transmis au classement" in page
    ranked = RankedEvent.objects.get()
    assert (ranked.type_code, ranked.games) == ("PAIRS", 2)
    places = dict(ranked.rows.values_list("licence", "place"))
    assert places == {
        "101": 1,
        "102": 1,
        "201": 3,
        "202": 3,
        "301": 3,
        "302": 3,
        "401": 7,
        "402": 7,
    }
    for licence, place, points in (("101", 1, 16), ("102", 1, 16), ("201", 3, 12), ("202", 3, 12)):
        line = Standing.objects.get(licence=licence).explanation["events"][0]
        assert (line["players"], line["M"], line["D"]) == (8, 16, 2)
        assert (line["place"], line["points"], line["pp4"], line["pct"]) == (place, points, 0, [])


def test_004_5_1_a_pair_is_marked_late_by_either_partner(
    pairs_event: DuplicateEvent, director: Any
) -> None:
    client = director_client()
    upload(client, pairs_event, PAIRS_FILE)
    page = html.unescape(
        client.post(
            f"/duplicate/{pairs_event.event_id}/retard/",
            {"game": "1", "licence": "402", "from_move": "2"},
            follow=True,
        ).content.decode()
    )
    assert "BLANC Eva / GIRARD Tom : arrivé pour le coup 2 de TH1 (5.1)." in page


def test_002_A_2_4_the_settings_keep_a_pairs_ranking_type(pairs_event: DuplicateEvent) -> None:
    """Ranking points only (A.2.4): a pairs event is ranked PAIRS or CP, never TH."""
    from tests.app_duplicate.test_duplicate_settings import _form

    client = director_client()
    url = f"/duplicate/{pairs_event.event_id}/reglages/"
    page = html.unescape(
        client.post(url, _form(pairs_event, ranking_type="TH"), follow=True).content.decode()
    )
    assert "une épreuve en paires se classe comme épreuve en paires (PAIRS, CP), pas TH" in page
    assert DuplicateEvent.objects.get(pk=pairs_event.pk).ranking_type == ""
    client.post(url, _form(pairs_event, ranking_type="CP"))
    assert DuplicateEvent.objects.get(pk=pairs_event.pk).ranking_type == "CP"


def test_a_pairs_second_player_is_corrected_and_the_log_keeps_it(
    pairs_event: DuplicateEvent,
) -> None:
    from arbitre.app.duplicate.models import AuditEntry

    client = director_client()
    upload(client, pairs_event, PAIRS_FILE)
    reg = Registration.objects.get(licence="101")
    url = f"/duplicate/{pairs_event.event_id}/paires/{reg.pk}/partenaire/"
    form = {
        "licence": "102",
        "name": "MARTIN",
        "first_name": "Pierre",
        "club": "Nice",
        "series": "4",
    }
    page = html.unescape(client.post(url, form, follow=True).content.decode())
    assert "Paire DUPONT Anne / MARTIN Pierre modifiée." in page
    entry = AuditEntry.objects.filter(duplicate=pairs_event).order_by("-pk").first()
    assert entry is not None and entry.target == "101"
    assert (entry.before, entry.after) == ({"first_name": "Paul"}, {"first_name": "Pierre"})
    # a licence of another player of the event is refused, nothing changed
    page = html.unescape(client.post(url, {**form, "licence": "201"}).content.decode())
    assert "La licence 201 est déjà inscrite." in page
    assert PairPartner.objects.get(registration=reg).licence == "102"


def test_the_pairs_pages_in_english_have_no_french_word(pairs_event: DuplicateEvent) -> None:
    from tests.app_duplicate.test_duplicate_language import FRENCH, _text

    client = director_client()
    upload(client, pairs_event, PAIRS_FILE)
    reg = Registration.objects.get(licence="101")
    client.post("/langue/", {"language": "en", "next": "/"})
    names = [
        "DUPONT", "Anne", "MARTIN", "Paul", "BERNARD", "Luc", "PETIT", "Zoé", "ROUX", "Léa",
        "FAURE", "Marc", "BLANC", "Eva", "GIRARD", "Tom", "Paires de Vichy", "Arbitre", "mots-de-test",
    ]  # fmt: skip
    for url in (
        f"/duplicate/{pairs_event.event_id}/paires/",
        f"/duplicate/{pairs_event.event_id}/paires/{reg.pk}/partenaire/",
        f"/duplicate/{pairs_event.event_id}/",
    ):
        response = client.get(url)
        assert response.status_code == 200
        text = _text(response) or ""
        for name in names:
            text = text.replace(name, " ")
        text = text.replace("licence1;nom1;prenom1;club1;serie1;categorie1", " ")
        text = text.replace("licence2;nom2;prenom2;club2;serie2;categorie2;table", " ")
        assert not FRENCH.findall(text), (url, FRENCH.findall(text))
