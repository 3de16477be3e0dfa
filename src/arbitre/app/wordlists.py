"""The word list an event judges by: the shipped default list, or a list its director uploads
(seed 001, 1.2 and seed 000, 5.1 name the ODS, which the project cannot ship:
``spec/facts.md``). One service for every game: a Duplicate event, a Classic event's tables, a
friendly game.

An uploaded list is checked by the engine (:meth:`arbitre.lexicon.Lexicon.load`) before it is
kept, under the name of its bytes' SHA-256 in the data directory (``lexicons/``, copied by the
backups); its folded words go to the lexicon cache, so that a list is read and folded once per
machine. Each list is loaded once per process and shared by every event and table using it
(the default list is the one :mod:`arbitre.app.duplicate.preparation` makes ready at server
start, its progress shown by the banner of every page).
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.utils.translation import gettext

from arbitre.app.uploads import WORD_LIST_BYTES, read_limited
from arbitre.paths import data_dir

FOLDER = "lexicons"
"""The data directory's folder of the uploaded lists (their file named by their SHA-256)."""

_lock = threading.Lock()
_lexicons: dict[str, Any] = {}


@dataclass(frozen=True)
class StoredList:
    """A word list as an event keeps it: ``path`` of the kept file (``""``: the default
    list), the ``name`` the director knows it by (the file's name as sent), the SHA-256 of its
    folded words, and how many words it has."""

    path: str
    name: str
    sha256: str
    words: int

    @property
    def is_default(self) -> bool:
        return not self.path

    @property
    def shown(self) -> str:
        """The name as the pages show it: the default list's in the page's language."""
        from arbitre.lexicon import DEFAULT_NAME

        return gettext(DEFAULT_NAME) if self.is_default else self.name

    @property
    def file(self) -> str:
        """The kept file's name in the data directory's ``lexicons/`` (``""``: the default
        list): what a game's setup keeps, valid on the machine a backup is restored on."""
        return Path(self.path).name if self.path else ""


def kept_path(file: str) -> str:
    """The path of the kept list named ``file`` on this machine (``""``: the default list)."""
    return str(data_dir() / FOLDER / Path(file).name) if file else ""


def lexicon_at(path: str) -> Any:
    """The word list kept at ``path`` (``""``: the default list), loaded once per process."""
    from arbitre.lexicon import Lexicon

    with _lock:
        if path not in _lexicons:
            _lexicons[path] = Lexicon.load(path or None)
        return _lexicons[path]


def default_list() -> StoredList:
    """The shipped default list (not the ODS: ``arbitre.lexicon.DEFAULT_NOTICE``)."""
    lexicon = lexicon_at("")
    return StoredList("", lexicon.name, lexicon.sha256, len(lexicon))


def stored_list(path: str, name: str = "") -> StoredList:
    """The list an event keeps at ``path`` under ``name``, with its word count."""
    lexicon = lexicon_at(path)
    return StoredList(path, name or lexicon.name, lexicon.sha256, len(lexicon))


def store(upload: Any) -> StoredList:
    """Keep an uploaded word list once the engine accepts it. A file larger than
    ``WORD_LIST_BYTES`` raises :class:`~arbitre.app.uploads.UploadTooLarge`; a list the engine
    refuses raises its :class:`~arbitre.lexicon.WordListError` naming the file by the name it
    was sent with (never the server's copy), and nothing is kept."""
    from arbitre.common.messages import Message
    from arbitre.lexicon import WordListError

    content = read_limited(upload, WORD_LIST_BYTES, gettext("Fichier de la liste de mots"))
    digest = hashlib.sha256(content).hexdigest()
    folder = data_dir() / FOLDER
    folder.mkdir(exist_ok=True)
    path = folder / f"{digest}.txt"
    existed = path.exists()
    if not existed:
        partial = path.with_name(path.name + ".part")
        partial.write_bytes(content)
        partial.replace(path)
    try:
        lexicon = lexicon_at(str(path))
    except WordListError as exc:
        if not existed:
            path.unlink(missing_ok=True)
        params = {**exc.message.params, "source": upload.name}
        raise WordListError(Message(exc.message.code, params)) from None
    except ValueError:
        if not existed:
            path.unlink(missing_ok=True)
        raise
    return StoredList(str(path), Path(upload.name).name[:200], lexicon.sha256, len(lexicon))
