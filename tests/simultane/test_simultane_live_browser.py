"""Issue 38 in headless Chromium: the public page of a simultané, and a centre's view of
it, left open while a centre's results arrive over HTTP, show that centre's players without
being reloaded (the page polls the simultané's version and fetches its standings)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server, director_data
from tests.app_duplicate.test_duplicate_browser import expect
from tests.simultane.uploads import results, signed

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Federation-2026!"
#: how long a page may take to show what it waits for (a bound for a broken page only)
PATIENCE_MS = 20_000


def upload(url: str, uid: str, key: str, players: list[tuple[str, str, list[int]]]) -> Any:
    request = urllib.request.Request(
        f"{url}api/federation/simultanes/{uid}/resultats/",
        data=json.dumps(signed(results(uid, players), key)).encode(),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


@pytest.mark.browser
def test_an_upload_shows_on_the_open_pages_without_a_reload(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    env = {k: v for k, v in os.environ.items() if k != "ARBITRE_DATABASE_URL"}
    env["ARBITRE_DATA_DIR"] = str(data)
    made = subprocess.run(
        [sys.executable, "-m", "tests.simultane.live_steps"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    setup = json.loads(made.stdout.splitlines()[-1])
    uid, keys = setup["uid"], setup["keys"]
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        namur = [("101", "DUPONT", [50, 20]), ("102", "MARTIN", [30, 30])]
        assert upload(url, uid, keys["Club de Namur"], namur)["status"] == "accepted"
        public = browser.new_context().new_page()
        loads: list[str] = []
        public.on("load", lambda page: loads.append(page.url))
        public.goto(f"{url}public/simultanes/{uid}/")
        standings = public.locator("#public-standings tbody")
        expect(standings).to_contain_text("DUPONT")
        expect(public.locator("#public-centres")).to_contain_text(
            "Club de Liège — résultats attendus"
        )
        centre = browser.new_context().new_page()
        centre.goto(f"{url}public/simultanes/{uid}/?centre=Club de Liège")
        expect(centre.locator("#public-standings tbody")).to_contain_text("Aucun résultat reçu.")

        liege = [("201", "BERNARD", [64, 10]), ("202", "ZOLA", [12, 12])]
        assert upload(url, uid, keys["Club de Liège"], liege)["status"] == "accepted"

        first = standings.locator("tr").first
        expect(first).to_contain_text("BERNARD", timeout=PATIENCE_MS)
        expect(standings).to_contain_text("ZOLA")
        expect(public.locator("#public-centres")).to_contain_text("Club de Liège — 2 joueurs")
        rows = centre.locator("#public-standings tbody tr")
        expect(rows).to_have_count(2, timeout=PATIENCE_MS)
        expect(rows.first).to_contain_text("BERNARD")
        expect(rows.nth(1)).to_contain_text("ZOLA")
        assert len(loads) == 1  # the page was never reloaded: its standings were put in place
