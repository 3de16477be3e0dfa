"""The squashed migrations (issue 36: a new database created in one step per app instead of
41) give a new database exactly the schema of the migrations they replace; a database
migrated before them has nothing to apply, and one left halfway through the old steps
(an installation of an older version) reaches the same schema through them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connections
from django.db.backends.sqlite3.base import DatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

HALFWAY = [
    ("duplicate", "0008_ranking_type_and_overseas"),
    ("events", "0003_incident_register"),
    ("tournaments", "0004_table_log"),
    ("ranking", "0004_federal_weeks_cap"),
    ("simultane", "0002_licences_and_game_starts"),
    ("federation", "0001_uploads_and_outbox"),
]
"""Old migrations an older installation may have stopped at (several apps, each halfway)."""


@pytest.fixture(autouse=True)
def _own_databases(django_db_blocker: Any) -> Any:
    """Databases of these tests' own (files of their folder), not the test database."""
    with django_db_blocker.unblock():
        yield


def _database(path: Path) -> Any:
    """A connection to a new SQLite file, known to Django by its alias (the migrations'
    transactions look their connection up by it) until :func:`_close`."""
    alias = f"migrations-{path.stem}"
    # Django fills in every other setting (it wants a default database among those given)
    given = {"default": {}, alias: {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}}
    wrapper = DatabaseWrapper(connections.configure_settings(given)[alias], alias=alias)
    connections[wrapper.alias] = wrapper
    return wrapper


def _close(*wrappers: Any) -> None:
    for wrapper in wrappers:
        wrapper.close()
        del connections[wrapper.alias]


def _migrate(connection: Any, targets: list[tuple[str, str]] | None, squashed: bool) -> None:
    """Migrate to ``targets`` (all the way when None), with the squashed migrations in use or
    with the old steps only."""
    executor = MigrationExecutor(connection)
    if not squashed:
        # the squashed migrations stay in this graph as migrations of their own: aim past them
        loader = executor.loader = MigrationLoader(connection, replace_migrations=False)
        if targets is None:
            leaves = [loader.get_migration(*node) for node in loader.graph.leaf_nodes()]
            targets = [m.replaces[-1] if m.replaces else (m.app_label, m.name) for m in leaves]
    executor.migrate(targets or executor.loader.graph.leaf_nodes())


def _schema(connection: Any) -> dict[str, Any]:
    """Every table's columns (name, type, null, default, key; in any order) and constraints
    (primary and foreign keys, uniques, checks, indexes: by name, the unnamed ones by
    what they hold)."""
    out: dict[str, Any] = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f'PRAGMA table_info("{table}")')
            columns = sorted(tuple(row[1:]) for row in cursor.fetchall())
            constraints = connection.introspection.get_constraints(cursor, table)
            named = {k: sorted(v.items()) for k, v in constraints.items() if "unnamed" not in k}
            # SQLite numbers the unnamed ones (a column's CHECK, a one-to-one's UNIQUE) in
            # the order of the columns, which the old steps added one by one
            unnamed = sorted(
                repr(sorted(v.items())) for k, v in constraints.items() if k not in named
            )
            out[table] = (columns, named, unnamed)
    return out


def _plan(connection: Any) -> list[Any]:
    executor = MigrationExecutor(connection)
    return executor.migration_plan(executor.loader.graph.leaf_nodes())


@pytest.fixture(scope="module")
def squashed(tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any) -> Any:
    """A new database, migrated as a new installation is (the squashed migrations in use)."""
    with django_db_blocker.unblock():
        new = _database(tmp_path_factory.mktemp("squashed") / "new.sqlite3")
        _migrate(new, None, squashed=True)
        yield new
        _close(new)


def test_the_models_need_no_migration_that_is_not_written() -> None:
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_a_new_database_gets_the_schema_of_the_old_steps(squashed: Any, tmp_path: Path) -> None:
    applied = MigrationExecutor(squashed).loader.applied_migrations
    assert ("duplicate", "0001_squashed_0012_duplicateevent_public_version") in applied
    # a step of the old ones was not run on the new database, yet it counts as applied
    assert ("duplicate", "0006_game_time_schedule") in applied
    schema = _schema(squashed)
    assert {"duplicate_game", "events_incident", "simultane_centreupload"} <= set(schema)
    old = _database(tmp_path / "old.sqlite3")
    try:
        _migrate(old, None, squashed=False)
        assert _schema(old) == schema
        assert _plan(old) == [] and _plan(squashed) == []
    finally:
        _close(old)


def test_an_installation_halfway_through_the_old_steps_reaches_the_same_schema(
    squashed: Any, tmp_path: Path
) -> None:
    old = _database(tmp_path / "older.sqlite3")
    try:
        _migrate(old, HALFWAY, squashed=False)
        assert _plan(old), "the older installation has steps to apply"
        _migrate(old, None, squashed=True)  # as `arbitre serve` migrates it at its start
        assert _plan(old) == []
        assert _schema(old) == _schema(squashed)
    finally:
        _close(old)
