"""A throwaway PostgreSQL server for tests: initdb + pg_ctl on a free port in a temp dir.

PostgreSQL refuses to run as root; when the tests run as root (CI), the server runs as
the ``postgres`` system user (created by Debian's package) through ``runuser``.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.app.server import free_port
from tests.support import require


def postgres_bin_dir() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), reverse=True)
    return Path(candidates[0]).parent if candidates else None


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """Yield a ``postgresql://`` URL of a fresh database; the server is stopped afterwards."""
    bin_dir = postgres_bin_dir()
    require(bin_dir is not None, "PostgreSQL server binaries (pg_ctl, initdb) are not installed")
    assert bin_dir is not None
    prefix: list[str] = []
    # Outside pytest's private tmp dir, which the postgres user cannot traverse.
    root = Path(tempfile.mkdtemp(prefix="arbitre-pg-"))
    if os.geteuid() == 0:
        require(
            shutil.which("runuser") is not None, "runuser is needed to start PostgreSQL as root"
        )
        prefix = ["runuser", "-u", "postgres", "--"]
        shutil.chown(root, "postgres")
    data = root / "data"
    port = free_port()

    def run(*args: str) -> None:
        subprocess.run([*prefix, *args], check=True, capture_output=True, text=True, timeout=120)

    run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
    run(
        str(bin_dir / "pg_ctl"),
        "-D",
        str(data),
        "-l",
        str(root / "log"),
        "-o",
        f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off",
        "-w",
        "start",
    )
    try:
        run(
            str(bin_dir / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(port),
            "-U",
            "postgres",
            "arbitre",
        )
        yield f"postgresql://postgres@127.0.0.1:{port}/arbitre"
    finally:
        subprocess.run(
            [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
            capture_output=True,
            timeout=120,
        )
        shutil.rmtree(root, ignore_errors=True)
