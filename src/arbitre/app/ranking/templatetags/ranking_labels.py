"""``{{ code|type_label }}``: an event type of the ranking with its name, as seed 002 names it
(A.2, B.2, B.3.2): « TH — Tournoi homologué (2 manches ou plus) » (issue 35), worded in the
page's language (the name is the engine's message ``ranking.event_type.<code>``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

from arbitre.i18n import DEFAULT_LANGUAGE, word
from arbitre.ranking import EVENT_TYPES

register = template.Library()


def type_label(code: Any) -> str:
    """The code and the name of its event type in the page's language; another value as it
    is."""
    text = "" if code is None else str(code)
    found = EVENT_TYPES.get(text.strip().upper())
    if found is None:
        return text
    return f"{found.code} — {word(found.name, get_language() or DEFAULT_LANGUAGE)}"


register.filter("type_label", type_label)
