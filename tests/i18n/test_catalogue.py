"""Every message an engine can report has a French wording; the compiled catalogue is current."""

from __future__ import annotations

import importlib
import pkgutil
import string

import pytest

from arbitre.common import Message
from arbitre.common.players_csv import LineError
from arbitre.i18n import LOCALE_DIR, PHRASES, TEMPLATES, word, word_line
from arbitre.i18n.po import compile_mo, parse

ENGINES = ("common", "lexicon", "scrabble", "duplicate", "classic", "backgammon", "ranking")
PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / "django.po"


def engine_codes() -> set[str]:
    """The codes every engine module declares in its ``MESSAGE_CODES``."""
    found: set[str] = set()
    for engine in ENGINES:
        package = importlib.import_module(f"arbitre.{engine}")
        modules = [package.__name__] + [
            m.name
            for m in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}.")
            if ".fast" not in m.name
        ]
        for name in modules:
            found |= set(getattr(importlib.import_module(name), "MESSAGE_CODES", ()))
    return found


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_the_engines_declare_codes() -> None:
    assert "players_csv.duplicate" in engine_codes()


def test_every_engine_code_has_an_english_and_a_french_wording() -> None:
    french = parse(PO.read_text("utf-8"))
    missing_en = sorted(engine_codes() - set(TEMPLATES))
    missing_fr = sorted(c for c in engine_codes() if not french.get(TEMPLATES.get(c, "")))
    assert not missing_en, f"codes with no wording in arbitre.i18n.TEMPLATES: {missing_en}"
    assert not missing_fr, f"codes with no French wording in {PO.name}: {missing_fr}"


def test_no_wording_without_a_code() -> None:
    assert sorted(set(TEMPLATES) - engine_codes()) == []


def test_french_keeps_every_placeholder_of_the_english() -> None:
    french = parse(PO.read_text("utf-8"))
    for english in list(TEMPLATES.values()) + list(PHRASES.values()):
        assert english in french, f"no French for {english!r}"
        assert fields(french[english]) == fields(english), english


def test_compiled_catalogue_is_current() -> None:
    """Edit the .po, then run tools/compile_messages.py."""
    for po in LOCALE_DIR.glob("*/LC_MESSAGES/*.po"):
        assert po.with_suffix(".mo").read_bytes() == compile_mo(parse(po.read_text("utf-8")))


def test_french_is_the_default_and_english_is_selectable() -> None:
    error = LineError(4, Message.of("players_csv.series", value="9"))
    assert word_line(error) == "ligne 4 : série « 9 » : 1 à 7, palier A à D"
    assert word_line(error, "en") == "line 4: series “9”: 1 to 7, tier A to D"


def test_column_keys_are_worded_in_the_language() -> None:
    m = Message.of("players_csv.not_integer", column="rating", value="abc")
    assert word(m) == "cote « abc » : ce n'est pas un nombre entier"
    assert word(m, "en") == "rating “abc” is not a whole number"


def test_an_unknown_code_is_an_error_not_a_silent_fallback() -> None:
    with pytest.raises(KeyError):
        word(Message.of("players_csv.nothing"))


def test_the_po_reader_refuses_what_it_does_not_understand() -> None:
    with pytest.raises(ValueError, match="line 1"):
        parse('msgid_plural "x"\n')
    with pytest.raises(ValueError, match="line 2"):
        parse('msgid "a"\nmsgstr b\n')
