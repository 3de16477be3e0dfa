"""Seed 002, A.1 and B.1-B.3: the end-of-season classification, pinned placement by placement.

Every test states the article it pins. The population is 100 licensees, so the quotas of
A.1 are S1 1, S2 2, S3 3, S4 4 per tier (16), S5 6 per tier (24).
"""

from __future__ import annotations

import pytest

from arbitre.ranking import Candidate, Placement, Reliquat, Settings, classify
from tests.ranking.helpers import cand, refused

S = Settings()


def population() -> list[Candidate]:
    """100 licensees: one of each kind the classification treats differently."""
    people = [
        cand("S1", 1, (0.9, 0.2, 0)),
        cand("S2a", 2, (0.3, 0.9, 0)),
        cand("S2b", 2, (0, 0.8, 0)),
        cand("S3a", 3, (0, 0, 0.9)),
        cand("S3b", 3, (0, 0, 0.8)),
        cand("S3c", 3, (0, 0, 0.7)),
        cand("K2", 4, (0, 0.1, 0.05), highest=1),  # once S1: kept in S2
        cand("K2b", 4, (0, 0.2, 0.05), highest=1),
        cand("K4", 6, pp4=7, points=3, highest=3),  # once S3: kept in S4
        cand("K4b", 6, pp4=9, points=3, highest=3),
    ]
    people += [cand(f"G{i:02d}", 4, pp4=500 - i, points=1) for i in range(16)]
    people += [cand(f"H{i:02d}", 5, pp4=100 - i, points=400 - i) for i in range(24)]
    people += [cand("ONE", 6, points=1), cand("ZERO", 6, points=0)]
    people += [cand("B1", 7, points=10, beginner=True), cand("B2", 7, points=30, beginner=True)]
    people += [cand(f"J{i:02d}", 6, points=300 - i) for i in range(100 - len(people))]
    return people


def test_002_A1_series_1_to_3_placed_by_their_own_pct_sn() -> None:
    """A.1 / B.1: S1, S2, S3 are filled by %S1, %S2, %S3 respectively, up to their quota;
    the bar is the figure of the last player admitted."""
    res = classify(population(), S)
    assert res["S1"] == Placement(1, "A", "quota", "%S1", 0.9, 1, 0.9, True, True, 1)
    assert res["S2a"] == Placement(2, "A", "quota", "%S2", 0.9, 2, 0.8, False, False, 2)
    assert res["S2b"] == Placement(2, "B", "quota", "%S2", 0.8, 3, 0.8, False, False, 2)
    assert res["S3a"] == Placement(3, "A", "quota", "%S3", 0.9, 6, 0.7, False, False, 3)
    assert res["S3c"] == Placement(3, "B", "quota", "%S3", 0.7, 8, 0.7, False, False, 3)


def test_002_A1_descent_limit_keeps_former_s1_in_s2_lowest_tier() -> None:
    """A.1 "Descentes": a player once S1 can go down one series at most, to S2, for life.
    They are added to S2B on top of the quota, listed by %S2."""
    res = classify(population(), S)
    assert res["K2b"] == Placement(2, "B", "descent limit", "%S2", 0.2, 4, 0.8, False, False, 1)
    assert res["K2"] == Placement(2, "B", "descent limit", "%S2", 0.1, 5, 0.8, False, False, 1)


def test_002_A1_descent_limit_keeps_former_s3_in_s4_lowest_tier() -> None:
    """A.1 "Descentes": a player once S3 cannot go below S4; they go to S4D, listed by PP4."""
    res = classify(population(), S)
    assert res["K4b"] == Placement(4, "D", "descent limit", "PP4", 9, 25, 485, False, False, 3)
    assert res["K4"] == Placement(4, "D", "descent limit", "PP4", 7, 26, 485, False, False, 3)


def test_002_B2_series_4_by_pp4_in_four_tiers_of_3_5_percent() -> None:
    """A.1 quotas and B.2: S4 holds 14% of licensees in tiers A-D of 3.5% each, by PP4."""
    res = classify(population(), S)
    assert res["G00"] == Placement(4, "A", "quota", "PP4", 500, 9, 485, False, False, 4)
    assert [res[f"G{i:02d}"].tier for i in range(16)] == list("AAAABBBBCCCCDDDD")
    assert res["G15"] == Placement(4, "D", "quota", "PP4", 485, 24, 485, False, False, 4)


def test_002_B3_series_5_by_points_in_four_tiers_of_6_percent() -> None:
    """A.1 quotas and B.3: S5 holds 24% of licensees in tiers A-D of 6% each, by points."""
    res = classify(population(), S)
    assert res["H00"] == Placement(5, "A", "quota", "points", 400, 27, 377, False, False, 5)
    assert res["H23"] == Placement(5, "D", "quota", "points", 377, 50, 377, False, False, 5)
    assert [res[f"H{i:02d}"].tier for i in range(24)] == list("A" * 6 + "B" * 6 + "C" * 6 + "D" * 6)


def test_002_A1_s6_abc_needs_at_least_one_point_s6d_has_none() -> None:
    """A.1: S6 A, B, C hold the other players with at least one ranking point, in three equal
    parts; S6D the licensees without any point. One point is enough for S6 A-C."""
    res = classify(population(), S)
    assert res["J00"] == Placement(6, "A", "points", "points", 300, 51, None, False, False, 6)
    assert res["ONE"] == Placement(6, "C", "points", "points", 1, 97, None, False, False, 6)
    assert res["ZERO"] == Placement(6, "D", "no point", "points", 0, 98, None, False, False, 6)
    s6 = [p.tier for p in res.values() if p.series == 6 and p.tier != "D"]
    assert (s6.count("A"), s6.count("B"), s6.count("C")) == (16, 16, 15)


def test_002_A1_beginners_in_s7_listed_by_points() -> None:
    """A.1: S7 is for beginners (first affiliation after the festival); listed by points."""
    res = classify(population(), S)
    assert res["B2"] == Placement(7, "", "beginner", "points", 30, 99)
    assert res["B1"] == Placement(7, "", "beginner", "points", 10, 100)


def test_002_B2_ties_at_the_s4_bar_all_go_to_the_last_tier() -> None:
    """A.1 quotas with decision 8: players tied at the S4 bar all enter S4, in tier D (there is
    no tier after D)."""
    people = population()
    people = [c for c in people if not c.licence.startswith("G")]
    people += [cand(f"G{i:02d}", 4, pp4=max(500 - i, 486), points=1) for i in range(16)]
    people[-1:] = [cand("G15", 4, pp4=486, points=1)]
    people += [cand("TIE", 6, pp4=486)]
    people = [c for c in people if c.licence != "J45"]
    res = classify(people, S)
    assert [res[f"G{i:02d}"].tier for i in range(16)] == list("AAAABBBBCCCCDDDD")
    assert res["TIE"] == Placement(4, "D", "quota", "PP4", 486, 25, 486, False, False, 4)


def test_002_A1_s1_for_life_decided_by_pct_s1_not_s2() -> None:
    """A.1: an S1A player whose %S1 is above 50% cannot go below S1, for life. It is the %S1
    that counts: a high %S2 with a %S1 of 50% or less does not give it."""
    base = [cand(f"J{i:02d}", 6, points=300 - i) for i in range(98)]
    no_super = Settings(super_series=0)
    res = classify(base + [cand("A", 1, (0.6, 0.4, 0)), cand("B", 1, (0.4, 0.6, 0))], no_super)
    assert res["A"].label == "S1A" and res["A"].s1_for_life
    res = classify(base + [cand("A", 1, (0.4, 0.6, 0)), cand("B", 1, (0.3, 0, 0))], no_super)
    assert res["A"].label == "S1A" and not res["A"].s1_for_life
    res = classify(base + [cand("A", 1, (0.5, 0.9, 0)), cand("B", 1, (0.3, 0, 0))], no_super)
    assert res["A"].label == "S1A" and not res["A"].s1_for_life  # 50% is not above 50%


def test_002_A1_s1_for_life_only_from_tier_s1a() -> None:
    """A.1: the 50% rule is for S1A players; an S1B or an S2A player with a %S1 above 50% does
    not become S1 for life."""
    base = [cand(f"J{i:02d}", 6, points=300 - i) for i in range(196)]
    # 200 licensees: S1 2 (A 1, B 1), S2 4
    people = base + [
        cand("A", 1, (0.9, 0, 0)),
        cand("B", 1, (0.8, 0, 0)),
        cand("C", 2, (0.7, 0.9, 0)),
        cand("D", 2, (0.7, 0.8, 0)),
    ]
    res = classify(people, Settings(super_series=0, priority_pct=2.0))
    assert res["A"].label == "S1A" and res["A"].s1_for_life
    assert res["B"].label == "S1B" and not res["B"].s1_for_life
    assert res["C"].label == "S2A" and not res["C"].s1_for_life


def test_002_A1_super_series_is_s1_for_life_whatever_the_pct() -> None:
    """A.1: a player classified super-series cannot go below S1, even with a %S1 of 50% or
    less."""
    base = [cand(f"J{i:02d}", 6, points=300 - i) for i in range(99)]
    res = classify(base + [cand("A", 1, (0.3, 0, 0))], S)
    assert res["A"].super_series and res["A"].s1_for_life


def test_002_A1_s1_for_life_is_kept_when_falling_to_s1b() -> None:
    """A.1: S1 for life is for life: a player already marked so who misses S1 on merit stays
    in S1 (tier B) and keeps the mark."""
    base = [cand(f"J{i:02d}", 6, points=300 - i) for i in range(98)]
    people = base + [cand("A", 1, (0.9, 0, 0)), cand("L", 2, (0.1, 0.1, 0), highest=1, life=True)]
    res = classify(people, Settings(super_series=0))
    assert res["L"].label == "S1B" and res["L"].reason == "descent limit"
    assert res["L"].s1_for_life


@pytest.mark.parametrize("series", [0, 8])
def test_002_A1_series_outside_1_to_7_refused(series: int) -> None:
    """A.1: the players are divided into 7 series numbered 1 to 7; series 0 or 8 is refused,
    for a classification candidate and for a previous-season row."""
    with refused(f"series {series} not in 1-7"):
        cand("X", series)
    with refused(f"highest series {series} not in 1-7"):
        cand("X", 6, highest=series)
    with refused(f"series {series} not in 1-7"):
        Reliquat("X", series)
