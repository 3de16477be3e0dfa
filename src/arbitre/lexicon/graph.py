"""Compiled word graphs: a minimised letter automaton (DAWG) and its GADDAG.

Both are :class:`Automaton` values: immutable numpy arrays in compressed sparse row
layout, no Python object per node, so a compiled graph can be saved with ``numpy.save``
and memory-mapped on later loads.

The graphs are built by :mod:`arbitre.lexicon.build` (``build_dawg``, ``build_gaddag``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

SEPARATOR = 26
"""Edge letter code of the GADDAG separator (after the reversed prefix)."""

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ARRAYS = ("first_edge", "edge_letter", "edge_target", "terminal", "letter_mask")


def encode(word: str) -> list[int]:
    """Letter codes (A=0 .. Z=25) of a folded word."""
    codes = [ord(c) - 65 for c in word]
    if any(not 0 <= c < 26 for c in codes):
        raise ValueError(f"not a folded word (A-Z only): {word!r}")
    return codes


@dataclass(frozen=True, eq=False)
class Automaton:
    """Immutable minimised letter automaton (DAFSA).

    Edges of node ``i`` are ``first_edge[i]:first_edge[i + 1]``, sorted by letter;
    ``letter_mask[i]`` has bit ``k`` set when node ``i`` has an edge labelled ``k``.
    """

    first_edge: np.ndarray  # int32 (n_nodes + 1,)
    edge_letter: np.ndarray  # uint8 (n_edges,)
    edge_target: np.ndarray  # int32 (n_edges,)
    terminal: np.ndarray  # bool (n_nodes,)
    letter_mask: np.ndarray  # uint32 (n_nodes,)

    ROOT = 0

    @property
    def n_nodes(self) -> int:
        return int(self.terminal.shape[0])

    @property
    def n_edges(self) -> int:
        return int(self.edge_letter.shape[0])

    def child(self, node: int, letter: int) -> int:
        """Target of the edge labelled ``letter`` leaving ``node``, or -1 when absent."""
        mask = int(self.letter_mask[node])
        if not (mask >> letter) & 1:
            return -1
        # Letters are unique and sorted: the edge's rank is the number of lower letters.
        rank = (mask & ((1 << letter) - 1)).bit_count()
        return int(self.edge_target[int(self.first_edge[node]) + rank])

    def children(self, node: int) -> list[tuple[int, int]]:
        """``(letter, target)`` pairs of the edges leaving ``node``, by letter."""
        lo, hi = int(self.first_edge[node]), int(self.first_edge[node + 1])
        return list(
            zip(self.edge_letter[lo:hi].tolist(), self.edge_target[lo:hi].tolist(), strict=True)
        )

    def walk(self, codes: Sequence[int], node: int = ROOT) -> int:
        """Node reached from ``node`` by following ``codes``, or -1."""
        for code in codes:
            node = self.child(node, code)
            if node < 0:
                return -1
        return node

    def accepts(self, codes: Sequence[int]) -> bool:
        """True when the path ``codes`` from the root ends at a terminal node."""
        node = self.walk(codes)
        return node >= 0 and bool(self.terminal[node])

    def paths(self) -> Iterator[tuple[int, ...]]:
        """Every accepted path, in lexicographic order of codes (for tests and tools)."""
        stack: list[tuple[int, tuple[int, ...]]] = [(self.ROOT, ())]
        while stack:
            node, prefix = stack.pop()
            if self.terminal[node]:
                yield prefix
            for letter, target in reversed(self.children(node)):
                stack.append((target, prefix + (letter,)))

    def save(self, directory: Path, prefix: str) -> list[Path]:
        """Write one ``.npy`` file per array; returns the paths written."""
        written = []
        for name in _ARRAYS:
            path = directory / f"{prefix}.{name}.npy"
            np.save(path, getattr(self, name), allow_pickle=False)
            written.append(path)
        return written

    @classmethod
    def load(cls, directory: Path, prefix: str, mmap: bool = True) -> Automaton:
        """Read arrays written by :meth:`save` (memory-mapped by default) and check shapes."""
        mode: Literal["r"] | None = "r" if mmap else None
        arrays = {
            name: np.load(directory / f"{prefix}.{name}.npy", mmap_mode=mode, allow_pickle=False)
            for name in _ARRAYS
        }
        automaton = cls(**arrays)
        automaton.check_shape()
        return automaton

    def check_shape(self) -> None:
        """Raise ValueError when the arrays do not form a consistent automaton."""
        n = self.terminal.shape[0]
        ok = (
            self.first_edge.dtype == np.int32
            and self.edge_letter.dtype == np.uint8
            and self.edge_target.dtype == np.int32
            and self.terminal.dtype == np.bool_
            and self.letter_mask.dtype == np.uint32
            and self.first_edge.shape == (n + 1,)
            and self.letter_mask.shape == (n,)
            and self.edge_letter.shape == self.edge_target.shape
            and n > 0
            and int(self.first_edge[-1]) == self.edge_letter.shape[0]
        )
        if not ok:
            raise ValueError("inconsistent automaton arrays")
