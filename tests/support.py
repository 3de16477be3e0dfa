"""Shared test helpers (import with ``from tests.support import require``).

``require(condition, reason)``: skip a test whose external tool is missing on a user's
machine, but fail it in CI (``CI=true``), where ``.ci/run`` installs every tool.
``refuses(kind, code, **params)``: the block is refused with exactly that message.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from arbitre.common.messages import Message, Param, Refusal

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

#: Whether the property tests, the fuzzing and the comparisons with a reference run at full
#: depth: in CI (``.ci/run`` sets ``CI=true``), or when ``ARBITRE_TESTS_DEPTH=full`` asks for
#: it. A developer's ``./test.sh`` runs them at a quarter of it (:func:`depth`), so that the
#: whole suite answers within minutes (issue 36, item 9); CI keeps the full depth.
FULL_DEPTH = IN_CI or os.environ.get("ARBITRE_TESTS_DEPTH", "").lower() == "full"

#: The share of the full depth a developer's run takes.
QUICK_SHARE = 4


def depth(full: int) -> int:
    """``full`` (examples, games, positions) at full depth, else a quarter of it, rounded
    up (never none)."""
    if FULL_DEPTH:
        return full
    return -(-full // QUICK_SHARE)


def require(condition: bool, reason: str) -> None:
    if condition:
        return
    if IN_CI:
        pytest.fail(f"missing in CI: {reason}")
    pytest.skip(reason)


@contextmanager
def refuses(kind: type[Refusal], code: str, /, **params: Param) -> Iterator[None]:
    """The block raises ``kind`` carrying the message ``code`` with exactly ``params`` (a
    nested message given as a :class:`~arbitre.common.Message`)."""
    with pytest.raises(kind) as caught:
        yield
    message = caught.value.message
    assert (message.code, message.params) == (code, params)


def refusal_of(kind: type[Refusal], call: Callable[..., object], *args: object) -> Message:
    """The message of the refusal ``call(*args)`` raises."""
    with pytest.raises(kind) as caught:
        call(*args)
    return caught.value.message
