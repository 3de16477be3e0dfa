"""``arbitre backup`` and ``arbitre restore``: copies of the event database (SQLite)."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from arbitre.cli import CliError
from arbitre.cli._i18n import language, tr


def register(subparsers: Any) -> None:
    save = subparsers.add_parser(
        "backup",
        help="copy the database (consistent even while the server runs)",
        description="Copy the SQLite database with SQLite's online backup into a folder "
        "(default: ARBITRE_BACKUP_DIR, else backups/ beside the database), keeping the last N.",
    )
    save.add_argument("--to", type=Path, help="folder of the copies (a USB key)")
    save.add_argument("--keep", type=int, help="copies kept (default ARBITRE_BACKUP_KEEP, 20)")
    save.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
    save.add_argument("--json", action="store_true", help="print the result as JSON")
    save.set_defaults(func=run_backup)

    back = subparsers.add_parser(
        "restore",
        help="put a backup back as the database (stop the server first)",
        description="Check a backup (integrity, this version's schema and migrations, its "
        "word lists) and put it back as the database; the database it replaces is kept "
        "beside it (.before-restore-<time>).",
    )
    back.add_argument("copy", type=Path, metavar="COPY", help="the backup file")
    back.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
    back.add_argument("--json", action="store_true", help="print the result as JSON")
    back.set_defaults(func=run_restore)


def _django(database_url: str | None) -> None:
    if database_url:
        os.environ["ARBITRE_DATABASE_URL"] = database_url
    os.environ["ARBITRE_AUTO_BACKUP"] = "0"
    from arbitre.app import setup_django

    setup_django()


def run_backup(args: argparse.Namespace) -> int:
    _django(args.database_url)
    from arbitre.app.events.backups import BackupError, backup

    try:
        copy = backup(args.to, args.keep)
    except BackupError as exc:
        raise CliError(exc.text(language())) from exc
    print(
        json.dumps({"backup": str(copy)}) if args.json else tr("Backup: %(path)s") % {"path": copy}
    )
    return 0


def run_restore(args: argparse.Namespace) -> int:
    _django(args.database_url)
    from arbitre.app.events.backups import BackupError, restore

    try:
        done = restore(args.copy)
    except BackupError as exc:
        raise CliError(exc.text(language())) from exc
    kept = str(done.kept) if done.kept else ""
    if args.json:
        print(
            json.dumps({"restored": str(args.copy), "database": str(done.database), "kept": kept})
        )
    else:
        print(
            tr("Database restored from %(copy)s: %(database)s")
            % {"copy": args.copy, "database": done.database}
        )
        if kept:
            print(tr("The former database is kept: %(path)s") % {"path": kept})
    return 0
