"""``ARBITRE_DATABASE_URL`` parsing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.app.database_url import DatabaseUrlError, parse_database_url


def test_sqlite_absolute_and_relative_paths() -> None:
    absolute = parse_database_url("sqlite:////var/lib/arbitre/db.sqlite3")
    assert absolute["ENGINE"] == "arbitre.app.sqlite_backend"
    assert absolute["NAME"] == "/var/lib/arbitre/db.sqlite3"
    assert parse_database_url("sqlite:///data/db.sqlite3")["NAME"] == "data/db.sqlite3"


def test_sqlite_is_durable_and_concurrent() -> None:
    options = parse_database_url("sqlite:////tmp/x.sqlite3")["OPTIONS"]
    assert "journal_mode=WAL" in options["init_command"]
    assert "synchronous=FULL" in options["init_command"]


def test_postgresql_url() -> None:
    db = parse_database_url("postgresql://arb%40itre:s%3Acret@db.local:5433/tournoi")
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["USER"], db["PASSWORD"], db["HOST"], db["PORT"], db["NAME"]) == (
        "arb@itre",
        "s:cret",
        "db.local",
        "5433",
        "tournoi",
    )
    socket = parse_database_url("postgres:///tournoi?host=/run/postgresql")
    assert socket["HOST"] == "/run/postgresql"


@pytest.mark.parametrize(
    "url", ["mysql://u@h/db", "sqlite://", "postgresql://user@host/", "nonsense"]
)
def test_bad_urls_are_refused_with_a_reason(url: str) -> None:
    with pytest.raises(DatabaseUrlError, match="URL"):
        parse_database_url(url)


@given(st.text(max_size=60))
def test_any_text_parses_or_is_refused_clearly(text: str) -> None:
    try:
        result = parse_database_url(text)
    except DatabaseUrlError:
        return
    assert result["ENGINE"] in ("arbitre.app.sqlite_backend", "django.db.backends.postgresql")


def test_postgresql_url_without_driver_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # psycopg is an extra (SQLite is the default): without it the URL is refused with the
    # command that installs it, in French and in English, instead of Django's ImportError.
    import importlib.util

    real_find_spec = importlib.util.find_spec

    def no_driver(name: str, *args: object, **kwargs: object) -> object:
        if name in ("psycopg", "psycopg2"):
            return None
        return real_find_spec(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", no_driver)
    with pytest.raises(DatabaseUrlError) as refused:
        parse_database_url("postgresql://arbitre@localhost/tournoi")
    message = str(refused.value)
    assert 'pip install "arbitre[postgresql]"' in message
    assert "n'est pas installé" in message
    assert "is not installed" in message
    # SQLite needs no driver and is unaffected
    assert parse_database_url("sqlite:///x.sqlite3")["ENGINE"] == "arbitre.app.sqlite_backend"
