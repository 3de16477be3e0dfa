"""The director's live overview in headless Chromium (issue 35, item 4): the overview of a
Classic round stays open while a table calls the arbiter; the call appears without a reload,
with whose clock runs, the page's alert shows and, the sound turned on (remembered on the
device), the tone is played; a sheet to sign then shows as new without a tone; under the
site's Content-Security-Policy, without a script error."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_rounds.test_classic_table_browser import TABLET, create_ffsc_event
from tests.app_rounds.test_rounds_browser import start


def send(page: Any, url: str, csrf: str, ident: str, event: dict[str, Any]) -> dict[str, Any]:
    """An action of the arbiter's table page, sent as that page sends it."""
    response = page.request.post(
        url,
        data=json.dumps({"id": ident, "event": event}),
        headers={"Content-Type": "application/json", "X-CSRFToken": csrf, "Referer": url},
    )
    assert response.status == 200, response.text()
    return dict(response.json())


@pytest.mark.browser
def test_a_new_arbiter_call_appears_on_the_open_overview_with_its_alert(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        context = browser.new_context(viewport=TABLET)
        staff = context.new_page()
        event_url = create_ffsc_event(staff, url, tmp_path)
        event_id = event_url.rstrip("/").split("/")[-1]
        # the event's page leads to the overview
        staff.goto(event_url)
        overview_url = staff.locator("#needs-link").get_attribute("href")
        assert overview_url == f"/evenement/{event_id}/direction/"
        # a table of round 1 and its arbiter's page (its CSRF token, its action address)
        staff.goto(f"{url}classique/{event_id}/ronde/1/tables/")
        row = staff.locator("#ct-overview-rows tr").first
        names = row.locator("td").nth(2).inner_text().split(" — ")
        href = row.locator("a").get_attribute("href")
        assert href is not None
        table_id = re.search(r"/table/(\d+)/", href)
        assert table_id is not None
        staff.goto(url.rstrip("/") + href)
        root = staff.locator("[data-csrf]").first
        csrf = root.get_attribute("data-csrf") or ""
        action = f"{url}classique/{event_id}/table/{table_id.group(1)}/action/"

        watch = context.new_page()
        problems: list[str] = []
        watch.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        watch.on("pageerror", lambda e: problems.append(str(e)))
        watch.goto(url.rstrip("/") + overview_url)
        watch.wait_for_selector("#needs-list .need-none")
        assert not watch.locator("#needs-sound").is_checked()  # off by default
        watch.click("#needs-sound")
        # the game starts: its clock appears, the starter's side running
        send(staff, action, csrf, "n1", {"kind": "toss", "rounds": [["A", "Z"]]})
        send(staff, action, csrf, "n2", {"kind": "start"})
        watch.wait_for_selector("#needs-clocks tr .side.running")
        assert names[0] in watch.locator("#needs-clocks .side.running").inner_text()
        assert watch.locator("#needs").get_attribute("class") == "needs"  # nothing new yet
        # a player calls the arbiter at the table (001 4.1.6)
        send(staff, action, csrf, "n3", {"kind": "neutralise", "reason": "arbiter"})
        call = watch.locator("#needs-list .need[data-kind=call]")
        call.wait_for()
        watch.wait_for_selector("#needs.needs-alert")
        assert "new" in (call.get_attribute("class") or "")
        assert "appel à l'arbitre" in call.inner_text()
        assert call.locator("a.need-act").get_attribute("href") == href
        assert watch.locator("#needs-banner").is_visible()
        assert "Appel à l'arbitre" in watch.locator("#needs-banner-text").inner_text()
        watch.wait_for_function("() => document.getElementById('needs').dataset.beeps === '1'")
        # seen: the alert goes, the item stays until play resumes
        watch.click("#needs-seen")
        watch.wait_for_selector("#needs:not(.needs-alert)")
        assert not watch.locator("#needs-banner").is_visible()
        send(staff, action, csrf, "n4", {"kind": "resume"})
        call.wait_for(state="detached")
        # the game ended, its sheet waits for signatures: new, shown, but no tone for it
        send(staff, action, csrf, "n5", {"kind": "director_end"})
        send(staff, action, csrf, "n6", {"kind": "declare_rack", "player": 0, "tiles": "AEIRSTU"})
        send(staff, action, csrf, "n7", {"kind": "declare_rack", "player": 1, "tiles": "BEILNOR"})
        sheet = watch.locator("#needs-list .need.new[data-kind=unsigned]")
        sheet.wait_for()
        watch.wait_for_selector("#needs.needs-alert")
        assert watch.locator("#needs").get_attribute("data-beeps") == "1"
        assert "need-watch" in (sheet.get_attribute("class") or "")
        # the sound stays on for this device
        watch.reload()
        watch.wait_for_selector("#needs-list")
        assert watch.locator("#needs-sound").is_checked()
        assert not problems, problems
