"""Ctrl-C stops every process of the server within 2 s at any moment (issue 36, item 4):
while the word list and the search kernel load, while serving, with a backup due, with
several processes (gunicorn's master and workers; a worker signalled alone:
tests/app/test_serve_processes.py).

A terminal's Ctrl-C signals the whole process group: the server runs in a group of its own
here, signalled as a terminal would. Measured on the 2-core machine: 0.05 s for one process,
0.3 to 0.5 s for a master and two workers.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from arbitre import system
from tests.app.server import free_port, migrated_data, server_env

STOP_BOUND = 2.0
"""Seconds a Ctrl-C may take to stop every process of the server (issue 36, item 4)."""

forking_only = pytest.mark.skipif(not system.forking(), reason="gunicorn forks its workers")


@dataclass
class Server:
    process: subprocess.Popen[str]
    port: int
    lines: list[str] = field(default_factory=list)
    said: threading.Event = field(default_factory=threading.Event)
    reader: threading.Thread | None = None

    def wait_for_line(self, text: str, seconds: float = 600) -> None:
        deadline = time.monotonic() + seconds
        while not any(text in line for line in self.lines):
            assert self.process.poll() is None, "\n".join(self.lines)
            assert time.monotonic() < deadline, f"no {text!r} in:\n" + "\n".join(self.lines)
            time.sleep(0.1)

    def ctrl_c(self) -> float:
        """Ctrl-C as a terminal sends it (the whole group); seconds until every process of
        the group has ended."""
        started = time.monotonic()
        os.killpg(self.process.pid, signal.SIGINT)
        self.process.wait(60)
        while _group_alive(self.process.pid):
            assert time.monotonic() - started < 60, "a process of the server is still there"
            time.sleep(0.02)
        return time.monotonic() - started

    @property
    def output(self) -> str:
        """Everything the server printed; once it has ended, up to its last line (the reading
        thread may still be behind the process's end)."""
        if self.process.poll() is not None and self.reader is not None:
            self.reader.join(30)
        return "\n".join(self.lines)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


@contextmanager
def server(
    data: Path,
    cache: Path | None = None,
    *args: str,
    command: str = "serve",
    env_extra: dict[str, str] | None = None,
) -> Iterator[Server]:
    """``arbitre serve`` (or ``start``) in a process group of its own, on a free port, with
    ``ARBITRE_CACHE_DIR`` moved to ``cache`` (a cold start) when given."""
    port = free_port()
    env = server_env(
        dict(os.environ, ARBITRE_DATA_DIR=str(data), PYTHONUNBUFFERED="1", **(env_extra or {}))
    )
    env.pop("ARBITRE_DATABASE_URL", None)
    if cache is not None:
        env["ARBITRE_CACHE_DIR"] = str(cache)
        env.pop("NUMBA_CACHE_DIR", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "arbitre.cli", command, "--port", str(port), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    running = Server(process, port)

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            running.lines.append(line.rstrip("\n"))

    running.reader = threading.Thread(target=read, daemon=True)
    running.reader.start()
    try:
        yield running
    finally:
        if _group_alive(process.pid):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def test_ctrl_c_while_the_word_list_and_kernel_load(tmp_path: Path) -> None:
    """A cold start (empty caches: minutes of compiling) stopped as soon as it listens."""
    with server(migrated_data(tmp_path), tmp_path / "cache", "--processes", "1") as running:
        running.wait_for_line("Arbitre écoute sur")
        time.sleep(1)  # the compilation under way
        assert not any("prêt" in line for line in running.lines)
        took = running.ctrl_c()
    assert took < STOP_BOUND, running.output
    assert running.process.returncode == 0
    assert "Arbitre arrêté." in running.output
    assert "Fatal Python error" not in running.output


def test_ctrl_c_while_serving(tmp_path: Path) -> None:
    """Stopped once ready, right after a page (the last change's backup at the stop is
    tests/app/test_backups_safety.py's)."""
    with server(migrated_data(tmp_path), None, "--processes", "1") as running:
        running.wait_for_line("Arbitre est prêt")
        with urllib.request.urlopen(f"http://127.0.0.1:{running.port}/", timeout=30) as page:
            assert page.status == 200
        took = running.ctrl_c()
    assert took < STOP_BOUND, running.output
    assert running.process.returncode == 0
    assert "Arbitre arrêté." in running.output


def test_ctrl_c_right_after_a_change_ends_in_its_backup(tmp_path: Path) -> None:
    """A change made through the pages, then Ctrl-C at once (its backup is due in seconds):
    the stop makes the backup, quickly, and the copy holds the change (nothing lost)."""
    usb = tmp_path / "usb"
    with server(
        migrated_data(tmp_path),
        None,
        "--processes",
        "1",
        env_extra={"ARBITRE_BACKUP_DIR": str(usb)},
    ) as running:
        running.wait_for_line("Arbitre est prêt")
        url = f"http://127.0.0.1:{running.port}/"
        opener = _director(url)
        token = _csrf(opener, url + "duplicate/nouveau/")
        form = {
            "csrfmiddlewaretoken": token,
            "name": "Tournoi du stop",
            "date": "2026-11-29",
            "place": "",
            "games_planned": "3",
            "seconds_per_move": "180",
        }
        _post(opener, url + "duplicate/nouveau/", form)
        assert not list(usb.glob("*.sqlite3"))  # the backup is still to come
        took = running.ctrl_c()
    assert took < STOP_BOUND, running.output
    (copy,) = usb.glob("*.sqlite3")
    with closing(sqlite3.connect(copy)) as conn:
        names = [row[0] for row in conn.execute("SELECT name FROM events_event")]
    assert names == ["Tournoi du stop"]


def _director(url: str) -> urllib.request.OpenerDirector:
    """A browser logged in as the director made on the first-run page."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    token = _csrf(opener, url + "premier-lancement/")
    form = {
        "csrfmiddlewaretoken": token,
        "username": "directrice",
        "password": "Tournoi-2026!",
        "password2": "Tournoi-2026!",
    }
    _post(opener, url + "premier-lancement/", form)
    return opener


def _csrf(opener: urllib.request.OpenerDirector, url: str) -> str:
    page = opener.open(url, timeout=30).read().decode()
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def _post(opener: urllib.request.OpenerDirector, url: str, form: dict[str, str]) -> str:
    request = urllib.request.Request(
        url, data=urllib.parse.urlencode(form).encode(), headers={"Referer": url}
    )
    return opener.open(request, timeout=30).read().decode()


@forking_only
def test_ctrl_c_stops_every_process(tmp_path: Path) -> None:
    with server(migrated_data(tmp_path), None, "--processes", "2") as running:
        running.wait_for_line("Arbitre est prêt")
        assert "2 processus" in running.output
        with urllib.request.urlopen(f"http://127.0.0.1:{running.port}/", timeout=30) as page:
            assert page.status == 200
        took = running.ctrl_c()
    assert took < STOP_BOUND, running.output
    assert not _listening(running.port)
    assert running.process.returncode == 0
    assert "Arbitre arrêté." in running.output
    assert "Fatal Python error" not in running.output and "Traceback" not in running.output


@forking_only
def test_ctrl_c_while_the_master_loads_before_the_workers(tmp_path: Path) -> None:
    """A cold start of several processes (the word list and the kernel compiled in the
    master before it forks the workers) stopped as soon as it is under way."""
    with server(migrated_data(tmp_path), tmp_path / "cache", "--processes", "2") as running:
        running.wait_for_line("arbitre : Chargement de la liste de mots")
        time.sleep(1)  # the loading under way
        took = running.ctrl_c()
    assert took < STOP_BOUND, running.output
    assert running.process.returncode == 0
    assert "Arbitre arrêté." in running.output
    assert "Fatal Python error" not in running.output


@forking_only
def test_ctrl_c_as_the_workers_start(tmp_path: Path) -> None:
    """Ctrl-C as soon as the port answers: the workers have just been forked."""
    with server(migrated_data(tmp_path), None, "--processes", "2") as running:
        deadline = time.monotonic() + 600
        while not _listening(running.port):
            assert running.process.poll() is None, running.output
            assert time.monotonic() < deadline
            time.sleep(0.02)
        took = running.ctrl_c()
    assert took < STOP_BOUND, running.output
    assert not _listening(running.port)
    assert "Fatal Python error" not in running.output and "Traceback" not in running.output
