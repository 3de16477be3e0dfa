"""``arbitre serve --processes N`` on Linux and macOS: gunicorn's master and its N workers.

One Python process runs on one processor at a time; a hall of phones and twenty arbiters need
more. gunicorn, a well-kept WSGI server, manages the processes:

- the **master** applies the migrations, loads the word list and the top-search kernel and
  warms them up (:mod:`arbitre.cli._startup`) *before* it forks the workers, so that they
  share that memory with it (copy-on-write: the word list's arrays and the compiled kernel
  are never written again; :func:`gc.freeze` keeps the collector from touching the objects
  loaded until then);
- the **workers** serve with cheroot (:func:`worker_class`: ``--threads`` threads each, idle
  keep-alive connections waiting in the system's selector), on Linux each on a socket of its
  own sharing the port (``SO_REUSEPORT``: the system deals the connections out evenly),
  elsewhere on the master's listening socket, which they inherit;
- a worker that dies or hangs past :data:`WORKER_TIMEOUT` is replaced at once; ``SIGHUP``
  to the master replaces them all gracefully (a reload: the old ones serve
  :data:`LINGER_SECONDS` more); Ctrl-C (``SIGINT``) stops every process within
  :data:`arbitre.cli.serve.STOP_SECONDS` (the requests under way are given that long) and a
  little more; ``SIGTERM`` too.

The background duties run once per machine, in the master: the federation's outbox
(:func:`arbitre.app.federation.outbox.sending`) and the automatic backups, which the workers
ask for through a pipe (:class:`Notices`) after each change they commit; the master backs
up as the one-process server does (a burst of changes, one copy; the last change before a
stop, backed up at the stop).

On the federation's server (PostgreSQL) the master also forks, before the workers, the
renderer (:mod:`arbitre.cli._renderer`): the simultanés' new parts are rendered there, in a
process that serves no request, and not in a thread of the worker that holds the poll.

cheroot stays the server of one process, and of Windows (no ``fork``).
"""

from __future__ import annotations

import gc
import math
import os
import select
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from arbitre.cli import _renderer
from arbitre.cli._i18n import tr
from arbitre.cli._pipe import Pipe

WORKER_TIMEOUT = 30
"""Seconds a worker's main loop may stay silent before the master replaces it."""

LINGER_SECONDS = 0.5
"""How long a worker stopped gracefully (a reload) keeps serving before it closes its socket."""

UNUSED_BIND = "127.0.0.1:0"
"""gunicorn's own listening socket when the workers listen on sockets of their own: a port
the system picks on the loopback, which nobody is told of. (A Unix socket in a temporary
folder was left behind, with its folder, by every master killed outright.)"""

READY = b"R"
CHANGED = b"B"

STOPS = (signal.SIGINT, signal.SIGQUIT, signal.SIGTERM)
"""The signals that stop a worker, and the master."""


def stop_pending(queue: list[int]) -> bool:
    """Whether gunicorn's queue of signals (:attr:`gunicorn.arbiter.Arbiter.SIG_QUEUE`)
    holds a stop not handled yet."""
    return any(sig in STOPS for sig in queue)


class Notices(Pipe):
    """A pipe from the workers to the master: a worker is ready (:data:`READY`), a change to
    back up was committed (:data:`CHANGED`). Writing never blocks a request: a full pipe
    already holds a change the master has still to read."""

    def tell(self, what: bytes) -> None:
        self.write(what)  # (not written: full, the master has yet to read it; or closed)

    def take(self, timeout: float) -> bytes:
        """What the workers told, waiting at most ``timeout`` seconds (b"" if nothing)."""
        if not select.select([self.read_end], [], [], timeout)[0]:
            return b""
        try:
            return os.read(self.read_end, 4096)
        except OSError:
            return b""


@dataclass(frozen=True)
class Plan:
    """What ``arbitre serve`` asks of gunicorn."""

    bind: str
    """``host:port`` (an IPv6 host in brackets)."""
    processes: int
    connections: int
    """Open connections a worker serves at once (the listening socket's backlog too)."""
    stop_seconds: float
    """How long the requests under way are given at a stop."""
    make_server: Callable[[socket.socket | None], Any]
    """The HTTP server of a worker (cheroot's, :func:`arbitre.cli.serve.web_server`) on the
    listening socket it inherited, or (``None``) on a socket of its own sharing the port."""
    renderer: bool = False
    """A process of its own renders the simultanés' new parts (:mod:`arbitre.cli._renderer`:
    the federation's server, on PostgreSQL)."""
    own_sockets: bool = False
    """Each worker listens on a socket of its own (``SO_REUSEPORT``, Linux: the system deals
    the new connections out evenly; on one shared socket the least busy worker takes them
    all, and keeps them, a phone keeping its connection: 329 of 400 measured)."""


def options(
    plan: Plan,
    notices: Notices,
    on_respawn: Callable[[int], None],
    renderer: _renderer.Renderer | None = None,
) -> dict[str, Any]:
    """gunicorn's settings for ``arbitre serve`` (its command line's options); with a
    ``renderer``, the workers hand the simultanés' renderings to it."""

    def pre_fork(server: Any, worker: Any) -> None:
        from django.db import connections

        connections.close_all()  # each worker opens its own connections

    def post_fork(server: Any, worker: Any) -> None:
        from arbitre.app.events import backups
        from arbitre.app.simultane import prerender

        os.close(notices.read_end)
        backups.forward_changes(lambda: notices.tell(CHANGED))
        if renderer is not None:
            renderer.in_worker()
            prerender.forward_to(renderer.asks.tell)

    def child_exit(server: Any, worker: Any) -> None:
        # not a stop (it closes the listening sockets first), nor a Ctrl-C that reached the
        # worker before the master handled its own
        if server.LISTENERS and not stop_pending(server.SIG_QUEUE):
            on_respawn(worker.pid)

    settings: dict[str, Any] = {
        "bind": [plan.bind],  # (with ``own_sockets``, :data:`UNUSED_BIND`)
        "workers": plan.processes,
        "worker_class": worker_class(plan, notices),
        "backlog": max(2048, plan.connections),
        "timeout": WORKER_TIMEOUT,
        # a worker ends its stop by itself within ``stop_seconds``; past one more second
        # the master kills it
        "graceful_timeout": math.ceil(plan.stop_seconds) + 1,
        "preload_app": True,
        "proc_name": "arbitre",
        "loglevel": "warning",
        # served directly: no proxy whose X-Forwarded-* headers gunicorn would trust (behind
        # one, ``ARBITRE_HTTPS=1`` has Django read X-Forwarded-Proto itself)
        "forwarded_allow_ips": "",
        "secure_scheme_headers": {},
        "pre_fork": pre_fork,
        "post_fork": post_fork,
        "child_exit": child_exit,
    }
    return settings


def worker_class(plan: Plan, notices: Notices) -> type:
    """gunicorn's worker that serves with cheroot (each worker ``--threads`` threads, its
    idle keep-alive connections waiting in the system's selector: measured faster than
    gunicorn's own ``gthread`` under a hall of phones, see docs/tournaments-web.md) on the
    listening socket it inherits from the master; its main loop tells the master it is alive
    at every turn (every half second), and a stop from the master (``SIGQUIT``,
    ``SIGINT``, ``SIGTERM``) or the master's death ends it within ``plan.stop_seconds``."""
    from gunicorn.workers.base import Worker

    class CherootWorker(Worker):  # type: ignore[misc]
        alive: bool
        serving = False
        leaving = 0.0  # when a graceful stop ends the serving (:data:`LINGER_SECONDS`)

        def run(self) -> None:
            server = plan.make_server(None if plan.own_sockets else self.sockets[0].sock)
            server.prepare()
            # cheroot's loop checks its idle connections at every turn (at most every
            # ``expiration_interval``, half a second): the worker's heartbeat goes there
            connections = server._connections
            expire = connections._expire

            def turn(threshold: float) -> None:
                self.notify()  # the master's watch of a hung worker (``timeout``)
                if self.ppid != os.getppid():
                    raise KeyboardInterrupt  # the master is gone
                if not self.alive and time.monotonic() >= self.leaving:
                    raise KeyboardInterrupt  # stopped
                expire(threshold)

            connections._expire = turn
            try:
                if self.alive:  # not stopped while it was getting ready
                    self.serving = True
                    notices.tell(READY)  # it listens
                    server.serve()
            except KeyboardInterrupt:
                pass
            finally:
                self.serving = False
                server.stop()

        def init_signals(self) -> None:
            super().init_signals()
            # a stop that reached this process between its fork and its own handlers went to
            # the master's handler it inherited (into this process's copy of gunicorn's
            # queue), or was queued in the master before it forked this worker and not
            # handled yet: either way it is this worker's stop too (else the worker served
            # on, and the master killed it after ``graceful_timeout``: seen in a CI run)
            from gunicorn.arbiter import Arbiter

            if stop_pending(Arbiter.SIG_QUEUE):
                self.alive = False

        def handle_quit(self, sig: int, frame: object) -> None:
            # Ctrl-C reaches the worker twice (the terminal's, then the master's): the
            # second must not interrupt the stop under way, nor one the getting ready (an
            # interruption coming up through the code that forked the worker would run the
            # master's own stop in it); the loop's next turn sees ``alive`` anyway
            if self.alive:
                self.alive = False
                if self.serving:
                    raise KeyboardInterrupt  # out of cheroot's loop, in the main thread

        def handle_exit(self, sig: int, frame: object) -> None:
            # a graceful stop (``SIGTERM``: a reload, or the master's own graceful stop)
            # keeps serving a moment, so that the new workers listen before this one's
            # socket closes (the connections waiting on it would be refused)
            if self.alive:
                self.leaving = time.monotonic() + LINGER_SECONDS
                self.alive = False

    return CherootWorker


def application_class() -> type:
    """gunicorn's application for Arbitre: its settings given, the WSGI application already
    loaded in this process (the master)."""
    from gunicorn.app.base import BaseApplication

    class Application(BaseApplication):  # type: ignore[misc]
        def __init__(self, settings: dict[str, Any]) -> None:
            self.settings = settings
            super().__init__()

        def load_config(self) -> None:
            for key, value in self.settings.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            from arbitre.app.wsgi import application

            return application

    return Application


def master_class(renderer: _renderer.Renderer | None) -> type:
    """gunicorn's master, which also keeps the ``renderer`` running: started before the
    first workers, and again if it ends (not during a stop)."""
    from gunicorn.arbiter import Arbiter

    class Master(Arbiter):  # type: ignore[misc]
        def manage_workers(self) -> None:
            if renderer is not None and not stop_pending(self.SIG_QUEUE):
                renderer.keep(self)
            super().manage_workers()

    return Master


def serve(plan: Plan, ready: Callable[[], None]) -> None:
    """Serve as ``plan`` says until Ctrl-C or ``SIGTERM``, calling ``ready()`` once every
    worker has started. The caller holds the background duties' places and makes the last
    backup."""
    from arbitre.app.events import backups

    notices = Notices()
    stopping = threading.Event()

    def respawned(pid: int) -> None:
        print(
            tr("Server process %(pid)d stopped: another one takes its place.") % {"pid": pid},
            flush=True,
        )

    def listen() -> None:
        started = 0
        while not stopping.is_set():
            told = notices.take(0.1)
            if CHANGED in told:
                backups.DEBOUNCER.changed()
            if started < plan.processes:
                started += told.count(READY)
                if started >= plan.processes:
                    ready()

    if plan.own_sockets:
        plan = replace(plan, bind=UNUSED_BIND)
    renderer = None
    if plan.renderer:
        renderer = _renderer.Renderer(lambda: notices.tell(CHANGED), [notices.read_end])
    Application = application_class()
    app = Application(options(plan, notices, respawned, renderer))
    listener = threading.Thread(target=listen, name="arbitre-workers", daemon=True)
    listener.start()
    gc.freeze()  # what is loaded now stays shared with the workers (no collector's writes)
    master = os.getpid()
    try:
        master_class(renderer)(app).run()
    except SystemExit as stop:
        if os.getpid() != master:
            _leave_worker(stop.code)
        if stop.code not in (None, 0):
            raise
    finally:
        if os.getpid() != master:
            _leave_worker(1)
        stopping.set()
        if renderer is not None:
            renderer.stop()
        listener.join(1.0)
        os.set_blocking(notices.read_end, False)
        try:
            if CHANGED in os.read(notices.read_end, 1 << 16):
                backups.DEBOUNCER.changed()  # a change told just before the stop
        except OSError:
            pass
        notices.close()


def _leave_worker(code: object) -> None:
    """End a worker that gunicorn has stopped (its ``sys.exit`` comes up through the code that
    forked it): at once, so that none of the master's ``finally`` runs in it (the server's
    lock and mark, held by the master, would be released)."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code if isinstance(code, int) else (0 if code is None else 1))
