"""A short Classic day over ``arbitre serve --https`` in headless Chromium (issue 34): the
director pairs a round and prints its slips (one per table: the table's code, its QR code,
each player's own PIN) and the pairing sheet (no code on it); two players open their table
on a phone by its code, play with clock presses, refuse the opponent's PIN in French and
sign each with their own; the result reaches the round and the standings. No page the day
visits logs a Content-Security-Policy violation or a script error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app.test_https_browser import accepted
from tests.app_rounds.test_classic_table_browser import create_ffsc_event, move
from tests.app_rounds.test_rounds_browser import start

DESK = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
CODE = re.compile(r"[0-9A-Z]{8}")
PIN = re.compile(r"\d{4}")


def watched(context: Any, problems: list[str]) -> Any:
    """A page whose console errors and uncaught script errors are collected; refused
    requests (a wrong PIN's 400) are the day's, not the page's, and are left out."""
    page = context.new_page()

    def on_console(message: Any) -> None:
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            problems.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"{page.url}: {error}"))
    return page


def state_of(page: Any, code: str) -> dict[str, Any]:
    """The table's state as the server answers it, fetched by the page over HTTPS."""
    state: dict[str, Any] = page.evaluate(
        "code => fetch('/classique/table/' + code + '/etat/').then(r => r.json())", code
    )
    return state


def settled(page: Any, code: str) -> None:
    """Wait until the table page has nothing left to send."""
    page.wait_for_function(
        "key => JSON.parse(localStorage.getItem(key) || '[]').length === 0",
        arg=f"arbitre-table-{code}",
    )


@pytest.mark.browser
def test_a_short_classic_day_over_https(tmp_path: Path) -> None:
    data = start(tmp_path)
    problems: list[str] = []
    with arbitre_server(data, args=("--https",)) as server:
        port = server.url.rstrip("/").rsplit(":", 1)[1]
        url = f"https://127.0.0.1:{port}/"
        with headless_chromium((accepted(data),)) as browser:
            staff = watched(browser.new_context(viewport=DESK), problems)
            event_url = create_ffsc_event(staff, url, tmp_path)  # 12 players, round 1
            assert event_url.startswith(url)
            event_id = event_url.rstrip("/").split("/")[-1]
            round_url = f"{url}classique/{event_id}/ronde/1/"

            # the slips: one per table, each with its code, its QR code and two PINs
            staff.goto(round_url + "billets/")
            slips = staff.locator("section.slip")
            assert slips.count() == 6
            printed: dict[int, tuple[str, list[str]]] = {}
            for i in range(6):
                slip = slips.nth(i)
                number = int((slip.get_attribute("id") or "").split("-")[1])
                code = slip.locator(".table-code").inner_text().strip()
                pins = [p.strip() for p in slip.locator(".slip-pin").all_inner_texts()]
                assert CODE.fullmatch(code) and len(pins) == 2, (code, pins)
                assert all(PIN.fullmatch(p) for p in pins) and pins[0] != pins[1]
                assert slip.locator(".slip-qr svg").count() == 1
                printed[number] = (code, pins)
            assert len({code for code, _ in printed.values()}) == 6
            # the pairing sheet posted in the hall: no code
            staff.goto(round_url + "imprimer/")
            sheet = staff.content()
            assert "Table" in sheet
            assert not [code for code, _ in printed.values() if code in sheet]

            # table 1 on a phone, opened by its code as typed
            code, pins = printed[1]
            phone = watched(browser.new_context(viewport=PHONE), problems)
            phone.goto(url + "classique/table/")
            phone.fill("input[name=code]", code.lower())
            phone.click("main button[type=submit]")
            phone.wait_for_url(f"{url}classique/table/{code}/")
            phone.fill("#ct-toss-0", "A")
            phone.fill("#ct-toss-1", "Z")
            phone.click("#ct-toss-send")
            phone.wait_for_selector("#ct-start:not([hidden])")
            phone.click("#ct-start")
            settled(phone, code)
            first = state_of(phone, code)["to_move"]
            move(phone, first, "MAISON", "H4", "h", "18")
            settled(phone, code)
            move(phone, 1 - first, "AS", "5H", "v", "2")
            settled(phone, code)
            state = state_of(phone, code)
            assert len([t for t in state["sheet"] if not t.get("note")]) == 2
            assert state["to_move"] == first and state["clock"]["running"] == first

            # the director ends the game; each player declares the tiles left
            staff.goto(round_url + "tables/")
            staff.click("#ov-1 a")
            staff.wait_for_selector("#ct-a-end")
            staff.once("dialog", lambda dialog: dialog.accept())
            staff.click("#ct-a-end")
            phone.wait_for_selector("#ct-reckoning:not([hidden])")
            phone.fill("#ct-rack-0", "EEEEEEE")
            phone.click(".ct-declare[data-player='0']")
            phone.fill("#ct-rack-1", "BCGHJKL")
            phone.click(".ct-declare[data-player='1']")
            phone.wait_for_selector("#ct-result:not([hidden])")
            # the opponent's PIN is refused, in French; each signs with their own
            phone.fill("#ct-pin-0", pins[1])
            phone.click(".ct-sign[data-player='0']")
            phone.wait_for_function(
                "() => document.getElementById('ct-error').innerText.includes('Code personnel faux')"
            )
            assert not state_of(phone, code)["signed"][0]
            for p in (0, 1):
                phone.fill(f"#ct-pin-{p}", pins[p])
                phone.click(f".ct-sign[data-player='{p}']")
                phone.wait_for_selector(f".ct-sign[data-player='{p}']", state="hidden")
            phone.wait_for_function(
                "() => document.getElementById('ct-status').innerText.includes('Feuille signée')"
            )
            scores = state_of(phone, code)["result"]["scores"]

            # the result is the round's, and the standings count it
            staff.goto(round_url)
            assert f"{scores[0]} - {scores[1]}" in staff.locator("#result-1").inner_text()
            staff.goto(f"{url}public/classique/{event_id}/")
            assert staff.locator("#standings tbody tr").count() == 12
    assert problems == []
