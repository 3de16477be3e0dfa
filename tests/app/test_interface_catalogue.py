"""The English catalogue of the web interface (issue 17, part 4): every text of the events,
rounds, Classic and backgammon apps marked for translation has its English wording, every
entry of the catalogue is used, and the wording keeps the placeholders of the French."""

from __future__ import annotations

import ast

import pytest
from django.template.loader import get_template

from arbitre.i18n.po import parse
from tests.app.interface_messages import (
    APP,
    CALLS,
    EN_PO,
    TEMPLATES,
    gettext_calls,
    interface_messages,
    placeholders,
    python_files,
    template_files,
)


@pytest.fixture(scope="module")
def english() -> dict[str, str]:
    entries = parse(EN_PO.read_text("utf-8"))
    header = entries.pop("")
    assert "Language: en" in header and "Plural-Forms: nplurals=2; plural=(n != 1);" in header
    return dict(entries)


def _shown(key: str) -> str:
    return key.replace("\x04", " | ").replace("\x00", " / ")


def test_the_extraction_finds_the_interface(english: dict[str, str]) -> None:
    found = interface_messages()
    assert len(found) > 400
    assert "Ronde %(number)s" in found  # a template
    assert "Table %(table)s : résultat enregistré." in found  # a view's message
    assert "button\x04Retrait" in found  # a text in a context
    assert "%(count)s joueur importé.\x00%(count)s joueurs importés." in found  # a plural


def test_every_text_of_the_interface_has_an_english_wording(english: dict[str, str]) -> None:
    missing = [
        f"{_shown(key)}  ({', '.join(where)})"
        for key, where in interface_messages().items()
        if not english.get(key, "").strip("\x00")
    ]
    assert not missing, "texts without English in en/django.po:\n" + "\n".join(missing)


def test_every_entry_of_the_catalogue_is_used(english: dict[str, str]) -> None:
    found = interface_messages()
    dead = [_shown(key) for key in english if key not in found]
    assert not dead, "entries of en/django.po used nowhere:\n" + "\n".join(dead)


def test_the_english_keeps_the_placeholders(english: dict[str, str]) -> None:
    wrong = []
    for key, value in english.items():
        msgids = key.split("\x04")[-1].split("\x00")
        forms = value.split("\x00")
        if len(msgids) == 2 and len(forms) != 2:
            wrong.append(f"{_shown(key)}: {len(forms)} forms, English has 2")
        for i, form in enumerate(forms):
            msgid = msgids[min(i, len(msgids) - 1)]
            if placeholders(form) != placeholders(msgid):
                wrong.append(f"{_shown(key)} -> {form!r}")
            if not form.strip():
                wrong.append(f"{_shown(key)}: empty wording")
    assert not wrong, "\n".join(wrong)


def test_texts_are_given_to_gettext_whole() -> None:
    """Named placeholders filled after translation (``gettext("… %(n)s") % {...}``): an
    f-string or a sum inside ``gettext`` would make a msgid of every value."""
    wrong = []
    for path in python_files():
        for node, name in gettext_calls(path):
            for position in CALLS[name]:
                if position is not None and position < len(node.args):
                    arg = node.args[position]
                    if isinstance(arg, ast.JoinedStr | ast.BinOp):
                        wrong.append(f"{path.relative_to(APP)}:{node.lineno}")
    assert not wrong, "texts built inside gettext:\n" + "\n".join(wrong)


def test_every_template_of_the_interface_compiles() -> None:
    """A ``{% translate %}`` without ``{% load i18n %}`` fails when the template is read."""
    for path in template_files():
        get_template(str(path.relative_to(TEMPLATES)))


def test_every_plural_text_counts_zero_as_singular_in_french() -> None:
    """French puts 0 and 1 in the singular (« 0 joueur »); a plural text missing from the
    French catalogue would get gettext's source-language default (n != 1): « 0 joueurs »."""
    from django.utils import translation
    from django.utils.translation import ngettext

    from arbitre.i18n import LOCALE_DIR

    french = parse((LOCALE_DIR / "fr" / "LC_MESSAGES" / "django.po").read_text("utf-8"))
    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in french[""]
    plurals = [key for key in interface_messages() if "\x00" in key]
    assert len(plurals) >= 20
    missing = [_shown(key) for key in plurals if key not in french]
    assert not missing, "plural texts without their entry in fr/django.po:\n" + "\n".join(missing)
    with translation.override("fr"):
        for key in plurals:
            context, _, texts = key.rpartition("\x04")
            singular, plural = texts.split("\x00")
            assert not context
            assert ngettext(singular, plural, 0) == singular
            assert ngettext(singular, plural, 1) == singular
            assert ngettext(singular, plural, 2) == plural
