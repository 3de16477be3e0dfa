"""The Duplicate game procedure (seed 004, 2.1-2.7 and 5.2; rulings.md Duplicate 1-4)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.duplicate.draws import STRONG, WEAK, Bag, BagError, InvalidDrawError, meets
from arbitre.duplicate.game import (
    DuplicateGame,
    DuplicateSettings,
    GameStateError,
    MoveChoiceError,
    move_order_key,
    uses_blank,
)
from arbitre.scrabble.move import Move
from tests.duplicate.duplicate_words import make_lexicon
from tests.duplicate.wording import refused
from tests.support import depth

LEX = make_lexicon()


def new_game(**kwargs: Any) -> DuplicateGame:
    kwargs.setdefault("engine", "reference")
    return DuplicateGame(LEX, **kwargs)


def all_tiles(game: DuplicateGame) -> Counter[str]:
    board = "".join("?" if t.islower() else t for _, _, t in game.board.tiles())
    return Counter(board + game.hand + game.bag.tiles())


def pick(bag: Bag, vowels: int, consonants: int) -> str:
    """Letters from the bag: that many plain vowels and plain consonants (no Y, no blank)."""
    tiles = bag.tiles()
    v = [t for t in tiles if t in "AEIOU"][:vowels]
    c = [t for t in tiles if t not in "AEIOUY?"][:consonants]
    assert len(v) == vowels and len(c) == consonants
    return "".join(v + c)


# -- draws ----------------------------------------------------------------------------------------


def test_entered_draw_checked_against_the_strong_rule_on_move_1() -> None:
    game = new_game(random_draws=False)
    with refused(InvalidDrawError, "2 vowel"):
        game.draw("BCDFGHA")
    assert len(game.bag) == 102 and game.phase == "draw"  # refused: nothing changed
    game.draw("a y b c d f g")  # the Y counted as a vowel; lower case and spaces accepted
    assert game.hand == "AYBCDFG" and len(game.bag) == 95


@pytest.mark.parametrize(
    ("draw", "valid"),
    [("AEIOU?B", True), ("AEIOUY?", True), ("BCDFG?Y", True), ("AEIOUAY", False)],
)
def test_y_and_blank_count_either_way(draw: str, valid: bool) -> None:
    game = new_game(random_draws=False)
    if valid:
        game.draw(draw)
    else:
        with pytest.raises(InvalidDrawError):
            game.draw(draw)


def _game_at_move(number: int) -> DuplicateGame:
    game = new_game(seed=1)
    while game.move_number < number:
        assert game.step() is not None
    # clear the leave: draw, then annul the draw (all letters back)
    game.draw()
    game.annul_draw("test")
    assert game.hand == "" and game.move_number == number
    return game


def test_move_15_needs_two_vowels_and_two_consonants_move_16_one_and_one() -> None:
    game = _game_at_move(15)
    weak_draw = pick(game.bag, 1, 6)
    with pytest.raises(InvalidDrawError):
        game.draw(weak_draw)
    game.draw(pick(game.bag, 2, 5))
    game.step()  # play move 15
    game.draw()
    game.annul_draw("test")
    assert game.move_number == 16
    game.draw(pick(game.bag, 1, 6))  # accepted from move 16
    assert game.phase == "play"


def test_weaker_rule_early_when_the_bag_cannot_help() -> None:
    # a bag with a single vowel: 2 vowels are impossible, 1 + 1 applies from move 1
    tiles = "ABCDFGHLMNRST"
    game = new_game(random_draws=False, bag=Bag.of(tiles))
    assert game.minimum() == WEAK
    game.draw("BCDFGHA")
    standard = new_game(random_draws=False)
    assert standard.minimum() == STRONG


def test_entered_letters_not_in_the_bag_or_wrong_count_refused() -> None:
    game = new_game(random_draws=False, bag=Bag.of("AEBCDFGHKLMN"))
    with refused(BagError, "not in the bag: ZZ"):
        game.draw("AEBCDZZ")
    with refused(InvalidDrawError, "needs 7"):
        game.draw("AEBC")
    with pytest.raises(BagError):
        game.draw("AEBCD1F")
    assert len(game.bag) == 12 and game.hand == ""


def test_physical_reject_returns_the_leave_and_seven_are_drawn() -> None:
    game = new_game(random_draws=False)
    game.draw("GAZAIEU")
    assert str(game.play().move) == "H6 GAZ"
    leave = game.hand
    assert sorted(leave) == sorted("AIEU")
    need = 7 - len(leave)
    bad = pick(game.bag, need, 0)  # seven vowels
    assert not meets(leave + bad, STRONG)
    with pytest.raises(InvalidDrawError):
        game.draw(bad)
    before = all_tiles(game)
    game.reject(bad)
    assert game.hand == "" and all_tiles(game) == before
    assert game.attempts[-1].leave == leave and game.attempts[-1].drawn == bad
    with refused(InvalidDrawError, "needs 7"):
        game.draw(pick(game.bag, 2, need - 2))
    with refused(InvalidDrawError, "valid, not a reject"):
        game.reject(pick(game.bag, 3, 4))
    game.draw(pick(game.bag, 3, 4))
    assert game.announcement().rejected == len(leave + bad)


@settings(max_examples=depth(25), deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_rejects_send_back_the_whole_rack(seed: int) -> None:
    game = new_game(seed=seed, engine="fast")
    while not game.over:
        leave = game.hand
        pool_before = all_tiles(game)
        entry = game.step()
        if entry is None:
            break
        for i, attempt in enumerate(entry.attempts):
            if attempt.outcome == "reject":
                strong = entry.number <= 15
                assert not meets(attempt.rack, WEAK) or (strong and not meets(attempt.rack, STRONG))
            # the first attempt starts from the leave; after it, the whole rack went back
            assert attempt.leave == (leave if i == 0 else "")
        assert entry.leave == ("" if entry.attempts else leave)
        assert all_tiles(game) == pool_before


def test_random_draw_reject_loop_on_a_vowel_heavy_bag() -> None:
    tiles = "AEIOUAEIOUAEIO" + "BC"
    game = new_game(seed=3, bag=Bag.of(tiles))
    game.draw()
    assert meets(game.hand, STRONG)
    assert game.attempts, "this seed rejects at least once"
    for a in game.attempts:
        assert a.outcome == "reject" and not meets(a.rack, STRONG) and a.leave == ""
    assert all_tiles(game) == Counter(tiles)


# -- the top --------------------------------------------------------------------------------------


def test_first_top_is_horizontal() -> None:
    game = new_game(random_draws=False)
    game.draw("NATURES")
    tops = game.tops()
    assert tops is not None and all(m.horizontal for m in tops.equal_tops)
    entry = game.play()
    # a letter on the double letter square H4 or H12, the star doubles the word, +50
    assert entry.move.horizontal and entry.bingo and entry.score == 2 * 8 + 50
    assert str(entry.move) == "H2 NATURES"  # the first of the equal tops in the fixed order
    assert entry.announcement().startswith("66 points, horizontal, en H2 : NATURES")


def test_first_top_vertical_refused() -> None:
    game = new_game(random_draws=False)
    game.draw("NATURES")
    with refused(MoveChoiceError, "horizontally"):
        game.play("2H NATURES")


def test_equal_tops_prefer_a_move_without_blank() -> None:
    game = new_game(random_draws=False)
    game.draw("NEUCUS?")
    tops = game.tops()
    assert tops is not None and tops.score == 10
    first = tops.equal_tops[0]
    assert uses_blank(game.board, first)  # the fixed order alone would take CaSE
    assert not uses_blank(game.board, tops.default)
    assert all(not uses_blank(game.board, m) for m in tops.admissible)
    with refused(MoveChoiceError, "without blank"):
        game.play(first)
    entry = game.play(tops.admissible[-1])  # the arbiter's own choice among the admissible
    assert entry.move == tops.admissible[-1]


def test_equal_tops_prefer_a_move_ending_the_game() -> None:
    game = new_game(random_draws=False, bag=Bag.of("STAEO"))
    game.draw("STAEO")
    tops = game.tops()
    assert tops is not None
    assert str(tops.equal_tops[0]) == "H6 OSE"  # leaves T A: the game would go on
    assert str(tops.default) == "H6 TAS"  # leaves E O: only vowels, the game ends
    game.play()
    assert game.over and game.end_reason == "letters_left"


def test_blank_saving_comes_before_ending_the_game() -> None:
    game = new_game(random_draws=False, bag=Bag.of("NZSE?"))
    game.draw("NZSE?")
    tops = game.tops()
    assert tops is not None
    first = tops.equal_tops[0]
    assert str(first) == "H5 ZoNE"  # would end the game (leaves S alone) but uses the blank
    assert str(tops.default) == "H6 NEZ"  # keeps the blank; the game goes on with S and ?
    game.play()
    assert not game.over and sorted(game.hand) == ["?", "S"]


def test_tops_are_the_highest_scores_of_every_legal_move() -> None:
    """Oracle: the reference generator's full list of legal moves."""
    from arbitre.scrabble.generate import all_moves
    from arbitre.scrabble.rack import Rack

    game = new_game(seed=17, engine="fast")
    checked = 0
    while not game.over and checked < 12:
        game.draw()
        every = all_moves(game.board, Rack(game.hand), LEX)
        tops = game.tops()
        if tops is None:
            assert all(m.score <= 0 for m in every)
            game.annul_no_score()
            continue
        best = max(m.score for m in every)
        expected = {m.move for m in every if m.score == best}
        if game.board.is_empty:
            expected = {m for m in expected if m.horizontal}
        assert tops.score == best and set(tops.equal_tops) == expected
        assert list(tops.equal_tops) == sorted(expected, key=move_order_key)
        entry = game.play()
        assert entry.move == tops.default
        checked += 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fast_and_reference_generators_play_the_same_game(seed: int) -> None:
    fast = new_game(seed=seed, engine="fast")
    fast.autoplay()
    reference = new_game(seed=seed, engine="reference")
    reference.autoplay()
    assert fast.moves == reference.moves and fast.end_reason == reference.end_reason


def test_announcement_of_a_random_draw() -> None:
    game = new_game(seed=5)
    game.step()
    leave = game.hand
    new = game.draw()
    a = game.announcement()
    assert a.leave == leave and a.new == new and a.move_number == 2
    assert a.new_spelled[0].endswith("-" + new[0]) or new[0] == "?"  # drawing order kept


def test_play_refuses_a_move_that_is_not_a_top() -> None:
    game = new_game(random_draws=False)
    game.draw("NATURES")
    with refused(MoveChoiceError, "not a top"):
        game.play("H8 RUE")
    with pytest.raises(GameStateError):
        game.draw("AB")


# -- end of game ----------------------------------------------------------------------------------


def test_end_all_tiles_drawn_and_placed() -> None:
    game = new_game(random_draws=False, bag=Bag.of("NATURES"))
    game.draw("NATURES")
    game.play()
    assert game.over and game.end_reason == "all_played" and game.pool() == ""
    with refused(GameStateError, "over"):
        game.draw("A")


@pytest.mark.parametrize(
    ("tiles", "over"),
    [
        ("ZEROUU", True),  # leaves U U: vowels only
        ("ZEROS", True),  # a single letter left
        ("ZEROY", True),  # a single letter left, even the Y
        ("ZEROUY", False),  # the Y among two letters keeps the game going
        ("ZEROU?", False),  # so does a blank
    ],
)
def test_end_letters_left(tiles: str, over: bool) -> None:
    game = new_game(random_draws=False, bag=Bag.of(tiles))
    game.draw(tiles)
    entry = game.play()
    assert entry.move.word == "ZERO"
    assert game.over is over
    if over:
        assert game.end_reason == "letters_left"


def test_end_no_placement_possible_with_the_last_tiles() -> None:
    game = new_game(random_draws=False, bag=Bag.of("KJU"))
    game.draw("KJU")
    assert game.tops() is None
    with refused(GameStateError, "no move scores"):
        game.play()
    game.annul_no_score()
    assert game.over and game.end_reason == "no_move"


def test_no_score_annulment_returns_all_letters_and_draws_again() -> None:
    tiles = "KJXZQHUUU"  # no word of the list can be formed
    game = new_game(seed=7, bag=Bag.of(tiles), settings=DuplicateSettings(max_no_score_draws=3))
    game.draw()
    assert game.tops() is None
    game.annul_no_score()
    assert game.phase == "draw" and game.hand == "" and len(game.bag) == len(tiles)
    assert game.attempts[-1].outcome == "no_score"
    game.draw()
    game.annul_no_score()
    game.draw()
    game.annul_no_score()  # the third in a row: no placement is possible, the game ends
    assert game.over and game.end_reason == "no_move"
    assert [a.outcome for a in game.attempts if a.outcome != "reject"] == ["no_score"] * 3


def test_no_score_annulment_refused_when_a_move_scores() -> None:
    game = new_game(random_draws=False)
    game.draw("NATURES")
    with refused(GameStateError, "a move scores"):
        game.annul_no_score()


# -- arbiter's annulment (5.2, second paragraph) --------------------------------------------------


def test_arbiter_annuls_the_move_just_played() -> None:
    game = new_game(seed=11)
    game.step()
    second = game.step()
    assert second is not None
    total_before = game.moves[0].total
    annulled = game.annul_last_move("word wrongly accepted")
    assert annulled == second
    assert game.move_number == 2 and game.total == total_before and game.hand == ""
    assert all_tiles(game) == Counter(Bag().tiles())
    assert game.board.tile_count == len(game.moves[0].move.word)
    last = game.attempts[-1]
    assert last.outcome == "annulled" and last.move == second.move and last.rack == second.rack
    entry = game.step()
    assert entry is not None and entry.leave == "" and entry.attempts[-1].outcome == "annulled"


def test_arbiter_annuls_the_current_draw() -> None:
    game = new_game(seed=12)
    game.step()
    game.draw()
    leave = game.leave
    game.annul_draw("spelling error")
    assert game.hand == "" and game.attempts[-1].leave == leave
    with pytest.raises(GameStateError):
        game.annul_last_move()  # the move before cannot be annulled after a draw was annulled
    game.draw()
    assert len(game.hand) == 7


# -- tiles are never lost -------------------------------------------------------------------------


@settings(max_examples=depth(60), deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_board_plus_hand_plus_bag_is_always_the_102_tiles(seed: int) -> None:
    game = new_game(seed=seed, engine="fast")
    full = Counter(Bag().tiles())
    assert sum(full.values()) == 102
    while game.step() is not None:
        assert all_tiles(game) == full
        assert game.moves[-1].total == sum(e.score for e in game.moves)
    assert all_tiles(game) == full
    assert game.over


def test_move_text_is_canonical() -> None:
    assert str(Move.parse("h4 MAiSON")) == "H4 MAiSON"
