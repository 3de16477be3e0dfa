"""Django's SQLite backend, its write transactions taken one at a time in each process.

SQLite lets one connection write at a time; the others wait in its busy handler, which polls
the lock with growing sleeps (up to 0.1 s) and gives up with « database is locked » after
the connection's ``timeout``. A festival hall's server runs 8 threads per process, each with
its connection: under load (40 arbiters entering ten ballots a second while 2,000 phones poll
on two processors), a dozen writers polling for the same lock is a lottery in which one can
lose for 20 s while the lock goes to the others, and its ballot is refused (seen 3 times in
4,500 ballots by ``bench/bench_festival.py``, hundreds of times by 32 writers on an
overloaded machine: ``tests/app/test_sqlite_writers.py``).

Here every transaction (Django's ``atomic``: ``BEGIN IMMEDIATE``, the project's
``transaction_mode``, so that the write lock is taken at its start and never upgraded) first
takes the writers' turn of its database file, given back at its commit, its rollback or the
connection's close: in this process a queue, which hands the turn to the thread that has waited longest as
soon as the transaction before it ends; between the processes of
``arbitre serve --processes N`` a lock on the file ``<database>-writers.lock`` (POSIX
``flock``), asked again every millisecond, and not asked again for 3 ms by the process that
just gave it back, so that a process's queue does not keep it from the others. Only the holder of the turn waits on SQLite's lock, for what another program
writing to the file may hold. A turn not given within three times the connection's ``timeout``
is not waited for longer: the transaction goes on to SQLite's own wait (nothing waits
forever).
Databases in memory (the tests') take no turn: one connection serves them.

Writes outside a transaction (one statement in autocommit mode) take SQLite's lock alone,
for the statement's time.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from typing import Any

from django.db.backends.sqlite3 import base

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one process serves (arbitre serve)
    fcntl = None  # type: ignore[assignment]

POLL = 0.001
"""Seconds between two asks of the processes' lock."""

BACK_OFF = 0.003
"""Seconds a process that just gave the processes' lock back waits before asking it again,
so that a process polling for it gets it (else the threads queued in the process that holds
it would keep it from the others)."""


TURN_WAIT = 3
"""The turn is waited for up to this many times the connection's ``timeout`` (60 s): on a
machine so loaded that the writes come faster than they are done, a ballot waits its turn
(its latency says so) rather than being refused."""


class Queue:
    """A lock given to the threads in the order they asked for it (each release hands it to
    the first one waiting: a thread that releases and asks again goes behind the others)."""

    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._locked = False
        self._waiting: deque[threading.Event] = deque()

    def acquire(self, timeout: float) -> bool:
        with self._mutex:
            if not self._locked:
                self._locked = True
                return True
            mine = threading.Event()
            self._waiting.append(mine)
        if mine.wait(timeout):
            return True
        with self._mutex:
            if mine.is_set():  # handed over meanwhile
                return True
            self._waiting.remove(mine)
            return False

    def release(self) -> None:
        with self._mutex:
            if self._waiting:
                self._waiting.popleft().set()
            else:
                self._locked = False


class Turn:
    """The writers' turn of one database file: this process's queue, then the processes'
    lock."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.threads = Queue()
        self.fd: int | None = None
        self.filed = False
        self.given_back = 0.0

    def take(self, timeout: float) -> bool:
        """Whether the turn was taken within ``timeout`` seconds (else nothing is held)."""
        deadline = time.monotonic() + timeout
        if not self.threads.acquire(timeout):
            return False
        if fcntl is None:
            return True
        try:
            if self.fd is None:
                self.fd = os.open(f"{self.name}-writers.lock", os.O_RDWR | os.O_CREAT, 0o600)
            wait = self.given_back + BACK_OFF - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            while True:
                try:
                    fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    self.filed = True
                    return True
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        break
                    time.sleep(POLL)
        except OSError:  # (a read-only directory: the threads' turn alone)
            return True
        self.threads.release()
        return False

    def give_back(self) -> None:
        if self.filed and self.fd is not None:
            self.filed = False
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            self.given_back = time.monotonic()
        self.threads.release()


_turns: dict[tuple[str, int], Turn] = {}
_turns_lock = threading.Lock()


def turn(name: str) -> Turn:
    """The writers' turn of the database file ``name`` in this process (a forked worker has
    its own: a lock file opened before the fork would be one holder for both processes)."""
    with _turns_lock:
        return _turns.setdefault((name, os.getpid()), Turn(name))


class DatabaseWrapper(base.DatabaseWrapper):
    _held: Turn | None = None

    def _start_transaction_under_autocommit(self) -> None:
        if self._held is None and not self.is_in_memory_db():
            mine = turn(str(self.settings_dict["NAME"]))
            timeout = float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
            if mine.take(TURN_WAIT * timeout):
                self._held = mine
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release()
            raise

    def _release(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            held.give_back()

    def _commit(self) -> Any:
        try:
            return super()._commit()
        finally:
            self._release()

    def _rollback(self) -> Any:
        try:
            return super()._rollback()
        finally:
            self._release()

    def _close(self) -> Any:
        try:
            return super()._close()
        finally:
            self._release()
