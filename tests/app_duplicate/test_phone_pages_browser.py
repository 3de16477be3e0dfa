"""End to end in headless Chromium on a 390-pixel-wide phone (issue 35, the whole-day run):
what a director and an arbiter tripped over when a 120-player day was lived on phones.

- The import form's list of columns (one word of semicolons) ran off the screen.
- The check-in list hid each player's state (present, declared, absent) beyond the screen's
  edge, behind the club and the series.
- An arbiter's name with a hyphen ("arbitre-1") broke over two lines in the header.
- The players' list hid each player's arbiter and the link to change the player.
- The chief arbiter's board (drawn large for a projector) ran 250 px off a phone's screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server, director_data
from tests.app_duplicate.test_checkin_browser import players_without_places
from tests.app_duplicate.test_duplicate_browser import (
    ARBITER_PASSWORD,
    PASSWORD,
    expect,
    login,
    word_list,
)

WIDTH = 390


def right_edge(page: Any, selector: str) -> float:
    """The rightmost edge of the elements ``selector`` finds (in CSS pixels)."""
    return float(
        page.evaluate(
            "(s) => Math.max(...Array.from(document.querySelectorAll(s),"
            " e => e.getBoundingClientRect().right))",
            selector,
        )
    )


@pytest.mark.browser
def test_a_directors_and_an_arbiters_pages_fit_a_phone(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        phone: Any = browser.new_context(viewport={"width": WIDTH, "height": 844}).new_page()
        login(phone, url, "directrice", PASSWORD)
        phone.click("#new-duplicate")
        phone.fill("input[name=name]", "Open sur téléphone")
        phone.fill("input[name=date]", "2026-11-29")
        phone.fill("input[name=games_planned]", "1")
        phone.set_input_files("input[name=lexicon_file]", str(word_list(tmp_path / "m.txt")))
        phone.click("main button[type=submit]")
        expect(phone.locator("h1")).to_have_text("Open sur téléphone")
        event_id = phone.url.rstrip("/").split("/")[-1]
        # the columns of the players' file, within the screen
        expect(phone.locator("#import-form code").first).to_be_visible()
        assert right_edge(phone, "#import-form code") <= WIDTH
        phone.set_input_files(
            "#import-form input[type=file]", str(players_without_places(tmp_path / "j.csv"))
        )
        phone.click("#import-form button")
        expect(phone.locator(".messages")).to_contain_text("8 joueurs importés.")

        # the check-in list: each player's state in view beside the name
        phone.goto(f"{url}duplicate/{event_id}/pointage/")
        states = phone.locator("#checkin-players td.checkin-state")
        expect(states).to_have_count(8)
        expect(states.first).to_have_text("non pointé")
        assert right_edge(phone, "#checkin-players td.checkin-state") <= WIDTH
        assert right_edge(phone, "#checkin-players th") <= WIDTH

        phone.click("#numbering-submit")
        expect(phone.locator(".messages")).to_contain_text("8 joueurs placés")
        # an arbiter named with a hyphen: the name on one line
        phone.fill("#range-form input[name=username]", "arbitre-1")
        phone.fill("#range-form input[name=password]", ARBITER_PASSWORD)
        phone.fill("#range-form input[name=tables]", "1-8")
        phone.click("#range-form button")
        expect(phone.locator(".messages")).to_contain_text("attribuées à arbitre-1")
        arbiter: Any = browser.new_context(viewport={"width": WIDTH, "height": 844}).new_page()
        login(arbiter, url, "arbitre-1", ARBITER_PASSWORD)
        user = arbiter.locator(".site-header .user")
        expect(user).to_have_text("arbitre-1")
        assert user.evaluate("(e) => e.getClientRects().length") == 1

        # the players' list: each player's arbiter and the link to change the player in view
        phone.goto(f"{url}duplicate/{event_id}/")
        edit = phone.locator("#players a.small")
        expect(edit).to_have_count(8)
        expect(phone.locator("#players tbody tr").first).to_contain_text("arbitre-1")
        expect(phone.locator("#players tbody tr").first.locator("td").first).to_have_text("1")
        assert right_edge(phone, "#players a.small") <= WIDTH

        # the chief arbiter's screen on the phone: the board with a word on it, whole
        phone.on("dialog", lambda dialog: dialog.accept())  # the reveal asks first
        phone.goto(f"{url}duplicate/{event_id}/partie/1/ja/")
        phone.fill("#draw-letters", "AIMNOSE")
        # (the server loads the word list on the first draw: slow on a loaded machine)
        phone.click("button[value=draw_entered]", timeout=120_000)
        phone.click("#start-timer")
        phone.click("#reveal")
        expect(phone.locator("#last-top")).to_contain_text("H4 MAISON")
        expect(phone.locator(".board td.tile")).to_have_count(6)
        assert right_edge(phone, ".board") <= WIDTH
        # a tile's letter no wider than its square: with a tile in every column (a board at
        # the end of a game) letters drawn for a projector pushed the board off the screen
        size, square = phone.evaluate(
            "() => { const td = document.querySelector('.board td.tile');"
            " return [parseFloat(getComputedStyle(td).fontSize),"
            " td.getBoundingClientRect().width]; }"
        )
        assert size <= 0.75 * square, (size, square)
