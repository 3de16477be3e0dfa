"""A real headless browser opens the home page served by ``arbitre serve``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server, migrated_data

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.mark.browser
def test_home_page_title_in_chromium(tmp_path: Path) -> None:
    with arbitre_server(migrated_data(tmp_path)) as server, headless_chromium() as browser:
        page = browser.new_page()
        page.goto(server.url)
        assert page.title() == "Événements — Arbitre"
        assert page.locator("h1").inner_text() == "Événements"
        page.get_by_role("link", name="À propos").click()
        expect(page).to_have_title("À propos — Arbitre")  # once the new page is there
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "home-about.png"))
