"""The top of a position given as text, answered as text: the path of ``top --batch``.

``top_texts(board_text, rack_text, gaddag)`` returns the top score and the moves written as
``str(Move)`` (``H4 MAiSON``), in the total order of ``ScoredMove``: the same answer as
``[str(m.move) for m in top_moves(Board.from_text(board_text), Rack.parse(rack_text), ...)]``
without building a ``Board``, a ``Rack``, ``Move`` or ``ScoredMove`` values. Reading a board
through ``Board.from_text`` cost more than the search itself (57 against 45 microseconds on
the median self-play position): here the board text is turned into the kernel's tile codes
by a compiled reader (``fast/reader.py``).

The readers here are shortcuts, not a second definition of the formats: they accept only
text they can read with certainty (``/``-separated rows of runs 1..15 and ASCII letters, a
rack of at most seven ASCII letters and ``?``), and hand anything else to
``Board.from_text`` / ``Rack.parse``, which read it or raise their own refusal. The tests
hold both readers equal to the reference ones on generated texts (hypothesis).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from arbitre.scrabble.board import Board
from arbitre.scrabble.fast import _LM, _WM, CODE_VALUES, _search_arrays, kernel
from arbitre.scrabble.fast import line as compiled_line
from arbitre.scrabble.fast.reader import read_rows
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import BLANK, LETTERS, RACK_SIZE, ROW_NAMES, SIZE, TILE_COUNTS

__all__ = ["board_codes", "line_heads", "move_texts", "rack_counts", "top_texts"]

#: Most tiles of each kind on a board: A..Z, then the blanks (``reader.read_rows``).
_BOARD_LIMITS = np.array([TILE_COUNTS[c] for c in LETTERS] + [TILE_COUNTS[BLANK]], dtype=np.int64)

#: Rack byte -> index in ``Rack.counts()`` (letters either case 0..25, ``?`` 26), else 27.
_RACK_TABLE = [27] * 256
for _i, _c in enumerate(LETTERS):
    _RACK_TABLE[ord(_c)] = _i
    _RACK_TABLE[ord(_c.lower())] = _i
_RACK_TABLE[ord(BLANK)] = 26
_RACK_LIMITS = [TILE_COUNTS[c] for c in LETTERS] + [TILE_COUNTS[BLANK], 0]


def board_codes(text: str) -> np.ndarray:
    """``Board.from_text(text).grid_codes()``, read by the compiled reader for ``/``-separated
    text; anything else (and every text it refuses) goes through ``Board.from_text``."""
    stripped = text.strip()
    if "/" in stripped and stripped.isascii():
        grid = np.empty((SIZE, SIZE), dtype=np.int8)
        data = np.frombuffer(stripped.encode("ascii"), dtype=np.uint8)
        if read_rows(data, _BOARD_LIMITS, grid) == 0:
            return grid
    return Board.from_text(text).grid_codes()


def rack_counts(text: str) -> np.ndarray:
    """``Rack.parse(text).counts()``, read directly for up to seven letters and ``?``;
    anything else (and every text it refuses) goes through ``Rack.parse``."""
    cleaned = text.strip().replace("+", "")
    if cleaned == "-":
        cleaned = ""
    if len(cleaned) <= RACK_SIZE and cleaned.isascii():
        counts = [0] * 28
        table, limits = _RACK_TABLE, _RACK_LIMITS
        for byte in cleaned.encode("ascii"):
            code = table[byte]
            counts[code] += 1
            if counts[code] > limits[code]:
                break
        else:
            return np.array(counts[:27], dtype=np.int32)
    return Rack.parse(text).counts()


#: ``H4`` for a horizontal move from row H column 4, ``4H`` for a vertical one, by
#: (orientation, lane, start) as the kernel reports them (orientation 0: horizontal).
_COORDINATES = (
    tuple(tuple(f"{ROW_NAMES[lane]}{start + 1} " for start in range(SIZE)) for lane in range(SIZE)),
    tuple(tuple(f"{lane + 1}{ROW_NAMES[start]} " for start in range(SIZE)) for lane in range(SIZE)),
)
#: Tile code -> its letter as a byte (capitals for tiles, lower case for blanks).
_CODE_LETTERS = bytes([65 + c for c in range(26)] + [97 + c for c in range(26)] + [63] * (256 - 52))


def move_texts(info: np.ndarray, codes: np.ndarray) -> list[str]:
    """The moves of the kernel's output rows as ``str(Move)``, in ``ScoredMove`` order (the
    rows have one score: horizontal first, then row, column and word)."""
    letters = codes.tobytes().translate(_CODE_LETTERS)
    width = codes.shape[1]
    keyed = []
    for i, (orient, lane, start, length, _) in enumerate(info.tolist()):
        word = letters[i * width : i * width + length].decode("ascii")
        if orient == 0:
            keyed.append((0, lane, start, word, _COORDINATES[0][lane][start]))
        else:
            keyed.append((1, start, lane, word, _COORDINATES[1][lane][start]))
    if len(keyed) > 1:
        keyed.sort()
    return [k[4] + k[3] for k in keyed]


def top_texts(board_text: str, rack_text: str, gaddag: Any) -> tuple[int, list[str]]:
    """The top score (0 when there is no move) and the top moves as ``str(Move)``, in the
    order of ``ScoredMove``; ``gaddag``: ``fast.gaddag_arrays(lexicon)``. Raises the
    refusals of ``Board.from_text`` and ``Rack.parse`` for text they refuse."""
    grid = board_codes(board_text)
    rack = rack_counts(rack_text)
    best, info, codes = _search_arrays(grid, rack, gaddag)
    if best < 0:
        return 0, []
    return best, move_texts(info, codes)


def line_heads(gaddag: Any) -> Callable[[str], str | None]:
    """``head(line)`` for the lines of ``top --batch`` (``BOARD RACK [ignored...]``): the
    answer's JSON up to its time, ``{"score": S, "moves": [...], "ms": ``, read, searched
    and written in one compiled call (``fast/line.py``); ``""`` for a line without a
    position (blank or ``#`` comment); ``None`` for a line to answer by :func:`top_texts`
    (text that the compiled readers leave to ``Board.from_text`` / ``Rack.parse``, a line of
    one field, many tied moves). ``gaddag``: ``fast.gaddag_arrays(lexicon)``. Each ``head``
    keeps its own scratch buffers (one thread at a time)."""
    tile_limits = _BOARD_LIMITS
    table = np.array(_RACK_TABLE, dtype=np.int64)
    limits = np.array(_RACK_LIMITS, dtype=np.int64)
    grid = np.empty((SIZE, SIZE), dtype=np.int8)
    rack = np.zeros(27, dtype=np.int32)
    order = np.empty(compiled_line.SORTED_HERE, dtype=np.int64)
    out = np.empty(compiled_line.OUT_BYTES, dtype=np.uint8)
    info = np.empty((compiled_line.SORTED_HERE, kernel.INFO_WIDTH), dtype=np.int32)
    codes = np.empty((compiled_line.SORTED_HERE, SIZE), dtype=np.int8)
    g, fr = gaddag, gaddag.full_rack
    top_line = compiled_line.top_line
    tail = (
        g.graph, _LM, _WM, CODE_VALUES, info, codes, fr.letters, fr.word_start, fr.count,
        fr.bits, fr.chunk_start, fr.at_bits, fr.at_start, g.anagrams.bits, g.anagrams.shift,
        g.cross_cache,
    )  # fmt: skip

    def head(line: str) -> str | None:
        # surrogatepass: stdin read in the POSIX locale escapes undecodable bytes as
        # surrogates; such a line is non-ASCII, left to the Python path.
        data = line.encode("utf-8", "surrogatepass")
        n = top_line(data, tile_limits, table, limits, grid, rack, order, out, *tail)
        if n > 0:
            return out[:n].tobytes().decode("ascii")
        return "" if n == compiled_line.SKIP else None

    return head
