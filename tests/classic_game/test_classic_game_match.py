"""Match sheets (PM, Pdep), best of three, and CGP positions."""

from __future__ import annotations

import pytest

from arbitre.classic.game import ClassicGame, GameError, Sanction
from arbitre.classic.game.match import Match
from tests.classic_game.classic_words import small_lexicon
from tests.support import refuses


def test_single_game_match_sheet_pm_and_pdep() -> None:
    m = Match(("A", "B"), ratings=(1500, 1700))
    g = m.new_game(small_lexicon(), designated=1)
    assert g.starter == 1
    g.penalize(1, Sanction.LOSS)
    m.record(g)
    sheet = m.sheet()
    assert sheet.winner == 0 and sheet.match_points == (3, 1)
    assert sheet.pdep == (1700, 1500)  # the winner scores the higher rating (000)


def test_drawn_game_two_pm_each_and_own_rating() -> None:
    m = Match(("A", "B"), ratings=(1500, 1700))
    g = ClassicGame(small_lexicon(), ("A", "B"), starter=0, racks=("AEEIOUS", "AEEIOUS"))
    for _ in range(6):
        g.pass_turn()
    assert g.result is not None and g.result.winner is None
    m.record(g)
    sheet = m.sheet()
    assert sheet.match_points == (2, 2) and sheet.pdep == (1500, 1700)


def test_forfeit_scores_zero_pm() -> None:
    m = Match(("A", "B"), best_of=3)
    g = m.new_game(small_lexicon(), designated=0)
    g.forfeit(1)
    m.record(g)
    assert m.over and m.sheet().match_points == (3, 0)


def test_best_of_three_starters_and_end() -> None:
    m = Match(("A", "B"), best_of=3, ratings=(1600, 1400))
    g1 = m.new_game(small_lexicon(), designated=None, seed=4)  # toss
    g1.penalize(0, Sanction.LOSS)
    m.record(g1)
    assert m.next_starter() == 1 - g1.starter  # 001 3.2; 000 3.1
    bad = ClassicGame(small_lexicon(), ("A", "B"), starter=g1.starter, seed=1)
    bad.abandon(0)
    with refuses(GameError, "classic_match.starter", game=2, player=("A", "B")[1 - g1.starter]):
        m.record(bad)
    g2 = m.new_game(small_lexicon(), seed=5)
    assert g2.starter == 1 - g1.starter
    g2.penalize(1, Sanction.LOSS)
    m.record(g2)
    assert not m.over and m.next_starter(designated=0) == 0  # game 3: new designation
    g3 = m.new_game(small_lexicon(), designated=None, seed=6)
    assert g3.toss is not None  # or a new toss
    g3.penalize(1, Sanction.LOSS)
    m.record(g3)
    sheet = m.sheet()
    assert m.over and sheet.winner == 0 and sheet.games_won == (2, 1)
    assert sheet.match_points == (3, 1) and sheet.pdep == (1600, 1400)
    with pytest.raises(GameError):
        m.next_starter()


def test_best_of_three_ends_after_two_wins() -> None:
    m = Match(("A", "B"), best_of=3)
    for _ in range(2):
        g = m.new_game(small_lexicon(), designated=0)
        g.abandon(1)
        m.record(g)
    assert m.over and m.winner == 0 and len(m.results) == 2


def test_cgp_round_trip_and_bag_of_the_rest() -> None:
    g = ClassicGame(small_lexicon(), ("A", "B"), starter=0, racks=("DINEEEE", "ZAEEIOU"), seed=2)
    g.play("H7 DIN")
    g.pass_turn()
    cgp = g.to_cgp()
    assert cgp.startswith("15/15/15/15/15/15/15/6DIN6/15/15/15/15/15/15/15 ")
    assert cgp.endswith(" 8/0 1 lex classic-test;")
    again = ClassicGame.from_cgp(small_lexicon(), cgp, ("A", "B"))
    assert again.to_cgp() == cgp
    assert sum(again.tiles_in_game().values()) == 102 and len(again.bag) == 102 - 3 - 14
    with refuses(GameError, "classic_game.cgp_tiles", tiles="Z"):
        ClassicGame.from_cgp(
            small_lexicon(), "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 Z/Z 0/0 0"
        )
