"""Issue 38 over real HTTP: the federation's server (``arbitre serve`` on PostgreSQL) and
two centres (each its own SQLite database, each step its own process). The sealed game is
downloaded ahead and cannot be opened before the start; centre A opens it online at the
start, centre B with the code read by phone; A's players' licences are checked against the
federation's licensees (one unknown); B is offline when its game ends and its
results leave later; a tampered upload is refused; A's re-send is counted once; the merged
standings equal a hand computation."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.postgres import throwaway_postgres
from tests.app.server import arbitre_server, director_data, free_port

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Federation-2026!"
#: The centres' director's password: the browser tests' director's, so that the session
#: makes one data folder for them all (:func:`tests.app.server.director_data`).
DIRECTOR_PASSWORD = "Tournoi-2026!"


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
        with arbitre_server(dirs["federation"], database_url=database_url, port=port):
            for name, club in (("namur", "Club de Namur"), ("liege", "Club de Liège")):
                step(centres[name], "link", url, keys[club])
            # the start leaves time for the steps before it (a loaded machine included)
            lead = max(LEAD_AT_LEAST, LEAD_IN_STEPS * one_step)
            start = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=lead)
            made = step(fed, "publish", start.isoformat(), str(record), *keys)
            for name in ("namur", "liege"):
                assert step(centres[name], "fetch") == {"uids": [made["uid"]]}
            # before the start: the key is refused, with the reason
            early = step(centres["namur"], "open")
            assert dt.datetime.now(dt.UTC) < start, "the steps before the start took too long"
            assert "n'a pas commencé : la clé sera donnée à son début officiel" in early["error"]
            # the start is a time: wait for it without a process a second
            time.sleep(max(0.0, (start - dt.datetime.now(dt.UTC)).total_seconds()))
            # from the start: A opens online; B, on the phone, with the code
            until(lambda: "event" in step(centres["namur"], "open"))
            assert "event" in step(centres["liege"], "open", made["code"])
            # the players' licences checked against the federation's licensees, over HTTP
            step(centres["namur"], "register", "101:DUPONT:top", "102:MARTIN:vide", "999:X:-")
            assert step(centres["namur"], "check") == {
                "unknown": ["999"],
                "known": {"101": "DUPONT", "102": "MARTIN"},
            }
            step(centres["namur"], "unregister", "999")
            namur = step(centres["namur"], "play", "101:DUPONT:top", "102:MARTIN:vide")
            assert (namur["state"], namur["reason"]) == (
                "accepted",
                "Résultats fusionnés : 2 joueurs.",
            )
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
            # A sends again: counted once
            again = step(centres["namur"], "send")
            assert again["reason"] == "Résultats déjà reçus, identiques : comptés une fois."
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
