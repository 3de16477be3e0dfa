"""A filter of the word list's letter multisets, for the placements that take every rack tile.

A placement that puts down every tile of a rack without a blank can only be filled by a
word whose letters are, as a multiset, the rack's tiles plus the board's tiles of the span:
an anagram of them. Most such placements (a bingo on a crowded board, the last tiles of a
game) have no word at all, and the GADDAG walk spends a good part of a search finding that
out. The filter answers "is some word an anagram of these letters?" with one memory read:
"no" is certain (the placement is skipped), "maybe" sends the placement to the walk, which
is exact, so the search returns the same moves with or without the filter.

A multiset of letters gets the key ``sum(KEYS[letter])`` (64-bit, wrapping): equal
multisets have equal keys whatever the order, and the key of a rack plus the board's letters
is the sum of their keys. The filter is a bit set of ``2**BITS`` bits; a word sets the bit
numbered by the top ``BITS`` bits of its key. With the default list (about 350,000 distinct
multisets in 16 million bits) about 2 % of the multisets that no word has still answer
"maybe".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from arbitre.jit import njit

BITS = 24
"""The filter holds ``2**BITS`` bits (2 MiB)."""

#: The key of each letter A..Z: fixed odd 64-bit numbers (int64, the kernel's integers;
#: sums wrap). Drawn once from a seeded generator; any distinct values would do.
KEYS = (np.random.default_rng(20261128).integers(0, 2**62, size=26, dtype=np.int64) * 2 + 1).astype(
    np.int64
)


@dataclass(frozen=True)
class AnagramFilter:
    """``bits``: int64, the filter's bit set (bit ``i`` of the whole set is bit ``i % 64`` of
    ``bits[i // 64]``); ``shift``: 64 - the number of bits of an index (the index of a key
    is its top bits)."""

    bits: np.ndarray
    shift: int


def empty() -> AnagramFilter:
    """No filter: every multiset answers "maybe" (every placement is walked)."""
    return AnagramFilter(np.full(2, -1, dtype=np.int64), 63)


def build(words: np.ndarray | Iterable[str]) -> AnagramFilter:
    """The filter of ``words``: a numpy array of ``S15`` folded words (a lexicon's storage)
    or an iterable of folded words (capitals A-Z).

    >>> f = build(["CHIEN"])
    >>> maybe(f, "NICHE"), maybe(f, "CHIENS")
    (True, False)
    """
    if not isinstance(words, np.ndarray):
        words = np.array(sorted(set(words)), dtype="S15")
    raw = np.frombuffer(np.ascontiguousarray(words, dtype="S15").tobytes(), dtype=np.uint8)
    raw = raw.reshape(-1, 15)
    if raw.size and (raw.max() > ord("Z") or np.any((raw > 0) & (raw < ord("A")))):
        raise ValueError("words must be folded capitals A-Z")
    bits = np.zeros(2 ** (BITS - 6), dtype=np.int64)
    _fill(raw, KEYS, bits, 64 - BITS)
    return AnagramFilter(bits, 64 - BITS)


def key(letters: str) -> int:
    """The key of a multiset of letters (capitals A-Z), as the kernel computes it (int64)."""
    total = np.int64(0)
    with np.errstate(over="ignore"):
        for ch in letters:
            total = np.int64(total + KEYS[ord(ch) - 65])
    return int(total)


def maybe(filt: AnagramFilter, letters: str) -> bool:
    """Whether some word of the list may be an anagram of ``letters`` (False is certain)."""
    return bool(_maybe(filt.bits, filt.shift, np.int64(key(letters))))


@njit(cache=True)
def _fill(raw, keys, bits, shift):  # type: ignore[no-untyped-def]
    for w in range(raw.shape[0]):
        h = np.int64(0)
        for p in range(raw.shape[1]):
            if raw[w, p] == 0:
                break
            h += keys[raw[w, p] - 65]
        i = (h >> shift) & ((np.int64(1) << (64 - shift)) - 1)
        bits[i >> 6] |= np.int64(1) << (i & 63)


@njit(cache=True, inline="always")
def _maybe(bits, shift, h):  # type: ignore[no-untyped-def]
    """Whether the bit of key ``h`` is set (the kernel's test)."""
    i = (h >> shift) & ((np.int64(1) << (64 - shift)) - 1)
    return (bits[i >> 6] >> (i & 63)) & 1 != 0
