"""Test helpers for the Duplicate engine's messages: refusals and explanations are codes with
parameters; tests compare their wording (English, or French as the pages show it), so that a
wrong parameter fails as a wrong sentence would."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from arbitre.common.messages import Message, Refusal
from arbitre.i18n import word


def english(message: Message | None) -> str:
    assert message is not None
    return word(message, "en")


def french(message: Message | None) -> str:
    assert message is not None
    return word(message, "fr")


@contextmanager
def refused(kind: type[Refusal], match: str, lang: str = "en") -> Iterator[Any]:
    """``pytest.raises(kind)`` whose worded message (English by default) matches ``match``
    (:func:`re.search`)."""
    with pytest.raises(kind) as info:
        yield info
    text = word(info.value.message, lang)
    assert re.search(match, text), f"{text!r} does not match {match!r}"
