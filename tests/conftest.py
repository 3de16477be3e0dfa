"""Fixtures for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

# No time limit per example: a property test checks behaviour, never speed (speed is
# measured under bench/), and a loaded machine (the browser tests' servers running beside
# it) must not fail it.
settings.register_profile("arbitre", deadline=None)
settings.load_profile("arbitre")


@pytest.fixture(autouse=True)
def _fresh_live_figures(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The live public pages (:mod:`arbitre.app.events.live`) in tests: each version read at
    once (a test checks a change right after making it; ``test_live`` tests the quarter-second
    memo itself), and no figure cached from another test, whose database was rolled back and
    whose ids and versions the next test may reuse for other data."""
    from arbitre.app.events import live

    monkeypatch.setattr(live, "VERSION_TTL", 0.0)
    yield
    live.clear()


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Each test its own Django cache (a file cache, as served): the per-client counts of
    unknown table codes (django-ratelimit) would otherwise live in the user's data directory,
    shared by both test workers and by any other run on the machine, and one test's guesses
    would lock another's client out."""
    from django.conf import settings as django_settings
    from django.test import override_settings

    location = tmp_path_factory.mktemp("cache")
    cache = {**django_settings.CACHES["default"], "LOCATION": str(location)}
    with override_settings(CACHES={"default": cache}):
        yield
