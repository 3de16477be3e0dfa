"""French by default, English on request from the footer (issue 17, part 4).

Every page of the events, Classic and backgammon apps is requested in English by the account
manager, over events in every state (a round being entered with a result, a forfeit, an
override, an absence, a late entry and a withdrawal; a finished Swiss stage with its final
phase or bracket under way): no French word of the interface may remain outside the names
of players, events and accounts. The same pages in French show those words.
"""

from __future__ import annotations

import datetime
import html
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.test_rights import patterns

pytestmark = pytest.mark.django_db

FRENCH_WORDS = (
    # navigation, headings, buttons
    "ronde", "rondes", "joueur", "joueurs", "classement", "résultat", "résultats", "pointage",
    "appariement", "appariements", "apparier", "inscription", "inscrire", "retour",
    "événement", "événements", "nouveau", "nouvel", "enregistrer", "supprimer", "journal",
    "équipe", "compte", "comptes", "connexion", "déconnexion", "langue", "propos", "partie",
    "parties", "adversaire", "vainqueur", "perdant", "tableau", "tableaux", "consolante",
    "pendule", "feuille", "feuilles", "raison", "quand", "qui", "objet", "rang",
    "cote", "lieu", "jeu", "nom", "pourquoi", "explication", "commence", "corriger",
    "modifier", "échanger", "annuler", "importer", "colonnes", "télécharger", "vérifier",
    # states and outcomes
    "exempt", "forfait", "pointé", "présent", "présents", "retiré", "tardive", "terminée",
    "cours", "gagné", "gagne", "perdu", "aucun", "aucune", "désactivé", "actif", "finale",
    "demies", "quarts", "matchs", "retard", "longueur", "administrateur", "directeur",
    "codirecteur", "mise", "automatique",
    # words of French sentences
    "le", "la", "les", "des", "du", "de", "et", "à", "avec", "par", "pour", "une",
)  # fmt: skip
FRENCH = re.compile(rf"(?<!\w)(?:{'|'.join(FRENCH_WORDS)})(?!\w)", re.IGNORECASE)
CHECKED_APPS = ("events", "classic", "backgammon")
PASSWORD = "Langue-des-tournois-2026"
MAT = Path(__file__).resolve().parents[1] / "backgammon" / "data" / "gnubg_selfplay_5pt.mat"


def test_the_footer_switches_the_interface_to_english(db: None) -> None:
    client = Client()
    page = client.get("/").content.decode()
    assert '<html lang="fr">' in page and "Langue" in page
    response = client.post("/langue/", {"language": "en", "next": "/a-propos/"})
    assert response.status_code == 302 and response["Location"] == "/a-propos/"
    page = client.get("/a-propos/").content.decode()
    assert '<html lang="en">' in page and "Language" in page and "Langue" not in page
    client.post("/langue/", {"language": "fr", "next": "/"})
    assert "Langue" in client.get("/").content.decode()


def test_the_browser_language_does_not_change_the_interface(db: None) -> None:
    """French unless English is chosen in the footer, whatever the browser prefers."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    page = client.get("/")
    assert '<html lang="fr">' in page.content.decode() and page["Content-Language"] == "fr"
    client.post("/langue/", {"language": "en", "next": "/"})
    assert '<html lang="en">' in client.get("/").content.decode()
    client.cookies["django_language"] = "xx"  # not a language of the site
    assert '<html lang="fr">' in client.get("/").content.decode()


def _in_play(world: dict[str, Any]) -> None:
    """Round 1 of the world's own events under way: an override, results, forfeits, an
    announced absence, a late entry, a withdrawal; and changes of accounts and staff."""
    from arbitre.app.backgammon.game import GAME as BACKGAMMON
    from arbitre.app.classic import services as classic_services
    from arbitre.app.classic.game import GAME as CLASSIC
    from arbitre.app.events import staff
    from arbitre.app.events.roles import ARBITER
    from arbitre.app.rounds import results, services
    from arbitre.app.rounds.games import PlayerRow
    from arbitre.backgammon.mat import export_mat, import_mat

    admin = world["users"]["admin"]
    for kind, game in (("classic", CLASSIC), ("backgammon", BACKGAMMON)):
        t = world["events"][f"{kind}-mine"].tournament
        first, second = t.round_set.get().tables.order_by("number")
        if kind == "classic":
            services.override_pairing(game, t, 1, first.a, second.a, "P0/P2", admin)
            first.refresh_from_db()
            second.refresh_from_db()
        entry = {"forfeit": "", "score_a": 400, "score_b": 300, "winner": ""}
        if kind == "backgammon":
            entry = {"forfeit": "", "score_a": 5, "score_b": 2, "winner": first.a}
            entry |= {"late_a": 0, "late_b": 12}
        results.enter_result(game, t, first.pk, first.version, entry, admin)
        forfeit = {"forfeit": "a", "score_a": None, "score_b": 350, "winner": ""}
        if kind == "backgammon":
            forfeit |= {"forfeit": "both", "score_b": None, "late_a": 0, "late_b": 0}
        results.enter_result(game, t, second.pk, second.version, forfeit, admin)
        if kind == "backgammon":
            mat = export_mat(import_mat(MAT.read_text("utf-8")))
            results.store_mat(t, first.pk, mat, admin)
        services.register(game, t, [PlayerRow("P9", 1400)], admin)
        services.withdraw(t, t.entrants.get(name="P3").pk, admin, "P3")
        if kind == "classic":
            player = t.entrants.get(name="P1")
            classic_services.announce_absence(t, player.pk, 2, admin)
    staff.create_account(admin, "juge", PASSWORD, ARBITER)
    user = staff.assign(admin, world["events"]["classic-mine"].pk, "juge", ARBITER).user
    staff.set_active(admin, user.pk, False)


def _other_states(world: dict[str, Any]) -> list[dict[str, Any]]:
    """Events in the other states, by game: the world's other events (round 1 paired, nothing
    entered: the override form); a Swiss stage complete with a bye and a player never checked
    in (the play-off form, the bracket's refusal); a Classic final and a backgammon bracket
    under way (a match in progress, a result)."""
    from arbitre.app.backgammon import bracket
    from arbitre.app.backgammon.game import GAME as BACKGAMMON
    from arbitre.app.classic import final
    from arbitre.app.classic.game import GAME as CLASSIC
    from arbitre.app.rounds import results, services
    from arbitre.app.rounds.games import PlayerRow

    admin = world["users"]["admin"]
    states = [{kind: world["events"][f"{kind}-other"] for kind in ("classic", "backgammon")}]
    for stage in ("swiss", "final"):
        events = {}
        for kind, game in (("classic", CLASSIC), ("backgammon", BACKGAMMON)):
            data = {"name": f"{kind} {stage}", "date": datetime.date(2026, 11, 23), "place": ""}
            data |= {"rounds": 1, "match_length": 5}
            data |= {"final_size": 2} if kind == "classic" and stage == "final" else {}
            event = services.create_tournament(game, data, admin)
            t = event.tournament
            players = 8 if kind == "backgammon" and stage == "final" else 6
            rows = [PlayerRow(f"Q{i}", 1900 - 37 * i) for i in range(players)]
            services.register(game, t, rows, admin)
            # six registered, five present (one never checked in, a bye); or eight present
            present = {e.pk for e in t.entrants.all() if players == 8 or e.name != "Q5"}
            services.check_in(t, present, admin)
            for tb in services.pair_next_round(game, t, admin).tables.all():
                if not tb.b:
                    continue  # the bye is entered with the pairing
                entry = {"forfeit": "", "score_a": 400, "score_b": 300, "winner": ""}
                if kind == "backgammon":
                    entry = {"forfeit": "", "score_a": 2, "score_b": 5, "winner": tb.b}
                    entry |= {"late_a": 0, "late_b": 0}
                results.enter_result(game, t, tb.pk, tb.version, entry, admin)
            if stage == "final" and kind == "classic":
                final.start(t, admin)
            elif stage == "final":
                bracket.start(t, admin)
                bracket.record(t, "QF1", "", "9-3", admin)
                top = bracket.brackets(t).players("QF2")[0]
                bracket.record(t, "QF2", str(top), "9-3 9-2", admin)
            events[kind] = event
        states.append(events)
    return states


def _urls(world: dict[str, Any], states: list[dict[str, Any]]) -> list[str]:
    """Every page of the checked apps (GET), for the events in every state; a player's page
    for every player."""
    from arbitre.app.rounds.models import Entrant
    from tests.app.world import arguments

    out = []
    for name, route, _ in patterns():
        if name is None or (name.split(":")[0] not in CHECKED_APPS and name != "login"):
            continue
        kind = name.split(":")[0]
        worlds = [world]
        if kind in ("classic", "backgammon"):
            worlds += [
                dict(world, events=dict(world["events"], **{f"{kind}-mine": state[kind]}))
                for state in states
            ]
        for w in worlds:
            kwargs = arguments(route, name, w)
            entrants = [kwargs.get("entrant_id")]
            if name.endswith(":public_player"):
                event = w["events"][f"{kind}-mine"]
                entrants = list(
                    Entrant.objects.filter(tournament__event=event).values_list("pk", flat=True)
                )
            for entrant in entrants:
                if entrant is not None:
                    kwargs["entrant_id"] = entrant
                url = reverse(name, kwargs=kwargs)
                if url not in out:
                    out.append(url)
    return out


def _text(page: str) -> str:
    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page)
    page = re.sub(r"(?s)<[^>]+>", " ", page)
    return html.unescape(page)


def _names() -> list[str]:
    """Names that are data, not interface: events, players, accounts, reasons typed."""
    from django.contrib.auth import get_user_model

    from arbitre.app.events.models import Event
    from arbitre.app.rounds.models import AuditEntry, Entrant

    names = ["Officiel du Scrabble"]  # the title of the French reference dictionary
    names += Event.objects.values_list("name", flat=True)
    names += Entrant.objects.values_list("name", flat=True)
    names += get_user_model().objects.values_list("username", flat=True)
    names += AuditEntry.objects.exclude(reason="").values_list("reason", flat=True)
    return sorted({n for n in names if n}, key=len, reverse=True)


def _without(names: list[str], text: str) -> str:
    for name in names:
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return text


def _crawl(client: Client, urls: list[str]) -> dict[str, str]:
    """The text of every HTML page (and of every refusal in plain text), names taken out."""
    names = _names()
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code < 500, f"GET {url}: {response.status_code}"
        kind = response.get("Content-Type", "")
        page = response.status_code == 200 and kind.startswith("text/html")
        refusal = response.status_code >= 400 and kind.startswith("text/plain")
        if not (page or refusal):
            continue  # a redirect, a POST-only address, an export in an exchange format
        pages[url] = _without(names, _text(response.content.decode()))
    return pages


def test_every_page_in_english_has_no_french_word(world: dict[str, Any]) -> None:
    _in_play(world)
    urls = _urls(world, _other_states(world))
    client = Client()
    client.force_login(world["users"]["admin"])

    french = _crawl(client, urls)
    assert len(french) > 40, sorted(french)
    found = {m.group(0).lower() for text in french.values() for m in FRENCH.finditer(text)}
    unseen = sorted(set(FRENCH_WORDS) - found)
    assert not unseen, f"words of the list seen on no French page: {unseen}"

    client.post("/langue/", {"language": "en", "next": "/"})
    english = _crawl(client, urls)
    assert sorted(english) == sorted(french)
    leftovers = []
    for url, text in english.items():
        for match in FRENCH.finditer(text):
            around = text[max(match.start() - 50, 0) : match.end() + 50]
            leftovers.append(f"{url}: {match.group(0)!r} in {' '.join(around.split())!r}")
    assert not leftovers, "\n".join(leftovers[:60])


def test_the_standings_csv_speaks_the_language_of_the_page(world: dict[str, Any]) -> None:
    """The headers of the standings CSV are worded (French by default); the engines' exchange
    files (results CSV, TSH, .mat) keep their own format: the results files in French, as a
    director downloads them, whatever the language of the pages."""
    client = Client()
    classic = world["events"]["classic-mine"].pk
    backgammon = world["events"]["backgammon-mine"].pk

    def first_line(url: str) -> str:
        return client.get(url).content.decode("utf-8-sig").splitlines()[0]

    results = first_line(f"/public/classique/{classic}/resultats.csv")
    assert results == "ronde,joueur_a,joueur_b,score_a,score_b,commence,perdant,cause_perte"
    bg_results = first_line(f"/public/backgammon/{backgammon}/resultats.csv")
    assert bg_results.startswith("ronde,joueur_a,joueur_b,vainqueur,longueur,score_a,score_b")
    assert first_line(f"/public/classique/{classic}/classement.csv") == (
        "rang;ex_aequo;nom;club;cote;PM;PPM;PPM_utilises;Pdep;parties"
    )
    assert first_line(f"/public/backgammon/{backgammon}/classement.csv") == (
        "rang;ex_aequo;nom;club;elo;points;buchholz;performance;D;joues"
    )
    client.post("/langue/", {"language": "en", "next": "/"})
    assert first_line(f"/public/classique/{classic}/classement.csv") == (
        "rank;tied;name;club;rating;PM;PPM;PPM_used;Pdep;games"
    )
    assert first_line(f"/public/backgammon/{backgammon}/classement.csv") == (
        "rank;tied;name;club;elo;points;buchholz;performance;D;played"
    )
    assert first_line(f"/public/classique/{classic}/resultats.csv") == results
    assert first_line(f"/public/backgammon/{backgammon}/resultats.csv") == bg_results


def test_messages_and_refusals_are_worded_in_english(world: dict[str, Any]) -> None:
    """The messages of an action, the services' refusals and the engines' refusals."""
    from tests.app_rounds.conftest import messages_of

    client = Client()
    client.force_login(world["users"]["admin"])
    event = world["events"]["backgammon-mine"].pk
    t = world["events"]["backgammon-mine"].tournament
    tb = t.round_set.get().tables.order_by("number").first()
    url = f"/backgammon/{event}/table/{tb.pk}/resultat/"
    refused = messages_of(client.post(url, {"version": tb.version}, follow=True))
    assert refused == ["Table 1 : Indiquez le vainqueur du match."]
    client.post("/langue/", {"language": "en", "next": "/"})
    refused = messages_of(client.post(url, {"version": tb.version}, follow=True))
    assert refused == ["Table 1: Give the winner of the match."]
    saved = messages_of(client.post(url, {"version": tb.version, "winner": tb.a}, follow=True))
    assert saved == ["Table 1: result saved."]
    stale = messages_of(client.post(url, {"version": tb.version, "winner": tb.a}, follow=True))
    assert stale == ["Table 1: This result has changed since the page was shown: reload it."]
    pairing = messages_of(client.post(f"/backgammon/{event}/apparier/", follow=True))
    assert pairing == ["Round 1 is not finished: result missing at tables 2."]
    player = t.entrants.get(name=tb.a).pk
    history = client.get(f"/public/backgammon/{event}/joueur/{player}/").content.decode()
    assert "<td>won</td>" in history


def test_the_frame_and_the_events_pages_in_english(db: None) -> None:
    client = Client()
    client.post("/langue/", {"language": "en", "next": "/"})
    for url, english in (
        ("/", "No event yet."),
        ("/a-propos/", "free software to arbitrate"),
        ("/compte/connexion/", "Log in"),
    ):
        text = re.sub(r"<[^>]+>", " ", client.get(url).content.decode())
        assert english in text, url
        for french in ("Événements", "Connexion", "À propos", "Aucun événement", "logiciel libre"):
            assert french not in text, (url, french)


def test_the_accounts_and_staff_pages_in_english(world: dict[str, Any]) -> None:
    client = Client()
    client.force_login(world["users"]["director"])
    client.post("/langue/", {"language": "en", "next": "/"})
    event = world["events"]["classic-mine"]
    for url, english, french in (
        ("/comptes/", "New account", "Nouveau compte"),
        (f"/evenement/{event.pk}/equipe/", "Add a director or an arbiter", "Retirer"),
    ):
        text = re.sub(r"<[^>]+>", " ", client.get(url).content.decode())
        assert english in text and french not in text, url
