"""Issue 38 over real HTTP: the federation's server (``arbitre serve`` on PostgreSQL) and
two centres, each its own SQLite database. Centre A (Namur) is a laptop running ``arbitre
serve``, its day driven in its pages in headless Chromium (one browser context per role:
the director and chief, an arbiter on a phone, a public viewer): it links to the
federation, receives the sealed game ahead (the key refused before the start, a code
misheard refused), opens it online at the start, registers its players and checks their
licences (one unknown), runs the whole game on the chief's screen while the arbiter enters
move 1 on the phone entry page; at the game's end its results leave by themselves, are
refused (the unknown licence, the reason shown), and accepted once the player is removed.
Centre B (Liège) is driven by processes (each step its own): it opens with the code read
by phone, is offline when its game ends, and its results leave later. A tampered upload is
refused; A's re-send is counted once; the federation's public page shows every centre's
players; the merged standings equal a hand computation."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.postgres import throwaway_postgres
from tests.app.server import arbitre_server, director_data, free_port
from tests.simultane import centre_pages as pages

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Federation-2026!"
#: The centres' director's password: the browser tests' director's, so that the session
#: makes one data folder for them all (:func:`tests.app.server.director_data`).
DIRECTOR_PASSWORD = "Tournoi-2026!"
ARBITER_PASSWORD = "Saisie-des-bulletins-2026"


def run(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args],
        env=env,
        cwd=ROOT,
        timeout=600,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, f"{args}: {done.stderr[-3000:]}"
    return done.stdout


def step(env: dict[str, str], *args: str) -> Any:
    return json.loads(run(env, "-m", "tests.simultane.two_servers_steps", *args).splitlines()[-1])


@contextmanager
def started_together(*servers: AbstractContextManager[Any]) -> Iterator[list[Any]]:
    """Enter the servers' contexts at once (each start waits for its port: the federation's
    and the centre's starts overlap), and leave every one that started."""
    with ThreadPoolExecutor(len(servers)) as pool:
        futures = [pool.submit(server.__enter__) for server in servers]
    entered, failed = [], None
    for server, future in zip(servers, futures, strict=True):
        try:
            entered.append((server, future.result()))
        except Exception as exc:  # the other servers are stopped before it is raised
            failed = failed or exc
    try:
        if failed is not None:
            raise failed
        yield [running for _, running in entered]
    finally:
        for server, _ in reversed(entered):
            server.__exit__(None, None, None)


def until(check: Callable[[], bool], seconds: float = 180.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"


#: How long before the start the simultané is published, in durations of one step (a process
#: that starts Django and makes one small change, measured in the test): the four steps that
#: must come before the start (publish, two fetches, the refused opening) with room to spare
#: on a loaded machine.
LEAD_IN_STEPS = 8
LEAD_AT_LEAST = 20.0


@pytest.mark.postgres
@pytest.mark.browser
def test_two_centres_and_the_federation_over_http(tmp_path: Path) -> None:
    base = {k: v for k, v in os.environ.items() if k != "ARBITRE_DATABASE_URL"}
    base["ARBITRE_ADMIN_PASSWORD"] = PASSWORD
    record = tmp_path / "partie.json"
    record.write_text(
        run(base, "-m", "arbitre.cli", "duplicate", "autoplay", "--seed", "7", "--json")
    )
    # each centre's data folder: its database migrated and its director made by ``arbitre
    # createadmin``, copied from the one the session's browser tests start from
    centre_data = director_data(tmp_path, DIRECTOR_PASSWORD)
    dirs = {"federation": tmp_path / "federation", "namur": centre_data}
    dirs["liege"] = Path(shutil.copytree(centre_data, tmp_path / "liege"))
    dirs["federation"].mkdir()
    centres = {name: dict(base, ARBITRE_DATA_DIR=str(dirs[name])) for name in ("namur", "liege")}
    with throwaway_postgres() as database_url:
        fed = dict(
            base, ARBITRE_DATA_DIR=str(dirs["federation"]), ARBITRE_DATABASE_URL=database_url
        )
        run(fed, "-m", "arbitre.cli", "createadmin", "officier")
        keys = {}
        for club in ("Club de Namur", "Club de Liège"):
            began = time.monotonic()
            made = run(fed, "-m", "arbitre.cli", "federation", "token", club, "--json")
            one_step = time.monotonic() - began
            keys[club] = json.loads(made)["key"]
        step(fed, "licensees", "101:DUPONT", "102:MARTIN", "201:ÉTIENNE")
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        # Namur's laptop runs ``arbitre serve`` (its sender every second), driven in its pages
        with (
            started_together(
                arbitre_server(dirs["federation"], database_url=database_url, port=port),
                arbitre_server(dirs["namur"], extra_env={"ARBITRE_FEDERATION_INTERVAL": "1"}),
            ) as (_, namur),
            headless_chromium() as browser,
        ):
            director = pages.director_page(browser, namur.url, "directrice", DIRECTOR_PASSWORD)
            pages.link(director, namur.url, url, keys["Club de Namur"])
            step(centres["liege"], "link", url, keys["Club de Liège"])
            # the start leaves time for the steps before it (a loaded machine included)
            lead = max(LEAD_AT_LEAST, LEAD_IN_STEPS * one_step)
            start = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=lead)
            made = step(fed, "publish", start.isoformat(), str(record), *keys)
            pages.receive(director, namur.url)
            assert step(centres["liege"], "fetch") == {"uids": [made["uid"]]}
            # before the start: the key is refused, with the reason; a code misheard on the
            # phone is refused too (its check digits), and nothing is opened
            early = pages.try_open(director, namur.url)
            assert dt.datetime.now(dt.UTC) < start, "the steps before the start took too long"
            assert "n'a pas commencé : la clé sera donnée à son début officiel" in early
            misheard = made["code"][:-1] + str((int(made["code"][-1]) + 1) % 10)
            assert pages.try_open(director, namur.url, misheard).startswith("Code refusé")
            # the start is a time: wait for it without a process a second
            time.sleep(max(0.0, (start - dt.datetime.now(dt.UTC)).total_seconds()))
            # from the start: A opens online in its page; B, on the phone, with the code
            event_url = pages.open_online(director, namur.url, time.monotonic() + 180)
            assert "event" in step(centres["liege"], "open", made["code"])
            # A registers its players at the door (one licence mistyped), gives the tables
            # to an arbiter, and checks the licences against the federation's licensees
            pages.register(director, event_url, [("101", "DUPONT", 1), ("102", "MARTIN", 2)])
            pages.register(director, event_url, [("999", "X", 3)])
            pages.assign(director, event_url, "arbitre-namur", ARBITER_PASSWORD, "1-3")
            said = pages.check_licences(director, namur.url)
            assert "Licences inconnues de la fédération : 999." in said
            pages.see(director, ".licences", "connue : DUPONT")
            # the game on the chief's screen; the arbiter enters move 1 on the phone
            arbiter = pages.arbiter_page(browser, namur.url, "arbitre-namur", ARBITER_PASSWORD)
            director.goto(event_url + "partie/1/ja/")
            assert pages.play_move(director)
            pages.enter_ballots(arbiter, event_url + "partie/1/saisie/", 1, {1: "top", 2: "vide"})
            moves = 1
            while pages.play_move(director, timed=False):  # no ballot: no time to keep
                moves += 1
            assert moves == len(json.loads(record.read_text())["moves"])
            # the game's end queued the results; the sender sent them; the federation
            # refused the licence nobody corrected, and the page says why
            refused = pages.results_state(director, namur.url, "refusé")
            assert "Joueurs non inscrits" in refused and "999" in refused
            # the director removes the player registered by mistake and sends again
            pages.remove_player(director, event_url, "999")
            director.goto(namur.url + "simultanes/")
            director.click("form[action$='/resultats/'] button")
            pages.see(director, ".messages", "Fédération : Résultats fusionnés : 2 joueurs.")
            pages.see(director, ".results-state", "accepté par la fédération")
            pages.see(director, ".results-sent", ": 2 joueurs, parties terminées : 1.")
            # B's network is down when its game ends: the results wait in its outbox
            step(centres["liege"], "link", f"http://127.0.0.1:{free_port()}", keys["Club de Liège"])
            liege = step(centres["liege"], "play", "201:ÉTIENNE:top")
            assert liege["state"] == "queued" and liege["error"].startswith(
                "Fédération injoignable"
            )
            # a tampered upload is refused with the reason; nothing merged changes
            tampered = step(centres["namur"], "tamper")
            assert tampered["status"] == 422 and tampered["error"].startswith("Signature invalide")
            # B's network is back: its results leave
            step(centres["liege"], "link", url, keys["Club de Liège"])
            assert step(centres["liege"], "deliver")["state"] == "accepted"
            # A sends again from its page: counted once
            director.goto(namur.url + "simultanes/")
            director.click("form[action$='/resultats/'] button")
            pages.see(
                director,
                ".messages",
                "Fédération : Résultats déjà reçus, identiques : comptés une fois.",
            )
            # the federation's public page, linked from the centre's, shows every centre's
            # players
            standings = director.locator(".public-link").get_attribute("href")
            assert standings == f"{url}/public/simultanes/{made['uid']}/"
            public = browser.new_context().new_page()
            public.goto(standings)
            for name in ("DUPONT", "MARTIN", "ÉTIENNE"):
                pages.see(public, "#public-standings tbody", name)
        merged = step(fed, "standings")
    # by hand: DUPONT and ÉTIENNE the top of move 1 (1 ex, D before É), MARTIN a blank
    # ballot, 0 (3); in their centres DUPONT 1, MARTIN 2, ÉTIENNE 1
    top = merged["rows"][0][5]
    assert top > 0
    assert merged["rows"] == [
        ["DUPONT", 1, True, "Club de Namur", 1, top],
        ["ÉTIENNE", 1, True, "Club de Liège", 1, top],
        ["MARTIN", 3, False, "Club de Namur", 2, 0],
    ]
    assert merged["sent"] == {"Club de Namur": 2, "Club de Liège": 1}
