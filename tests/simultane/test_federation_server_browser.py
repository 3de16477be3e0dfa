"""Issue 38 in headless Chromium on the federation's server as it runs (PostgreSQL,
``arbitre serve --processes 2``, its renderer rendering each new version): the officer logs
in and follows the simultané, the public page stays open, and each centre's upload, signed
and posted over HTTP, shows on the public page without a reload and on the officer's page
at its next view, counted once when a centre sends its results again."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.app.browser import headless_chromium
from tests.app.postgres import throwaway_postgres
from tests.app.server import arbitre_server, server_env
from tests.app.test_serve_renderer import post_results
from tests.app_duplicate.test_duplicate_browser import expect, login

ROOT = Path(__file__).resolve().parents[2]
#: how long a page may take to show what it waits for (a bound for a broken page only)
PATIENCE_MS = 20_000


@pytest.mark.browser
@pytest.mark.postgres
def test_the_officer_and_the_public_follow_the_uploads_on_the_federation_server(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    with (
        throwaway_postgres() as database,
        arbitre_server(data, database, processes=2) as server,
        headless_chromium() as browser,
    ):
        env = dict(os.environ, ARBITRE_DATA_DIR=str(data), ARBITRE_DATABASE_URL=database)
        made = subprocess.run(
            [sys.executable, str(ROOT / "tests" / "app" / "postgres_simultane.py"), "publish"],
            env=server_env(env),
            capture_output=True,
            text=True,
            timeout=240,
        )
        assert made.returncode == 0, made.stderr[-3000:]
        simultane = json.loads(made.stdout)
        url = server.url
        assert post_results(url, simultane, "Namur")["status"] == "accepted"

        officer = browser.new_context().new_page()
        login(officer, url, "directrice", "Tournoi-2026!")
        expect(officer).not_to_have_url(re.compile("connexion"), timeout=PATIENCE_MS)
        officer_page = f"{url}federation/simultanes/{simultane['id']}/"
        officer.goto(officer_page)
        expect(officer.locator("#centres-summary")).to_contain_text("Résultats reçus : 1")
        expect(officer.locator("#awaited")).to_contain_text("Liège")

        public = browser.new_context().new_page()
        loads: list[str] = []
        public.on("load", lambda page: loads.append(page.url))
        public.goto(f"{url}public/simultanes/{simultane['uid']}/")
        standings = public.locator("#public-standings tbody")
        expect(standings).to_contain_text("DUPONT")
        expect(standings).not_to_contain_text("BERNARD")

        assert post_results(url, simultane, "Liège")["status"] == "accepted"
        expect(standings.locator("tr").first).to_contain_text("BERNARD", timeout=PATIENCE_MS)
        expect(public.locator("#public-centres")).to_contain_text("Liège — 2 joueurs")
        again = post_results(url, simultane, "Liège")  # the centre's outbox, without an answer
        assert again["status"] == "accepted" and again["received"] == 2

        officer.goto(officer_page)
        expect(officer.locator("#centres-summary")).to_contain_text("Résultats reçus : 2")
        expect(officer.locator("#standings tbody tr").first).to_contain_text("BERNARD")
        expect(officer.locator("#standings tbody tr")).to_have_count(4)  # each player once
        assert len(loads) == 1  # the public page was never reloaded
