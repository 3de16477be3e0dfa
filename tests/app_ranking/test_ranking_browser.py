"""End to end in headless Chromium (issue 20, part 8): the ranking officer imports the
licensee file and an event's results through the pages, creates the licensee of an unknown
licence, and a player, without logging in, finds their page by name and reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_ranking.test_season_web import EXPORT, LICENSEES
from tests.app_rounds.test_rounds_browser import login, start, submit

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.mark.browser
def test_officer_import_and_player_page_in_the_browser(tmp_path: Path) -> None:
    data = start(tmp_path)
    licensees = tmp_path / "licencies.csv"
    licensees.write_bytes(LICENSEES.encode("latin-1"))
    results = tmp_path / "resultats.csv"
    results.write_bytes(EXPORT.encode("utf-8"))
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        page: Any = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
        login(page, url)
        page.goto(url + "federation/licencies/")
        page.set_input_files("#import-form input[type=file]", str(licensees))
        submit(page, page.locator("#import-form button"))
        # the preview (issue 33): nothing published changes until confirmed
        assert "Rien de publié ne change tant que vous ne confirmez pas." in page.content()
        submit(page, page.locator("#confirm-change button[value=confirm]"))
        assert "Licenciés importés : 3 nouveaux, 0 modifiés, 0 inchangés." in page.content()

        page.goto(url + "federation/saison/")
        page.set_input_files("#results-form input[type=file]", str(results))
        page.fill("#results-form input[name=name]", "TH de Vichy")
        submit(page, page.locator("#results-form button"))
        submit(page, page.locator("#confirm-change button[value=confirm]"))
        assert "Épreuve importée : 4 joueurs, 1 licence(s) inconnue(s)." in page.content()
        assert page.locator("#rows tr.unknown").count() == 1
        page.screenshot(path=str(ARTIFACTS / "ranking-event.png"), full_page=True)
        submit(page, page.locator("#rows tr.unknown button[value=create]"))
        # the event now counts for a new licensee: the classification's changes first
        assert "Rien de publié ne change tant que vous ne confirmez pas." in page.content()
        submit(page, page.locator("#confirm-change button[value=confirm]"))
        assert "Licencié 1000009 créé." in page.content()
        assert page.locator("#rows tr.unknown").count() == 0

        player: Any = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        player.goto(url + "classement/")
        player.fill("#q", "durand")
        submit(player, player.locator("#player-search button"))
        submit(player, player.get_by_role("link", name="DURAND Éloïse"))
        assert player.locator("h1").inner_text().startswith("DURAND Éloïse")
        assert "Saison 2013-2014" in player.content()
        cells = player.locator("#events tbody tr td").all_inner_texts()
        assert cells[1:5] == ["TH de Vichy", "TH — Tournoi homologué (2 manches ou plus)", "4", "4"]
        assert player.locator("#events tbody tr td").nth(5).inner_text() == "2"  # M 8, 4th: 2
        assert player.locator("#points-plot polyline").count() == 1
        assert player.locator("#points-plot").is_visible()
        # the season's point, inside the plot (coordinates written without a decimal comma)
        dot = player.locator("#points-plot circle").first.bounding_box()
        frame = player.locator("#points-plot").bounding_box()
        assert frame["x"] < dot["x"] < frame["x"] + frame["width"]
        assert frame["y"] <= dot["y"] < frame["y"] + frame["height"] / 2  # the season's top
        # its texts readable on the phone: 12 CSS px at least, each inside the chart
        texts = player.locator("#points-plot text").evaluate_all(
            """els => els.map(el => {const b = el.getBoundingClientRect();
                return {size: parseFloat(getComputedStyle(el).fontSize), left: b.left,
                        right: b.right, text: el.textContent}})"""
        )
        assert {t["text"] for t in texts} >= {"2013-2014"}
        for t in texts:
            assert t["size"] >= 12, t
            assert frame["x"] <= t["left"] and t["right"] <= frame["x"] + frame["width"], t
        player.screenshot(path=str(ARTIFACTS / "ranking-player.png"), full_page=True)
