"""Helpers shared by the Classic tournament tests."""

from __future__ import annotations

from typing import Any

from arbitre.common.messages import Message
from arbitre.i18n import word


def en(value: Message | tuple[Message, ...]) -> Any:
    """The English wording of an explanation (a message, or a tuple of them)."""
    if isinstance(value, tuple):
        return tuple(word(m, "en") for m in value)
    return word(value, "en")
