"""Seed 003, 3.16 in headless Chromium (issue 33): the players enter their moves on the
tablet's record at a table whose start was wrong; the director opens the correction page
from the table's clock, restores the standard start (the moves played kept), sees the
correction in the record; four rolls later a second correction is refused in French with
the article."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_rounds.test_rounds_browser import (
    ARTIFACTS,
    import_and_check_in,
    login,
    new_backgammon_event,
    round_tables,
    start,
    submit,
    write_players,
)

PLAYERS = {f"Bg{i:02d}": 1900 - 20 * i for i in range(1, 9)}


def _cell(page: Any, player: int, text: str) -> None:
    """One action entered on the tablet's record, waited for in the record shown."""
    page.select_option("#record-player", str(player))
    page.fill("#record-cell", text)
    page.click("#record-form button[type=submit]")
    page.wait_for_function(
        "t => document.getElementById('record-text').textContent.includes(t)", arg=text
    )


@pytest.mark.browser
def test_003_3_16_the_director_corrects_the_start_from_the_tablet(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        login(page, url)
        new_backgammon_event(page, "Championnat 3.16", 1, 7)
        import_and_check_in(page, write_players(tmp_path / "bg.csv", PLAYERS), 8)
        page.click("#pair-next")
        table = round_tables(page)[0][0]
        page.click(f"#clock-link-{table}")
        page.wait_for_url("**/pendule/")
        page.locator("#record").evaluate("d => { d.open = true; }")
        _cell(page, 0, "; 3.17 player 1: -8 +7")  # the first player's start was wrong
        _cell(page, 0, "31: 8/5 6/5")
        _cell(page, 1, "52: 13/11 13/8")
        clock_url = page.url

        submit(page, page.locator("#start-correction-link"))
        assert "2" in page.locator("#start-rolls").inner_text()
        wrong = page.locator("#start-position-id").inner_text()
        submit(page, page.locator("#start-correction-form button[type=submit]"))
        said = page.locator(".messages li.success").inner_text()
        assert "Position de départ corrigée (art. 3.16)" in said
        corrected = page.locator("#start-position-id").inner_text()
        assert corrected != wrong
        assert f"; 3.16 position {corrected}" in page.locator("#start-record").inner_text()
        page.screenshot(path=str(ARTIFACTS / "bg_start_correction.png"), full_page=True)

        # back on the tablet: the record shows the correction; play on to the fourth roll
        page.goto(clock_url)
        page.locator("#record").evaluate("d => { d.open = true; }")
        page.wait_for_function(
            "document.getElementById('record-text').textContent.includes('3.16 position')"
        )
        _cell(page, 0, "43: 24/20 13/10")
        _cell(page, 1, "61: 13/7 8/7")
        submit(page, page.locator("#start-correction-link"))
        submit(page, page.locator("#start-correction-form button[type=submit]"))
        refused = page.get_by_text("quatrième lancer de dés")
        refused.first.wait_for()
        assert "art. 3.16" in refused.first.inner_text()
        assert page.locator("#start-position-id").inner_text() != corrected
        assert not errors
