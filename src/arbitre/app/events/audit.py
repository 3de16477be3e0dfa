"""Targets of the audit log, stored in French as they were written, worded in the page's
language when shown: each game keeps the French forms of its targets (``"ronde %(round)s"``)
and a stored target that matches one is worded again from its parameters."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from django.utils.translation import gettext


@cache
def _pattern(form: str, numbers: frozenset[str], text: str) -> re.Pattern[str]:
    parts = re.split(r"%\((\w+)\)s", form)
    return re.compile(
        "".join(
            re.escape(part)
            if i % 2 == 0
            else f"(?P<{part}>{'[0-9]+' if part in numbers else text})"
            for i, part in enumerate(parts)
        )
    )


def reworded(
    forms: Mapping[str, str],
    numbers: frozenset[str],
    action: str,
    target: str,
    *,
    empty_text: bool = False,
) -> str:
    """``target`` of an entry of ``action`` in the page's language: worded again from its
    parameters when it matches the action's form (``numbers``: the parameters that are
    numbers; ``empty_text``: a text parameter may be empty); a name is shown as it is."""
    form = forms.get(action)
    match = (
        _pattern(form, numbers, ".*?" if empty_text else ".+?").fullmatch(target) if form else None
    )
    return gettext(form) % match.groupdict() if form and match else target
