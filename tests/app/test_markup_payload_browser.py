"""In headless Chromium (issue 34, items 1 and 8): a backgammon championship whose name and
first player's name are a script payload, and a player with a 62-character name. The
director's clock page and the players' page opened with the table's code run no injected
script and show the names as text; the clock runs, the match record takes actions for the
long names; the withdrawal question shows the name whole; and no page visited meets a
refusal of the Content-Security-Policy or a script error."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app.test_markup_payload import PAYLOAD
from tests.app_rounds.test_rounds_browser import (
    import_and_check_in,
    login,
    new_backgammon_event,
    round_tables,
    start,
)

LONG = "Marie-Christine de La Tour d'Auvergne-Lauraguais-Montmorency-Sud"
PLAYERS = {PAYLOAD: 1900, LONG: 1880, "Bg03": 1860, "Bg04": 1840}


def _players_file(path: Path) -> Path:
    with path.open("w", encoding="utf-8", newline="") as f:
        out = csv.writer(f, delimiter=";")
        out.writerow(["nom", "classement", "club"])
        for name, rating in PLAYERS.items():
            out.writerow([name, rating, PAYLOAD])
    return path


def _watch(page: Any, problems: list[str]) -> Any:
    """Script errors and the policy's refusals (Chromium says them on the console)."""
    page.on("pageerror", lambda exc: problems.append(f"{page.url}: {exc}"))
    page.on(
        "console",
        lambda m: (
            problems.append(f"{page.url}: {m.text}")
            if m.type == "error" and "Content Security Policy" in m.text
            else None
        ),
    )
    return page


def _not_pwned(page: Any) -> None:
    assert page.evaluate("typeof window.__pwned") == "undefined"


def _clock_runs(page: Any, side: int) -> None:
    """A press starts the clock of ``side``: its time goes down."""
    before = page.locator(f"#time-{side}").inner_text()
    page.click(f"#start-{side}")
    page.wait_for_function(
        "([id, before]) => document.getElementById(id).textContent !== before",
        arg=[f"time-{side}", before],
    )


def _record(page: Any, player: int, action: str) -> None:
    if not page.locator("#record").evaluate("e => e.open"):
        page.click("#record summary")
    page.select_option("#record-player", str(player))
    page.fill("#record-cell", action)
    page.click("#record-form button[type=submit]")
    page.wait_for_function(
        "text => document.getElementById('record-text').textContent.includes(text)", arg=action
    )
    assert page.locator("#clock-error").inner_text() == ""


@pytest.mark.browser
def test_a_script_in_a_name_runs_on_no_clock_page(tmp_path: Path) -> None:
    data = start(tmp_path)
    problems: list[str] = []
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        page = _watch(browser.new_context().new_page(), problems)
        login(page, url)
        event_url = new_backgammon_event(page, PAYLOAD, 1, 1)
        _not_pwned(page)
        import_and_check_in(page, _players_file(tmp_path / "bg.csv"), 4)
        page.click("#pair-next")
        tables = round_tables(page)
        _not_pwned(page)
        hostile = next(t for t in tables if PAYLOAD in (t[1], t[2]))
        long = next(t for t in tables if LONG in (t[1], t[2]))
        code = page.locator(f"#clock-link-{long[0]} ~ code").inner_text()

        # the director's clock page of the payload's table: names as text, the clock runs
        page.click(f"#clock-link-{hostile[0]}")
        page.wait_for_selector("#bg-clock")
        _not_pwned(page)
        assert page.locator("#half-0 .bg-name").inner_text() == hostile[1]
        assert page.locator("#half-1 .bg-name").inner_text() == hostile[2]
        _clock_runs(page, 0)
        _not_pwned(page)
        # the record names the payload (74 characters) first: its actions are taken
        _record(page, 0, "31: 8/5 6/5")
        assert f" {PAYLOAD.replace(':', ' ')} : 0" in page.locator("#record-text").inner_text()

        # the players' page by the table's code, no account: the 62-character name first
        players = _watch(browser.new_context().new_page(), problems)
        players.goto(f"{url}backgammon/table/")
        players.fill("input[name=code]", code)
        players.click("button[type=submit]")
        players.wait_for_selector("#bg-clock")
        _not_pwned(players)
        assert players.locator("#half-0 .bg-name").inner_text() == long[1]
        _clock_runs(players, 1)
        _record(players, 1, "42: 8/4 6/4")
        _record(players, 0, "Doubles => 2")
        _not_pwned(players)

        # the withdrawal question, from page.js under the policy: the name whole, refused
        page.goto(event_url)
        page.locator("a.edit-player").first.click()
        page.wait_for_selector("#withdraw")
        asked: list[str] = []

        def answer(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", answer)
        before = page.url
        page.click("#withdraw")
        assert len(asked) == 1 and asked[0].startswith("Retirer ") and PAYLOAD in asked[0]
        assert page.url == before  # dismissed: the player is not withdrawn
        _not_pwned(page)
    assert not problems, "\n".join(problems)
