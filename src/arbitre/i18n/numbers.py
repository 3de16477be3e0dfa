"""Decimal numbers in messages, written the reader's way: ``1,5`` in French, ``1.5`` in
English.

A backgammon score counts half points (a bye is worth 0.5), a lateness may be 7.5 minutes.
An engine passes such a number as it is, in a parameter named ``points`` or ``minutes`` or
ending in ``_points`` or ``_minutes``; :func:`localized` gives the message with those
parameters written with the decimal mark of the language; :func:`arbitre.i18n.word` applies
it to every message it words.

>>> decimal(0.5, "fr"), decimal(0.5, "en")
('0,5', '0.5')
>>> decimal(3.0, "fr"), decimal(2, "en")
('3', '2')
"""

from __future__ import annotations

from arbitre.i18n.languages import DEFAULT_LANGUAGE

DECIMAL_MARK = {"fr": ",", "en": "."}
"""The decimal mark of each language of the catalogue."""


DECIMAL_PARAMS = ("points", "minutes")
"""Parameters named so, or ending in ``_`` and one of these, hold a decimal number."""


def is_decimal(name: str) -> bool:
    """True for the name of a parameter holding a decimal number (points, minutes)."""
    return any(name == unit or name.endswith(f"_{unit}") for unit in DECIMAL_PARAMS)


def decimal(value: float, lang: str = DEFAULT_LANGUAGE) -> str:
    """``value`` with the decimal mark of ``lang``; a whole number has no decimals."""
    text = str(int(value)) if float(value).is_integer() else f"{value:g}"
    return text.replace(".", DECIMAL_MARK.get(lang, "."))
