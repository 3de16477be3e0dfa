"""Backups of the event database, so that nothing is lost if the laptop dies.

- :func:`backup` copies the SQLite database with SQLite's online backup API: a consistent copy
  even while the server writes, into a folder (a USB key), keeping the last ``keep`` copies.
- :func:`restore` puts a copy back in place of the database (the server must be stopped).
- Automatic backups: after every change of a round or a table (Classic, backgammon) and every
  Duplicate move revealed, once the change is committed. They are debounced: a burst of
  result entries makes one backup a few seconds after its last change, so entry stays fast and
  the last change always ends in a backup.

Settings (environment): ``ARBITRE_BACKUP_DIR`` (default: ``backups/`` beside the database),
``ARBITRE_BACKUP_KEEP`` (default 20), ``ARBITRE_AUTO_BACKUP`` (``0`` to turn the automatic
backups off). PostgreSQL is backed up by its own tools (``pg_dump``): :func:`backup` refuses it
with that advice.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction

PREFIX = "arbitre-"
SUFFIX = ".sqlite3"
DEFAULT_KEEP = 20
DEBOUNCE_SECONDS = 3.0


class BackupError(ValueError):
    """A backup or a restore that cannot be done; the message is French."""


def database_path() -> Path:
    db = settings.DATABASES["default"]
    if "sqlite" not in db["ENGINE"]:
        raise BackupError(
            "La base PostgreSQL se sauvegarde avec ses propres outils (pg_dump) ; "
            "« arbitre backup » copie la base SQLite des clubs."
        )
    name = str(db["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        raise BackupError("Base en mémoire : rien à sauvegarder.")
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
    folder = Path(to) if to else backup_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(
            f"Dossier de sauvegarde inutilisable : {folder} ({exc.strerror})."
        ) from exc
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = folder / f"{PREFIX}{stamp}{SUFFIX}"
    partial = target.with_suffix(".part")
    with sqlite3.connect(source) as src, sqlite3.connect(partial) as dst:
        src.backup(dst)
    partial.replace(target)  # a copy is either whole or absent
    copies = sorted(folder.glob(f"{PREFIX}*{SUFFIX}"))
    for old in copies[: max(0, len(copies) - (keep or keep_count()))]:
        old.unlink(missing_ok=True)
    return target


def restore(copy: Path, into: Path | None = None) -> Path:
    """Put ``copy`` back as the database (stop the server first). The database it replaces is
    kept beside it as ``.before-restore``."""
    copy = Path(copy)
    try:
        with sqlite3.connect(f"file:{copy}?mode=ro", uri=True) as check:
            ok = check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            check.execute("SELECT COUNT(*) FROM events_event").fetchone()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{copy} n'est pas une sauvegarde d'Arbitre ({exc}).") from exc
    if not ok:
        raise BackupError(f"{copy} est endommagée (contrôle d'intégrité).")
    target = Path(into) if into else database_path()
    if target.exists():
        target.replace(target.with_name(target.name + ".before-restore"))
    with sqlite3.connect(copy) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    return target


# -- automatic backups -----------------------------------------------------------------------


class _Debouncer:
    """Runs the backup once, ``DEBOUNCE_SECONDS`` after the last change of a burst."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.timer: threading.Timer | None = None
        self.last: float = 0.0
        self.count = 0

    def changed(self) -> None:
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
            self.timer = threading.Timer(DEBOUNCE_SECONDS, self._run)
            self.timer.daemon = True
            self.timer.start()

    def _run(self) -> None:
        try:
            backup()
            self.last = time.monotonic()
            self.count += 1
        except (BackupError, sqlite3.Error, OSError):
            pass  # never break the event for a backup; "arbitre backup" reports the reason


DEBOUNCER = _Debouncer()


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


def watch(*models: Any) -> None:
    """Back up after every save or deletion of these models (each game app names its own)."""
    from django.db.models.signals import post_delete, post_save

    for model in models:
        uid = f"backup-{model._meta.label}"
        post_save.connect(after_change, sender=model, dispatch_uid=uid)
        post_delete.connect(after_change, sender=model, dispatch_uid=uid + "-deleted")
