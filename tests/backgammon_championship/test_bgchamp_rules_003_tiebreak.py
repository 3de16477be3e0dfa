"""Seed 003, "Qualification pour les quarts de finales et départage" and "Calcul du
départage D" (rulings.md Backgammon 4): the first stage is ranked by points, then by
D = 20·B + P, then by one-point play-offs between the players still equal.

B is the sum of the points of the opponents a player beat; P the performance: mean ELO of
the opponents plus the FIDE dp of the score fraction (spec/facts.md).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbitre.backgammon.championship import (
    Championship,
    ChampionshipError,
    Player,
    dp,
    performance,
    player_tiebreak,
    standings,
    tiebreak_d,
)
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.support import refuses

# The FIDE rating regulations' table of dp for p = .50, .51, ... 1.00 (spec/facts.md).
FIDE_DP = {
    50: 0, 51: 7, 52: 14, 53: 21, 54: 29, 55: 36, 56: 43, 57: 50, 58: 57, 59: 65,
    60: 72, 61: 80, 62: 87, 63: 95, 64: 102, 65: 110, 66: 117, 67: 125, 68: 133, 69: 141,
    70: 149, 71: 158, 72: 166, 73: 175, 74: 184, 75: 193, 76: 202, 77: 211, 78: 220,
    79: 230, 80: 240, 81: 251, 82: 262, 83: 273, 84: 284, 85: 296, 86: 309, 87: 322,
    88: 336, 89: 351, 90: 366, 91: 383, 92: 401, 93: 422, 94: 444, 95: 470, 96: 501,
    97: 538, 98: 589, 99: 677, 100: 800,
}  # fmt: skip


def _seed_003_example() -> Championship:
    """The seed's player J: 5 wins in 7 rounds; the opponents J beat finish with 6, 4, 4, 3
    and 0 points; the 7 opponents average ELO 1600. Each opponent's other rounds are
    played against fillers, spread over the whole stage (so their points at the time J
    met them differ from their final points)."""
    elos = [1500, 1550, 1600, 1650, 1700, 1580, 1620]
    opponents = [Player(f"O{i + 1}", e) for i, e in enumerate(elos)]
    fillers = [Player(f"F{i:02d}", 1400) for i in range(42)]
    champ = Championship([Player("J", 1650), *opponents, *fillers])
    final_points = [6, 4, 4, 3, 0, 2, 5]
    filler = iter(fillers)
    for i, o in enumerate(opponents):
        j_round = i + 1
        j_wins = i < 5
        champ.record_match(j_round, "J", o.name, "J" if j_wins else o.name)
        wins_needed = final_points[i] - (0 if j_wins else 1)
        others = [r for r in range(7, 0, -1) if r != j_round]  # wins in the late rounds
        for k, rnd in enumerate(others):
            f = next(filler).name
            champ.record_match(rnd, o.name, f, o.name if k < wins_needed else f)
    return champ


def test_003_departage_seed_example_b_340_p_1758_d_2098() -> None:
    """Seed: B = 6 + 2 x 4 + 3 + 0 = 17, B' = 20 x B = 340; 5/7 against an average of
    1600 gives P = 1600 + dp(0.71) = 1758 (the seed rounds to 1760); D = B' + P = 2098
    (rulings.md Backgammon 4: within 5 of the seed's 2100)."""
    champ = _seed_003_example()
    assert champ.points("J") == 5
    assert player_tiebreak(champ, "J") == (17, 1758, 2098, 7)
    row = next(s for s in standings(champ) if s.name == "J")
    assert row.to_json() == {
        "rank": 2,
        "name": "J",
        "elo": 1650,
        "points": 5,
        "buchholz": 17,
        "performance": 1758,
        "d": 2098,
        "played": 7,
        "tied": False,
        "withdrawn": False,
    }
    assert type(row.to_json()["d"]) is int
    assert tiebreak_d(17, 1758) == 2098


def test_003_departage_buchholz_uses_points_at_the_ranking_round() -> None:
    """B counts the points the beaten opponents have when the ranking is made: in a
    ranking after round 1, only their round-1 points."""
    champ = _seed_003_example()
    # after round 1, J has beaten O1, who lost round 1 (his wins come late): B = 0
    b, p, d, played = player_tiebreak(champ, "J", 1)
    assert (b, played) == (0, 1)
    assert p == 1500 + 800
    row = next(s for s in standings(champ, 1) if s.name == "J")
    assert (row.points, row.buchholz, row.d) == (1, 0, 2300)
    # after round 3: O1, O2, O3 beaten; O1 wins every other round (2 points after round 3),
    # O2 and O3 win only rounds 4-7 (0 points after round 3)
    b3 = player_tiebreak(champ, "J", 3)[0]
    assert b3 == champ.points("O1", 3) + champ.points("O2", 3) + champ.points("O3", 3)
    assert b3 == 2 + 0 + 0


@pytest.mark.parametrize("hundredths", sorted(FIDE_DP))
def test_003_performance_dp_is_the_fide_table(hundredths: int) -> None:
    """P comes from the FIDE performance table (spec/facts.md), dp(1 - p) = -dp(p)."""
    value = FIDE_DP[hundredths]
    assert dp(Fraction(hundredths, 100)) == value
    assert dp(Fraction(100 - hundredths, 100)) == -value
    # P of a player with that score fraction over 100 matches against 1600 on average
    assert performance([1600] * 100, hundredths) == 1600 + value
    assert performance([1600] * 100, 100 - hundredths) == 1600 - value


def test_003_performance_score_fraction_rounded_half_up_to_the_hundredth() -> None:
    """p is rounded to the hundredth, halves up: 5/7 = .714 -> .71; 2/3 -> .67;
    .745 -> .75; .7449 -> .74; 1/3 = .333 -> .33 (dp = -dp(.67))."""
    assert dp(Fraction(5, 7)) == 158
    assert dp(Fraction(2, 3)) == 125
    assert dp(Fraction(745, 1000)) == 193
    assert dp(0.745) == 193
    assert dp(Fraction(7449, 10000)) == 184
    assert dp(Fraction(1, 3)) == -125
    assert dp(Fraction(255, 1000)) == -184  # .255 -> .26 = 1 - .74
    assert dp(Fraction(1, 200)) == -677  # .005 -> .01 = 1 - .99
    assert dp(Fraction(1, 201)) == -800  # .00497 -> .00


def test_003_performance_mean_elo_rounded_half_up() -> None:
    """P = mean ELO of the opponents (to the unit, halves up) + dp."""
    assert performance([1600, 1601], 1) == 1601  # 1600.5 -> 1601
    assert performance([1600, 1600, 1601], Fraction(3, 2)) == 1600  # 1600.33 -> 1600
    assert performance([1600, 1601, 1601], Fraction(3, 2)) == 1601  # 1600.67 -> 1601
    assert performance([1500, 1700, 1600], 3) == 2400
    assert performance([1600] * 7, 5) == 1758  # the seed's example
    assert performance([1600] * 7, 2) == 1600 - 158


def test_003_performance_refuses_a_score_outside_the_matches_played() -> None:
    """A score is between 0 and the number of matches: 3 wins in 2 matches, or a
    negative score, is refused; a player with no match has no performance."""
    assert performance([1600, 1700], 2) == 1650 + 800
    assert performance([1600, 1700], 0) == 1650 - 800
    with refuses(ChampionshipError, "tiebreak.score_range", score_points=3, matches=2):
        performance([1600, 1700], 3)
    with refuses(ChampionshipError, "tiebreak.score_range", score_points=2.5, matches=2):
        performance([1600, 1700], 2.5)
    with refuses(ChampionshipError, "tiebreak.score_range", score_points=-1, matches=2):
        performance([1600, 1700], -1)
    with refuses(ChampionshipError, "tiebreak.no_match"):
        performance([], 0)
    with refuses(ChampionshipError, "tiebreak.fraction_range", fraction=1.01):
        dp(Fraction(101, 100))
    with refuses(ChampionshipError, "tiebreak.fraction_range", fraction=-0.01):
        dp(Fraction(-1, 100))
    worded = say(Message.of("tiebreak.score_range", score_points=2.5, matches=2))
    assert worded == "score 2,5 hors limites pour 2 matchs"
    assert dp(1) == 800 and dp(0) == -800


def test_003_performance_reads_float_scores_without_their_noise() -> None:
    """A float score fraction is read as the nearest fraction of denominator at most a
    million, then rounded to the hundredth (half up): 0.145 - 2e-9 is 0.145, hence 0.15
    (dp -296), not 0.14 (-309); a score is read to the thousandth: 1.009995 in 2 matches
    is 1.01, p = 0.505, rounded to 0.51 (dp 7)."""
    assert dp(0.145 - 2e-9) == -FIDE_DP[85] == -296
    assert performance([1600, 1600], 1.009995) == 1607


def _four(elos: tuple[int, int, int, int] = (1500, 1500, 1500, 1500)) -> Championship:
    return Championship([Player(n, e) for n, e in zip("ABCD", elos, strict=True)])


def test_003_departage_only_matches_over_the_board_count() -> None:
    """B and P count the matches played: a forfeit (won or lost) and a bye give points
    but no opponent; a forfeit before the matches played does not hide them."""
    champ = Championship(
        [Player("A", 1800), Player("B", 1700), Player("C", 1600), Player("D", 1500)]
    )
    champ.record_forfeit(1, "A", "B", "A")  # A 1 pt, not a meeting
    champ.record_match(1, "C", "D", "C")
    champ.record_match(2, "A", "C", "A")  # A beats C (1 pt after round 2)
    champ.record_match(2, "B", "D", "D")
    champ.record_bye(3, "B")
    champ.record_match(3, "A", "D", "D")  # A loses to D
    assert champ.points("A") == 2 and champ.points("B") == 0.5
    # A: played C (1600) and D (1500), won 1 of 2: P = 1550 + 0; B = points of C = 1
    assert player_tiebreak(champ, "A") == (1, 1550, 20 + 1550, 2)
    # D: played C (lost), B (won), A (won): 2/3 against 1700 avg: 1700 + 125
    # B = points of B (0.5: his bye) + points of A (2)
    assert player_tiebreak(champ, "D") == (2.5, 1825, 50 + 1825, 3)
    # B has played one match (lost): 1500 - 800; a bye is not a match
    assert player_tiebreak(champ, "B") == (0, 700, 700, 1)


def test_003_departage_no_match_over_the_board_gives_own_elo() -> None:
    """Decision (docs): a player with no match over the board has their ELO as P."""
    champ = _four((1500, 1450, 1400, 1350))
    champ.record_forfeit(1, "A", "B", "A")
    champ.record_forfeit(1, "C", "D", None)
    assert player_tiebreak(champ, "A") == (0, 1500, 1500, 0)
    assert player_tiebreak(champ, "D") == (0, 1350, 1350, 0)
    table = standings(champ)
    assert [(s.name, s.points, s.d, s.rank) for s in table] == [
        ("A", 1, 1500, 1),
        ("B", 0, 1450, 2),
        ("C", 0, 1400, 3),
        ("D", 0, 1350, 4),
    ]


def test_003_classement_points_first_then_d() -> None:
    """Criterion 1: points; criterion 2: D. More points rank higher even with a lower D;
    on equal points the higher D ranks higher."""
    champ = Championship(
        [Player("A", 1400), Player("B", 1800), Player("C", 1900), Player("D", 1400)]
    )
    champ.record_match(1, "A", "C", "A")  # A beats 1900: P = 2700
    champ.record_match(1, "B", "D", "B")  # B beats 1400: P = 2200
    champ.record_match(2, "A", "B", "B")
    champ.record_match(2, "C", "D", "C")
    table = standings(champ)
    # B 2 pts; A and C 1 pt; D 0
    assert [s.name for s in table] == ["B", "A", "C", "D"]
    assert [s.rank for s in table] == [1, 2, 3, 4]
    assert not any(s.tied for s in table)
    a, c = table[1], table[2]
    # A: beat C (1 pt): B = 1, P = 1850 + 0; C: beat D (0 pt), lost to A: B = 0, P = 1400
    assert (a.buchholz, a.performance, a.d) == (1, 1850, 1870)
    assert (c.buchholz, c.performance, c.d) == (0, 1400, 1400)
    # a ranking after round 1: A and B on 1 point, A's D higher
    after1 = standings(champ, 1)
    # (D lost to 1800: P = 1000; C lost to 1400: P = 600)
    assert [s.name for s in after1] == ["A", "B", "D", "C"]
    assert [(s.points, s.d) for s in after1] == [(1, 2700), (1, 2200), (0, 1000), (0, 600)]
    assert [(s.rank, s.tied) for s in after1] == [(1, False), (2, False), (3, False), (4, False)]


def test_003_egalite_shares_the_better_rank_and_next_rank_skips() -> None:
    """Players equal on points and D share the better rank, flagged as tied; the next
    player's rank counts the players above (1, 1, 3)."""
    champ = Championship([Player(n, 1500) for n in "ABCDEF"])
    champ.record_match(1, "A", "D", "A")
    champ.record_match(1, "B", "E", "B")
    champ.record_match(1, "C", "F", "F")
    champ.record_match(2, "A", "E", "A")
    champ.record_match(2, "B", "D", "B")
    champ.record_match(2, "C", "F", "C")
    table = standings(champ)
    # A and B: 2 wins against the same two players: equal B and P; C and F have beaten
    # each other: equal too
    assert [(s.name, s.rank, s.tied) for s in table] == [
        ("A", 1, True),
        ("B", 1, True),
        ("C", 3, True),
        ("F", 3, True),
        ("D", 5, True),
        ("E", 5, True),
    ]
    # ELO then registration order inside the tie (display only)
    assert [s.name for s in standings(Championship([Player("Z", 1400), Player("Y", 1500)]))] == [
        "Y",
        "Z",
    ]


def test_003_barrage_settles_the_tie_winner_and_loser_no_longer_tied() -> None:
    """Criterion 3: a one-point play-off between players still equal. After it the winner
    is ranked first, the loser second, and neither is tied any more."""
    champ = _four()
    champ.record_match(1, "A", "C", "A")
    champ.record_match(1, "B", "D", "B")
    champ.record_playoff("B", "A")
    table = standings(champ)
    assert [(s.name, s.rank, s.tied) for s in table] == [
        ("B", 1, False),
        ("A", 2, False),
        ("C", 3, True),
        ("D", 3, True),
    ]


def test_003_barrage_among_three_only_the_tied_players_count() -> None:
    """Three players equal on points and D; one play-off A beats B: A ranks first, B and C
    still share the second place. A play-off against a player outside the tie (C beats D,
    who has fewer points) changes nothing."""
    champ = Championship([Player(n, 1500) for n in "ABCDEF"])
    champ.record_match(1, "A", "D", "A")
    champ.record_match(1, "B", "E", "B")
    champ.record_match(1, "C", "F", "C")
    champ.record_playoff("A", "B")
    champ.record_playoff("D", "C")  # not in the same tie: ignored
    table = standings(champ)
    assert [(s.name, s.rank, s.tied) for s in table[:3]] == [
        ("A", 1, False),
        ("B", 2, True),
        ("C", 2, True),
    ]
    assert [(s.name, s.rank, s.tied) for s in table[3:]] == [
        ("D", 4, True),
        ("E", 4, True),
        ("F", 4, True),
    ]
    champ.record_playoff("C", "B")
    table = standings(champ)
    assert [(s.name, s.rank, s.tied) for s in table[:3]] == [
        ("A", 1, True),
        ("C", 1, True),
        ("B", 3, False),
    ]
    champ.record_playoff("A", "C")
    table = standings(champ)
    assert [(s.name, s.rank, s.tied) for s in table[:3]] == [
        ("A", 1, False),
        ("C", 2, False),
        ("B", 3, False),
    ]


def test_003_abandon_withdrawal_boundary() -> None:
    """1.12: a player who leaves the first stage is ranked with their points and marked
    withdrawn; a player who leaves after the last round has played the whole stage and is
    not withdrawn; in a ranking made before they left, they are not withdrawn either."""
    champ = _four()
    champ.settings.rounds = 3
    champ.withdraw("A", 3)  # after the last round
    champ.withdraw("D", 2)
    champ.record_match(1, "A", "C", "A")
    champ.record_match(1, "B", "D", "B")
    champ.record_match(2, "A", "B", "A")
    champ.record_match(2, "C", "D", "D")
    champ.record_match(3, "A", "C", "A")
    champ.record_forfeit(3, "B", "D", "B")
    final = {s.name: s for s in standings(champ)}
    assert not final["A"].withdrawn
    assert final["D"].withdrawn and final["D"].points == 1
    assert not final["B"].withdrawn and not final["C"].withdrawn
    after2 = {s.name: s for s in standings(champ, 2)}
    assert not after2["D"].withdrawn
    assert [s.name for s in standings(champ)] == ["A", "B", "D", "C"]
