"""Concurrent writers on one SQLite file get no « database is locked » (issue 37): two
processes of eight threads each (``arbitre serve``'s default on two processors), entering and
correcting ballots with no pause through the services while a thread of each reads what the
public pages read, with the project's own database settings and backend
(:mod:`arbitre.app.sqlite_backend`). Measured on the shared 2-core machine at load 20: Django's
own backend (the same settings: WAL, ``BEGIN IMMEDIATE``, 20 s timeout) refused 222 of these
288 ballots after its 20 s wait (938 of 1,000 four processes wide); with the writers' turn,
none of the 288."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROCESSES, THREADS, PER_PROCESS, ROUNDS = 2, 8, 48, 3


def _env(data: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "ARBITRE_DATA_DIR": str(data),
        "ARBITRE_AUTO_BACKUP": "0",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
    }
    env.pop("ARBITRE_DATABASE_URL", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def _run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.app.sqlite_writers", *args],
        env=_env(data),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


@pytest.mark.slow
def test_concurrent_writers_on_a_sqlite_file_are_never_refused(tmp_path: Path) -> None:
    setup = _run(tmp_path, "setup", str(PROCESSES * PER_PROCESS))
    assert setup.returncode == 0, setup.stderr[-3000:]
    writers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.app.sqlite_writers", "write"]
            + [str(1 + i * PER_PROCESS), str(PER_PROCESS), str(THREADS), str(ROUNDS)],
            env=_env(tmp_path),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(PROCESSES)
    ]
    reports = []
    for writer in writers:
        out, err = writer.communicate(timeout=900)
        assert writer.returncode == 0, err[-3000:]
        reports.append(json.loads(out.strip().splitlines()[-1]))
    errors = {k: v for r in reports for k, v in r["errors"].items()}
    assert errors == {}
    assert sum(r["done"].get("ballot", 0) for r in reports) == PROCESSES * PER_PROCESS * ROUNDS
    assert all(r["done"].get("read", 0) > 0 for r in reports)  # the readers ran meanwhile
    # the database holds every ballot, in its last version (the last round's text)
    import sqlite3

    db = sqlite3.connect(tmp_path / "arbitre.sqlite3")
    rows = db.execute("select text, version from duplicate_ballotentry").fetchall()
    db.close()
    assert len(rows) == PROCESSES * PER_PROCESS
    assert set(rows) == {("top" if (ROUNDS - 1) % 2 == 0 else "5", ROUNDS)}
