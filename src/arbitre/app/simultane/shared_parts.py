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
row (a later one is: it holds at least what the version asked holds), except to the
officer's polls while the part of that version is being rendered or, for the page as it
opens, asked of the background thread (``meanwhile``: the part as last rendered, as the
proxy serves the public pages). Storing a part deletes the
simultané's parts a few versions older, and only parts of a bounded number of addresses
are shared (the public standings unfiltered or of one series, the officer's pages): the
table does not grow with the addresses a visitor makes up.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable, Hashable
from typing import TypeVar

from django.db import connection
from django.utils.translation import get_language

from arbitre.app.events import live
from arbitre.app.simultane.models import SharedPart

T = TypeVar("T")

#: The first key of the advisory locks taken here (the second is the part's).
LOCK_CLASS = 38
#: How many versions behind the one stored last a part is kept: the officer's page as last
#: rendered is served while its next version is rendered, even when another part of that
#: version was stored first (at full size the version moves about 2.5 times a second).
KEPT_BEHIND = 4


def kept(
    simultane_id: int,
    version: int,
    key: Hashable,
    render: Callable[[], str],
    read: Callable[[str], T] = str,  # type: ignore[assignment]
    meanwhile: bool = False,
    ahead: Callable[[], None] | None = None,
) -> T:
    """The part ``key`` of the simultané at ``version`` (or later), rendered once per
    version by one process for all (see the module's docstring), as ``read`` makes it of
    the stored text (kept so in this process's memory).

    With ``meanwhile`` (the officer's polls), a request that finds the part at this version
    being rendered, by a thread of this process or by another process, is not made to wait
    for it: it gets the part as last stored by any process, the new one being at most one
    rendering away (as the proxy answers the public pages, ``proxy_cache_use_stale
    updating``). That earlier part is not kept as the part of this version.

    With ``ahead`` too (the officer's first page, which this process's background thread
    renders, :mod:`.prerender`), such a request that finds nobody rendering the part at
    this version does not render it either: it calls ``ahead()`` to have it rendered in the
    background and gets the part as last stored, as nginx's ``proxy_cache_background_update``
    does; the next poll reads the new one. Its view is never the one that merges."""

    def shared() -> T:
        return read(stored(simultane_id, version, key, render, meanwhile, ahead))

    memory = ("simultane-shared-part", key)
    if meanwhile and live.computing(memory):
        earlier = _read(simultane_id, _name(simultane_id, key))
        if earlier is not None:
            return read(earlier)
    try:
        return live.cached(memory, str(version), shared)
    except Meanwhile as earlier:
        return read(earlier.body)


class Meanwhile(Exception):  # noqa: N818  (not an error: an answer)
    """The part as last rendered, while another process renders it at the version asked."""

    def __init__(self, body: str) -> None:
        super().__init__()
        self.body = body


def stored(
    simultane_id: int,
    version: int,
    key: Hashable,
    render: Callable[[], str],
    meanwhile: bool = False,
    ahead: Callable[[], None] | None = None,
) -> str:
    """The part ``key`` at ``version`` (or later) from the database, else ``render()``
    stored there: for a caller that keeps it in memory itself (:func:`kept` does). With
    ``meanwhile``, :class:`Meanwhile` is raised with the part as last stored when another
    process renders it now (PostgreSQL), instead of waiting for it; with ``ahead`` as well,
    also when nobody does, once ``ahead()`` has asked for it to be rendered."""
    name = _name(simultane_id, key)
    found = _read(simultane_id, name, version)
    if found is not None:
        return found
    lock = _lock_of(simultane_id, name)
    if lock is None:  # SQLite, or in a transaction: each renders its own
        body = render()
        _store(simultane_id, version, name, body)
        return body
    # the officer's poll renders only when no other does and it has nothing earlier to show
    # (with ``ahead``, whatever the lock: the background renders it)
    locked = meanwhile and ahead is None and _try_lock(lock)
    if meanwhile and not locked:
        earlier = _read(simultane_id, name)
        if earlier is not None:
            if ahead is not None:
                ahead()
            raise Meanwhile(earlier)
    if not locked:  # (waits for the process rendering it, if any)
        _lock(lock)
    try:
        found = _read(simultane_id, name, version)  # rendered by the process waited for
        if found is not None:
            return found
        body = render()
        _store(simultane_id, version, name, body)
    finally:
        _unlock(lock)
    return body


def _name(simultane_id: int, key: Hashable) -> str:
    text = repr((simultane_id, key, get_language()))
    return hashlib.blake2b(text.encode(), digest_size=32).hexdigest()


def _read(simultane_id: int, name: str, version: int = 0) -> str | None:
    """The part stored at ``version`` or later (by default: as last stored, whatever its
    version; there is one row per part)."""
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
    # the parts of earlier versions are read again only while their next one is rendered
    # (:func:`stored`'s ``meanwhile``): the table holds the parts asked in the last few
    # versions, not every address ever asked
    behind = version - KEPT_BEHIND
    SharedPart.objects.filter(simultane_id=simultane_id, version__lt=behind).delete()


def _lock_of(simultane_id: int, name: str) -> tuple[int, int] | None:
    """The advisory lock held by the one process rendering the part (PostgreSQL, outside a
    transaction), for the others to wait for its part instead of rendering it too."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    return (LOCK_CLASS * 1_000_003 + simultane_id) % 2**31, zlib.crc32(name.encode()) - 2**31


def _lock(lock: tuple[int, int]) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)", lock)


def _try_lock(lock: tuple[int, int]) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", lock)
        row = cursor.fetchone()
    return bool(row and row[0])


def _unlock(lock: tuple[int, int]) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_unlock(%s, %s)", lock)
