"""Index of the word list by length and letters, for the placements that take the whole rack.

A placement that puts every rack tile down (a *full-rack* placement: a bingo with seven
tiles, or the last tiles of the game) can only be filled by a word of exactly its length
that holds the board's letters on their squares, a letter each empty square's cross-set
accepts, and every natural tile of the rack (blanks stand for the rest). With one or two
blanks in the rack the GADDAG walk of such a placement branches on every letter at every
square before it finds, most of the time, that no word fits; on a crowded board a search
has dozens of such placements, all searched first because of the 50-point bonus.

The index lets the kernel ask the question directly: for each length, the words as letter
codes, and for each letter a bit set of the words that contain it, 64 words to a machine
word. A search builds, once per length, the few words holding all the rack's natural
letters (an AND of bit sets), then checks each full-rack placement against those words
alone; a placement that no word fits is skipped without walking the graph. The check is
exact (a word passes only if the walk would place it), so the search returns the same moves.

The arrays (all contiguous, for the compiled kernel):

- ``letters``: int8, the words of each length one after the other, codes 0..25;
- ``word_start[n]``: offset in ``letters`` of the first word of length ``n``;
- ``count[n]``: number of words of length ``n``; -1 for every length when the index is
  absent (:func:`empty`), which turns the check off;
- ``bits``: int64 (chunks, 26 * COUNTS) (the kernel's integer type; bit 63 is the sign):
  bit ``b`` of row ``chunk_start[n] + c``, column ``(m - 1) 26 + x`` is set when word
  ``64 c + b`` of length ``n`` holds letter ``x`` ``m`` times or more (``m`` = 1..COUNTS);
- ``chunk_start[n]``: first row of ``bits`` for length ``n``;
- ``at_bits``: int64, flat: bit ``b`` of ``at_bits[at_start[n] + (c n + p) 26 + x]`` is set
  when word ``64 c + b`` of length ``n`` has letter ``x`` at position ``p``, so that a
  placement's board letters select the words that hold them on their squares;
- ``at_start[n]``: offset of length ``n`` in ``at_bits``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from arbitre.jit import njit
from arbitre.scrabble.tiles import BLANK_INDEX as ALPHABET_SIZE  # 26 letters, codes 0..25

LENGTHS = 16  # lengths 0..15 (only 2..15 hold words)
COUNTS = 3  # "holds the letter at least m times" is indexed for m = 1..COUNTS


@dataclass(frozen=True)
class FullRackIndex:
    letters: np.ndarray
    word_start: np.ndarray
    count: np.ndarray
    bits: np.ndarray
    chunk_start: np.ndarray
    at_bits: np.ndarray
    at_start: np.ndarray


def empty() -> FullRackIndex:
    """No index: the kernel walks every full-rack placement."""
    return FullRackIndex(
        np.zeros(1, dtype=np.int8),
        np.zeros(LENGTHS, dtype=np.int64),
        np.full(LENGTHS, -1, dtype=np.int64),
        np.zeros((1, ALPHABET_SIZE * COUNTS), dtype=np.int64),
        np.zeros(LENGTHS, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(LENGTHS, dtype=np.int64),
    )


def build(words: np.ndarray | Iterable[str]) -> FullRackIndex:
    """The index of ``words``: a numpy array of ``S15`` folded words (a lexicon's storage)
    or an iterable of folded words (capitals A-Z, 2 to 15 letters; repeats count once).

    >>> index = build(["AB", "BA", "ABC"])
    >>> [int(n) for n in index.count[2:4]], int(index.bits[index.chunk_start[3], 2])
    ([2, 1], 1)
    >>> int(index.bits[index.chunk_start[2], 26]), int(build(["AA"]).bits[0, 26])  # A twice
    (0, 1)
    """
    if not isinstance(words, np.ndarray):
        words = np.array(sorted(set(words)), dtype="S15")
    raw = np.frombuffer(np.ascontiguousarray(words, dtype="S15").tobytes(), dtype=np.uint8)
    raw = raw.reshape(-1, 15)
    lengths = np.count_nonzero(raw, axis=1)
    order = np.argsort(lengths, kind="stable")
    raw, lengths = raw[order], lengths[order]
    if raw.size and (raw.max() > ord("Z") or np.any((raw > 0) & (raw < ord("A")))):
        raise ValueError("words must be folded capitals A-Z")
    count = np.bincount(lengths, minlength=LENGTHS).astype(np.int64)[:LENGTHS]
    n_chunks = (count + 63) // 64
    sizes = np.arange(LENGTHS, dtype=np.int64)
    word_start = np.concatenate(([0], np.cumsum(count * sizes)[:-1])).astype(np.int64)
    chunk_start = np.concatenate(([0], np.cumsum(n_chunks)[:-1])).astype(np.int64)
    at_sizes = n_chunks * sizes * ALPHABET_SIZE
    at_start = np.concatenate(([0], np.cumsum(at_sizes)[:-1])).astype(np.int64)
    letters = np.zeros(max(1, int((count * sizes).sum())), dtype=np.int8)
    bits = np.zeros((max(1, int(n_chunks.sum())), ALPHABET_SIZE * COUNTS), dtype=np.int64)
    at_bits = np.zeros(max(1, int(at_sizes.sum())), dtype=np.int64)
    _fill(raw, lengths, word_start, chunk_start, at_start, letters, bits, at_bits)
    return FullRackIndex(letters, word_start, count, bits, chunk_start, at_bits, at_start)


@njit(cache=True)
def _fill(raw, lengths, word_start, chunk_start, at_start, letters, bits, at_bits):  # type: ignore[no-untyped-def]
    """Write the words (sorted by length) into the index arrays."""
    held = np.zeros(26, dtype=np.int64)
    first = 0
    while first < lengths.shape[0]:
        n = lengths[first]
        last = first
        while last < lengths.shape[0] and lengths[last] == n:
            last += 1
        for w in range(last - first):
            c = w // 64
            bit = np.int64(1) << np.int64(w % 64)
            for p in range(n):
                x = raw[first + w, p] - 65
                letters[word_start[n] + w * n + p] = x
                if held[x] < COUNTS:
                    bits[chunk_start[n] + c, held[x] * 26 + x] |= bit
                held[x] += 1
                at_bits[at_start[n] + (c * n + p) * 26 + x] |= bit
            for p in range(n):
                held[raw[first + w, p] - 65] = 0
        first = last
