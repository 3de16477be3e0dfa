"""Compiled reader of the board text format into the kernel's tile codes (numba).

``read_rows(data, limits, out)`` reads ``/``-separated board text (ASCII bytes, already
stripped) into ``out`` (int8 (15, 15): -1 empty, 0..25 tile, 26..51 blank) and answers 0,
or 1 for any text it does not read: the caller then hands the text to ``Board.from_text``,
which reads it or raises its refusal naming the row and what is wrong. It reads exactly what
``Board.from_text`` reads (tests hold the two equal on generated texts): 15 rows, each of 15
squares made of runs of empty squares written ``1``..``15`` (one or two digits, at most the
squares left in the row) and ASCII letters (upper case a tile, lower case a blank), and no
more of a tile than the game has (``limits``: A..Z, then the blanks).
"""

from __future__ import annotations

from arbitre.jit import njit
from arbitre.scrabble.tiles import SIZE

SLASH = 47  # "/"
ZERO = 48  # "0"
NINE = 57  # "9"


@njit(cache=True)
def read_rows(data, limits, out):  # type: ignore[no-untyped-def]
    """0 when ``data`` is board text that ``Board.from_text`` reads (codes in ``out``), else
    1 (``out`` then holds nothing of use)."""
    return read_rows_at(data, 0, len(data), limits, out)


@njit(cache=True, inline="always")
def read_rows_at(data, start, stop, limits, out):  # type: ignore[no-untyped-def]
    """:func:`read_rows` on ``data[start:stop]`` (an array of bytes or a ``bytes``)."""
    seen = limits * 0
    n = stop
    i = start
    for r in range(SIZE):
        if r > 0:
            if i >= n or data[i] != SLASH:
                return 1
            i += 1
        c = 0
        while i < n and data[i] != SLASH:
            ch = data[i]
            if ZERO <= ch <= NINE:
                run = ch - ZERO
                i += 1
                if i < n and ZERO <= data[i] <= NINE:
                    run = run * 10 + data[i] - ZERO
                    i += 1
                    if i < n and ZERO <= data[i] <= NINE:
                        return 1  # three digits or more
                if run == 0 or c + run > SIZE:
                    return 1
                for k in range(run):
                    out[r, c + k] = -1
                c += run
                continue
            if 65 <= ch <= 90:
                code = ch - 65
                kind = code
            elif 97 <= ch <= 122:
                code = ch - 97 + 26
                kind = 26
            else:
                return 1
            if c >= SIZE:
                return 1
            seen[kind] += 1
            if seen[kind] > limits[kind]:
                return 1
            out[r, c] = code
            c += 1
            i += 1
        if c != SIZE:
            return 1
    if i != n:
        return 1  # more than 15 rows
    return 0
