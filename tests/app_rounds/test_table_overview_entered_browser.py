"""End to end in headless Chromium (issue 35, the whole-day run): a Classic director who
enters the round's results on the round's page, as most clubs do, then opens the tables'
overview finds each table with its result said entered, not "Pas commencée" (the overview
used to read only the table page's own game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_duplicate.test_duplicate_browser import expect
from tests.app_rounds.test_rounds_browser import (
    import_and_check_in,
    login,
    round_tables,
    start,
    submit,
    write_players,
)

PLAYERS = {"ÉMERY Zoé": 1900, "DUPONT Léon": 1850, "MARTIN Inès": 1800, "ROUX Yves": 1750}


@pytest.mark.browser
def test_a_result_entered_on_the_rounds_page_shows_on_the_tables_overview(
    tmp_path: Path,
) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        page: Any = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        login(page, url)
        page.click("#new-classic")
        page.fill("input[name=name]", "Open du mercredi")
        page.fill("input[name=date]", "2026-11-22")
        page.click("main button[type=submit]")
        page.locator("#import-form").wait_for()
        event_id = page.url.rstrip("/").split("/")[-1]
        import_and_check_in(page, write_players(tmp_path / "j.csv", PLAYERS), 4)
        page.click("#pair-next")
        tables = round_tables(page)
        first = tables[0][0]
        form = page.locator(f"#form-{first}")
        form.locator("input[name=score_a]").fill("412")
        form.locator("input[name=score_b]").fill("365")
        submit(page, form.locator("button[value=save]"))
        page.goto(f"{url}classique/{event_id}/ronde/1/tables/")
        entered = page.locator(f"#ov-{first}")
        expect(entered).to_contain_text("Résultat dans la ronde")
        expect(entered).not_to_contain_text("Pas commencée")
        other = page.locator(f"#ov-{tables[1][0]}")
        expect(other).to_contain_text("Pas commencée")
