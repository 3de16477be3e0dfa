"""Classic Scrabble at the table on a phone and a 10-inch tablet, in portrait and landscape
(issue 18: "usable on a 10-inch tablet and a phone, in portrait and landscape"), in headless
Chromium: at 390x844, 844x390, 800x1280 and 1280x800 the table page (toss, clock, challenge
terminal, reckoning, signatures), the arbiter's page of the table, the arbiters' overview
of the round and the tables' slips have no horizontal overflow; the two clock halves stay large, side by side and
tappable, wholly on the first screen once the game runs; the signature buttons fit. A call from the table shows on the arbiters' overview
without a reload (part 7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium, navigate
from tests.app.server import arbitre_server
from tests.app_rounds.test_classic_table_browser import (
    TABLET,
    challenge,
    create_ffsc_event,
    move,
    sign,
    slip_pins,
    state_of,
    tap,
    wait_version,
)
from tests.app_rounds.test_rounds_browser import start

VIEWPORTS = ((390, 844), (844, 390), (800, 1280), (1280, 800))
"""Phone portrait and landscape, 10-inch tablet portrait and landscape (CSS pixels)."""


def fits(page: Any, what: str, *visible: str) -> None:
    """At each viewport: nothing wider than the screen, and each of ``visible`` (selectors)
    shown within the screen's width, its buttons and labels at least 40 px high."""
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        overflow = page.evaluate(
            "Math.max(document.documentElement.scrollWidth - window.innerWidth,"
            " ...[...document.querySelectorAll('main, .ct')].map("
            "e => e.scrollWidth - e.clientWidth))"
        )
        if overflow > 0:
            widest = page.evaluate(
                "[...document.querySelectorAll('main *')].filter("
                "e => e.getBoundingClientRect().right > window.innerWidth).map("
                "e => e.tagName + '#' + e.id + '.' + e.className).slice(-3)"
            )
            pytest.fail(f"{what} at {width}x{height}: {overflow}px too wide ({widest})")
        for selector in visible:
            for i in range(page.locator(selector).count()):
                box = page.locator(selector).nth(i).bounding_box()
                assert box is not None, f"{what} at {width}x{height}: {selector} hidden"
                assert box["x"] >= 0 and box["x"] + box["width"] <= width, (
                    f"{what} at {width}x{height}: {selector} out of the screen {box}"
                )
                tag = page.locator(selector).nth(i).evaluate("e => e.tagName")
                if tag in ("BUTTON", "LABEL"):  # a thumb's tap
                    assert box["height"] >= 40, f"{what} at {width}x{height}: {selector} {box}"


def clock_is_large(page: Any, what: str, first_screen: bool = True) -> None:
    """The two halves side by side, each at least 40 % of the width and a quarter of the
    height (the page's 28 to 44 vh), with their time written at least 32 px high; with
    ``first_screen``, both wholly on the screen as the page opens, without scrolling."""
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        boxes = [page.locator(f"#ct-half-{p}").bounding_box() for p in (0, 1)]
        assert all(b is not None for b in boxes)
        left, right = boxes
        assert left["y"] == right["y"] and left["x"] + left["width"] <= right["x"], boxes
        for box in boxes:
            assert box["width"] >= 0.4 * width and box["height"] >= 0.25 * height, (
                f"{what} at {width}x{height}: a clock half is {box}"
            )
            if first_screen:
                assert box["y"] >= 0 and box["y"] + box["height"] <= height, (
                    f"{what} at {width}x{height}: a clock half is off the first screen {box}"
                )
        size = page.evaluate(
            "parseFloat(getComputedStyle(document.getElementById('ct-time-0')).fontSize)"
        )
        assert size >= 32, f"{what} at {width}x{height}: the time is {size}px"


@pytest.mark.browser
def test_the_table_pages_fit_a_phone_and_a_tablet_both_ways(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        event_url = create_ffsc_event(staff, url, tmp_path)
        event_id = event_url.rstrip("/").split("/")[-1]
        overview = f"{url}classique/{event_id}/ronde/1/tables/"
        # part 1: the arbiters open the tables from the round
        staff.goto(f"{url}classique/{event_id}/ronde/1/")
        with staff.expect_navigation():
            navigate(staff, "text=Toutes les tables de la ronde (pendules, appels)")
        assert staff.url == overview
        first = staff.locator("#ct-overview-rows tr").first
        code = first.locator("code").inner_text()
        row = first.get_attribute("id")
        fits(staff, "the arbiters' overview", f"#{row} a")
        pins = slip_pins(staff, url, event_id)  # the slip handed to the table's players

        table = browser.new_context(viewport=TABLET).new_page()
        table.goto(f"{url}classique/table/{code}/")
        table.wait_for_selector("#ct-toss:not([hidden])")
        fits(table, "the toss", "#ct-toss-send")
        clock_is_large(table, "before the start", first_screen=False)
        table.fill("#ct-toss-0", "A")
        table.fill("#ct-toss-1", "Z")
        table.click("#ct-toss-send")
        table.wait_for_selector("#ct-start:not([hidden])")
        table.click("#ct-start")
        wait_version(table, url, code, 2)
        fits(table, "the clock running", "#ct-half-0", "#ct-half-1")
        clock_is_large(table, "the clock running")

        # part 7: a call from the table shows on the overview, without a reload
        staff.goto(overview)
        staff.set_viewport_size({"width": 390, "height": 844})
        table.click("#ct-call")
        staff.wait_for_function(
            "([id, word]) => document.getElementById(id).innerText.includes(word)",
            arg=[row, "Appel à l'arbitre"],
            timeout=10000,  # the overview polls every 2 s
        )
        assert "alert" in (staff.locator(f"#{row}").get_attribute("class") or "")
        table.click("#ct-resume")
        wait_version(table, url, code, 4)

        # the challenge terminal: the words to pick, then the verdict
        move(table, 0, "MAISoN", "H4", "h", "16")
        wait_version(table, url, code, 5)
        # part 4: the running total and the bag (102 tiles, 14 drawn, 6 more after MAISON)
        table.wait_for_function(
            "() => document.getElementById('ct-bag').innerText === 'Sac : 82 lettres'"
        )
        assert table.locator("#ct-sheet tr").first.locator("td").nth(4).inner_text() == "16"
        # "Je conteste" on the first screen, under the clock (a phone held sideways scrolls
        # a little: its 390 px hold the page's header, the clock and the bag)
        for width, height in ((390, 844), (800, 1280), (1280, 800)):
            table.set_viewport_size({"width": width, "height": height})
            table.evaluate("window.scrollTo(0, 0)")
            box = table.locator("#ct-contest").bounding_box()
            assert box is not None and box["y"] + box["height"] <= height, (width, box)
        table.click("#ct-contest")
        table.wait_for_selector("#ct-pick:not([hidden])")
        fits(table, "the words to contest", "#ct-pick-words label", "#ct-pick-send")
        table.click("#ct-pick-cancel")
        challenge(table, ["MAISON"])
        fits(table, "the verdict", "#ct-verdict-words", "#ct-ruling")
        table.click("#ct-ruling")
        state = wait_version(table, url, code, 7)
        fits(table, "the sheet", "#ct-half-0", "#ct-half-1")

        # six scoreless turns end the game (001 4.2.2): the reckoning, then the signatures
        player = state["to_move"]
        for _ in range(6):
            table.wait_for_selector("#ct-entry:not([hidden])")
            tap(table, player, "pass")
            player = 1 - player
        table.wait_for_selector("#ct-reckoning:not([hidden])")
        assert table.locator("#ct-passes").inner_text() == "Tours sans point consécutifs : 6 / 6"
        fits(table, "the reckoning", ".ct-declare")
        for p, rack in ((0, "EEEEEEE"), (1, "KWXYZJQ")):
            table.fill(f"#ct-rack-{p}", rack)
            table.click(f".ct-declare[data-player='{p}']")
        table.wait_for_selector("#ct-result:not([hidden])")
        fits(table, "the signatures", ".ct-sign", ".ct-sign-line label")
        sign(table, pins)
        table.wait_for_function(
            "() => document.getElementById('ct-status').innerText.includes('Feuille signée')"
        )
        assert state_of(url, code)["finished"]

        # the arbiter's page of the same table, with its arbiter's panel
        staff.set_viewport_size(TABLET)
        staff.goto(f"{url}classique/{event_id}/ronde/1/")
        with staff.expect_navigation():
            staff.locator("text=Table : pendule et feuille de score").first.click()
        # the sheet is signed: the panel offers its reopening, not a sanction (issue 35)
        staff.wait_for_selector("#ct-a-reopen button")
        assert not staff.locator("#ct-a-sanction-send").is_visible()
        # the same table: its script writes the sheet's names in
        staff.locator("#ct-half-0 .ct-name", has_text=state_of(url, code)["names"][0]).wait_for()
        fits(staff, "the arbiter's table page", "#ct-half-0", "#ct-a-reopen button")
        staff.goto(overview)
        fits(staff, "the overview at the end", f"#{row} a")
        # the tables' slips (issue 34): a long address wraps inside its slip on a phone
        staff.goto(f"{url}classique/{event_id}/ronde/1/billets/")
        fits(staff, "the tables' slips", ".slip .table-code", ".slip .slip-url", ".slip-pin")
        staff.set_viewport_size({"width": 390, "height": 844})
        staff.screenshot(path=str(tmp_path / "overview-phone.png"), full_page=True)
        table.set_viewport_size({"width": 390, "height": 844})
        table.screenshot(path=str(tmp_path / "table-phone.png"), full_page=True)
