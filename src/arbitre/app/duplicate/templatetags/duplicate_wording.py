"""Filters that word the Duplicate engine's codes in the page's language.

``{{ decision.sanction|sanction_label }}``: a sanction stored as JSON (``{"code": ...}``,
with or without the French ``label`` older records hold), a :class:`Sanction` or its code,
as its label. ``{{ reason|end_label }}``: why a game ended (``letters_left``...).
``{{ entry|audit_target }}`` and ``{{ value|audit_value }}``: the target and the values of
an audit entry in the page's language.
"""

from __future__ import annotations

from typing import Any

from django import template

from arbitre.app.duplicate import services
from arbitre.app.duplicate.services import worded
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.game import end_label as end_message

register = template.Library()


@register.filter
def sanction_label(value: Any) -> str:
    if isinstance(value, S.Sanction):
        sanction = value
    else:
        code = value.get("code") if isinstance(value, dict) else value
        try:
            sanction = S.by_code(str(code))
        except KeyError:
            return "" if value is None else str(value)
    return worded(sanction.label)


@register.filter
def end_label(reason: Any) -> str:
    if not reason:
        return ""
    return worded(end_message(str(reason)))


@register.filter
def audit_target(entry: Any) -> str:
    return services.audit_target(entry.action, entry.target)


@register.filter
def audit_value(value: Any) -> Any:
    return services.audit_value(value)
