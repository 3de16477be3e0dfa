"""The server on Windows and macOS (issue 36, item 3): with the Linux-only and POSIX-only
features switched off (``ARBITRE_PORTABLE=1``, :mod:`arbitre.system`), it starts, serves, is
backed up, refuses a restore while it runs, stops on Ctrl-C and lets the restore happen then.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from arbitre import system
from arbitre.cli import serve
from tests.app.server import arbitre_server


def test_the_switch_turns_the_system_specific_features_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ARBITRE_PORTABLE", "1")
    assert not system.linux() and not system.posix() and not system.port_sharing()
    assert serve.default_processes() == 1

    def forbidden(*args: object) -> list[str]:
        raise AssertionError("a Linux or POSIX-only call on a portable path")

    # no /proc, no ifconfig, no resource limits: the addresses from the sockets alone
    monkeypatch.setattr(serve, "_linux_ipv4", forbidden)
    monkeypatch.setattr(serve, "_linux_ipv6", forbidden)
    monkeypatch.setattr(serve, "_ifconfig", forbidden)
    assert isinstance(serve._addresses(), list)
    import resource

    monkeypatch.setattr(resource, "setrlimit", forbidden)
    serve.allow_open_files(100_000)


def test_a_lock_tells_whether_a_server_runs(tmp_path: Path) -> None:
    """The check a restore makes: no signal sent to any process (``os.kill(pid, 0)`` stops
    the process on Windows), the lock the server holds for its life."""
    path = tmp_path / "base.sqlite3.serveur.lock"
    assert not system.held(path)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from arbitre import system\n"
            "lock = system.server_lock(Path(sys.argv[1])); lock.acquire(); print('held', flush=True)\n"
            "time.sleep(60)",
            str(path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        assert system.held(path)
    finally:
        holder.kill()  # killed, not stopped: the system releases the lock
        holder.wait()
    assert not system.held(path)


def _cli(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ARBITRE_DATA_DIR=str(data), ARBITRE_PORTABLE="1")
    env.pop("ARBITRE_DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, "-m", "arbitre.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_start_serve_backup_restore_and_stop_without_the_linux_features(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with arbitre_server(
        data, extra_env={"ARBITRE_PORTABLE": "1"}, args=("--processes", "4"), prepare=True
    ) as server:
        status, html = server.get("/")
        assert status == 200 and "<h1>Événements</h1>" in html
        made = _cli(data, "backup", "--to", str(tmp_path / "usb"))
        assert made.returncode == 0, made.stderr
        copy = made.stdout.strip().split(" : ", 1)[1]
        refused = _cli(data, "restore", copy)
        assert refused.returncode == 2
        assert f"processus {server.process.pid}" in refused.stderr
        server.process.send_signal(signal.SIGINT)  # Ctrl-C, as on Windows
        server.process.wait(timeout=30)
        output = server.process.stdout.read() if server.process.stdout else ""
    assert server.process.returncode == 0
    # one process: no port sharing outside Linux
    assert "Arbitre écoute sur" in output and "2 processus" not in output
    assert "Arbitre arrêté." in output
    restored = _cli(data, "restore", copy)
    assert restored.returncode == 0, restored.stderr
