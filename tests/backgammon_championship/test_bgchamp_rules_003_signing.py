"""Seed 003, 4.6: "Le résultat d'un match doit être apporté au directeur du tournoi par le
gagnant avec sa feuille de score signée par son adversaire dans les 5mn qui suivent la fin
du match." The signature is each player's confirmation of the final score; the five
minutes run from the end of the match (the first confirmation)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.backgammon.championship.model import ChampionshipError
from arbitre.backgammon.championship.signing import (
    Confirmation,
    check_confirmation,
    final_winner,
    signing,
)


def test_003_4_6_both_players_confirm_the_same_score_within_5_minutes() -> None:
    first = Confirmation(0, (7, 3), at=1000)
    s = check_confirmation(7, [], first)
    assert s.status == "waiting" and s.deadline == 1000 + 5 * 60
    done = check_confirmation(7, [first], Confirmation(1, (7, 3), at=1000 + 299))
    assert done.status == "confirmed" and done.score == (7, 3) and done.winner == 0


def test_003_4_6_a_confirmation_after_the_5_minutes_is_refused_the_director_decides() -> None:
    first = Confirmation(1, (2, 7), at=0)
    with pytest.raises(ChampionshipError) as exc:
        check_confirmation(7, [first], Confirmation(0, (2, 7), at=5 * 60 + 1))
    assert exc.value.message.code == "signing.late"
    assert signing(7, [first], now=5 * 60 + 1).status == "late"
    assert signing(7, [first], now=5 * 60).status == "waiting"


def test_003_4_6_different_scores_are_not_a_signed_result() -> None:
    claims = [Confirmation(0, (7, 3), 0), Confirmation(1, (7, 5), 10)]
    assert signing(7, claims, 20).status == "waiting"
    # the opponent corrects their confirmation within the five minutes: it holds
    fixed = check_confirmation(7, claims, Confirmation(0, (7, 5), 200))
    assert fixed.status == "confirmed" and fixed.score == (7, 5)


def test_003_4_6_only_a_finished_match_is_confirmed() -> None:
    for score in ((6, 3), (7, 7), (9, 8)):
        with pytest.raises(ChampionshipError) as exc:
            check_confirmation(7, [], Confirmation(0, score, 0))
        assert exc.value.message.code == "signing.not_final"
    assert final_winner(7, (4, 8)) == 1


def test_003_4_6_a_confirmed_result_takes_no_more_confirmations() -> None:
    claims = [Confirmation(0, (7, 3), 0), Confirmation(1, (7, 3), 1)]
    with pytest.raises(ChampionshipError) as exc:
        check_confirmation(7, claims, Confirmation(1, (3, 7), 2))
    assert exc.value.message.code == "signing.done"


@given(
    length=st.integers(1, 25),
    loser=st.integers(0, 24),
    first=st.integers(0, 10_000),
    delay=st.integers(0, 900),
    winner=st.sampled_from((0, 1)),
)
def test_003_4_6_the_same_score_within_5_minutes_holds_later_is_refused(
    length: int, loser: int, first: int, delay: int, winner: int
) -> None:
    """Whatever the match and the times: the opponent's confirmation of the same final
    score holds when it comes at most 5 minutes after the first, and is refused after."""
    low = loser % length
    score = (length, low) if winner == 0 else (low, length)
    opening = Confirmation(0, score, first)
    second = Confirmation(1, score, first + delay)
    if delay <= 5 * 60:
        done = check_confirmation(length, [opening], second)
        assert done.status == "confirmed" and done.winner == winner
    else:
        with pytest.raises(ChampionshipError):
            check_confirmation(length, [opening], second)
