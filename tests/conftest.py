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
