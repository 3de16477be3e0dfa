"""The command line in one language: its help, its messages and its errors follow
``--lang`` (French by default, as the web interface), given before or after the command.

The texts are written in English in the code (as the engines' messages) and worded through the
project's catalogue (``src/arbitre/i18n/locale``): :func:`tr` for a message, and argparse's
own texts (``usage:``, ``options``, its errors) and every help string and description through
:class:`Formatter` and :func:`use`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from arbitre.i18n import DEFAULT_LANGUAGE, LANGUAGES, text

_language = [DEFAULT_LANGUAGE]


def language() -> str:
    """The command line's language (set by :func:`use`)."""
    return _language[0]


def tr(msgid: str) -> str:
    """``msgid`` (English) in the command line's language."""
    return text(msgid, _language[0])


def _ngettext(singular: str, plural: str, n: int) -> str:
    return tr(singular if n == 1 else plural)


_ARGPARSE = (argparse._, argparse.ngettext)  # type: ignore[attr-defined]
"""argparse's own wording functions, as imported before any command ran."""


def restore() -> None:
    """Give argparse its own wording back (after a command: another parser in the same
    process keeps its wording, even when commands ran in threads or within each other)."""
    argparse._, argparse.ngettext = _ARGPARSE  # type: ignore[attr-defined]


def use(lang: str) -> None:
    """Speak ``lang`` from now on, argparse's own texts included (argparse words them
    through the module-level ``_`` and ``ngettext`` it imported from :mod:`gettext`)."""
    _language[0] = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    argparse._ = tr  # type: ignore[attr-defined]
    argparse.ngettext = _ngettext  # type: ignore[attr-defined]


def language_in(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The ``--lang`` given anywhere in ``argv`` (before or after the command) and the
    arguments without it; (None, argv) when none is given. An unknown language is left
    in place for argparse to refuse.

    >>> language_in(["classic", "--lang", "en", "standings", "f.csv"])
    ('en', ['classic', 'standings', 'f.csv'])
    >>> language_in(["--lang=fr", "serve"])
    ('fr', ['serve'])
    >>> language_in(["serve"])
    (None, ['serve'])
    """
    found: str | None = None
    rest: list[str] = []
    items = list(argv)
    i = 0
    while i < len(items):
        item = items[i]
        if item == "--":
            rest += items[i:]
            break
        value = None
        if item == "--lang" and i + 1 < len(items):
            value, step = items[i + 1], 2
        elif item.startswith("--lang="):
            value, step = item.split("=", 1)[1], 1
        if value is not None and value in LANGUAGES:
            found = value
            i += step
            continue
        rest.append(item)
        i += 1
    return found, rest


class Formatter(argparse.HelpFormatter):
    """argparse's help with every help string and description worded in the language."""

    def add_text(self, text: str | None) -> None:
        super().add_text(tr(text) if text and text is not argparse.SUPPRESS else text)

    def _get_help_string(self, action: argparse.Action) -> str:
        return tr(action.help or "")
