"""The renderer of ``arbitre serve --processes N`` on the federation's server (PostgreSQL): a
process of its own, forked from gunicorn's master, that renders a simultané's new parts
once a change commits (:mod:`arbitre.app.simultane.prerender`) and serves no request.

Rendered in a thread of the worker that committed the change, a version (about 100 ms of
processor at 6,000 players, one to two a second while the centres upload) held that
worker's interpreter lock: beside it, a poll of the officer's page that needs 18.5 ms of
processor took 103.5 ms at the median (``bench/bench_simultane_pages.py``). In a process
of its own, the rendering and the polls wait only for a processor. It runs at the workers'
priority: at a lower one (nice 5, measured), a machine kept busy by other jobs starved it,
and the first fetch of the public standings at a new version, which waits for its
rendering, had a p95 of 114 and 145 ms against 60 to 98 at the same priority
(docs/federation-server.md, twelfth session).

The workers ask through a pipe (:class:`Asks`: one line per simultané and language; a
full pipe makes the worker render in its own thread, as before); the renderer renders each
simultané and language asked once, the last version stored, however many changes were
asked meanwhile. The master starts it before its first workers and again if it ends
(:class:`Renderer`; the asks written meanwhile wait in the pipe). It stops at Ctrl-C and
``SIGTERM`` at once (a rendering cut short is rolled back; the next request renders it),
and when the master is gone.
"""

from __future__ import annotations

import logging
import os
import select
import signal
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from arbitre.cli._pipe import Pipe, close_quietly

log = logging.getLogger("arbitre.simultane")

RESTART_SECONDS = 5.0
"""The least time between two starts of the renderer (one that dies at once is not started
again and again)."""

LINE_BYTES = 64
"""The longest ask a worker writes (a simultané's number and a language code): well under
the size that the system writes to a pipe in one piece (``PIPE_BUF``, 512 bytes or more)."""


class Asks(Pipe):
    """A pipe from the workers to the renderer: render the simultané ``id`` in ``language``.
    Writing never blocks a request."""

    def tell(self, simultane_id: int, language: str) -> bool:
        """Whether the ask is in the pipe (else: it is full, or nobody reads it any more)."""
        line = f"{simultane_id} {language}\n".encode()
        return len(line) <= LINE_BYTES and self.write(line)


def parse(data: bytes) -> tuple[list[tuple[int, str]], bytes]:
    """The asks in ``data`` (whole lines) and what is left of a line not yet whole."""
    *lines, rest = data.split(b"\n")
    asked = []
    for line in lines:
        number, _, language = line.decode("ascii", "replace").partition(" ")
        if number.isdigit() and language:
            asked.append((int(number), language))
    return asked, rest


def run(
    read_end: int,
    render: Callable[[int, str], None],
    parent: int,
    poll: float = 0.5,
) -> None:
    """Render what is asked on ``read_end`` until every writer closed it (what was asked
    before, rendered) or ``parent`` is gone (at once): each simultané and language once
    however many times it was asked before its turn (a burst of uploads, one rendering),
    the oldest asked first."""
    pending: dict[tuple[int, str], None] = {}  # (insertion order: the oldest first)
    rest = b""

    def take(timeout: float) -> bool:
        """Reads what was asked (waiting at most ``timeout``); False once nobody writes."""
        nonlocal rest
        while select.select([read_end], [], [], timeout)[0]:
            data = os.read(read_end, 1 << 16)
            if not data:
                return False
            asked, rest = parse(rest + data)
            pending.update(dict.fromkeys(asked))
            timeout = 0.0
        return True

    written = True  # (until every writer has closed the pipe: then what is left, and out)
    while os.getppid() == parent:
        if written:
            written = take(0.0 if pending else poll)
        if not pending:
            if not written:
                return
            continue
        simultane_id, language = next(iter(pending))
        del pending[simultane_id, language]
        render(simultane_id, language)


def render_logged(simultane_id: int, language: str) -> None:
    """The simultané's parts rendered ahead (:func:`arbitre.app.simultane.prerender.render_now`);
    a failure is logged and its connection closed (the next request renders them)."""
    from django.db import connection

    from arbitre.app.simultane import prerender

    try:
        prerender.render_now(simultane_id, language)
    except Exception:
        log.exception("simultané %s: parts not rendered ahead", simultane_id)
        connection.close()


class Renderer:
    """The renderer process of a master: forked by :meth:`keep`, which the master calls at
    every turn of its loop (gunicorn's ``manage_workers``, about once a second), before its
    first workers and again when the renderer has ended (at most every
    :data:`RESTART_SECONDS`). The master keeps the pipe's reading end, so that the asks
    written while no renderer runs wait for the next one (a full pipe: the workers render
    their own); a pipe of its own (``life``), whose writing end only the renderer holds,
    tells the master when it ended."""

    def __init__(self, tell_changes: Callable[[], None], others: Iterable[int] = ()) -> None:
        self.asks = Asks()
        self.tell_changes = tell_changes
        self.others = list(others)
        """The master's ends of its other pipes (closed in the renderer)."""
        self.pid = 0
        self.life = -1  # the master's reading end of the renderer's life pipe
        self.started = -RESTART_SECONDS

    def alive(self) -> bool:
        """Whether the renderer started last runs (its life pipe is still open)."""
        return self.life >= 0 and not select.select([self.life], [], [], 0)[0]

    def keep(self, arbiter: Any) -> int:
        """Fork the renderer if none runs and the last one started long enough ago; its
        pid (0: not now). ``arbiter``: gunicorn's master, whose sockets, pipe, signals
        and workers' files the renderer leaves."""
        if self.alive() or time.monotonic() - self.started < RESTART_SECONDS:
            return 0
        from django.db import connections

        close_quietly(self.life)
        self.life = -1
        connections.close_all()  # the renderer opens its own
        life, alive = os.pipe()
        self.started = time.monotonic()
        parent = os.getpid()
        pid = os.fork()
        if pid:
            os.close(alive)
            self.pid, self.life = pid, life
            return pid
        code = 0
        try:
            os.close(life)
            self._leave_the_master(arbiter)
            self._run(parent)
        except BaseException:  # (nothing of the master's code may run on in this process)
            code = 1
            log.exception("the renderer stopped")
        finally:
            _exit_now(code)

    def _leave_the_master(self, arbiter: Any) -> None:
        from gunicorn import util

        stops = (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)
        for sig in stops:
            signal.signal(sig, lambda signum, frame: _exit_now(0))
        for sig in [*arbiter.SIGNALS, signal.SIGCHLD]:
            if sig not in stops:
                signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)  # (the master's reload: the workers')
        # (``ps`` shows it so where gunicorn can name its processes: setproctitle)
        util._setproctitle(f"renderer [{arbiter.proc_name}]")
        for listener in arbiter.LISTENERS:
            listener.close()
        for worker in arbiter.WORKERS.values():
            worker.tmp.close()
        close_quietly(*arbiter.PIPE, self.asks.write_end, *self.others)

    def _run(self, parent: int) -> None:
        from arbitre.app.events import backups

        backups.forward_changes(self.tell_changes)  # (the master backs up, as for workers)
        run(self.asks.read_end, render_logged, parent)

    def in_worker(self) -> None:
        """In a worker just forked: the master's ends of the renderer's pipes closed."""
        close_quietly(self.asks.read_end, self.life)

    def stop(self, seconds: float = 2.0) -> None:
        """Stop the renderer (the master's stop), waiting at most ``seconds`` for it to end;
        the pipes closed."""
        if self.pid:
            _stop(self.pid, seconds)
            self.pid = 0
        self.asks.close()
        close_quietly(self.life)
        self.life = -1


def _exit_now(code: int) -> NoReturn:
    """End the renderer at once (no code of the master's may run in it), its output out."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _stop(pid: int, seconds: float) -> None:
    """Signal the renderer ``pid`` to end, and reap it within ``seconds`` (else kill it)."""
    try:  # still this process's child (gunicorn's master reaps any child that ends)?
        if os.waitpid(pid, os.WNOHANG)[0]:
            return
        os.kill(pid, signal.SIGTERM)
    except (ChildProcessError, ProcessLookupError):
        return  # (and its number may be another process's now)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # (reaped already, by gunicorn's master)
            return
        if done:
            return
        time.sleep(0.02)
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
