"""Club to federation across two running servers (issue 20, part 6): the federation's server
on PostgreSQL, a club's laptop on SQLite. The club's director sends a Duplicate event's
results while the federation's server is down: they wait in the queue; the server comes
back on the same address and the club's background sender delivers them; the officer
accepts them into the season in the browser; the club's page shows the answer; sending
again makes no second upload."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.postgres import throwaway_postgres
from tests.app.server import arbitre_server, free_port, migrated_data
from tests.app_duplicate.test_duplicate_browser import expect, login

PASSWORD = "Federation-2026!"


def cli(env: dict[str, str], *args: str) -> Any:
    done = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", *args],
        env=env,
        check=True,
        timeout=600,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout) if "--json" in args else done.stdout


def until(check: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.5)


@pytest.mark.browser
def test_a_club_upload_waits_for_the_network_and_reaches_the_federation(tmp_path: Path) -> None:
    fed_data = tmp_path / "federation"
    fed_data.mkdir()
    club_data = migrated_data(tmp_path, tmp_path / "club")  # the club's laptop, migrated
    with throwaway_postgres() as database_url:
        fed_env = dict(
            os.environ,
            ARBITRE_DATA_DIR=str(fed_data),
            ARBITRE_DATABASE_URL=database_url,
            ARBITRE_ADMIN_PASSWORD=PASSWORD,
        )
        cli(fed_env, "createadmin", "officier")
        key = cli(fed_env, "federation", "token", "Club de Namur", "--json")["key"]

        club_env = dict(os.environ, ARBITRE_DATA_DIR=str(club_data))
        club_env.pop("ARBITRE_DATABASE_URL", None)
        made = cli(club_env, "demo", "--small", "--password", PASSWORD, "--json")
        dup = made["events"]["duplicate"]
        fed_port = free_port()
        cli(club_env, "federation", "link", f"http://127.0.0.1:{fed_port}", key)

        fast = {"ARBITRE_FEDERATION_INTERVAL": "1"}
        with (
            arbitre_server(club_data, extra_env=fast) as club,
            headless_chromium() as browser,
        ):
            director = browser.new_context().new_page()
            login(director, club.url, "demo", PASSWORD)
            send_page = f"{club.url}duplicate/{dup}/federation/"
            # the federation's server is down: the results wait in the queue
            director.goto(send_page)
            director.select_option("#id_type_code", "TH")
            director.click("#send-button")
            expect(director.locator("#outbox-state")).to_contain_text("en file d'attente")
            expect(director.locator("#outbox-error")).to_contain_text("Fédération injoignable")

            # the network is back: the club's sender delivers by itself
            with arbitre_server(fed_data, database_url=database_url, port=fed_port) as fed:

                def state() -> str:
                    director.goto(send_page)
                    return str(director.locator("#outbox-state").inner_text())

                until(lambda: "reçu par la fédération" in state())
                officer = browser.new_context().new_page()
                login(officer, fed.url, "officier", PASSWORD)
                officer.goto(f"{fed.url}federation/envois/")
                row = officer.locator("#uploads tbody tr", has_text="Club de Namur")
                expect(row).to_contain_text("en attente")
                row.locator("button.accept").click()
                # the preview (issue 33): nothing published until the officer confirms
                expect(officer.locator("#pending-summary")).to_contain_text("Rien de publié")
                officer.locator("#confirm-change button[value=confirm]").click()
                expect(officer.locator(".messages")).to_contain_text("Envoi accepté")
                officer.goto(f"{fed.url}federation/saison/")
                expect(officer.locator("main")).to_contain_text("Démo")

                until(lambda: "accepté par la fédération" in state())
                # sending again: still one upload, still accepted
                director.click("#send-button")
                until(lambda: "accepté par la fédération" in state())
                officer.goto(f"{fed.url}federation/envois/")
                expect(officer.locator("#uploads tbody tr")).to_have_count(1)
                expect(officer.locator("#uploads tbody tr")).to_contain_text("reçu 2 fois")
