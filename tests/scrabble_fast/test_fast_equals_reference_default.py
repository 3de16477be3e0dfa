"""The fast top search equals the reference with the shipped default word list."""

from __future__ import annotations

import pytest

from arbitre.lexicon import Lexicon
from tests.scrabble_fast.fast_helpers import check_same_tops, selfplay, with_blanks
from tests.support import depth


@pytest.mark.slow
def test_selfplay_default_list() -> None:
    """A few hundred positions with the shipped default list, blanks included (12 games at
    full depth, a quarter in a developer's run: :func:`tests.support.depth`)."""
    lexicon = Lexicon.load()
    games = depth(12)
    positions = selfplay("default", games, 5)
    assert len(positions) > 8 * games
    for p in positions:
        check_same_tops(p.board, p.rack, lexicon)
    for blanks in (1, 2):
        for board, rack in with_blanks(positions[::4], blanks, seed=blanks)[: depth(60)]:
            check_same_tops(board, rack, lexicon)
