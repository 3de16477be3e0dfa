"""Expansion of a hunspell dictionary (.aff/.dic) into all its word forms (issue 3, item 2).

The .aff/.dic files are parsed by ``spylls`` (a development dependency, imported only
here); the expansion is ours. For each stem, every form made of

- at most one prefix, and
- zero, one or two suffixes (the second taken from the first one's continuation flags),

is generated when the affix conditions hold, with hunspell's semantics for the flags:
cross product (a prefix from the stem's flags combines with a suffix only when both allow
it), continuation flags (a prefix's continuation may enable suffixes and a suffix's may
enable prefixes), NEEDAFFIX (a stem or an affix carrying it is valid only with another
affix), CIRCUMFIX (such affixes come in prefix + suffix pairs) and FORBIDDENWORD.

:func:`scrabble_forms` then folds the forms to Scrabble words, dropping roots written with
capitals (proper nouns, acronyms) or marked KEEPCASE (symbols: km, kg, ha ...).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arbitre.lexicon.fold import fold


@dataclass(frozen=True)
class Form:
    """A generated word form and the stem it came from."""

    word: str
    stem: str
    stem_flags: frozenset[str]


class HunspellDictionary:
    """A parsed .aff/.dic pair, ready to expand."""

    def __init__(self, base: str | Path) -> None:
        """``base`` is the path without extension: ``base.aff`` and ``base.dic`` are read."""
        try:
            from spylls.hunspell import Dictionary
        except ImportError as error:  # pragma: no cover - dev dependency
            raise RuntimeError(
                "expanding hunspell dictionaries needs the 'spylls' package"
            ) from error
        base = Path(base)
        for suffix in (".aff", ".dic"):
            if not base.with_suffix(suffix).is_file():
                raise FileNotFoundError(f"hunspell file not found: {base.with_suffix(suffix)}")
        dictionary = Dictionary.from_files(str(base))
        self.spylls: Any = dictionary
        """The spylls ``Dictionary`` (its ``lookup`` is an independent check of the expansion)."""
        self.aff: Any = dictionary.aff
        self.words: Any = dictionary.dic.words
        self.needaffix: str | None = self.aff.NEEDAFFIX
        self.circumfix: str | None = self.aff.CIRCUMFIX
        self.forbidden: str | None = self.aff.FORBIDDENWORD
        self.keepcase: str | None = self.aff.KEEPCASE
        self._pfx: dict[str, list[Any]] = self.aff.PFX
        self._sfx: dict[str, list[Any]] = self.aff.SFX
        self.letters_only = False
        """Skip prefixes with non-letters (every form they make would be dropped anyway)."""

    # affix application ----------------------------------------------------------------

    def _suffixes(self, flags: frozenset[str] | set[str], word: str) -> Iterator[tuple[Any, str]]:
        for flag in flags:
            for suffix in self._sfx.get(flag, ()):
                if word.endswith(suffix.strip) and suffix.cond_regexp.search(word):
                    stripped = word[: len(word) - len(suffix.strip)] if suffix.strip else word
                    yield suffix, stripped + suffix.add

    def _prefixes(self, flags: frozenset[str] | set[str], word: str) -> Iterator[tuple[Any, str]]:
        for flag in flags:
            for prefix in self._pfx.get(flag, ()):
                if word.startswith(prefix.strip) and prefix.cond_regexp.search(word):
                    yield prefix, prefix.add + word[len(prefix.strip) :]

    def _has(self, affix: Any, flag: str | None) -> bool:
        return flag is not None and flag in affix.flags

    # expansion --------------------------------------------------------------------------

    def expand_stem(self, stem: str, flags: frozenset[str] | set[str]) -> set[str]:
        """Every valid form of ``stem`` with dictionary ``flags``."""
        flags = frozenset(flags)
        if self.forbidden is not None and self.forbidden in flags:
            return set()
        forms: set[str] = set()
        stem_needs = self.needaffix is not None and self.needaffix in flags
        # Suffix chains on the bare stem: (word, suffixes applied).
        chains: list[tuple[str, tuple[Any, ...]]] = [(stem, ())]
        for s1, w1 in self._suffixes(flags, stem):
            chains.append((w1, (s1,)))
            for s2, w2 in self._suffixes(s1.flags, w1):
                chains.append((w2, (s1, s2)))
        for word, suffixes in chains:
            if self._valid(stem_needs, None, suffixes):
                forms.add(word)
        # Prefixes: from the stem's flags or from a suffix's continuation flags.
        prefix_flags = set(flags)
        for _, suffixes in chains:
            for suffix in suffixes:
                prefix_flags |= suffix.flags
        for prefix, _ in self._prefixes(prefix_flags, stem):
            if self.letters_only and not prefix.add.isalpha() and prefix.add:
                continue  # its non-letters stay in every form (one prefix at most)
            extra = prefix.flags
            # Suffixes enabled by the prefix's continuation flags join the stem's.
            if extra & self._sfx.keys():
                pchains: list[tuple[str, tuple[Any, ...]]] = [(stem, ())]
                for s1, w1 in self._suffixes(flags | extra, stem):
                    pchains.append((w1, (s1,)))
                    for s2, w2 in self._suffixes(s1.flags, w1):
                        pchains.append((w2, (s1, s2)))
            else:
                pchains = chains
            for word, suffixes in pchains:
                if not self._prefix_allowed(prefix, flags, suffixes):
                    continue
                if not self._valid(stem_needs, prefix, suffixes):
                    continue
                # The prefix goes on the suffixed form, whose start must still match.
                if word.startswith(prefix.strip) and prefix.cond_regexp.search(word):
                    forms.add(prefix.add + word[len(prefix.strip) :])
        return forms

    def _prefix_allowed(
        self, prefix: Any, flags: frozenset[str], suffixes: tuple[Any, ...]
    ) -> bool:
        """A prefix applies when the stem or one of the suffixes carries its flag; with the
        stem's flag only, cross product must be allowed by the prefix and the first suffix."""
        from_suffix = any(prefix.flag in s.flags for s in suffixes)
        if from_suffix:
            return True
        if prefix.flag not in flags:
            return False
        if not suffixes:
            return True
        first = suffixes[0]
        if first.flag in prefix.flags:  # suffix enabled by the prefix itself
            return True
        return bool(prefix.crossproduct and first.crossproduct)

    def _valid(self, stem_needs: bool, prefix: Any, suffixes: tuple[Any, ...]) -> bool:
        affixes = ([prefix] if prefix is not None else []) + list(suffixes)
        if stem_needs and not affixes:
            return False
        if len(affixes) == 1 and self._has(affixes[0], self.needaffix):
            return False
        if self.needaffix is not None and suffixes and self._has(suffixes[-1], self.needaffix):
            # The outermost suffix needs another affix: only a prefix can provide it.
            if prefix is None:
                return False
        if prefix is not None and self._has(prefix, self.needaffix) and not suffixes:
            return False
        if self.circumfix is not None:
            circ_p = prefix is not None and self._has(prefix, self.circumfix)
            circ_s = any(self._has(s, self.circumfix) for s in suffixes)
            if circ_p != circ_s:
                return False
        return True

    def forms(self) -> Iterator[Form]:
        """Every form of every stem, with its stem (duplicates possible)."""
        for entry in self.words:
            flags = frozenset(entry.flags)
            for word in self.expand_stem(entry.stem, flags):
                yield Form(word, entry.stem, flags)

    def forbidden_forms(self) -> set[str]:
        """Words whose dictionary entry carries FORBIDDENWORD (refused whatever the stem)."""
        if self.forbidden is None:
            return set()
        return {e.stem for e in self.words if self.forbidden in e.flags}


def is_plain_root(stem: str, flags: frozenset[str], keepcase: str | None) -> bool:
    """False for roots written with capitals or marked KEEPCASE (symbols such as km)."""
    if any(c.isupper() for c in stem):
        return False
    return not (keepcase is not None and keepcase in flags)


def scrabble_forms(dictionary: HunspellDictionary) -> set[str]:
    """Folded 2-15 letter A-Z words of a dictionary, from plain roots only."""
    words: set[str] = set()
    dictionary.letters_only = True
    keep = dictionary.keepcase
    for entry in dictionary.words:
        flags = frozenset(entry.flags)
        if not is_plain_root(entry.stem, flags, keep):
            continue
        for form in dictionary.expand_stem(entry.stem, flags):
            word = fold(form)
            if word is not None:
                words.add(word)
    forbidden = {fold(w) for w in dictionary.forbidden_forms()}
    return words - {w for w in forbidden if w is not None}
