"""The Duplicate façade: a game with typed records, ``judge(ballot, earlier=...)``, and every
value serialised by one ``to_json`` (what the web pages and the command line print)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbitre import duplicate
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision, judge
from arbitre.duplicate.game import DuplicateGame, GameStateError, end_label
from tests.duplicate.duplicate_words import make_lexicon
from tests.duplicate.wording import english, french, refused

LEX = make_lexicon()


def two_moves() -> DuplicateGame:
    """Move 1: a reject, then GAZAIEU, top H6 GAZ 26 (three equal tops); move 2: AIEU+RST,
    top 8F RIZ 12."""
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    game.reject("AEIOUAE")
    game.draw("GAZAIEU")
    game.play()
    game.draw("RST")
    game.play()
    return game


def test_the_package_exports_the_facade() -> None:
    assert duplicate.DuplicateGame is DuplicateGame
    assert {"Decision", "Event", "Standings", "Solo", "judge", "parse_ballot"} <= set(
        duplicate.__all__
    )
    assert all(hasattr(duplicate, name) for name in duplicate.__all__)


def test_moves_and_attempts_are_typed_records_with_their_json() -> None:
    game = two_moves()
    first, second = game.moves
    assert first.to_json() == {
        "number": 1,
        "leave": "",
        "drawn": "GAZAIEU",
        "entered": True,
        "attempts": [
            {
                "leave": "",
                "drawn": "AEIOUAE",
                "outcome": "reject",
                "entered": True,
                "reason": "fewer than 2 vowel(s) and 2 consonant(s)",
            }
        ],
        "top": {"coordinate": "H6", "word": "GAZ", "score": 26, "bingo": False},
        "equal_tops": ["H6 GAZ", "H7 GAZ", "H8 GAZ"],
        "total": 26,
    }
    assert second.to_json()["leave"] == "AIEU" and second.to_json()["total"] == 38
    # an annulled move keeps its top in the attempt
    game.annul_last_move("faute d'épellation")
    (annulled,) = game.attempts
    assert annulled.to_json() == {
        "leave": "AIEU",
        "drawn": "RST",
        "outcome": "annulled",
        "entered": True,
        "reason": "faute d'épellation",
        "top": {"coordinate": "8F", "word": "RIZ", "score": 12},
    }


def test_the_tops_of_a_draw_as_json() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    game.draw("GAZAIEU")
    choice = game.tops()
    assert choice is not None and choice.to_json() == {
        "score": 26,
        "equal_tops": ["H6 GAZ", "H7 GAZ", "H8 GAZ"],
        "admissible": ["H6 GAZ", "H7 GAZ", "H8 GAZ"],
        "default": "H6 GAZ",
    }


def test_turns_give_the_board_before_each_move_its_draw_and_its_top() -> None:
    game = two_moves()
    first, second = game.turns()
    assert (first.number, str(first.draw), first.board.is_empty) == (1, "AAEGIUZ", True)
    assert first.top is not None and (str(first.top.move), first.top.score) == ("H6 GAZ", 26)
    assert (second.number, str(second.draw), second.board.tile_count) == (2, "AEIRSTU", 3)
    assert second.top is not None and (str(second.top.move), second.top.score) == ("8F RIZ", 12)
    assert second.first_word_length == 3 and first.first_word_length is None
    assert game.turn().number == 2 and game.turn(1).board.is_empty
    assert english(second.heading()) == "Move 2: draw AEIRSTU, top 8F RIZ"
    assert french(second.heading()) == "Coup 2 : tirage AEIRSTU, top 8F RIZ"
    unknown = replace(second, top=None)
    assert french(unknown.heading()) == "Coup 2 : tirage AEIRSTU, top ?"


def test_the_top_of_a_move_as_the_arbiter_reads_it() -> None:
    entry = two_moves().moves[1]
    assert entry.announcement() == "12 points, vertical, en 8F : RIZ, R, I, Z."
    assert entry.announcement("en") == "12 points, vertical, at 8F: RIZ, R, I, Z."


def test_judge_a_ballot_of_the_last_move_or_of_an_earlier_one() -> None:
    game = two_moves()
    last = game.judge("8F RIZ")
    assert (last.score, last.sanction, str(last.move)) == (12, S.SCORE_MISSING, "8F RIZ")
    assert french(last.explanation) == (
        "Référence 8F : 8F RIZ = 12 ; avertissement : Score absent (004 4.3)"
    )
    first = game.judge(duplicate.parse_ballot("H7 GAZ 26"), 1)  # a parsed ballot too
    assert (first.score, first.sanction) == (26, S.NONE)
    assert french(first.explanation) == "Premier coup : meilleur placement H6 GAZ = 26"
    assert game.judge("top", 1).score == 26 and game.judge("top", 2).score == 12


def test_the_turns_judge_with_the_game_word_list() -> None:
    game = two_moves()
    second = game.turns()[1]
    refused_word = judge(duplicate.parse_ballot("8F RIZE 13"), second)
    assert (refused_word.sanction, refused_word.invalid_word) == (S.INVALID_WORD, "RIZE")


def test_judge_reads_the_refused_words_of_the_earlier_moves() -> None:
    """4.6: repeating a word refused earlier, after a late warning slip: compensation."""
    game = two_moves()
    refused_earlier = [Decision(0, S.INVALID_WORD, invalid_word="RIZE"), None]
    kept = [d for d in refused_earlier if d is not None]
    compensated = game.judge("8F RIZE +tardif", earlier=kept)
    assert (compensated.sanction, compensated.compensation) == (S.INVALID_WORD, True)
    assert compensated.proposed_score == 13
    assert not game.judge("8F RIZE +tardif").compensation
    other = [Decision(0, S.INVALID_WORD, invalid_word="IZE")]
    assert not game.judge("8F RIZE +tardif", earlier=other).compensation


def test_judging_needs_a_move_played() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    with refused(GameStateError, "^no move has been played yet$"):
        game.judge("top")
    game = two_moves()
    for move in (0, 3, -1):
        with refused(GameStateError, f"^move {move}: the game has moves 1 to 2$"):
            game.judge("top", move)
    with refused(GameStateError, "^coup 3 : la partie a les coups 1 à 2$", "fr"):
        game.turn(3)


def test_the_end_of_a_game_is_a_message() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast", bag=duplicate.Bag.of("ZEROUU"))
    assert game.end_label is None
    game.draw("ZEROUU")
    game.play()
    assert game.end_label == end_label("letters_left")
    assert english(game.end_label) == "only vowels or only consonants are left"
    assert french(end_label("all_played")) == "toutes les lettres sont posées"
    assert french(end_label("no_move")) == "plus aucun placement possible"


def test_entered_draw_refusals_name_the_draw() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    with refused(
        duplicate.InvalidDrawError,
        r"^3 letter\(s\) entered, the draw needs 7 \(leave -, 102 in the bag\)$",
    ):
        game.draw("GAZ")
    with refused(
        duplicate.InvalidDrawError,
        r"^draw \+AEIOUAE has fewer than 2 vowel\(s\) and 2 consonant\(s\) \(move 1, Y and "
        r"blanks counted either way\): reject it$",
    ):
        game.draw("AEIOUAE")
    with refused(
        duplicate.InvalidDrawError,
        r"^draw \+GAZAIEU has at least 2 vowel\(s\) and 2 consonant\(s\): it is valid, not a "
        r"reject$",
    ):
        game.reject("GAZAIEU")
    game.draw("GAZAIEU")
    game.play()
    with refused(
        duplicate.InvalidDrawError,
        r"^draw AIEU\+EAU has fewer than 2 vowel\(s\) and 2 consonant\(s\) \(move 2, ",
    ):
        game.draw("EAU")
    with refused(
        duplicate.InvalidDrawError, r"^2 letter\(s\) entered, the draw needs 3 \(leave AIEU, 95 in"
    ):
        game.draw("RS")
    with refused(
        duplicate.InvalidDrawError,
        r"^draw AIEU\+RST has at least 2 vowel\(s\) and 2 consonant\(s\): it is valid, not a "
        r"reject$",
    ):
        game.reject("RST")
    with refused(
        duplicate.InvalidDrawError,
        "^Le tirage AIEU\\+RST atteint le minimum de voyelles et de consonnes \\(2 \\+ 2\\) : "
        "il est valable, ce n'est pas un rejet$",
        "fr",
    ):
        game.reject("RST")
    with refused(
        duplicate.InvalidDrawError,
        "^Tirage AIEU\\+EAU non valable : le minimum de voyelles et de consonnes \\(2 \\+ 2\\) "
        "n'est pas atteint "
        "\\(coup 2, Y et jokers comptés au choix, 2.2\\) : rejetez-le$",
        "fr",
    ):
        game.draw("EAU")


def test_refusals_of_a_finished_game_say_why_it_ended() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast", bag=duplicate.Bag.of("ZEROUU"))
    game.draw("ZEROUU")
    game.play()
    with refused(
        GameStateError, r"^Tirage impossible : la partie est terminée \(il ne reste", "fr"
    ):
        game.draw()
    with pytest.raises(GameStateError) as info:
        game.tops()
    assert english(info.value.message) == (
        "cannot look for the top: the game is over (only vowels or only consonants are left)"
    )
