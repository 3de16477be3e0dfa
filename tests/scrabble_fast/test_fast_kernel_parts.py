"""The kernel's parts against direct computations (seed 004, 2.6.2: cross-words), and the
board's tile codes that the search reads."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.lexicon import Lexicon
from arbitre.scrabble.board import Board
from arbitre.scrabble.fast import CODE_VALUES, gaddag_arrays, kernel
from arbitre.scrabble.move import Move
from arbitre.scrabble.tiles import ALL_LETTERS
from tests.support import depth

LETTERS = "ABCDE"  # few letters, so that random tiles often make listed cross-words


def direct_cross_sets(
    grid: np.ndarray, words: set[str], usable: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cross-set masks, cross-scores and cross-word flags from the word set itself."""
    xmask = np.zeros((2, 15, 15), dtype=np.int64)
    xscore = np.zeros((2, 15, 15), dtype=np.int64)
    xhas = np.zeros((2, 15, 15), dtype=np.bool_)
    for o, g in enumerate((grid, grid.T)):
        for r in range(15):
            for c in range(15):
                if g[r, c] >= 0:
                    continue
                up = r
                while up > 0 and g[up - 1, c] >= 0:
                    up -= 1
                down = r
                while down < 14 and g[down + 1, c] >= 0:
                    down += 1
                if up == r == down:
                    xmask[o, r, c] = ALL_LETTERS
                    continue
                xhas[o, r, c] = True
                tiles = [int(g[k, c]) for k in range(up, down + 1) if k != r]
                xscore[o, r, c] = sum(int(CODE_VALUES[t]) for t in tiles)
                prefix = "".join(chr(65 + int(g[k, c]) % 26) for k in range(up, r))
                suffix = "".join(chr(65 + int(g[k, c]) % 26) for k in range(r + 1, down + 1))
                for letter in range(26):
                    if (usable >> letter) & 1 and prefix + chr(65 + letter) + suffix in words:
                        xmask[o, r, c] |= 1 << letter
    return xmask, xscore, xhas


@settings(max_examples=depth(60), deadline=None)
@given(
    words=st.sets(st.text(LETTERS, min_size=2, max_size=5), min_size=1, max_size=40),
    tiles=st.lists(
        st.tuples(
            st.integers(0, 14),
            st.integers(0, 14),
            st.sampled_from([i for i in range(len(LETTERS))] + [26 + i for i in range(3)]),
        ),
        max_size=70,
    ),
    usable=st.one_of(st.just(ALL_LETTERS), st.integers(0, (1 << len(LETTERS)) - 1)),
    compiled=st.booleans(),
    asked_before=st.lists(st.integers(0, (1 << len(LETTERS)) - 1), max_size=3),
)
def test_cross_sets_2_6_2_are_the_letters_that_make_listed_cross_words(
    words: set[str],
    tiles: list[tuple[int, int, int]],
    usable: int,
    compiled: bool,
    asked_before: list[int],
) -> None:
    """For every empty square and both directions, the rack letters (``usable``) that make
    a listed word with the tiles above and below it; every letter when there are none; the
    face value of those tiles (blanks 0). Checked on the lexicon's minimised GADDAG and on
    the plain trie GADDAG of a word set, without a cache, and with a small cache (slots
    shared by several patterns) that searches asking about other letters filled first."""
    grid = np.full((15, 15), -1, dtype=np.int8)
    for r, c, code in tiles:
        grid[r, c] = code
    arrays = gaddag_arrays(Lexicon.from_words(sorted(words)) if compiled else set(words))
    grid2 = np.stack([grid, grid.T]).astype(np.int64)
    xmask = np.empty((2, 15, 15), dtype=np.int64)
    xscore = np.empty((2, 15, 15), dtype=np.int64)
    xhas = np.empty((2, 15, 15), dtype=np.bool_)
    want_mask, want_score, want_has = direct_cross_sets(grid, words, usable)
    empty = np.stack([grid, grid.T]) < 0
    cache = kernel.new_cross_cache(8)
    for other in asked_before:
        kernel.cross_sets(grid2, other, arrays.graph, CODE_VALUES, xmask, xscore, xhas, cache)
    for held in (np.empty((0, 4), dtype=np.int64), cache, cache):
        kernel.cross_sets(grid2, usable, arrays.graph, CODE_VALUES, xmask, xscore, xhas, held)
        assert (xhas[empty] == want_has[empty]).all()
        assert (xscore[empty] == want_score[empty]).all()
        assert (xmask[empty] == want_mask[empty]).all()


def direct_codes(board: Board) -> np.ndarray:
    out = np.full((15, 15), -1, dtype=np.int8)
    for r, c, letter in board.tiles():
        out[r, c] = ord(letter) - 65 if letter.isupper() else ord(letter) - 97 + 26
    return out


@settings(max_examples=depth(60), deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 14),
            st.integers(0, 14),
            st.one_of(st.none(), st.sampled_from("AEKZaez")),
        ),
        max_size=40,
    )
)
def test_board_keeps_its_codes_up_to_date(changes: list[tuple[int, int, str | None]]) -> None:
    """The array the fast search reads (``Board.grid_codes``, kept by the board as it
    changes instead of converted on each search) is the board's squares: after squares are
    set or cleared, a move played and taken back, a copy, the transposed board; and a
    caller writing into the array it got changes nothing."""
    board = Board()
    for r, c, letter in changes:
        board[r, c] = letter
        assert (board.grid_codes() == direct_codes(board)).all()
    board.grid_codes()[0, 0] = 5
    assert (board.grid_codes() == direct_codes(board)).all()
    copy, transposed = board.copy(), board.transposed()
    assert (copy.grid_codes() == direct_codes(board)).all()
    assert (transposed.grid_codes() == direct_codes(board).T).all()
    empty = Board()
    empty.play(Move(7, 5, True, "MAiSON"))
    assert (empty.grid_codes() == direct_codes(empty)).all()
    assert empty.grid_codes()[7, 7] == 26 + 8
    follow = empty.copy()
    follow.play(Move(6, 7, False, "KiZ"))
    assert (follow.grid_codes() == direct_codes(follow)).all()
    follow.undo()
    assert (follow.grid_codes() == empty.grid_codes()).all()
    empty.undo()
    assert (empty.grid_codes() == -1).all()
