"""French by default, English on request from the footer (issue 17, part 4)."""

from __future__ import annotations

from typing import Any

from django.test import Client


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


def test_the_browser_language_is_not_followed(db: None) -> None:
    """French stays the default for a browser set to English; only the footer's choice counts."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    page = client.get("/").content.decode()
    assert '<html lang="fr">' in page and "Langue" in page


def test_standings_csv_headers_follow_the_language(world: dict[str, Any]) -> None:
    client = Client()
    event = world["events"]["classic-mine"]
    url = f"/public/classique/{event.pk}/classement.csv"
    french = client.get(url).content.decode("utf-8-sig").splitlines()[0]
    assert french.startswith("rang;ex_aequo;nom;club;cote;PM;PPM;PPM_utilises;Pdep;parties")
    client.post("/langue/", {"language": "en", "next": "/"})
    english = client.get(url).content.decode("utf-8-sig").splitlines()[0]
    assert english.startswith("rank;tied;name;club;rating;PM;PPM;PPM_used;Pdep;games")
    bg = world["events"]["backgammon-mine"]
    header = client.get(f"/public/backgammon/{bg.pk}/classement.csv").content.decode("utf-8-sig")
    assert header.startswith("rank;tied;name;club;elo;points;buchholz;performance;D;played")


def test_the_frame_and_the_events_pages_in_english(db: None) -> None:
    """The pages translated so far read in English once English is chosen; the rest of the
    interface (rounds, Duplicate pages) stays in French until its turn."""
    import re

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
    import re

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
