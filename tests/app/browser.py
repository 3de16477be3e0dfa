"""Playwright driving Debian's Chromium headless: no browser download.

Debian's old headless shell (``chromium-headless-shell``: the same Blink, without the browser's
user interface, as Playwright's own headless Chromium) when installed, else the full browser
(``chromium``) in its new headless mode. The shell cost a third less processor for the same
tests (``tests/app_duplicate/test_hall_browser.py``: 16 s of Chromium's processor against 25 s,
2026-11-30), and Chromium was a third of the suite's processor time."""

from __future__ import annotations

import asyncio
import atexit
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.support import require

CHROMIUM_CANDIDATES = (
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
)
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
    the policy does not concern.

    A ``TypeError`` in the predicate counts as "not yet": right after a click that leaves
    the page, the next page's elements are still missing (``getElementById`` gives
    ``null``), and Playwright would end the wait on the error instead of waiting for the
    page it reads (two fresh-clone runs failed so). Any other error still ends the wait."""
    function = expression if _FUNCTION.match(expression) else f"() => ({expression})"
    return (
        f"(...args) => {{ try {{ return ({function})(...args); }} "
        "catch (error) { if (error instanceof TypeError) return false; throw error; } }"
    )


def navigate(page: Any, target: Any) -> None:
    """Click ``target`` (a selector or a locator) that leaves the page, and wait until the
    page it leads to has loaded: Playwright's click no longer waits for a navigation, so
    that the page read right after it may still be the one clicked, or an empty one."""
    locator = page.locator(target) if isinstance(target, str) else target
    with page.expect_navigation(wait_until="load"):
        locator.click()


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


_SHARED: dict[str, Any] = {}
"""This process's Playwright and Chromium, started by the first test that asks for the default
browser and kept for the next browser tests (a start cost about a second of processor and two
of waiting: the test files run the browser tests one after the other, see tests/conftest.py)."""


def _shared_browser(path: str) -> Any:
    browser = _SHARED.get("browser")
    if browser is not None and browser.is_connected():
        return browser
    browser = _playwright().chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
    _SHARED["browser"] = browser
    return browser


def _playwright() -> Any:
    if "playwright" not in _SHARED:
        from playwright.sync_api import sync_playwright

        _SHARED["playwright"] = sync_playwright().start()
        atexit.register(stop_shared)
    return _SHARED["playwright"]


def _pause() -> None:
    """Between two browser tests: Playwright's sync API marks its event loop as running in
    this thread between its calls, so that Django would refuse the next test's database
    (``SynchronousOnlyOperation``) and ``asyncio.run`` would refuse to start; unmark it until
    the next call (:func:`_resume`)."""
    loop = asyncio._get_running_loop()
    if loop is not None and "playwright" in _SHARED:
        _SHARED["loop"] = loop
        asyncio._set_running_loop(None)


def _resume() -> None:
    loop = _SHARED.pop("loop", None)
    if loop is not None:
        asyncio._set_running_loop(loop)


def stop_shared() -> None:
    """Stop this process's shared Playwright and Chromium, if started: Playwright's sync API
    keeps an event loop running in the thread, which ``asyncio.run`` then refuses, so the
    tests call this before any test that is not a browser test (tests/conftest.py)."""
    _resume()
    browser, playwright = _SHARED.pop("browser", None), _SHARED.pop("playwright", None)
    try:
        if browser is not None and browser.is_connected():
            browser.close()
    finally:
        if playwright is not None:
            playwright.stop()


@contextmanager
def headless_chromium(extra_args: tuple[str, ...] = ()) -> Iterator[Any]:
    """Yield a Playwright ``Browser`` (started with ``extra_args`` too); skip (fail in CI)
    when Chromium is missing.

    Without ``extra_args`` the browser is this process's shared one: each test gets it with no
    context open and every context it opened (its pages, cookies, storage) is closed when the
    block ends, so tests see nothing of each other. With ``extra_args`` (a certificate to
    trust) a browser of its own is started and closed, by the same Playwright."""
    path = chromium_path()
    require(path is not None, "Chromium is not installed (apt-get install chromium-headless-shell)")
    _predicates_as_functions()
    if not extra_args:
        _resume()
        browser = _shared_browser(path)
        for context in list(browser.contexts):
            context.close()
        try:
            yield browser
        finally:
            if browser.is_connected():
                for context in list(browser.contexts):
                    context.close()
            _pause()
        return

    _resume()
    browser = _playwright().chromium.launch(
        executable_path=path, headless=True, args=CHROMIUM_ARGS + list(extra_args)
    )
    try:
        yield browser
    finally:
        browser.close()
        _pause()
