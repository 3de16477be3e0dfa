"""Turn a database URL (``ARBITRE_DATABASE_URL``) into a Django ``DATABASES`` entry.

Accepted forms:
- ``sqlite:///relative/path.sqlite3`` or ``sqlite:////absolute/path.sqlite3``;
- ``postgresql://user:password@host:port/dbname`` (also ``postgres://``); a host may be a
  socket directory given as ``?host=/run/postgresql``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit


class DatabaseUrlError(ValueError):
    """The database URL cannot be understood, or its database cannot be reached from here."""


#: Shown when a PostgreSQL URL is given but no driver is installed (the driver is an extra,
#: SQLite being the default): said in French for the director and in English for the admin.
MISSING_POSTGRESQL_DRIVER = (
    "ARBITRE_DATABASE_URL désigne une base PostgreSQL, mais le pilote psycopg n'est pas "
    'installé : installez-le avec  pip install "arbitre[postgresql]"  '
    '(ou  pip install "psycopg[binary]"). '
    "ARBITRE_DATABASE_URL names a PostgreSQL database but the psycopg driver is not "
    'installed: install it with  pip install "arbitre[postgresql]"  '
    '(or  pip install "psycopg[binary]").'
)


def postgresql_driver_installed() -> bool:
    """True when a driver Django's PostgreSQL backend accepts (psycopg 3 or psycopg2) is importable."""
    return any(importlib.util.find_spec(name) is not None for name in ("psycopg", "psycopg2"))


def sqlite_settings(path: Path | str) -> dict[str, Any]:
    return {
        # Django's, its transactions taken one at a time per file (issue 37)
        "ENGINE": "arbitre.app.sqlite_backend",
        "NAME": str(path),
        "OPTIONS": {
            # WAL + full sync: a killed server loses no committed entry, readers never block writers.
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        },
        # one connection per server thread, kept between requests: opening one (and its
        # pragmas) costs more than answering a poll of a live page
        "CONN_MAX_AGE": 600,
        "CONN_HEALTH_CHECKS": True,
        # the tests' database in memory, as Django makes it for its own SQLite backend
        # (pytest-django recognises that backend by its name only)
        "TEST": {"NAME": ":memory:"},
    }


def parse_database_url(url: str) -> dict[str, Any]:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "sqlite":
        path = unquote(parts.path)
        if path.startswith("/") and not path.startswith("//") and parts.netloc == "":
            # sqlite:///relative -> path "/relative": SQLAlchemy-style, three slashes = relative
            path = path[1:]
        elif path.startswith("//"):
            path = path[1:]
        if not path:
            raise DatabaseUrlError(f"SQLite URL without a file path: {url!r}")
        return sqlite_settings(Path(path))
    if scheme in ("postgresql", "postgres", "pgsql"):
        name = unquote(parts.path.lstrip("/"))
        if not name:
            raise DatabaseUrlError(f"PostgreSQL URL without a database name: {url!r}")
        if not postgresql_driver_installed():
            raise DatabaseUrlError(MISSING_POSTGRESQL_DRIVER)
        query = parse_qs(parts.query)
        host = parts.hostname or query.get("host", [""])[0]
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": host,
            "PORT": str(parts.port or ""),
            "CONN_MAX_AGE": 60,
        }
    raise DatabaseUrlError(
        f"Unsupported database URL {url!r}: use sqlite:///path or postgresql://user@host/db"
    )
