"""Hand-worked tournaments of the Belgian formula (seed 000; rulings Classic 1-8).

Every expected pairing and ranking below was worked out by hand from the seed's text
before being compared with the engine; the working is in the comments.
"""

from __future__ import annotations

import pytest

from arbitre.classic.tournament import (
    Game,
    HeadToHead,
    Player,
    Round,
    Rule,
    Tournament,
    TournamentError,
    compute_standings,
    first_round_groups,
    initial_ranking,
    number_of_rounds,
    pair_round,
    who_starts,
)
from arbitre.common.messages import Message
from arbitre.i18n import word
from tests.classic_tournament.helpers import en

RATINGS12 = [1900, 1850, 1800, 1750, 1700, 1650, 1600, 1550, 1500, 1450, 1400, 1350]


def players(names: str) -> list[Player]:
    return [Player(n, r) for n, r in zip(names, RATINGS12, strict=False)]


def win(rnd: int, a: str, b: str) -> Game:
    return Game(rnd, a, b, 400, 300)


def draw(rnd: int, a: str, b: str) -> Game:
    return Game(rnd, a, b, 350, 350)


def pairs(pairing) -> list[tuple[str, str | None]]:
    return [(p.a, p.b) for p in pairing.pairs]


def rules(pairing) -> list[Rule]:
    return [p.rule for p in pairing.pairs]


# Results of the 12-player tournament (first player named wins unless draw).
R1 = [
    win(1, "A", "H"),
    win(1, "B", "G"),
    Game(1, "C", "F", 300, 400),
    draw(1, "D", "E"),
    win(1, "I", "J"),
    Game(1, "K", "L", 300, 400),
]
R2 = [
    win(2, "A", "D"),
    win(2, "B", "L"),
    win(2, "F", "I"),
    win(2, "C", "E"),
    win(2, "K", "G"),
    win(2, "H", "J"),
]
R3 = [
    win(3, "A", "C"),
    win(3, "F", "B"),
    win(3, "H", "L"),
    draw(3, "I", "K"),
    win(3, "G", "D"),
    win(3, "E", "J"),
]
R4 = [
    win(4, "A", "F"),
    win(4, "B", "H"),
    win(4, "E", "K"),
    win(4, "I", "C"),
    draw(4, "G", "L"),
    win(4, "J", "D"),
]


def twelve() -> Tournament:
    return Tournament(players("ABCDEFGHIJKL"))


# -- rounds, initial ranking, groups ----------------------------------------------------


@pytest.mark.parametrize(
    ("count", "rounds"),
    [(2, 4), (12, 4), (16, 4), (17, 5), (32, 5), (33, 6), (64, 6), (65, 7), (128, 7)]
    + [(129, 8), (256, 8), (257, 9)],
)
def test_number_of_rounds_rulings_classic_1(count: int, rounds: int) -> None:
    assert number_of_rounds(count) == rounds


def test_number_of_rounds_override() -> None:
    assert Tournament(players("ABCD"), rounds=7).number_of_rounds == 7
    with pytest.raises(TournamentError):
        Tournament(players("ABCD"), rounds=0)


def test_initial_ranking_rating_then_alphabetical() -> None:
    roster = [Player("Zoé", 1500), Player("Marc", 1600), Player("Anne", 1500), Player("Éric", 1400)]
    assert [p.name for p in initial_ranking(roster)] == ["Marc", "Anne", "Zoé", "Éric"]


@pytest.mark.parametrize(("n", "a", "b"), [(12, 8, 4), (11, 8, 3), (9, 6, 3), (4, 2, 2)])
def test_first_round_group_sizes(n: int, a: int, b: int) -> None:
    # 12: 2/3 = 8 -> A=8. 11: 7.33, nearest even 8 -> B=3 (with the bye). 9: 6.
    # 4: 2.67 -> 2 (0.67 away) rather than 4 (1.33 away).
    assert first_round_groups(n) == (a, b)


# -- the 12-player tournament ------------------------------------------------------------


def test_round1_groups_a_and_b_twelve() -> None:
    # Group A = the first 8: 1-8, 2-7, 3-6, 4-5. Group B = 9..12: 9-10, 11-12.
    pairing = twelve().pair_next_round()
    assert pairs(pairing) == [
        ("A", "H"),
        ("B", "G"),
        ("C", "F"),
        ("D", "E"),
        ("I", "J"),
        ("K", "L"),
    ]
    assert rules(pairing) == [Rule.GROUP_A] * 4 + [Rule.GROUP_B] * 2
    assert [p.starts for p in pairing.pairs] == ["A", "B", "C", "D", "I", "K"]


def test_round1_points_and_pdep_with_a_draw() -> None:
    t = twelve()
    t.record_round(R1)
    rows = {r.name: r for r in t.standings()}
    # Winner: higher rating; loser: lower rating; draw: own rating.
    assert (rows["F"].pm, rows["F"].pdep) == (3, 1800)  # F 1650 beat C 1800
    assert (rows["C"].pm, rows["C"].pdep) == (1, 1650)
    assert (rows["D"].pm, rows["D"].pdep) == (2, 1750)
    assert (rows["E"].pm, rows["E"].pdep) == (2, 1700)
    assert (rows["L"].pm, rows["L"].pdep) == (3, 1400)
    assert (rows["K"].pm, rows["K"].pdep) == (1, 1350)
    # 3 PM: A B F I L by Pdep (they have not all met); 2 PM: D E; 1 PM: C G H J K.
    assert [r.name for r in t.standings()] == list("ABFILDECGHJK")


def test_round2_odd_group_and_who_starts() -> None:
    t = twelve()
    t.record_round(R1)
    pairing = t.pair_next_round()
    # 3 PM group A B F I L is odd: A meets D, first of the 2 PM group; then B-L, F-I.
    # 2 PM group has only E left (odd): E meets C, first of the 1 PM group; G-K, H-J.
    assert pairs(pairing) == [
        ("A", "D"),
        ("B", "L"),
        ("F", "I"),
        ("E", "C"),
        ("G", "K"),
        ("H", "J"),
    ]
    assert rules(pairing) == [
        Rule.ODD_GROUP,
        Rule.EVEN_GROUP,
        Rule.EVEN_GROUP,
        Rule.ODD_GROUP,
        Rule.EVEN_GROUP,
        Rule.EVEN_GROUP,
    ]
    # Rulings Classic 7 (player A of each round-1 game started it: A B C D I K):
    # A and D both started once, both started their previous game -> higher-ranked A.
    # L, F, E, G never started against B, I, C, K who did. H and J never started -> H.
    assert [p.starts for p in pairing.pairs] == ["A", "L", "F", "E", "G", "H"]


def test_who_starts_previous_game_criterion() -> None:
    # X started round 1 but not round 2; Y the other way round: both started once, and
    # X did not start their previous game -> X, although Y is ranked higher.
    rounds = [
        Round(1, (Game(1, "X", "P", 1, 0, starts="X"), Game(1, "Y", "Q", 1, 0, starts="Q"))),
        Round(2, (Game(2, "X", "Q", 1, 0, starts="Q"), Game(2, "Y", "P", 1, 0, starts="Y"))),
    ]
    assert who_starts(rounds, "Y", "X") == "X"
    assert who_starts(rounds[:1], "Y", "X") == "Y"  # Y started fewer (0 against 1)
    assert who_starts([], "Y", "X") == "Y"  # nothing else differs: higher-ranked


def test_ppm_not_used_when_tied_players_have_not_all_met() -> None:
    t = twelve()
    t.record_round(R1)
    t.record_round(R2)
    rows = t.standings()
    four = [r for r in rows if r.pm == 4]
    # L beat K in round 1: PPM L 3+2+2+2 = 9, K 1+2+2+2 = 7, others 8. Not all of
    # C H I K L have met, so the order is by Pdep: C 3450, H 3100, I 3000, K 2950, L 2750.
    assert [r.name for r in four] == ["C", "H", "I", "K", "L"]
    assert {r.name: r.ppm for r in four} == {"C": 8, "H": 8, "I": 8, "K": 7, "L": 9}
    assert not any(r.ppm_used for r in four)
    # D and E (3 PM) have met (a draw): PPM used, 2 each, then Pdep D 3500 > E 3400.
    three = [r for r in rows if r.pm == 3]
    assert [(r.name, r.ppm, r.ppm_used) for r in three] == [("D", 2, True), ("E", 2, True)]
    assert [r.name for r in rows] == list("ABFCHIKLDEGJ")


def test_round3_permutation_downward() -> None:
    t = twelve()
    t.record_round(R1)
    t.record_round(R2)
    pairing = t.pair_next_round()
    # 6 PM A B F odd: A-C (first of 4 PM). B-F. 4 PM H I K L: H-L, I-K.
    # 3 PM D E even: D-E already met (round 1). Nobody unpaired above E but D itself;
    # downward from E: G has not met D -> D-G. Then E (alone at 3 PM) meets J.
    assert pairs(pairing) == [
        ("A", "C"),
        ("B", "F"),
        ("H", "L"),
        ("I", "K"),
        ("D", "G"),
        ("E", "J"),
    ]
    table5 = pairing.pairs[4]
    assert table5.rule is Rule.PERMUTATION_DOWN
    assert table5.nominal == "E"
    assert "permutation downward" in en(table5.explanation)


def test_round4_permutation_upward() -> None:
    t = twelve()
    for rnd in (R1, R2, R3):
        t.record_round(rnd)
    # Ranking after round 3: A F (9), B H (7), E I K (6), C G L (5), D (4), J (3).
    assert [r.name for r in t.standings()] == list("AFBHEIKCGLDJ")
    pairing = t.pair_next_round()
    # A-F, B-H. 6 PM E I K odd: E's nominal opponent is C (first of 5 PM), met in round 2.
    # Upward from C: K has not met E -> E-K. Then I (odd) meets C, G-L, D (odd) meets J.
    assert pairs(pairing) == [
        ("A", "F"),
        ("B", "H"),
        ("E", "K"),
        ("I", "C"),
        ("G", "L"),
        ("D", "J"),
    ]
    assert pairing.pairs[2].rule is Rule.PERMUTATION_UP
    assert pairing.pairs[2].nominal == "C"
    assert any("permutation upward" in line for line in en(pairing.explain))


def test_final_ranking_uses_ppm() -> None:
    t = twelve()
    for rnd in (R1, R2, R3, R4):
        assert t.record_round(rnd) == []  # the results follow the formula exactly
    assert t.is_complete
    rows = t.standings()
    # 10 PM: F beat B in round 3 -> F first despite Pdep 6950 < 7200.
    # 7 PM: K beat G, L beat K, G-L drew: PPM L 5, K 4, G 3 (Pdep would give G K L).
    assert [r.name for r in rows] == list("AFBEIHLKGCJD")
    seven = {r.name: (r.ppm, r.pdep) for r in rows if r.pm == 7}
    assert seven == {"L": (5, 5450), "K": (4, 5750), "G": (3, 6350)}
    assert all(r.ppm_used for r in rows)
    assert [r.rank for r in rows] == list(range(1, 13))


def test_final_ranking_uses_ppm_even_if_not_all_met() -> None:
    # After round 2 the 4 PM group has not all met; the final ranking uses PPM anyway:
    # L (9) first, K (7) last.
    t = Tournament(players("ABCDEFGHIJKL"), rounds=2)
    t.record_round(R1)
    t.record_round(R2)
    four = [r.name for r in t.standings() if r.pm == 4]
    assert four == ["L", "C", "H", "I", "K"]


# -- 11 players: byes -------------------------------------------------------------------


def test_eleven_players_byes() -> None:
    t = Tournament(players("ABCDEFGHIJK"))
    p1 = t.pair_next_round()
    # A = 8 (nearest even to 7.33), B = I J K: K is last and has the bye, I-J.
    assert pairs(p1) == [
        ("A", "H"),
        ("B", "G"),
        ("C", "F"),
        ("D", "E"),
        ("I", "J"),
        ("K", None),
    ]
    assert p1.pairs[-1].rule is Rule.BYE and p1.pairs[-1].table == 6
    t.record_round(R1[:5] + [Game(1, "K", None)])
    k = next(r for r in t.standings() if r.name == "K")
    assert (k.pm, k.pdep, k.games, k.absent_wins) == (3, 1400, 0, 1)
    p2 = t.pair_next_round()
    # Ranking: A B F I K (3), D E (2), C G H J (1). Bye: J, lowest-ranked without one.
    # A-D (odd group), B-K, F-I, E-C (odd), G-H.
    assert pairs(p2) == [
        ("A", "D"),
        ("B", "K"),
        ("F", "I"),
        ("E", "C"),
        ("G", "H"),
        ("J", None),
    ]
    t.record_round(
        [
            win(2, "A", "D"),
            win(2, "B", "K"),
            win(2, "F", "I"),
            win(2, "C", "E"),
            win(2, "H", "G"),
            Game(2, "J", None),
        ]
    )
    p3 = t.pair_next_round()
    # Ranking: A B F (6), C H I J K (4, by Pdep), D E (3), G (2). G is the lowest-ranked
    # player without a bye (J and K had one). A-C; B-F; H-K; I-J met in round 1: nobody
    # above J, downward D has not met I -> I-D; J (odd) meets E.
    assert pairs(p3) == [
        ("A", "C"),
        ("B", "F"),
        ("H", "K"),
        ("I", "D"),
        ("J", "E"),
        ("G", None),
    ]
    assert p3.pairs[3].rule is Rule.PERMUTATION_DOWN


def test_no_second_bye_while_another_present_player_has_none() -> None:
    # 3 players, 4 rounds: each gets one bye before anyone gets a second.
    t = Tournament([Player("X", 1500), Player("Y", 1400), Player("Z", 1300)], rounds=4)
    byes = []
    for _ in range(4):
        pairing = t.pair_next_round()
        bye = next(p.a for p in pairing.pairs if p.b is None)
        byes.append(bye)
        games = [Game(pairing.round, bye, None)] + [
            win(pairing.round, p.a, p.b) for p in pairing.pairs if p.b is not None
        ]
        t.record_round(games)
    assert sorted(byes[:3]) == ["X", "Y", "Z"]


# -- absences and forfeits ---------------------------------------------------------------


def test_absent_player_left_out_and_keeps_points() -> None:
    t = twelve()
    t.record_round(R1)
    pairing = t.pair_next_round(absent=["L"])
    # Ranking A B F I L D E C G H J K without L: 11 present, bye to K (lowest).
    # 3 PM A B F I even: A-I, B-F. 2 PM D-E met -> downward from E: C -> D-C.
    # E (odd) meets G; H-J.
    assert pairs(pairing) == [
        ("A", "I"),
        ("B", "F"),
        ("D", "C"),
        ("E", "G"),
        ("H", "J"),
        ("K", None),
    ]
    assert pairing.absent == ("L",)
    assert pairing.pairs[2].rule is Rule.PERMUTATION_DOWN
    t.record_round(
        [
            win(2, "A", "I"),
            win(2, "B", "F"),
            win(2, "D", "C"),
            win(2, "E", "G"),
            win(2, "H", "J"),
            Game(2, "K", None),
        ]
    )
    row = next(r for r in t.standings() if r.name == "L")
    assert (row.pm, row.pdep, row.absences) == (3, 1400, 1)


def test_forfeit_scores_and_pairing_history() -> None:
    t = twelve()
    games = list(R1)
    games[4] = Game(1, "I", "J", None, None, forfeit_a=True)  # I forfeits against J
    t.record_round(games)
    rows = {r.name: r for r in t.standings()}
    assert (rows["I"].pm, rows["I"].pdep, rows["I"].forfeits) == (0, 0, 1)
    assert (rows["J"].pm, rows["J"].pdep, rows["J"].absent_wins) == (3, 1450, 1)
    # A forfeited game is no meeting: I and J may be paired again.
    assert not HeadToHead(t.rounds).met("I", "J")
    pairing = t.pair_next_round(absent=["A"])
    # 11 present: J has already been paired against an absent player, so the bye goes
    # to the lowest-ranked other player: I (0 PM).
    assert pairs(pairing)[-1] == ("I", None)


def test_withdrawn_player_is_left_out_of_later_rounds() -> None:
    t = twelve()
    t.record_round(R1)
    t.withdraw("A")
    assert "A" not in {n for p in t.pair_next_round().pairs for n in (p.a, p.b)}
    assert t.pair_next_round().absent == ("A",)


def test_announced_absence_applies_to_its_round_only() -> None:
    t = twelve()
    t.announce_absence("B", 2)
    assert t.pair_next_round().absent == ()
    t.record_round(R1)
    assert t.pair_next_round().absent == ("B",)
    with pytest.raises(TournamentError):
        t.announce_absence("C", 1)


def test_rematch_kept_when_nobody_else_is_available() -> None:
    # 4 players, 4 rounds: P-Q R-S; P-R Q-S; P-S (downward: Q and R already met),
    # Q-R; round 4: every pair has met, P-Q and R-S are kept.
    t = Tournament(
        [Player("P", 1600), Player("Q", 1500), Player("R", 1400), Player("S", 1300)], rounds=4
    )
    assert pairs(t.pair_next_round()) == [("P", "Q"), ("R", "S")]
    t.record_round([win(1, "P", "Q"), win(1, "R", "S")])
    assert pairs(t.pair_next_round()) == [("P", "R"), ("Q", "S")]
    t.record_round([win(2, "P", "R"), win(2, "Q", "S")])
    p3 = t.pair_next_round()
    assert pairs(p3) == [("P", "S"), ("Q", "R")]
    assert rules(p3) == [Rule.PERMUTATION_DOWN, Rule.EVEN_GROUP]
    t.record_round([win(3, "P", "S"), win(3, "Q", "R")])
    p4 = t.pair_next_round()
    assert pairs(p4) == [("P", "Q"), ("R", "S")]
    assert rules(p4) == [Rule.REMATCH_KEPT, Rule.REMATCH_KEPT]
    assert "rematch is kept" in en(p4.pairs[0].explanation)


def test_ex_aequo_in_final_ranking() -> None:
    roster = [Player(n, 1500) for n in "PQRS"]
    rounds = [Round(1, (win(1, "P", "Q"), win(1, "R", "S")))]
    rows = compute_standings(roster, rounds, final=True)
    # P and R: 3 PM, PPM 2 (not met), Pdep 1500 each: ex aequo 1st; Q and S 3rd.
    assert [(r.rank, r.name, r.ex_aequo) for r in rows] == [
        (1, "P", True),
        (1, "R", True),
        (3, "Q", True),
        (3, "S", True),
    ]


def test_ranking_for_pairing_keeps_initial_order_on_full_ties() -> None:
    roster = [Player(n, 1500) for n in "PQRS"]
    pairing = pair_round(roster, [Round(1, (win(1, "P", "Q"), win(1, "R", "S")))])
    # P and R tie on everything: initial order P before R (rulings Classic 6).
    assert pairing.order == ("P", "R", "Q", "S")
    assert pairs(pairing) == [("P", "R"), ("Q", "S")]


def test_best_of_three_starters() -> None:
    t = Tournament(players("ABCD"), best_of=3)
    pairing = t.pair_next_round()
    assert [p.starters for p in pairing.pairs] == [("A", "B", "A"), ("C", "D", "C")]


def test_recorded_starts_override_the_default() -> None:
    t = Tournament(players("ABCD"))
    t.record_round([Game(1, "A", "B", 400, 300, starts="B"), Game(1, "C", "D", 400, 300)])
    # Round 2: A (3) - C (3): both started 0 and 1 -> A has started fewer -> A.
    pairing = t.pair_next_round()
    assert pairs(pairing)[0] == ("A", "C")
    assert pairing.pairs[0].starts == "A"
    # B - D: B started (1), D did not (0) -> D.
    assert pairing.pairs[1].starts == "D"


def test_overridden_pairing_is_accepted_and_reported() -> None:
    t = twelve()
    notes = t.record_round([win(1, "A", "B")] + [win(1, x, y) for x, y in ["CD", "EF", "GH"]])
    assert t.next_round == 2
    # I J K L had no game: absent. The formula pairs the 8 present players as group A
    # (6: A-F, B-E, C-D) and group B (G-H): A-B and E-F differ, C-D and G-H agree.
    assert notes == [
        Message.of("classic_tournament.override", round=1, a="A", b="B", a_formula="F", b_formula="E"),
        Message.of("classic_tournament.override", round=1, a="E", b="F", a_formula="B", b_formula="A"),
    ]  # fmt: skip
    assert [en(m) for m in notes] == [
        "round 1: A - B differs from the formula (A - F, B - E)",
        "round 1: E - F differs from the formula (E - B, F - A)",
    ]
    assert word(notes[0]) == "ronde 1 : A - B diffère de la formule (A - F, B - E)"


def test_an_overridden_bye_and_a_withdrawn_player_who_plays_are_reported() -> None:
    t = Tournament(players("ABC"))
    # Round 1 of three players: group A is A-B, C (group B, last) has the bye (seed 000).
    notes = t.record_round([win(1, "A", "C"), Game(1, "B", None)])
    bye = Message.of("classic_tournament.bye")
    assert notes == [
        Message.of("classic_tournament.override", round=1, a="A", b="C", a_formula="B", b_formula=bye),
        Message.of("classic_tournament.override_bye", round=1, a="B", b=bye, a_formula="A"),
    ]  # fmt: skip
    assert [en(m) for m in notes] == [
        "round 1: A - C differs from the formula (A - B, C - BYE)",
        "round 1: B - BYE differs from the formula (B - A)",
    ]
    assert word(notes[1]) == "ronde 1 : B - EXEMPT diffère de la formule (B - A)"
    t.withdraw("A")
    notes = t.record_round([win(2, "A", "B"), Game(2, "C", None)])
    assert notes[0] == Message.of("classic_tournament.withdrawn_plays", round=2, player="A")
    assert en(notes[0]) == "round 2: A plays although withdrawn"
    assert word(notes[0]) == "ronde 2 : A joue alors qu'il s'est retiré"
