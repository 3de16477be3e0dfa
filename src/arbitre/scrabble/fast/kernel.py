"""Compiled kernel of the fast top-move search (numba, raw arrays only).

Everything here works on plain numpy arrays so that it can be compiled by numba and
cached on disk (``cache=True``):

- the board as ``grid`` int8 (15, 15): -1 empty, 0..25 natural tile A..Z, 26..51 blank
  standing for letter ``code - 26``;
- the rack as ``rack`` int32 (27,): counts of A..Z, index 26 = blanks;
- the GADDAG as the arrays of ``arbitre.lexicon.graph.Automaton`` (``first_edge``,
  ``edge_letter``, ``edge_target``, ``terminal``, ``letter_mask``): for a word ``w`` and
  every ``i`` in 1..n the path ``reversed(w[:i]) + SEPARATOR + w[i:]``.

Both directions are handled by one code path: orientation 0 is the board itself
(horizontal moves), orientation 1 its transpose (vertical moves). A *lane* is a row of the
oriented board. A *placement* is a lane and a span ``[s, e]`` of squares that a move's main
word covers exactly (squares before and after are empty or off the board): the empty
squares of the span receive rack tiles. For a placement the score of any word is
``const + sum(value(tile_i) * coef_i)`` over the placed tiles (seed 004, 2.6: letter
premiums, word premiums multiplied, cross-words, +50 for seven tiles), which gives an upper
bound by pairing the highest rack values with the highest coefficients. Placements are
searched in decreasing order of bound and the search stops when the next bound is below the
best score found (best-only pruning, ties kept). Inside a placement, branches are cut when a
rack letter that must still be placed lies below no path of the node, and (with blanks in
the rack) when the partial score plus a bound on the rest cannot reach the best score.
See docs/scrabble-fast.md.
"""

from __future__ import annotations

import numpy as np

from arbitre.jit import njit

# numba reads these module-level constants of the imported modules when it compiles the
# kernel (they are frozen in the on-disk cache, whose folder arbitre.jit keys by these sources).
from arbitre.lexicon.graph import SEPARATOR
from arbitre.scrabble.fast.anagram import KEYS as ANAGRAM_KEYS
from arbitre.scrabble.fast.anagram import _maybe as _anagram_maybe
from arbitre.scrabble.fast.fullrack import COUNTS as FULL_RACK_COUNTS
from arbitre.scrabble.fast.prefetch import prefetch_at
from arbitre.scrabble.tiles import ALL_LETTERS, BINGO_BONUS, RACK_SIZE

WARMUP_PLACEMENTS = 24  # first pass: this many placements of at most WARMUP_TILES tiles
WARMUP_TILES = 3
CAP = 17  # column of the capped bound in the kernel's ``pre`` table
FULL_RACK_CROSS_LETTERS = 6  # an empty square letting this few letters through selects words

# Move record layout in ``out_info`` rows.
INFO_ORIENT = 0
INFO_LANE = 1
INFO_START = 2
INFO_LENGTH = 3
INFO_SCORE = 4
INFO_WIDTH = 5


@njit(cache=True, inline="always")
def _popcount32(x: int) -> int:
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, inline="always")
def _popcount64(x: int) -> int:
    """Bits set in ``x`` (an int64 read as 64 bits)."""
    return _popcount32(x & 0xFFFFFFFF) + _popcount32((x >> 32) & 0xFFFFFFFF)


@njit(cache=True)
def _full_rack_chunks(n, rk, fr_count, fr_bits, fr_chunk_start, nz_chunk, nz_bits):  # type: ignore[no-untyped-def]
    """The words of ``n`` letters that hold every natural letter of the rack ``rk``, 64 at a
    time: for each group of 64 words with one such word at least, its number in
    ``nz_chunk`` and its bit set in ``nz_bits``; returns how many groups (-1 when the word
    list has no index). The bit sets of "holds the letter as many times as the rack" are
    intersected (beyond ``FULL_RACK_COUNTS`` times, checked later with the rest:
    :func:`_full_rack_fits`)."""
    k = fr_count[n]
    if k < 0:
        return -1
    letters = np.empty(26, dtype=np.int64)  # columns of fr_bits: letter and count held
    nd = 0
    for lt in range(26):
        if rk[lt] > 0:
            letters[nd] = (min(rk[lt], FULL_RACK_COUNTS) - 1) * 26 + lt
            nd += 1
    c0 = fr_chunk_start[n]
    found = 0
    for c in range((k + 63) // 64):
        v = fr_bits[c0 + c, letters[0]]
        for i in range(1, nd):
            if v == 0:
                break
            v &= fr_bits[c0 + c, letters[i]]
        if v != 0:
            nz_chunk[found] = c
            nz_bits[found] = v
            found += 1
    return found


@njit(cache=True, inline="always")
def _full_rack_fits(
    row, s, e, allow_at, rk, fr_letters, fr_word_start, fr_at_bits, fr_at_start, nz_chunk,
    nz_bits, nnz, need, board_at, cross_at,
):  # fmt: skip  # type: ignore[no-untyped-def]
    """Whether some word fills the full-rack placement ``[s, e]`` of ``row`` (every rack tile
    goes down): among the groups of :func:`_full_rack_chunks` (words of its length holding
    every natural tile of the rack), a word holding the board's letters on their squares
    and, on each empty square, a letter its cross-set accepts (``allow_at``) (both selected
    64 words at a time by the index's letter-at-position bit sets), whose letters on the
    empty squares the rack covers, blanks standing for the letters its natural tiles lack.
    ``need`` holds the rack's natural counts and is left as it was found; ``board_at`` and
    ``cross_at`` are scratch space.

    A placement of fewer tiles is not checked this way: with no rack letter to select the
    words, the check costs more than the walk it would save (bench/bench_movegen.py).
    """
    n = e - s + 1
    nb = 0
    for q in range(s, e + 1):
        if row[q] >= 0:
            board_at[nb] = (q - s) * 26 + row[q] % 26
            nb += 1
    # Empty squares whose cross-word lets few letters through select words too.
    nx = 0
    for q in range(s, e + 1):
        if row[q] < 0 and _popcount32(allow_at[q]) <= FULL_RACK_CROSS_LETTERS:
            cross_at[nx] = q
            nx += 1
    base = fr_word_start[n]
    for i in range(nnz):
        c = nz_chunk[i]
        v = nz_bits[i]
        at0 = fr_at_start[n] + c * n * 26
        for j in range(nb):
            if v == 0:
                break
            v &= fr_at_bits[at0 + board_at[j]]
        for j in range(nx):
            if v == 0:
                break
            q = cross_at[j]
            allowed = allow_at[q]
            union = np.int64(0)
            while allowed != 0:
                low_letter = allowed & -allowed
                allowed ^= low_letter
                union |= fr_at_bits[at0 + (q - s) * 26 + _popcount32(low_letter - 1)]
            v &= union
        while v != 0:
            low = v & -v
            v ^= low
            off = base + (c * 64 + _popcount64(low - 1)) * n
            fits = True
            for q in range(s, e + 1):
                if row[q] < 0 and ((allow_at[q] >> fr_letters[off + q - s]) & 1) == 0:
                    fits = False
                    break
            if not fits:
                continue
            uncovered = 0  # empty squares that no natural tile left covers: blanks needed
            for q in range(s, e + 1):
                if row[q] < 0:
                    lt = fr_letters[off + q - s]
                    if need[lt] > 0:
                        need[lt] -= 1
                    else:
                        uncovered += 1
            for q in range(s, e + 1):
                if row[q] < 0:
                    lt = fr_letters[off + q - s]
                    need[lt] = rk[lt]
            if uncovered <= rk[26]:
                return True
    return False


@njit(cache=True, inline="always")
def _child(graph, node, letter):  # type: ignore[no-untyped-def]
    """The record of ``node``'s child by ``letter``, -1 when absent (children are stored in
    the order of their labels, right after the node's header: :func:`pack_graph`)."""
    m = graph[node] & NODE_LETTERS
    bit = np.int64(1) << letter
    if (m & bit) == 0:
        return -1
    return graph[node + NODE_CHILDREN + _popcount32(m & (bit - 1))]


@njit(cache=True, inline="always")
def _prefetch_children(graph, node, letters):  # type: ignore[no-untyped-def]
    """Start reading the records of ``node``'s children by the letters of the bit set
    ``letters`` (all in the node) at once, before they are tried one by one: when the graph
    is not in the cache (a position searched once), their reads overlap instead of following
    each other (``prefetch_at`` is a hint; nothing is read into the program)."""
    m = graph[node]
    while letters != 0:
        low = letters & -letters
        letters ^= low
        prefetch_at(graph, graph[node + NODE_CHILDREN + _popcount32(m & (low - 1))])


#: Bit of a node's summary (:func:`subtree_summary`) where its path lengths start.
LENGTHS_SHIFT = 32


@njit(cache=True)
def subtree_summary(first_edge, edge_letter, edge_target, terminal):  # type: ignore[no-untyped-def]
    """For each node, what lies below it (int64, post-order over the acyclic automaton):
    bits 0..25, the letters on some path from it; bits ``LENGTHS_SHIFT + d``, that some path
    of ``d`` symbols (separator included) from it ends on a terminal node (d = 0..16).

    The walk cuts a branch when a rack letter that must still go down lies below no path
    (every rack tile placed), and when no path below has exactly the symbols the placement
    has left (a placement fixes the length of its word)."""
    n = first_edge.shape[0] - 1
    below = np.zeros(n, dtype=np.int64)
    state = np.zeros(n, dtype=np.uint8)  # 0 new, 1 open, 2 done
    stack = np.empty(n + 1, dtype=np.int64)
    letters_mask = (np.int64(1) << LENGTHS_SHIFT) - 1
    for start in range(n):
        if state[start] != 0:
            continue
        top = 0
        stack[0] = start
        state[start] = 1
        while top >= 0:
            node = stack[top]
            pushed = False
            for ed in range(first_edge[node], first_edge[node + 1]):
                t = edge_target[ed]
                if state[t] == 0:
                    state[t] = 1
                    top += 1
                    stack[top] = t
                    pushed = True
                    break
            if pushed:
                continue
            m = np.int64(0)
            lengths = np.int64(1) if terminal[node] else np.int64(0)
            for ed in range(first_edge[node], first_edge[node + 1]):
                lt = edge_letter[ed]
                if lt < 26:
                    m |= np.int64(1) << np.int64(lt)
                m |= below[edge_target[ed]] & letters_mask
                lengths |= (below[edge_target[ed]] >> LENGTHS_SHIFT) << 1
            below[node] = m | (lengths << LENGTHS_SHIFT)
            state[node] = 2
            top -= 1
    return below


#: Layout of a node's record in the packed graph (:func:`pack_graph`, int32): at its offset,
#: bits 0..26 the labels of its edges (letters and the separator) and bit 27 set when it is
#: terminal; then the letters below it (``NODE_BELOW``, bits 0..25 of its
#: :func:`subtree_summary`), the lengths of the paths below it (``NODE_LENGTHS``: bit ``d``
#: set when a path of ``d`` symbols ends on a terminal node) and the offsets of its children,
#: in the order of their labels (``NODE_CHILDREN``). A walk step reads one record, usually
#: one cache line, where the node and its edge targets took two (an array of edges apart).
NODE_LETTERS = (1 << 27) - 1
NODE_TERMINAL = 1 << 27
NODE_BELOW = 1
NODE_LENGTHS = 2
NODE_CHILDREN = 3
#: int32 words of a cache line: a record that fits in one never straddles two.
LINE_WORDS = 16


@njit(cache=True)
def pack_graph(first_edge, edge_target, letter_mask, terminal, summary, line_words=LINE_WORDS):  # type: ignore[no-untyped-def]
    """The nodes as records of one int32 array (see ``NODE_*``), the root's at offset 0,
    in depth-first order from the root (a node's first unplaced child right after it, so
    that a chain of single-child nodes is read in sequence), a record that fits in a
    cache line never straddling two (``LINE_WORDS``; the array is to be kept 64-byte
    aligned). Returns ``(graph, offset)``: ``offset[node]`` is the node's record (-1 for a
    node the root does not reach)."""
    n = first_edge.shape[0] - 1
    offset = np.full(n, -1, dtype=np.int64)
    order = np.empty(n, dtype=np.int64)
    stack = np.empty(edge_target.shape[0] + 1, dtype=np.int64)
    top = 0
    stack[0] = 0
    placed = 0
    size = 0
    while top >= 0:
        node = stack[top]
        top -= 1
        if offset[node] >= 0:
            continue
        words = NODE_CHILDREN + first_edge[node + 1] - first_edge[node]
        if words <= line_words and size // line_words != (size + words - 1) // line_words:
            size = (size // line_words + 1) * line_words
        offset[node] = size
        size += words
        order[placed] = node
        placed += 1
        for ed in range(first_edge[node + 1] - 1, first_edge[node] - 1, -1):
            if offset[edge_target[ed]] < 0:
                top += 1
                stack[top] = edge_target[ed]
    graph = np.zeros(size, dtype=np.int32)
    lengths_mask = (np.int64(1) << 32) - 1
    for i in range(placed):
        node = order[i]
        at = offset[node]
        rec = np.int64(letter_mask[node])
        if terminal[node]:
            rec |= NODE_TERMINAL
        graph[at] = rec
        graph[at + NODE_BELOW] = summary[node] & ((1 << 26) - 1)
        graph[at + NODE_LENGTHS] = (summary[node] >> LENGTHS_SHIFT) & lengths_mask
        for k in range(first_edge[node + 1] - first_edge[node]):
            graph[at + NODE_CHILDREN + k] = offset[edge_target[first_edge[node] + k]]
    return graph, offset


@njit(cache=True, inline="always")
def _walk_codes(graph, node, g, c, k_from, k_to, step):  # type: ignore[no-untyped-def]
    """The node reached from ``node`` by the letters of column ``c`` of ``g`` at rows
    ``k_from``, ``k_from + step``, ... up to ``k_to`` included (-1 when the path leaves the
    graph)."""
    k = k_from
    while node >= 0:
        node = _child(graph, node, g[k, c] % 26)
        if k == k_to:
            break
        k += step
    return node


@njit(cache=True)
def cross_sets(grid2, usable, g_nodes, values, xmask, xscore, xhas, xcache):  # type: ignore[no-untyped-def]
    """Fill cross-set masks, cross-scores and cross-word flags for both orientations.

    For an empty square of orientation ``o``, the cross-word is the run of tiles above and
    below it (perpendicular to the lane). ``xmask`` has bit ``k`` set when letter ``k``
    placed there makes a listed cross-word (seed 004, 2.6.2), for the letters of ``usable``
    only (the letters the rack can place: the search never asks about the others); all
    letters when there is no cross-word. ``xscore`` is the face value of the cross-word's
    existing tiles (blanks 0).

    Every path is a GADDAG path of the whole cross-word ``w = prefix + letter + suffix``:
    ``reversed(w) + SEPARATOR`` (the suffix walked once, then per letter the prefix) or
    ``reversed(prefix) + SEPARATOR + letter + suffix`` (the prefix walked once, then per
    letter the suffix), whichever walks fewer letters per candidate letter.

    ``xcache`` (int64, (slots, 4), slots a power of two; :func:`new_cross_cache`) keeps
    what earlier searches on the same graph found: per cross-word pattern (the letters
    above and below the square, :data:`CROSS_KEY`), the letters asked about and those that
    make a word; a square asks the graph only about the letters of ``usable`` no search has
    asked about yet for its pattern. Searches in order of one game meet the same
    cross-words again and again. No slots (shape (0, 4)): every square walks the graph.
    """
    slots = xcache.shape[0]
    for o in range(2):
        g = grid2[o]
        for r in range(15):
            for c in range(15):
                if g[r, c] >= 0:
                    xmask[o, r, c] = 0
                    xscore[o, r, c] = 0
                    xhas[o, r, c] = False
                    continue
                up = r
                while up > 0 and g[up - 1, c] >= 0:
                    up -= 1
                down = r
                while down < 14 and g[down + 1, c] >= 0:
                    down += 1
                if up == r and down == r:
                    xmask[o, r, c] = ALL_LETTERS
                    xscore[o, r, c] = 0
                    xhas[o, r, c] = False
                    continue
                xhas[o, r, c] = True
                sc = 0
                for k in range(up, r):
                    sc += values[g[k, c]]
                for k in range(r + 1, down + 1):
                    sc += values[g[k, c]]
                xscore[o, r, c] = sc
                need = usable
                known = 0
                have = 0
                slot = -1
                if slots > 0:
                    key1, key2 = _cross_key(g, c, up, r, down)
                    slot = ((key1 * CROSS_HASH_1 + key2 * CROSS_HASH_2) >> 40) & (slots - 1)
                    if xcache[slot, 0] == key1 and xcache[slot, 1] == key2:
                        known = xcache[slot, 2]
                        have = xcache[slot, 3]
                        need = usable & ~known
                    else:
                        xcache[slot, 0] = key1
                        xcache[slot, 1] = key2
                mask = 0
                if need == 0:
                    pass
                elif r - up <= down - r:
                    # reversed(suffix) + letter + reversed(prefix) + SEPARATOR, terminal (the
                    # suffix is not empty here).
                    node = _walk_codes(g_nodes, 0, g, c, down, r + 1, -1)
                    if node >= 0:
                        cand = (g_nodes[node] & NODE_LETTERS) & need
                        _prefetch_children(g_nodes, node, cand)
                        while cand != 0:
                            low = cand & -cand
                            cand ^= low
                            n2 = _child(g_nodes, node, _popcount32(low - 1))
                            if up < r:
                                n2 = _walk_codes(g_nodes, n2, g, c, r - 1, up, -1)
                            if n2 >= 0:
                                n2 = _child(g_nodes, n2, SEPARATOR)
                            if n2 >= 0 and (g_nodes[n2] & NODE_TERMINAL) != 0:
                                mask |= low
                else:
                    # reversed(prefix) + SEPARATOR + letter + suffix, terminal (the prefix is
                    # not empty here).
                    node = _walk_codes(g_nodes, 0, g, c, r - 1, up, -1)
                    if node >= 0:
                        node = _child(g_nodes, node, SEPARATOR)
                    if node >= 0:
                        cand = (g_nodes[node] & NODE_LETTERS) & need
                        _prefetch_children(g_nodes, node, cand)
                        while cand != 0:
                            low = cand & -cand
                            cand ^= low
                            n2 = _child(g_nodes, node, _popcount32(low - 1))
                            if down > r:
                                n2 = _walk_codes(g_nodes, n2, g, c, r + 1, down, 1)
                            if n2 >= 0 and (g_nodes[n2] & NODE_TERMINAL) != 0:
                                mask |= low
                if slot >= 0:
                    have |= mask
                    xcache[slot, 2] = known | need
                    xcache[slot, 3] = have
                    mask = have & usable
                xmask[o, r, c] = mask


#: A cross-word pattern's key (:func:`_cross_key`): its squares from top to bottom, each
#: 5 bits (a letter 1..26, :data:`CROSS_GAP` for the empty square), 12 in the first word
#: and the rest (at most 3) in the second, with the number of squares at bit 20: exact,
#: two patterns never share a key.
CROSS_KEY = 5
CROSS_GAP = 27
CROSS_HASH_1 = 0x2545F4914F6CDD1D
CROSS_HASH_2 = 0x1B873593
CROSS_SLOTS = 4096


@njit(cache=True, inline="always")
def _cross_key(g, c, up, r, down):  # type: ignore[no-untyped-def]
    """The key of the cross-word pattern of rows ``up..down`` of column ``c``, ``r`` the
    empty square (blanks count as the letter they stand for)."""
    key1 = np.int64(0)
    key2 = np.int64(0)
    for k in range(up, down + 1):
        sym = np.int64(CROSS_GAP) if k == r else np.int64(g[k, c] % 26 + 1)
        i = k - up
        if i < 12:
            key1 |= sym << (CROSS_KEY * i)
        else:
            key2 |= sym << (CROSS_KEY * (i - 12))
    return key1, key2 | (np.int64(down - up + 1) << 20)


def new_cross_cache(slots: int = CROSS_SLOTS) -> np.ndarray:
    """An empty cross-set cache for :func:`cross_sets` (no key matches -1), for one graph:
    what it holds is true of that graph only."""
    return np.full((slots, 4), -1, dtype=np.int64)


#: What :func:`check_input` finds wrong (0: nothing).
INPUT_NEGATIVE_COUNT = 1
INPUT_TOO_MANY_TILES = 2
INPUT_BAD_CODE = 3


@njit(cache=True)
def check_input(grid, rack):  # type: ignore[no-untyped-def]
    """0 when ``grid`` holds only -1..51 and ``rack`` only counts >= 0 summing to at most a
    rack; else the first ``INPUT_*`` problem found (one compiled pass: the same checks in
    numpy take a tenth of a search)."""
    total = 0
    for i in range(rack.shape[0]):
        if rack[i] < 0:
            return INPUT_NEGATIVE_COUNT
        total += rack[i]
    if total > RACK_SIZE:
        return INPUT_TOO_MANY_TILES
    for r in range(grid.shape[0]):
        for c in range(grid.shape[1]):
            if grid[r, c] < -1 or grid[r, c] > 51:
                return INPUT_BAD_CODE
    return 0


@njit(cache=True)
def _insertion_sort_desc(a, n):  # type: ignore[no-untyped-def]
    for i in range(1, n):
        v = a[i]
        k = i - 1
        while k >= 0 and a[k] < v:
            a[k + 1] = a[k]
            k -= 1
        a[k + 1] = v


@njit(cache=True)
def top_search(
    grid,
    rack,
    g_nodes,
    lm,
    wm,
    values,
    out_info,
    out_codes,
    fr_letters,
    fr_word_start,
    fr_count,
    fr_bits,
    fr_chunk_start,
    fr_at_bits,
    fr_at_start,
    an_bits,
    an_shift,
    xcache,
):  # type: ignore[no-untyped-def]
    """Find every move of the highest score: ``(n_found, best_score, n_placements, n_steps)``.

    Moves are written to ``out_info`` (orientation, lane, start, length, score) and
    ``out_codes`` (the word's tile codes, board tiles included) up to their capacity;
    ``n_found`` may exceed it, in which case the caller retries with larger buffers.
    ``best_score`` is -1 when no move exists. The last two count the placements searched and
    the search steps. The ``fr_*`` arrays are the word list's full-rack index
    (:mod:`arbitre.scrabble.fast.fullrack`; its ``count`` all -1 when there is none);
    ``an_bits`` and ``an_shift`` its anagram filter (:mod:`arbitre.scrabble.fast.anagram`);
    ``xcache`` the graph's cross-set cache (:func:`cross_sets`, :func:`new_cross_cache`).

    The steps, in order: both orientations of the board (:func:`_oriented`), the cross-sets
    (:func:`cross_sets`), the rack (:func:`_rack_summary`), the placements and their bounds
    (:func:`_placements`); then either the first move on an empty board (:func:`_first_move`,
    mirrored by :func:`_mirror_found`), or the placements searched best bound first
    (:func:`_search_placements`). The steps are inlined by numba (``inline="always"``):
    the compiled search is one function, as fast as when it was written as one.

    Invalid input (:func:`check_input`) gives ``n_found = -problem`` and searches nothing
    (checked here rather than by a call of its own: one call fewer from Python).
    """
    problem = check_input(grid, rack)
    if problem != 0:
        return -problem, -1, 0, 0
    grid2, lm2, wm2 = _oriented(grid, lm, wm)
    xmask = np.empty((2, 15, 15), dtype=np.int64)
    xscore = np.empty((2, 15, 15), dtype=np.int64)
    xhas = np.empty((2, 15, 15), dtype=np.bool_)
    rk, ntiles, rackmask, rv = _rack_summary(rack, values)
    if ntiles == 0:
        return 0, -1, 0, 0
    # With a blank, any letter can go on a square; else only the rack's letters.
    usable = ALL_LETTERS if rk[26] > 0 else rackmask
    cross_sets(grid2, usable, g_nodes, values, xmask, xscore, xhas, xcache)
    sqmax = _square_max(xmask, rackmask, rv[0], values)
    empty_board = _is_empty(grid)
    # On an empty board with symmetric premiums, vertical moves are the horizontal ones
    # transposed: search one direction and mirror the result.
    mirror = empty_board and _symmetric(lm, wm)
    p_o, p_lane, p_s, p_e, p_bound, p_k, npl = _placements(
        grid2, lm2, wm2, xmask, xscore, xhas, values, usable, ntiles, empty_board, rv, sqmax,
        1 if mirror else 2,
    )  # fmt: skip
    if mirror:
        # First move: the same words fit every span of a length; find them once.
        best, nfound, steps = _first_move(
            rack, ntiles, rackmask, g_nodes, lm, wm,
            values, p_s, p_e, p_bound, npl, out_info, out_codes,
        )  # fmt: skip
        return _mirror_found(out_info, out_codes, nfound), best, npl, steps
    return _search_placements(
        grid2, lm2, wm2, xmask, xscore, xhas, sqmax, values, rack, rk, ntiles, rackmask,
        usable, p_o, p_lane, p_s, p_e, p_bound, p_k, npl, g_nodes, out_info,
        out_codes,
        (fr_letters, fr_word_start, fr_count, fr_bits, fr_chunk_start, fr_at_bits, fr_at_start),
        an_bits, an_shift,
    )  # fmt: skip


@njit(cache=True, inline="always")
def _oriented(grid, lm, wm):  # type: ignore[no-untyped-def]
    """The board and the premiums in both orientations: index 0 as given (horizontal moves
    along rows), index 1 transposed (vertical moves)."""
    grid2 = np.empty((2, 15, 15), dtype=np.int64)
    lm2 = np.empty((2, 15, 15), dtype=np.int64)
    wm2 = np.empty((2, 15, 15), dtype=np.int64)
    for r in range(15):
        for c in range(15):
            grid2[0, r, c] = grid[r, c]
            grid2[1, c, r] = grid[r, c]
            lm2[0, r, c] = lm[r, c]
            lm2[1, c, r] = lm[r, c]
            wm2[0, r, c] = wm[r, c]
            wm2[1, c, r] = wm[r, c]
    return grid2, lm2, wm2


@njit(cache=True, inline="always")
def _rack_summary(rack, values):  # type: ignore[no-untyped-def]
    """``(counts, tiles, letter mask, values)``: the rack's counts as int64, its number of
    tiles, the bit mask of its natural letters, and its tile values highest first (blanks 0)."""
    rk = np.zeros(27, dtype=np.int64)
    ntiles = 0
    rackmask = 0
    for i in range(27):
        rk[i] = rack[i]
        ntiles += rack[i]
        if i < 26 and rack[i] > 0:
            rackmask |= 1 << i
    rv = np.zeros(RACK_SIZE + 1, dtype=np.int64)
    nv = 0
    for i in range(27):
        for _ in range(rack[i]):
            if nv < RACK_SIZE + 1:
                rv[nv] = values[i] if i < 26 else 0
                nv += 1
    _insertion_sort_desc(rv, nv)
    return rk, ntiles, rackmask, rv


@njit(cache=True, inline="always")
def _is_empty(grid):  # type: ignore[no-untyped-def]
    for r in range(15):
        for c in range(15):
            if grid[r, c] >= 0:
                return False
    return True


@njit(cache=True, inline="always")
def _symmetric(lm, wm):  # type: ignore[no-untyped-def]
    """Whether the premiums are symmetric about the main diagonal."""
    for r in range(15):
        for c in range(15):
            if lm[r, c] != lm[c, r] or wm[r, c] != wm[c, r]:
                return False
    return True


@njit(cache=True, inline="always")
def _square_max(xmask, rackmask, rmax, values):  # type: ignore[no-untyped-def]
    """Highest rack value that fits each square (0 when only a blank fits)."""
    sqmax = np.zeros((2, 15, 15), dtype=np.int64)
    for o in range(2):
        for r in range(15):
            for c in range(15):
                m = xmask[o, r, c] & rackmask
                if m == rackmask:
                    sqmax[o, r, c] = rmax
                    continue
                best_v = 0
                while m != 0:
                    low = m & -m
                    m ^= low
                    v = values[_popcount32(low - 1)]
                    if v > best_v:
                        best_v = v
                sqmax[o, r, c] = best_v
    return sqmax


@njit(cache=True, inline="always")
def _placements(
    grid2, lm2, wm2, xmask, xscore, xhas, values, usable, ntiles, empty_board, rv, sqmax,
    n_orient,
):  # fmt: skip  # type: ignore[no-untyped-def]
    """Every placement (orientation, lane, span ``[s, e]``, tiles placed) that a move could
    cover, with an upper bound of its score: ``(p_o, p_lane, p_s, p_e, p_bound, p_k, n)``.

    A span qualifies when its squares before and after are empty, each of its empty squares
    accepts a letter the rack can supply, it places 1..``ntiles`` tiles and connects (a
    board tile, a cross-word, or the centre star). The bound pairs the highest rack values
    with the highest square coefficients, capped by each square's best fitting value.
    """
    maxp = 2 * 15 * 15 * 8
    p_o = np.empty(maxp, dtype=np.int64)
    p_lane = np.empty(maxp, dtype=np.int64)
    p_s = np.empty(maxp, dtype=np.int64)
    p_e = np.empty(maxp, dtype=np.int64)
    p_bound = np.empty(maxp, dtype=np.int64)
    p_k = np.empty(maxp, dtype=np.int64)
    npl = 0
    coefs = np.empty(16, dtype=np.int64)
    e_lm = np.empty(16, dtype=np.int64)
    e_cross = np.empty(16, dtype=np.int64)
    for o in range(n_orient):
        for lane in range(15):
            row = grid2[o, lane]
            # A lane with no tile, no cross-word square and not the centre: no placement.
            anchored = empty_board and lane == 7
            for q in range(15):
                if row[q] >= 0 or xhas[o, lane, q]:
                    anchored = True
                    break
            if not anchored:
                continue
            for s in range(15):
                if s > 0 and row[s - 1] >= 0:
                    continue
                k = 0
                fixed_sum = 0
                wmul = 1
                connected = False
                cross_const = 0
                last_empty = -1
                # Kept as the span grows: the empty squares' coefficients, highest first
                # (``coefs[:k]``), their letter premiums and cross-word parts (a coefficient
                # is ``lm * wmul + cross``), and the two parts of the capped sum.
                lm_sq = 0
                cross_sq = 0
                for e in range(s, 15):
                    if row[e] >= 0:
                        fixed_sum += values[row[e]]
                        connected = True
                    else:
                        if (xmask[o, lane, e] & usable) == 0:
                            break
                        k += 1
                        if k > ntiles:
                            break
                        w = wm2[o, lane, e]
                        wmul *= w
                        last_empty = e
                        lmq = lm2[o, lane, e]
                        cross = 0
                        if xhas[o, lane, e]:
                            connected = True
                            cross_const += w * xscore[o, lane, e]
                            cross = lmq * w
                        if empty_board and lane == 7 and e == 7:
                            connected = True
                        e_lm[k - 1] = lmq
                        e_cross[k - 1] = cross
                        lm_sq += lmq * sqmax[o, lane, e]
                        cross_sq += cross * sqmax[o, lane, e]
                        if w == 1:
                            cf = lmq * wmul + cross
                            i = k - 1
                            while i > 0 and coefs[i - 1] < cf:
                                coefs[i] = coefs[i - 1]
                                i -= 1
                            coefs[i] = cf
                        else:  # a word premium: every coefficient changes
                            for i in range(k):
                                coefs[i] = e_lm[i] * wmul + e_cross[i]
                            _insertion_sort_desc(coefs, k)
                    if e == s or k == 0 or not connected:
                        continue
                    if e < 14 and row[e + 1] >= 0:
                        continue
                    # A single tile forming words both ways is generated horizontally only.
                    if o == 1 and k == 1 and xhas[1, lane, last_empty]:
                        continue
                    capped = wmul * lm_sq + cross_sq
                    paired = 0
                    for q in range(k):
                        paired += coefs[q] * rv[q]
                    if capped < paired:
                        paired = capped
                    bound = wmul * fixed_sum + cross_const + paired
                    if k == RACK_SIZE:
                        bound += BINGO_BONUS
                    p_o[npl] = o
                    p_lane[npl] = lane
                    p_s[npl] = s
                    p_e[npl] = e
                    p_bound[npl] = bound
                    p_k[npl] = k
                    npl += 1
    return p_o, p_lane, p_s, p_e, p_bound, p_k, npl


@njit(cache=True, inline="always")
def _search_placements(
    grid2, lm2, wm2, xmask, xscore, xhas, sqmax, values, rack, rk, ntiles, rackmask, usable,
    p_o, p_lane, p_s, p_e, p_bound, p_k, npl, g_nodes,
    out_info, out_codes, full_rack, an_bits, an_shift,
):  # fmt: skip  # type: ignore[no-untyped-def]
    """Search the placements in decreasing order of bound, stopping at the first bound below
    the best score: ``(n_found, best_score, n_placements, n_steps)`` as :func:`top_search`.

    With a blank in the rack, a placement that takes every rack tile is first checked
    against the words of its length that hold all the rack's natural tiles
    (:func:`_full_rack_chunks`, built once per length and search, and
    :func:`_full_rack_fits`): when none fits, the placement is skipped without a walk.

    Two passes: first a few short placements of high bound (cheap to search, and the score
    they find prunes the rest), then everything in decreasing order of bound. For each
    placement: its score coefficients (:func:`_placement_coefficients`), the order of its
    squares (:func:`_pivot`, :func:`_step_order`), the bounds of what is left at each step
    (:func:`_prefix_bounds`), then the walk of the GADDAG along it, each word reaching the
    end kept by :func:`_record`.

    The walk is the innermost loop and stays in this function: as a function of its own,
    called (or inlined by numba) once per placement, it cost 10 to 40% of the search time
    in reference counts of its two dozen array arguments (bench/bench_movegen.py).
    """
    # The placements in two max-heaps by bound (built in linear time; a search takes only
    # the few placements whose bound reaches the best score, not a full sort).
    short = np.empty(max(npl, 1), dtype=np.int64)
    long = np.empty(max(npl, 1), dtype=np.int64)
    n_short = 0
    n_long = 0
    for pi in range(npl):
        if p_k[pi] <= WARMUP_TILES:
            short[n_short] = pi
            n_short += 1
        else:
            long[n_long] = pi
            n_long += 1
    _heapify(short, n_short, p_bound)
    _heapify(long, n_long, p_bound)
    best = -1
    nfound = 0
    explored = 0
    steps = 0
    seq = np.empty(17, dtype=np.int64)
    coef_at = np.zeros(15, dtype=np.int64)
    allow_at = np.zeros(15, dtype=np.int64)
    word = np.zeros(15, dtype=np.int64)
    # The walk's stack, by step: node, score so far, current letter, letters left to try,
    # first visit, blank used.
    node_st = np.zeros(18, dtype=np.int64)
    acc = np.zeros(18, dtype=np.int64)
    cur = np.zeros(18, dtype=np.int64)
    rem = np.zeros(18, dtype=np.int64)
    fresh = np.zeros(18, dtype=np.bool_)
    usedb = np.zeros(18, dtype=np.bool_)
    pre = np.zeros((18, 18), dtype=np.int64)
    rem_coefs = np.zeros(18, dtype=np.int64)
    ahead = np.zeros(18, dtype=np.int64)
    rackbits = rackmask
    rl, nrl = _rack_letters_by_value(rack, values)
    # ``worth[v]``: the letters worth at least ``v`` points.
    top_value = 0
    for lt in range(26):
        top_value = max(top_value, values[lt])
    worth = np.zeros(top_value + 1, dtype=np.int64)
    for lt in range(26):
        for v in range(values[lt] + 1):
            worth[v] |= np.int64(1) << lt
    # The in-search bound pays off only when blanks multiply the branches.
    use_bound = rk[26] > 0
    fr_letters, fr_word_start, fr_count, fr_bits, fr_chunk_start, fr_at_bits, fr_at_start = (
        full_rack
    )
    # The full-rack check (blanks only: without one the walk's letters-below cut is enough).
    # ... and with a natural tile to select the words by (``rackmask``: their letters).
    check_full = rk[26] > 0 and fr_count[0] >= 0 and rackmask != 0
    groups = 1
    if check_full:
        for span in range(16):
            groups = max(groups, (fr_count[span] + 63) // 64)
    nz_chunk = np.empty((16 if check_full else 1, groups), dtype=np.int64)
    nz_bits = np.empty((16 if check_full else 1, groups), dtype=np.int64)
    nnz = np.full(16, -2, dtype=np.int64)  # -2: not built yet, -1: no index
    board_at = np.empty(15, dtype=np.int64)
    cross_at = np.empty(15, dtype=np.int64)
    natural_need = np.zeros(26, dtype=np.int64)
    for lt in range(26):
        natural_need[lt] = rk[lt]
    # Without a blank, a placement taking every rack tile needs an anagram of the rack and
    # the span's board letters, one leaving a tile an anagram of the rest of the rack and
    # those letters: the word list's filter of letter multisets rules most of them out.
    check_anagram = rk[26] == 0
    rack_key = np.int64(0)
    for lt in range(26):
        rack_key += rk[lt] * ANAGRAM_KEYS[lt]
    # Two passes: a few short placements of high bound first (``WARMUP_*``), then every
    # placement left, the higher bound of the two heaps' tops first. Without a blank the
    # first pass is skipped: the bound order alone searches fewer placements (102 instead
    # of 108 on the median self-play position) and walks fewer steps; with a blank it is
    # kept (docs/scrabble-fast.md: fewer first-pass placements slowed the worst positions).
    phase = 0
    quota = WARMUP_PLACEMENTS if rk[26] > 0 else 0
    while True:
        if phase == 0:
            if quota == 0 or n_short == 0 or p_bound[short[0]] < best:
                phase = 1
                continue
            quota -= 1
            pi = short[0]
            n_short = _heap_pop(short, n_short, p_bound)
        else:
            if n_short > 0 and (n_long == 0 or p_bound[short[0]] >= p_bound[long[0]]):
                if p_bound[short[0]] < best:
                    break
                pi = short[0]
                n_short = _heap_pop(short, n_short, p_bound)
            elif n_long > 0:
                if p_bound[long[0]] < best:
                    break
                pi = long[0]
                n_long = _heap_pop(long, n_long, p_bound)
            else:
                break
        explored += 1
        o = p_o[pi]
        lane = p_lane[pi]
        s = p_s[pi]
        e = p_e[pi]
        row = grid2[o, lane]
        const, all_used = _placement_coefficients(
            row, o, lane, s, e, lm2, wm2, xmask, xscore, xhas, values, usable, ntiles,
            coef_at, allow_at,
        )  # fmt: skip
        if check_anagram and p_k[pi] >= ntiles - 1:
            h = rack_key
            for q in range(s, e + 1):
                if row[q] >= 0:
                    h += ANAGRAM_KEYS[row[q] % 26]
            if all_used:
                if not _anagram_maybe(an_bits, an_shift, h):
                    continue
            else:
                # One rack tile stays: an anagram without one of the rack's letters.
                fits = False
                for i in range(nrl):
                    if _anagram_maybe(an_bits, an_shift, h - ANAGRAM_KEYS[rl[i]]):
                        fits = True
                        break
                if not fits:
                    continue
        if all_used and check_full:
            span = e - s + 1
            if nnz[span] == -2:
                nnz[span] = _full_rack_chunks(
                    span, rk, fr_count, fr_bits, fr_chunk_start, nz_chunk[span],
                    nz_bits[span],
                )  # fmt: skip
            if nnz[span] >= 0 and not _full_rack_fits(
                row, s, e, allow_at, rk, fr_letters, fr_word_start, fr_at_bits,
                fr_at_start, nz_chunk[span], nz_bits[span], nnz[span], natural_need,
                board_at, cross_at,
            ):  # fmt: skip
                continue
        pivot = _pivot(row, s, e, allow_at)
        nsteps = _step_order(pivot, s, e, seq)
        # The board letters the path still has to cross after each step: a node with one of
        # them below no path of it leads to no word.
        ahead[nsteps] = 0
        for i in range(nsteps - 1, -1, -1):
            q = seq[i]
            ahead[i] = ahead[i + 1]
            if q >= 0 and row[q] >= 0:
                ahead[i] |= np.int64(1) << (row[q] % 26)
        if use_bound:
            _prefix_bounds(pre, rem_coefs, seq, nsteps, row, coef_at, sqmax, o, lane)
        else:
            _capped_bounds(pre, seq, nsteps, row, coef_at, sqmax, o, lane)
        # The walk: depth first along the squares in ``seq`` order, an explicit stack
        # indexed by step ``j``, rack tiles placed on the empty squares (natural tile
        # first, then a blank). A branch is cut when a rack letter that must still go
        # down lies below no path of the node (``all_used``) and, with ``use_bound``,
        # when the score so far plus a bound on the rest (:func:`_rest_bound`) cannot
        # reach the best score. The rack (``rk``, ``rackbits``) is whole again at the end.
        need = best - const  # prune a branch when acc + remaining bound < need
        j = 0
        node_st[0] = 0
        acc[0] = 0
        fresh[0] = True
        while j >= 0:
            steps += 1
            if j == nsteps:
                if (g_nodes[node_st[j]] & NODE_TERMINAL) != 0:
                    best, nfound = _record(
                        const + acc[j], best, nfound, o, lane, s, e - s + 1, word, s, out_info,
                        out_codes,
                    )  # fmt: skip
                    need = best - const
                j -= 1
                continue
            pos = seq[j]
            node = node_st[j]
            if pos < 0 or row[pos] >= 0:
                if fresh[j]:
                    fresh[j] = False
                    lt = SEPARATOR if pos < 0 else row[pos] % 26
                    ch = _child(g_nodes, node, lt)
                    if (
                        ch >= 0
                        and (
                            (ahead[j + 1] | (rackbits if all_used else 0))
                            & ~g_nodes[ch + NODE_BELOW]
                        )
                        == 0
                        and (g_nodes[ch + NODE_LENGTHS] >> (nsteps - 1 - j)) & 1
                    ):
                        if pos >= 0:
                            word[pos] = row[pos]
                        node_st[j + 1] = ch
                        acc[j + 1] = acc[j]
                        j += 1
                        fresh[j] = True
                        continue
                j -= 1
                continue
            # Empty square: candidates are the node's letters allowed by the cross-set and
            # present in the rack (any letter with a blank); natural tile first, then blank.
            if fresh[j]:
                fresh[j] = False
                avail = rackbits
                if rk[26] > 0:
                    avail = ALL_LETTERS
                rem[j] = (g_nodes[node] & NODE_LETTERS) & allow_at[pos] & avail
                cur[j] = -1
                if not use_bound:
                    # Only letters worth enough to reach the best with the squares after
                    # this one at their capped values (``pre[j + 1, CAP]``), before any of
                    # their records is read.
                    slack = need - acc[j] - pre[j + 1, CAP]
                    if slack > 0 and coef_at[pos] > 0:
                        least = (slack + coef_at[pos] - 1) // coef_at[pos]
                        rem[j] &= worth[least] if least <= top_value else 0
                _prefetch_children(g_nodes, node, rem[j])
            else:
                lt = cur[j]
                if usedb[j]:
                    rk[26] += 1
                else:
                    rk[lt] += 1
                    rackbits |= np.int64(1) << lt
                    if rk[26] > 0:
                        rk[26] -= 1
                        usedb[j] = True
                        ch = _child(g_nodes, node, lt)
                        below = g_nodes[ch + NODE_BELOW]
                        if (not all_used or (rackbits & ~below) == 0) and (
                            not use_bound
                            or acc[j] + _rest_bound(pre, j + 1, rk, rl, nrl, values, below) >= need
                        ):
                            word[pos] = lt + 26
                            node_st[j + 1] = ch
                            acc[j + 1] = acc[j]
                            j += 1
                            fresh[j] = True
                            continue
                        rk[26] += 1
            descended = False
            while rem[j] != 0:
                r = rem[j]
                low = r & -r
                rem[j] = r ^ low
                lt = _popcount32((low - 1) & 0xFFFFFFFF)
                cur[j] = lt
                ch = _child(g_nodes, node, lt)
                below = g_nodes[ch + NODE_BELOW]
                if ((g_nodes[ch + NODE_LENGTHS] >> (nsteps - 1 - j)) & 1) == 0 or (
                    ahead[j + 1] & ~below
                ) != 0:
                    continue  # no word of the placement's length, or with its letters, below
                if rk[lt] > 0:
                    rk[lt] -= 1
                    if rk[lt] == 0:
                        rackbits &= ~low
                    v = values[lt]
                    gain = v * coef_at[pos]
                    if (not all_used or (rackbits & ~below) == 0) and (
                        not use_bound
                        or acc[j] + gain + _rest_bound(pre, j + 1, rk, rl, nrl, values, below)
                        >= need
                    ):
                        usedb[j] = False
                        word[pos] = lt
                        acc[j + 1] = acc[j] + gain
                        descended = True
                        break
                    rk[lt] += 1
                    rackbits |= low
                if rk[26] > 0:
                    rk[26] -= 1
                    if (not all_used or (rackbits & ~below) == 0) and (
                        not use_bound
                        or acc[j] + _rest_bound(pre, j + 1, rk, rl, nrl, values, below) >= need
                    ):
                        usedb[j] = True
                        word[pos] = lt + 26
                        acc[j + 1] = acc[j]
                        descended = True
                        break
                    rk[26] += 1
            if not descended:
                j -= 1
                continue
            node_st[j + 1] = ch
            j += 1
            fresh[j] = True
    return nfound, best, explored, steps


@njit(cache=True, inline="always")
def _sift_down(heap, n, i, key):  # type: ignore[no-untyped-def]
    """Move ``heap[i]`` down to its place in the max-heap ``heap[:n]`` ordered by ``key``."""
    item = heap[i]
    k = key[item]
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and key[heap[child + 1]] > key[heap[child]]:
            child += 1
        if key[heap[child]] <= k:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = item


@njit(cache=True, inline="always")
def _heapify(heap, n, key):  # type: ignore[no-untyped-def]
    """Make ``heap[:n]`` a max-heap of indices ordered by ``key`` (linear time)."""
    for i in range(n // 2 - 1, -1, -1):
        _sift_down(heap, n, i, key)


@njit(cache=True, inline="always")
def _heap_pop(heap, n, key):  # type: ignore[no-untyped-def]
    """Remove the top of the max-heap ``heap[:n]`` (read it first as ``heap[0]``); returns
    the new size."""
    n -= 1
    if n > 0:
        heap[0] = heap[n]
        _sift_down(heap, n, 0, key)
    return n


@njit(cache=True, inline="always")
def _rack_letters_by_value(rack, values):  # type: ignore[no-untyped-def]
    """The distinct natural letters of the rack, highest value first: ``(letters, n)``."""
    rl = np.zeros(26, dtype=np.int64)
    nrl = 0
    for v in range(10, 0, -1):
        for i in range(26):
            if rack[i] > 0 and values[i] == v:
                rl[nrl] = i
                nrl += 1
    return rl, nrl


@njit(cache=True, inline="always")
def _placement_coefficients(
    row, o, lane, s, e, lm2, wm2, xmask, xscore, xhas, values, usable, ntiles, coef_at,
    allow_at,
):  # fmt: skip  # type: ignore[no-untyped-def]
    """The score of a word on the placement is ``const + sum(value_i * coef_at[i])`` over
    its empty squares: fill ``coef_at`` and ``allow_at`` (the letters each empty square
    accepts) and return ``(const, all_used)``; ``all_used``: every rack tile goes down."""
    wmul = 1
    fixed_sum = 0
    k = 0
    for q in range(s, e + 1):
        if row[q] < 0:
            wmul *= wm2[o, lane, q]
            k += 1
        else:
            fixed_sum += values[row[q]]
    const = wmul * fixed_sum
    if k == RACK_SIZE:
        const += BINGO_BONUS
    for q in range(s, e + 1):
        if row[q] < 0:
            cf = lm2[o, lane, q] * wmul
            if xhas[o, lane, q]:
                cf += lm2[o, lane, q] * wm2[o, lane, q]
                const += wm2[o, lane, q] * xscore[o, lane, q]
            coef_at[q] = cf
            allow_at[q] = xmask[o, lane, q] & usable
    return const, k == ntiles


@njit(cache=True, inline="always")
def _pivot(row, s, e, allow_at):  # type: ignore[no-untyped-def]
    """Where the GADDAG walk starts: the rightmost square of the longest run of board tiles,
    else the most constrained empty square."""
    pivot = -1
    best_len = 0
    q = s
    while q <= e:
        if row[q] >= 0:
            q2 = q
            while q2 + 1 <= e and row[q2 + 1] >= 0:
                q2 += 1
            if q2 - q + 1 > best_len:
                best_len = q2 - q + 1
                pivot = q2
            q = q2 + 1
        else:
            q += 1
    if pivot < 0:
        fewest = 99
        for q in range(s, e + 1):
            pc = _popcount32(allow_at[q])
            if pc < fewest:
                fewest = pc
                pivot = q
    return pivot


@njit(cache=True, inline="always")
def _step_order(pivot, s, e, seq):  # type: ignore[no-untyped-def]
    """The squares in GADDAG order: the pivot leftwards to ``s``, the separator (-1), then
    rightwards to ``e``; returns the number of steps."""
    nsteps = 0
    for q in range(pivot, s - 1, -1):
        seq[nsteps] = q
        nsteps += 1
    seq[nsteps] = -1
    nsteps += 1
    for q in range(pivot + 1, e + 1):
        seq[nsteps] = q
        nsteps += 1
    return nsteps


@njit(cache=True, inline="always")
def _prefix_bounds(pre, rem_coefs, seq, nsteps, row, coef_at, sqmax, o, lane):  # type: ignore[no-untyped-def]
    """Fill the table of the in-search bound (remaining rack values paired with the
    coefficients still to fill). ``pre[j, m]``: sum of the ``m`` largest coefficients of the
    empty squares at steps >= ``j``; ``pre[j, CAP]``: sum of coefficient x highest rack value
    its cross-set allows."""
    m = 0
    for i in range(RACK_SIZE + 2):
        pre[nsteps, i] = 0
    pre[nsteps, CAP] = 0
    for j in range(nsteps - 1, -1, -1):
        q = seq[j]
        pre[j, CAP] = pre[j + 1, CAP]
        if q >= 0 and row[q] < 0:
            cf = coef_at[q]
            pre[j, CAP] += cf * sqmax[o, lane, q]
            i = m
            while i > 0 and rem_coefs[i - 1] < cf:
                rem_coefs[i] = rem_coefs[i - 1]
                i -= 1
            rem_coefs[i] = cf
            m += 1
        pre[j, 0] = 0
        for i in range(m):
            pre[j, i + 1] = pre[j, i] + rem_coefs[i]
        for i in range(m, RACK_SIZE + 1):
            pre[j, i + 1] = pre[j, i]


@njit(cache=True, inline="always")
def _capped_bounds(pre, seq, nsteps, row, coef_at, sqmax, o, lane):  # type: ignore[no-untyped-def]
    """Only the capped column of :func:`_prefix_bounds`: ``pre[j, CAP]``, the sum over the
    empty squares at steps >= ``j`` of their coefficient times the highest rack value their
    cross-set allows (an upper bound of what they can add, checked in O(1) per step)."""
    pre[nsteps, CAP] = 0
    for j in range(nsteps - 1, -1, -1):
        q = seq[j]
        pre[j, CAP] = pre[j + 1, CAP]
        if q >= 0 and row[q] < 0:
            pre[j, CAP] += coef_at[q] * sqmax[o, lane, q]


@njit(cache=True, inline="always")
def _record(
    score, best, nfound, orient, lane, start, length, word, word_start, out_info, out_codes
):  # type: ignore[no-untyped-def]
    """Keep a move of ``score`` when it is at least the best so far (a better score drops
    the moves kept); returns the new ``(best, n_found)``. The word's codes are
    ``word[word_start : word_start + length]``."""
    if score > best:
        best = score
        nfound = 0
    if score == best:
        if nfound < out_info.shape[0]:
            out_info[nfound, INFO_ORIENT] = orient
            out_info[nfound, INFO_LANE] = lane
            out_info[nfound, INFO_START] = start
            out_info[nfound, INFO_LENGTH] = length
            out_info[nfound, INFO_SCORE] = score
            for i in range(length):
                out_codes[nfound, i] = word[word_start + i]
        nfound += 1
    return best, nfound


@njit(cache=True, inline="always")
def _mirror_found(out_info, out_codes, nfound):  # type: ignore[no-untyped-def]
    """Add the vertical copy of each move found on the empty board; returns the new count."""
    cap = out_info.shape[0]
    for i in range(min(nfound, cap)):
        if nfound + i < cap:
            for q in range(INFO_WIDTH):
                out_info[nfound + i, q] = out_info[i, q]
            out_info[nfound + i, INFO_ORIENT] = 1
            for q in range(15):
                out_codes[nfound + i, q] = out_codes[i, q]
    return nfound * 2


@njit(cache=True)
def _first_move(
    rack,
    ntiles,
    rackmask,
    g_nodes,
    lm,
    wm,
    values,
    p_s,
    p_e,
    p_bound,
    npl,
    out_info,
    out_codes,
):  # type: ignore[no-untyped-def]  # noqa: E501
    """Top of the first move (empty board, horizontal spans of row H through H8).

    Every span of a given length accepts the same words, so the words of each length are
    enumerated once (GADDAG paths ``w[0] + SEPARATOR + w[1:]``) and scored on each span.
    Lengths are taken in decreasing order of their best span bound, and the search stops
    when that bound is below the best score. Returns ``(best, n_found, steps)``.
    """
    best = -1
    nfound = 0
    steps = 0
    rk = np.zeros(27, dtype=np.int64)
    for i in range(27):
        rk[i] = rack[i]
    rackbits = rackmask
    lbound = np.full(16, -1, dtype=np.int64)
    for i in range(npl):
        length = p_e[i] - p_s[i] + 1
        if p_bound[i] > lbound[length]:
            lbound[length] = p_bound[i]
    cf = np.zeros((15, 15), dtype=np.int64)
    word = np.zeros(15, dtype=np.int64)
    vals = np.zeros(15, dtype=np.int64)
    node_st = np.zeros(18, dtype=np.int64)
    rem = np.zeros(18, dtype=np.int64)
    cur = np.zeros(18, dtype=np.int64)
    usedb = np.zeros(18, dtype=np.bool_)
    fresh = np.zeros(18, dtype=np.bool_)
    lane = 7
    while True:
        length = -1
        for m in range(2, 16):
            if lbound[m] >= 0 and (length < 0 or lbound[m] > lbound[length]):
                length = m
        if length < 0 or lbound[length] < best:
            break
        lbound[length] = -1
        s_lo = max(0, lane + 1 - length)
        s_hi = min(lane, 15 - length)
        for s in range(s_lo, s_hi + 1):
            wmul = 1
            for i in range(length):
                wmul *= wm[lane, s + i]
            for i in range(length):
                cf[s, i] = lm[lane, s + i] * wmul
        const = BINGO_BONUS if length == RACK_SIZE else 0
        all_used = length == ntiles
        last = length + 1  # path symbols: letter 0, separator, letters 1..length-1
        d = 0
        node_st[0] = 0
        fresh[0] = True
        while d >= 0:
            steps += 1
            node = node_st[d]
            if d == last:
                if (g_nodes[node] & NODE_TERMINAL) != 0:
                    for s in range(s_lo, s_hi + 1):
                        score = const
                        for i in range(length):
                            score += vals[i] * cf[s, i]
                        best, nfound = _record(
                            score, best, nfound, 0, lane, s, length, word, 0, out_info, out_codes
                        )
                d -= 1
                continue
            if d == 1:
                if fresh[d]:
                    fresh[d] = False
                    ch = _child(g_nodes, node, SEPARATOR)
                    if ch >= 0:
                        node_st[d + 1] = ch
                        d += 1
                        fresh[d] = True
                        continue
                d -= 1
                continue
            wi = 0 if d == 0 else d - 1
            if fresh[d]:
                fresh[d] = False
                avail = rackbits
                if rk[26] > 0:
                    avail = ALL_LETTERS
                rem[d] = (g_nodes[node] & NODE_LETTERS) & avail
            else:
                lt = cur[d]
                if usedb[d]:
                    rk[26] += 1
                else:
                    rk[lt] += 1
                    rackbits |= np.int64(1) << lt
                    if rk[26] > 0:
                        ch = _child(g_nodes, node, lt)
                        if not all_used or (rackbits & ~g_nodes[ch + NODE_BELOW]) == 0:
                            rk[26] -= 1
                            usedb[d] = True
                            word[wi] = lt + 26
                            vals[wi] = 0
                            node_st[d + 1] = ch
                            d += 1
                            fresh[d] = True
                            continue
            descended = False
            while rem[d] != 0:
                r = rem[d]
                low = r & -r
                rem[d] = r ^ low
                lt = _popcount32((low - 1) & 0xFFFFFFFF)
                cur[d] = lt
                ch = _child(g_nodes, node, lt)
                below = g_nodes[ch + NODE_BELOW]
                if rk[lt] > 0:
                    rk[lt] -= 1
                    if rk[lt] == 0:
                        rackbits &= ~low
                    if not all_used or (rackbits & ~below) == 0:
                        usedb[d] = False
                        word[wi] = lt
                        vals[wi] = values[lt]
                        descended = True
                        break
                    rk[lt] += 1
                    rackbits |= low
                if rk[26] > 0 and (not all_used or (rackbits & ~below) == 0):
                    rk[26] -= 1
                    usedb[d] = True
                    word[wi] = lt + 26
                    vals[wi] = 0
                    descended = True
                    break
            if not descended:
                d -= 1
                continue
            node_st[d + 1] = ch
            d += 1
            fresh[d] = True
    return best, nfound, steps


@njit(cache=True, inline="always")
def _rest_bound(pre, j, rk, rl, nrl, values, below):  # type: ignore[no-untyped-def]
    """Upper bound of what the squares at steps >= j can add: the rack tiles left whose
    letter still lies below the node, highest values first, on the largest coefficients
    (rearrangement inequality); at most the capped sum ``pre[j, CAP]``."""
    total = 0
    used = 0
    for i in range(nrl):
        lt = rl[i]
        t = rk[lt]
        if t > 0 and (below >> lt) & 1:
            if used + t > RACK_SIZE:
                t = RACK_SIZE - used
            total += values[lt] * (pre[j, used + t] - pre[j, used])
            used += t
    if pre[j, CAP] < total:
        return pre[j, CAP]
    return total
