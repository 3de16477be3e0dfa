"""The fast top search returns exactly the reference's set of top moves (issue 4, item 4)
on positions of random Duplicate self-play, with 0, 1 and 2 blanks in the draw."""

from __future__ import annotations

import pytest

from tests.scrabble_fast.fast_helpers import check_same_tops, selfplay, small_lexicon, with_blanks
from tests.support import depth

#: self-play games per seed (a quarter in a developer's run: :func:`tests.support.depth`)
GAMES = depth(20)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_selfplay_small_list(seed: int) -> None:
    """About 2,200 positions in all at full depth (20 games per seed), the draws as they
    came."""
    lexicon = small_lexicon()
    positions = selfplay("small", GAMES, seed)
    assert len(positions) > 20 * GAMES
    for p in positions:
        check_same_tops(p.board, p.rack, lexicon)


@pytest.mark.slow
@pytest.mark.parametrize("blanks", [1, 2])
def test_selfplay_small_list_with_blanks(blanks: int) -> None:
    """Self-play boards with one or two rack tiles turned into blanks."""
    lexicon = small_lexicon()
    cases = with_blanks(selfplay("small", GAMES, 1)[::3], blanks, seed=blanks)
    assert len(cases) > 5 * GAMES
    for board, rack in cases[: depth(300) // blanks]:
        check_same_tops(board, rack, lexicon)
