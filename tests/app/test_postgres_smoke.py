"""The same smoke test as SQLite, against a throwaway PostgreSQL server; then, on its database,
the parts of a simultané's pages shared by the server's processes (advisory lock, upsert)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from tests.app.postgres import throwaway_postgres
from tests.app.server import arbitre_server, server_env


@pytest.mark.postgres
def test_migrations_and_home_page_on_postgresql(tmp_path: Path) -> None:
    with throwaway_postgres() as url, arbitre_server(tmp_path / "data", url) as server:
        status, html = server.get("/")
        assert status == 200
        assert "<h1>Événements</h1>" in html
        # no SQLite file: everything went to PostgreSQL
        assert not (tmp_path / "data" / "arbitre.sqlite3").exists()
        with psycopg.connect(url) as conn:
            tables = {row[0] for row in conn.execute("select tablename from pg_tables")}
        assert {"events_event", "auth_user", "django_migrations"} <= tables
        # the parts of a simultané's pages shared by the server's processes, on PostgreSQL
        shared = subprocess.run(
            [sys.executable, str(Path(__file__).with_name("postgres_shared_parts.py"))],
            env=server_env(
                dict(os.environ, ARBITRE_DATA_DIR=str(tmp_path / "data"), ARBITRE_DATABASE_URL=url)
            ),
            capture_output=True,
            text=True,
            timeout=240,
        )
        assert shared.stdout.strip() == "ok", shared.stderr[-3000:]
