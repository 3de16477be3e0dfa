"""The Classic table page's entry in headless Chromium (issue 35, item 5): a toss round
with a blank is refused where it is typed and the rounds typed are kept (001 3.1: "Les
jokers ne sont pas pris en compte"); a word is sent only with its announced score (001
4.1.3: "annoncer clairement le score revendiqué") and the form is reset after it, direction
included; on a phone (390x844) the move entry and the clock are on one screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.browser import headless_chromium, navigate
from tests.app.server import arbitre_server
from tests.app_rounds.test_classic_table_browser import PHONE, TABLET, state_of, wait_version
from tests.app_rounds.test_rounds_browser import login, start


def friendly_with_toss(page: object, url: str) -> str:
    page.goto(f"{url}classique/amicale/")  # type: ignore[attr-defined]
    page.fill("input[name=a]", "Éric")  # type: ignore[attr-defined]
    page.fill("input[name=b]", "Ana")  # type: ignore[attr-defined]
    page.select_option("select[name=profile]", "ffsc")  # type: ignore[attr-defined]
    page.check("input[name=toss]")  # type: ignore[attr-defined]
    page.select_option("select[name=kind]", "chess")  # type: ignore[attr-defined]
    page.fill("input[name=minutes]", "25")  # type: ignore[attr-defined]
    navigate(page, "main button[type=submit]")
    return str(page.url).rstrip("/").rsplit("/", 1)[1]  # type: ignore[attr-defined]


@pytest.mark.browser
def test_001_3_1_and_4_1_3_the_toss_and_the_move_entry(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        login(staff, url)
        code = friendly_with_toss(staff, url)
        table = browser.new_context(viewport=PHONE).new_page()
        table.goto(f"{url}classique/table/{code}/")
        table.wait_for_selector("#ct-toss:not([hidden])")
        # a tie, then a round with a blank: refused inline, the tie stays typed
        table.fill("#ct-toss-0", "e")
        table.fill("#ct-toss-1", "E")
        table.click("#ct-toss-add")
        table.wait_for_function(
            "() => document.getElementById('ct-toss-rounds').innerText === 'E/E'"
        )
        table.fill("#ct-toss-0", "?")
        table.fill("#ct-toss-1", "B")
        table.click("#ct-toss-send")
        table.wait_for_selector("#ct-toss-error:not([hidden])")
        assert "Joker tiré par Éric" in table.inner_text("#ct-toss-error")
        assert table.inner_text("#ct-toss-rounds") == "E/E"
        assert table.input_value("#ct-toss-1") == "B"  # nothing typed is lost
        assert state_of(url, code)["version"] == 0  # nothing sent
        table.fill("#ct-toss-0", "M")
        table.click("#ct-toss-send")
        state = wait_version(table, url, code, 1)
        assert state["starter"] == 1  # B is closer to A than M
        table.wait_for_selector("#ct-start:not([hidden])")
        table.click("#ct-start")
        wait_version(table, url, code, 2)

        # on a phone, the clock and the whole move entry are on the first screen
        table.evaluate("window.scrollTo(0, 0)")
        for selector in ("#ct-half-0", "#ct-half-1", "#ct-word", "#ct-announced"):
            box = table.locator(selector).bounding_box()
            assert box is not None and 0 <= box["y"], selector
            assert box["y"] + box["height"] <= PHONE["height"], (selector, box)

        # a word without its announced score is not sent (001 4.1.3)
        table.fill("#ct-word", "MAISON")
        table.fill("#ct-square", "8D")
        table.select_option("#ct-direction", "v")
        table.click("#ct-half-1")
        table.wait_for_selector("#ct-error:not([hidden])")
        assert "Annoncez le score du coup (001 4.1.3)" in table.inner_text("#ct-error")
        assert table.input_value("#ct-word") == "MAISON"  # kept, to add the score
        assert state_of(url, code)["version"] == 2
        table.fill("#ct-announced", "18")
        table.click("#ct-half-1")
        state = wait_version(table, url, code, 3)
        assert state["sheet"][0]["text"] == "8D MAISON" and state["scores"] == [0, 18]
        # the form is reset for the next move: the direction too
        assert table.input_value("#ct-direction") == "h"
        assert table.input_value("#ct-word") == "" and table.input_value("#ct-announced") == ""
