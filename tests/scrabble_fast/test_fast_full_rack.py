"""The full-rack check of the fast top search (issue 23, part 4): the word list's index by
length and letters, and the search skipping, with a blank in the rack, the placements that
take every rack tile and that no word fits, without changing any top."""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.lexicon import Lexicon
from arbitre.scrabble.board import Board
from arbitre.scrabble.fast import _LM, _WM, CODE_VALUES, fullrack, gaddag_arrays, kernel
from arbitre.scrabble.rack import Rack
from tests.scrabble_fast.fast_helpers import (
    check_same_tops,
    selfplay,
    small_lexicon,
    with_blanks,
)
from tests.support import depth


def _bit(array: np.ndarray, index: tuple[int, ...] | int, word: int) -> int:
    return (int(array[index]) >> (word % 64)) & 1


@settings(max_examples=depth(60), deadline=None)
@given(st.lists(st.text("ABEQZ", min_size=2, max_size=15), min_size=1, max_size=80))
def test_index_holds_each_word_its_letters_counts_and_positions(words: list[str]) -> None:
    """Every bit of the index says what it should of the word it stands for, and no bit is
    set for a word that does not exist (the last group of 64 is padded with zeros)."""
    index = fullrack.build(words)
    by_length: dict[int, list[str]] = {}
    for w in sorted(set(words)):
        by_length.setdefault(len(w), []).append(w)
    for n in range(fullrack.LENGTHS):
        listed = by_length.get(n, [])
        assert int(index.count[n]) == len(listed)
        for number, word in enumerate(listed):
            start = int(index.word_start[n]) + number * n
            assert "".join(chr(65 + c) for c in index.letters[start : start + n]) == word
            row = int(index.chunk_start[n]) + number // 64
            held = Counter(word)
            for x in range(26):
                for m in range(1, fullrack.COUNTS + 1):
                    column = (m - 1) * 26 + x
                    assert _bit(index.bits, (row, column), number) == (held[chr(65 + x)] >= m)
                for p in range(n):
                    at = int(index.at_start[n]) + ((number // 64) * n + p) * 26 + x
                    assert _bit(index.at_bits, at, number) == (word[p] == chr(65 + x))
    set_bits = sum(bin(int(v) & (2**64 - 1)).count("1") for v in index.bits.ravel())
    expected = sum(min(count, fullrack.COUNTS) for w in set(words) for count in Counter(w).values())
    assert set_bits == expected


def test_index_refuses_what_is_not_a_folded_word() -> None:
    with pytest.raises(ValueError, match="folded capitals"):
        fullrack.build(["ABc"])


def _search(board: str, rack: str, arrays: object) -> tuple[int, int, set[tuple], int]:
    """(top score, number of moves, the moves, search steps) straight from the kernel."""
    g = arrays
    info = np.empty((4096, kernel.INFO_WIDTH), dtype=np.int32)
    codes = np.empty((4096, 15), dtype=np.int8)
    fr = g.full_rack  # type: ignore[attr-defined]
    n, best, _, steps = kernel.top_search(
        np.ascontiguousarray(Board.from_text(board).grid_codes(), dtype=np.int8),
        np.ascontiguousarray(Rack.parse(rack).counts(), dtype=np.int32),
        g.graph,  # type: ignore[attr-defined]
        _LM, _WM, CODE_VALUES, info, codes,
        fr.letters, fr.word_start, fr.count, fr.bits, fr.chunk_start, fr.at_bits, fr.at_start,
        g.anagrams.bits, g.anagrams.shift, g.cross_cache,  # type: ignore[attr-defined]
    )  # fmt: skip
    assert n <= 4096
    moves = {tuple(info[i].tolist()) + tuple(codes[i][: info[i][3]].tolist()) for i in range(n)}
    return int(best), int(n), moves, int(steps)


@pytest.mark.slow
def test_check_changes_no_top_and_saves_steps_with_two_blanks() -> None:
    """On self-play boards of the default list with two blanks in the rack, the search
    with the index finds exactly the moves it finds without (where every placement is
    walked), and walks fewer steps in all: the check is exercised, and never skips a
    placement that a word fits."""
    lexicon = Lexicon.load()
    with_index = gaddag_arrays(lexicon)
    without = dataclasses.replace(with_index, full_rack=fullrack.empty())
    cases = with_blanks(selfplay("default", 12, 5)[::2], 2, seed=3)
    assert len(cases) > 60
    steps_with = steps_without = 0
    for board, rack in cases:
        a = _search(board, rack, with_index)
        b = _search(board, rack, without)
        assert a[:3] == b[:3], f"board {board} rack {rack}"
        steps_with += a[3]
        steps_without += b[3]
    assert steps_with < 0.8 * steps_without


def test_bingo_through_a_board_letter_with_two_blanks_is_found() -> None:
    """A seven-tile word through a board letter that only the blanks complete is kept, and
    the placements next to it that no word fits are skipped: same tops as the reference."""
    words = ["MAISON", "MAISONS", "SON", "ON", "OS", "AS", "MA", "MAIS", "ENTRAIS", "SENTIRAS"]
    lexicon = Lexicon.from_words(words + list(small_lexicon())[:3000])
    board = "15/15/15/15/15/15/15/5SON7/15/15/15/15/15/15/15"
    for rack in ("ENTRA??", "EIRAS??", "QZXWK??"):
        check_same_tops(board, rack, lexicon)
