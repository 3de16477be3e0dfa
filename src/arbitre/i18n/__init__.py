"""Wording of the engines' messages, through the gettext catalogues under ``locale/``.

Engines say what they decide as :class:`~arbitre.common.Message` values (a code and its
parameters). This package holds, for every code, the English text (the catalogue's msgid)
and words a message in a language: French by default, English on request. The web
application reads the same catalogue through Django (``LOCALE_PATHS``), the command line
through :mod:`gettext`; both call :func:`word`.

>>> from arbitre.common import Message
>>> word(Message.of("players_csv.duplicate", column="name", value="Alice", first_line=2))
'nom « Alice » déjà à la ligne 2'
>>> word(Message.of("players_csv.duplicate", column="name", value="Alice", first_line=2), "en")
'name “Alice” already on line 2'

Decimal numbers (parameters named ``points``, ``minutes`` or ending so) take the decimal mark
of the language (:mod:`arbitre.i18n.numbers`):

>>> word(Message.of("swiss.group_one", points=0.5)), word(Message.of("swiss.group_one", points=0.5), "en")
('Groupe à 0,5 pt', 'Group of 0.5 pt')
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

from arbitre.common.messages import Message
from arbitre.common.players_csv import LineError
from arbitre.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES
from arbitre.i18n.numbers import decimal, is_decimal
from arbitre.i18n.wordings import merged

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "django"
__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "TEMPLATES", "phrase", "text", "word", "word_line"]

TEMPLATES: dict[str, str] = merged()
"""English wording of every engine message code; the msgids of the catalogue."""

PHRASES: dict[str, str] = {
    "line": "line {line}: {text}",
    "column.name": "name",
    "column.first_name": "first name",
    "column.club": "club",
    "column.licence": "licence",
    "column.rating": "rating",
    "column.elo": "ELO",
    "column.series": "series",
    "column.tier": "tier",
    "column.category": "category",
    "column.table": "table",
    "column.place": "place",
    "column.tops_lost": "tops lost",
    "column.total": "total",
    "column.event_type": "event type",
    "column.games": "number of games",
    "column.date": "date",
    "column.s1_for_life": "S1 for life",
    "column.affiliated": "affiliated",
    "column.after_festival": "after the festival",
    "column.overseas": "overseas",
}
"""English wording of the pieces messages are built from (line prefix, column names)."""


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def phrase(key: str, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    """One of :data:`PHRASES`, worded in ``lang``."""
    return _catalogue(lang).gettext(PHRASES[key]).format(**params)


def word(message: Message, lang: str = DEFAULT_LANGUAGE) -> str:
    """The text of ``message`` in ``lang``; a parameter named ``column`` holding a column key is
    worded too, and decimal numbers take the language's decimal mark. An unknown code raises :class:`KeyError` (the catalogue test lists them all)."""
    template = _catalogue(lang).gettext(TEMPLATES[message.code])
    params: dict[str, object] = {}
    for key, value in message.params.items():
        if isinstance(value, Message):
            value = word(value, lang)
        elif key == "column" and isinstance(value, str) and f"column.{value}" in PHRASES:
            value = phrase(f"column.{value}", lang)
        elif is_decimal(key) and isinstance(value, int | float) and not isinstance(value, bool):
            value = decimal(value, lang)
        params[key] = "" if value is None else value
    return template.format(**params)


def word_line(error: LineError, lang: str = DEFAULT_LANGUAGE) -> str:
    """``line N: text`` for an error of a file."""
    return phrase("line", lang, line=error.line, text=word(error.message, lang))


def text(msgid: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The catalogue's wording of ``msgid`` in ``lang`` (``msgid`` itself when it has none):
    the command line's own texts (:mod:`arbitre.cli._i18n`)."""
    return _catalogue(lang).gettext(msgid)
