"""Duplicate self-play (``arbitre.duplicate.selfplay``): games of the Duplicate engine itself,
with every position recorded; the draw and end rules are those of ``duplicate.draws``."""

from __future__ import annotations

import pytest

from arbitre.duplicate.draws import Bag, Minimum, letters_only_end, meets
from arbitre.duplicate.game import DuplicateGame
from arbitre.duplicate.selfplay import game_seeds, play_game, selfplay_positions
from arbitre.lexicon import Lexicon
from arbitre.scrabble.board import Board
from arbitre.scrabble.rack import Rack
from tests.duplicate.duplicate_words import make_lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return make_lexicon()


def test_positions_are_the_boards_and_draws_of_the_game(lexicon: Lexicon) -> None:
    game, positions = play_game(lexicon, 0, seed=5)
    assert game.over and positions
    # The last position of each move number is the draw that was played.
    last = {p.number: p for p in positions}
    board = Board()
    for entry in game.moves:
        p = last[entry.number]
        assert p.board == board.to_text()
        assert p.rack == str(Rack(entry.leave + entry.drawn))
        assert p.blanks == p.rack.count("?")
        board.play(entry.move)
    assert [p.game for p in positions] == [0] * len(positions)


def test_selfplay_is_the_duplicate_autoplay(lexicon: Lexicon) -> None:
    seed = game_seeds(1, 9)[0]
    game, _ = play_game(lexicon, 0, seed)
    same = DuplicateGame(lexicon, seed=seed)
    same.autoplay()
    assert [(m.move, m.score) for m in same.moves] == [(m.move, m.score) for m in game.moves]


def test_selfplay_is_reproducible_and_engine_independent(lexicon: Lexicon) -> None:
    fast = selfplay_positions(lexicon, games=2, seed=4, engine="fast")
    assert fast == selfplay_positions(lexicon, games=2, seed=4, engine="fast")
    assert fast == selfplay_positions(lexicon, games=2, seed=4, engine="reference")
    assert fast != selfplay_positions(lexicon, games=2, seed=5, engine="fast")


# The draw and end-of-game examples of the former raw-array self-play, on the shared rules.


def test_full_bag_has_102_tiles_and_two_blanks() -> None:
    bag = Bag()
    assert len(bag) == 102 and bag.count("?") == 2


@pytest.mark.parametrize(
    ("rack", "rule", "valid"),
    [
        ("AEBCDFG", (2, 2), True),
        ("AEIOUBB", (2, 2), True),
        ("AEIOUUB", (2, 2), False),  # one consonant only
        ("AYIOUUB", (2, 2), True),  # the Y counts as a consonant
        ("A?IOUUE", (2, 2), False),  # one blank cannot make two consonants
        ("A??OUUE", (2, 2), True),
        ("BCDFGHA", (2, 2), False),
        ("BCDFGHA", (1, 1), True),
        ("BCDFGHJ", (1, 1), False),
    ],
)
def test_draw_validity(rack: str, rule: tuple[int, int], valid: bool) -> None:
    assert meets(rack, Minimum(*rule)) is valid


@pytest.mark.parametrize(
    ("left", "over"),
    [("", True), ("E", True), ("Q", True), ("AEI", True), ("BCD", True), ("AB", False),
     ("A?", False), ("BY", False), ("?", True)],
)  # fmt: skip
def test_game_over(left: str, over: bool) -> None:
    assert (not left or letters_only_end(left)) is over
