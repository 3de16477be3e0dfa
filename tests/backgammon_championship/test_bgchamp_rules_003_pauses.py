"""Seed 003, 1.11 (matches without a clock): "Dans les matchs de longueur inférieure à 13
points, chaque joueur a droit à une pause de 10mn et pour les matchs en 13 points ou plus,
à deux pauses de 10mn. Les pauses ne peuvent être prises qu'entre deux parties. A DMP, un
joueur peut exiger en plus une pause de 5mn. Si la durée des pauses n'est pas respectée,
des pénalités peuvent être infligées." """

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.backgammon.championship.model import ChampionshipError
from arbitre.backgammon.championship.pauses import (
    OVERRUN_SANCTIONS,
    Pause,
    end_pause,
    overrun_report,
    pauses_allowed,
    take_pause,
)
from arbitre.backgammon.championship.sanctions import SanctionKind


def code(exc: pytest.ExceptionInfo[ChampionshipError]) -> str:
    return exc.value.message.code


def test_003_1_11_one_pause_below_13_points_two_from_13() -> None:
    assert [pauses_allowed(n) for n in (1, 7, 11, 12, 13, 17, 25)] == [1, 1, 1, 1, 2, 2, 2]
    first = Pause(0, 0, (2, 3), end=600)
    take_pause(11, [], first)
    with pytest.raises(ChampionshipError) as exc:
        take_pause(11, [first], Pause(0, 900, (4, 3)))
    assert code(exc) == "pause.none_left"
    take_pause(11, [first], Pause(1, 900, (4, 3)))  # the opponent has their own
    take_pause(13, [first], Pause(0, 900, (4, 3)))  # 13 points: a second one


def test_003_1_11_pauses_between_two_games_only() -> None:
    for score in ((7, 2), (2, 9), (-1, 0)):
        with pytest.raises(ChampionshipError) as exc:
            take_pause(7, [], Pause(0, 0, score))
        assert code(exc) == "pause.score"


def test_003_1_11_the_extra_5_minutes_at_dmp_only_once() -> None:
    used = Pause(1, 0, (1, 2), end=600)
    dmp = take_pause(7, [used], Pause(1, 1000, (6, 6), dmp=True))
    assert dmp.allowance == 5 * 60
    with pytest.raises(ChampionshipError) as exc:
        take_pause(7, [], Pause(0, 0, (6, 5), dmp=True))
    assert code(exc) == "pause.not_dmp"
    with pytest.raises(ChampionshipError) as exc:
        take_pause(7, [used, Pause(1, 1000, (6, 6), True, 1200)], Pause(1, 1300, (6, 6), True))
    assert code(exc) == "pause.dmp_taken"


def test_003_1_11_an_overrun_is_reported_to_the_director_who_may_penalise() -> None:
    running = take_pause(9, [], Pause(0, 100, (3, 3)))
    assert overrun_report(running, 100 + 600, "Ana") is None
    (ended,) = end_pause([running], 0, 100 + 600 + 95)
    report = overrun_report(ended, 5000, "Ana")
    assert report is not None and report.params["over"] == "1:35"
    assert report.params["minutes"] == 10
    assert SanctionKind.WARNING in OVERRUN_SANCTIONS and SanctionKind.POINTS in OVERRUN_SANCTIONS
    with pytest.raises(ChampionshipError) as exc:
        end_pause([ended], 0, 6000)
    assert code(exc) == "pause.not_running"


def test_003_1_11_clocked_matches_follow_the_clock_rules_instead() -> None:
    with pytest.raises(ChampionshipError) as exc:
        take_pause(9, [], Pause(0, 0, (1, 1)), clocked=True)
    assert code(exc) == "pause.clocked"
    with pytest.raises(ChampionshipError) as exc:
        take_pause(9, [Pause(1, 0, (1, 1))], Pause(0, 10, (1, 1)))
    assert code(exc) == "pause.running"


@given(
    length=st.integers(1, 25),
    asks=st.lists(st.tuples(st.sampled_from((0, 1)), st.integers(0, 24)), max_size=8),
)
def test_003_1_11_no_player_gets_more_10_minute_pauses_than_the_article_gives(
    length: int, asks: list[tuple[int, int]]
) -> None:
    """Any sequence of pauses asked between games: each player is granted one 10-minute
    pause below 13 points and two from 13, never more; the others are refused."""
    granted: list[Pause] = []
    at = 0.0
    for player, games in asks:
        score = (games % length, (games // 2) % length)
        try:
            granted.append(take_pause(length, granted, Pause(player, at, score, end=at + 60)))
        except ChampionshipError:
            pass
        at += 100
    for player in (0, 1):
        asked = sum(1 for p, _ in asks if p == player)
        got = sum(1 for p in granted if p.player == player)
        assert got == min(asked, 1 if length < 13 else 2)
