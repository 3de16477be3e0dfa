"""The clock pages on phones and tablets, in headless Chromium (issue 19, part 1): the
director's page of every clock of a round shows each table whole at 390x844 and 800x1280
(no sideways scrolling, inside the page or inside a box of it), and the tablet clock page
keeps both players' halves on screen, their times readable, at 390x844, 844x390, 800x1280
and 1280x800. The register of incidents is read on a phone as well (one card per
incident, the appeal form within the screen)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium, navigate
from tests.app.server import arbitre_server
from tests.app_rounds.test_backgammon_clock_browser import accelerate
from tests.app_rounds.test_rounds_browser import (
    ARTIFACTS,
    import_and_check_in,
    login,
    new_backgammon_event,
    round_tables,
    start,
    submit,
    write_players,
)

PLAYERS = {f"Bg{i:02d} Longnom-Dupont": 1900 - 20 * i for i in range(1, 13)}

SIDEWAYS = """() => {
  const wide = [];
  for (const el of document.querySelectorAll('body, main, main *')) {
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    if (scrolls && el.scrollWidth > el.clientWidth + 1)
      wide.push(el.tagName + '#' + el.id + '.' + el.className);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) wide.push('document');
  return wide;
}"""


def off_screen(page: Any, selector: str) -> list[str]:
    """The elements matching ``selector`` whose box leaves the viewport's width."""
    width = page.viewport_size["width"]
    out = []
    for i in range(page.locator(selector).count()):
        box = page.locator(selector).nth(i).bounding_box()
        if box is None or box["x"] < 0 or box["x"] + box["width"] > width + 1:
            out.append(f"{selector}[{i}]: {box}")
    return out


@pytest.mark.browser
def test_003_clock_pages_fit_phones_and_tablets(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
        login(page, server.url)
        event_url = new_backgammon_event(page, "Championnat sur tablette", 1, 9)
        import_and_check_in(page, write_players(tmp_path / "bg.csv", PLAYERS), len(PLAYERS))
        event_id = event_url.rstrip("/").split("/")[-1]
        accelerate(data, event_id)
        navigate(page, "#pair-next")
        round_url = page.url
        tables = round_tables(page)
        navigate(page, f"#clock-link-{tables[0][0]}")
        clock_url = page.url
        page.wait_for_function("document.getElementById('time-0').textContent.length > 0")
        page.click("#start-1")  # one clock runs: its row is marked on the overview
        page.wait_for_selector("#half-1.running")
        page.wait_for_function(
            "() => JSON.parse(localStorage.getItem("
            "document.getElementById('bg-clock').dataset.queueKey) || '[]').length === 0"
        )

        for width, height in ((390, 844), (800, 1280)):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"{event_url}ronde/1/pendules/")
            rows = page.locator("#clocks tbody tr")
            assert rows.count() == len(tables)
            assert page.evaluate(SIDEWAYS) == [], (width, height)
            # every table's number, both players with their time and the state are on screen
            assert off_screen(page, "#clocks tbody td") == [], (width, height)
            first = rows.first.inner_text()
            assert tables[0][1] in first and tables[0][2] in first and "en cours" in first
            assert ":" in first  # the times (m:ss)
            page.screenshot(path=str(ARTIFACTS / f"backgammon-clocks-{width}x{height}.png"))

        for width, height in ((390, 844), (844, 390), (800, 1280), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(clock_url)
            page.wait_for_function("document.getElementById('time-0').textContent.length > 0")
            assert page.evaluate(SIDEWAYS) == [], (width, height)
            assert off_screen(page, ".bg-half") == [], (width, height)
            assert off_screen(page, ".bg-time") == [], (width, height)
            # both halves are whole on the screen the page opens on, side by side, so a
            # player presses without scrolling
            tops = set()
            for half in ("#half-0", "#half-1"):
                box = page.locator(half).bounding_box()
                assert box is not None and box["height"] >= 80, (width, height, half)
                assert 0 <= box["y"] and box["y"] + box["height"] <= height, (width, height, box)
                tops.add(round(box["y"]))
            assert len(tops) == 1
            page.screenshot(path=str(ARTIFACTS / f"backgammon-clock-{width}x{height}.png"))

        page.set_viewport_size({"width": 1000, "height": 800})
        page.goto(round_url.split("backgammon/")[0] + f"evenement/{event_id}/incidents/")
        form = page.locator("#incident-form")
        form.locator("select[name=player]").select_option(label=tables[0][1])
        form.locator("input[name=round]").fill("1")
        form.locator("input[name=table]").fill(str(tables[0][0]))
        form.locator("select[name=kind]").select_option("conduct")
        form.locator("textarea[name=description]").fill("Téléphone sonnant pendant le match")
        form.locator("select[name=sanction]").select_option("warning")
        submit(page, form.locator("button[type=submit]"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.reload()
        assert page.evaluate(SIDEWAYS) == []
        assert off_screen(page, "#incidents tbody td") == []
        assert off_screen(page, "#incidents .appeal-form button") == []
        card = page.locator("#incidents tbody tr").first.inner_text()
        assert tables[0][1] in card and "Téléphone sonnant" in card and "avertissement" in card
        page.screenshot(path=str(ARTIFACTS / "incidents-390x844.png"), full_page=True)
