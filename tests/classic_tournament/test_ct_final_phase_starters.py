"""Who starts each game of a final-phase match (:func:`final_phase.game_starter`), checked
against the seeds' words: 000 3.1 "désigné ... de manière à équilibrer le nombre de fois où
chaque joueur débute", "le joueur qui n'a pas commencé la première partie entamera la
deuxième. S'il y a une troisième manche, un nouveau tirage au sort ou une nouvelle
désignation aura lieu"; 001 3.2 "celui qui a perdu le toss de la première partie entamera la
deuxième. S'il y a une troisième manche, on refait un tirage au sort"."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitre.classic.tournament.final_phase import game_starter

PLAYERS = ("Ana", "Bob")


@given(first=st.sampled_from(PLAYERS), games=st.integers(1, 9))
def test_000_3_1_a_designation_keeps_the_starts_balanced_game_after_game(
    first: str, games: int
) -> None:
    other = PLAYERS[1] if first == PLAYERS[0] else PLAYERS[0]
    designated = (first, other, first)  # the tournament's designation of games 1-3
    started: list[str | None] = []
    for number in range(1, games + 1):
        who = game_starter(number, PLAYERS, designated, started)
        assert who in PLAYERS
        started.append(who)
        # "équilibrer le nombre de fois où chaque joueur débute": never two apart
        assert abs(started.count(PLAYERS[0]) - started.count(PLAYERS[1])) <= 1
    if games >= 2:
        assert started[1] != started[0]  # "n'a pas commencé la première partie"


@given(toss_winner=st.sampled_from(PLAYERS), games=st.integers(3, 7))
def test_001_3_2_the_toss_loser_starts_game_2_and_later_games_are_tossed_again(
    toss_winner: str, games: int
) -> None:
    assert game_starter(1, PLAYERS, (), []) is None  # 001 3.1: the toss
    started: list[str | None] = [toss_winner]
    second = game_starter(2, PLAYERS, (), started)
    assert second is not None and second != toss_winner
    started.append(second)
    for number in range(3, games + 1):
        assert game_starter(number, PLAYERS, (), started) is None  # "on refait un tirage"
        started.append(PLAYERS[number % 2])


def test_000_3_1_game_2_follows_game_1_even_when_game_1_was_not_the_designated_one() -> None:
    # the arbiter let the other player start game 1: game 2 goes to the one who did not
    assert game_starter(2, PLAYERS, ("Ana", "Bob", "Ana"), ["Bob"]) == "Ana"
