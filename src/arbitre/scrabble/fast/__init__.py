"""Fast top-move search: every move of the highest score, by a compiled kernel.

``top_moves(board, rack, lexicon)`` returns the same set of moves as
``arbitre.scrabble.generate.top_moves(..., engine="reference")``: every legal placement of
the highest score (seed 004, 2.4: the arbiter chooses among them), each placement once, a
single tile forming words both ways listed as the horizontal move. The search itself lives
in :mod:`arbitre.scrabble.fast.kernel` (cross-sets as bit masks, GADDAG traversal, best-only
pruning by score upper bounds), compiled by numba and cached on disk.

Lower-level entry point for benchmarks and self-play: :func:`search_codes` on raw arrays.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from arbitre.scrabble.board import Board
from arbitre.scrabble.fast import anagram, fullrack, kernel
from arbitre.scrabble.fast.trie import gaddag_arrays_from_words
from arbitre.scrabble.move import Move, ScoredMove
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import LETTER_MULTIPLIER, LETTER_VALUES, RACK_SIZE, WORD_MULTIPLIER

__all__ = ["FoundMove", "GaddagArrays", "gaddag_arrays", "search_codes", "top_moves", "warm_up"]

_LM = np.ascontiguousarray(LETTER_MULTIPLIER, dtype=np.int32)
_WM = np.ascontiguousarray(WORD_MULTIPLIER, dtype=np.int32)
#: Value of each tile code 0..51 (26..51 are blanks, worth 0: seed 004, 2.6).
CODE_VALUES = np.zeros(52, dtype=np.int32)
CODE_VALUES[:26] = LETTER_VALUES


@dataclass(frozen=True)
class GaddagArrays:
    """The GADDAG arrays of the graph contract, with the dtypes the kernel is compiled for."""

    first_edge: np.ndarray
    edge_letter: np.ndarray
    edge_target: np.ndarray
    terminal: np.ndarray
    letter_mask: np.ndarray
    #: Letters on some path below each node, and the lengths of the paths to a terminal node
    #: (``kernel.subtree_summary``: computed here, not part of the contract).
    below: np.ndarray
    #: The nodes as the kernel reads them: one int32 record each (edge labels, terminal flag,
    #: summary, children), in depth-first order, the root's at 0 (``kernel.pack_graph``).
    graph: np.ndarray
    #: The words by length and letters, for the full-rack placements (``fullrack.empty()``:
    #: no index, every placement walked).
    full_rack: fullrack.FullRackIndex
    #: The word list's letter multisets, for the full-rack placements without a blank
    #: (``anagram.empty()``: no filter, every placement walked).
    anagrams: anagram.AnagramFilter
    #: What the searches on this graph found of its cross-words (``kernel.cross_sets``):
    #: filled as they go. The kernel holds the GIL, so two threads never fill it at once.
    cross_cache: np.ndarray

    @classmethod
    def of(cls, automaton: Any, words: Any = None) -> GaddagArrays:
        """The arrays of ``automaton``, with the full-rack index and the anagram filter of
        ``words`` (the same list's words: a lexicon's ``S15`` array or folded strings) when
        given."""
        return cls.from_arrays(
            automaton.first_edge,
            automaton.edge_letter,
            automaton.edge_target,
            automaton.terminal,
            automaton.letter_mask,
            words,
        )

    @classmethod
    def from_arrays(
        cls,
        first_edge: np.ndarray,
        edge_letter: np.ndarray,
        edge_target: np.ndarray,
        terminal: np.ndarray,
        letter_mask: np.ndarray,
        words: Any = None,
    ) -> GaddagArrays:
        first = np.ascontiguousarray(first_edge, dtype=np.int32)
        letters = np.ascontiguousarray(edge_letter, dtype=np.uint8)
        targets = np.ascontiguousarray(edge_target, dtype=np.int32)
        terminals = np.ascontiguousarray(terminal, dtype=np.bool_)
        masks = np.ascontiguousarray(letter_mask, dtype=np.uint32)
        below = kernel.subtree_summary(first, letters, targets, terminals)
        packed, _ = kernel.pack_graph(first, targets, masks, terminals, below)
        return cls(
            first,
            letters,
            targets,
            terminals,
            masks,
            below,
            _line_aligned(packed),
            fullrack.empty() if words is None else fullrack.build(words),
            anagram.empty() if words is None else anagram.build(words),
            kernel.new_cross_cache(),
        )


def _line_aligned(a: np.ndarray) -> np.ndarray:
    """A copy of ``a`` starting on a 64-byte boundary (a cache line): the packed graph
    keeps its small records within one line (``kernel.LINE_WORDS``)."""
    raw = np.empty(a.nbytes + 64, dtype=np.uint8)
    start = (-raw.ctypes.data) % 64
    out = raw[start : start + a.nbytes].view(a.dtype)
    out[:] = a
    return out


class FoundMove(NamedTuple):
    """A move found by :func:`search_codes`: ``codes`` are the word's tile codes (0..25
    natural, 26..51 blank), board tiles included. (A named tuple: made about ten times
    faster than a frozen dataclass, whose making cost a few percent of a search.)"""

    horizontal: bool
    row: int
    col: int
    codes: tuple[int, ...]
    score: int

    @property
    def word(self) -> str:
        return "".join([_TILE_CHARS[c] for c in self.codes])


#: The letter of each tile code: capitals for tiles, lower case for blanks.
_TILE_CHARS = tuple(chr(65 + c) for c in range(26)) + tuple(chr(97 + c) for c in range(26))


_graphs: dict[int, tuple[Any, GaddagArrays]] = {}


def gaddag_arrays(lexicon: Any) -> GaddagArrays:
    """The lexicon's GADDAG as kernel arrays (cached per lexicon object).

    A word container without a compiled ``gaddag`` (a plain set of words, for instance) gets
    one built from its words.
    """
    hit = _graphs.get(id(lexicon))
    if hit is not None and hit[0] is lexicon:
        return hit[1]
    automaton = getattr(lexicon, "gaddag", None)
    words = getattr(lexicon, "word_array", None)
    if automaton is not None:
        arrays = GaddagArrays.of(automaton, sorted(lexicon) if words is None else words)
    else:
        listed = sorted(lexicon)
        arrays = GaddagArrays.from_arrays(*gaddag_arrays_from_words(iter(listed)), listed)
    if len(_graphs) >= 8:
        _graphs.clear()
    _graphs[id(lexicon)] = (lexicon, arrays)
    return arrays


BUFFER_MOVES = 4096
"""Moves the output buffers hold at first: more tied tops (two blanks on an empty board can
tie thousands) make the kernel search again with buffers of the size it reported."""

_thread_buffers = threading.local()


def _buffers(capacity: int) -> tuple[np.ndarray, np.ndarray]:
    """Output buffers for the kernel: this thread's own (allocated once, so that a search
    pays no allocation and two threads never share one), or fresh ones of ``capacity`` rows
    when a search asks for another size. The kernel writes every field of the rows it
    reports, and they are copied out before the thread's next search."""
    if capacity == 0:
        held = getattr(_thread_buffers, "held", None)
        if held is None:
            held = (
                np.empty((BUFFER_MOVES, kernel.INFO_WIDTH), dtype=np.int32),
                np.empty((BUFFER_MOVES, 15), dtype=np.int8),
            )
            _thread_buffers.held = held
        return held
    return (
        np.empty((capacity, kernel.INFO_WIDTH), dtype=np.int32),
        np.empty((capacity, 15), dtype=np.int8),
    )


def search_codes(
    grid: np.ndarray, rack_counts: np.ndarray, gaddag: GaddagArrays, capacity: int = 0
) -> tuple[int, list[FoundMove]]:
    """Every move of the highest score on a raw board: ``(top score, moves)``.

    ``grid``: int8 (15, 15), -1 empty, 0..25 tile, 26..51 blank (``Board.grid_codes()``);
    ``rack_counts``: int (27,), blanks at index 26, at most 7 tiles. The score is -1 and the
    list empty when no move exists. ``capacity``: the rows of the first output buffers (0:
    this thread's own, :data:`BUFFER_MOVES`); the search is repeated with larger ones when
    more moves tie.
    """
    best, rows, words = _search(grid, rack_counts, gaddag, capacity)
    found = []
    for (orient, lane, start, length, score), word in zip(rows, words, strict=True):
        if orient == 0:
            found.append(FoundMove(True, lane, start, tuple(word[:length]), score))
        else:
            found.append(FoundMove(False, start, lane, tuple(word[:length]), score))
    return best, found


def _search(
    grid: np.ndarray, rack_counts: np.ndarray, gaddag: GaddagArrays, capacity: int = 0
) -> tuple[int, list[list[int]], list[list[int]]]:
    """The kernel's answer as Python lists: ``(top score, info rows, code rows)`` (the
    rows of ``out_info`` and ``out_codes``, see :func:`kernel.top_search`)."""
    best, info, codes = _search_arrays(grid, rack_counts, gaddag, capacity)
    # Decoded from Python lists: indexing numpy scalars one by one costs a microsecond each.
    if info.shape[0] == 0:
        return best, [], []
    return best, info.tolist(), codes.tolist()


def _search_arrays(
    grid: np.ndarray, rack_counts: np.ndarray, gaddag: GaddagArrays, capacity: int = 0
) -> tuple[int, np.ndarray, np.ndarray]:
    """The kernel's answer: ``(top score, info rows, code rows)``, the first rows of
    ``out_info`` and ``out_codes`` (:func:`kernel.top_search`; views of this thread's
    buffers, to be read before its next search). The score is -1 when there is no move."""
    grid = np.ascontiguousarray(grid, dtype=np.int8)
    if grid.shape != (15, 15):
        raise ValueError(f"board grid must be 15x15, got {grid.shape}")
    rack = np.ascontiguousarray(rack_counts, dtype=np.int32)
    if rack.shape != (27,):
        raise ValueError("rack counts must be 27 non-negative numbers (blanks last)")
    g = gaddag
    fr = g.full_rack
    while True:
        info, codes = _buffers(capacity)
        capacity = info.shape[0]
        n, best, _, _ = kernel.top_search(
            grid, rack, g.graph, _LM, _WM, CODE_VALUES, info, codes, fr.letters,
            fr.word_start, fr.count, fr.bits, fr.chunk_start, fr.at_bits, fr.at_start,
            g.anagrams.bits, g.anagrams.shift, g.cross_cache,
        )  # fmt: skip
        if n < 0:  # the kernel's input check (nothing searched)
            _refuse_input(-n, rack)
        if n <= capacity:
            break
        capacity = int(n)
    return int(best), info[:n], codes[:n]


def _refuse_input(problem: int, rack: np.ndarray) -> None:
    """Raise the ``ValueError`` of a problem found by ``kernel.check_input``."""
    if problem == kernel.INPUT_NEGATIVE_COUNT:
        raise ValueError("rack counts must be 27 non-negative numbers (blanks last)")
    if problem == kernel.INPUT_TOO_MANY_TILES:
        raise ValueError(f"a rack holds at most {RACK_SIZE} tiles, got {int(rack.sum())}")
    raise ValueError("board grid codes must be -1 (empty) or 0..51")


def top_moves(board: Board, rack: Rack, lexicon: Any) -> list[ScoredMove]:
    """Every move of the highest score as ``ScoredMove`` values, in their total order."""
    _, rows, words = _search(board.grid_codes(), rack.counts(), gaddag_arrays(lexicon))
    out = []
    chars = _TILE_CHARS
    for (orient, lane, start, length, score), word in zip(rows, words, strict=True):
        text = "".join([chars[c] for c in word[:length]])
        if orient == 0:
            out.append(ScoredMove(Move(lane, start, True, text), score))
        else:
            out.append(ScoredMove(Move(start, lane, False, text), score))
    out.sort()
    return out


def warm_up() -> None:
    """Load (or compile) the kernel so that the first real search is not slowed down."""
    words = ["AA", "AB"]
    # With a word list index (fullrack): its compiled builder is loaded (or compiled) too.
    arrays = GaddagArrays.from_arrays(*gaddag_arrays_from_words(iter(words)), words)
    counts = np.zeros(27, dtype=np.int32)
    counts[0] = 2
    search_codes(np.full((15, 15), -1, dtype=np.int8), counts, arrays)
