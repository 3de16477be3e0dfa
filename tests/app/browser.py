"""Playwright driving Debian's Chromium (``/usr/bin/chromium``) headless: no browser download."""

from __future__ import annotations

import os
import re
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


_FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")


def as_function(expression: str) -> str:
    """A ``wait_for_function`` predicate as a function: Playwright runs a bare expression
    with the page's ``eval``, which the site's Content-Security-Policy refuses (no
    ``'unsafe-eval'``), and a function through the browser's debugging protocol, which
    the policy does not concern."""
    return expression if _FUNCTION.match(expression) else f"() => ({expression})"


def _predicates_as_functions() -> None:
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        wait = cls.wait_for_function
        if getattr(wait, "as_function", False):
            continue

        def patched(self: Any, expression: str, *args: Any, _wait: Any = wait, **kw: Any) -> Any:
            return _wait(self, as_function(expression), *args, **kw)

        patched.as_function = True  # type: ignore[attr-defined]
        cls.wait_for_function = patched  # type: ignore[method-assign]


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

    _predicates_as_functions()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=path, headless=True, args=CHROMIUM_ARGS + list(extra_args)
        )
        try:
            yield browser
        finally:
            browser.close()
