"""The files of backups: opening a copy whatever its name, checking that a file is a whole
backup of this version of Arbitre before it is restored, the uploaded word lists that travel
beside the copies, and removing a copy with what SQLite may have left beside it.

A backup file comes from outside (a USB key passed from hand to hand): nothing it stores is
followed as it is. Its word lists are named by their SHA-256 and live in the data directory's
``lexicons/`` folder; a restore points the events there, never to a path the file names.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path, PurePath
from urllib.parse import quote

from arbitre.i18n import DEFAULT_LANGUAGE, text

LEXICONS = "listes-de-mots"  # the uploaded word lists, beside the copies
NOT_A_BACKUP = "%(name)s is not an Arbitre backup (%(error)s)."
WORD_LIST_NAME = re.compile(r"[0-9a-f]{64}\.txt")  # as duplicate.setup.store_lexicon names them
SIDE_FILES = ("-wal", "-shm", "-journal")  # what SQLite may leave beside a database file


class Phrase:
    """A text of the catalogue (its English msgid) with its ``%(name)s`` parameters, worded
    in a language when it is shown; a parameter may be a phrase, or a list of them (joined
    by commas)."""

    def __init__(self, msgid: str, /, **params: object) -> None:
        self.msgid = msgid
        self.params = params

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The phrase in ``lang`` (French by default, as the web interface).

        >>> Phrase("the table %(table)s", table="events_event").text("en")
        'the table events_event'
        """
        values = {key: _worded(value, lang) for key, value in self.params.items()}
        template = text(self.msgid, lang)
        return template % values if values else template


def _worded(value: object, lang: str) -> object:
    if isinstance(value, Phrase):
        return value.text(lang)
    if isinstance(value, list):
        return ", ".join(str(_worded(item, lang)) for item in value)
    return value


class BackupError(ValueError):
    """A backup or a restore that cannot be done, with its reason as a :class:`Phrase`:
    ``str()`` is French (the web interface's language), :meth:`text` any language (the
    command line's ``--lang``)."""

    def __init__(self, msgid: str, /, **params: object) -> None:
        self.phrase = Phrase(msgid, **params)
        super().__init__(self.phrase.text())

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.phrase.text(lang)


def open_existing(path: Path, mode: str = "ro") -> sqlite3.Connection:
    """``path`` opened read-only (``mode="rw"``: read-write); any name works (``#``, ``?``,
    ``%``, spaces, accents), and a missing file is an error rather than a new empty database.

    >>> open_existing(Path("/nonexistent/a #b.sqlite3"))
    Traceback (most recent call last):
    sqlite3.OperationalError: unable to open database file
    """
    uri = "file:" + quote(str(Path(path).absolute()), safe="/") + f"?mode={mode}"
    return sqlite3.connect(uri, uri=True)


def lexicons_home() -> Path:
    from arbitre.paths import data_dir

    return data_dir() / "lexicons"


WORD_LIST_COLUMNS = (
    ("duplicate", "DuplicateEvent", "lexicon_path"),
    ("classic", "WordList", "path"),
)
"""Where the events keep the path of an uploaded word list: a Duplicate event, a Classic
event's challenges (a table's or a friendly game's setup names the file, found again in the
data directory)."""


def word_list_rows(db: sqlite3.Connection) -> list[tuple[str, str, int, str]]:
    """``(table, column, id, path)`` of the events played on an uploaded word list."""
    from django.apps import apps

    out = []
    for app, model, column in WORD_LIST_COLUMNS:
        table = apps.get_model(app, model)._meta.db_table
        try:
            rows = db.execute(f'SELECT id, "{column}" FROM "{table}" WHERE "{column}" != \'\'')
            out += [(table, column, int(i), str(p)) for i, p in rows.fetchall()]
        except sqlite3.OperationalError:  # a database from before these tables
            continue
    return out


def _stored_word_list(path: str) -> Path | None:
    """The file of this machine's data directory that ``path`` names, when it is a stored
    word list there (nothing else is ever copied into a backup folder)."""
    candidate = Path(path)
    if not WORD_LIST_NAME.fullmatch(candidate.name):
        return None
    home = lexicons_home().resolve()
    try:
        real = candidate.resolve(strict=True)
    except OSError:
        return None
    if real.parent != home or not real.is_file():
        return None
    return real


def copy_word_lists(copy: Path, folder: Path) -> None:
    """The uploaded word lists the events of ``copy`` use, beside it: a Duplicate game goes
    on after a restore on another laptop only with its word list. Only word lists stored in
    this machine's data directory are copied (a path a restored file planted is not
    followed); their names are their SHA-256: each is copied once."""
    with closing(open_existing(copy)) as db:
        paths = {_stored_word_list(p) for *_, p in word_list_rows(db)}
    for path in sorted(p for p in paths if p is not None):
        kept = folder / path.name
        if not kept.exists():
            folder.mkdir(exist_ok=True)
            partial = kept.with_name(kept.name + ".part")
            shutil.copyfile(path, partial)
            partial.replace(kept)


def check_word_list_paths(db: sqlite3.Connection, name: str) -> None:
    """Refuse a copy whose events name a word list by anything but a stored word list's
    name (``<sha256>.txt``): such a path was not written by Arbitre."""
    for *_, path in word_list_rows(db):
        if not WORD_LIST_NAME.fullmatch(PurePath(path).name):
            raise BackupError(
                "%(name)s is not a usable Arbitre backup: a word list in it is named by a "
                "path Arbitre does not write (%(path)s).",
                name=name,
                path=path,
            )


def restore_word_lists(db: sqlite3.Connection, folder: Path) -> None:
    """The events of ``db`` point to their word lists in this machine's data directory;
    lists missing there come from the backup folder's ``listes-de-mots/`` when their content
    matches their name (its SHA-256)."""
    rows = word_list_rows(db)
    for table, column, event_id, path in rows:
        name = PurePath(path).name
        home = lexicons_home() / name
        kept = folder / name
        if not home.is_file() and kept.is_file():
            content = kept.read_bytes()
            if hashlib.sha256(content).hexdigest() + ".txt" == name:
                home.parent.mkdir(exist_ok=True)
                partial = home.with_name(home.name + ".part")
                partial.write_bytes(content)
                partial.replace(home)
        db.execute(f'UPDATE "{table}" SET "{column}" = ? WHERE id = ?', (str(home), event_id))


def check_copy(db: sqlite3.Connection, name: str) -> None:
    """Refuse ``db`` unless it is a whole database of this version of Arbitre: SQLite's
    integrity check passes, every migration of the project is applied and none unknown to it,
    every table and column of the project's models is there, and its word lists are named as
    Arbitre names them. A file that passed is one the server starts on."""
    try:
        problems = [str(r[0]) for r in db.execute("PRAGMA integrity_check").fetchall()]
        applied = set(db.execute("SELECT app, name FROM django_migrations").fetchall())
    except sqlite3.DatabaseError as exc:
        raise BackupError(NOT_A_BACKUP, name=name, error=exc) from exc
    if problems != ["ok"]:
        raise BackupError(
            "%(name)s is damaged (integrity check: %(problem)s).", name=name, problem=problems[0]
        )
    missing, unknown = _migrations(applied)
    if missing:
        raise BackupError(
            "%(name)s is not a complete backup of this version of Arbitre: it lacks "
            "%(count)d migration(s) (%(migrations)s…).",
            name=name,
            count=len(missing),
            migrations=", ".join(missing[:3]),
        )
    if unknown:
        raise BackupError(
            "%(name)s was made by a newer version of Arbitre (unknown migrations: "
            "%(migrations)s): update Arbitre before restoring.",
            name=name,
            migrations=", ".join(unknown[:3]),
        )
    absent = _schema_gaps(db)
    if absent:
        raise BackupError(
            "%(name)s does not have Arbitre's schema: it lacks %(missing)s.",
            name=name,
            missing=absent[:3],
        )
    check_word_list_paths(db, name)


def _migrations(applied: set[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """The project's migrations ``applied`` lacks, and those it records for the project's
    apps that the project does not have (``app.name``)."""
    from django.db.migrations.loader import MigrationLoader

    loader = MigrationLoader(None, ignore_no_migrations=True)
    missing = []
    for key in sorted(loader.graph.nodes):
        replaced = loader.graph.nodes[key].replaces
        if key not in applied and not (replaced and all(tuple(r) in applied for r in replaced)):
            missing.append(".".join(key))
    known = set(loader.disk_migrations)
    apps = {app for app, _ in known}
    unknown = sorted(".".join(k) for k in applied if k[0] in apps and k not in known)
    return missing, unknown


def _schema_gaps(db: sqlite3.Connection) -> list[Phrase]:
    """The tables and columns of the project's models that ``db`` lacks."""
    from django.apps import apps

    gaps = []
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if not meta.managed or meta.proxy:
            continue
        rows = db.execute("SELECT name FROM pragma_table_info(?)", (meta.db_table,)).fetchall()
        columns = {str(r[0]) for r in rows}
        if not columns:
            gaps.append(Phrase("the table %(table)s", table=meta.db_table))
            continue
        gaps.extend(
            Phrase("the column %(column)s", column=f"{meta.db_table}.{f.column}")
            for f in meta.local_concrete_fields
            if f.column not in columns
        )
    return gaps


def remove_copy(copy: Path) -> None:
    """Delete a copy and the files SQLite may have left beside it."""
    copy.unlink(missing_ok=True)
    for side in SIDE_FILES:
        copy.with_name(copy.name + side).unlink(missing_ok=True)
