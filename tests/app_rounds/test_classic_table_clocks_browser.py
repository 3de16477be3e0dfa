"""The Classic table page's clocks in headless Chromium (issue 35, item 3): the per-move
timer's alarm rings (a Web Audio beep) as well as shows (001 6.3.1: "le premier chronomètre
retentit peu avant le second"); a global credit is shown as one credit shared by both players
and nobody "a dépassé son temps" when it is used up (001 6.4.1); an overdraw is recorded from
the initial draw on and neutralises a running clock (000 9.1; 001 10.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_rounds.test_classic_table_browser import (
    PHONE,
    TABLET,
    friendly,
    move,
    state_of,
    wait_version,
)
from tests.app_rounds.test_rounds_browser import login, start

COUNT_TONES = """
(() => {
  window.__tones = 0;
  const A = window.AudioContext || window.webkitAudioContext;
  if (!A) return;
  const make = A.prototype.createOscillator;
  A.prototype.createOscillator = function () {
    const o = make.call(this);
    const go = o.start.bind(o);
    o.start = function (...args) { window.__tones += 1; return go(...args); };
    return o;
  };
})();
"""


@pytest.mark.browser
def test_001_6_3_1_the_timers_alarm_rings_and_shows(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        login(staff, url)
        code = friendly(staff, url, "move", "0,25", "10")  # 15 s a move, alarm at 10 s left
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(COUNT_TONES)
        table = context.new_page()
        table.goto(f"{url}classique/table/{code}/")
        table.click("#ct-start")  # a touch: the page may sound from now on
        wait_version(table, url, code, 1)
        table.wait_for_selector("#ct-alarm:not([hidden])", timeout=15000)
        assert "Alarme : plus que" in table.inner_text("#ct-alarm")
        assert "Éric" in table.inner_text("#ct-alarm")
        table.wait_for_function("() => window.__tones >= 1", timeout=5000)
        table.wait_for_function(
            "() => document.getElementById('classic-table').dataset.alarms === '1'"
        )
        # once per turn: the alarm is not rung again while the same turn runs down
        table.wait_for_function(
            "() => document.getElementById('ct-sheet').innerText.includes('tour perdu')",
            timeout=20000,
        )
        assert table.evaluate("document.getElementById('classic-table').dataset.alarms") == "1"
        # the next player's turn rings again when their alarm comes
        table.wait_for_function(
            "() => document.getElementById('classic-table').dataset.alarms === '2'",
            timeout=15000,
        )


@pytest.mark.browser
def test_001_6_4_the_global_credit_is_one_credit_for_both(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        login(staff, url)
        code = friendly(staff, url, "global", "0,2")  # 12 s for both
        table = browser.new_context(viewport=PHONE).new_page()
        table.goto(f"{url}classique/table/{code}/")
        table.click("#ct-start")
        table.wait_for_selector("#ct-shared:not([hidden])")
        assert "Crédit-temps commun aux deux joueurs : 0:" in table.inner_text("#ct-shared")
        # not two personal clocks: the halves carry no time of their own
        assert table.inner_text("#ct-time-0") == "" and table.inner_text("#ct-time-1") == ""
        move(table, 0, "MAISoN", "H4", "h", "16")
        wait_version(table, url, code, 2)
        table.wait_for_selector("#ct-reckoning:not([hidden])", timeout=30000)
        table.wait_for_selector("#ct-shared.flag")
        status = table.inner_text("#ct-status")
        assert "crédit-temps commun est épuisé" in status
        assert "a dépassé son temps" not in status
        assert state_of(url, code)["reckoning"]


@pytest.mark.browser
def test_000_9_1_an_overdraw_from_the_initial_draw_on_and_the_clock_neutralised(
    tmp_path: Path,
) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        login(staff, url)
        code = friendly(staff, url, "chess", "25")
        # the initial draw: Ana (player 1) drew one tile too many and saw it (001 10.1.2)
        staff.wait_for_selector("#ct-a-overdraw-fields:not([hidden])")
        staff.select_option("#ct-a-player", "1")
        staff.fill("#ct-a-extra", "1")
        staff.select_option("#ct-a-how", "seen")
        staff.click("#ct-a-overdraw")
        state = wait_version(staff, url, code, 1)
        assert state["scores"] == [0, -5] and not state["started"]
        staff.wait_for_function(
            "() => document.getElementById('ct-sheet').innerText.includes('en trop : -5')"
        )
        staff.click("#ct-start")
        wait_version(staff, url, code, 2)
        # in play: Éric's overdraw stops the clock until the players resume it
        staff.select_option("#ct-a-player", "0")
        staff.select_option("#ct-a-how", "unseen")
        staff.click("#ct-a-overdraw")
        state = wait_version(staff, url, code, 3)
        assert state["neutralised"] == "overdraw" and state["clock"]["stopped"]
        staff.wait_for_function(
            "() => document.getElementById('ct-status').innerText.includes('lettres en trop')"
        )
        staff.wait_for_selector("#ct-resume:not([hidden])")
        staff.click("#ct-resume")
        state = wait_version(staff, url, code, 4)
        assert state["neutralised"] is None and not state["clock"]["stopped"]
