"""The :class:`Lexicon`: a word list with its compiled graphs (DAWG, GADDAG).

Words are kept as a sorted numpy ``S15`` array (memory-mapped from the cache for lists
loaded from disk); membership is a binary search. The graphs are compiled on first use,
once per list, and cached on disk keyed by the list's sha256 (issue 3, item 4).

No output: compilation reports its progress through the optional ``progress(done, total)``
callback given to :meth:`Lexicon.load` (or set on :attr:`Lexicon.progress`), the graphs
compiled in this process are listed in :attr:`Lexicon.compiled`, and an unusable cache
directory is reported as a :class:`LexiconWarning` (the list then works in memory).
"""

from __future__ import annotations

import hashlib
import json
import lzma
import warnings
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from arbitre.lexicon import cache as disk
from arbitre.lexicon.build import GraphKind, Progress, build_graph
from arbitre.lexicon.fold import (
    MAX_LETTERS,
    MIN_LETTERS,
    MIN_VALID_WORDS,
    WordListError,
    WordListReport,
    fold,
    read_word_list,
)
from arbitre.lexicon.graph import Automaton

DEFAULT_NAME = "Liste libre par défaut (Grammalecte/Dicollecte)"
_DATA = "arbitre.lexicon.data"


class LexiconWarning(UserWarning):
    """Something the user should know that does not stop the list from working (the cache
    directory is unusable: the list is kept in memory and compiled on every run)."""


def list_sha256(sorted_words: Iterable[str]) -> str:
    """sha256 of the normalised list: sorted unique folded words, one per line (LF)."""
    digest = hashlib.sha256()
    for word in sorted_words:
        digest.update(word.encode("ascii") + b"\n")
    return digest.hexdigest()


@cache
def default_manifest() -> dict[str, Any]:
    """The shipped default list's manifest (word count, sha256, sources)."""
    text = resources.files(_DATA).joinpath("manifest.json").read_text("utf-8")
    manifest: dict[str, Any] = json.loads(text)
    return manifest


def default_words() -> list[str]:
    """Words of the shipped default list, checked against its manifest."""
    data = resources.files(_DATA).joinpath("default.txt.xz").read_bytes()
    raw = lzma.decompress(data)
    manifest = default_manifest()
    if hashlib.sha256(raw).hexdigest() != manifest["sha256"]:
        raise WordListError.of("default_corrupt")
    words = raw.decode("ascii").split()
    if len(words) != manifest["words"]:
        raise WordListError.of("default_corrupt")
    return words


class Lexicon:
    """A folded word list: ``word in lexicon``, ``len``, iteration, ``.dawg``, ``.gaddag``."""

    def __init__(
        self,
        words: np.ndarray,
        name: str,
        sha256: str,
        *,
        cache_entry: Path | None = None,
        report: WordListReport | None = None,
        is_default: bool = False,
        progress: Progress | None = None,
    ) -> None:
        self._words = words
        self.name = name
        self.sha256 = sha256
        self.report = report
        self.is_default = is_default
        self._cache_entry = cache_entry
        self._graphs: dict[str, Automaton] = {}
        #: Called as ``progress(done, total)`` while a graph is compiled (None: silent).
        self.progress = progress
        #: The graphs ("dawg", "gaddag") compiled in this process, in order (not those
        #: loaded from the cache).
        self.compiled: list[GraphKind] = []

    # construction -----------------------------------------------------------------

    @classmethod
    def from_words(cls, words: Iterable[str], name: str = "test") -> Lexicon:
        """Lexicon of already folded words (2-15 letters A-Z), graphs built in memory."""
        unique = sorted(set(words))
        for word in unique:
            if not (MIN_LETTERS <= len(word) <= MAX_LETTERS and _is_folded(word)):
                raise ValueError(f"not a folded word of 2-15 letters A-Z: {word!r}")
        array = np.array(unique, dtype="S15")
        return cls(array, name, list_sha256(unique))

    @classmethod
    def load(
        cls,
        path: str | Path | None = None,
        *,
        minimum: int = MIN_VALID_WORDS,
        progress: Progress | None = None,
    ) -> Lexicon:
        """Load a user list (``path``) or the shipped default list (``None``).

        The user list is read with folding (see :func:`read_word_list`; its report is kept
        in ``.report``); the words and graphs are then taken from the cache when valid.
        ``progress`` is called as ``progress(done, total)`` while a graph is compiled.
        """
        if path is None:
            sha = default_manifest()["sha256"]
            words, entry = _cached_words(sha, default_words)
            return cls(
                words, DEFAULT_NAME, sha, cache_entry=entry, is_default=True, progress=progress
            )
        report = read_word_list(path, minimum=minimum)
        sha = list_sha256(report.words)
        words, entry = _cached_words(sha, lambda: report.words)
        return cls(words, Path(path).name, sha, cache_entry=entry, report=report, progress=progress)

    # set-like interface -------------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        folded = word if _is_folded(word) else fold(word)
        if folded is None or len(folded) > MAX_LETTERS:
            return False
        key = folded.encode("ascii")
        index = int(np.searchsorted(self._words, key))
        return index < len(self._words) and bytes(self._words[index]) == key

    def __len__(self) -> int:
        return int(self._words.shape[0])

    @property
    def word_array(self) -> np.ndarray:
        """The words, sorted, as a read-only numpy array of ``S15`` (ASCII, zero-padded)."""
        view = self._words.view()
        view.flags.writeable = False
        return view

    def __iter__(self) -> Iterator[str]:
        for item in self._words.tolist():
            yield item.decode("ascii")

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self)} words, sha256 {self.sha256[:12]}>"

    # graphs -------------------------------------------------------------------------

    @property
    def dawg(self) -> Automaton:
        """Minimised forward automaton of the words (loaded lazily, memory-mapped)."""
        return self._graph("dawg")

    @property
    def gaddag(self) -> Automaton:
        """Minimised GADDAG of the words (loaded lazily, memory-mapped)."""
        return self._graph("gaddag")

    def compile(self, progress: Progress | None = None) -> None:
        """Make sure both graphs are compiled (and cached when the list came from disk);
        ``progress`` (else :attr:`progress`) follows each compilation."""
        self._graph("dawg", progress)
        self._graph("gaddag", progress)

    def _graph(self, kind: GraphKind, progress: Progress | None = None) -> Automaton:
        found = self._graphs.get(kind)
        if found is not None:
            return found
        entry = self._cache_entry
        automaton = None
        if entry is not None:
            try:
                automaton = disk.load_graph(entry, self.sha256, kind)
                if automaton is None:
                    with disk.compile_lock(entry):
                        automaton = disk.load_graph(entry, self.sha256, kind)
                        if automaton is None:
                            built = self._build(kind, progress)
                            disk.store_graph(entry, self.sha256, kind, built)
                            automaton = disk.load_graph(entry, self.sha256, kind) or built
            except OSError as error:
                _warn_no_cache(error)
        if automaton is None:
            automaton = self._build(kind, progress)
        self._graphs[kind] = automaton
        return automaton

    def _build(self, kind: GraphKind, progress: Progress | None) -> Automaton:
        automaton = build_graph(kind, list(self), progress or self.progress)
        self.compiled.append(kind)
        return automaton


def _cached_words(sha: str, make: Callable[[], list[str]]) -> tuple[np.ndarray, Path | None]:
    """Sorted words of the list ``sha`` from its verified cache entry (written if needed),
    with the entry; in memory, without entry, when the cache directory is unusable."""
    try:
        entry = disk.entry_dir(sha)
        words = disk.load_words(entry, sha)
        if words is None:
            with disk.compile_lock(entry):
                words = disk.load_words(entry, sha)
                if words is None:
                    disk.store_words(entry, sha, np.array(make(), dtype="S15"))
                    words = disk.load_words(entry, sha)
        if words is not None:
            return words, entry
    except OSError as error:
        _warn_no_cache(error)
    return np.array(make(), dtype="S15"), None


def _warn_no_cache(error: OSError) -> None:
    warnings.warn(
        f"word list cache unavailable ({error}); working in memory", LexiconWarning, stacklevel=3
    )


def _is_folded(word: str) -> bool:
    return word.isascii() and word.isalpha() and word.isupper()
