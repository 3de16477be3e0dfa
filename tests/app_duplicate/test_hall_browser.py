"""End to end in headless Chromium: the hall screen of a Duplicate event left open on a
projector through the rest of a game played on the chief arbiter's screen (issue 21, part 3),
and the hall screen of a Classic event turning its panels; the QR code on the screen, read
back by a QR decoder (zbarimg), leads to the event's public page."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server, migrated_data, run_template
from tests.app_duplicate.test_duplicate_browser import expect, login
from tests.app_duplicate.test_hall_screen_browser import assert_fits
from tests.support import require

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PASSWORD = "Demonstration-2026!"


def decoded_qr(page: Any, selector: str, path: Path) -> str:
    """What a QR decoder reads off the screen's code (a screenshot of the element)."""
    require(shutil.which("zbarimg") is not None, "zbarimg is missing (apt-get install zbar-tools)")
    page.locator(selector).screenshot(path=str(path))
    out = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(path)], capture_output=True, text=True, timeout=30
    )
    return out.stdout.strip()


def play_one_move(director: Any, chief_url: str) -> bool:
    """Draw (again when no move scores), start the time, reveal the top; False once the
    game is over."""
    director.goto(chief_url)
    if director.get_by_text("Partie terminée").count():
        return False
    if director.locator("#draw-random").count():
        director.click("#draw-random")
        director.locator("#reveal, button[value=annul_no_score], .big").first.wait_for()
        while director.locator("button[value=annul_no_score]").count():
            director.click("button[value=annul_no_score]")
            director.locator("#draw-random").wait_for()
            director.click("#draw-random")
            director.locator("#reveal, button[value=annul_no_score]").first.wait_for()
    if director.get_by_text("Partie terminée").count():
        return False
    if director.locator("#start-timer").count():
        director.click("#start-timer")
        expect(director.locator("#start-timer")).to_have_count(0)
    director.click("#reveal")
    expect(director.locator("#reveal")).to_have_count(0)
    return True


def small_demo(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """A data folder filled by ``arbitre demo --small`` (director ``demo``, :data:`PASSWORD`),
    and its events' numbers by kind.

    The folder is a copy of one filled so once per test run, shared by its
    workers (:func:`tests.app.server.run_template`): the same seed gives the same
    events, and a test's server starts from the same files as from its own run of the
    command, without its migrations and demo again."""
    data = tmp_path / "data"

    def build(made: Path) -> None:
        # the run's migrated folder, filled (the migrations of an empty one: 3.5 s)
        migrated_data(tmp_path, made / "data")
        env = dict(os.environ, ARBITRE_DATA_DIR=str(made / "data"))
        env.pop("ARBITRE_DATABASE_URL", None)
        done = subprocess.run(
            [sys.executable, "-m", "arbitre.cli", "demo", "--small", "--password", PASSWORD]
            + ["--json"],
            env=env,
            check=True,
            timeout=600,
            capture_output=True,
            text=True,
        )
        (made / "events.json").write_text(
            json.dumps(json.loads(done.stdout)["events"]), encoding="utf-8"
        )

    template = run_template(tmp_path, "small-demo", build)
    shutil.copytree(template / "data", data)
    events = json.loads((template / "events.json").read_text(encoding="utf-8"))
    return data, {kind: int(pk) for kind, pk in events.items()}


@pytest.mark.browser
def test_the_hall_screens_follow_a_game_and_turn_their_panels(tmp_path: Path) -> None:
    data, events = small_demo(tmp_path)
    dup, classic = events["duplicate"], events["classic"]
    ARTIFACTS.mkdir(exist_ok=True)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        screen = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        screen.goto(f"{url}public/duplicate/{dup}/salle/?secondes=3")
        stage = screen.locator("#hall-stage")
        # a server started cold loads the word list on its first game state: allow for it
        expect(stage).to_contain_text("TH2", timeout=30_000)
        # the server is opened as 127.0.0.1 here: the screen says phones cannot follow
        expect(screen.locator("#hall-local")).to_be_visible()
        assert decoded_qr(screen, ".hall-qr .qr", tmp_path / "qr.png") == (
            f"{url}public/duplicate/{dup}/"
        )
        # the panels turn: the last top, then the standings' pages
        title = screen.locator("#hall-panel-title")
        expect(title).to_have_text(re.compile(r"^Classement \(1/2\)$"), timeout=15_000)
        expect(title).to_have_text("Classement (2/2)", timeout=10_000)

        director = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        director.on("dialog", lambda dialog: dialog.accept())  # the reveal asks first
        login(director, url, "demo", PASSWORD)
        director.goto(f"{url}duplicate/{dup}/reglages/")
        director.fill("input[name=seconds_per_move]", "12")
        director.fill("input[name=warning_seconds]", "6")
        director.click("#settings-form button[type=submit]")
        expect(director.locator(".messages")).to_contain_text("Réglages enregistrés.")
        chief_url = f"{url}duplicate/{dup}/partie/2/ja/"

        # the first move: the hall shows the chief's draw and counts down, amber in the last
        # seconds, then says the time is over
        director.goto(chief_url)
        if director.locator("#draw-random").count():
            director.click("#draw-random")
            director.locator("#reveal, button[value=annul_no_score]").first.wait_for()
        if director.locator("#reveal").count():
            drawn = director.locator("#announce").inner_text()
            countdown = screen.locator("#hall-countdown")
            expect(countdown).to_have_text("En attente du départ")
            director.click("#start-timer")
            # 2.3: the signals written large on the hall, as the chief's screen gives them
            signal = screen.locator("#hall-signal")
            expect(signal).to_have_text("Début du temps de jeu", timeout=5_000)
            expect(countdown).to_have_text(re.compile(r"^0:(1[0-2]|0[7-9])$"), timeout=5_000)
            expect(countdown).to_have_class("hall-countdown warning", timeout=10_000)
            expect(signal).to_have_text("Les 6 dernières secondes")
            expect(signal).to_have_class("hall-signal warning")
            expect(director.locator("#signal")).to_have_text("Les 6 dernières secondes")
            expect(countdown).to_have_class("hall-countdown finished", timeout=10_000)
            expect(countdown).to_have_text("Temps écoulé")
            expect(signal).to_have_text("Fin du temps réglementaire")
            expect(signal).to_have_class("hall-signal end")
            expect(director.locator("#signal")).to_have_text("Fin du temps réglementaire")
            letters = re.sub(r"[^A-Z?]", "", screen.locator(".hall-draw").inner_text())
            assert letters and all(ch in drawn.upper() for ch in letters)
            screen.screenshot(path=str(ARTIFACTS / "hall-duplicate.png"))
            director.click("#reveal")

        # the rest of the game, the screen left open
        moves = 0
        while play_one_move(director, chief_url):
            moves += 1
            assert moves < 40
        top = (
            director.locator("#last-top").inner_text()
            if director.locator("#last-top").count()
            else ""
        )
        expect(stage).to_contain_text("Partie terminée", timeout=10_000)
        expect(screen.locator("#hall-signal")).to_have_count(0)  # no move on the clock
        # 2.6.4: the solos announced at the game's end (the demo's event has fewer than 16
        # players: none), the last top and the board still in view, the screen still whole
        expect(stage.locator("#hall-solos")).to_contain_text("Solos (2.6.4)")
        if top:
            word = re.search(r"[A-Z]{2,}", top.replace("Coup", ""))
            assert word is not None
            expect(screen.locator("#hall-last")).to_contain_text(word.group(0))
        expect(screen.locator("#hall-board td.new").first).to_be_visible()
        assert_fits(screen, "at the end of the demo game", rows=None)

        # Classic: pairings by table, by name, results, standings, in turn
        screen.goto(f"{url}public/classique/{classic}/salle/?secondes=3")
        expect(stage).to_be_hidden()
        # each kind of panel comes in its turn (waited for, one after the other)
        for shown in (r"appariements par table", r"votre table", r"^Classement( \(\d+/\d+\))?$"):
            expect(title).to_have_text(re.compile(shown), timeout=60_000)
        screen.screenshot(path=str(ARTIFACTS / "hall-classic.png"))
        assert decoded_qr(screen, ".hall-qr .qr", tmp_path / "qr2.png") == (
            f"{url}public/classique/{classic}/"
        )
