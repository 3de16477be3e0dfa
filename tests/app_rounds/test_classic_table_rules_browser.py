"""The director's decisions of seed 001 on the Classic table page, in headless Chromium: a
clock imposed on a game played on a global credit runs on the page (6.4.2, 6.4.3), and the
present player plays and presses before a latecomer arrives, whose time then runs (10.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_rounds.test_classic_table_browser import (
    TABLET,
    friendly,
    move,
    wait_version,
)
from tests.app_rounds.test_rounds_browser import login, start


@pytest.mark.browser
def test_001_6_4_and_10_5_the_directors_decisions_run_on_the_table_page(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        login(staff, url)
        # 6.4.3: a global credit of an hour; the director imposes 12 s each for the end
        code = friendly(staff, url, "global", "60")
        staff.click("#ct-start")
        wait_version(staff, url, code, 1)
        staff.select_option("#ct-a-impose-kind", "chess")
        staff.fill("#ct-a-impose-minutes", "0,2")
        staff.click("#ct-a-impose")
        state = wait_version(staff, url, code, 2)
        assert state["clock"]["kind"] == "chess" and state["clock"]["seconds"] == 12
        # the page runs the imposed clock: the player to move runs out of their 12 s and the
        # page flags them (7.3.1): they pass, the other's own 12 s run
        staff.wait_for_selector("#ct-half-0.flag", timeout=30000)
        state = wait_version(staff, url, code, 3)
        assert state["out_of_time"] == [True, False] and state["clock"]["running"] == 1

        # 10.5: Ana (player 1) is late; Éric draws, plays and presses, Ana's time runs
        code = friendly(staff, url, "chess", "25")
        staff.select_option("#ct-a-player", "1")
        staff.click("#ct-a-late")
        wait_version(staff, url, code, 1)
        staff.wait_for_function(
            "() => document.getElementById('ct-status').innerText.includes('en retard')"
        )
        move(staff, 0, "MAISON", "H4", "h", "18")
        state = wait_version(staff, url, code, 2)
        assert state["absent"] == 1 and state["clock"]["running"] == 1
        staff.wait_for_selector("#ct-half-1.running")
        staff.click("#ct-a-arrive")
        state = wait_version(staff, url, code, 3)
        assert state["absent"] is None and state["to_move"] == 1
