"""Where a top search's time goes: the kernel's phases timed one by one (not a test).

    python bench/profile_kernel.py [--games 60] [--seed 1] [--positions FILE] [--repeat 5]

numba has no profiler, so each phase is timed by compiled stand-ins that run the kernel's
own phase functions and stop after a given phase (``upto_*`` below); the time of a phase is
the difference between two successive stand-ins, each timed as the fastest of ``--repeat``
runs on the same position. Also timed: an empty compiled function taking the same
arguments as ``top_search`` (numba's call overhead), the kernel alone, and the Python
wrapper ``search_codes`` (input conversion and checks, buffers, decoding). Figures are
medians (microseconds) over all positions and over the middle decile of the positions
ranked by ``search_codes`` time (the "median positions").

``--positions FILE``: positions in the ``BOARD RACK ...`` format of
bench/selfplay_positions.py (else ``--games`` self-play games are played first).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

import arbitre.scrabble.fast as fast
from arbitre.scrabble.board import Board
from arbitre.scrabble.fast import kernel as K
from arbitre.scrabble.fast import text
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import ALL_LETTERS


@njit
def _noop(*args):  # type: ignore[no-untyped-def]
    return 0


@njit
def upto_orient(grid, rack, lm, wm, values):  # type: ignore[no-untyped-def]
    grid2, lm2, wm2 = K._oriented(grid, lm, wm)
    return grid2[0, 0, 0] + lm2[0, 0, 0] + wm2[0, 0, 0]


@njit
def upto_cross(grid, rack, lm, wm, values, gn):  # type: ignore[no-untyped-def]
    grid2, lm2, wm2 = K._oriented(grid, lm, wm)
    xmask = np.empty((2, 15, 15), dtype=np.int64)
    xscore = np.empty((2, 15, 15), dtype=np.int64)
    xhas = np.empty((2, 15, 15), dtype=np.bool_)
    K.cross_sets(
        grid2,
        (1 << 26) - 1 if rack[26] else K._rack_summary(rack, values)[2],
        gn,
        values,
        xmask,
        xscore,
        xhas,
        np.empty((0, 4), dtype=np.int64),  # no cross-set cache: the walks themselves
    )
    return xmask[0, 7, 7] + xscore[1, 7, 7]


@njit
def upto_placements(grid, rack, lm, wm, values, gn, do_sort):  # type: ignore[no-untyped-def]
    grid2, lm2, wm2 = K._oriented(grid, lm, wm)
    xmask = np.empty((2, 15, 15), dtype=np.int64)
    xscore = np.empty((2, 15, 15), dtype=np.int64)
    xhas = np.empty((2, 15, 15), dtype=np.bool_)
    K.cross_sets(
        grid2,
        (1 << 26) - 1 if rack[26] else K._rack_summary(rack, values)[2],
        gn,
        values,
        xmask,
        xscore,
        xhas,
        np.empty((0, 4), dtype=np.int64),  # no cross-set cache: the walks themselves
    )
    rk, ntiles, rackmask, rv = K._rack_summary(rack, values)
    usable = ALL_LETTERS if rk[26] > 0 else rackmask
    sqmax = K._square_max(xmask, rackmask, rv[0], values)
    empty_board = K._is_empty(grid)
    mirror = empty_board and K._symmetric(lm, wm)
    p_o, p_lane, p_s, p_e, p_bound, p_k, npl = K._placements(
        grid2, lm2, wm2, xmask, xscore, xhas, values, usable, ntiles, empty_board, rv, sqmax,
        1 if mirror else 2,
    )  # fmt: skip
    if do_sort:
        order = np.argsort(-p_bound[:npl], kind="mergesort")
        return npl + order[0] if npl else 0
    return npl


def best_of(repeat: int, fn, *args) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    clock = time.perf_counter
    for _ in range(repeat):
        t = clock()
        fn(*args)
        best = min(best, clock() - t)
    return best * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    from selfplay_positions import generate, load_lexicon

    lexicon = load_lexicon(None)
    g = fast.gaddag_arrays(lexicon)
    if args.positions:
        pairs = [line.split()[:2] for line in args.positions.read_text().splitlines()]
    else:
        pairs = [[p.board, p.rack] for p in generate(lexicon, args.games, args.seed)]
    lm, wm, values = fast._LM, fast._WM, fast.CODE_VALUES
    info, codes = fast._buffers(0)
    fr = g.full_rack
    kargs_tail = (g.graph,)
    rows = []
    for board_text, rack_text in pairs:
        grid = Board.from_text(board_text).grid_codes()
        rack = Rack.parse("" if rack_text == "-" else rack_text).counts()
        full = (
            grid, rack, *kargs_tail, lm, wm, values, info, codes, fr.letters,
            fr.word_start, fr.count, fr.bits, fr.chunk_start, fr.at_bits, fr.at_start,
            g.anagrams.bits, g.anagrams.shift, g.cross_cache,
        )  # fmt: skip
        for fn, a in (
            (_noop, full),
            (upto_orient, (grid, rack, lm, wm, values)),
            (upto_cross, (grid, rack, lm, wm, values, *kargs_tail)),
            (upto_placements, (grid, rack, lm, wm, values, *kargs_tail, False)),
            (upto_placements, (grid, rack, lm, wm, values, *kargs_tail, True)),
            (K.top_search, full),
        ):
            fn(*a)  # compile, and the position's graph nodes into the caches
        fast.search_codes(grid, rack, g)
        r = args.repeat
        rows.append(
            (
                best_of(r, fast.search_codes, grid, rack, g),
                best_of(r, K.top_search, *full),
                best_of(r, _noop, *full),
                best_of(r, upto_orient, grid, rack, lm, wm, values),
                best_of(r, upto_cross, grid, rack, lm, wm, values, *kargs_tail),
                best_of(r, upto_placements, grid, rack, lm, wm, values, *kargs_tail, False),
                best_of(r, upto_placements, grid, rack, lm, wm, values, *kargs_tail, True),
                best_of(r, K.check_input, grid, rack),
                best_of(r, fast.search_codes, grid, rack, g),
                upto_placements(grid, rack, lm, wm, values, *kargs_tail, False),
                K.top_search(*full)[2],
                K.top_search(*full)[3],
            )
        )
    a = np.array(rows)
    a[:, 0] = np.minimum(a[:, 0], a[:, 8])  # search_codes timed first and last
    order = np.argsort(a[:, 0])
    n = len(order)
    middle = a[order[int(n * 0.45) : int(n * 0.55) + 1]]
    worst = a[order[-max(1, n // 100) :]]
    print(f"{n} positions, best of {args.repeat}, microseconds (median of each column)")
    labels = [
        "search_codes (Python call)",
        "  top_search alone",
        "  numba call overhead, 20 args",
        "  orientation (upto_orient - overhead)",
        "  cross-sets (upto_cross - upto_orient)",
        "  rack, square maxima, placements",
        "  sort of placements",
        "  walks + recording (top_search - upto sort)",
        "  wrapper (search_codes - top_search)",
        "check_input alone",
        "placements built",
        "placements searched",
        "walk steps",
    ]
    for name, sel in (("all", a), ("median decile", middle), ("slowest 1%", worst)):
        m = np.median(sel, axis=0)
        (
            sc, ts, noop, orient, cross, place, place_sorted, check, sc2, built, explored, steps,
        ) = m  # fmt: skip
        sc = min(sc, sc2)  # timed first and last: the cheaper of the two
        values_ = [
            sc,
            ts,
            noop,
            orient - noop,
            cross - orient,
            place - cross,
            place_sorted - place,
            ts - place_sorted,
            sc - ts,
            check,
            built,
            explored,
            steps,
        ]
        print(f"\n{name} ({len(sel)} positions)")
        for label, v in zip(labels, values_, strict=True):
            print(f"  {label:46s} {v:9.1f}")
    batch_split(pairs, g, args.repeat)
    return 0


def batch_split(pairs: list[list[str]], g: fast.GaddagArrays, repeat: int) -> None:
    """What ``top --batch`` adds around the kernel on a line: its compiled line call
    (``text.line_heads``: reading, search, sorting and writing the moves) and the time and
    line end the CLI appends, against the kernel alone on the arrays the line reads to,
    best of ``repeat``; then every line once in order, as the CLI runs them."""
    head = text.line_heads(g)
    info, codes = fast._buffers(0)
    fr = g.full_rack
    clock = time.perf_counter

    def kernel_alone(grid: np.ndarray, rack: np.ndarray) -> object:
        return K.top_search(
            grid, rack, g.graph, fast._LM, fast._WM, fast.CODE_VALUES, info, codes, fr.letters,
            fr.word_start, fr.count, fr.bits, fr.chunk_start, fr.at_bits, fr.at_start,
            g.anagrams.bits, g.anagrams.shift, g.cross_cache,
        )  # fmt: skip

    def whole(line: str) -> str:
        started = clock()
        answered = head(line)
        assert answered
        return answered + repr(round((clock() - started) * 1000, 4)) + "}\n"

    lines = [f"{b} {r or '-'}\n" for b, r in pairs]
    kept = [
        (line, text.board_codes(b), text.rack_counts(r))
        for line, (b, r) in zip(lines, pairs, strict=True)
    ]
    kept = [x for x in kept if head(x[0])]  # more than 64 tied moves: the Python path
    rows = np.array(
        [
            (best_of(repeat, kernel_alone, grid, rack), best_of(repeat, whole, line))
            for line, grid, rack in kept
        ]
    )
    once = []
    for line, _, _ in kept:
        started = clock()
        whole(line)
        once.append((clock() - started) * 1e6)
    m = np.median(rows, axis=0)
    print(f"\ntop --batch line path ({len(kept)} of {len(lines)} lines), microseconds, medians")
    print(f"  kernel alone (top_search), best of {repeat:<2d}              {m[0]:9.1f}")
    print(f"  line: compiled call + time appended, best of {repeat:<2d}     {m[1]:9.1f}")
    print(
        f"  what the line path adds (per-line median)          {np.median(rows[:, 1] - rows[:, 0]):9.1f}"
    )
    print(f"  line, every line once in order (as the CLI runs)   {np.median(once):9.1f}")


if __name__ == "__main__":
    sys.exit(main())
