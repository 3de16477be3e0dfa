"""The shipped default list, its manifest and notice, and its rebuild (issue 3, items 2-3, 5)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import lzma
import random
from importlib import resources
from pathlib import Path

import pytest

from arbitre.lexicon import DEFAULT_NOTICE, SEPARATOR, Lexicon, default_manifest, list_sha256
from arbitre.lexicon.graph import encode
from tests.support import require

DATA = resources.files("arbitre.lexicon.data")
SOURCES = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "lexicon-sources"
INFLECTIONS = ["CHANTASSIONS", "FINISSIEZ", "ALLASSENT", "VAINQUIMES", "CHEVAUX", "KOTOS", "ZLOTYS"]


def shipped_text() -> bytes:
    return lzma.decompress(DATA.joinpath("default.txt.xz").read_bytes())


def test_manifest_matches_shipped_list() -> None:
    text = shipped_text()
    manifest = json.loads(DATA.joinpath("manifest.json").read_text("utf-8"))
    assert hashlib.sha256(text).hexdigest() == manifest["sha256"]
    words = text.decode("ascii").split("\n")[:-1]
    assert len(words) == manifest["words"]
    assert 400_000 <= len(words) <= 412_000  # "about 406,000"
    assert words == sorted(set(words)), "sorted, unique"
    assert all(2 <= len(w) <= 15 and w.isascii() and w.isalpha() and w.isupper() for w in words)
    assert list_sha256(words) == manifest["sha256"]


def test_package_data_is_small_and_licensed() -> None:
    size = sum(
        DATA.joinpath(name).read_bytes().__len__()
        for name in ("default.txt.xz", "manifest.json", "NOTICE.txt", "LICENSE-MPL-2.0.txt")
    )
    assert size < 1_000_000
    assert "Mozilla Public License Version 2.0" in DATA.joinpath("LICENSE-MPL-2.0.txt").read_text()
    notice = DATA.joinpath("NOTICE.txt").read_text("utf-8")
    assert "Grammalecte" in notice and "NOT the Officiel du Scrabble" in notice
    for source in default_manifest()["sources"]:
        assert source["version"] in notice


def test_notice_says_what_the_list_is() -> None:
    for phrase in (
        "Grammalecte",
        "Dicollecte",
        "MPL-2.0",
        "PAS l'Officiel du Scrabble",
        "accepte certains mots",
        "il lui manque",
        "chargez votre propre liste",
    ):
        assert phrase in DEFAULT_NOTICE


def test_default_list_words_and_inflections(default_lexicon: Lexicon) -> None:
    lexicon = default_lexicon
    assert len(lexicon) == default_manifest()["words"]
    assert lexicon.sha256 == default_manifest()["sha256"]
    assert lexicon.is_default and "défaut" in lexicon.name
    for word in INFLECTIONS + ["OEUVRE", "ETE", "KILOMETRES", "QI"]:
        assert word in lexicon, word
    for word in ("KM", "KG", "CM", "CHANTAL", "XYZ"):
        assert word not in lexicon, word
    assert "été" in lexicon and "œuvre" in lexicon  # folded on lookup
    assert 12 not in lexicon and "porte-monnaie" not in lexicon  # type: ignore[operator]


def test_default_graphs_agree_with_the_word_set(default_lexicon: Lexicon) -> None:
    """Every word of a random sub-list is in both graphs; random strings as the set says."""
    words = list(default_lexicon)
    assert words == sorted(words)
    everything = set(words)
    rng = random.Random(3)
    dawg, gaddag = default_lexicon.dawg, default_lexicon.gaddag
    for word in rng.sample(words, 3000):
        codes = encode(word)
        assert dawg.accepts(codes)
        i = rng.randint(1, len(word))
        assert gaddag.accepts(codes[:i][::-1] + [SEPARATOR] + codes[i:])
    for _ in range(3000):
        word = rng.choice(words)
        probe = list(word)
        probe[rng.randrange(len(probe))] = chr(rng.randint(65, 90))
        candidate = "".join(probe)
        assert dawg.accepts(encode(candidate)) == (candidate in everything)
        assert (candidate in default_lexicon) == (candidate in everything)


@pytest.mark.slow
def test_rebuild_from_shared_sources_equals_shipped() -> None:
    require(SOURCES.is_dir(), f"lexicon sources not found at {SOURCES}")
    require(importlib.util.find_spec("spylls") is not None, "spylls is not installed (dev extra)")
    from tools.build_default_lexicon import build_words, check_known, list_text

    words = build_words(SOURCES)
    assert check_known(words) == []
    assert list_text(words) == shipped_text()
