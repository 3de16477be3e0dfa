"""Data built once for the tests of a module that only read it, or whose writes are undone.

A test file whose every test began by building the same large data (the demo's three events,
:func:`arbitre.app.demo.populate`) builds it once, in a transaction opened for the module and
rolled back at its end. Each test runs inside it in a savepoint of its own (pytest-django's
``django_db``, as Django's ``TestCase`` nests its atomic blocks), rolled back after the test:
what one test writes is gone for the next, which finds the data as built.

The objects a test receives are read again from the database for each test
(:func:`fresh`), and the per-process caches keyed by database ids are emptied before each
test (:func:`forget_process_caches`): a test never sees the memory of another one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import pytest

T = TypeVar("T")


@contextmanager
def built_once(
    django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory, build: Callable[[], T]
) -> Iterator[T]:
    """``build()``'s result; what it wrote lasts until the end of the block, then is rolled
    back.

    A module-scoped fixture yields from this block; it must not be used by a test of the
    module that needs transactions of its own (``django_db(transaction=True)``). The build
    uses a cache of its own, as each test does (``tests/conftest.py``)."""
    from django.conf import settings as django_settings
    from django.db import transaction
    from django.test import override_settings

    cache = {**django_settings.CACHES["default"], "LOCATION": str(tmp_path_factory.mktemp("c"))}
    block = transaction.atomic()
    with django_db_blocker.unblock():
        block.__enter__()
    try:
        with django_db_blocker.unblock(), override_settings(CACHES={"default": cache}):
            built = build()
        forget_process_caches()
        yield built
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            block.__exit__(None, None, None)
        forget_process_caches()


def for_a_test(built: T) -> T:
    """``built`` as a test of the module receives it: its model instances read again, the
    per-process caches emptied."""
    forget_process_caches()
    return fresh(built)


def forget_process_caches() -> None:
    """Empty the app's caches of objects read from the database (keyed by id and version):
    after a rolled-back test, the same id and version may name other data."""
    from arbitre.app.duplicate import services, standings
    from arbitre.app.events import live

    with services._lock:
        services._engines.clear()
        services._turns.clear()
    with standings._guard:
        standings._kept.clear()
    live.clear()


def fresh(value: Any) -> Any:
    """``value`` with each model instance in it read again from the database (dicts, lists
    and tuples gone through), other values as they are."""
    from django.db.models import Model

    if isinstance(value, Model):
        return type(value)._default_manager.get(pk=value.pk)
    if isinstance(value, dict):
        return {k: fresh(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(fresh(v) for v in value)
    return value


def demo_events(name: str, seed: int, password: str = "Démonstration-2026") -> Any:
    """A module-scoped fixture ``name``: the demo's three events (:data:`~arbitre.app.demo.SMALL`,
    drawn from ``seed``, their director's password ``password``), built once for the module;
    its value is their :class:`~arbitre.app.demo.DemoReport` (ids only)."""

    @pytest.fixture(scope="module", name=name)
    def fixture(
        django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
    ) -> Iterator[Any]:
        from arbitre.app import demo

        def build() -> Any:
            return demo.populate(demo.demo_director(password), demo.SMALL, seed)

        with built_once(django_db_blocker, tmp_path_factory, build) as report:
            yield report

    return fixture
