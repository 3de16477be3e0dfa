"""``arbitre serve --processes N`` (issue 36, item 8): gunicorn's master loads and warms the
word list and the kernel, then forks N workers that share its listening socket and its
memory; a worker that dies is replaced, ``SIGHUP`` replaces them all gracefully, they stop
with the master (also when it is killed), and the background duties (migrations, backups,
the federation's outbox) run once, in the master. One process, and Windows, stay cheroot's.

The servers here run for real, each in a process group of its own
(:func:`tests.app.test_serve_stop.server`).
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from arbitre import system
from arbitre.cli import serve
from tests.app.server import migrated_data
from tests.app.test_serve_stop import Server, _csrf, _director, _post, server

forking_only = pytest.mark.skipif(
    not system.forking() or not Path("/proc").is_dir(),
    reason="gunicorn forks its workers (Linux, macOS); the processes are read in /proc",
)
READY = "Arbitre est prêt"


def test_default_is_one_process_per_processor_up_to_four(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(system, "forking", lambda: True)
    for cpus, expected in ((1, 1), (2, 2), (3, 3), (8, 4), (None, 1)):
        monkeypatch.setattr(os, "cpu_count", lambda cpus=cpus: cpus)
        assert serve.default_processes() == expected
    monkeypatch.setattr(system, "forking", lambda: False)  # Windows: one
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


def test_a_worker_tells_its_changes_to_the_master_which_backs_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a worker, a committed change is told through the pipe to the master instead of
    being backed up there: nothing is due in the worker; the master reads the change."""
    from arbitre.app.events import backups
    from arbitre.cli import _serve_workers as serve_workers

    notices = serve_workers.Notices()
    monkeypatch.setattr(backups.DEBOUNCER, "elsewhere", None)  # restored after the test
    try:
        backups.forward_changes(lambda: notices.tell(serve_workers.CHANGED))
        backups.DEBOUNCER.changed()
        assert not backups.DEBOUNCER.pending()
        assert notices.take(5.0) == serve_workers.CHANGED
        assert notices.take(0.0) == b""  # told once
    finally:
        notices.close()


def wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.1)


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command's name (state first)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def workers(master: int) -> set[int]:
    """The living processes the master started (its workers)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = _stat(int(stat.parent.name))
        except (OSError, ValueError):
            continue
        if fields[1] == str(master) and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        return _stat(pid)[0] != "Z"
    except OSError:
        return False


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


def ticks(pid: int) -> int:
    """Processor time a process has used so far (clock ticks, all its threads)."""
    fields = _stat(pid)
    return int(fields[11]) + int(fields[12])


def written(pid: int) -> int:
    """Bytes a process has written to files so far (its database writes, its copies)."""
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    return 0


@contextmanager
def two_workers(tmp_path: Path, **kw: object) -> Iterator[tuple[Server, set[int]]]:
    """``arbitre serve --processes 2`` once ready: the server and its two workers."""
    with server(migrated_data(tmp_path), None, "--processes", "2", **kw) as running:  # type: ignore[arg-type]
        running.wait_for_line(READY)
        wait_for(lambda: len(workers(running.process.pid)) == 2)
        yield running, workers(running.process.pid)


def get(url: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Connection": "close"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read().decode()


@forking_only
def test_workers_answer_pages_and_top_searches_through_several_connections(
    tmp_path: Path,
) -> None:
    with two_workers(tmp_path) as (running, pids):
        master = running.process.pid
        assert len(pids) == 2 and master not in pids  # two workers, each its own process
        assert "(Ctrl-C pour arrêter, 2 processus)" in running.output
        # each worker listens on the port (on Linux on a socket of its own, the system
        # dealing the connections out evenly; elsewhere on the master's, inherited)
        assert pids <= listening_processes(running.port) <= pids | {master}
        url = f"http://127.0.0.1:{running.port}/"
        opener = _director(url)
        token = _csrf(opener, url + "duplicate/nouveau/")
        form = {
            "csrfmiddlewaretoken": token,
            "name": "Open des processus",
            "date": "2026-11-29",
            "place": "",
            "games_planned": "1",
            "seconds_per_move": "180",
        }
        _post(opener, url + "duplicate/nouveau/", form)
        event = _event_id(tmp_path / "data" / "arbitre.sqlite3", "Open des processus")
        chief = f"{url}duplicate/{event}/partie/1/ja/"
        token = _csrf(opener, chief)
        action = {"csrfmiddlewaretoken": token, "action": "draw_entered", "value": "AIMNOSE"}
        _post(opener, chief, {**action, "version": "0"})
        # each page and each chief's page (its top search) on a connection of its own,
        # eight at a time: the workers answer them all
        before = {pid: ticks(pid) for pid in pids}
        answers: list[str] = []

        def ask(i: int) -> None:
            request = urllib.request.Request(
                chief if i % 2 else url + "a-propos/", headers={"Connection": "close"}
            )
            answers.append(opener.open(request, timeout=60).read().decode())

        for _ in range(4):
            threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(90)
        assert len(answers) == 32
        tops = [a for a in answers if "Top : <strong>" in a]  # the draw's top, searched
        assert len(tops) == 16, answers[1][:3000]
        served = {pid for pid in pids if ticks(pid) > before[pid]}
        assert served, "no worker answered"
        assert workers(master) == pids  # none was replaced meanwhile


def _event_id(database: Path, name: str) -> int:
    with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as conn:
        return int(
            conn.execute("SELECT id FROM events_event WHERE name = ?", (name,)).fetchone()[0]
        )


def heartbeat(worker: int) -> float:
    """When the worker last told the master it is alive (the time gunicorn's watch of hung
    workers reads off the worker's temporary file)."""
    for fd in Path(f"/proc/{worker}/fd").iterdir():
        try:
            if "wgunicorn-" in os.readlink(fd):
                return fd.stat().st_mtime
        except OSError:
            continue
    raise AssertionError(f"no heartbeat file in worker {worker}")


@forking_only
def test_idle_workers_keep_telling_the_master_they_are_alive(tmp_path: Path) -> None:
    """The master replaces a worker silent for ``WORKER_TIMEOUT`` seconds (hung): an idle
    worker's loop still tells it, every half second, so none is replaced for nothing."""
    with two_workers(tmp_path) as (running, pids):
        for pid in pids:
            first = heartbeat(pid)
            wait_for(lambda pid=pid, first=first: heartbeat(pid) != first, 30)
        assert workers(running.process.pid) == pids


@forking_only
def test_a_killed_worker_is_replaced(tmp_path: Path) -> None:
    with two_workers(tmp_path) as (running, pids):
        master = running.process.pid
        victim = min(pids)
        os.kill(victim, signal.SIGKILL)
        wait_for(lambda: len(workers(master)) == 2 and victim not in workers(master))
        running.wait_for_line(f"Processus serveur {victim} arrêté : un autre prend sa place.")
        for _ in range(6):
            assert get(f"http://127.0.0.1:{running.port}/a-propos/")[0] == 200


@forking_only
def test_a_worker_signalled_alone_stops_cleanly_and_is_replaced(tmp_path: Path) -> None:
    """Ctrl-C sent to one worker only (``kill -INT``): it stops, cleanly, and another takes
    its place; the server goes on."""
    with two_workers(tmp_path) as (running, pids):
        master = running.process.pid
        victim = min(pids)
        os.kill(victim, signal.SIGINT)
        wait_for(lambda: len(workers(master)) == 2 and victim not in workers(master))
        assert get(f"http://127.0.0.1:{running.port}/")[0] == 200
        running.wait_for_line(f"Processus serveur {victim} arrêté")
    assert "Fatal Python error" not in running.output
    assert "Traceback" not in running.output


@forking_only
def test_sighup_replaces_every_worker_while_the_pages_answer(tmp_path: Path) -> None:
    """A graceful reload: new workers forked from the master, the old ones let finish."""
    with two_workers(tmp_path) as (running, old):
        master = running.process.pid
        statuses: list[int] = []
        done = threading.Event()

        def poll() -> None:
            while not done.is_set():
                try:
                    statuses.append(get(f"http://127.0.0.1:{running.port}/a-propos/")[0])
                except OSError:
                    statuses.append(0)

        poller = threading.Thread(target=poll)
        poller.start()
        try:
            os.kill(master, signal.SIGHUP)
            wait_for(lambda: len(workers(master)) == 2 and not workers(master) & old)
            asked = len(statuses)
            wait_for(lambda: len(statuses) >= asked + 5)  # pages asked of the new workers too
        finally:
            done.set()
            poller.join(60)
        # every page answered, but for at most one connection that reached an old
        # worker's socket as it closed (each worker has its own, SO_REUSEPORT)
        assert len(statuses) > 10 and statuses.count(200) >= len(statuses) - 1, statuses
        assert get(f"http://127.0.0.1:{running.port}/a-propos/")[0] == 200
        assert running.process.poll() is None
    assert "Traceback" not in running.output


@forking_only
def test_the_workers_stop_when_the_master_is_killed(tmp_path: Path) -> None:
    """Killed outright, the master leaves neither a worker, nor the port taken, nor a file
    in the temporary folder (its own listening socket, unused beside the workers', was once
    a Unix socket in a folder there, left behind at each such kill)."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    with two_workers(tmp_path, env_extra={"TMPDIR": str(temporary)}) as (running, pids):
        running.process.send_signal(signal.SIGKILL)  # no clean stop at all
        running.process.wait(timeout=10)
        wait_for(lambda: not any(alive(pid) for pid in pids), 20)
        wait_for(lambda: not listening_processes(running.port), 20)  # free for a new start
    assert list(temporary.iterdir()) == []


@forking_only
def test_the_backups_are_made_once_for_the_machine(tmp_path: Path) -> None:
    """Changes reaching both workers are backed up by the master alone: it writes the copy
    (the workers write nothing meanwhile), which holds every change."""
    usb = tmp_path / "usb"
    with two_workers(tmp_path, env_extra={"ARBITRE_BACKUP_DIR": str(usb)}) as (running, pids):
        master = running.process.pid
        url = f"http://127.0.0.1:{running.port}/"
        opener = _director(url)
        changed: set[int] = set()
        names: list[str] = []
        while changed != pids and len(names) < 30:
            before = {pid: written(pid) for pid in pids}
            token = _csrf(opener, url + "duplicate/nouveau/")
            names.append(f"Tournoi {len(names) + 1}")
            form = {
                "csrfmiddlewaretoken": token,
                "name": names[-1],
                "date": "2026-11-29",
                "place": "",
                "games_planned": "1",
                "seconds_per_move": "180",
            }
            request = urllib.request.Request(
                url + "duplicate/nouveau/",
                data=urllib.parse.urlencode(form).encode(),
                headers={"Referer": url, "Connection": "close"},
            )
            opener.open(request, timeout=30).read()
            changed |= {pid for pid in pids if written(pid) > before[pid]}
        assert changed == pids, "every worker took a change"
        copies = set(usb.glob("*.sqlite3"))
        before = {pid: written(pid) for pid in pids | {master}}
        wait_for(lambda: bool(set(usb.glob("*.sqlite3")) - copies), 60)  # the burst's copy
        (copy,) = set(usb.glob("*.sqlite3")) - copies
        size = copy.stat().st_size
        assert written(master) - before[master] >= size  # the master wrote it
        for pid in pids:
            assert written(pid) - before[pid] < size // 2  # no worker made a copy of its own
        with closing(sqlite3.connect(copy)) as conn:
            stored = {row[0] for row in conn.execute("SELECT name FROM events_event")}
        assert stored == set(names)
        assert set(usb.glob("*.sqlite3")) - copies == {copy}


def test_one_process_is_served_by_cheroot(tmp_path: Path) -> None:
    with server(migrated_data(tmp_path), None, "--processes", "1") as running:
        running.wait_for_line(READY)
        assert get(f"http://127.0.0.1:{running.port}/")[0] == 200
        if Path("/proc").is_dir():
            assert not workers(running.process.pid)
        running.ctrl_c()
    assert "Arbitre arrêté." in running.output and "2 processus" not in running.output


@forking_only
def test_a_second_server_cannot_take_the_first_ones_port(tmp_path: Path) -> None:
    with two_workers(tmp_path) as (running, _):
        other = migrated_data(tmp_path, tmp_path / "other")
        env = dict(os.environ, ARBITRE_DATA_DIR=str(other))
        env.pop("ARBITRE_DATABASE_URL", None)
        refused = subprocess.run(
            [sys.executable, "-m", "arbitre.cli", "serve", "--port", str(running.port)]
            + ["--processes", "2"],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert refused.returncode != 0
        assert f"impossible d'écouter sur 127.0.0.1:{running.port}" in refused.stderr
        assert READY not in refused.stdout
        assert get(f"http://127.0.0.1:{running.port}/")[0] == 200


@pytest.mark.skipif(not system.forking(), reason="gunicorn forks its workers")
@pytest.mark.parametrize("queued", [[signal.SIGINT], [signal.SIGTERM], [signal.SIGQUIT]])
def test_a_stop_swallowed_between_fork_and_the_workers_handlers_stops_it(
    queued: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C that reaches a worker between its fork and its own signal handlers goes to
    the master's handler it inherited (gunicorn's queue, in the worker's copy): the worker
    must take it as its stop, not serve on until the master kills it (a CI run saw the
    stop take 2.2 s so); with nothing queued, or another signal, it serves."""
    import logging

    from gunicorn.arbiter import Arbiter
    from gunicorn.config import Config

    from arbitre.cli import _serve_workers

    plan = _serve_workers.Plan("127.0.0.1:0", 2, 10, 1.0, lambda sock: None)
    notices = _serve_workers.Notices()
    cls = _serve_workers.worker_class(plan, notices)
    saved = {
        s: signal.getsignal(s)
        for s in (*_serve_workers.STOPS, signal.SIGWINCH, signal.SIGUSR1, signal.SIGABRT)
    }
    try:
        for queue, alive in ((queued, False), ([], True), ([signal.SIGHUP], True)):
            monkeypatch.setattr(Arbiter, "SIG_QUEUE", list(queue))
            worker = cls(1, os.getpid(), [], None, 30, Config(), logging.getLogger("test"))
            worker.PIPE = os.pipe()
            os.set_blocking(worker.PIPE[1], False)
            worker.init_signals()
            signal.set_wakeup_fd(-1)
            assert worker.alive is alive, queue
            for fd in worker.PIPE:
                os.close(fd)
            worker.tmp.close()
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)
        notices.close()
