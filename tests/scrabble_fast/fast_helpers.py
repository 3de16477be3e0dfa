"""Word lists, lexicons, an independent brute-force top finder, and positions for the
fast-search tests."""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

from arbitre.duplicate.selfplay import Position, selfplay_positions
from arbitre.lexicon import Lexicon, fold
from arbitre.scrabble import generate
from arbitre.scrabble.board import Board
from arbitre.scrabble.fast import gaddag_arrays, top_moves
from arbitre.scrabble.fast import line as compiled_line
from arbitre.scrabble.fast.text import line_heads, top_texts
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import (
    LETTER_MULTIPLIER,
    RACK_SIZE,
    TILE_VALUES,
    WORD_MULTIPLIER,
)
from tests.support import require

WFRENCH = Path("/usr/share/dict/french")


@functools.cache
def wfrench_words() -> tuple[str, ...]:
    """Debian's wfrench list, folded as the word-list rules say."""
    require(WFRENCH.exists(), "Debian's wfrench list (apt-get install wfrench)")
    text = WFRENCH.read_text(encoding="utf-8")
    return tuple(sorted({f for line in text.splitlines() if (f := fold(line.strip()))}))


@functools.cache
def small_words(count: int = 20000, max_len: int = 9, seed: int = 7) -> tuple[str, ...]:
    """A reproducible sub-list of wfrench: ``count`` words of at most ``max_len`` letters,
    every two-letter word kept (they make most cross-words)."""
    words = wfrench_words()
    twos = [w for w in words if len(w) == 2]
    rest = [w for w in words if 2 < len(w) <= max_len]
    random.Random(seed).shuffle(rest)
    return tuple(sorted(twos + rest[: count - len(twos)]))


@functools.cache
def small_lexicon() -> Lexicon:
    return Lexicon.from_words(small_words(), name="wfrench-20k")


@functools.cache
def selfplay(lexicon_key: str, games: int, seed: int) -> tuple[Position, ...]:
    lexicon = small_lexicon() if lexicon_key == "small" else Lexicon.load()
    return tuple(selfplay_positions(lexicon, games, seed=seed))


def with_blanks(positions: Iterable[Position], blanks: int, seed: int) -> list[tuple[str, str]]:
    """The positions' boards with ``blanks`` rack tiles turned into blanks (when the rack
    has that many non-blank tiles): (board text, rack text) pairs."""
    rng = random.Random(seed)
    out = []
    for p in positions:
        letters = [t for t in p.rack if t != "?"]
        have = p.rack.count("?")
        if have >= blanks or len(letters) < blanks - have:
            continue
        rng.shuffle(letters)
        rack = "".join(letters[blanks - have :]) + "?" * blanks
        out.append((p.board, rack))
    return out


def check_same_tops(board_text: str, rack_text: str, lexicon: Lexicon) -> None:
    """Fast and reference top moves are the same set, and fast comes sorted."""
    board, rack = Board.from_text(board_text), Rack.parse(rack_text)
    fast = top_moves(board, rack, lexicon)
    ref = generate.top_moves(board, rack, lexicon, engine="reference")
    assert {(str(m.move), m.score) for m in fast} == {(str(m.move), m.score) for m in ref}, (
        f"board {board_text} rack {rack_text}"
    )
    assert fast == sorted(fast)
    # the text path of ``top --batch``: board and rack read from text, moves written as text
    texts = top_texts(board_text, rack_text, gaddag_arrays(lexicon))
    expected = sorted(ref)
    assert texts == ((expected[0].score if expected else 0), [str(m.move) for m in expected]), (
        f"text path: board {board_text} rack {rack_text}"
    )
    # the whole line in one compiled call (``fast/line.py``), as ``top --batch`` reads it
    head = _line_heads(lexicon)(f"  {board_text}\t{rack_text or '-'} 12 3\n")
    if len(expected) > compiled_line.SORTED_HERE:
        assert head is None
    else:
        assert head is not None and json.loads(head + "0}") == {
            "score": texts[0],
            "moves": texts[1],
            "ms": 0,
        }, f"line path: board {board_text} rack {rack_text}"


_heads: dict[int, tuple[object, Callable[[str], str | None]]] = {}


def _line_heads(lexicon: Lexicon) -> Callable[[str], str | None]:
    """The compiled line path for ``lexicon`` (kept: it holds its buffers)."""
    held = _heads.get(id(lexicon))
    if held is None or held[0] is not lexicon:
        held = (lexicon, line_heads(gaddag_arrays(lexicon)))
        _heads[id(lexicon)] = held
    return held[1]


# -- brute force: every word of the list on every span ----------------------------------


def brute_force_top(board: Board, rack: str, words: Iterable[str]) -> tuple[int, set[str]]:
    """The top score and the top moves (as ``str(Move)``) by trying every word of the list
    on every span of every row and column; scores computed here from seed 004, 2.6."""
    word_set = set(words)
    by_length: dict[int, list[str]] = {}
    for w in word_set:
        by_length.setdefault(len(w), []).append(w)
    rack_counts = Counter(rack)
    n_tiles = len(rack)
    results: dict[str, int] = {}
    grid = [[board[r, c] for c in range(15)] for r in range(15)]
    empty = all(x is None for row in grid for x in row)
    for horizontal in (True, False):

        def at(lane: int, i: int, horizontal: bool = horizontal) -> str | None:
            return grid[lane][i] if horizontal else grid[i][lane]

        def rc(lane: int, i: int, horizontal: bool = horizontal) -> tuple[int, int]:
            return (lane, i) if horizontal else (i, lane)

        for lane in range(15):
            for start in range(15):
                if start > 0 and at(lane, start - 1) is not None:
                    continue
                for length in range(2, 16 - start):
                    end = start + length - 1
                    if end < 14 and at(lane, end + 1) is not None:
                        continue
                    empties = [i for i in range(start, end + 1) if at(lane, i) is None]
                    if not empties or len(empties) > n_tiles:
                        continue
                    for word in by_length.get(length, ()):
                        _try_word(
                            word, lane, start, empties, at, rc, grid, empty, horizontal,
                            rack_counts, n_tiles, word_set, results,
                        )  # fmt: skip
    if not results:
        return -1, set()
    best = max(results.values())
    return best, {m for m, s in results.items() if s == best}


def _try_word(
    word,
    lane,
    start,
    empties,
    at,
    rc,
    grid,
    empty,
    horizontal,
    rack_counts,
    n_tiles,
    word_set,
    results,
):  # type: ignore[no-untyped-def]  # noqa: E501
    for i, ch in enumerate(word):
        existing = at(lane, start + i)
        if existing is not None and existing.upper() != ch:
            return
    needed = Counter(word[i - start] for i in empties)
    blanks_needed = sum(max(0, n - rack_counts.get(ch, 0)) for ch, n in needed.items())
    if blanks_needed > rack_counts.get("?", 0):
        return
    # Connection (2.5): a board tile in the word, a cross-word, or the centre star.
    crosses = {}
    connected = any(at(lane, start + i) is not None for i in range(len(word)))
    for i in empties:
        r, c = rc(lane, i)
        before, after = [], []
        k = 1
        while True:
            rr, cc = (r - k, c) if horizontal else (r, c - k)
            if rr < 0 or cc < 0 or grid[rr][cc] is None:
                break
            before.insert(0, grid[rr][cc])
            k += 1
        k = 1
        while True:
            rr, cc = (r + k, c) if horizontal else (r, c + k)
            if rr > 14 or cc > 14 or grid[rr][cc] is None:
                break
            after.append(grid[rr][cc])
            k += 1
        if before or after:
            cross = "".join(before).upper() + word[i - start] + "".join(after).upper()
            if cross not in word_set:
                return
            crosses[i] = (before, after)
            connected = True
        if empty and (r, c) == (7, 7):
            connected = True
    if not connected:
        return
    if not horizontal and len(empties) == 1 and empties[0] in crosses:
        return  # a single tile forming words both ways is the horizontal move
    # Every way of covering the needed letters with blanks.
    options = []
    for ch, n in sorted(needed.items()):
        spots = [i for i in empties if word[i - start] == ch]
        naturals = min(n, rack_counts.get(ch, 0))
        choices = []
        for nb in range(n - naturals, n + 1):
            choices.extend(itertools.combinations(spots, nb))
        options.append(choices)
    for combo in itertools.product(*options):
        blank_spots = {i for group in combo for i in group}
        if len(blank_spots) > rack_counts.get("?", 0):
            continue
        if any(
            sum(1 for i in empties if word[i - start] == ch and i not in blank_spots)
            > rack_counts.get(ch, 0)
            for ch in needed
        ):
            continue
        letters = [
            (at(lane, start + i) or (ch.lower() if start + i in blank_spots else ch))
            for i, ch in enumerate(word)
        ]
        score = _score(lane, start, letters, empties, crosses, rc, horizontal)
        if len(empties) == RACK_SIZE:
            score += 50
        r, c = rc(lane, start)
        coord = f"{'ABCDEFGHIJKLMNO'[r]}{c + 1}" if horizontal else f"{c + 1}{'ABCDEFGHIJKLMNO'[r]}"
        results[f"{coord} {''.join(letters)}"] = score


def _value(letter: str) -> int:
    return 0 if letter.islower() else TILE_VALUES[letter]


def _score(lane, start, letters, empties, crosses, rc, horizontal):  # type: ignore[no-untyped-def]
    main, mult, extra = 0, 1, 0
    for i, letter in enumerate(letters):
        pos = start + i
        r, c = rc(lane, pos)
        v = _value(letter)
        if pos in empties:
            lm, wm = int(LETTER_MULTIPLIER[r, c]), int(WORD_MULTIPLIER[r, c])
            main += v * lm
            mult *= wm
            if pos in crosses:
                before, after = crosses[pos]
                extra += (sum(_value(x) for x in before + after) + v * lm) * wm
        else:
            main += v
    return main * mult + extra
