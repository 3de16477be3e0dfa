"""Tests of the Belgian formula pinned article by article (seed 000, rulings Classic 1-8).

Each test is named after the part of seed 000 ("La Formule Classique", section 3.1 of the
rules of play) or the ruling it pins, and asserts the exact decision the text demands: the
pairs, who starts and why, the bye and its reason, the figures of the ranking, and the
refusal of inputs the regulation makes impossible. Expected values were worked out by hand
from the text; the working is in the comments.
"""

from __future__ import annotations

import pytest

from arbitre.classic.tournament import (
    Game,
    HeadToHead,
    Player,
    Round,
    Rule,
    TournamentError,
    compute_standings,
    first_round_groups,
    pair_round,
    who_starts,
)
from arbitre.common.messages import Message
from arbitre.i18n import word
from tests.classic_tournament.helpers import en
from tests.classic_tournament.test_ct_worked_examples import R1, R2, R3

LETTERS = "ABCDEFGHIJKL"


def roster(count: int) -> list[Player]:
    """``count`` players A, B, C... rated 1900, 1850, 1800... (the initial ranking's order)."""
    return [Player(LETTERS[i], 1900 - 50 * i) for i in range(count)]


def win(rnd: int, a: str, b: str, starts: str | None = None) -> Game:
    return Game(rnd, a, b, 400, 300, starts=starts)


def draw(rnd: int, a: str, b: str) -> Game:
    return Game(rnd, a, b, 350, 350)


def played(rnd: int, pairing, winners: dict[str, str]) -> Round:
    """The round as ``pairing`` designed it, each game won by ``winners[a]`` and started by
    the player the pairing designated; a bye stays a bye."""
    games = []
    for p in pairing.pairs:
        if p.b is None:
            games.append(Game(rnd, p.a, None))
        elif winners[p.a] == p.a:
            games.append(Game(rnd, p.a, p.b, 400, 300, starts=p.starts))
        else:
            games.append(Game(rnd, p.a, p.b, 300, 400, starts=p.starts))
    return Round(rnd, tuple(games))


# -- "Premier match": groups A and B (rulings Classic 2) ----------------------------------


def test_000_premier_match_explanation_even_number_of_players() -> None:
    """Round 1, 4 players: group A is the even number closest to two thirds (2.67 -> 2),
    group B the rest; A: first against last of A; B: first against second. Nobody has
    started a game yet, so the higher-ranked player of each pair starts (rulings 7)."""
    pairing = pair_round(roster(4), [])
    assert en(pairing.explain) == (
        "Pairing list: initial ranking (rating descending, then name).",
        "Present: 1. A (0 PM), 2. B (0 PM), 3. C (0 PM), 4. D (0 PM).",
        "Group A: the first 2 of 4 present players (the even number closest to two thirds); "
        "group B: the other 2.",
        "Table 1: A - B: group A, no. 1 against no. 2 of 2. A starts (higher-ranked).",
        "Table 2: C - D: group B, no. 1 against no. 2. C starts (higher-ranked).",
    )


def test_000_premier_match_explanation_odd_number_with_bye_and_absentees() -> None:
    """Round 1, 9 registered, C and H absent (seed 000 "Forfaits provisoires": paired from
    the present players only). 7 present: 2/3 = 4.67, nearest even 4 -> A = A B D E,
    B = F G I; I, the last, has the bye (rulings Classic 2 and 3): A-E, B-D, F-G."""
    pairing = pair_round(roster(9), [], absent=["H", "C"])
    assert pairing.absent == ("C", "H")
    assert pairing.order == ("A", "B", "D", "E", "F", "G", "I")
    assert [(p.table, p.a, p.b, p.rule) for p in pairing.pairs] == [
        (1, "A", "E", Rule.GROUP_A),
        (2, "B", "D", Rule.GROUP_A),
        (3, "F", "G", Rule.GROUP_B),
        (4, "I", None, Rule.BYE),
    ]
    assert en(pairing.explain) == (
        "Pairing list: initial ranking (rating descending, then name).",
        "Absent, left out of the pairing (they keep their points): C, H.",
        "Present: 1. A (0 PM), 2. B (0 PM), 3. D (0 PM), 4. E (0 PM), 5. F (0 PM), "
        "6. G (0 PM), 7. I (0 PM).",
        "Group A: the first 4 of 7 present players (the even number closest to two thirds); "
        "group B: the other 3 (the last one has the bye).",
        "Table 1: A - E: group A, no. 1 against no. 4 of 4. A starts (higher-ranked).",
        "Table 2: B - D: group A, no. 2 against no. 3 of 4. B starts (higher-ranked).",
        "Table 3: F - G: group B, no. 1 against no. 2. F starts (higher-ranked).",
        "Table 4: I - BYE: odd number of present players; lowest-ranked present player not "
        "yet paired against an absent player (3 PM, own rating as Pdep).",
    )
    bye = pairing.pairs[-1]
    assert en(bye.explanation) == en(pairing.explain)[-1]
    assert bye.starters == ()


def test_000_premier_match_group_b_numbers_each_pair() -> None:
    """Group B: "le premier rencontre le deuxième, le troisième le quatrième...". 12
    players: A = 8, B = I J K L: I-J is no. 1 against no. 2, K-L no. 3 against no. 4."""
    pairing = pair_round(roster(12), [])
    texts = [en(p.explanation) for p in pairing.pairs]
    assert (
        texts[3] == "Table 4: D - E: group A, no. 4 against no. 5 of 8. D starts (higher-ranked)."
    )
    assert texts[5] == "Table 6: K - L: group B, no. 3 against no. 4. K starts (higher-ranked)."


def test_000_premier_match_group_sizes_never_exceed_the_present_players() -> None:
    """Group A is never larger than the even part of the present players; nobody present
    means empty groups; a negative count is no number of players and is refused."""
    assert [first_round_groups(n) for n in range(7)] == [
        (0, 0),
        (0, 1),
        (2, 0),
        (2, 1),
        (2, 2),
        (4, 1),
        (4, 2),
    ]
    with pytest.raises(TournamentError) as refused:
        first_round_groups(-1)
    assert refused.value.message == Message.of("pairing.refused.present_count", present=-1)


# -- "Deuxième match", "Matches suivants", "Permutations" (rulings Classic 4) ----------------


def test_000_matches_suivants_explanations_through_a_whole_event() -> None:
    """4 players P Q R S, the higher-ranked player winning each game.

    Round 2: 3 PM P R (even): P-R; 1 PM Q S: Q-S. P and R both started their one game and
    their previous game -> higher-ranked P; Q and S started none -> Q.
    Round 3: 6 PM P alone (odd) meets Q, first of 4 PM; P met Q: nobody above Q, R below
    met P, S has not -> P-S (permutation downward); Q-R. S started 0 against P's 2; Q and
    R started one each, R did not start round 2 -> R.
    Round 4: P (9) meets Q (7): every unpaired player met P -> rematch kept; R (5) meets
    S (3), met in round 1 -> kept. Q and S have started fewer (1 against 2).
    """
    players = [Player("P", 1600), Player("Q", 1500), Player("R", 1400), Player("S", 1300)]
    rounds = [Round(1, (win(1, "P", "Q"), win(1, "R", "S")))]
    p2 = pair_round(players, rounds)
    assert p2.round == 2
    assert en(p2.explain) == (
        "Pairing list: intermediate ranking after round 1 (PM, PPM if all tied players met, "
        "Pdep, initial ranking).",
        "Present: 1. P (3 PM), 2. R (3 PM), 3. Q (1 PM), 4. S (1 PM).",
        "Table 1: P - R: group of 3 PM has 2 players unpaired (even): first against last. "
        "P starts (higher-ranked).",
        "Table 2: Q - S: group of 1 PM has 2 players unpaired (even): first against last. "
        "Q starts (higher-ranked).",
    )
    rounds.append(played(2, p2, {"P": "P", "Q": "Q"}))
    p3 = pair_round(players, rounds)
    assert en(p3.explain)[2:] == (
        "Table 1: P - S: group of 6 PM has 1 player unpaired (odd): its first meets the first "
        "of the next group, Q (4 PM). P has already met Q and every unpaired player above Q: "
        "S is the first unpaired player below Q who has not met P (permutation downward). "
        "S starts (fewer games started: 0 against 2).",
        "Table 2: Q - R: group of 4 PM has 2 players unpaired (even): first against last. "
        "R starts (did not start their previous game).",
    )
    assert [(p.rule, p.nominal) for p in p3.pairs] == [
        (Rule.PERMUTATION_DOWN, "Q"),
        (Rule.EVEN_GROUP, "R"),
    ]
    rounds.append(played(3, p3, {"P": "P", "Q": "Q"}))
    p4 = pair_round(players, rounds)
    assert en(p4.explain)[0].startswith("Pairing list: intermediate ranking after round 3 ")
    assert en(p4.explain)[1:] == (
        "Present: 1. P (9 PM), 2. Q (7 PM), 3. R (5 PM), 4. S (3 PM).",
        "Table 1: P - Q: group of 9 PM has 1 player unpaired (odd): its first meets the first "
        "of the next group, Q (7 PM). P has already met Q and every other unpaired player: "
        "the rematch is kept. Q starts (fewer games started: 1 against 2).",
        "Table 2: R - S: group of 5 PM has 1 player unpaired (odd): its first meets the first "
        "of the next group, S (3 PM). R has already met S and every other unpaired player: "
        "the rematch is kept. S starts (fewer games started: 1 against 2).",
    )


def test_000_permutations_upward_explanation() -> None:
    """ "On va rechercher en remontant dans le classement, à partir du classement de B, le
    premier joueur non encore désigné ... qui n'a pas encore rencontré le joueur A."

    The 12-player tournament of the worked examples after round 3: A F (9), B H (7),
    E I K (6), C G L (5), D (4), J (3). A-F, B-H; E (odd group of 6 PM) should meet C,
    first of the 5 PM group, met in round 2. Upward from C: K, unpaired, has not met E.
    """
    players = roster(12)
    rounds = [Round(n, tuple(games)) for n, games in ((1, R1), (2, R2), (3, R3))]
    pairing = pair_round(players, rounds)
    table3 = pairing.pairs[2]
    assert (table3.a, table3.b, table3.rule, table3.nominal) == (
        "E",
        "K",
        Rule.PERMUTATION_UP,
        "C",
    )
    assert en(table3.explanation).startswith(
        "Table 3: E - K: group of 6 PM has 3 players unpaired (odd): its first meets the "
        "first of the next group, C (5 PM). E has already met C: K is the first unpaired "
        "player above C who has not met E (permutation upward). "
    )


# -- Byes: rulings Classic 3 ("opposé à un joueur absent plus d'une fois") -----------------


def test_rulings_classic_3_bye_when_everyone_has_had_one_goes_to_the_fewest() -> None:
    """Present X Y Z; absent wins: Z two (a bye and W's forfeit), X one (a bye), Y one (a
    bye). Ranking Y (10), X (7), Z (7, lower Pdep). Everybody has been paired against an
    absent player, so the bye goes to the lowest-ranked among those with the fewest (1):
    X, not Z, although Z is ranked lower."""
    players = [Player("X", 1500), Player("Y", 1400), Player("Z", 1300), Player("W", 1200)]
    rounds = [
        Round(1, (win(1, "X", "Y"), Game(1, "Z", None))),
        Round(2, (Game(2, "Z", "W", 400, None, forfeit_b=True), win(2, "Y", "X"))),
        Round(3, (Game(3, "Y", None),)),
        Round(4, (Game(4, "X", None), win(4, "Y", "Z"))),
    ]
    pairing = pair_round(players, rounds, absent=["W"])
    assert pairing.order == ("Y", "X", "Z")
    assert [(p.a, p.b) for p in pairing.pairs] == [("Y", "Z"), ("X", None)]
    assert en(pairing.pairs[-1].explanation) == (
        "Table 2: X - BYE: odd number of present players; every present player has had a bye "
        "or forfeit win; lowest-ranked among those with the fewest (1) (3 PM, own rating as "
        "Pdep)."
    )


# -- Who starts: seed 000, 3.1 and rulings Classic 7 and 8 --------------------------------


def test_000_3_1_a_game_played_without_starting_is_not_a_start() -> None:
    """Rulings Classic 7: fewer games started, then did not start the previous game, then
    higher-ranked. A had a bye (no game over the board), B won a game that C started: both
    have started no game and neither started their previous one -> A, the higher-ranked.
    The bye goes to C, who has not been paired against an absent player."""
    players = [Player("A", 1600), Player("B", 1500), Player("C", 1400)]
    rounds = [Round(1, (Game(1, "A", None), win(1, "B", "C", starts="C")))]
    pairing = pair_round(players, rounds)
    assert [en(p.explanation) for p in pairing.pairs] == [
        "Table 1: A - B: group of 3 PM has 2 players unpaired (even): first against last. "
        "A starts (higher-ranked).",
        "Table 2: C - BYE: odd number of present players; lowest-ranked present player not "
        "yet paired against an absent player (3 PM, own rating as Pdep).",
    ]


def test_000_3_1_never_played_and_played_without_starting_are_equal() -> None:
    """X lost to P, who started; Y and Q were absent. Round 2: P-Y (P met X; downward Y);
    Y has started fewer than P (0 against 1). X-Q: X played without starting, Q never
    played: neither has started a game nor their previous one -> X, the higher-ranked."""
    players = [Player("X", 1600), Player("Y", 1500), Player("P", 1400), Player("Q", 1300)]
    rounds = [Round(1, (win(1, "P", "X", starts="P"),))]
    pairing = pair_round(players, rounds)
    assert [(p.a, p.b, p.starts) for p in pairing.pairs] == [("P", "Y", "Y"), ("X", "Q", "X")]
    assert en(pairing.pairs[0].explanation).endswith("Y starts (fewer games started: 0 against 1).")
    assert en(pairing.pairs[1].explanation).endswith("X starts (higher-ranked).")
    assert who_starts(rounds, "X", "Q") == "X"


def test_000_3_1_games_started_are_counted_over_all_rounds() -> None:
    """X started rounds 1 and 2, not 3 (2 games); Y started round 3 only (1 game): Y has
    started fewer and starts, although X did not start their previous game."""
    rounds = [
        Round(1, (win(1, "X", "P", starts="X"), win(1, "Y", "Q", starts="Q"))),
        Round(2, (win(2, "X", "Q", starts="X"), win(2, "Y", "P", starts="P"))),
        Round(3, (win(3, "X", "P", starts="P"), win(3, "Y", "Q", starts="Y"))),
    ]
    assert who_starts(rounds, "X", "Y") == "Y"
    assert who_starts(rounds, "Y", "X") == "Y"


def test_000_3_1_did_not_start_previous_game_whatever_the_ranking() -> None:
    """Both started one game; X did not start their previous game, Y did -> X starts,
    whether X is the higher- or the lower-ranked of the two."""
    rounds = [
        Round(1, (win(1, "X", "P", starts="X"), win(1, "Y", "Q", starts="Q"))),
        Round(2, (win(2, "X", "Q", starts="Q"), win(2, "Y", "P", starts="Y"))),
    ]
    assert who_starts(rounds, "X", "Y") == "X"
    assert who_starts(rounds, "Y", "X") == "X"


def test_000_3_1_a_match_of_one_game_has_one_starter() -> None:
    """Rulings Classic 8: a match is one game unless the director sets best of three; in
    best of three the player who did not start game 1 starts game 2 (000, 3.1)."""
    single = pair_round(roster(4), [])
    assert [p.starters for p in single.pairs] == [("A",), ("C",)]
    assert [p.starts for p in single.pairs] == ["A", "C"]
    three = pair_round(roster(4), [], best_of=3)
    assert [p.starters for p in three.pairs] == [("A", "B", "A"), ("C", "D", "C")]


# -- Inputs the regulation makes impossible ------------------------------------------------


def test_000_forfaits_provisoires_absent_player_must_be_on_the_roster() -> None:
    """Only registered players can be absent: an unknown name is refused, and named."""
    with pytest.raises(TournamentError) as refused:
        pair_round(roster(4), [], absent=["Zed"])
    assert word(refused.value.message) == "joueur absent inconnu « Zed »"


def test_rulings_classic_8_match_is_one_game_or_best_of_three() -> None:
    with pytest.raises(TournamentError) as refused:
        pair_round(roster(4), [], best_of=2)
    assert word(refused.value.message, "en") == "a match is one game or best of three, not 2"


def test_000_forfaits_provisoires_nobody_present_cannot_be_paired() -> None:
    with pytest.raises(TournamentError) as refused:
        pair_round(roster(2), [], absent=["A", "B"])
    assert refused.value.message.code == "pairing.refused.nobody_present"


def test_000_rounds_are_numbered_from_one_without_gap() -> None:
    """A tournament's rounds are its 1st, 2nd... match: a round 0, a missing round or a
    round given twice is refused, by the ranking and by the pairing."""
    players = roster(4)
    good = [Round(1, (win(1, "A", "B"), win(1, "C", "D")))]
    assert pair_round(players, good).round == 2
    bad_histories = [
        [Round(0, ())],
        [Round(2, (win(2, "A", "B"),))],
        good + [Round(3, (win(3, "A", "C"),))],
        good + [Round(1, (win(1, "A", "C"),))],
    ]
    for rounds in bad_histories:
        with pytest.raises(TournamentError) as refused:
            compute_standings(players, rounds)
        numbers = sorted(r.number for r in rounds)
        assert word(refused.value.message, "en") == (
            f"the rounds must be numbered 1 to {len(rounds)}, not {', '.join(map(str, numbers))}"
        )
        with pytest.raises(TournamentError) as refused:
            pair_round(players, rounds)
        assert refused.value.message.code == "classic_tournament.round_sequence"
    # The order in which the rounds are given does not matter.
    later = good + [Round(2, (win(2, "A", "C"), win(2, "B", "D")))]
    assert compute_standings(players, later[::-1]) == compute_standings(players, later)


def test_000_player_of_a_game_must_be_on_the_roster() -> None:
    with pytest.raises(TournamentError) as refused:
        compute_standings(roster(2), [Round(1, (win(1, "A", "Zed"),))])
    assert word(refused.value.message) == "ronde 1 : joueur inconnu « Zed »"


def test_pairing_opponent_of_a_player_not_in_the_pairing() -> None:
    pairing = pair_round(roster(4), [])
    assert pairing.opponent("B") == "A"
    with pytest.raises(KeyError) as raised:
        pairing.opponent("Zed")
    assert raised.value.args == ("Zed",)


# -- Points and rankings: "Points de match", "Pdep", "Classements" -------------------------


def test_000_points_de_match_and_game_counts_over_six_rounds() -> None:
    """A 1600, B 1500, C 1400, D 1300; wins, draws, losses, byes, forfeits and absences.

    A: W B, W C, L D, bye, absent, W C: 3+3+1+3+0+3 = 13 PM; Pdep 1600+1600+1300+1600+0
       +1600 = 7700.
    B: L A, D D, forfeit win over C, forfeit, forfeit win over C, absent: 1+2+3+0+3+0 = 9;
       Pdep 1500+1500+1500+0+1500+0 = 6000.
    C: D D, L A, forfeit, forfeit win over B, forfeit, L A: 2+1+0+3+0+1 = 7; Pdep 1400 x 4.
    D: D C, D B, W A, absent, bye, absent: 2+2+3+0+3+0 = 10; Pdep 1300+1300+1600+1300.
    """
    players = [Player("A", 1600), Player("B", 1500), Player("C", 1400), Player("D", 1300)]
    rounds = [
        Round(1, (win(1, "A", "B"), draw(1, "C", "D"))),
        Round(2, (win(2, "A", "C"), draw(2, "B", "D"))),
        Round(3, (Game(3, "A", "D", 300, 400), Game(3, "B", "C", 400, None, forfeit_b=True))),
        Round(4, (Game(4, "A", None), Game(4, "B", "C", None, 400, forfeit_a=True))),
        Round(5, (Game(5, "B", "C", 400, None, forfeit_b=True), Game(5, "D", None))),
        Round(6, (win(6, "A", "C"),)),
    ]
    rows = compute_standings(players, rounds)
    got = [
        (
            r.rank,
            r.name,
            r.pm,
            r.pdep,
            r.games,
            r.wins,
            r.draws,
            r.losses,
            r.absent_wins,
            r.forfeits,
            r.absences,
            r.ex_aequo,
        )
        for r in rows
    ]
    assert got == [
        (1, "A", 13, 7700, 4, 3, 0, 1, 1, 0, 1, False),
        (2, "D", 10, 5500, 3, 1, 2, 0, 1, 0, 2, False),
        (3, "B", 9, 6000, 2, 0, 1, 1, 2, 1, 1, False),
        (4, "C", 7, 5600, 3, 0, 1, 2, 1, 2, 0, False),
    ]


def test_000_classements_intermediaires_is_the_default_ranking() -> None:
    """P and R both won their round-1 game and have not met: an intermediate ranking does
    not use their PPM, the final one does. Without saying which, the ranking is the
    intermediate one."""
    players = [Player(n, 1500) for n in "PQRS"]
    rounds = [Round(1, (win(1, "P", "Q"), win(1, "R", "S")))]
    assert [r.ppm_used for r in compute_standings(players, rounds)] == [False] * 4
    assert [r.ppm_used for r in compute_standings(players, rounds, final=True)] == [True] * 4


def test_rulings_classic_5_players_who_met_more_than_once_the_one_with_more_wins_gets_3() -> None:
    """X beat Y twice and lost to Y once; both end on 8 PM with equal Pdep (6000). The one
    who won more of their games gets 3 PPM and the other 1: X ranks above Y, although Y
    comes first in the initial ranking."""
    players = [Player("X", 1400), Player("Y", 1600), Player("Z", 1300), Player("W", 1500)]
    rounds = [
        Round(1, (win(1, "X", "Y"),)),
        Round(2, (win(2, "X", "Y"),)),
        Round(3, (win(3, "Y", "X"),)),
        Round(4, (win(4, "W", "X"), win(4, "Y", "Z"))),
    ]
    for final in (False, True):
        rows = compute_standings(players, rounds, final=final)
        assert [(r.rank, r.name, r.pm, r.ppm, r.pdep, r.ex_aequo) for r in rows] == [
            (1, "X", 8, 3, 6000, False),
            (2, "Y", 8, 1, 6000, False),
            (3, "W", 3, 0, 1500, False),
            (4, "Z", 1, 0, 1300, False),
        ]
    assert HeadToHead(rounds).ppm_pair("X", "Y") == (3, 1)
    assert HeadToHead(rounds).ppm_pair("Y", "X") == (1, 3)


def test_000_ppm_a_win_gives_3_to_the_winner_whichever_side_is_asked() -> None:
    """ "Si A bat B alors A marque 3 PPM et B marque 1 PPM"; no meeting or a draw: 2 each."""
    rounds = [Round(1, (win(1, "A", "B"), draw(1, "C", "D")))]
    h2h = HeadToHead(rounds)
    assert h2h.ppm_pair("A", "B") == (3, 1)
    assert h2h.ppm_pair("B", "A") == (1, 3)
    assert h2h.ppm_pair("C", "D") == (2, 2)
    assert h2h.ppm_pair("A", "C") == (2, 2)


def test_000_permutations_meetings_count_whatever_the_table_order() -> None:
    """A game played over the board is a meeting even when a bye or a forfeit is listed
    before it in its round; a forfeit is no meeting (docs decision 2)."""
    rounds = [
        Round(
            1,
            (
                Game(1, "E", None),
                Game(1, "C", "D", None, 400, forfeit_a=True),
                win(1, "A", "B"),
            ),
        ),
        Round(2, (win(2, "A", "D"),)),
    ]
    h2h = HeadToHead(rounds)
    assert h2h.met("A", "B") and h2h.met("B", "A")
    assert not h2h.met("C", "D")
    assert h2h.opponents("A") == {"B", "D"}
    assert h2h.opponents("C") == set()
    assert h2h.opponents("E") == set()


def test_000_classement_initial_equal_ratings_in_french_alphabetical_order() -> None:
    """Seed 000 "Classement initial": equal ratings alphabetically; É sorts with E (not
    after Z, as Python's own order would put it) and case does not count."""
    from arbitre.classic.tournament import Player, initial_ranking

    players = [Player(n, 1500) for n in ("Zoé", "Émile", "eva", "Ève", "Fred")]
    players.append(Player("Ana", 1600))
    assert [p.name for p in initial_ranking(players)] == [
        "Ana",
        "Émile",
        "eva",
        "Ève",
        "Fred",
        "Zoé",
    ]


def test_000_3_1_best_of_three_starters_alternate_then_the_first_starts_game_three() -> None:
    """Seed 000, 3.1 with rulings Classic 7: in a best-of-three match the player who did not
    start game 1 starts game 2; game 3 goes to the game-1 starter (both have started one
    game, and the other started the previous one). A one-game match has one starter."""
    rounds = [Round(1, (win(1, "A", "B"), win(1, "C", "D")))]
    for pair in pair_round(roster(4), rounds, best_of=3).pairs:
        assert pair.b is not None
        first = pair.starters[0]
        other = pair.b if first == pair.a else pair.a
        assert pair.starters == (first, other, first)
    for pair in pair_round(roster(4), rounds).pairs:
        assert len(pair.starters) == 1
