"""End to end in headless Chromium, on the players' tablet page (by the table's code) of a
match without a clock: a player takes a pause and ends it (seed 003, 1.11), then both
players confirm the final score within the five minutes (4.6), each with the PIN printed on
their own part of the table's slip (issue 34, item 4; the opponent's PIN is refused), and
the result reaches the round. The page runs under the Content-Security-Policy: no page
error, no refused script."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_rounds.test_rounds_browser import (
    import_and_check_in,
    login,
    new_backgammon_event,
    round_tables,
    start,
    write_players,
)

PLAYERS = {f"Bg{i:02d}": 1900 - 20 * i for i in range(1, 9)}


def wait_text(page: object, selector: str, text: str) -> None:
    page.wait_for_function(  # type: ignore[attr-defined]
        "([s, t]) => (document.querySelector(s)?.textContent || '').includes(t)",
        arg=[selector, text],
        timeout=15000,
    )


@pytest.mark.browser
def test_003_1_11_4_6_a_pause_then_the_result_confirmed_at_the_tablet(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on(
            "console",
            lambda msg: errors.append(msg.text) if msg.type == "error" else None,
        )
        login(page, server.url)
        new_backgammon_event(page, "Championnat sans pendule", 1, 5, clocked=False)
        import_and_check_in(page, write_players(tmp_path / "bg.csv", PLAYERS), 8)
        page.click("#pair-next")
        (t1, a1, b1) = round_tables(page)[0]
        round_url = page.url
        m = re.search(r"/backgammon/(\d+)/ronde/1/", round_url)
        assert m, round_url
        # the table's slip, as the arbiters print it: its code, each player's own PIN
        page.goto(f"{server.url}backgammon/{m.group(1)}/ronde/1/billets/")
        code = page.locator(f"#slip-{t1} .table-code").inner_text().strip()
        pins = [p.strip() for p in page.locator(f"#slip-{t1} .slip-pin").all_inner_texts()]
        assert len(pins) == 2 and pins[0] != pins[1]

        tablet = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
        tablet.on("pageerror", lambda exc: errors.append(str(exc)))
        tablet.on(
            "console",
            lambda msg: errors.append(msg.text) if msg.type == "error" else None,
        )
        tablet.goto(f"{server.url}backgammon/table/{code}/")
        tablet.locator("#pause-form").wait_for()

        # 1.11: A takes a pause at 1-0, between two games; then resumes
        tablet.fill("#pause-score-0", "1")
        tablet.fill("#pause-score-1", "0")
        tablet.click("#pause-form button[type=submit][data-player='0']")
        wait_text(tablet, "#pause-now", f"Pause de {a1} : il reste")
        tablet.click("#pause-form .pause-end[data-player='0']")
        wait_text(tablet, "#pause-now", f"restantes : {a1} 0, {b1} 1")

        # 4.6: both confirm 5-2 for A, each with their own PIN; A cannot confirm for B
        tablet.fill("#final-0", "5")
        tablet.fill("#final-1", "2")
        tablet.fill("#final-pin-0", pins[0])
        tablet.click("#signing-form button[data-player='0']")
        wait_text(tablet, "#signing-now", "Confirmé")
        tablet.fill("#final-pin-1", pins[0])
        tablet.click("#signing-form button[data-player='1']")
        wait_text(tablet, "#clock-error", "Code personnel faux")
        tablet.fill("#final-pin-1", pins[1])
        tablet.click("#signing-form button[data-player='1']")
        wait_text(tablet, "#signing-now", "Résultat confirmé par les deux joueurs : 5 – 2")
        # the refused PIN's answer (400) is the only resource the console reports
        refused = "Failed to load resource: the server responded with a status of 400"
        assert not [e for e in errors if not e.startswith(refused)], errors
        assert any(e.startswith(refused) for e in errors), errors

        page.goto(round_url)
        page.locator(".tn-table").first.wait_for()
    db = sqlite3.connect(data / "arbitre.sqlite3")
    row = db.execute(
        "SELECT entered, winner, score_a, score_b FROM tournaments_table WHERE number = ?",
        (t1,),
    ).fetchone()
    db.close()
    assert row == (1, a1, 5, 2)
