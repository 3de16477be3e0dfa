"""Build Arbitre's default French word list from the free Grammalecte/Dicollecte sources.

    python tools/build_default_lexicon.py [--sources DIR] [--out DIR] [--check]

Expands every stem of both hunspell dictionaries in ``../shared/data/lexicon-sources``
with all its affixes (``arbitre.lexicon.hunspell``), folds the forms, keeps 2-15 letters
A-Z from roots without capitals or symbols, takes the union, checks known inflections and
writes ``src/arbitre/lexicon/data/{default.txt.xz,manifest.json,NOTICE.txt}``.
``--check`` only compares the rebuilt list with the shipped one (exit 1 when different).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import lzma
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCES = ROOT.parent / "shared" / "data" / "lexicon-sources"
DEFAULT_OUT = ROOT / "src" / "arbitre" / "lexicon" / "data"

SOURCES = (
    # (folder, file base, description, version)
    (
        "hunspell-fr-comprehensive-7.0",
        "fr",
        'Debian package hunspell-fr-comprehensive ("toutes variantes")',
        "1:7.0-1",
    ),
    ("dictionary-fr-3.0.0", "index", 'npm package dictionary-fr ("classique")', "3.0.0"),
)

KNOWN_FORMS = (
    "CHANTASSIONS",
    "FINISSIEZ",
    "ALLASSENT",
    "VAINQUIMES",
    "CHEVAUX",
    "KOTOS",
    "ZLOTYS",
    "KILOMETRES",
    "OEUVRE",
    "ETE",
)
"""Inflections the expansion must produce (conjugations, irregular plurals, prefixes)."""

KNOWN_ABSENT = ("KM", "KG", "CM", "MARSEILLE", "CHANTAL")
"""Unit symbols and proper nouns that must not be in the list."""

NOTICE = """\
Arbitre - default French word list
==================================

The file default.txt.xz is derived from the free French spelling dictionaries of the
Grammalecte / Dicollecte project (Olivier R. and contributors, https://grammalecte.net/),
licensed under the Mozilla Public License 2.0 (see LICENSE-MPL-2.0.txt):

{sources}
Derivation (tools/build_default_lexicon.py): every stem expanded with all its affix
rules, accents and ligatures folded, words of 2 to 15 letters A-Z kept, forms from roots
written with capitals or marked as symbols (units such as km, kg) dropped, union of both
dictionaries: {words} words, sha256 {sha256} (uncompressed text).

This list is NOT the Officiel du Scrabble (ODS). It accepts some words the ODS refuses and
lacks some words the ODS accepts. For official play, load your own copy of the ODS list.

Cette liste n'est PAS l'Officiel du Scrabble (ODS) : elle accepte certains mots que l'ODS
refuse et il lui manque certains mots que l'ODS accepte. Pour le jeu officiel, chargez
votre propre liste.
"""


def check_sources(sources: Path) -> None:
    """Verify the source files against ``SHA256SUMS`` (raises SystemExit on mismatch)."""
    sums = sources / "SHA256SUMS"
    if not sums.is_file():
        raise SystemExit(f"missing {sums}")
    for line in sums.read_text("utf-8").splitlines():
        if not line.strip():
            continue
        expected, name = line.split(maxsplit=1)
        path = sources / name.strip().lstrip("*")
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != expected:
            raise SystemExit(f"source file missing or altered: {path}")


def build_words(sources: Path = DEFAULT_SOURCES, verbose: bool = False) -> list[str]:
    """Sorted words of the default list, rebuilt from the hunspell sources."""
    from arbitre.lexicon.hunspell import HunspellDictionary, scrabble_forms

    check_sources(sources)
    words: set[str] = set()
    for folder, base, _, _ in SOURCES:
        start = time.perf_counter()
        found = scrabble_forms(HunspellDictionary(sources / folder / base))
        if verbose:
            elapsed = time.perf_counter() - start
            print(f"{folder}: {len(found)} words in {elapsed:.1f} s", file=sys.stderr)
        words |= found
    return sorted(words)


def list_text(words: list[str]) -> bytes:
    """The normalised text: one word per line, LF, sorted (hashed by the manifest)."""
    return "".join(f"{w}\n" for w in words).encode("ascii")


def check_known(words: list[str]) -> list[str]:
    """Problems with known forms (empty when all is well)."""
    present = set(words)
    problems = [f"missing {w}" for w in KNOWN_FORMS if w not in present]
    problems += [f"unexpected {w}" for w in KNOWN_ABSENT if w in present]
    return problems


def write(words: list[str], out: Path) -> dict[str, object]:
    text = list_text(words)
    sha = hashlib.sha256(text).hexdigest()
    out.mkdir(parents=True, exist_ok=True)
    compressed = lzma.compress(text, format=lzma.FORMAT_XZ, preset=9 | lzma.PRESET_EXTREME)
    (out / "default.txt.xz").write_bytes(compressed)
    manifest: dict[str, object] = {
        "name": "default",
        "words": len(words),
        "sha256": sha,
        "file": "default.txt.xz",
        "licence": "MPL-2.0",
        "sources": [
            {"folder": folder, "origin": description, "version": version}
            for folder, _, description, version in SOURCES
        ],
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", "utf-8")
    listed = "".join(
        f"- {description}, version {version} ({folder})\n"
        for folder, _, description, version in SOURCES
    )
    notice = NOTICE.format(sources=listed, words=len(words), sha256=sha)
    (out / "NOTICE.txt").write_text(notice, "utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources", type=Path, default=DEFAULT_SOURCES)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true", help="compare with the shipped list")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    words = build_words(args.sources, verbose=True)
    problems = check_known(words)
    if problems:
        print("; ".join(problems), file=sys.stderr)
        return 1
    sha = hashlib.sha256(list_text(words)).hexdigest()
    if args.check:
        manifest = json.loads((args.out / "manifest.json").read_text("utf-8"))
        same = manifest["sha256"] == sha and manifest["words"] == len(words)
        print(f"rebuilt {len(words)} words, sha256 {sha}: {'same' if same else 'DIFFERENT'}")
        return 0 if same else 1
    manifest = write(words, args.out)
    size = (args.out / "default.txt.xz").stat().st_size
    elapsed = time.perf_counter() - start
    print(
        f"wrote {manifest['words']} words, sha256 {manifest['sha256']}, "
        f"{size} bytes compressed, in {elapsed:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
