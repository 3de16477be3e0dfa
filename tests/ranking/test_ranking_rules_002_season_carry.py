"""Seed 002 from one season to the next (issue 20, part 3): quotas derived from the previous
season (B.1, 2), lifetime floors carried (A.1), the cap on the federal weeks' simultanés
(B.1), licences the licensee file does not know listed, never dropped."""

from __future__ import annotations

import pytest

from arbitre.ranking import Licensee, Settings, compute_season
from arbitre.ranking.season import carry_floors, derive_quotas
from tests.ranking.helpers import D1, D2, event, lic

NO_QUOTA = Settings(quotas=(0.0, 0.0, 0.0))


def test_002_B1_quota_is_the_weight_total_three_quarters_of_the_series_reached() -> None:
    """B.1, 2: "le quota est égal à la somme des poids PoidsSn des épreuves disputées par 3/4
    des joueurs de la série considérée, la saison précédente"."""
    people = [lic(f"p{i}", 1) for i in range(1, 5)] + [lic("q1", 3), lic("q2", 3), lic("z", 6)]
    events = [
        # A_1 = 4 (< 10 / 2): PoidsS1 = 2 x 4 = 8
        event("TH", 3, [("p1", 1), ("p2", 1), ("p3", 1), ("p4", 1), ("q1", 3)]),
        # A_1 = 3: PoidsS1 = 6
        event("TH", 3, [("p1", 1), ("p2", 1), ("p3", 1), ("z", 6)], D2),
        # A_1 = 1: PoidsS1 = 2
        event("TH", 2, [("p1", 1), ("z", 6)], D2),
    ]
    result = compute_season(people, events, settings=Settings(quotas=(1.0, 337.0, 9.0)))
    # S1 totals 16, 14, 14, 8: three players of four reached 14 (not the mean 13, nor 8, 16)
    # S2: nobody, the quota stays; S3: q1 reached 2 (PoidsS3 of A_3 = 1), q2 played nothing
    assert derive_quotas(result) == (14.0, 337.0, 0.0)


def test_002_B1_federal_weeks_simultanes_weight_capped_for_the_season() -> None:
    """B.1: "le poids global des simultanés des Semaines Fédérales sur une saison est
    plafonné"; the cap itself is in a regulation the seed does not give: a setting."""
    people = [lic(x, 1) for x in "abcd"]
    field = [("a", 1), ("b", 1), ("c", 1), ("d", 1)]
    sfs = [event("SF", 1, field, D1), event("SF", 1, field, D1), event("SF", 1, field, D2)]
    th = event("TH", 3, list(reversed(field)), D2)  # a is 4th of 4 S1: %S1 = 1/4, weight 8
    plain = compute_season(people, [*sfs, th], settings=NO_QUOTA).players["a"]
    t = plain.pct[0]
    # three SF at PoidsS1 = 0.5 x 4 = 2 and %S1 = 1, the TH at 8 and 1/4: 8 / 14
    assert (t.num, t.weight, t.capped) == pytest.approx((8.0, 14.0, 0.0))
    capped_settings = Settings(quotas=(0.0, 0.0, 0.0), federal_weeks_cap=(4.0, 7.5, 10.0))
    capped = compute_season(people, [*sfs, th], settings=capped_settings).players["a"]
    t = capped.pct[0]
    # the SF weight 6 is brought to 4 (x 2/3), their numerator with it: (2 + 4) / (8 + 4)
    assert (t.num, t.weight, t.capped, t.season) == pytest.approx((6.0, 12.0, 2.0, 0.5))
    # under the cap nothing changes
    loose = Settings(quotas=(0.0, 0.0, 0.0), federal_weeks_cap=(6.0, 7.5, 10.0))
    assert compute_season(people, [*sfs, th], settings=loose).players["a"].pct[0].num == 8.0


def test_licences_unknown_to_the_file_are_listed_not_dropped() -> None:
    people = [lic("a", 5), lic("b", 5)]
    ev = event("TH", 3, [("a", 5), ("x9", 5), ("b", 5), ("", 6)])
    result = compute_season(people, [ev], settings=NO_QUOTA)
    assert result.unknown_licences == {"x9": [ev.name]}
    # the unknown player keeps their place: b is third of n = 4 (M = 8, m = 8 - 2 x 2)
    assert result.players["b"].points_season == 4


def test_002_A1_lifetime_floors_and_series_carried_to_next_season() -> None:
    people = [
        lic("a", 1),  # best of S1: S1A with a %S1 of 75% > 50%: S1 for life
        lic("b", 2),  # no result: kept in S3 at most by the descent limit
        *(lic(f"s{i}", 6) for i in range(8)),
        Licensee("r", "r", 4, "A", 2000, 4, affiliated=False),
    ]
    ev = event("TH", 3, [("a", 1), *((f"s{i}", 6) for i in range(8))])
    result = compute_season(people, [ev], settings=NO_QUOTA)
    assert result.players["a"].placement.s1_for_life  # type: ignore[union-attr]
    assert result.players["b"].placement.label == "S3B"  # type: ignore[union-attr]
    # next season's file knows nothing of it: series 6, no floor
    nxt = [
        Licensee("a", "a", 6, "", 2000, 7),
        Licensee("b", "b", 6, "", 2000, 7),
        Licensee("r", "r", 4, "A", 2000, 4),  # back after an interruption
        Licensee("new", "new", 7, "", 2014, 7),
    ]
    carried = {p.licence: p for p in carry_floors(result, nxt)}
    a, b, r = carried["a"], carried["b"], carried["r"]
    assert (a.series, a.tier, a.highest_series, a.s1_for_life) == (1, "A", 1, True)
    assert (b.series, b.tier, b.highest_series, b.s1_for_life) == (3, "B", 2, False)
    assert (r.series, r.tier) == (4, "D")  # A.1: "au palier le plus bas"
    assert carried["new"] == nxt[3]
    # and the next season holds the floors: b, without a result, may not fall below S3
    again = compute_season(list(carried.values()), [], season=2014, settings=NO_QUOTA)
    assert again.players["b"].placement.series == 3  # type: ignore[union-attr]
    assert again.players["a"].placement.series == 1  # type: ignore[union-attr]


def test_002_B1_quota_rank_is_three_quarters_rounded_up() -> None:
    people = [lic(f"r{i}", 3) for i in range(1, 6)]
    rows = [(f"r{i}", 3) for i in range(1, 6)]
    events = [
        event("TH", 3, rows),  # A_3 = 5: PoidsS3 = 10
        event("TH", 3, rows[:4]),  # 8
        event("TH", 3, rows[:3], D2),  # 6
        event("TH", 3, rows[:2], D2),  # 4
    ]
    result = compute_season(people, events, settings=NO_QUOTA)
    # totals 28, 28, 24, 18, 10: ceil(3/4 x 5) = 4 players reached 18
    assert derive_quotas(result)[2] == 18.0


def test_002_B1_bonus_of_a_federal_weeks_simultane_counts_in_the_weight() -> None:
    """B.1 (1): the S2 player above the S1 band adds NumS1 to both sides of their %S2."""
    people = [lic("a", 2), lic("b", 1), lic("c", 2)]
    sf = event("SF", 1, [("a", 2), ("b", 1), ("c", 2)])
    t = compute_season(people, [sf], settings=NO_QUOTA).players["a"].pct_final
    totals = {x.series: x for x in compute_season(people, [sf], settings=NO_QUOTA).players["a"].pct}
    # %S1 = 1 at PoidsS1 = 0.5 x 1; %S2 = 1 at PoidsS2 = 0.5 x 2, plus the bonus 0.5
    assert (totals[2].num, totals[2].weight, totals[2].season) == (1.5, 1.5, 1.0)
    assert t(1) == 0.75


def test_federal_weeks_cap_of_each_series_at_its_exact_value_changes_nothing() -> None:
    people = [lic("a", 1), lic("f", 2), lic("e", 3)]
    field = [("a", 1), ("f", 2), ("e", 3)]
    sfs = [event("SF", 1, field, D1), event("SF", 1, field, D1), event("SF", 1, field, D2)]
    # each series alone in its band: PoidsSn = 0.5 a game, 1.5 for the three
    exact = Settings(quotas=(0.0, 0.0, 0.0), federal_weeks_cap=(1.5, 1.5, 1.5))
    res = compute_season(people, sfs, settings=exact)
    for licence, series in (("a", 1), ("f", 2), ("e", 3)):
        t = {x.series: x for x in res.players[licence].pct}[series]
        assert (t.weight, t.capped) == (1.5, 0.0)
    lower = Settings(quotas=(0.0, 0.0, 0.0), federal_weeks_cap=(1.0, 1.0, 1.0))
    res = compute_season(people, sfs, settings=lower)
    for licence, series in (("a", 1), ("f", 2), ("e", 3)):
        t = {x.series: x for x in res.players[licence].pct}[series]
        assert (t.weight, t.capped) == pytest.approx((1.0, 0.5))


def test_002_A1_carry_floors_tiers_of_returning_players_and_file_floors() -> None:
    people = [
        lic("c", 4),
        lic("d", 2),
        *(
            Licensee(f"x{s}", "", s, "A" if s < 7 else "", 2000, s, affiliated=False)
            for s in (3, 6, 7)
        ),
    ]
    result = compute_season(people, [], season=2013, settings=NO_QUOTA)
    nxt = [
        Licensee("c", "c", 6, "", 2000, 2),  # the new file knows a better series held
        Licensee("d", "d", 6, "", 2000, 3, s1_for_life=True),  # S1 for life says the file
        *(Licensee(f"x{s}", "", s, "A" if s < 7 else "", 2000, s) for s in (3, 6, 7)),
        Licensee("new5", "", 5, "A", 2013, 5),  # not out of the ranking: as the file says
    ]
    got = {p.licence: p for p in carry_floors(result, nxt)}
    assert got["c"].highest_series == 2
    assert (got["d"].highest_series, got["d"].s1_for_life) == (1, True)
    assert [got[f"x{s}"].tier for s in (3, 6, 7)] == ["B", "D", ""]
    assert got["new5"].tier == "A"
