"""A Classic tournament of 40 players and a backgammon championship of 64, lived in the
browser by their director (issue 35, part 8): players imported from a file and checked in,
rounds paired, every result entered on the round's page, the standings read by the public;
for backgammon, the bracket of the best eight started after round 2.

Each page a user reads is read at the four sizes of :data:`tests.app.pagecheck.VIEWPORTS`
(screenshots under ``test-artifacts/scenarios/``) and must fit its screen, cut no text,
meet the AA contrast and show no English word or raw code; each action's time goes to
``test-artifacts/scenarios/<game>-timings.json``, printed at the end."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.pagecheck import PageChecks, Timings, new_page
from tests.app.server import RunningServer, arbitre_server
from tests.app.test_accessibility_browser import engine_code_words
from tests.app_rounds.test_rounds_browser import (
    import_and_check_in,
    login,
    new_backgammon_event,
    round_tables,
    start,
    submit,
    write_players,
)

SURNAMES = (
    "DUPONT ÉMERY LEFÈVRE MARTIN GARNIER FAURE BOYER ROUX PICARD CLÉMENT GUÉRIN MOREL "
    "VIDAL ÉCUYER MERCIER BLANC"
).split()
FIRST_NAMES = "Amélie Étienne Joëlle Hélène Noël Inès Gérard Zoé".split()


def players(count: int, best: int) -> dict[str, int]:
    """``count`` players with French names (accents included), rated from ``best`` down."""
    names = (f"{s} {f}" for f, s in itertools.product(FIRST_NAMES, SURNAMES))
    return {name: best - 7 * i for i, name in zip(range(count), names, strict=False)}


def play_round(
    page: Any, number: int, ratings: dict[str, int], timings: Timings, result: Any
) -> list[tuple[int, str, str]]:
    """Pair round ``number`` from the event's page and enter each table's result with
    ``result(form, a, b, a_wins)`` (the higher rated player wins); the round's tables."""
    with timings.action(f"director: pair round {number}"):
        page.click("#pair-next")
        tables = round_tables(page)
    assert page.locator("h1").inner_text().endswith(f"ronde {number}")
    spent = 0.0
    for table, a, b in tables:
        if b == "exempt":
            continue
        with timings.action("one result"):
            form = page.locator(f"#form-{table}")
            result(form, a, b, ratings[a] > ratings[b])
            submit(page, form.locator("button[value=save]"))
            assert f"Table {table} : résultat enregistré." in page.content()
        spent += timings.actions.pop()[1]
    timings.actions.append((f"director: {len(tables)} results of round {number}", round(spent, 3)))
    return tables


def classic_result(form: Any, a: str, b: str, a_wins: bool) -> None:
    form.locator("input[name=score_a]").fill("412" if a_wins else "365")
    form.locator("input[name=score_b]").fill("365" if a_wins else "412")


CLASSIC = players(40, 1950)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """One server for both days, as a club's machine holds its events: each test creates its
    own event, reads only its event's pages and the home page's links to it."""
    with arbitre_server(start(tmp_path_factory.mktemp("club"))) as running:
        yield running


@pytest.mark.browser
def test_a_classic_tournament_of_40_players_over_2_rounds(
    tmp_path: Path, server: RunningServer
) -> None:
    timings = Timings("classic")
    checks = PageChecks("classic", frozenset(engine_code_words()))
    with headless_chromium() as browser:
        url = server.url
        page = new_page(browser, 1280, 800)
        with timings.action("director: log in"):
            login(page, url)
            page.locator("#new-classic").wait_for()
        with timings.action("director: create the tournament"):
            page.click("#new-classic")
            page.fill("input[name=name]", "Open de Scrabble classique de Namur")
            page.fill("input[name=date]", "2026-11-22")
            page.click("main button[type=submit]")
            page.locator("#import-form").wait_for()
        event_url = page.url
        event_id = event_url.rstrip("/").split("/")[-1]
        with timings.action("director: import 40 players and check them in"):
            import_and_check_in(page, write_players(tmp_path / "classique.csv", CLASSIC), 40)
        checks.read(page, "event", "#players")
        for number in (1, 2):
            with timings.action("director: the event's page"):
                page.goto(event_url)
                page.locator("#pair-next").wait_for()
            play_round(page, number, CLASSIC, timings, classic_result)
            checks.read(page, f"round-{number}", ".tn-table h3")
            with timings.action(f"director: the tables' overview of round {number}"):
                page.goto(f"{url}classique/{event_id}/ronde/{number}/tables/")
                page.locator("main h1").wait_for()
            checks.read(page, f"tables-{number}", "main h1")

        public = new_page(browser, 390, 844)
        with timings.action("public: the standings"):
            public.goto(f"{url}public/classique/{event_id}/")
            public.locator("#standings tbody tr").nth(39).wait_for()
        checks.read(public, "standings", "#standings tbody tr")
        with timings.action("public: round 2"):
            public.goto(f"{url}public/classique/{event_id}/ronde/2/")
            public.locator("main h1").wait_for()
        checks.read(public, "public-round-2", "main h1")
        with timings.action("public: a player's page"):
            public.goto(f"{url}public/classique/{event_id}/")
            public.locator("#standings tbody tr >> nth=0 >> a").first.click()
            public.locator("#history tbody tr").nth(1).wait_for()
        checks.read(public, "player", "#history")

    print(timings.text())
    timings.write()
    checks.assert_clean()


def backgammon_result(form: Any, a: str, b: str, a_wins: bool) -> None:
    form.locator("select[name=winner]").select_option(a if a_wins else b)
    form.locator("input[name=score_a]").fill("5" if a_wins else "2")
    form.locator("input[name=score_b]").fill("2" if a_wins else "5")


BACKGAMMON = players(64, 1900)


@pytest.mark.browser
def test_a_backgammon_championship_of_64_players_to_its_bracket(
    tmp_path: Path, server: RunningServer
) -> None:
    timings = Timings("backgammon")
    checks = PageChecks("backgammon", frozenset(engine_code_words()))
    with headless_chromium() as browser:
        url = server.url
        page = new_page(browser, 1280, 800)
        with timings.action("director: log in"):
            login(page, url)
            page.locator("#new-backgammon").wait_for()
        with timings.action("director: create the championship (2 Swiss rounds)"):
            event_url = new_backgammon_event(page, "Championnat de backgammon de Lyon", 2, 5)
            page.locator("#import-form").wait_for()
        event_id = event_url.rstrip("/").split("/")[-1]
        with timings.action("director: import 64 players and check them in"):
            import_and_check_in(page, write_players(tmp_path / "bg.csv", BACKGAMMON), 64)
        checks.read(page, "event", "#players")
        for number in (1, 2):
            with timings.action("director: the event's page"):
                page.goto(event_url)
                page.locator("#pair-next").wait_for()
            play_round(page, number, BACKGAMMON, timings, backgammon_result)
            checks.read(page, f"round-{number}", ".tn-table h3")

        public = new_page(browser, 390, 844)
        with timings.action("public: the standings after round 2"):
            public.goto(f"{url}public/backgammon/{event_id}/")
            public.locator("#standings tbody tr").nth(63).wait_for()
        checks.read(public, "standings", "#standings tbody tr")

        with timings.action("director: start the bracket of the best eight"):
            page.goto(event_url)
            page.click("#knockout-link")
            page.click("#start-knockout")
            page.get_by_text("Tableau final généré.").wait_for()
        checks.read(page, "bracket", "#ko-QF1")
        with timings.action("public: the bracket"):
            public.goto(f"{url}public/backgammon/{event_id}/phase-finale/")
            public.locator("#pub-QF1").wait_for()
        checks.read(public, "public-bracket", "#pub-QF1")

    print(timings.text())
    timings.write()
    checks.assert_clean()
