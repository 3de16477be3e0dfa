"""The Duplicate pages in English (issue 17, part 4), French by default.

Every page of the Duplicate app (the director's event page, the chief arbiter's screen, the
arbiters' entry, the prints and the warning slips, the public pages, the progression plot and
the game's state) is requested in English over an event before its first draw, and again in a
game with ballots entered (a solo, a warning, a nullity, a correction, a late player, the next
draw on the clock): no French word of the interface may remain outside the names of the event,
its players and accounts. The same pages in French show those words.
"""

from __future__ import annotations

import html
import json
import re
import threading
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from arbitre.app.duplicate import ballots, preparation, services, setup
from arbitre.app.duplicate.models import DuplicateEvent, Game, Registration
from tests.app.test_rights import patterns

pytestmark = pytest.mark.django_db

FRENCH_WORDS = (
    # the words of the Duplicate pages
    "coup", "coups", "tirage", "bulletin", "bulletins", "arbitre", "arbitres", "juge",
    "sac", "lettres", "avertissement", "avertissements", "pénalité", "écart", "remarque",
    "série", "palier", "saisie", "partie", "parties", "toutes", "mot", "liste", "mots",
    "retard", "prétirée", "rejet", "révéler", "imprimer", "feuille", "temps", "joueur",
    "joueurs", "classement", "rang", "journal", "quand", "qui", "objet", "avant", "après",
    "inscription", "inscrire", "importer", "attribuer", "attribuées", "enregistrer", "retour",
    "valider", "annuler", "physique", "hasard", "écran", "cours", "résultats", "équipe",
    "nom", "prénom", "identifiant", "nombre", "mise", "automatique", "grille", "arrivé",
    "catégorie", "progression", "saisi", "nouvel", "événement", "colonnes", "langue",
    # words of French sentences
    "le", "la", "les", "des", "du", "de", "et", "à", "au", "par", "pour", "aucun", "sans",
)  # fmt: skip
FRENCH = re.compile(rf"(?<!\w)(?:{'|'.join(FRENCH_WORDS)})(?!\w)", re.IGNORECASE)
SHOWN_ATTRIBUTE = re.compile(
    r"\s(alt|aria-label|placeholder|title|data-(?:ready|failed|finished|disciplinary|"
    r'unreachable|solo|none|confirm))="([^"]*)"'
)
"""Attributes a user reads: an image's text, a tooltip, the words the scripts show."""
WORD_PLAYED = re.compile(r"(?<!\w)[A-Z][A-Za-z]*[A-Z](?!\w)")
"""A word of the game (a top, a word on the board: capitals, a blank in lower case), data."""


@pytest.fixture
def admin(django_user_model: Any) -> Any:
    return django_user_model.objects.create_superuser(username="admin", password="x")


def _before_the_first_draw(event: DuplicateEvent, admin: Any) -> None:
    """Players registered one by one and by file, a table given to an arbiter (the imported
    player left without one): the audit log's actions with their targets and values."""
    from arbitre.duplicate.event import Player

    setup.add_player(event, {"licence": "2001", "name": "NOUVEAU", "table": 21}, admin)
    services.register_players(event, [Player("2002", "IMPORTE", table=22)], admin)
    setup.assign_arbiter(event, "arbitre-c", "Tables-du-fond-2026", (21, 21), admin)


def _in_play(event: DuplicateEvent, admin: Any) -> None:
    """Move 1 revealed (H4 MAISON, 18); its ballots entered (a solo top, a warning, a
    nullity, blank and missing ballots, a disciplinary warning, a correction); a late player;
    move 2 drawn and on the clock."""
    game = event.games.get(number=1)
    game = services.chief_action(game.pk, game.version, "draw_entered", admin, "AIMNOSE")
    game = services.chief_action(game.pk, game.version, "reveal", admin)
    top = services.engine_of(game).moves[0]
    texts = {1: "top", 2: "H4 AMIS 12", 3: "H4 MAISONS 20", 4: "vide", 5: "none"}
    texts |= {6: str(top.score - 10), 8: "H6 SON 6 +disc"}
    for reg in event.players.exclude(table=7):  # every ballot in: the solo is announced
        text = texts.get(reg.table, "none")  # (2.6.4); table 7 arrives for move 2 (5.1)
        ballots.enter_ballot(game.pk, reg.pk, 1, text, 0, admin)
    reg = Registration.objects.get(duplicate=event, table=6)
    ballots.enter_ballot(game.pk, reg.pk, 1, str(top.score - 12), 1, admin)
    setup.mark_late(game, Registration.objects.get(duplicate=event, table=7), 2, admin)
    game.refresh_from_db()
    game = services.chief_action(game.pk, game.version, "draw_random", admin)
    services.chief_action(game.pk, game.version, "start_timer", admin)


def _urls(event: DuplicateEvent) -> list[str]:
    """Every page of the Duplicate app that answers a GET, for this event; a player's pages
    for the players with a ballot or a late arrival."""
    licences = ["1001", "1002", "1003", "1004", "1006", "1007", "1008"]
    out = []
    for name, route, _ in patterns():
        if name is None or not name.startswith("duplicate:"):
            continue
        kwargs: dict[str, Any] = {}
        if "<int:event_id>" in route:
            kwargs["event_id"] = event.event_id
        if "<int:number>" in route:
            kwargs["number"] = 1
        if "<int:registration_id>" in route:
            continue  # a pair's second player: tests/app_duplicate/test_pairs_web.py
        for licence in licences if "<path:licence>" in route else [None]:
            if licence is not None:
                kwargs["licence"] = licence
            out.append(reverse(name, kwargs=kwargs))
    out.append(reverse("duplicate:entry", kwargs={"event_id": event.event_id, "number": 1}))
    out[-1] += "?coup=1"
    return out


def _names(event: DuplicateEvent) -> list[str]:
    """Names that are data, not interface: the event, its word list, players, accounts."""
    from django.contrib.auth import get_user_model

    names = ["Arbitre", event.event.name, event.lexicon_name]  # the software's name
    for reg in event.players.all():
        names += [reg.name, reg.first_name]
    names += get_user_model().objects.values_list("username", flat=True)
    return sorted({n for n in names if n}, key=len, reverse=True)


def _text(response: Any) -> str | None:
    """The words a user reads: an HTML page without its scripts, styles and input syntax
    (``<code>``: the ballot syntax, the players file's column names), the texts of an SVG
    plot, the string values of a JSON answer; ``None`` for an exchange file or a redirect."""
    kind = response.get("Content-Type", "")
    body = response.content.decode()
    if response.status_code != 200:
        return None
    if kind.startswith("application/json"):
        values: list[str] = []

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                for item in value.values():
                    walk(item)
            elif isinstance(value, list):
                for item in value:
                    walk(item)
            elif isinstance(value, str):
                values.append(value)

        walk(json.loads(body))
        return " ".join(values)
    if not (kind.startswith("text/html") or kind.startswith("image/svg")):
        return None
    body = re.sub(r"(?is)<(script|style|code)\b.*?</\1>", " ", body)
    shown = " ".join(m.group(2) for m in SHOWN_ATTRIBUTE.finditer(body))
    body = re.sub(r"(?s)<[^>]+>", " ", body)
    return html.unescape(f"{body} {shown}")


def _crawl(client: Client, urls: list[str], names: list[str]) -> dict[str, str]:
    pages = {}
    for url in urls:
        response = client.get(url)
        if response.status_code == 405:
            continue  # an address for POST only
        assert response.status_code < 400, f"GET {url}: {response.status_code}"
        text = _text(response)
        if text is None:
            continue
        for name in names:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
        pages[url] = WORD_PLAYED.sub(" ", text)
    return pages


def _french_words(pages: dict[str, str]) -> set[str]:
    return {m.group(0).lower() for text in pages.values() for m in FRENCH.finditer(text)}


def _leftovers(pages: dict[str, str]) -> list[str]:
    out = []
    for url, text in pages.items():
        for match in FRENCH.finditer(text):
            around = text[max(match.start() - 50, 0) : match.end() + 50]
            out.append(f"{url}: {match.group(0)!r} in {' '.join(around.split())!r}")
    return out


def test_every_duplicate_page_in_english_has_no_french_word(event: Any, admin: Any) -> None:
    client = Client()
    client.force_login(admin)
    urls = _urls(event)
    seen_in_french: set[str] = set()
    crawled: dict[str, int] = {}
    for state in (_before_the_first_draw, _in_play):
        state(event, admin)
        names = _names(event)
        client.post("/langue/", {"language": "fr", "next": "/"})
        french = _crawl(client, urls, names)
        seen_in_french |= _french_words(french)
        client.post("/langue/", {"language": "en", "next": "/"})
        english = _crawl(client, urls, names)
        assert sorted(english) == sorted(french)
        crawled[state.__name__] = len(english)
        leftovers = _leftovers(english)
        assert not leftovers, f"{state.__name__}:\n" + "\n".join(leftovers[:60])
    # detail, create, chief, entry (twice), the game sheet, the slips, the standings print,
    # 7 players' sheets printed, 7 public and 7 plots, 7 players' edit forms, the public
    # standings and move, and the
    # JSON of the standings, of the game, of the entry progress and of the word list's
    # preparation, the hall screen and its JSON, the pairs page, the check-in and places page,
    # the players' self check-in page and the chief's missing ballots (JSON)
    assert crawled == {"_before_the_first_draw": 49, "_in_play": 49}
    unseen = sorted(set(FRENCH_WORDS) - seen_in_french)
    assert not unseen, f"words of the list seen on no French page: {unseen}"


def test_the_duplicate_pages_speak_french_by_default(event: Any, admin: Any) -> None:
    """French sentences of the pages, as they have always read."""
    _before_the_first_draw(event, admin)
    client = Client()
    client.force_login(admin)
    pk = event.event_id
    detail = client.get(f"/duplicate/{pk}/").content.decode()
    for french in (
        "1 partie · 180 s par coup",
        "<td>Tables attribuées</td><td>arbitre-c : table 21</td><td></td><td>joueurs : 1</td>",
        "<td>Import des joueurs</td><td>1 joueur</td>",
        "<td>Inscription</td><td>2001</td><td></td><td>nom : NOUVEAU</td>",
    ):
        assert french in detail, french
    _in_play(event, admin)
    detail = client.get(f"/duplicate/{pk}/").content.decode()
    assert "<td>Saisie</td><td>TH1 coup 1 table 1 (1001)</td>" in detail
    chief = client.get(f"/duplicate/{pk}/partie/1/ja/").content.decode()
    assert "TH1 — coup 2" in chief and "lettres dans le sac" in chief
    assert 'data-finished="Temps écoulé"' in chief
    standings = client.get(f"/public/duplicate/{pk}/").content.decode()
    assert "JOUEUR01 Test — TH1, coup 1" in standings
    assert 'data-solo="{name} — {game}, coup {move} ({score} points)"' in standings
    plot = client.get(f"/public/duplicate/{pk}/joueur/1001/progression.svg").content.decode()
    assert "coups (1)" in plot and "— joueur" in plot


def test_the_audit_log_in_english(event: Any, admin: Any) -> None:
    """Actions, targets and the keys of the values, as stored in French, worded again."""
    _before_the_first_draw(event, admin)
    client = Client()
    client.force_login(admin)
    client.post("/langue/", {"language": "en", "next": "/"})
    detail = client.get(f"/duplicate/{event.event_id}/").content.decode()
    for english in (
        "1 game · 180 s per move",
        "<td>Tables assigned</td><td>arbitre-c: table 21</td><td></td><td>players: 1</td>",
        "<td>Players imported</td><td>1 player</td>",
        "<td>Registration</td><td>2001</td><td></td><td>name: NOUVEAU</td>",
    ):
        assert english in detail, english
    _in_play(event, admin)
    detail = client.get(f"/duplicate/{event.event_id}/").content.decode()
    for english in (
        "<td>Ballot entered</td><td>TH1 move 1 table 1 (1001)</td>",
        "<td>Ballot corrected</td><td>TH1 move 1 table 6 (1006)</td>",
        "<td>Late arrival</td><td>TH1 1007</td><td></td><td>from move: 2</td>",
        "<td>TH1 move 1 table 6 (1006)</td><td>ballot: 8 · points: 8</td>",
        "<td>Random draw</td>",
        "<td>Timer started</td>",
    ):
        assert english in detail, english


def test_refusals_and_messages_in_english(event: Any, admin: Any) -> None:
    """The services' refusals, the entry API's answers and the director's messages."""
    client = Client()
    client.force_login(admin)
    pk = event.event_id
    client.post("/langue/", {"language": "en", "next": "/"})
    answer = client.post(
        f"/duplicate/{pk}/partie/1/saisie/api/", data="{", content_type="application/json"
    )
    assert answer.json() == {"ok": False, "error": "Malformed request."}
    reg = Registration.objects.get(duplicate=event, table=1)
    answer = client.post(
        f"/duplicate/{pk}/partie/1/saisie/api/",
        data=json.dumps({"registration": reg.pk, "move": 1, "version": 0, "text": "top"}),
        content_type="application/json",
    )
    assert answer.json() == {"ok": False, "error": "Move 1 has not been played yet."}
    response = client.post(
        f"/duplicate/{pk}/arbitres/",
        {"username": "arbitre-a", "password": "", "tables": "9-3"},
        follow=True,
    )
    assert "The range of tables is the wrong way round." in response.content.decode()
    response = client.post(
        f"/duplicate/{pk}/joueurs/ajout/", {"licence": "1001", "name": "DOUBLE"}, follow=True
    )
    assert "Licence 1001 is already registered." in response.content.decode()
    game = event.games.get(number=1)
    response = client.post(
        f"/duplicate/{pk}/partie/1/ja/",
        {"action": "start_timer", "version": game.version},
        follow=True,
    )
    assert "Make the draw first." in response.content.decode()
    client.post("/langue/", {"language": "fr", "next": "/"})
    response = client.post(
        f"/duplicate/{pk}/partie/1/ja/",
        {"action": "start_timer", "version": game.version},
        follow=True,
    )
    assert "Faites d&#x27;abord le tirage." in response.content.decode()


def test_the_word_list_preparation_speaks_the_language_of_the_page(db: None) -> None:
    """The banner of every page and its JSON: the step worded in the page's language."""
    started, read = threading.Event(), threading.Event()

    def job(progress: Any, step: Any) -> None:
        step(preparation.COMPILING)
        progress(5, 10)
        started.set()
        read.wait(30)  # the step stays shown until the test has read it

    preparation.reset()
    preparation.start(job)
    try:
        assert started.wait(30)
        client = Client()
        assert client.get("/lexique/etat/").json()["step"] == "Compilation de la liste de mots"
        page = client.get("/").content.decode()
        assert "Compilation de la liste de mots" in page
        client.post("/langue/", {"language": "en", "next": "/"})
        assert client.get("/lexique/etat/").json()["step"] == "Compiling the word list"
        page = client.get("/").content.decode()
        assert "Compiling the word list" in page and "Preparing the default word list" in page
        assert 'data-ready="word list ready."' in page
    finally:
        read.set()
        preparation.reset()


def test_a_game_refusal_of_the_chief_arbiter_in_english(event: Any, admin: Any) -> None:
    game = Game.objects.get(duplicate=event, number=1)
    from django.utils import translation

    with translation.override("en"):
        with pytest.raises(services.ServiceError, match="^Nothing to undo.$"):
            services.chief_action(game.pk, game.version, "undo", admin)
