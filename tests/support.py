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
