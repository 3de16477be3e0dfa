"""Lateness on the Classic table page in headless Chromium (issue 35, item 3): the page says
who is absent, whose clock runs and when the forfeit falls due (000 9.5: half of the credit;
001 10.5: the director's decision), and the arbiter's panel offers only the decisions the
state of the game admits."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_rounds.test_classic_table_browser import TABLET, wait_version
from tests.app_rounds.test_rounds_browser import login, start


def friendly_of(page: Any, url: str, profile: str) -> str:
    """A friendly game (Éric, Ana; A starts) on a chess clock of 20 minutes each."""
    page.goto(f"{url}classique/amicale/")
    page.fill("input[name=a]", "Éric")
    page.fill("input[name=b]", "Ana")
    page.select_option("select[name=profile]", profile)
    page.uncheck("input[name=toss]")
    page.select_option("select[name=kind]", "chess")
    page.fill("input[name=minutes]", "20")
    page.click("main button[type=submit]")
    page.wait_for_selector("#ct-a-absent:not([hidden])")
    return str(page.url).rstrip("/").rsplit("/", 1)[1]


def visible(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).is_visible())


@pytest.mark.browser
def test_000_9_5_and_001_10_5_lateness_on_the_table_page(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        login(staff, url)

        # fbs: before the start, the only decision is the absent player's clock
        code = friendly_of(staff, url, "fbs")
        for hidden in ("#ct-a-forfeit", "#ct-a-end", "#ct-a-sanction-fields", "#ct-a-late"):
            assert not visible(staff, hidden), hidden
        staff.select_option("#ct-a-player", "1")
        staff.click("#ct-a-absent")
        wait_version(staff, url, code, 1)
        # Ana's clock runs; the page says so and when the forfeit falls due (10 of 20 min)
        staff.wait_for_selector("#ct-late:not([hidden])")
        late = staff.inner_text("#ct-late")
        assert "Ana est absent : sa pendule tourne." in late
        assert re.search(r"Forfait possible dans (9:[0-5]\d|10:0\d) \(à la moitié", late), late
        assert "pas encore commencée" in staff.inner_text("#ct-status")
        assert "un joueur est absent" in staff.inner_text("#ct-status")
        staff.wait_for_selector("#ct-half-1.running")
        # the forfeit is not offered before half of the credit has run (000 9.5)
        assert not visible(staff, "#ct-a-forfeit")
        assert visible(staff, "#ct-a-arrive") and not visible(staff, "#ct-a-absent")
        assert not visible(staff, "#ct-setup")
        staff.click("#ct-a-arrive")
        wait_version(staff, url, code, 2)
        staff.wait_for_selector("#ct-late", state="hidden")
        staff.wait_for_selector("#ct-setup:not([hidden])")
        assert not visible(staff, "#ct-a-arrive") and not visible(staff, "#ct-a-absent")
        staff.click("#ct-start")
        wait_version(staff, url, code, 3)
        staff.wait_for_selector("#ct-a-sanction-fields:not([hidden])")
        assert visible(staff, "#ct-a-end") and not visible(staff, "#ct-a-forfeit")

        # ffsc: a latecomer; the present player starts, the director may declare the forfeit
        code = friendly_of(staff, url, "ffsc")
        assert visible(staff, "#ct-a-late") and visible(staff, "#ct-a-forfeit")
        staff.select_option("#ct-a-player", "1")
        staff.click("#ct-a-late")
        wait_version(staff, url, code, 1)
        staff.wait_for_selector("#ct-late:not([hidden])")
        late = staff.inner_text("#ct-late")
        assert "Ana est absent : sa pendule est arrêtée." in late
        assert "Le directeur peut le déclarer forfait (001 10.5)." in late
        assert visible(staff, "#ct-a-forfeit") and not visible(staff, "#ct-a-late")
        staff.click("#ct-a-forfeit")
        state = wait_version(staff, url, code, 2)
        assert state["result"]["forfeit"] == 1
        staff.wait_for_selector("#ct-late", state="hidden")
        staff.wait_for_selector("#ct-a-forfeit", state="hidden")
