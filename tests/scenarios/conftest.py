"""The scenarios' timing reports, printed at the end of the session that ran them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.pagecheck import PATIENCE_MS, WRITTEN


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for timings in WRITTEN:
        terminalreporter.write_sep("-", f"timings of {timings.name} ({timings.path()})")
        terminalreporter.write_line(timings.text())


@pytest.fixture(autouse=True)
def patient_assertions() -> Iterator[None]:
    """Playwright's assertions wait as long as the scenarios' pages (then back to 5 s)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=PATIENCE_MS)
    yield
    expect.set_options(timeout=5_000)
