"""``arbitre serve``: migrations applied, the home page served by cheroot, a clean stop."""

from __future__ import annotations

import signal
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

from arbitre import __version__
from tests.app.server import arbitre_server


def test_home_page_lists_no_event_and_shows_version(tmp_path: Path) -> None:
    with arbitre_server(tmp_path) as server:
        status, html = server.get("/")
        assert status == 200
        assert "<h1>Événements</h1>" in html
        assert "Aucun événement pour le moment." in html
        assert f"Arbitre {__version__}" in html
        assert 'lang="fr"' in html
        # the SQLite database lives in the per-user data directory given by ARBITRE_DATA_DIR
        assert (tmp_path / "arbitre.sqlite3").exists()


def test_server_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    with arbitre_server(tmp_path) as server:
        server.process.send_signal(signal.SIGINT)
        server.process.wait(timeout=15)
        output = server.process.stdout.read() if server.process.stdout else ""
    assert server.process.returncode == 0
    assert "Arbitre est prêt : http://127.0.0.1:" in output
    assert "Arbitre arrêté." in output


def test_first_run_creates_the_director_once(tmp_path: Path) -> None:
    with arbitre_server(tmp_path) as server:
        jar = CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        page = opener.open(server.url + "premier-lancement/").read().decode()
        assert "Créer le compte directeur" in page
        token = next(c.value for c in jar if c.name == "csrftoken")
        form = {
            "csrfmiddlewaretoken": token,
            "username": "directrice",
            "password": "Tournoi-2026!",
            "password2": "Tournoi-2026!",
        }
        request = urllib.request.Request(
            server.url + "premier-lancement/",
            data=urllib.parse.urlencode(form).encode(),
            headers={"Referer": server.url + "premier-lancement/"},
        )
        home = opener.open(request).read().decode()
        assert "directrice" in home  # logged in, name in the header
        assert "créez le compte du directeur" not in home
        # once an account exists, the first-run page no longer offers to create one
        again = opener.open(server.url + "premier-lancement/").read().decode()
        assert "Créer le compte directeur" not in again


def test_post_without_csrf_token_is_refused(tmp_path: Path) -> None:
    with arbitre_server(tmp_path) as server:
        request = urllib.request.Request(
            server.url + "premier-lancement/",
            data=b"username=x&password=y&password2=y",
        )
        try:
            urllib.request.urlopen(request)
        except urllib.error.HTTPError as exc:
            assert exc.code == 403
        else:
            raise AssertionError("a POST without a CSRF token must be refused")


def test_about_page_shows_the_word_list_notice(tmp_path: Path) -> None:
    with arbitre_server(tmp_path) as server:
        status, html = server.get("/a-propos/")
    assert status == 200
    assert "Grammalecte/Dicollecte" in html
    assert (
        "Ce n&#x27;est PAS l&#x27;Officiel du Scrabble" in html
        or "Ce n'est PAS l'Officiel du Scrabble" in html
    )
    assert "chargez votre propre liste" in html
