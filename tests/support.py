"""Shared test helpers (import with ``from tests.support import require``).

``require(condition, reason)``: skip a test whose external tool is missing on a user's
machine, but fail it in CI (``CI=true``), where ``.ci/run`` installs every tool.
"""

from __future__ import annotations

import os

import pytest

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require(condition: bool, reason: str) -> None:
    if condition:
        return
    if IN_CI:
        pytest.fail(f"missing in CI: {reason}")
    pytest.skip(reason)
