"""A centre's arbiters driving its pages in headless Chromium (issue 38): the director links
the club to the federation, receives the sealed simultané, opens it, registers the players,
checks their licences, runs the game on the chief's screen, reads what the federation
answered; an arbiter enters the ballots on the phone entry page. Every step waits for what
the next one reads (the page a form posts to, the answer to a ballot), never for a time."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.app_duplicate.test_duplicate_browser import enter, expect, login

#: How long a page may take to show what it waits for (a bound for a broken page only: a
#: loaded 2-core machine with a federation server beside the centre's needs room).
PATIENCE_MS = 30_000


def see(page: Any, selector: str, text: str | re.Pattern[str]) -> None:
    expect(page.locator(selector)).to_contain_text(text, timeout=PATIENCE_MS)


def director_page(browser: Any, url: str, username: str, password: str) -> Any:
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.set_default_timeout(PATIENCE_MS)
    page.on("dialog", lambda dialog: dialog.accept())  # the reveal and a removal ask first
    login(page, url, username, password)
    expect(page.locator("body")).not_to_contain_text("Se connecter", timeout=PATIENCE_MS)
    return page


def arbiter_page(browser: Any, url: str, username: str, password: str) -> Any:
    """An arbiter on their phone (its own browser context)."""
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(PATIENCE_MS)
    login(page, url, username, password)
    return page


def link(page: Any, url: str, federation: str, key: str) -> None:
    page.goto(url + "federation/lien/")
    page.fill("input[name=url]", federation)
    page.fill("input[name=token]", key)
    page.click("main form button[type=submit]")
    see(page, ".messages", "Lien avec la fédération enregistré.")


def receive(page: Any, url: str) -> None:
    """« Recevoir les simultanés de la fédération »: the sealed games downloaded ahead."""
    page.goto(url + "simultanes/")
    page.click("#fetch-form button")
    see(page, ".messages", "1 simultané(s) reçu(s) de la fédération.")


def try_open(page: Any, url: str, code: str = "") -> str:
    """Press « Ouvrir les parties » on the centres' page (the code typed when given): the
    message the page answers with."""
    page.goto(url + "simultanes/")
    form = page.locator("#received .open-form")
    form.locator("input[name=code]").fill(code)
    form.locator("button").click()
    message = page.locator(".messages")
    message.wait_for()
    return str(message.inner_text())


def open_online(page: Any, url: str, deadline: float) -> str:
    """Open with the federation's key from the start on (asked again while the server, on
    its own clock, still says it has not begun): the event's page."""
    while "Simultané ouvert" not in (said := try_open(page, url)):
        assert "n'a pas commencé" in said, said
        assert time.monotonic() < deadline, said
    expect(page.locator("h1")).to_have_count(1)
    return str(page.url)


def register(page: Any, event_url: str, players: list[tuple[str, str, int]]) -> None:
    """Register ``(licence, name, table)`` players one by one, as typed at the door."""
    for licence, name, table in players:
        page.goto(event_url)
        page.fill("#player-form input[name=licence]", licence)
        page.fill("#player-form input[name=name]", name)
        page.fill("#player-form input[name=table]", str(table))
        page.click("#player-form button")
        see(page, "#players", licence)


def assign(page: Any, event_url: str, username: str, password: str, tables: str) -> None:
    page.goto(event_url)
    page.fill("#arbiter-form input[name=username]", username)
    page.fill("#arbiter-form input[name=password]", password)
    page.fill("#arbiter-form input[name=tables]", tables)
    page.click("#arbiter-form button")
    see(page, ".messages", f"attribuées à {username}")


def check_licences(page: Any, url: str) -> str:
    page.goto(url + "simultanes/")
    page.click(".opened form[action$='/licences/'] button")
    message = page.locator(".messages")
    message.wait_for()
    return str(message.inner_text())


def remove_player(page: Any, event_url: str, licence: str) -> None:
    page.goto(event_url + f"joueurs/modifier/{licence}")
    page.click("#player-delete-form button")
    expect(page.locator("#players")).not_to_contain_text(licence, timeout=PATIENCE_MS)


def play_move(page: Any, timed: bool = True) -> bool:
    """The chief's next pre-drawn move on their screen (drawn, timed unless ``timed`` is
    False, top revealed); False when the game is over."""
    page.locator("#draw-random, p.big").first.wait_for()
    if not page.locator("#draw-random").count():
        return False
    page.click("#draw-random")
    page.locator("#start-timer").wait_for()  # the draw's page, its top to reveal
    if timed:
        page.click("#start-timer")
        expect(page.locator("#start-timer")).to_have_count(0, timeout=PATIENCE_MS)
    page.click("#reveal")
    expect(page.locator("#reveal")).to_have_count(0, timeout=PATIENCE_MS)
    return True


def enter_ballots(page: Any, entry_url: str, move: int, ballots: dict[int, str]) -> None:
    """The arbiter's ballots of ``move`` (table -> what the slip says)."""
    page.goto(entry_url + f"?coup={move}")
    for table, text in ballots.items():
        enter(page, table, text)


def results_state(page: Any, url: str, wanted: str, seconds: float = 60.0) -> str:
    """The state the centres' page shows of the results sent, once it says ``wanted`` (the
    server's sender delivers in the background: the page is read again until then)."""
    deadline = time.monotonic() + seconds
    while True:
        page.goto(url + "simultanes/")
        state = page.locator(".results-state")
        said = str(state.inner_text()) if state.count() else ""
        if wanted in said:
            return said
        assert time.monotonic() < deadline, f"results never {wanted!r}: {said!r}"
        page.wait_for_timeout(250)  # one reading of the page a quarter second
