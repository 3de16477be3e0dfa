"""Folding of French words to Scrabble form and reading of user word lists.

Scrabble words are capitals A-Z, accents and ligatures folded (É -> E, Ç -> C, Œ -> OE,
Æ -> AE), two to fifteen letters (spec/facts.md, "Words").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from arbitre.common.messages import Message, Param, Refusal

MIN_LETTERS = 2
MAX_LETTERS = 15
MIN_VALID_WORDS = 1000
"""A user list with fewer valid words is refused (issue 3, item 7)."""

_LIGATURES = {"Œ": "OE", "Æ": "AE", "ß": "SS", "ẞ": "SS"}
_SAMPLE = 5


MESSAGE_CODES = frozenset(
    f"lexicon.word_list.{name}"
    for name in (
        "empty",
        "binary",
        "not_found",
        "directory",
        "unreadable",
        "too_few",
        "default_corrupt",
    )
)
"""Refusals of a word list (``lexicon.word_list.*``); ``source`` names the file."""


class WordListError(Refusal):
    """A word list that cannot be used (missing, empty, binary, too few words), with the
    reason as a message (``lexicon.word_list.*``)."""

    @classmethod
    def of(cls, code: str, /, **params: Param) -> WordListError:
        return cls(Message.of(f"lexicon.word_list.{code}", **params))


def fold(text: str) -> str | None:
    """Scrabble form of ``text`` (one word), or None when it is not a word of 2-15 letters.

    Surrounding white space is ignored; case, accents and ligatures are folded; anything
    else (hyphen, apostrophe, digit, inner space) makes it a non-word.
    """
    word = text.strip().upper()
    if word.isascii():
        folded = word
    else:
        for ligature, letters in _LIGATURES.items():
            word = word.replace(ligature, letters)
        decomposed = unicodedata.normalize("NFD", word)
        folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    if not MIN_LETTERS <= len(folded) <= MAX_LETTERS:
        return None
    if not (folded.isascii() and folded.isalpha()):
        return None
    return folded


def fold_all(items: Iterable[str]) -> set[str]:
    """Folded forms of ``items`` that are words (others are left out)."""
    result = set()
    for item in items:
        word = fold(item)
        if word is not None:
            result.add(word)
    return result


@dataclass
class WordListReport:
    """Outcome of reading a user list: the words and what was left out."""

    words: list[str]  # sorted, unique, folded
    lines: int = 0
    rejected: int = 0
    rejected_samples: list[tuple[int, str]] = field(default_factory=list)  # (line number, text)
    encoding: str = "utf-8"

    def summary(self) -> str:
        """One line for the user about the lines that were not words."""
        if not self.rejected:
            return f"{len(self.words)} words, every line accepted"
        shown = ", ".join(f"line {n}: {text!r}" for n, text in self.rejected_samples)
        return (
            f"{len(self.words)} words; {self.rejected} line(s) not words after folding "
            f"(2-15 letters A-Z), e.g. {shown}"
        )


def decode_list(data: bytes, source: str = "") -> tuple[str, str]:
    """Text of a word list file and the encoding used: UTF-8, else Windows-1252/Latin-1."""
    if not data.strip():
        raise WordListError.of("empty", source=source)
    if b"\x00" in data[:65536]:
        raise WordListError.of("binary", source=source)
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        # Windows-1252 extends Latin-1 with Œ/œ, common in French lists said to be Latin-1.
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def read_word_list(path: str | Path, minimum: int = MIN_VALID_WORDS) -> WordListReport:
    """Read a user list (one word per line, any order, duplicates allowed) with folding.

    Lines that are not words after folding are counted, with the first few kept for the
    report; blank lines are ignored. Raises :class:`WordListError` for a missing, empty or
    binary file, or one with fewer than ``minimum`` valid words.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise WordListError.of("not_found", source=str(path)) from None
    except IsADirectoryError:
        raise WordListError.of("directory", source=str(path)) from None
    except OSError as error:
        raise WordListError.of("unreadable", source=str(path), reason=error.strerror) from None
    return parse_word_list(data, str(path), minimum)


def parse_word_list(
    data: bytes, source: str = "", minimum: int = MIN_VALID_WORDS
) -> WordListReport:
    """The words of a word list file's bytes (see :func:`read_word_list`)."""
    text, encoding = decode_list(data, source)
    if _looks_binary(text):
        raise WordListError.of("binary", source=source)
    words: set[str] = set()
    report = WordListReport(words=[], encoding=encoding)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        report.lines += 1
        word = fold(line)
        if word is None:
            report.rejected += 1
            if len(report.rejected_samples) < _SAMPLE:
                report.rejected_samples.append((number, line.strip()[:40]))
        else:
            words.add(word)
    report.words = sorted(words)
    if len(report.words) < minimum:
        raise WordListError.of("too_few", source=source, words=len(report.words), minimum=minimum)
    return report


def _looks_binary(text: str) -> bool:
    """True when the start of ``text`` has many control characters (not a text file)."""
    head = text[:65536]
    controls = sum(1 for c in head if unicodedata.category(c) == "Cc" and c not in "\n\r\t\f\v")
    return controls > max(8, len(head) // 100)
