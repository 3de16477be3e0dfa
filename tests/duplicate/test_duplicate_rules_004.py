"""The Duplicate game procedure pinned article by article (seed 004, 1.2, 2.1, 2.2, 2.4,
2.7, 5.2; rulings.md Duplicate 1-4): what the arbiter announces and records for draws, rejects and
annulments, the refusals of actions the procedure does not allow, and the settings."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from arbitre.duplicate.draws import STRONG, Bag, meets
from arbitre.duplicate.game import DuplicateGame, DuplicateSettings, GameStateError
from arbitre.duplicate.record import RecordError, replay, to_record
from tests.duplicate.duplicate_words import make_lexicon
from tests.duplicate.wording import refused

LEX = make_lexicon()

#: A draw of the test word list with no scoring move on an empty board (2 vowels, 5 consonants).
NO_WORD = "UUKJQXZ"


def entered_game(tiles: str | None = None, **kwargs: Any) -> DuplicateGame:
    """A game whose every draw is entered by the arbiter (no random generator)."""
    bag = Bag.of(tiles) if tiles is not None else None
    return DuplicateGame(LEX, random_draws=False, engine="reference", bag=bag, **kwargs)


# -- 2.1: the announcement of a draw --------------------------------------------------------------


def test_004_2_1_no_rejected_letters_announced_without_a_reject() -> None:
    """2.1: the arbiter announces "the number of letters of the leave or of the reject (if
    any)": a first draw with no reject before it announces no rejected letters."""
    game = entered_game()
    game.draw("NATURES")
    announced = game.announcement()
    assert announced.rejected == 0
    assert announced.lines() == [
        "Coup 1.",
        "Nouvelles lettres : Norvège-N, Algérie-A, Tunisie-T, Uruguay-U, Roumanie-R, Egypte-E, "
        "Suisse-S.",
        "Tirage : Algérie, Egypte, Norvège, Roumanie, Suisse, Tunisie, Uruguay.",
    ]
    assert not any(line.startswith("Rejet") for line in announced.lines())


def test_004_2_1_rejected_letters_counted_after_a_physical_reject() -> None:
    """2.1 and 2.2: after a reject the arbiter announces how many letters went back (all
    seven, the leave included)."""
    game = entered_game()
    game.reject("AEIOUAE")
    game.draw("NATURES")
    assert game.announcement().rejected == 7
    assert "Rejet de 7 lettres." in game.announcement().lines()


def test_004_2_1_no_announcement_before_the_draw() -> None:
    """2.1: a draw is announced once made; before it there is nothing to announce."""
    game = entered_game()
    with refused(GameStateError, "no draw to announce"):
        game.announcement()


# -- 2.2: rejects -----------------------------------------------------------------------------------


def test_004_2_2_physical_reject_recorded_with_the_minimum_it_missed() -> None:
    """2.2: a draw with fewer than two vowels and two consonants (moves 1-15) is put back; the
    record says why (the minimum it missed) unless the arbiter gives a reason."""
    game = entered_game()
    game.reject("AEIOUAE")
    (attempt,) = game.attempts
    assert (attempt.outcome, attempt.entered) == ("reject", True)
    assert attempt.reason == f"fewer than {STRONG}" == "fewer than 2 vowel(s) and 2 consonant(s)"
    game.reject("AEIOUAI", "seven vowels")
    assert game.attempts[-1].reason == "seven vowels"
    pending = to_record(game)["pending"]["attempts"]
    assert [a["reason"] for a in pending] == [
        "fewer than 2 vowel(s) and 2 consonant(s)",
        "seven vowels",
    ]


def test_004_2_2_random_reject_recorded_with_the_minimum_it_missed() -> None:
    """2.2: a random draw that misses the minimum is rejected and recorded with the reason."""
    game = DuplicateGame(LEX, seed=3, bag=Bag.of("AEIOUAEIOUAEIO" + "BC"))
    game.draw()
    assert game.attempts
    assert {a.reason for a in game.attempts} == {"fewer than 2 vowel(s) and 2 consonant(s)"}


def test_004_2_2_reject_only_before_the_draw_is_kept() -> None:
    """2.2: a reject replaces the draw; once a draw is kept (the move is being played) there is
    nothing to reject: the arbiter annuls it instead (5.2)."""
    game = entered_game()
    game.draw("NATURES")
    with refused(GameStateError, "cannot reject a draw now: play or annul"):
        game.reject("AEIOUAE")
    assert game.attempts == () and game.hand == "NATURES"


def test_004_2_2_strong_until_setting_is_used_when_replaying_random_draws() -> None:
    """2.2 and the settings: with ``strong_until`` = 1, the 1 + 1 rule applies from move 2, so
    a random draw of one vowel at move 3 is kept, and the replay of the record accepts it."""
    settings = DuplicateSettings(strong_until=1)
    game = DuplicateGame(LEX, seed=0, settings=settings)
    while game.move_number <= 3:
        assert game.step() is not None
    third = game.moves[2]
    assert third.rack == "LMGONPL" and not third.attempts
    assert not meets(third.rack, STRONG)
    again = replay(to_record(game), LEX)
    assert again.moves == game.moves and again.settings == settings


def test_004_2_2_replay_refuses_a_weak_draw_kept_under_the_strong_rule() -> None:
    """2.2: the same record with the standard settings (2 + 2 until move 15) is refused: the
    one-vowel draw of move 3 should have been rejected."""
    game = DuplicateGame(LEX, seed=0, settings=DuplicateSettings(strong_until=1))
    while game.move_number <= 3:
        game.step()
    record = to_record(game)
    record["settings"] = DuplicateSettings().to_json()
    with refused(RecordError, "move 3: draw .* is invalid"):
        replay(record, LEX)


# -- 5.2: no positive score ---------------------------------------------------------------------


def test_004_5_2_no_score_annulment_recorded_as_such() -> None:
    """5.2, first paragraph: no positive score is possible, all the letters go back and a new
    draw is made; the record says "no positive score"."""
    game = entered_game("NATURES" + NO_WORD)
    game.draw(NO_WORD)
    assert game.tops() is None
    game.annul_no_score()
    (attempt,) = game.attempts
    assert (attempt.outcome, attempt.reason, attempt.rack) == (
        "no_score",
        "no positive score",
        NO_WORD,
    )
    assert game.phase == "draw" and not game.over


def test_004_2_7_no_placement_possible_recorded_as_the_end() -> None:
    """2.7 ("s'il n'est plus possible de placer de lettres") with 5.2: when the draw held every
    tile left and nothing scores, the game ends; the record says "no placement"."""
    game = entered_game(NO_WORD)
    game.draw(NO_WORD)
    game.annul_no_score()
    assert game.over and game.end_reason == "no_move"
    assert game.attempts[-1].reason == "no placement"
    assert to_record(game)["end"] == {"reason": "no_move", "letters": NO_WORD}


def test_004_5_2_no_score_annulment_only_during_the_move() -> None:
    """5.2: the arbiter annuls for no score once the draw is made and seen to score nothing."""
    game = entered_game()
    with refused(GameStateError, "cannot annul for no score now: draw first"):
        game.annul_no_score()
    game.draw("NATURES")
    with refused(GameStateError, "a move scores with this draw"):
        game.annul_no_score()


# -- 5.2: the arbiter's annulment -------------------------------------------------------------------


def test_004_5_2_annulled_draw_recorded_with_the_arbiters_reason() -> None:
    """5.2, second paragraph: the arbiter annuls the move (e.g. a spelling error): all its
    letters go back; the record keeps the reason given, "annulled" when none is."""
    game = entered_game()
    game.draw("NATURES")
    game.annul_draw()
    game.draw("NATURES")
    game.annul_draw("spelling error")
    assert [(a.outcome, a.reason) for a in game.attempts] == [
        ("annulled", "annulled"),
        ("annulled", "spelling error"),
    ]
    assert [a["reason"] for a in to_record(game)["pending"]["attempts"]] == [
        "annulled",
        "spelling error",
    ]


def test_004_5_2_annul_draw_only_after_a_draw() -> None:
    """5.2: there is a draw to annul only once it is made."""
    game = entered_game()
    with refused(GameStateError, "cannot annul the draw now: draw first"):
        game.annul_draw()


def test_004_5_2_annulled_move_recorded_with_the_arbiters_reason() -> None:
    """5.2, second paragraph: the points of the annulled move are cancelled and its letters go
    back; the record keeps the reason given, "annulled" when none is."""
    game = entered_game()
    game.draw("NATURES")
    game.play()
    game.annul_last_move()
    assert game.attempts[-1].reason == "annulled" and game.total == 0
    game.draw("NATURES")
    game.play()
    game.annul_last_move("word wrongly accepted")
    assert [a.reason for a in game.attempts] == ["annulled", "word wrongly accepted"]
    assert [a["top"]["score"] for a in to_record(game)["pending"]["attempts"]] == [66, 66]


def test_004_5_2_no_move_to_annul_before_the_first_move() -> None:
    """5.2: an annulment cancels a move played; before the first move there is none."""
    game = entered_game()
    with refused(GameStateError, "no move to annul"):
        game.annul_last_move()


def test_004_5_2_move_not_annulled_while_the_next_draw_is_in_play() -> None:
    """5.2 (docs: only the move just played, before the next draw is kept): once the next draw
    is on the board, that draw is annulled first."""
    game = entered_game()
    game.draw("NATURES")
    game.play()
    game.draw("ZEROUAI")
    with refused(GameStateError, "annul the current draw first"):
        game.annul_last_move()
    assert len(game.moves) == 1 and game.phase == "play"


def test_004_5_2_annulling_the_last_move_reopens_the_game() -> None:
    """5.2 and 2.7: the move that ended the game is annulled: its letters are back in the bag,
    the game is not over any more and has no end reason until it ends again."""
    game = entered_game("NATURES")
    game.draw("NATURES")
    game.play()
    assert game.over and game.end_reason == "all_played"
    game.annul_last_move("timing error")
    assert not game.over and game.end_reason is None and game.phase == "draw"
    assert to_record(game)["end"] is None and game.bag.tiles() == "AENRSTU"
    game.draw("NATURES")
    game.play()
    assert game.end_reason == "all_played"


def test_004_5_2_no_score_draws_counted_afresh_after_an_annulled_move() -> None:
    """5.2 with rulings Duplicate 4 and the ``max_no_score_draws`` setting: the move annulled
    is played again with new letters; only the scoreless draws of that new attempt count
    towards "no placement possible" (2.7)."""
    game = entered_game("NATURES" + NO_WORD, settings=DuplicateSettings(max_no_score_draws=2))
    game.draw("NATURES")
    game.play()
    game.annul_last_move()
    game.draw(NO_WORD)
    game.annul_no_score()  # the first scoreless draw of the move: draw again
    assert not game.over and game.phase == "draw"
    game.draw(NO_WORD)
    game.annul_no_score()  # the second in a row: no placement is possible
    assert game.over and game.end_reason == "no_move"
    assert [a.outcome for a in game.attempts] == ["annulled", "no_score", "no_score"]


# -- 1.2: no tile lost ------------------------------------------------------------------------------


def test_004_1_2_tile_count_holds_through_a_whole_game_with_blanks_played() -> None:
    """1.2: the bag holds the hundred letters and two blanks; whatever happens, board + hand +
    bag is that set (a blank on the board, shown as its letter, counts as a blank)."""
    game = DuplicateGame(LEX, seed=0)
    game.check_tiles()
    while game.step() is not None:
        game.check_tiles()
    on_board = [t for _, _, t in game.board.tiles()]
    assert any(t.islower() for t in on_board) and len(on_board) > 2
    assert Counter(game.initial_tiles) == Counter(Bag().tiles())


def test_004_1_2_tile_count_detects_a_lost_tile() -> None:
    """1.2: a tile missing from the game is reported."""
    game = entered_game()
    game.draw("NATURES")
    game.hand = game.hand[1:]
    with pytest.raises(AssertionError, match="^tiles lost or duplicated$"):
        game.check_tiles()


# -- settings (2.2 strong rule, 2.7 no placement) -------------------------------------------------


def test_004_settings_bounds_one_is_the_smallest_value() -> None:
    """2.2: the strong rule may stop after move 1; 2.7: the game may end after one scoreless
    draw. 1 is accepted, 0 and negative values are refused."""
    one = DuplicateSettings.from_json({"strong_until": 1, "max_no_score_draws": 1})
    assert one == DuplicateSettings(strong_until=1, max_no_score_draws=1)
    for bad in ({"strong_until": 0}, {"max_no_score_draws": 0}, {"strong_until": -3}):
        with refused(ValueError, "settings must be positive integers"):
            DuplicateSettings.from_json(bad)
    with refused(ValueError, "positive integers"):
        DuplicateSettings.from_json({"strong_until": "15"})
    assert DuplicateSettings.from_json({}) == DuplicateSettings(15, 10)


def test_004_settings_unknown_keys_and_non_objects_refused() -> None:
    """The settings of a record are an object of known keys; anything else is refused with the
    keys named, in alphabetical order."""
    with refused(ValueError, r"^unknown setting\(s\): blitz, time$"):
        DuplicateSettings.from_json({"time": 3, "blitz": True, "strong_until": 15})
    with refused(ValueError, "settings must be an object"):
        DuplicateSettings.from_json([15, 10])


def test_004_settings_refused_in_a_record() -> None:
    """A record whose settings are out of range does not replay."""
    game = entered_game()
    record = to_record(game)
    record["settings"] = {"strong_until": 15, "max_no_score_draws": 0}
    with refused(RecordError, "settings: settings must be positive integers"):
        replay(record, LEX)


# -- 2.4 and rulings Duplicate 2: the top ---------------------------------------------------------


def test_004_2_4_equal_tops_in_the_fixed_order_horizontal_first_then_row_then_column() -> None:
    """Rulings Duplicate 2: among equal tops the order is horizontal before vertical, then row
    A..O, then column 1..15; the default top is the first. Seed 3, move 2 of the test list has
    four tops of the same score, a vertical one on a higher row than every horizontal one."""
    game = DuplicateGame(LEX, seed=3)
    game.step()
    game.draw()
    choice = game.tops()
    assert choice is not None
    assert [str(m) for m in choice.equal_tops] == ["G3 SOL", "I6 AA", "I7 AS", "5E SALE"]
    assert str(game.play().move) == "G3 SOL"


def test_004_2_4_first_top_placed_horizontally_even_if_found_vertically() -> None:
    """2.4 and rulings Duplicate 2: on the first move the top is placed horizontally; a
    vertical placement is the same move transposed (the word across the star)."""
    from arbitre.scrabble.generate import top_moves

    def vertical_only(board: Any, rack: Any, lexicon: Any) -> list[Any]:
        found = top_moves(board, rack, lexicon, engine="reference")
        return [sm for sm in found if not (board.is_empty and sm.move.horizontal)]

    game = DuplicateGame(LEX, random_draws=False, top_finder=vertical_only)
    game.draw("NATURES")
    choice = game.tops()
    assert choice is not None and choice.score == 66
    standard = entered_game()
    standard.draw("NATURES")
    assert choice == standard.tops()
    assert all(m.horizontal and m.row == 7 for m in choice.equal_tops)
    assert str(game.play().move) == "H2 NATURES"


class _Scored:
    def __init__(self, move: str, score: int) -> None:
        from arbitre.scrabble.move import Move

        self.move = Move.parse(move)
        self.score = score


def test_004_5_2_a_top_of_zero_is_no_positive_score_a_top_of_one_is() -> None:
    """5.2: "aucun score positif": when the best move scores 0 the draw is annulled (no top);
    a best move of 1 point is a top."""
    for best, expected in ((0, None), (1, 1)):

        def finder(board: Any, rack: Any, lexicon: Any, best: int = best) -> list[Any]:
            return [_Scored("H4 AA", best), _Scored("H5 AA", best - 1)]

        game = DuplicateGame(LEX, random_draws=False, top_finder=finder)
        game.draw("AAEBCDF")
        choice = game.tops()
        assert (choice.score if choice else None) == expected


# -- refusals of actions the procedure does not allow -------------------------------------------


def test_004_procedure_refusals_name_the_action_and_what_to_do() -> None:
    """2.1-2.4 and 5.2 give the order of a move: draw, look for the top, play (or annul). An
    action out of that order is refused, saying which action and what to do first."""
    game = entered_game("NATURES")
    with refused(GameStateError, r"^cannot look for the top now: draw first$"):
        game.tops()
    with refused(GameStateError, r"^cannot play now: draw first$"):
        game.play()
    game.draw("NATURES")
    with refused(GameStateError, r"^cannot draw now: play or annul the current draw$"):
        game.draw("NATURES")
    game.play()
    with refused(
        GameStateError, r"^cannot draw: the game is over \(all the tiles are drawn and placed\)$"
    ):
        game.draw("A")


def test_004_2_4_refused_choices_say_why() -> None:
    """2.4: the arbiter retains a move of the highest score, without blank when one exists; on
    the first move, placed horizontally. A refused choice says which rule it breaks."""
    from arbitre.duplicate.game import MoveChoiceError

    game = entered_game()
    game.draw("NATURES")
    with refused(MoveChoiceError, r"^H8 RUE cannot be retained: it is not a top of 66 points$"):
        game.play("H8 RUE")
    with refused(
        MoveChoiceError,
        r"^2H NATURES cannot be retained: the first top is placed horizontally$",
    ):
        game.play("2H NATURES")
    game = entered_game()
    game.draw("NEUCUS?")
    choice = game.tops()
    assert choice is not None
    with refused(
        MoveChoiceError,
        r"cannot be retained: it is a top, but the seed prefers a move without blank or "
        r"ending the game$",
    ):
        game.play(choice.equal_tops[0])


def test_004_2_4_vertical_move_later_is_not_refused_as_a_first_move() -> None:
    """2.4: the horizontal placement is required on the first move only; a vertical move that
    is not a top later is refused as not a top."""
    from arbitre.duplicate.game import MoveChoiceError

    game = DuplicateGame(LEX, seed=3)
    game.step()
    game.draw()
    with refused(MoveChoiceError, r"cannot be retained: it is not a top of \d+ points$"):
        game.play("5E SA")


# -- 2.1: random and entered draws --------------------------------------------------------------


def test_004_2_1_draws_recorded_as_random_or_entered() -> None:
    """2.1: the arbiter draws at random (the seed replays it) or enters the letters he drew;
    the record says which, for every kept draw and every reject."""
    game = DuplicateGame(LEX, seed=3, bag=Bag.of("AEIOUAEIOUAEIO" + "BC"))
    game.draw()
    assert game.attempts and not any(a.entered for a in game.attempts)
    assert to_record(game)["pending"]["draw"]["entered"] is False
    game = entered_game()
    game.draw("NATURES")
    assert to_record(game)["pending"]["draw"]["entered"] is True
    entry = game.play()
    assert entry.entered is True
    assert to_record(game)["moves"][0]["entered"] is True


def test_004_2_1_a_game_without_seed_draws_at_random_from_a_fresh_seed() -> None:
    """2.1: "tire au hasard": without a given seed each game gets its own random seed, kept so
    that the game can be replayed; a new game is not over and has no end reason."""
    games = [DuplicateGame(LEX) for _ in range(30)]
    seeds = [g.seed for g in games]
    assert all(isinstance(s, int) for s in seeds) and len(set(seeds)) == 30
    game = games[0]
    assert game.end_reason is None and not game.over and game.phase == "draw"
    assert len(game.draw()) == 7
    again = DuplicateGame(LEX, seed=game.seed)
    assert again.draw() == game.drawn


def test_004_5_2_no_score_draws_counted_afresh_after_a_move_played() -> None:
    """Rulings Duplicate 4 and ``max_no_score_draws``: scoreless draws are counted per move; a
    move played starts the count again. (The word finder here finds nothing after move 1.)"""
    from arbitre.scrabble.generate import top_moves

    def first_move_only(board: Any, rack: Any, lexicon: Any) -> list[Any]:
        return list(top_moves(board, rack, lexicon, engine="reference")) if board.is_empty else []

    settings = DuplicateSettings(max_no_score_draws=2)
    game = DuplicateGame(LEX, random_draws=False, settings=settings, top_finder=first_move_only)
    game.draw(NO_WORD)
    game.annul_no_score()
    game.draw("NATURES")
    game.play()
    game.draw("ZEROUAI")
    assert game.tops() is None
    game.annul_no_score()  # the first scoreless draw of move 2: draw again
    assert not game.over and game.phase == "draw"
    game.draw("ZEROUAI")
    game.annul_no_score()  # the second: no placement is possible
    assert game.over and game.end_reason == "no_move"


def test_004_2_1_a_game_of_entered_draws_cannot_draw_at_random() -> None:
    """2.1: in a game whose draws are all entered by the arbiter (a pre-drawn game), a random
    draw is refused, asking for the letters drawn."""
    game = entered_game()
    with refused(GameStateError, "^this game has no random generator: enter the letters drawn$"):
        game.draw()
    assert game.phase == "draw" and len(game.bag) == 102


def test_004_2_4_when_every_top_uses_the_blank_one_of_them_is_retained() -> None:
    """2.4: the arbiter must prefer a top without blank only "si un ou plusieurs de ces mots
    n'utilisent pas le joker"; when all of them use it, any of them may be retained."""
    game = entered_game()
    game.draw("U?KJQXZ")
    choice = game.tops()
    assert choice is not None and choice.score == 38
    assert [str(m) for m in choice.admissible] == ["H5 JeUX", "H6 JeUX", "H7 JeUX", "H8 JeUX"]
    assert choice.admissible == choice.equal_tops
    assert str(game.play().move) == "H5 JeUX"


def test_004_2_4_unknown_move_generator_refused() -> None:
    """2.4: the top is the highest score found by the move generator the arbiter chose
    (``fast`` or ``reference``, both exhaustive); a generator name that does not exist is
    refused when the top is looked for, not silently replaced."""
    game = DuplicateGame(LEX, random_draws=False, engine="quick")
    game.draw("NATURES")
    with pytest.raises(ValueError, match="unknown engine 'quick'"):
        game.tops()


def test_004_2_1_letters_not_in_the_bag_refused_before_the_minimum_is_judged() -> None:
    """2.1: the arbiter draws the letters from the bag. Letters entered that the bag does not
    hold are refused as such (not judged as a draw, valid or not), for a draw and a reject."""
    from arbitre.duplicate.draws import BagError

    game = entered_game("AEBCDFGHKLMN")
    with refused(BagError, r"^not in the bag: ZZZZ \(bag holds ABCDEFGHKLMN\)$"):
        game.draw("BCDZZZZ")  # also short of vowels: the bag is what is wrong
    with refused(BagError, r"^not in the bag: IO "):
        game.reject("AEIOBCD")  # would be a valid draw: still refused for the bag
    assert game.attempts == () and len(game.bag) == 12 and game.phase == "draw"
