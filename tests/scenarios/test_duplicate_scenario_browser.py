"""A Duplicate event at a festival's size, lived in the browser (issue 35, part 8): the
director imports 120 players from a federation file and names 4 arbiters of 30 tables
each; the chief arbiter plays 2 moves on their screen while the 4 arbiters enter every
ballot on their phones (390x844); the hall screen and the public standings follow.

Each page a user reads is read at the four sizes of :data:`tests.app.pagecheck.VIEWPORTS`
(screenshots under ``test-artifacts/scenarios/``) and must fit its screen, cut no text,
meet the AA contrast and show no English word or raw code; each action's time goes to
``test-artifacts/scenarios/duplicate-timings.json``, printed at the end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.pagecheck import PageChecks, Timings, new_page
from tests.app.server import arbitre_server, director_data
from tests.app.test_accessibility_browser import engine_code_words
from tests.app_duplicate.test_duplicate_browser import (
    ARBITER_PASSWORD,
    PASSWORD,
    enter,
    expect,
    login,
)

#: How long the chief's screen may take to show a draw's top (milliseconds): the first top
#: search of a server started cold took two minutes on a loaded 2-core machine.
FIRST_TOP_MS = 600_000
PLAYERS = 120
ARBITERS = 4
PER_ARBITER = PLAYERS // ARBITERS
SURNAMES = (
    "DUPONT ÉMERY LEFÈVRE MARTIN NOËL GARNIER FAURE BOYER ROUX PICARD CLÉMENT GUÉRIN "
    "MOREL VIDAL ÉCUYER MERCIER BLANC ROCHE DUFOUR FONTAINE"
).split()
FIRST_NAMES = "Amélie Étienne Joëlle Hélène Noël Inès Gérard Zoé Françoise Léon Renée Yves".split()


def federation_file(path: Path) -> Path:
    """120 licensees as a federation export gives them (Latin-1, semicolons), with the
    table each sits at."""
    lines = ["licence;nom;prenom;club;serie;palier;categorie;table"]
    for i in range(1, PLAYERS + 1):
        surname = f"{SURNAMES[i % len(SURNAMES)]}-{i:03d}"
        first = FIRST_NAMES[i % len(FIRST_NAMES)]
        category = ("V", "S", "D", "J", "")[i % 5]
        lines.append(f"{20000 + i};{surname};{first};Club {i % 23};{1 + i % 7};A;{category};{i}")
    path.write_text("\n".join(lines) + "\n", encoding="latin-1")
    return path


def ballot(move: int, table: int, top: str, score: int) -> str:
    """What table ``table`` writes on its ballot: mostly the top, some a lower move (a
    zero), now and then the top (``top``, worth ``score``) with a point too many, which
    the arbiter's decision shows in the row."""
    if table % 17 == 0:
        return "0"
    if move == 1 and table % 29 == 0:
        return f"{top} {score + 1}"
    return "top"


def chief_move(page: Any, chief_url: str, move: int, timings: Timings) -> None:
    """The chief arbiter's move: a random draw (again while no move scores, 5.2), the time
    started, the top revealed; each step timed."""
    with timings.action(f"chief: open the screen for move {move}"):
        page.goto(chief_url)
        page.locator("#draw-random").wait_for()
    with timings.action(f"chief: move {move}'s draw (the top searched)"):
        while True:
            # a server's first top search may take minutes on a loaded machine
            page.click("#draw-random", timeout=FIRST_TOP_MS)
            # the page after the draw: a top to reveal, or no move scores (5.2)
            page.locator("#reveal, button[value=annul_no_score]").first.wait_for(
                timeout=FIRST_TOP_MS
            )
            if page.locator("#reveal").count():
                break
            page.click("button[value=annul_no_score]")
            page.locator("#draw-random").wait_for()
    with timings.action(f"chief: move {move}'s time started"):
        page.click("#start-timer")
        expect(page.locator("#start-timer")).to_have_count(0)
        expect(page.locator("#countdown")).to_have_text(re.compile(r"\d:\d\d"))
    with timings.action(f"chief: move {move}'s top revealed"):
        page.click("#reveal")
        expect(page.locator("#reveal")).to_have_count(0)


@pytest.mark.browser
def test_a_festival_of_120_players_with_4_arbiters_on_phones(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    timings = Timings("duplicate")
    checks = PageChecks("duplicate", frozenset(engine_code_words()))
    with arbitre_server(data, prepare=True) as server, headless_chromium() as browser:
        url = server.url
        director = new_page(browser, 1280, 800)
        director.on("dialog", lambda dialog: dialog.accept())  # the reveal asks first
        with timings.action("director: log in"):
            login(director, url, "directrice", PASSWORD)
            director.locator("#new-duplicate").wait_for()
        with timings.action("director: create the event (default word list)"):
            director.click("#new-duplicate")
            director.fill("input[name=name]", "Festival de Vichy")
            director.fill("input[name=date]", "2026-11-22")
            director.fill("input[name=games_planned]", "2")
            director.fill("input[name=seconds_per_move]", "180")
            director.click("main button[type=submit]")
            expect(director.locator("h1")).to_have_text("Festival de Vichy")
        event_url = director.url
        event_id = event_url.rstrip("/").split("/")[-1]
        with timings.action(f"director: import {PLAYERS} players from a file"):
            director.set_input_files(
                "#import-form input[type=file]", str(federation_file(tmp_path / "ffsc.csv"))
            )
            director.click("#import-form button")
            expect(director.locator(".messages")).to_contain_text(f"{PLAYERS} joueurs importés.")
        for n in range(ARBITERS):
            low, high = n * PER_ARBITER + 1, (n + 1) * PER_ARBITER
            with timings.action(f"director: name arbiter {n + 1} (tables {low}-{high})"):
                director.fill("#arbiter-form input[name=username]", f"arbitre-{n + 1}")
                director.fill("#arbiter-form input[name=password]", ARBITER_PASSWORD)
                director.fill("#arbiter-form input[name=tables]", f"{low}-{high}")
                director.click("#arbiter-form button")
                expect(director.locator(".messages")).to_contain_text(
                    f"attribuées à arbitre-{n + 1}"
                )
        with timings.action("director: the event's page"):
            director.goto(event_url)
            director.locator("h1").wait_for()
        checks.read(director, "event")

        arbiters = []
        for n in range(ARBITERS):
            phone = new_page(browser, 390, 844)
            with timings.action(f"arbiter {n + 1}: log in on a phone"):
                login(phone, url, f"arbitre-{n + 1}", ARBITER_PASSWORD)
                phone.wait_for_load_state("load")
            arbiters.append(phone)

        chief_url = f"{url}duplicate/{event_id}/partie/1/ja/"
        entry_url = f"{url}duplicate/{event_id}/partie/1/saisie/"
        with timings.action("server: the default word list and top search made ready"):
            director.wait_for_function(
                'async () => (await (await fetch("/lexique/etat/")).json()).state === "ready"',
                polling=1_000,
                timeout=600_000,
            )
        for move in (1, 2):
            chief_move(director, chief_url, move, timings)
            for n, phone in enumerate(arbiters):
                with timings.action(f"arbiter {n + 1}: open the move {move} entry page"):
                    phone.goto(entry_url + f"?coup={move}")
                    phone.locator(f"input[name=ballot-{n * PER_ARBITER + 1}]").wait_for()
            # the four arbiters enter their tables in turns, as they do side by side
            top = arbiters[0].locator(".top-line strong").inner_text()
            line = arbiters[0].locator(".top-line").inner_text()
            score = int(re.findall(r"\((\d+)\)", line)[-1])
            spent = [0.0] * ARBITERS
            for i in range(1, PER_ARBITER + 1):
                for n, phone in enumerate(arbiters):
                    table = n * PER_ARBITER + i
                    with timings.action("one ballot") as _:
                        enter(phone, table, ballot(move, table, top, score))
                    spent[n] += timings.actions.pop()[1]
            for n in range(ARBITERS):
                timings.actions.append(
                    (f"arbiter {n + 1}: {PER_ARBITER} ballots of move {move}", round(spent[n], 3))
                )
            if move == 1:
                row = arbiters[0].locator("tr:has(input[name=ballot-29]) td.decision")
                expect(row).to_contain_text("Erreur de calcul des points")
                checks.read(arbiters[0], "entry", "input[name=ballot-1]")
            with timings.action(f"chief: the screen after move {move}'s ballots"):
                director.goto(chief_url)
                director.locator("#last-top").wait_for()
            checks.read(director, f"chief-move-{move}", "#last-top")

        hall = new_page(browser, 1920, 1080)
        with timings.action("hall screen: open"):
            hall.goto(f"{url}public/duplicate/{event_id}/salle/")
            hall.locator("#hall-panel-title:not(:empty)").wait_for()
        checks.read(hall, "hall", "#hall-panel-title:not(:empty)")

        public = new_page(browser, 390, 844)
        with timings.action("public: the standings"):
            public.goto(f"{url}public/duplicate/{event_id}/")
            expect(public.locator("#standings tbody tr")).to_have_count(PLAYERS)
        checks.read(public, "standings", "#standings tbody tr")
        with timings.action("public: a player's page"):
            public.locator("#standings tbody tr >> nth=0 >> a").first.click()
            public.wait_for_load_state("load")
            public.locator("main h1").wait_for()
        checks.read(public, "player", "main h1")

    print(timings.text())
    timings.write()
    checks.assert_clean()
