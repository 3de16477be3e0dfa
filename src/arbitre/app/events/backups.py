"""Backups of the event database, so that nothing is lost if the laptop dies.

- :func:`backup` copies the SQLite database with SQLite's online backup API: a consistent copy
  even while the server writes, into a folder (a USB key), keeping the last ``keep`` copies.
- :func:`restore` puts a copy back in place of the database (the server must be stopped),
  once it is checked to be a whole backup of this version (:mod:`.backup_files`).
- Automatic backups: after every change of a round or a table (Classic, backgammon), every
  Duplicate move revealed and every change an event's audit log records (ballots, play-offs),
  once the change is committed. They are debounced: a burst of result entries makes one
  backup a few seconds after its last change (and at the latest 30 seconds after its first),
  made in a background thread, so entry stays fast; the last change always ends in a backup,
  also when the server is stopped right after it. A failed backup (a USB key pulled out) is
  reported on the server's console and by :func:`status`, never to the person entering.

Settings (environment): ``ARBITRE_BACKUP_DIR`` (default: ``backups/`` beside the database),
``ARBITRE_BACKUP_KEEP`` (default 20), ``ARBITRE_AUTO_BACKUP`` (``0`` to turn the automatic
backups off). PostgreSQL is backed up by its own tools (``pg_dump``): :func:`backup` refuses it
with that advice.
"""

from __future__ import annotations

import atexit
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from django.conf import settings
from django.db import transaction

from arbitre import system
from arbitre.app.events.backup_files import (
    LEXICONS,
    NOT_A_BACKUP,
    BackupError,
    check_copy,
    copy_word_lists,
    open_existing,
    remove_copy,
    restore_word_lists,
)

PREFIX = "arbitre-"
SUFFIX = ".sqlite3"
DEFAULT_KEEP = 20
DEBOUNCE_SECONDS = 3.0
MAX_DELAY_SECONDS = 30.0

log = logging.getLogger("arbitre.backups")


def database_path() -> Path:
    db = settings.DATABASES["default"]
    if "sqlite" not in db["ENGINE"]:
        raise BackupError(
            "PostgreSQL databases are backed up with their own tools (pg_dump); "
            "“arbitre backup” copies the clubs' SQLite database."
        )
    name = str(db["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        raise BackupError("In-memory database: nothing to back up.")
    return Path(name)


def backup_dir() -> Path:
    configured = os.environ.get("ARBITRE_BACKUP_DIR")
    return Path(configured) if configured else database_path().parent / "backups"


def keep_count() -> int:
    try:
        return max(1, int(os.environ.get("ARBITRE_BACKUP_KEEP", DEFAULT_KEEP)))
    except ValueError:
        return DEFAULT_KEEP


def backup(to: Path | None = None, keep: int | None = None) -> Path:
    """A consistent copy of the database in ``to`` (default :func:`backup_dir`); the oldest
    copies beyond ``keep`` are removed. Returns the new file."""
    source = database_path()
    if not source.is_file():
        raise BackupError("Database not found: %(path)s.", path=source)
    folder = Path(to) if to else backup_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(
            "Unusable backup folder: %(folder)s (%(error)s).", folder=folder, error=exc.strerror
        ) from exc
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = folder / f"{PREFIX}{stamp}{SUFFIX}"
    partial = folder / f"{PREFIX}{stamp}.part"
    try:
        # read-write as the server opens it (a database in WAL mode is read through its log)
        with (
            closing(open_existing(source, mode="rw")) as src,
            closing(sqlite3.connect(partial)) as dst,
        ):
            src.backup(dst)  # in one step: the copy is one consistent state of the database
            # a copy in rollback-journal mode is whole in its one file: opening it later
            # leaves no -wal or -shm beside it
            dst.execute("PRAGMA journal_mode=DELETE").fetchone()
        partial.replace(target)  # a copy is either whole or absent
        copy_word_lists(target, folder / LEXICONS)
    except (sqlite3.Error, OSError) as exc:
        remove_copy(partial)
        raise BackupError(
            "Backup impossible in %(folder)s: %(error)s.", folder=folder, error=exc
        ) from exc
    copies = sorted(folder.glob(f"{PREFIX}*{SUFFIX}"))
    for old in copies[: max(0, len(copies) - (keep or keep_count()))]:
        remove_copy(old)
    return target


class Restored(NamedTuple):
    database: Path  # the database now holding the copy
    kept: Path | None  # the database it replaced, put aside whole (None: there was none)


def restore(copy: Path, into: Path | None = None) -> Restored:
    """Put ``copy`` back as the database (stop the server first), once it is checked to be a
    whole backup of this version of Arbitre (:func:`~.backup_files.check_copy`). The database
    it replaces is kept beside it as ``….before-restore-<time>``, whole: what a killed server
    left in SQLite's write-ahead log (``-wal``) is in it too; no earlier one is overwritten.

    The copy is first read into a file beside the database, and that file is checked and put
    in place: what is restored is exactly what was checked, even from a key pulled out."""
    copy = Path(copy)
    if not copy.is_file():
        raise BackupError("Backup not found: %(path)s.", path=copy)
    target = Path(into) if into else database_path()
    _refuse_if_served(target)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    staging = target.with_name(f"{target.name}.restore-{stamp}.part")
    try:
        with closing(sqlite3.connect(staging)) as checked:
            try:
                with closing(open_existing(copy)) as src:
                    src.backup(checked)
                checked.execute("PRAGMA journal_mode=DELETE").fetchone()
            except sqlite3.DatabaseError as exc:
                raise BackupError(NOT_A_BACKUP, name=copy, error=exc) from exc
            check_copy(checked, str(copy))
            restore_word_lists(checked, copy.parent / LEXICONS)
            checked.commit()
            return _put_in_place(checked, target, stamp)
    except (sqlite3.Error, OSError) as exc:
        raise BackupError("Restore impossible: %(error)s.", error=exc) from exc
    finally:
        remove_copy(staging)


def _put_in_place(checked: sqlite3.Connection, target: Path, stamp: str) -> Restored:
    if not target.exists():
        with closing(sqlite3.connect(target)) as dst:
            checked.backup(dst)
        return Restored(target, None)
    # The database is replaced through SQLite, never by moving files: a database file moved
    # without its -wal loses the last entries of a killed server, and a -wal left beside
    # another file does not belong to it.
    kept = target.with_name(f"{target.name}.before-restore-{stamp}")
    n = 1
    while kept.exists() or kept.with_name(kept.name + "-journal").exists():
        n += 1
        kept = target.with_name(f"{target.name}.before-restore-{stamp}-{n}")
    try:
        with closing(sqlite3.connect(target, timeout=0)) as live:
            # Leaving WAL mode writes the log into the file; SQLite refuses it while another
            # connection (a running server) has the database open.
            mode = live.execute("PRAGMA journal_mode=DELETE").fetchone()[0]
            if str(mode).lower() != "delete":
                raise sqlite3.OperationalError("database is locked")
            with closing(sqlite3.connect(kept)) as old:
                live.backup(old)
            checked.backup(live)
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise BackupError(
                "The database %(path)s is in use: stop the Arbitre server before restoring.",
                path=target,
            ) from exc
        raise BackupError("Restore impossible: %(error)s.", error=exc) from exc
    return Restored(target, kept)


def _pid_file(database: Path) -> Path:
    return database.with_name(database.name + ".serveur")


def _lock_file(database: Path) -> Path:
    return database.with_name(database.name + ".serveur.lock")


@contextmanager
def serving() -> Iterator[None]:
    """While ``arbitre serve`` runs, a file beside the SQLite database names its process and
    the server holds a lock beside it (released by the system when the process ends, even
    killed), so that a restore is refused until the server is stopped, on every system."""
    try:
        marker: Path | None = _pid_file(database_path())
    except BackupError:
        marker = None
    if marker is None:
        yield
        return
    lock = system.server_lock(_lock_file(marker.with_name(marker.name.removesuffix(".serveur"))))
    with lock:
        marker.write_text(str(os.getpid()), encoding="ascii")
        try:
            yield
        finally:
            marker.unlink(missing_ok=True)


def _refuse_if_served(database: Path) -> None:
    marker = _pid_file(database)
    try:
        pid = int(marker.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return
    # whether the server still runs: its lock (no signal sent to any process, so the same
    # check on Windows, where ``os.kill`` would stop the process instead)
    if pid != os.getpid() and system.held(_lock_file(database)):
        raise BackupError(
            "The Arbitre server (process %(pid)s) uses the database %(database)s: stop it "
            "before restoring (or delete %(marker)s if that process is not Arbitre).",
            pid=pid,
            database=database,
            marker=marker,
        )


# -- automatic backups -----------------------------------------------------------------------


class _Debouncer:
    """Runs the backup ``DEBOUNCE_SECONDS`` after the last change of a burst, and at the latest
    ``MAX_DELAY_SECONDS`` after its first change (continuous entry is backed up too); a
    change still waiting when the process ends is backed up before it exits.

    One background thread waits for the time to come: a change costs the request a lock and,
    for the first change of a burst, a wake-up."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.running = threading.Lock()  # one backup at a time
        self.worker: threading.Thread | None = None
        self.first: float | None = None  # when the oldest change not yet backed up came
        self.latest = 0.0  # when the newest change came
        self.in_flight = False  # the worker has taken the changes and is backing them up
        self.last: float = 0.0
        self.count = 0
        self.last_copy: Path | None = None
        self.last_error = ""
        self.elsewhere: Callable[[], None] | None = None  # see :func:`forward_changes`

    def changed(self) -> None:
        if self.elsewhere is not None:
            self.elsewhere()
            return
        now = time.monotonic()
        with self.cond:
            self.latest = now
            if self.first is None:
                self.first = now
                if self.worker is None or not self.worker.is_alive():
                    self.worker = threading.Thread(
                        target=self._loop, name="arbitre-backups", daemon=True
                    )
                    self.worker.start()
                self.cond.notify()

    def pending(self) -> bool:
        with self.cond:
            return self.first is not None

    def _loop(self) -> None:
        while True:
            with self.cond:
                while True:
                    if self.first is None:
                        self.cond.wait()
                        continue
                    due = min(self.latest + DEBOUNCE_SECONDS, self.first + MAX_DELAY_SECONDS)
                    remaining = due - time.monotonic()
                    if remaining <= 0:
                        break
                    self.cond.wait(remaining)
                self.first = None
                self.in_flight = True
            try:
                self._backup()
            finally:
                with self.cond:
                    self.in_flight = False

    def flush(self) -> None:
        """Back up now if a change is waiting or being backed up (the server stops)."""
        with self.cond:
            waiting = self.first is not None or self.in_flight
            self.first = None
        if waiting:
            self._backup()

    def _backup(self) -> None:
        with self.running:
            try:
                self.last_copy = backup()
            except (BackupError, sqlite3.Error, OSError) as exc:
                # never break the event for a backup, but tell the director on the console
                log.warning("Sauvegarde automatique impossible : %s", exc)
                self.last_error = str(exc)
                return
            self.last = time.monotonic()
            self.count += 1
            self.last_error = ""


DEBOUNCER = _Debouncer()


def forward_changes(tell: Callable[[], None]) -> None:
    """In a worker process of a server whose master makes the backups (``arbitre serve
    --processes N``, :mod:`arbitre.cli._serve_workers`): each committed change calls ``tell``
    instead of backing up here, so that one process backs up for the machine."""
    DEBOUNCER.elsewhere = tell


def status() -> dict[str, Any]:
    """The automatic backups as a director's page may show them."""
    return {
        "enabled": enabled(),
        "count": DEBOUNCER.count,
        "last_copy": str(DEBOUNCER.last_copy) if DEBOUNCER.last_copy else "",
        "last_error": DEBOUNCER.last_error,
        "pending": DEBOUNCER.pending(),
    }


def enabled() -> bool:
    if os.environ.get("ARBITRE_AUTO_BACKUP", "1") == "0":
        return False
    try:
        database_path()
    except BackupError:
        return False
    return True


def after_change(sender: Any = None, **kwargs: Any) -> None:
    """Signal receiver: back up once the current transaction is committed."""
    if enabled():
        transaction.on_commit(DEBOUNCER.changed)


def after_audited_change(sender: Any = None, instance: Any = None, **kwargs: Any) -> None:
    """Every change an event's audit log records (a ballot, a play-off, an absence, a
    check-in...) is followed by a backup as well."""
    from arbitre.app.events.models import AuditRecord

    if isinstance(instance, AuditRecord):
        after_change(sender, **kwargs)


_exit_hook = threading.Lock()
_exit_hooked = False


def _at_exit() -> None:
    global _exit_hooked
    with _exit_hook:
        if not _exit_hooked:
            atexit.register(DEBOUNCER.flush)
            _exit_hooked = True


def watch(*models: Any) -> None:
    """Back up after every save or deletion of these models (each game app names its own)."""
    from django.db.models.signals import post_delete, post_save

    _at_exit()
    for model in models:
        uid = f"backup-{model._meta.label}"
        post_save.connect(after_change, sender=model, dispatch_uid=uid)
        post_delete.connect(after_change, sender=model, dispatch_uid=uid + "-deleted")


def watch_audit() -> None:
    """Back up after every audited change of any event (connected in ``events`` ready())."""
    from django.db.models.signals import post_save

    _at_exit()
    post_save.connect(after_audited_change, dispatch_uid="backup-audit")
