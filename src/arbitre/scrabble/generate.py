"""Move generation: every legal move, and the top (every move of the highest score).

The reference implementation below is Appel and Jacobson's algorithm over the forward
word graph (``lexicon.dawg``), written for clarity: for each direction, each *anchor*
(an empty square next to a tile, or the centre star on an empty board) starts a left part
placed on the empty non-anchor squares to its left (or the tiles already there), which is
then extended to the right through the anchor, checking each new tile against the
*cross-check* of its square (the letters that make a valid cross-word there).

Scores are computed here on their own (letter then word premiums on newly covered squares,
cross-words, blanks worth 0, +50 for seven tiles: seed 004, 2.6), independently from
:meth:`Board.score`, and the tests hold the two equal.

Each distinct placement is listed once. A placement of a single tile that forms a word
both ways is listed once, as the horizontal move; a single tile forming only a vertical
word is a vertical move. On an empty board a word placed horizontally and the same word
placed vertically are two moves.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from arbitre.scrabble.board import Board
from arbitre.scrabble.move import Move, ScoredMove
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import (
    ALL_LETTERS,
    BINGO_BONUS,
    BLANK_INDEX,
    CENTER,
    LETTER_MULTIPLIER,
    LETTER_VALUES,
    RACK_SIZE,
    SIZE,
    WORD_MULTIPLIER,
)

ENGINES = ("fast", "reference")
#: For letter code k: play it as the natural tile k, or as a blank standing for it.
_TILE_CHOICES = [((k, chr(65 + k)), (BLANK_INDEX, chr(97 + k))) for k in range(26)]


def all_moves(board: Board, rack: Rack, lexicon: Any) -> list[ScoredMove]:
    """Every legal move of ``rack`` on ``board`` with its score, best first (reference)."""
    return _search(board, rack, lexicon, _Collector(best_only=False))


def _search(board: Board, rack: Rack, lexicon: Any, out: _Collector) -> list[ScoredMove]:
    graph = _Graph.of(lexicon.dawg)
    counts = [int(x) for x in rack.counts()]
    _generate_direction(board, counts, graph, horizontal=True, out=out)
    _generate_direction(board.transposed(), counts, graph, horizontal=False, out=out)
    found = [m for m in out.moves if m.score >= out.best] if out.best_only else out.moves
    found.sort(key=ScoredMove.sort_key)
    return found


class _Collector:
    """The moves found; with ``best_only``, moves scoring below the best so far are dropped
    before they are built (the reference top search)."""

    def __init__(self, best_only: bool) -> None:
        self.best_only = best_only
        self.best = -1
        self.moves: list[ScoredMove] = []

    def wants(self, score: int) -> bool:
        if not self.best_only:
            return True
        if score < self.best:
            return False
        self.best = score
        return True


def top_moves(board: Board, rack: Rack, lexicon: Any, engine: str = "fast") -> list[ScoredMove]:
    """Every move of the highest score, best first (the total order of :class:`ScoredMove`).

    ``engine="fast"`` uses :mod:`arbitre.scrabble.fast` when it is installed (else the
    reference); ``engine="reference"`` uses :func:`all_moves`. Empty list: no legal move.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if engine == "fast":
        fast = fast_engine()
        if fast is not None:
            return sorted(fast.top_moves(board, rack, lexicon))
    return _search(board, rack, lexicon, _Collector(best_only=True))


def fast_engine() -> Any | None:
    """The fast engine module, or None when it is not available."""
    try:
        return importlib.import_module("arbitre.scrabble.fast")
    except ModuleNotFoundError as exc:
        if exc.name in ("arbitre.scrabble.fast", "numba"):
            return None
        raise


class _Graph:
    """The forward word graph as Python lists (one conversion per automaton, cached)."""

    _cache: dict[int, tuple[Any, _Graph]] = {}

    def __init__(self, dawg: Any) -> None:
        first = np.asarray(dawg.first_edge).tolist()
        letters = np.asarray(dawg.edge_letter).tolist()
        targets = np.asarray(dawg.edge_target).tolist()
        self.terminal: list[bool] = np.asarray(dawg.terminal, dtype=bool).tolist()
        #: edges[node]: list of (letter code, target node), letters ascending.
        self.edges: list[list[tuple[int, int]]] = [
            list(
                zip(letters[first[n] : first[n + 1]], targets[first[n] : first[n + 1]], strict=True)
            )
            for n in range(len(first) - 1)
        ]
        self.root = int(getattr(dawg, "ROOT", 0))

    @classmethod
    def of(cls, dawg: Any) -> _Graph:
        hit = cls._cache.get(id(dawg))
        if hit is not None and hit[0] is dawg:
            return hit[1]
        graph = cls(dawg)
        if len(cls._cache) >= 4:
            cls._cache.clear()
        cls._cache[id(dawg)] = (dawg, graph)
        return graph

    def child(self, node: int, letter: int) -> int:
        for code, target in self.edges[node]:
            if code == letter:
                return target
        return -1

    def walk(self, node: int, codes: list[int]) -> int:
        for code in codes:
            if node < 0:
                return -1
            node = self.child(node, code)
        return node


def _code(letter: str) -> int:
    return ord(letter.upper()) - 65


def _value(letter: str) -> int:
    return 0 if letter.islower() else int(LETTER_VALUES[ord(letter) - 65])


def _generate_direction(
    grid_board: Board, counts: list[int], graph: _Graph, horizontal: bool, out: _Collector
) -> None:
    """Moves written left to right on ``grid_board`` (the transposed board for vertical
    moves, whose coordinates are swapped back when recorded)."""
    grid = [[grid_board[r, c] for c in range(SIZE)] for r in range(SIZE)]
    for row in range(SIZE):
        _RowSearch(grid, row, counts, graph, horizontal, grid_board.is_empty, out).run()


class _RowSearch:
    """Appel-Jacobson on one row: cross-checks, anchors, left parts, right extensions."""

    def __init__(
        self,
        grid: list[list[str | None]],
        row: int,
        counts: list[int],
        graph: _Graph,
        horizontal: bool,
        empty_board: bool,
        out: _Collector,
    ) -> None:
        self.row, self.counts, self.graph, self.horizontal, self.out = (
            row,
            counts,
            graph,
            horizontal,
            out,
        )
        self.cells = cells = grid[row]
        self.tiles_left = sum(counts)
        # Premiums of the transposed board are the transposed premiums.
        lm = LETTER_MULTIPLIER if horizontal else LETTER_MULTIPLIER.T
        wm = WORD_MULTIPLIER if horizontal else WORD_MULTIPLIER.T
        self.letter_mult = [int(x) for x in lm[row]]
        self.word_mult = [int(x) for x in wm[row]]
        # Cross-checks: allowed letters (bit mask) and the face value of the cross-word's
        # other tiles, or None for a square without a vertical neighbour.
        self.cross_mask = [ALL_LETTERS] * SIZE
        self.cross_sum: list[int | None] = [None] * SIZE
        self.anchors = [False] * SIZE
        for col in range(SIZE):
            if cells[col] is not None:
                continue
            above, below = _vertical_run(grid, row, col)
            if above or below:
                self.cross_sum[col] = sum(_value(x) for x in above + below)
                prefix = graph.walk(graph.root, [_code(x) for x in above])
                mask = 0
                if prefix >= 0:
                    suffix = [_code(x) for x in below]
                    for code, target in graph.edges[prefix]:
                        end = graph.walk(target, suffix)
                        if end >= 0 and graph.terminal[end]:
                            mask |= 1 << code
                self.cross_mask[col] = mask
                self.anchors[col] = True
            elif (col > 0 and cells[col - 1] is not None) or (
                col < SIZE - 1 and cells[col + 1] is not None
            ):
                self.anchors[col] = True
        if empty_board:
            self.anchors = [(row, col) == CENTER for col in range(SIZE)]

    def run(self) -> None:
        cells, anchors, graph = self.cells, self.anchors, self.graph
        for anchor in range(SIZE):
            if not anchors[anchor]:
                continue
            if anchor > 0 and cells[anchor - 1] is not None:
                # The left part is the tiles already on the board before the anchor.
                start = anchor
                while start > 0 and cells[start - 1] is not None:
                    start -= 1
                existing = [x for x in cells[start:anchor] if x is not None]
                node = graph.walk(graph.root, [_code(x) for x in existing])
                if node >= 0:
                    self.extend_right(existing, node, anchor, anchor, 0)
            else:
                # The left part comes from the rack, on the empty non-anchor squares.
                limit = 0
                while (
                    limit < anchor
                    and cells[anchor - limit - 1] is None
                    and not anchors[anchor - limit - 1]
                ):
                    limit += 1
                self.left_part([], graph.root, limit, anchor)

    def left_part(self, word: list[str], node: int, limit: int, anchor: int) -> None:
        self.extend_right(word, node, anchor, anchor, len(word))
        if limit == 0 or self.tiles_left == 0:
            return
        counts = self.counts
        for code, nxt in self.graph.edges[node]:
            for tile, letter in _TILE_CHOICES[code]:
                if counts[tile] == 0:
                    continue
                counts[tile] -= 1
                self.tiles_left -= 1
                word.append(letter)
                self.left_part(word, nxt, limit - 1, anchor)
                word.pop()
                counts[tile] += 1
                self.tiles_left += 1

    def extend_right(self, word: list[str], node: int, col: int, anchor: int, placed: int) -> None:
        cells, graph = self.cells, self.graph
        if col < SIZE and (letter := cells[col]) is not None:
            nxt = graph.child(node, _code(letter))
            if nxt >= 0:
                word.append(letter)
                self.extend_right(word, nxt, col + 1, anchor, placed)
                word.pop()
            return
        if col > anchor and graph.terminal[node] and len(word) >= 2:
            self.record(col - len(word), word, placed)
        if col >= SIZE or self.tiles_left == 0:
            return
        counts, mask = self.counts, self.cross_mask[col]
        for code, nxt in graph.edges[node]:
            if not (mask >> code) & 1:
                continue
            for tile, letter in _TILE_CHOICES[code]:
                if counts[tile] == 0:
                    continue
                counts[tile] -= 1
                self.tiles_left -= 1
                word.append(letter)
                self.extend_right(word, nxt, col + 1, anchor, placed + 1)
                word.pop()
                counts[tile] += 1
                self.tiles_left += 1

    def record(self, start: int, word: list[str], placed: int) -> None:
        """Score the move (seed 004, 2.6) and add it to the output."""
        main, factor, crosses, has_cross = 0, 1, 0, False
        for i, letter in enumerate(word):
            col = start + i
            value = _value(letter)
            if self.cells[col] is not None:
                main += value  # premiums count only when first covered (2.6.1)
                continue
            value *= self.letter_mult[col]
            factor *= self.word_mult[col]
            main += value
            cs = self.cross_sum[col]
            if cs is not None:
                crosses += (cs + value) * self.word_mult[col]
                has_cross = True
        if not self.horizontal and placed == 1 and has_cross:
            return  # a single tile forming words both ways is listed as the horizontal move
        score = main * factor + crosses + (BINGO_BONUS if placed == RACK_SIZE else 0)
        if not self.out.wants(score):
            return
        text = "".join(word)
        row = self.row
        move = Move(row, start, True, text) if self.horizontal else Move(start, row, False, text)
        self.out.moves.append(ScoredMove(move, score))


def _vertical_run(grid: list[list[str | None]], row: int, col: int) -> tuple[list[str], list[str]]:
    """The tiles directly above and below an empty square, top to bottom."""
    above: list[str] = []
    r = row - 1
    while r >= 0 and (x := grid[r][col]) is not None:
        above.append(x)
        r -= 1
    above.reverse()
    below: list[str] = []
    r = row + 1
    while r < SIZE and (x := grid[r][col]) is not None:
        below.append(x)
        r += 1
    return above, below
