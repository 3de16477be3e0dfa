"""Seed 002, A.4: the sudden-death play-off of an official title ("départagés par une
épreuve en « mort subite »"; "ce départage est limité à une partie complète, si à l'issue
de cette partie l'égalité subsiste les joueurs concernés sont définitivement ex aequo").

Hand-worked games, and a property against an oracle written from the article by another
route: a player is out at the first move after which their running total is below the best
running total of the players not yet out; the winner is the one player left."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitre.ranking.titles import PlayoffResult, sudden_death


def test_002_A4_the_first_player_behind_is_out_whatever_follows() -> None:
    moves = [{"A": 20, "B": 20}, {"A": 30, "B": 12}, {"A": 0, "B": 95}]
    assert sudden_death(moves) == PlayoffResult("A", 2, {"A": 50, "B": 32})


def test_002_A4_three_players_one_out_then_the_last_two_until_one_is_left() -> None:
    moves = [{"A": 20, "B": 20, "C": 10}, {"A": 8, "B": 8, "C": 99}, {"A": 5, "B": 7}]
    assert sudden_death(moves) == PlayoffResult("B", 3, {"A": 33, "B": 35, "C": 10})


def test_002_A4_the_running_totals_decide_not_the_last_move() -> None:
    """B is out after move 1 (20 against 30) and its 90 of move 2 no longer counts; A and
    C are compared on their running totals, 30 + 10 = 40 against 30 + 15 = 45: C wins at
    move 2, and B's total stays the one it was out with."""
    moves = [{"A": 30, "B": 20, "C": 30}, {"A": 10, "B": 90, "C": 15}]
    assert sudden_death(moves) == PlayoffResult("C", 2, {"A": 40, "B": 20, "C": 45})


def test_002_A4_a_player_without_a_score_for_a_move_scores_nothing() -> None:
    moves = [{"A": 10, "B": 10}, {"A": 5}]
    assert sudden_death(moves) == PlayoffResult("A", 2, {"A": 15, "B": 10})


def test_002_A4_still_level_after_the_full_game_is_ex_aequo_for_good() -> None:
    moves = [{"A": 20, "B": 20}, {"A": 30, "B": 30}]
    assert sudden_death(moves) == PlayoffResult(None, None, {"A": 50, "B": 50})
    assert sudden_death([]) == PlayoffResult(None, None, {})


def _oracle(moves: list[dict[str, int]]) -> tuple[str | None, int | None, dict[str, int]]:
    players = sorted(moves[0]) if moves else []
    out_at: dict[str, int] = {}
    running = {p: [0] for p in players}  # each player's running totals, move by move
    for number, scores in enumerate(moves, start=1):
        for p in players:
            running[p].append(running[p][-1] + scores.get(p, 0))
        best = max(running[p][number] for p in players if p not in out_at)
        for p in players:
            if p not in out_at and running[p][number] < best:
                out_at[p] = number
        left = [p for p in players if p not in out_at]
        if len(left) == 1:
            totals = {p: running[p][out_at.get(p, number)] for p in players}
            return left[0], number, totals
    return None, None, {p: running[p][out_at.get(p, len(moves))] for p in players}


_SCORES = st.integers(0, 3)  # few values: many moves level


@given(
    st.integers(2, 4).flatmap(
        lambda n: st.lists(
            st.fixed_dictionaries({f"P{i}": _SCORES for i in range(n)}), min_size=1, max_size=6
        )
    )
)
def test_002_A4_sudden_death_holds_the_oracle(moves: list[dict[str, int]]) -> None:
    winner, decided_at, totals = _oracle(moves)
    assert sudden_death(moves) == PlayoffResult(winner, decided_at, totals)
