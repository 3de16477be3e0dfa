"""Playwright driving Debian's Chromium (``/usr/bin/chromium``) headless: no browser download."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.support import require

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str | None:
    for candidate in CHROMIUM_CANDIDATES:
        if os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium")


@contextmanager
def headless_chromium(extra_args: tuple[str, ...] = ()) -> Iterator[Any]:
    """Yield a Playwright ``Browser`` (started with ``extra_args`` too); skip (fail in CI)
    when Chromium is missing."""
    path = chromium_path()
    require(path is not None, "Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=path, headless=True, args=CHROMIUM_ARGS + list(extra_args)
        )
        try:
            yield browser
        finally:
            browser.close()
