"""The hunspell expander on a hand-written .aff/.dic pair (issue 3, item 2).

Expected forms are derived by hand from tests/lexicon/data/tiny.aff: each comment names
the rule that makes (or forbids) the form.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.lexicon.hunspell import HunspellDictionary, is_plain_root, scrabble_forms

TINY = Path(__file__).parent / "data" / "tiny"


@pytest.fixture(scope="module")
def tiny() -> HunspellDictionary:
    return HunspellDictionary(TINY)


def forms_of(dictionary: HunspellDictionary, stem: str) -> set[str]:
    entry = next(e for e in dictionary.words if e.stem == stem)
    return dictionary.expand_stem(entry.stem, frozenset(entry.flags))


def test_verb_suffixes_continuations_prefixes_and_needaffix(tiny: HunspellDictionary) -> None:
    assert forms_of(tiny, "chanter") == {
        # "chanter" itself is absent: the stem carries NEEDAFFIX "()".
        "chantons",  # SFX Vb er ons
        "chanté",  # SFX Vb er é, then S. 0 (second level)
        "chantés",  # SFX Vb er é, then S. s (second level)
        "chantant",  # SFX Vb er ant
        "chantante",  # SFX Vb er ant, then Fs e (second level)
        "l'chanté",  # prefix L' enabled by the continuation flags of S. 0
        "rechanter",  # PFX Re alone satisfies NEEDAFFIX
        "rechantons",  # PFX Re x SFX Vb: both cross product Y
        "rechanté",
        "rechantés",
        "rechantant",
        "rechantante",
        "déchanter",  # PFX Dé alone; Dé has cross product N: no "déchantons"
    }


def test_cross_product_n_forbids_prefix_with_suffix(tiny: HunspellDictionary) -> None:
    assert forms_of(tiny, "chat") == {"chat", "chats", "déchat", "l'chat"}


def test_prefix_continuation_enables_suffixes_and_needs_one(tiny: HunspellDictionary) -> None:
    # mètre/Um(): the stem needs an affix; PFX Um kilo/S.() needs a suffix, which S.
    # (enabled only by the prefix) provides.
    assert forms_of(tiny, "mètre") == {"kilomètre", "kilomètres"}


def test_circumfix_affixes_only_come_in_pairs(tiny: HunspellDictionary) -> None:
    assert forms_of(tiny, "gel") == {"gel", "antgelique"}


def test_forbidden_word_and_dropped_roots(tiny: HunspellDictionary) -> None:
    assert forms_of(tiny, "chevals") == set()
    assert tiny.forbidden_forms() == {"chevals"}
    assert not is_plain_root("Paris", frozenset({"S."}), tiny.keepcase)
    assert not is_plain_root("km", frozenset({"||"}), tiny.keepcase)
    assert is_plain_root("chat", frozenset({"S."}), tiny.keepcase)


def test_scrabble_forms_pinned(tiny: HunspellDictionary) -> None:
    assert sorted(scrabble_forms(tiny)) == [
        "ANTGELIQUE",
        "CHANTANT",
        "CHANTANTE",
        "CHANTE",
        "CHANTES",
        "CHANTONS",
        "CHAT",
        "CHATS",
        "CHEVAL",  # CHEVALS is a FORBIDDENWORD entry, removed though cheval/S. makes it
        "DECHANTER",
        "DECHAT",
        "GEL",
        "KILOMETRE",
        "KILOMETRES",
        "RECHANTANT",
        "RECHANTANTE",
        "RECHANTE",
        "RECHANTER",
        "RECHANTES",
        "RECHANTONS",
    ]  # no PARIS (capital root), no KM (KEEPCASE symbol), no l' forms (apostrophe)


def test_missing_files_are_reported(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="hunspell file not found"):
        HunspellDictionary(tmp_path / "nothing")
