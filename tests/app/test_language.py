"""French by default, English on request from the footer (issue 17, part 4)."""

from __future__ import annotations

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
