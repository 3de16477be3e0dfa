"""Small word lists for the Scrabble tests, as ``Lexicon`` objects."""

from __future__ import annotations

from collections.abc import Iterable

from arbitre.lexicon import Lexicon


def make_lexicon(words: Iterable[str]) -> Lexicon:
    """A lexicon of ``words`` (upper-cased), graphs built in memory."""
    return Lexicon.from_words((w.upper() for w in words), name="test")
