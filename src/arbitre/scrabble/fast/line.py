"""One line of ``arbitre scrabble top --batch`` answered in one compiled call (numba).

``top_line(line, ...)`` reads a ``BOARD RACK [ignored...]`` line (ASCII bytes), searches the
top (``kernel.top_search``) and writes the head of its JSON answer,
``{"score": 74, "moves": ["A1 ARSEnITE", ...], "ms": `` into ``out``, the moves in the order
of ``ScoredMove`` (horizontal first, then row, column and word, a natural tile before a
blank): what ``text.top_texts`` answers, without a Python object per position. It answers
the number of bytes written, :data:`SKIP` for a line without a position (blank, or a
``#`` comment), or :data:`ELSEWHERE` for every line it does not answer with certainty:
text its readers do not take (``reader.read_rows``, and the rack reader here, which reads
what ``text.rack_counts`` reads directly), a line of one field, more tied moves than the
buffers hold or than :data:`SORTED_HERE`. The caller answers those by the Python path
(``text.top_texts``, ``Board.from_text``, ``Rack.parse``), which reads them or raises their
refusal. The tests hold its answers equal to that path's on every self-play position and on
generated lines.
"""

from __future__ import annotations

import numpy as np

from arbitre.jit import njit
from arbitre.scrabble.fast.kernel import INFO_LENGTH, INFO_ORIENT, INFO_START, top_search
from arbitre.scrabble.fast.reader import read_rows_at
from arbitre.scrabble.tiles import RACK_SIZE

SKIP = 0
ELSEWHERE = -1
#: Most tied moves sorted here (insertion sort); more go to the Python path.
SORTED_HERE = 64
#: Bytes ``out`` must hold: the head and :data:`SORTED_HERE` moves of 15 letters.
OUT_BYTES = 64 + SORTED_HERE * 24

SPACE = 32
SLASH = 47
PLUS = 43
MINUS = 45
HASH = 35
QUOTE = 34
# The JSON answer's fixed parts (numba keeps module arrays as constants).
SCORE_HEAD = np.frombuffer(b'{"score": ', dtype=np.uint8).copy()
MOVES_HEAD = np.frombuffer(b', "moves": [', dtype=np.uint8).copy()
MS_HEAD = np.frombuffer(b'], "ms": ', dtype=np.uint8).copy()


@njit(cache=True, inline="always")
def _is_space(ch):  # type: ignore[no-untyped-def]
    """What ``str.split()`` splits an ASCII line on."""
    return ch == SPACE or 9 <= ch <= 13 or 28 <= ch <= 31


@njit(cache=True, inline="always")
def _write(out, at, text):  # type: ignore[no-untyped-def]
    for i in range(len(text)):
        out[at + i] = text[i]
    return at + len(text)


@njit(cache=True, inline="always")
def _write_int(out, at, value):  # type: ignore[no-untyped-def]
    """``str(value)`` for ``value >= 0``."""
    digits = 1
    v = value
    while v >= 10:
        v //= 10
        digits += 1
    for i in range(digits - 1, -1, -1):
        out[at + i] = 48 + value % 10
        value //= 10
    return at + digits


@njit(cache=True, inline="always")
def _letter(code):  # type: ignore[no-untyped-def]
    """The byte of a tile code: A..Z for a tile, a..z for a blank."""
    return 65 + code if code < 26 else 97 + code - 26


@njit(cache=True, inline="always")
def _before(info, codes, a, b):  # type: ignore[no-untyped-def]
    """Whether move ``a`` comes before move ``b`` in ``ScoredMove`` order (equal scores):
    horizontal first, then row, column, word."""
    oa = info[a, INFO_ORIENT]
    ob = info[b, INFO_ORIENT]
    if oa != ob:
        return oa < ob
    # (row, column): (lane, start) for a horizontal move, (start, lane) for a vertical one.
    ra, ca = info[a, 1], info[a, INFO_START]
    rb, cb = info[b, 1], info[b, INFO_START]
    if oa == 1:
        ra, ca = ca, ra
        rb, cb = cb, rb
    if ra != rb:
        return ra < rb
    if ca != cb:
        return ca < cb
    na = info[a, INFO_LENGTH]
    nb = info[b, INFO_LENGTH]
    for i in range(min(na, nb)):
        la = _letter(codes[a, i])
        lb = _letter(codes[b, i])
        if la != lb:
            return la < lb
    return na < nb


@njit(cache=True)
def top_line(  # type: ignore[no-untyped-def]
    line, board_limits, rack_table, rack_limits, grid, rack, order, out, g_nodes, lm, wm,
    values, out_info, out_codes, fr_letters, fr_word_start, fr_count, fr_bits, fr_chunk_start,
    fr_at_bits, fr_at_start, an_bits, an_shift, xcache,
):  # fmt: skip
    """The head of the line's JSON answer in ``out``: its length, or :data:`SKIP` or
    :data:`ELSEWHERE` (see the module). ``grid`` (int8 (15, 15)), ``rack`` (int32 (27,)),
    ``order`` (int64, :data:`SORTED_HERE`) and ``out`` (uint8, :data:`OUT_BYTES`) are
    scratch space; the rest is ``kernel.top_search``'s."""
    n = len(line)
    for i in range(n):
        ch = line[i]
        if ch >= 127 or (ch < 32 and not _is_space(ch)):
            return ELSEWHERE
    # The first two fields, as str.split() cuts them.
    i = 0
    while i < n and _is_space(line[i]):
        i += 1
    if i == n or line[i] == HASH:
        return SKIP
    b0 = i
    while i < n and not _is_space(line[i]):
        i += 1
    b1 = i
    while i < n and _is_space(line[i]):
        i += 1
    if i == n:
        return ELSEWHERE  # one field: the Python path words the refusal
    r0 = i
    while i < n and not _is_space(line[i]):
        i += 1
    r1 = i
    # The board: ``/``-separated rows only (``text.board_codes``).
    slash = False
    for k in range(b0, b1):
        if line[k] == SLASH:
            slash = True
            break
    if not slash or read_rows_at(line, b0, b1, board_limits, grid) != 0:
        return ELSEWHERE
    # The rack: ``+`` dropped, ``-`` alone for no tile, at most seven letters and ``?``.
    for k in range(27):
        rack[k] = 0
    kept = 0
    first = 0
    seen = 0
    for k in range(r0, r1):
        ch = line[k]
        if ch == PLUS:
            continue
        kept += 1
        if kept == 1:
            first = ch
        code = rack_table[ch]
        if code < 27:
            rack[code] += 1
            if rack[code] > rack_limits[code]:
                return ELSEWHERE
        else:
            seen += 1
    if kept == 1 and first == MINUS:
        for k in range(27):
            rack[k] = 0
    elif kept > RACK_SIZE or seen > 0:
        return ELSEWHERE
    found, best, _, _ = top_search(
        grid, rack, g_nodes, lm, wm, values, out_info, out_codes, fr_letters, fr_word_start,
        fr_count, fr_bits, fr_chunk_start, fr_at_bits, fr_at_start, an_bits, an_shift, xcache,
    )  # fmt: skip
    if found < 0 or found > out_info.shape[0] or found > order.shape[0]:
        return ELSEWHERE
    at = _write(out, 0, SCORE_HEAD)
    at = _write_int(out, at, best if best > 0 else 0)
    at = _write(out, at, MOVES_HEAD)
    for k in range(found):
        j = k
        while j > 0 and _before(out_info, out_codes, k, order[j - 1]):
            order[j] = order[j - 1]
            j -= 1
        order[j] = k
    for k in range(found):
        m = order[k]
        if k > 0:
            out[at] = 44  # ,
            out[at + 1] = SPACE
            at += 2
        out[at] = QUOTE
        at += 1
        lane = out_info[m, 1]
        start = out_info[m, INFO_START]
        if out_info[m, INFO_ORIENT] == 0:
            out[at] = 65 + lane
            at = _write_int(out, at + 1, start + 1)
        else:
            at = _write_int(out, at, lane + 1)
            out[at] = 65 + start
            at += 1
        out[at] = SPACE
        at += 1
        for q in range(out_info[m, INFO_LENGTH]):
            out[at] = _letter(out_codes[m, q])
            at += 1
        out[at] = QUOTE
        at += 1
    return _write(out, at, MS_HEAD)
