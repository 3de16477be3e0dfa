"""Fixtures for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _fresh_live_figures() -> Iterator[None]:
    """Each test starts with no cached public figure: its database is rolled back at the end,
    so the next test may reuse the same ids and versions for other data."""
    yield
    import sys

    live = sys.modules.get("arbitre.app.events.live")
    if live is not None:
        live.clear()
