"""Whole games with the shipped default word list (the graphs are compiled once and cached)."""

from __future__ import annotations

from collections import Counter

import pytest

from arbitre.duplicate.draws import Bag
from arbitre.duplicate.game import DuplicateGame
from arbitre.duplicate.record import replay, to_record
from arbitre.lexicon import Lexicon


@pytest.mark.slow
def test_default_list_games_are_complete_and_replay() -> None:
    lexicon = Lexicon.load(None)
    for seed in range(3):
        game = DuplicateGame(lexicon, seed=seed)
        game.autoplay()
        assert game.over and game.end_reason in ("all_played", "letters_left")
        assert len(game.moves) >= 15  # a real list plays most of the bag
        board = "".join("?" if t.islower() else t for _, _, t in game.board.tiles())
        assert Counter(board + game.hand + game.bag.tiles()) == Counter(Bag().tiles())
        for entry in game.moves:
            assert entry.move in entry.equal_tops
        record = to_record(game)
        assert record["lexicon"]["sha256"] == lexicon.sha256
        assert to_record(replay(record, lexicon)) == record
