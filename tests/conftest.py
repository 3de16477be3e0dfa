"""Fixtures for every test."""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support import depth

# No time limit per example: a property test checks behaviour, never speed (speed is
# measured under bench/), and a loaded machine (the browser tests' servers running beside
# it) must not fail it. Hypothesis's 100 examples by default at full depth (CI), a quarter
# of them in a developer's run (tests.support.depth); the tests that choose their number
# of examples scale it with depth() too.
settings.register_profile("arbitre", deadline=None, max_examples=depth(100))
settings.load_profile("arbitre")


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashing() -> Iterator[None]:
    """Passwords hashed in the tests' own process with Django's PBKDF2 at 1,000 rounds
    (:class:`tests.hashing.QuickPasswordHasher`) instead of the 1,000,000 of the settings:
    a fifth of a second of one processor per account created or password checked was
    most of many tests' time. The servers the tests start hash as quickly
    (:mod:`tests.server_settings`)."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["tests.hashing.QuickPasswordHasher"]):
        yield


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
    """Each test its own Django cache (a file cache, as served) and data folder: the
    per-client counts of unknown table codes (django-ratelimit) and the outbox's sending lock
    (a file of the data folder) would otherwise live in the user's data directory, shared by
    the test workers and by any other run on the machine: one test's guesses would lock
    another's client out, and one worker's sending held another's (a fresh-clone run failed
    so, ``test_one_sender_at_a_time``)."""
    from django.conf import settings as django_settings
    from django.test import override_settings

    location = tmp_path_factory.mktemp("cache")
    cache = {**django_settings.CACHES["default"], "LOCATION": str(location)}
    data = tmp_path_factory.mktemp("data")
    with override_settings(CACHES={"default": cache}, DATA_DIR=data):
        yield


#: The test files whose tests cost far more than their marks tell (seconds of one processor,
#: measured on the 2-core test machine, issue 36 item 9): whole days lived in the browser,
#: servers started and stopped, commands run in processes of their own, the fast search
#: checked against the reference, oracles. A file left out is sent among the last: one of
#: a few minutes there keeps one worker busy alone at the end of the run. Figures of the
#: files added for issue 36 item 9: their run under load, scaled to an idle machine; the
#: heaviest from the fresh-clone run of 2026-11-29 with three workers.
HEAVY_FILES = {
    "tests/test_parsers_fuzz.py": 130,
    "tests/app_rounds/test_classic_table_browser.py": 130,
    "tests/scenarios/test_rounds_scenarios_browser.py": 125,
    "tests/simultane/test_simultane_two_servers.py": 110,
    "tests/app_rounds/test_rounds_durability.py": 110,
    "tests/app/test_festival.py": 100,
    "tests/app/test_backups_safety.py": 95,
    "tests/scenarios/test_duplicate_scenario_browser.py": 80,
    "tests/app_duplicate/test_duplicate_durability.py": 80,
    "tests/app/test_login.py": 70,
    "tests/app_ranking/test_federation_two_servers.py": 70,
    "tests/app_duplicate/test_hall_browser.py": 70,
    "tests/scrabble_fast/test_fast_equals_reference.py": 60,
    "tests/app/test_serve_stop.py": 60,
    "tests/app/test_serve_processes.py": 60,
    "tests/app/test_start.py": 60,
    "tests/app/test_accessibility_browser.py": 45,
    "tests/app/test_demo.py": 45,
    "tests/scrabble_fast/test_fast_equals_reference_default.py": 40,
    "tests/app/test_serve_https.py": 40,
    "tests/app/test_portable_server.py": 40,
    "tests/simultane/test_bench_simultane.py": 40,
    "tests/app/test_input_limits.py": 35,
    "tests/app/test_serve_smoke.py": 30,
    "tests/scrabble/test_scrabble_generate.py": 20,
    "tests/ranking/test_ranking_fast_reference.py": 20,
    "tests/app/test_backups.py": 15,
    "tests/app/test_security_policy.py": 12,
    "tests/app/test_squashed_migrations.py": 12,
    "tests/scrabble_fast/test_fast_text.py": 10,
    "tests/backgammon/test_bg_oracle_gnubg.py": 10,
    "tests/tools/test_regulations_map.py": 10,
    "tests/app_ranking/test_federation_uploads.py": 8,
}
#: The cost of one test of a file not listed above, by its marks (a PostgreSQL test starts its
#: own throwaway server, and most a server of the application beside it).
BROWSER_TEST, POSTGRES_TEST, SLOW_TEST, OTHER_TEST = 25.0, 30.0, 10.0, 0.2


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C back to its default in the tests' processes when they were started with it
    ignored (a command put in the background by a non-interactive shell: ``cmd &``), so that
    the servers they start take a terminal's Ctrl-C as a user's would (a process started
    with SIGINT ignored keeps it ignored; the stop tests then waited for nothing)."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The test files ordered from the costliest down (the tests of a file keep their order).

    ``./test.sh`` hands whole files to its workers (``--dist loadfile``) in this order
    (``--no-loadscope-reorder``, else pytest-xdist orders files by their number of tests and
    sends the few long whole-day files last): a worker takes the next file when it is done,
    so the long files run first, side by side, and the many short ones even out the end."""
    root = Path(str(config.rootpath))
    cost: dict[str, float] = {}
    for item in items:
        path = Path(str(item.path))
        name = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        if item.get_closest_marker("browser"):
            each = BROWSER_TEST
        elif item.get_closest_marker("postgres"):
            each = POSTGRES_TEST
        elif item.get_closest_marker("slow"):
            each = SLOW_TEST
        else:
            each = OTHER_TEST
        cost[name] = cost.get(name, 0.0) + each
    for name, seconds in HEAVY_FILES.items():
        if name in cost:
            cost[name] = max(cost[name], seconds)

    def file_cost(item: pytest.Item) -> float:
        path = Path(str(item.path))
        name = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        return -cost[name]

    items.sort(key=file_cost)  # stable: a file's tests stay together and in order


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before a test that is no browser test, stop the browser the browser tests before it
    shared (tests/app/browser.py): its Playwright keeps an event loop running, which a test
    calling ``asyncio.run`` would meet."""
    if item.get_closest_marker("browser") is None:
        browser = sys.modules.get("tests.app.browser")
        if browser is not None:
            browser.stop_shared()
