"""End to end in headless Chromium (issue 33, item 10; seed 003 "Tableau final": matches
"au meilleur des trois manches avec pendule"): a quarter-final's players open its clock
with the code of the final stage's page, the first set runs on an accelerated clock, the
flag seen writes the set won on time into the bracket and the tablet moves to set 2."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.app.browser import headless_chromium, navigate
from tests.app.server import arbitre_server
from tests.app_rounds.test_rounds_browser import (
    import_and_check_in,
    login,
    new_backgammon_event,
    round_tables,
    start,
    submit,
    write_players,
)

PLAYERS = {f"Ko{i:02d}": 1900 - 20 * i for i in range(1, 9)}


def accelerate(data: Path, event_id: str) -> None:
    """0.01 min a point (a 9-point set: 5.4 s), no break, no increment (below what the
    settings form allows a director)."""
    db = sqlite3.connect(data / "arbitre.sqlite3")
    with db:
        db.execute(
            "UPDATE tournaments_tournament SET clock_per_point = 0.01, break_minutes = 0, "
            "break_minutes_long = 0, clock_increment = 0 WHERE event_id = ?",
            (int(event_id),),
        )
    db.close()


@pytest.mark.browser
def test_003_a_quarter_final_on_the_tablet_clock(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        login(page, url)
        event_url = new_backgammon_event(page, "Championnat, phase finale", 1, 5)
        event_id = event_url.rstrip("/").split("/")[-1]
        import_and_check_in(page, write_players(tmp_path / "ko.csv", PLAYERS), 8)
        navigate(page, "#pair-next")
        round_url = page.url
        for table, first, _ in round_tables(page):
            page.goto(round_url)
            form = page.locator(f"#form-{table}")
            form.locator("select[name=winner]").select_option(first)
            form.locator("input[name=score_a]").fill("5")
            form.locator("input[name=score_b]").fill("0")
            submit(page, form.locator("button[value=save]"))
        page.goto(event_url)
        page.click("#knockout-link")
        page.click("#start-knockout")
        page.wait_for_function("document.body.innerText.includes('Tableau final généré.')")
        accelerate(data, event_id)
        page.click("#match-clocks-link")
        row = page.locator("#clock-QF1")
        code = row.locator(".table-code code").inner_text()
        assert len(code) == 8 and "1/3" in row.locator(".set").inner_text()

        # the players, by the code (no account): bottom had the higher die, top starts
        # bottom's clock (3.5) and bottom never presses: bottom's flag falls
        tablet = browser.new_context(viewport={"width": 800, "height": 600}).new_page()
        tablet.on("pageerror", lambda exc: errors.append(str(exc)))
        tablet.goto(f"{url}backgammon/table/{code}/")
        tablet.wait_for_function(
            "document.getElementById('set-now').textContent.includes('Set 1 sur 3 : 9 points')"
        )
        assert tablet.locator("#time-1").inner_text() == "0:05"
        tablet.click("#start-1")
        # the flag seen is stored: set 1 is top's on time, the clock moves to set 2
        tablet.wait_for_function(
            "document.getElementById('set-now').textContent.includes('Set 2 sur 3')",
            timeout=20000,
        )
        assert tablet.locator("#time-0").inner_text() == "0:05"
        page.goto(f"{url}backgammon/{event_id}/phase-finale/")
        assert "9-0" in page.locator("#ko-QF1").inner_text()
        navigate(page, "#match-clocks-link")
        assert "2/3" in page.locator("#clock-QF1 .set").inner_text()
        assert not errors, errors
