"""``{{ code|type_label }}``: an event type of the ranking with its name, as seed 002 names it
(A.2, B.2, B.3.2): « TH — Tournoi homologué (2 manches ou plus) » (issue 35)."""

from __future__ import annotations

from typing import Any

from django import template

from arbitre.ranking import EVENT_TYPES

register = template.Library()


def type_label(code: Any) -> str:
    """The code and the seed's name of its event type; another value as it is."""
    text = "" if code is None else str(code)
    found = EVENT_TYPES.get(text.strip().upper())
    return f"{found.code} — {found.label}" if found else text


register.filter("type_label", type_label)
