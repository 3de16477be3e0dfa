"""``{{ value|worded }}``: an engine's message worded in the page's language.

The database keeps what engines say as messages (``{"code": ..., "params": ...}``, in a JSON
field or as JSON text); text written by the application itself, or stored before messages
existed, is shown as it is.
"""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.utils.translation import get_language

from arbitre.common.messages import Message
from arbitre.i18n import DEFAULT_LANGUAGE, TEMPLATES, word

register = template.Library()


def as_message(value: Any) -> Message | None:
    """The message stored in ``value`` (a dict, or JSON text of one), else ``None``."""
    if isinstance(value, str) and value.startswith('{"code"'):
        try:
            value = json.loads(value)
        except ValueError:
            return None
    if isinstance(value, dict) and "code" in value:
        return Message.from_dict(value)
    return None


def stored(message: Message) -> str:
    """The JSON text of ``message`` for a text column (read back by :func:`as_message`)."""
    return json.dumps(message.as_dict(), ensure_ascii=False)


@register.filter
def worded(value: Any) -> str:
    message = as_message(value)
    if message is None:
        return "" if value is None else str(value)
    return word(message, get_language() or DEFAULT_LANGUAGE)


def rule_label(rule: str) -> str:
    """The worded name of a pairing rule (``pairing.rule.*``), or ``""`` for another value."""
    code = f"pairing.rule.{rule}"
    if code not in TEMPLATES:
        return ""
    return word(Message.of(code), get_language() or DEFAULT_LANGUAGE)
