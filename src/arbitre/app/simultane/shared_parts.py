"""The parts of a simultané's pages rendered once per version for every server process
(issue 38: the federation's server runs ``arbitre serve --processes N``, and the version of
a simultané moves about 2.5 times a second while the centres upload).

A part (the public standings' live part, the officer's tables) is the same for every viewer
at one version of the simultané, for one address and language. :func:`kept` gives it from
this process's memory (:func:`arbitre.app.events.live.cached`), else from the database
(``SharedPart``: the part rendered at this version, or a later one, by another process),
else renders it (the merge and the templates) and stores it there for the other processes.
On PostgreSQL, the processes that need a part no process holds wait for the first one
rendering it (a session advisory lock per simultané and part), instead of each merging the
centres' uploads and rendering the same part at the same moment; on SQLite (one writer)
each process renders its own.

A stored part is never served at an older version than the one read with the simultané's
row: a later one is (it holds at least what the version asked holds). Storing a part deletes
the simultané's parts of earlier versions, and only parts of a bounded number of addresses
are shared (the public standings unfiltered or of one series, the officer's pages): the
table does not grow with the addresses a visitor makes up.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from django.db import connection
from django.utils.translation import get_language

from arbitre.app.events import live
from arbitre.app.simultane.models import SharedPart

T = TypeVar("T")

#: The first key of the advisory locks taken here (the second is the part's).
LOCK_CLASS = 38


def kept(
    simultane_id: int,
    version: int,
    key: Hashable,
    render: Callable[[], str],
    read: Callable[[str], T] = str,  # type: ignore[assignment]
) -> T:
    """The part ``key`` of the simultané at ``version`` (or later), rendered once per
    version by one process for all (see the module's docstring), as ``read`` makes it of
    the stored text (kept so in this process's memory)."""

    def shared() -> T:
        return read(stored(simultane_id, version, key, render))

    return live.cached(("simultane-shared-part", key), str(version), shared)


def stored(simultane_id: int, version: int, key: Hashable, render: Callable[[], str]) -> str:
    """The part ``key`` at ``version`` (or later) from the database, else ``render()``
    stored there: for a caller that keeps it in memory itself (:func:`kept` does)."""
    name = _name(simultane_id, key)
    found = _read(simultane_id, version, name)
    if found is not None:
        return found
    with _first_only(simultane_id, name):
        found = _read(simultane_id, version, name)  # rendered by the process waited for
        if found is not None:
            return found
        body = render()
        _store(simultane_id, version, name, body)
    return body


def _name(simultane_id: int, key: Hashable) -> str:
    text = repr((simultane_id, key, get_language()))
    return hashlib.blake2b(text.encode(), digest_size=32).hexdigest()


def _read(simultane_id: int, version: int, name: str) -> str | None:
    found = SharedPart.objects.filter(simultane_id=simultane_id, name=name, version__gte=version)
    return found.values_list("body", flat=True).first()


def _store(simultane_id: int, version: int, name: str, body: str) -> None:
    """The part stored at ``version``, unless it is already at this version or a later one
    (one statement: another process may store the same part at the same moment)."""
    table = connection.ops.quote_name(SharedPart._meta.db_table)
    upsert = (
        f"INSERT INTO {table} (simultane_id, name, version, body) VALUES (%s, %s, %s, %s) "
        "ON CONFLICT (simultane_id, name) DO UPDATE SET version = excluded.version, "
        f"body = excluded.body WHERE {table}.version < excluded.version"
    )
    with connection.cursor() as cursor:
        cursor.execute(upsert, [simultane_id, name, version, body])
    # the parts of earlier versions are never read again (a request asks for its version or
    # a later one): the table holds the parts asked at the last version, not every address
    # ever asked
    SharedPart.objects.filter(simultane_id=simultane_id, version__lt=version).delete()


@contextmanager
def _first_only(simultane_id: int, name: str) -> Iterator[None]:
    """Held by one process at a time per simultané and part (PostgreSQL): the others wait
    for its part instead of rendering it too."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        yield
        return
    lock = (LOCK_CLASS * 1_000_003 + simultane_id) % 2**31, zlib.crc32(name.encode()) - 2**31
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)", lock)
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", lock)
