"""The expander against an independent oracle: spylls' own hunspell lookup (issue 3, item 2).

Over-generation: random forms we generate must be accepted by the spell checker.
Under-generation: random lower-case words of Debian's wfrench list that the spell checker
accepts must be in the default list after folding.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from arbitre.lexicon import Lexicon, fold
from arbitre.lexicon.hunspell import HunspellDictionary, is_plain_root
from tests.support import require

SOURCES = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "lexicon-sources"
WFRENCH = Path("/usr/share/dict/french")
BASES = ["hunspell-fr-comprehensive-7.0/fr", "dictionary-fr-3.0.0/index"]


@pytest.fixture(scope="module", params=BASES)
def source(request: pytest.FixtureRequest) -> HunspellDictionary:
    require(SOURCES.is_dir(), f"lexicon sources not found at {SOURCES}")
    pytest.importorskip("spylls")
    return HunspellDictionary(SOURCES / request.param)


def test_generated_forms_are_accepted_by_hunspell(source: HunspellDictionary) -> None:
    rng = random.Random(11)
    entries = [
        e for e in source.words if is_plain_root(e.stem, frozenset(e.flags), source.keepcase)
    ]
    forms: list[str] = []
    for entry in rng.sample(entries, 250):
        generated = sorted(source.expand_stem(entry.stem, frozenset(entry.flags)))
        forms += rng.sample(generated, min(4, len(generated)))
    assert len(forms) > 500
    refused = [form for form in forms if not source.spylls.lookup(form)]
    assert refused == []


def test_words_hunspell_accepts_are_in_the_default_list(
    source: HunspellDictionary, default_lexicon: Lexicon
) -> None:
    require(WFRENCH.exists(), "Debian's wfrench list (apt-get install wfrench)")
    lines = WFRENCH.read_text("utf-8").splitlines()
    candidates = [w for w in lines if w == w.lower() and fold(w) is not None]
    sample = random.Random(5).sample(candidates, 1500)
    accepted = [w for w in sample if source.spylls.lookup(w)]
    assert len(accepted) > 1000
    missing = [w for w in accepted if fold(w) not in default_lexicon]
    assert missing == []
