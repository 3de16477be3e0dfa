"""End to end in headless Chromium, on the tablet page of a match without a clock: a
player takes a pause and ends it (seed 003, 1.11), then both players confirm the final
score within the five minutes (4.6) and the result reaches the round. The page runs under
the Content-Security-Policy: no page error, no refused script."""

from __future__ import annotations

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
        new_backgammon_event(page, "Championnat sans pendule", 1, 5)
        import_and_check_in(page, write_players(tmp_path / "bg.csv", PLAYERS), 8)
        page.click("#pair-next")
        (t1, a1, b1) = round_tables(page)[0]
        round_url = page.url
        page.click(f"#clock-link-{t1}")
        page.locator("#pause-form").wait_for()

        # 1.11: A takes a pause at 1-0, between two games; then resumes
        page.fill("#pause-score-0", "1")
        page.fill("#pause-score-1", "0")
        page.click("#pause-form button[type=submit][data-player='0']")
        wait_text(page, "#pause-now", f"Pause de {a1} : il reste")
        page.click("#pause-form .pause-end[data-player='0']")
        wait_text(page, "#pause-now", f"restantes : {a1} 0, {b1} 1")

        # 4.6: both confirm 5-2 for A
        page.fill("#final-0", "5")
        page.fill("#final-1", "2")
        page.click("#signing-form button[data-player='0']")
        wait_text(page, "#signing-now", "Confirmé")
        page.click("#signing-form button[data-player='1']")
        wait_text(page, "#signing-now", "Résultat confirmé par les deux joueurs : 5 – 2")
        assert not errors, errors

        page.goto(round_url)
        page.locator(".tn-table").first.wait_for()
    db = sqlite3.connect(data / "arbitre.sqlite3")
    row = db.execute(
        "SELECT entered, winner, score_a, score_b FROM tournaments_table WHERE number = ?",
        (t1,),
    ).fetchone()
    db.close()
    assert row == (1, a1, 5, 2)
