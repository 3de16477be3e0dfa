"""The Duplicate public standings on a phone (issue 35, item 7): at 390 px the columns a
player looks for (rank, name, Total, Écart, %) are on the screen; club, series and the
per-game totals give way to them, before and after the page's live refresh."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_duplicate.test_hall_browser import small_demo

KEY_COLUMNS = """
() => {
  const table = document.getElementById("standings");
  const heads = Array.from(table.querySelectorAll("thead th"));
  const row = table.querySelector("tbody tr");
  const cells = Array.from(row.children);
  const shown = el => el.getBoundingClientRect().width > 0;
  const right = el => el.getBoundingClientRect().right;
  const last = heads.length - 1;
  return {
    width: window.innerWidth,
    heads: [0, 1, last - 2, last - 1, last].map(i => [heads[i].textContent.trim(), right(heads[i])]),
    cells: [0, 1, last - 2, last - 1, last].map(i => right(cells[i])),
    hiddenCells: cells.filter(c => !shown(c)).length,
    rows: table.querySelectorAll("tbody tr").length,
  };
}
"""


@pytest.mark.browser
def test_total_difference_and_percentage_are_on_a_phones_screen(tmp_path: Path) -> None:
    data, events = small_demo(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        phone.goto(f"{server.url}public/duplicate/{events['duplicate']}/")
        expect(phone.locator("#standings tbody tr").first).to_be_visible()
        first = phone.evaluate(KEY_COLUMNS)
        # the page's script redraws the rows from the JSON it polls: wait for one redraw
        phone.evaluate("document.querySelector('#standings tbody tr').dataset.old = '1'")
        phone.wait_for_function(
            "!document.querySelector('#standings tbody tr').dataset.old", timeout=30_000
        )
        again = phone.evaluate(KEY_COLUMNS)
        # a player's page from the standings: their sheets within the screen, no sideways
        # scrolling (the whole-day run found it 14 px too wide with long words)
        phone.locator("#standings tbody tr a").first.click()
        expect(phone.locator("table.sheet").first).to_be_visible()
        sheet = phone.evaluate(
            "() => [Math.max(...Array.from(document.querySelectorAll('table.sheet'),"
            " t => t.getBoundingClientRect().right)),"
            " document.querySelector('main').scrollWidth - document.querySelector('main').clientWidth]"
        )
    assert sheet[0] <= 390 and sheet[1] <= 0, sheet
    for seen in (first, again):
        assert [h[0] for h in seen["heads"]][2:] == ["Total", "Écart", "%"]
        assert all(right <= seen["width"] for _, right in seen["heads"]), seen
        assert all(right <= seen["width"] for right in seen["cells"]), seen
        assert seen["hiddenCells"] >= 2  # club and series at least
