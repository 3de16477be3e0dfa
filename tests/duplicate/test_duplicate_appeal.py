"""Seed 004, 5.3 and 5.2: a score above the top after an appeal is reported as a value until
the chief arbiter decides (:mod:`arbitre.duplicate.appeal`), and the annulment of the move is
offered only while 5.2 allows it (the move just played, before the next draw)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.duplicate import sanctions as S
from arbitre.duplicate.appeal import AboveTop, KeptScore, above_top, annulment_possible
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import GameRecordScores
from arbitre.duplicate.game import DuplicateGame, GameStateError
from arbitre.i18n import word
from tests.duplicate.duplicate_words import make_lexicon
from tests.support import depth

LEX = make_lexicon()


def scored(*scores: int | None) -> list[Decision | None]:
    return [None if s is None else Decision(s, S.NONE) for s in scores]


def game_of(**rows: list[Decision | None]) -> GameRecordScores:
    """TH1: tops 18, 30, 25 (H4 MAISON, 5E TABLES, 8A RUES)."""
    return GameRecordScores("TH1", [18, 30, 25], ["H4 MAISON", "5E TABLES", "8A RUES"], dict(rows))


def test_004_5_3_a_score_above_the_top_is_reported_with_the_score_and_the_top() -> None:
    """The issue's case: 70 accepted on appeal on a top of 18."""
    game = game_of(L1=scored(70, 30, 0), L2=scored(18, 12, 25))
    [found] = above_top([game])
    assert found == AboveTop("TH1", 1, 18, "H4 MAISON", 70, ("L1",))
    assert word(found.message, "fr") == (
        "TH1, coup 1 : 70 points accordés sur recours, au-dessus du top (18) : "
        "le top est désormais faux"
    )
    assert word(found.mark, "fr") == (
        "TH1, coup 1 : top dépassé sur appel, décision de l'arbitre en attente"
    )


def test_the_top_itself_is_not_above_the_top() -> None:
    assert above_top([game_of(L1=scored(18, 30, 25), L2=scored(None, None, None))]) == []


def test_every_player_above_is_named_and_the_highest_score_kept() -> None:
    game = game_of(L1=scored(0, 31), L2=scored(0, 12), L3=scored(0, 44))
    [found] = above_top([game])
    assert (found.move, found.score, found.licences) == (2, 44, ("L1", "L3"))


def test_a_player_not_at_the_table_for_the_move_is_not_counted() -> None:
    """5.1: a late player's moves before arrival score 0; a withdrawn player plays no move."""
    game = game_of(L1=scored(70), L2=scored(70))
    game.late_from["L1"] = 2
    game.withdrawn_from["L2"] = 1
    assert above_top([game]) == []


def test_a_kept_decision_clears_the_move_until_a_higher_score_or_another_top() -> None:
    game = game_of(L1=scored(70))
    assert above_top([game], [KeptScore("TH1", 1, "H4 MAISON", 70)]) == []
    # a higher score awarded after the decision is reported again
    assert above_top([game], [KeptScore("TH1", 1, "H4 MAISON", 60)])[0].score == 70
    # the move undone and played again with another top is another move
    assert len(above_top([game], [KeptScore("TH1", 1, "H4 MAISONS", 70)])) == 1
    # a decision on another game or move leaves this one reported
    assert len(above_top([game], [KeptScore("TH2", 1, "H4 MAISON", 70)])) == 1


def test_a_decision_kept_on_one_move_leaves_the_later_moves_reported() -> None:
    game = game_of(L1=scored(70, 31, 26))
    found = above_top([game], [KeptScore("TH1", 1, "H4 MAISON", 70)])
    assert [(a.move, a.score, a.top, a.top_move) for a in found] == [
        (2, 31, 30, "5E TABLES"),
        (3, 26, 25, "8A RUES"),
    ]
    # a move with a top of 0 is reported from 1 point
    assert [a.score for a in above_top([GameRecordScores("TH2", [0], [], {"L": scored(1)})])] == [1]


def test_the_decision_to_keep_and_the_values_the_pages_read() -> None:
    """The chief's decision keeps the move, its top and the score it kept; the pages read
    every field (a top unknown to the record reads as empty)."""
    [found] = above_top([GameRecordScores("TH2", [18], [], {"L9": scored(70)})])
    assert found.kept() == KeptScore("TH2", 1, "", 70)
    assert above_top([GameRecordScores("TH2", [18], [], {"L9": scored(70)})], [found.kept()]) == []
    assert found.to_json() == {
        "game": "TH2",
        "move": 1,
        "top": 18,
        "top_move": "",
        "score": 70,
        "licences": ["L9"],
    }


@settings(max_examples=depth(200))
@given(
    st.lists(
        st.tuples(st.integers(1, 60), st.lists(st.integers(0, 120), min_size=1, max_size=4)),
        min_size=1,
        max_size=6,
    )
)
def test_reported_exactly_where_some_score_beats_the_top(
    moves: list[tuple[int, list[int]]],
) -> None:
    """Oracle from 5.3: a move is reported iff one of its scores is strictly above its top,
    with that highest score."""
    tops = [top for top, _ in moves]
    width = max(len(scores) for _, scores in moves)
    rows = {
        f"L{p}": [Decision(s[p], S.NONE) if p < len(s) else None for _, s in moves]
        for p in range(width)
    }
    found = above_top([GameRecordScores("TH1", tops, [], rows)])
    expected = [(i + 1, max(s)) for i, (top, s) in enumerate(moves) if max(s) > top]
    assert [(a.move, a.score) for a in found] == expected


def test_004_5_2_the_annulment_is_possible_for_the_move_just_played_before_the_next_draw() -> None:
    game = DuplicateGame(LEX, seed=11, engine="reference")
    game.step()
    game.step()
    assert annulment_possible(game, 2) and not annulment_possible(game, 1)
    game.draw()
    assert not annulment_possible(game, 2)
    with pytest.raises(GameStateError):
        game.annul_last_move()
    game.annul_draw("épellation")
    assert not annulment_possible(game, 2)
    with pytest.raises(GameStateError):
        game.annul_last_move()


@settings(max_examples=depth(25), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 4), st.booleans())
def test_annulment_possible_agrees_with_the_game(seed: int, moves: int, drawn: bool) -> None:
    """What the chief's screen offers is what the game accepts."""
    game = DuplicateGame(LEX, seed=seed, engine="reference")
    for _ in range(moves):
        game.step()
    if drawn and not game.over:
        game.draw()
    last = game.moves[-1].number if game.moves else 0
    possible = annulment_possible(game, last)
    try:
        game.annul_last_move("x")
    except GameStateError:
        assert not possible
    else:
        assert possible
