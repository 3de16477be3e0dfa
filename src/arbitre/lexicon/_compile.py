"""Numba construction of minimised automata (imported only when compiling a word list).

The strings are encoded as fixed-width rows (letter code + 1, 0 pads), sorted and made
unique with numpy, then minimised incrementally: a state is looked up in (or added to) a
hash register of states when the next string leaves it for good. States are thus
registered children first, and the root last.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from arbitre.jit import njit
from arbitre.lexicon.graph import SEPARATOR, Automaton

MAX_WORD = 15
_WIDTH = MAX_WORD + 1  # a GADDAG path is one longer than its word


def build(
    words: Iterable[str], gaddag: bool, progress: Callable[[int, int], None] | None = None
) -> Automaton:
    """Minimised DAWG (or GADDAG) of folded words; ``progress(done, total)`` gets the
    number of paths minimised so far and the number of paths."""
    rows = _word_rows(words)
    if gaddag:
        rows = _gaddag_rows(rows)
    return _automaton(_unique_sorted(rows), progress)


def _word_rows(words: Iterable[str]) -> np.ndarray:
    """Words as a (n, 16) uint8 array of codes + 1 (0 pads), one row per word."""
    items = list(words)
    if not items:
        return np.zeros((0, _WIDTH), np.uint8)
    for word in items:
        if not (
            isinstance(word, str)
            and 0 < len(word) <= MAX_WORD
            and word.isascii()
            and word.isalpha()
            and word.isupper()
        ):
            raise ValueError(f"not a folded word of 1 to {MAX_WORD} letters A-Z: {word!r}")
    padded = np.array(items, dtype=f"S{_WIDTH}")
    rows = padded.view(np.uint8).reshape(len(items), _WIDTH).copy()
    bad = (rows != 0) & ((rows < 65) | (rows > 90))
    if bad.any():
        index = int(np.nonzero(bad.any(axis=1))[0][0])
        raise ValueError(f"not a folded word (A-Z only): {items[index]!r}")
    rows[rows != 0] -= 64
    return rows


@njit(cache=True)
def _gaddag_rows(rows: np.ndarray) -> np.ndarray:  # pragma: no cover - compiled
    n_words = rows.shape[0]
    total = 0
    for k in range(n_words):
        for j in range(_WIDTH):
            if rows[k, j] != 0:
                total += 1
    out = np.zeros((total, _WIDTH), np.uint8)
    r = 0
    for k in range(n_words):
        n = 0
        while n < _WIDTH and rows[k, n] != 0:
            n += 1
        for i in range(1, n + 1):
            p = 0
            for j in range(i - 1, -1, -1):
                out[r, p] = rows[k, j]
                p += 1
            out[r, p] = SEPARATOR + 1
            p += 1
            for j in range(i, n):
                out[r, p] = rows[k, j]
                p += 1
            r += 1
    return out


def _unique_sorted(rows: np.ndarray) -> np.ndarray:
    """Rows sorted lexicographically (0 padding sorts first), duplicates removed.

    Each 16-byte row is read as two big-endian 64-bit integers, whose order is the
    lexicographic order of the bytes; ``lexsort`` on integers is much faster than sorting
    byte strings.
    """
    if rows.shape[0] == 0:
        return rows
    rows = np.ascontiguousarray(rows)
    keys = rows.view(">u8").reshape(-1, 2)
    hi = keys[:, 0].astype(np.uint64)
    lo = keys[:, 1].astype(np.uint64)
    order = np.lexsort((lo, hi))
    hi, lo = hi[order], lo[order]
    keep = np.ones(order.shape[0], np.bool_)
    keep[1:] = (hi[1:] != hi[:-1]) | (lo[1:] != lo[:-1])
    return rows[order[keep]]


def _automaton(rows: np.ndarray, progress: Callable[[int, int], None] | None) -> Automaton:
    """Minimise the sorted unique rows (codes + 1, 0 padded), in chunks for progress."""
    state = _Builder()
    chunk = 200_000
    total = int(rows.shape[0])
    if progress is not None:
        progress(0, total)
    for start in range(0, total, chunk):
        part = rows[start : start + chunk]
        state.add(part)
        if progress is not None:
            progress(start + part.shape[0], total)
    return state.finish()


class _Builder:
    """Holds the arrays of the incremental minimisation between numba calls."""

    def __init__(self) -> None:
        depth = _WIDTH + 1
        self.p_letters = np.zeros((depth, 27), np.uint8)
        self.p_targets = np.zeros((depth, 27), np.int32)
        self.p_count = np.zeros(depth, np.int32)
        self.p_term = np.zeros(depth, np.bool_)
        self.prev = np.zeros(_WIDTH, np.uint8)
        self.n_first = np.zeros(1 << 16, np.int64)
        self.n_count = np.zeros(1 << 16, np.int32)
        self.n_term = np.zeros(1 << 16, np.bool_)
        self.e_letter = np.zeros(1 << 17, np.uint8)
        self.e_target = np.zeros(1 << 17, np.int32)
        self.table = np.full(1 << 17, -1, np.int32)
        self.counters = np.zeros(3, np.int64)  # n_nodes, n_edges, prev_len

    def _grow(self) -> None:
        n_nodes, n_edges = int(self.counters[0]), int(self.counters[1])
        if n_nodes + 2 * _WIDTH + 2 >= self.n_first.shape[0]:
            size = self.n_first.shape[0] * 2
            self.n_first = _resized(self.n_first, size)
            self.n_count = _resized(self.n_count, size)
            self.n_term = _resized(self.n_term, size)
        if n_edges + 27 * (_WIDTH + 2) >= self.e_letter.shape[0]:
            size = self.e_letter.shape[0] * 2
            self.e_letter = _resized(self.e_letter, size)
            self.e_target = _resized(self.e_target, size)
        if 2 * (n_nodes + 2 * _WIDTH + 2) >= self.table.shape[0]:
            self.table = _rehash(
                self.table.shape[0] * 2, n_nodes, self.n_first, self.n_count, self.n_term,
                self.e_letter, self.e_target,
            )  # fmt: skip

    def add(self, rows: np.ndarray) -> None:
        start = 0
        while start < rows.shape[0]:
            self._grow()
            # Bounded batches so that the arrays can grow between calls.
            node_room = (self.n_first.shape[0] - int(self.counters[0])) // (_WIDTH + 2) - 1
            edge_room = (self.e_letter.shape[0] - int(self.counters[1])) // (27 * (_WIDTH + 2)) - 1
            table_room = (self.table.shape[0] // 2 - int(self.counters[0])) // (_WIDTH + 2) - 1
            batch = max(1, min(node_room, edge_room, table_room))
            stop = min(rows.shape[0], start + batch)
            _add_rows(
                rows[start:stop], self.p_letters, self.p_targets, self.p_count, self.p_term,
                self.prev, self.n_first, self.n_count, self.n_term, self.e_letter,
                self.e_target, self.table, self.counters,
            )  # fmt: skip
            start = stop

    def finish(self) -> Automaton:
        self._grow()
        _close(
            self.p_letters, self.p_targets, self.p_count, self.p_term, self.n_first,
            self.n_count, self.n_term, self.e_letter, self.e_target, self.table, self.counters,
        )  # fmt: skip
        n_nodes = int(self.counters[0])
        # The root is registered last and children before parents: reversing the ids puts
        # the root at 0 and every edge forward.
        order = np.arange(n_nodes - 1, -1, -1)
        counts = self.n_count[order].astype(np.int64)
        first_edge = np.zeros(n_nodes + 1, np.int64)
        np.cumsum(counts, out=first_edge[1:])
        total = int(first_edge[-1])
        index = np.repeat(self.n_first[order] - first_edge[:-1], counts) + np.arange(total)
        edge_letter = (self.e_letter[index] - 1).astype(np.uint8)
        edge_target = (n_nodes - 1 - self.e_target[index]).astype(np.int32)
        owner = np.repeat(np.arange(n_nodes), counts)
        bits = np.left_shift(np.uint64(1), edge_letter.astype(np.uint64))
        letter_mask = np.bincount(owner, weights=bits.astype(np.float64), minlength=n_nodes)
        return Automaton(
            first_edge=first_edge.astype(np.int32),
            edge_letter=edge_letter,
            edge_target=edge_target,
            terminal=self.n_term[order].copy(),
            letter_mask=letter_mask.astype(np.uint32),
        )


def _resized(array: np.ndarray, size: int) -> np.ndarray:
    out = np.zeros(size, array.dtype)
    out[: array.shape[0]] = array
    return out


@njit(cache=True)
def _hash(term: bool, letters: np.ndarray, targets: np.ndarray, count: int) -> np.uint64:
    h = np.uint64(1469598103934665603) if term else np.uint64(7809847782465536322)
    for i in range(count):
        h = (h ^ np.uint64(letters[i])) * np.uint64(1099511628211)
        h = (h ^ np.uint64(targets[i])) * np.uint64(1099511628211)
        h ^= h >> np.uint64(29)
    return h


@njit(cache=True)
def _rehash(size, n_nodes, n_first, n_count, n_term, e_letter, e_target):  # pragma: no cover
    table = np.full(size, -1, np.int32)
    mask = np.uint64(size - 1)
    for node in range(n_nodes):
        lo = n_first[node]
        count = n_count[node]
        h = _hash(n_term[node], e_letter[lo : lo + count], e_target[lo : lo + count], count)
        slot = h & mask
        while table[slot] >= 0:
            slot = (slot + np.uint64(1)) & mask
        table[slot] = node
    return table


@njit(cache=True)
def _register(
    d, p_letters, p_targets, p_count, p_term, n_first, n_count, n_term, e_letter, e_target,
    table, counters,
):  # fmt: skip  # pragma: no cover - compiled
    """Id of a registered state equal to the path state at depth ``d`` (added if new)."""
    count = p_count[d]
    term = p_term[d]
    h = _hash(term, p_letters[d], p_targets[d], count)
    mask = np.uint64(table.shape[0] - 1)
    slot = h & mask
    while True:
        node = table[slot]
        if node < 0:
            break
        if n_term[node] == term and n_count[node] == count:
            lo = n_first[node]
            same = True
            for i in range(count):
                if e_letter[lo + i] != p_letters[d, i] or e_target[lo + i] != p_targets[d, i]:
                    same = False
                    break
            if same:
                return node
        slot = (slot + np.uint64(1)) & mask
    node = counters[0]
    lo = counters[1]
    n_first[node] = lo
    n_count[node] = count
    n_term[node] = term
    for i in range(count):
        e_letter[lo + i] = p_letters[d, i]
        e_target[lo + i] = p_targets[d, i]
    counters[0] = node + 1
    counters[1] = lo + count
    table[slot] = node
    return node


@njit(cache=True)
def _add_rows(
    rows, p_letters, p_targets, p_count, p_term, prev, n_first, n_count, n_term, e_letter,
    e_target, table, counters,
):  # fmt: skip  # pragma: no cover - compiled
    width = rows.shape[1]
    for k in range(rows.shape[0]):
        length = 0
        while length < width and rows[k, length] != 0:
            length += 1
        prev_len = counters[2]
        lcp = 0
        limit = min(length, prev_len)
        while lcp < limit and rows[k, lcp] == prev[lcp]:
            lcp += 1
        # States deeper than the common prefix are final: minimise them, deepest first.
        for d in range(prev_len, lcp, -1):
            node = _register(
                d, p_letters, p_targets, p_count, p_term, n_first, n_count, n_term, e_letter,
                e_target, table, counters,
            )  # fmt: skip
            p_targets[d - 1, p_count[d - 1] - 1] = node
        for d in range(lcp + 1, length + 1):
            c = p_count[d - 1]
            p_letters[d - 1, c] = rows[k, d - 1]
            p_targets[d - 1, c] = -1
            p_count[d - 1] = c + 1
            p_count[d] = 0
            p_term[d] = False
        p_term[length] = True
        for j in range(width):
            prev[j] = rows[k, j]
        counters[2] = length


@njit(cache=True)
def _close(
    p_letters, p_targets, p_count, p_term, n_first, n_count, n_term, e_letter, e_target,
    table, counters,
):  # fmt: skip  # pragma: no cover - compiled
    for d in range(counters[2], 0, -1):
        node = _register(
            d, p_letters, p_targets, p_count, p_term, n_first, n_count, n_term, e_letter,
            e_target, table, counters,
        )  # fmt: skip
        p_targets[d - 1, p_count[d - 1] - 1] = node
    _register(
        0, p_letters, p_targets, p_count, p_term, n_first, n_count, n_term, e_letter, e_target,
        table, counters,
    )  # fmt: skip
    counters[2] = 0
