"""Fixtures of the lexicon tests: a session-wide temporary cache with the default list."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitre.lexicon import Lexicon


@pytest.fixture(scope="session")
def session_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A temporary ARBITRE_CACHE_DIR shared by the session (the default list compiles once).

    Under pytest-xdist the workers share the run's base directory, and the cache's
    compile lock lets one worker compile while the others wait for its result.
    """
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    path = base / "arbitre-lexicon-cache"
    path.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITRE_CACHE_DIR", str(path))
        yield path


@pytest.fixture(scope="session")
def default_lexicon(session_cache: Path) -> Lexicon:
    lexicon = Lexicon.load()
    lexicon.compile()
    return lexicon


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty cache directory for one test."""
    path = tmp_path / "cache"
    monkeypatch.setenv("ARBITRE_CACHE_DIR", str(path))
    return path
