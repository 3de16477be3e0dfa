"""In headless Chromium (issue 21, part 4): a Classic director ticking the players at the
door who leaves the page to correct a name ("Modifier") comes back to the rows ticked and
not yet confirmed, told so; confirming counts them and forgets them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_rounds.test_edit_player_browser import import_players, open_edit
from tests.app_rounds.test_rounds_browser import login, start, submit

PLAYERS = {"Adam": 1800, "Bodin": 1700, "Carel": 1600, "Dufour": 1500, "Evrard": 1400}


@pytest.mark.browser
def test_rows_ticked_at_the_door_survive_a_name_correction(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
        login(page, server.url)
        page.click("#new-classic")
        page.fill("input[name=name]", "Open de Dinant")
        page.fill("input[name=date]", "2026-11-28")
        submit(page, page.locator("main button[type=submit]"))
        event_url = page.url
        import_players(page, tmp_path / "joueurs.csv", PLAYERS, "cote")
        rows = page.locator("#players tbody tr")
        for name in ("Adam", "Carel", "Evrard"):
            rows.filter(has_text=name).locator("td").nth(1).click()
        rows.filter(has_text="Bodin").locator("input[type=checkbox]").check()
        rows.filter(has_text="Bodin").locator("input[type=checkbox]").uncheck()
        assert not page.locator("#checkin-restored").is_visible()

        # Dufour's name is misspelt: corrected on the player's page, then back
        open_edit(page, "Dufour")
        page.fill("input[name=name]", "Dufourt")
        submit(page, page.locator("#edit-player-form button[type=submit]"))
        assert page.url == event_url
        ticked = page.locator("#players tbody tr.selected")
        assert sorted(ticked.locator("td:nth-child(2)").all_inner_texts()) == [
            "Adam",
            "Carel",
            "Evrard",
        ]
        assert page.locator("#players input[type=checkbox]:checked").count() == 3
        assert page.locator("#checkin-restored").is_visible()

        # Dufourt arrives too; the confirmation counts the four and the page forgets them
        rows.filter(has_text="Dufourt").locator("td").nth(1).click()
        submit(page, page.locator("#confirm-checkin"))
        assert "4 présents, 1 absents" in page.content()
        page.reload()
        assert not page.locator("#checkin-restored").is_visible()
        assert page.locator("#players input[type=checkbox]:checked").count() == 4
        # a row unticked after the confirmation is kept as well, as a change
        rows.filter(has_text="Adam").locator("td").nth(1).click()
        page.reload()
        assert page.locator("#players input[type=checkbox]:checked").count() == 3
        assert page.locator("#checkin-restored").is_visible()
