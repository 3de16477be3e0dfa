"""Decimal numbers in messages, written the reader's way: ``1,5`` in French, ``1.5`` in
English.

A backgammon score counts half points (a bye is worth 0.5), a lateness may be 7.5 minutes.
An engine passes such a number as it is, in a parameter named ``points`` or ``minutes`` or
ending in ``_points`` or ``_minutes``; :func:`localized` gives the message with those
parameters (nested messages included) written with the decimal mark of the language, ready
for :func:`arbitre.i18n.word`. :func:`say` does both.

>>> from arbitre.common import Message
>>> group = Message.of("swiss.group_one", points=0.5)
>>> say(group), say(group, "en")
('Groupe à 0,5 pt', 'Group of 0.5 pt')
>>> decimal(3.0, "fr"), decimal(2, "en")
('3', '2')
"""

from __future__ import annotations

from arbitre.common.messages import Message, Param
from arbitre.i18n import DEFAULT_LANGUAGE, word

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


def localized(message: Message, lang: str = DEFAULT_LANGUAGE) -> Message:
    """``message`` with its decimal numbers written for ``lang`` (see the module)."""
    params: dict[str, Param] = {}
    for key, value in message.params.items():
        if isinstance(value, Message):
            value = localized(value, lang)
        elif is_decimal(key) and isinstance(value, int | float) and not isinstance(value, bool):
            value = decimal(value, lang)
        params[key] = value
    return Message(message.code, params)


def say(message: Message, lang: str = DEFAULT_LANGUAGE) -> str:
    """The text of ``message`` in ``lang``, decimal numbers included."""
    return word(localized(message, lang), lang)
