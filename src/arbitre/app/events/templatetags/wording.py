"""``{{ value|worded }}``: an engine's message worded in the page's language.

The database keeps what engines say as messages (``{"code": ..., "params": ...}``, in a JSON
field or as JSON text); what the application itself says is kept the same way as its French
text (the msgid of the interface's catalogue) and its parameters (``{"text": ..., "params":
...}``, :func:`app_message`). Text stored before messages existed is shown as it is.

``{{ role|role_label }}`` and ``{{ value|staff_value }}`` word the role codes of the accounts
and of an event's staff (``directeur``, ``arbitre``, ``classement``) and the staff audit log's values.
"""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.utils.translation import get_language, gettext, gettext_noop, pgettext

from arbitre.common.messages import Message
from arbitre.i18n import DEFAULT_LANGUAGE, TEMPLATES, word

register = template.Library()


def app_message(text: str, **params: Any) -> dict[str, Any]:
    """A sentence of the application to store (a JSON field, or :func:`stored_text` for a
    text column): ``text`` is its French wording, a msgid of the interface's catalogue with
    named placeholders (``%(name)s``), worded in the page's language when shown."""
    return {"text": text, "params": params}


def stored_text(message: dict[str, Any]) -> str:
    """The JSON text of an :func:`app_message` for a text column."""
    return json.dumps(message, ensure_ascii=False)


def _app_message(value: Any) -> dict[str, Any] | None:
    if isinstance(value, str) and value.startswith('{"text"'):
        try:
            value = json.loads(value)
        except ValueError:
            return None
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        return value
    return None


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
    own = _app_message(value)
    if own is not None:
        text = gettext(own["text"])
        return text % own["params"] if own.get("params") else text
    message = as_message(value)
    if message is None:
        return "" if value is None else str(value)
    return word(message, get_language() or DEFAULT_LANGUAGE)


ROLE_LABELS = {
    "directeur": "directeur",
    "arbitre": "arbitre",
    "classement": "responsable du classement",
}
"""The role codes (``arbitre.app.events.roles``: group names and event roles) and their
French wording, a msgid of the interface's catalogue in the ``role`` context."""

STAFF_KEYS = {"rôle": gettext_noop("rôle")}
"""The keys of the staff audit log's values."""


@register.filter
def role_label(value: Any) -> str:
    """A role code worded in the page's language; another value as it is."""
    if isinstance(value, str) and value in ROLE_LABELS:
        return pgettext("role", ROLE_LABELS[value])
    return "" if value is None else str(value)


@register.filter
def staff_value(value: Any) -> str:
    """A value of the staff audit log (a role, or ``{"rôle": role}``) for the page."""
    if isinstance(value, dict):
        return ", ".join(
            gettext("%(key)s : %(value)s")
            % {"key": gettext(STAFF_KEYS[k]) if k in STAFF_KEYS else k, "value": role_label(v)}
            for k, v in value.items()
        )
    return role_label(value)


def rule_label(rule: str) -> str:
    """The worded name of a pairing rule (``pairing.rule.*``), or ``""`` for another value."""
    code = f"pairing.rule.{rule}"
    if code not in TEMPLATES:
        return ""
    return word(Message.of(code), get_language() or DEFAULT_LANGUAGE)
