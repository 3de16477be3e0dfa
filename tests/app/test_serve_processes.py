"""``arbitre serve --processes N``: processes sharing one port (issue 23, part 2).

One Python process runs on one processor at a time; a hall of phones and twenty arbiters need
more. The first process starts the others once the word list is ready; each listens on the
same port, the system deals out the connections; they stop with the first one, also when it
is killed, and one that dies is started again.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from arbitre.cli import serve
from tests.app.server import RunningServer, arbitre_server

linux_only = pytest.mark.skipif(not serve.port_sharing(), reason="port sharing is Linux's")


def test_default_is_one_process_per_processor_up_to_four(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(serve, "port_sharing", lambda: True)
    for cpus, expected in ((1, 1), (2, 2), (3, 3), (8, 4), (None, 1)):
        monkeypatch.setattr(os, "cpu_count", lambda cpus=cpus: cpus)
        assert serve.default_processes() == expected
    monkeypatch.setattr(serve, "port_sharing", lambda: False)  # Windows, macOS: one
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert serve.default_processes() == 1


def test_a_port_already_listened_on_is_refused() -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        with pytest.raises(OSError):
            serve.refuse_taken_port("127.0.0.1", port)
    serve.refuse_taken_port("127.0.0.1", port)  # free again: no error


@linux_only
def test_a_second_server_cannot_join_the_first_ones_port(tmp_path: Path) -> None:
    """The processes of one server share their port; another server on it is refused, even
    though the first one's sockets allow sharing."""
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    with arbitre_server(first, args=("--processes", "2")) as server:
        port = server.url.rstrip("/").rsplit(":", 1)[1]
        env = dict(os.environ, ARBITRE_DATA_DIR=str(second))
        env.pop("ARBITRE_DATABASE_URL", None)
        refused = subprocess.run(
            [sys.executable, "-m", "arbitre.cli", "serve", "--port", port, "--processes", "2"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert refused.returncode != 0
        assert f"impossible d'écouter sur 127.0.0.1:{port}" in refused.stderr
        assert "Arbitre est prêt" not in refused.stdout
        assert server.get("/")[0] == 200


def listening_processes(port: int) -> set[int]:
    """The processes holding a socket that listens on ``port`` (from Linux's ``/proc``)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            fields = row.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f"socket:[{fields[9]}]")
    found = set()
    for fd in Path("/proc").glob("[0-9]*/fd/*"):
        try:
            if os.readlink(fd) in inodes:
                found.add(int(fd.parent.parent.name))
        except OSError:
            continue
    return found


def wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.2)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a child that exited but was not yet waited for by its parent is not alive either
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


@contextmanager
def two_processes(tmp_path: Path) -> Iterator[tuple[RunningServer, int, int]]:
    """``arbitre serve --processes 2`` once both listen: (server, its port, the secondary)."""
    with arbitre_server(tmp_path, args=("--processes", "2")) as server:
        port = int(server.url.rstrip("/").rsplit(":", 1)[1])
        wait_for(lambda: len(listening_processes(port)) == 2)
        pids = listening_processes(port)
        assert server.process.pid in pids
        (secondary,) = pids - {server.process.pid}
        yield server, port, secondary


@linux_only
def test_two_processes_listen_serve_and_stop_together(tmp_path: Path) -> None:
    with two_processes(tmp_path) as (server, port, secondary):
        command = Path(f"/proc/{secondary}/cmdline").read_bytes().split(b"\0")
        assert b"--secondary-of" in command
        assert command[command.index(b"--secondary-of") + 1] == str(server.process.pid).encode()
        # every connection is answered, whichever process the system gives it to
        for _ in range(30):
            with urllib.request.urlopen(server.url + "a-propos/", timeout=10) as response:
                assert response.status == 200
        server.process.send_signal(signal.SIGINT)
        server.process.wait(timeout=20)
        output = server.process.stdout.read() if server.process.stdout else ""
        assert "(Ctrl-C pour arrêter, 2 processus)" in output
        assert "Arbitre arrêté." in output
        wait_for(lambda: not alive(secondary), 20)
        assert not listening_processes(port)


@linux_only
def test_the_others_stop_when_the_first_is_killed(tmp_path: Path) -> None:
    with two_processes(tmp_path) as (server, port, secondary):
        server.process.send_signal(signal.SIGKILL)  # no clean stop at all
        server.process.wait(timeout=10)
        wait_for(lambda: not alive(secondary), 20)
        assert not listening_processes(port)  # the port is free for a new start


@linux_only
def test_a_secondary_that_dies_is_started_again(tmp_path: Path) -> None:
    with two_processes(tmp_path) as (server, port, secondary):
        os.kill(secondary, signal.SIGKILL)
        wait_for(
            lambda: len(listening_processes(port) - {server.process.pid, secondary}) == 1,
            serve.RESTART_SECONDS + 60,
        )
        assert server.get("/")[0] == 200


def test_a_secondary_gets_the_first_ones_settings() -> None:
    args = argparse.Namespace(
        host="0.0.0.0",
        port=8123,
        threads=16,
        connections=3000,
        database_url="postgresql://arbitre@localhost/club",
        https=False,
    )
    command = serve.secondary_command(args)
    assert command[:4] == [sys.executable, "-m", "arbitre.cli", "serve"]
    options = dict(zip(command[4::2], command[5::2], strict=True))
    assert options == {
        "--host": "0.0.0.0",
        "--port": "8123",
        "--threads": "16",
        "--connections": "3000",
        "--secondary-of": str(os.getpid()),
        "--database-url": "postgresql://arbitre@localhost/club",
    }


@linux_only
def test_one_process_when_asked(tmp_path: Path) -> None:
    with arbitre_server(tmp_path, args=("--processes", "1")) as server:
        port = int(server.url.rstrip("/").rsplit(":", 1)[1])
        time.sleep(3)  # time for a secondary to come, if one were started
        assert listening_processes(port) == {server.process.pid}
        server.process.send_signal(signal.SIGINT)
        server.process.wait(timeout=20)
        output = server.process.stdout.read() if server.process.stdout else ""
        assert "Arbitre arrêté." in output and "2 processus" not in output
