"""Start ``arbitre serve`` in a subprocess on a free port, for smoke and browser tests."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

ROOT = Path(__file__).resolve().parents[2]


def server_env(env: dict[str, str], real_password_hashing: bool = False) -> dict[str, str]:
    """``env`` for a command of the application the tests start in a process of its own:
    its settings are :mod:`tests.server_settings` (passwords hashed quickly), or the
    application's own with ``real_password_hashing``; the tests' folder importable from
    wherever it runs."""
    module = "arbitre.app.settings" if real_password_hashing else "tests.server_settings"
    path = env.get("PYTHONPATH", "")
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": module,
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), path) if p),
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class RunningServer:
    url: str
    process: subprocess.Popen[str]

    def get(self, path: str = "/") -> tuple[int, str]:
        with urllib.request.urlopen(self.url.rstrip("/") + path, timeout=10) as response:
            return response.status, response.read().decode("utf-8")


@contextmanager
def arbitre_server(
    data_dir: Path,
    database_url: str | None = None,
    timeout: float = 240.0,
    port: int | None = None,
    extra_env: dict[str, str] | None = None,
    open_files: int | None = None,
    args: tuple[str, ...] = (),
    processes: int | None = 1,
    real_password_hashing: bool = False,
    prepare: bool = False,
) -> Iterator[RunningServer]:
    """``arbitre serve`` on ``port`` (a free one by default), with ``extra_env`` added and,
    with ``open_files``, started under that soft limit of open files (as a desktop's 1,024),
    with ``args`` added to its command line.

    One process unless ``args`` or ``processes`` ask for more (``processes=None``: the
    server's own default, one per processor on Linux): a test reads one server process's
    pages, and a second process loading the word list and warming up beside each test's
    server cost the suite a processor for nothing; the tests of several processes say so.
    ``timeout``: how long the port may take to answer, a bound for a broken start only (a
    healthy start took over 60 s on the loaded 2-core test machine).
    Passwords are hashed quickly (:mod:`tests.server_settings`) unless
    ``real_password_hashing``. The default word list and the top search are made ready at
    the first search, unless ``prepare`` (at the start, as served) or the test sets
    ``ARBITRE_TESTS_PREPARE_AT_START`` itself."""
    port = port or free_port()
    if processes is not None and "--processes" not in args:
        args = ("--processes", str(processes), *args)
    env = server_env(
        dict(
            os.environ,
            ARBITRE_DATA_DIR=str(data_dir),
            ARBITRE_TESTS_PREPARE_AT_START="1" if prepare else "0",
            **(extra_env or {}),
        ),
        real_password_hashing,
    )
    env.pop("ARBITRE_DATABASE_URL", None)
    if database_url:
        env["ARBITRE_DATABASE_URL"] = database_url

    def limited() -> None:
        import resource

        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, hard))

    process = subprocess.Popen(
        [sys.executable, "-m", "arbitre.cli", "serve", "--port", str(port), *args],
        env=env,
        preexec_fn=limited if open_files else None,  # noqa: PLW1509 - no thread in between
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + timeout
    try:
        while True:
            if process.poll() is not None:
                output = process.stdout.read() if process.stdout else ""
                raise RuntimeError(f"arbitre serve exited early ({process.returncode}):\n{output}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise TimeoutError("arbitre serve did not start in time") from None
                time.sleep(0.2)
        yield RunningServer(url=url, process=process)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def run_folder(tmp_path: Path) -> Path:
    """The folder this test run's workers share, from a test's ``tmp_path`` (or a folder
    ``tmp_path_factory`` made): pytest-xdist gives each worker a base folder of its own,
    ``popen-gwN``, inside the run's folder."""
    for folder in (tmp_path, *tmp_path.parents):
        if folder.name.startswith("popen-gw"):
            return folder.parent
    return tmp_path.parent


def run_template(tmp_path: Path, name: str, build: Callable[[Path], None]) -> Path:
    """The folder ``name`` made by ``build`` once per test run, whatever the number of
    workers (the first worker that needs it builds it while the others wait on a lock), and
    read-only afterwards: tests copy it."""
    root = run_folder(tmp_path)
    template = root / name
    root.mkdir(parents=True, exist_ok=True)
    with FileLock(str(root / f"{name}.lock")):
        if not template.exists():
            made = template.with_name(f"{name}.making")
            shutil.rmtree(made, ignore_errors=True)
            made.mkdir(parents=True)
            build(made)
            made.rename(template)
    return template


def director_data(tmp_path: Path, password: str, username: str = "directrice") -> Path:
    """A fresh data folder whose database has the director's account ``username``.

    The folder is a copy of one made by ``arbitre createadmin`` (migrations applied, the
    account created) once per test run and account (:func:`run_template`): a browser test's
    server starts from the same files as before, without a Django start and every migration
    again for each test."""
    data = tmp_path / "data"
    key = hashlib.sha256(f"{username}\0{password}".encode()).hexdigest()[:16]

    def build(made: Path) -> None:
        # from the run's migrated folder: the migrations of an empty database cost
        # about 3.5 s of processor, and each account and password had them again
        migrated_data(tmp_path, made)
        env = server_env(
            dict(os.environ, ARBITRE_DATA_DIR=str(made), ARBITRE_ADMIN_PASSWORD=password)
        )
        env.pop("ARBITRE_DATABASE_URL", None)
        subprocess.run(
            [sys.executable, "-m", "arbitre.cli", "createadmin", username],
            env=env,
            check=True,
            timeout=120,
        )

    shutil.copytree(run_template(tmp_path, f"director-data-{key}", build), data)
    return data


def migrated_data(tmp_path: Path, folder: Path | None = None) -> Path:
    """A fresh data folder whose database has every migration applied and nothing else (no
    account: the first-run page still offers the director's), copied from one made once per
    test run (:func:`run_template`): a server started on it skips the migrations an empty
    folder costs (about 1.5 s of processor each start), for the tests of starting, stopping
    and supervising that need no particular data (the migrations at a first start are
    ``tests/app/test_serve_smoke.py``'s). In ``folder`` (made if need be) rather than
    ``tmp_path / "data"`` when given; the folder."""
    data = folder or tmp_path / "data"
    shutil.copytree(_migrated_template(tmp_path), data, dirs_exist_ok=True)
    return data


def migrated_database(tmp_path: Path, db: Path) -> Path:
    """A copy at ``db`` of the database of :func:`migrated_data`'s folder, for a test whose
    commands name their own SQLite file (``ARBITRE_DATABASE_URL``); ``db``."""
    db.parent.mkdir(parents=True, exist_ok=True)
    source = _migrated_template(tmp_path) / "arbitre.sqlite3"
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(db)) as dst:
        src.backup(dst)
    return db


def _migrated_template(tmp_path: Path) -> Path:
    """The run's data folder with every migration applied and nothing else, made once per
    test run (:func:`run_template`) and read-only: :func:`migrated_data` copies it."""

    def build(made: Path) -> None:
        env = server_env(dict(os.environ, ARBITRE_DATA_DIR=str(made)))
        env.pop("ARBITRE_DATABASE_URL", None)
        migrate = (
            "from arbitre.app import setup_django; setup_django(); "
            "from django.core.management import call_command; "
            "call_command('migrate', interactive=False, verbosity=0)"
        )
        subprocess.run([sys.executable, "-c", migrate], env=env, check=True, timeout=120)

    return run_template(tmp_path, "migrated-data", build)
