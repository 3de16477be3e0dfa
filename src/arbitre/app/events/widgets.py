"""Form widgets shared by the games' forms."""

from __future__ import annotations

from django import forms


def date_input() -> forms.DateInput:
    """A browser date picker. Its value must be written ``YYYY-MM-DD`` whatever the page's
    language: a French ``25/11/2026`` leaves the picker empty, and the form is refused when
    sent back unchanged."""
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
