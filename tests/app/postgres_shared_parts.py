"""Run by tests/app/test_postgres_smoke.py in a process of its own, on the PostgreSQL database
the smoke test's server migrated: the parts of a simultané's pages shared by the server's
processes (``arbitre.app.simultane.shared_parts``) on PostgreSQL. Two connections ask for the
same part at once: the second waits for the first one's rendering (the advisory lock) and
reads it, one rendering in all; a part is never stored over a later one; the officer's poll
asking a part being rendered gets the one last rendered, at once; the poll of the page as it
opens that finds nobody rendering it asks the background for it and gets the one last
rendered too, rendering nothing; storing a part deletes the parts a few versions older.
Prints ``ok``."""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections.abc import Callable

import django

django.setup()

from django.db import connection, connections  # noqa: E402

from arbitre.app.simultane import shared_parts  # noqa: E402
from arbitre.app.simultane.models import SharedPart, Simultane  # noqa: E402

DEADLINE = 60.0


def waiting_for_the_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
        return bool(cursor.fetchone()[0])


def main() -> None:
    assert connection.vendor == "postgresql"
    simultane = Simultane.objects.create(
        uid="sim-postgres",
        name="Simultané PostgreSQL",
        type_code="SF",
        starts_at=dt.datetime(2027, 3, 12, 14, tzinfo=dt.UTC),
        seconds_per_move=60,
        games=1,
        code="1",
        sealed="",
    )
    rendered: list[str] = []
    answers: dict[str, str] = {}
    second_started = threading.Event()

    def render_while_the_other_waits() -> str:
        rendered.append("first")
        second_started.set()
        deadline = time.monotonic() + DEADLINE
        while not waiting_for_the_lock():  # the second connection blocked on the lock
            assert time.monotonic() < deadline, "the second connection never waited"
        return "rendered once"

    def render_again() -> str:
        rendered.append("second")
        return "rendered twice"

    def ask(who: str, render: Callable[[], str]) -> None:
        try:
            answers[who] = shared_parts.stored(simultane.pk, 4, ("part",), render)
        finally:
            connections.close_all()

    first = threading.Thread(target=ask, args=("first", render_while_the_other_waits))
    first.start()
    assert second_started.wait(DEADLINE)
    second = threading.Thread(target=ask, args=("second", render_again))
    second.start()
    first.join(DEADLINE)
    second.join(DEADLINE)
    assert rendered == ["first"], rendered
    assert answers == {"first": "rendered once", "second": "rendered once"}, answers
    name = shared_parts._name(simultane.pk, ("part",))
    shared_parts._store(simultane.pk, 3, name, "older")
    assert SharedPart.objects.get().body == "rendered once"
    meanwhile(simultane)
    background(simultane)
    later = 7 + shared_parts.KEPT_BEHIND
    shared_parts._store(simultane.pk, later, shared_parts._name(simultane.pk, ("other",)), "later")
    assert list(SharedPart.objects.values_list("version", "body")) == [(later, "later")]
    print("ok")


def meanwhile(simultane: Simultane) -> None:
    """The officer's poll (``meanwhile``) while another connection renders the part at the
    version asked: it gets the part as last rendered at once, not kept as this version's;
    once the rendering is stored, the same poll gets it."""
    release = threading.Event()
    rendering = threading.Event()

    def render_until_released() -> str:
        rendering.set()
        assert release.wait(DEADLINE)
        return "at 5"

    def ask() -> None:
        try:
            shared_parts.stored(simultane.pk, 5, ("part",), render_until_released)
        finally:
            connections.close_all()

    renderer = threading.Thread(target=ask)
    renderer.start()
    assert rendering.wait(DEADLINE)
    try:
        asked = time.monotonic()
        read: str = shared_parts.kept(simultane.pk, 5, ("part",), refused, meanwhile=True)
        assert read == "rendered once", read  # the part at version 4, without waiting
        assert time.monotonic() - asked < DEADLINE / 2
        assert not waiting_for_the_lock()
    finally:
        release.set()
        renderer.join(DEADLINE)
    assert shared_parts.kept(simultane.pk, 5, ("part",), refused, meanwhile=True) == "at 5"
    assert list(SharedPart.objects.values_list("version", "body")) == [(5, "at 5")]


def background(simultane: Simultane) -> None:
    """The poll of the officer's page as it opens (``meanwhile`` with ``ahead``) at a version
    whose part nobody renders: it asks for the part in the background and gets the one last
    rendered, at once, rendering nothing and taking no lock; without ``ahead`` (another
    address of the page) it renders the part itself; with nothing stored yet, too."""
    asked: list[str] = []
    read = shared_parts.kept(
        simultane.pk, 6, ("part",), refused, meanwhile=True, ahead=lambda: asked.append("6")
    )
    assert (read, asked) == ("at 5", ["6"]), (read, asked)
    assert not waiting_for_the_lock()
    assert list(SharedPart.objects.values_list("version", "body")) == [(5, "at 5")]
    fresh = shared_parts.kept(simultane.pk, 6, ("part",), lambda: "at 6", meanwhile=True)
    assert fresh == "at 6"
    first = shared_parts.kept(
        simultane.pk,
        6,
        ("new",),
        lambda: "new at 6",
        meanwhile=True,
        ahead=lambda: asked.append("new"),
    )
    assert (first, asked) == ("new at 6", ["6"]), (first, asked)
    assert sorted(SharedPart.objects.values_list("version", "body")) == [
        (6, "at 6"),
        (6, "new at 6"),
    ]


def refused() -> str:
    raise AssertionError("rendered by the poll instead of read")


if __name__ == "__main__":  # (run by the smoke test; the doctest collection imports it)
    main()
