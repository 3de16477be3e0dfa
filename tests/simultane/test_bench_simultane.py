"""``bench/bench_simultane.py`` running end to end at a tiny scale, so that it cannot rot: a
federation server on PostgreSQL with two processes, three centres uploading their signed
results (each re-sending them once), twenty viewers and the officer polling."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.app.postgres import postgres_bin_dir
from tests.support import require

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.postgres
def test_the_simultane_bench_runs_end_to_end(tmp_path: Path) -> None:
    require(postgres_bin_dir() is not None, "PostgreSQL server binaries are not installed")
    command = [sys.executable, str(ROOT / "bench" / "bench_simultane.py")]
    command += ["--centres", "3", "--players", "13", "--viewers", "20", "--window", "5"]
    command += ["--reference", "4", "--resends", "1", "--processes", "2"]
    env = {k: v for k, v in os.environ.items() if k != "ARBITRE_DATABASE_URL"}
    env["ARBITRE_DATA_DIR"] = str(tmp_path)
    out = subprocess.run(command, env=env, capture_output=True, text=True, timeout=1200)
    assert out.returncode == 0, out.stdout + out.stderr
    top = [line for line in out.stdout.splitlines() if line and not line[0].isspace()]
    lines = {line.split()[0]: line for line in top}  # (the last of each: "load" at the end)
    assert "accepted 3/3  refused 0" in lines["uploads"]
    assert "3/3 counted once" in lines["re-sends"]
    assert "not seen" not in lines["effect"]  # every upload reached the public page
    # what the database holds: every centre, every player (5 + 4 + 4), each re-send once
    assert "3/3 centres, 13/13 players, received counts [2]" in lines["merged"]
    assert "the reference" in lines["officer"]  # the ratios to the same run's reference
    assert "processors used, server" in out.stdout and "load average" in lines["load"]
