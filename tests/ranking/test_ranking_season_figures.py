"""Season figures of seed 002: accumulation, quota correction, decay, reliquats, overseas."""

from __future__ import annotations

import datetime as dt

import pytest

from arbitre.ranking import (
    Event,
    Reliquat,
    Settings,
    compute_season,
    decay,
    next_reliquats,
)
from arbitre.ranking.season import decay_tenths
from tests.ranking.helpers import D2, event, lic, refused


def test_decay_rounding() -> None:
    # a third off this season's points, two thirds off inherited ones, rounded down
    assert decay(100, 50) == 83  # 66.67 + 16.67 = 83.33
    assert decay(10, 1) == 7  # 6.67 + 0.33 = 7 exactly
    assert decay(1, 0) == 0
    assert decay(0, 2) == 0
    assert decay(0, 3) == 1
    # PP4 in tenths: 61.2 this season, 30 inherited -> 40.8 + 10 = 50.8 -> 50
    assert decay_tenths(612, 30) == 50


def test_quota_correction_and_published_pct() -> None:
    # A S1 player wins a 3-game TH with 3 S1: weight 6, %S1 = 1, NumS1 = 6
    rows = [("A", 1), ("B", 1), ("C", 1)]
    people = [lic(x, 1) for x in "ABC"]
    prev = [Reliquat("A", 1, "A", (0.40, 0, 0))]
    res = compute_season(people, [event("TH", 3, rows)], prev, Settings(quotas=(10, 10, 10)))
    t = res.players["A"].pct[0]
    assert (t.num, t.weight, t.divisor) == (6, 6, 10)  # divisor raised to the quota
    assert t.season == pytest.approx(0.6)
    assert t.final == pytest.approx(0.75 * 0.6 + 0.25 * 0.40)
    res2 = compute_season(people, [event("TH", 3, rows)] * 2, prev, Settings(quotas=(10, 10, 10)))
    t2 = res2.players["A"].pct[0]
    assert (t2.weight, t2.divisor, t2.season) == (12, 12, 1.0)  # above the quota: no raise


def test_season_pct_counts_events_outside_the_band_with_zero_numerator() -> None:
    # S2 player X: in the S1 band in event 1 (bonus), below it in event 2
    e1 = event("TH", 3, [("X", 2), ("A", 1), ("B", 1), ("Y", 2)])
    e2 = event("TH", 3, [("A", 1), ("B", 1), ("Y", 2), ("X", 2)], D2)
    people = [lic("A", 1), lic("B", 1), lic("X", 2), lic("Y", 2)]
    res = compute_season(people, [e1, e2], settings=Settings(quotas=(0, 0, 0)))
    x = res.players["X"]
    # S1 weights: 2 S1 present -> 4; event 1: %S1 = 1 -> 4; event 2: outside -> 0 / 4
    s1 = x.pct[0]
    assert (s1.num, s1.weight) == (4, 8)
    # S2: weight 2 S2 -> 4; event 1: 1 x 4 + bonus 4 over 4 + 4; event 2: 1/2 x 4 over 4
    s2 = x.pct[1]
    assert (s2.num, s2.weight) == (10, 12)
    assert s2.final == pytest.approx(0.75 * 10 / 12)


def test_points_pp4_season_and_decay() -> None:
    rows = [("A", 4), ("B", 5)] + [(f"Z{i}", 6) for i in range(8)]
    people = [lic("A", 4), lic("B", 5)]
    prev = [Reliquat("A", 4, "A", pp4=30, points=50)]
    res = compute_season(people, [event("TH", 5, rows)], prev)
    a = res.players["A"]
    assert a.points_season == 25  # M = 10 x 2.5
    assert a.points_final == (2 * 25 + 50) // 3 == 33
    assert a.pp4_season_tenths == 480  # TH5 floor 48 (Y = 2 raised to 40)
    assert a.pp4_final == 42  # floor(32 + 10)
    b = res.players["B"]
    assert (b.points_season, b.pp4_season_tenths) == (23, 468)  # ceil(22.5), 1.2 x 39


def test_overseas_residents_points_doubled_before_decay() -> None:
    rows = [("R", 5), ("M", 5)] + [(f"Z{i}", 6) for i in range(18)]
    ov = event("TH", 3, rows, overseas=True)  # M raised to 100
    home = event("TH", 3, rows, D2)  # M = 40
    people = [lic("R", 5, overseas=True), lic("M", 5)]
    res = compute_season(people, [ov, home], settings=Settings())
    r, m = res.players["R"], res.players["M"]
    assert (r.points_season, r.points_doubled) == (140, 100)
    assert r.points_final == (2 * 240) // 3 == 160
    assert (m.points_season, m.points_doubled) == (136, 0)  # 98 + 38
    assert m.points_final == 90


def test_returning_player_inherits_last_of_series() -> None:
    prev = [
        Reliquat("P1", 3, "A", (0, 0.2, 0.50), 10, 100),
        Reliquat("P2", 3, "B", (0, 0, 0.30), 5, 80),
        Reliquat("P3", 4, "A", (0, 0, 0.10), 40, 90),
    ]
    people = [lic("P1", 3), lic("P2", 3), lic("RET", 3), lic("NEW", 7, first_season=2013)]
    res = compute_season(people, [], prev, season=2013)
    ret = res.players["RET"]
    assert ret.reliquat_source == "series floor"
    assert {t.series: t.previous for t in ret.pct} == {3: 0.30}  # P2, the last S3
    assert (ret.points_inherited, ret.pp4_inherited) == (80, 5)
    assert res.players["NEW"].reliquat_source == "none"


def test_non_affiliated_players_are_out_of_the_ranking() -> None:
    rows = [("OUT", 5), ("IN", 5), ("FOREIGN", 5)]
    people = [lic("OUT", 5, affiliated=False), lic("IN", 5)]
    res = compute_season(people, [event("TH", 3, rows)])
    assert res.out_of_ranking == ["OUT"]
    assert "OUT" not in res.players and "FOREIGN" not in res.players
    assert res.players["IN"].points_season == 4  # place 2 of 3: the others still count
    assert [r.licence for r in next_reliquats(res)] == ["IN"]


def test_new_licensee_keeps_points_from_before_affiliation() -> None:
    # first affiliated this season: every event of the season counts (A.1)
    rows = [("N", 7), ("Z", 6)]
    res = compute_season([lic("N", 7, first_season=2013)], [event("TH", 2, rows)])
    assert res.players["N"].points_season == 4


def test_event_outside_the_season_is_rejected() -> None:
    e1 = event("TH", 2, [("A", 5)], dt.date(2013, 9, 1))
    e2 = event("TH", 2, [("A", 5)], dt.date(2014, 9, 1))
    with refused(r"dated 2014-09-01 is outside season 2013-2014$"):
        compute_season([lic("A", 5)], [e1, e2])


def test_rolling_display_keeps_one_year_and_no_decay() -> None:
    def ev(day: dt.date) -> Event:
        return event("TH", 2, [("B", 2), ("A", 2), ("Z", 6)], day)

    old = ev(dt.date(2013, 3, 1))  # last season, over a year before the display date
    last = ev(dt.date(2013, 6, 1))  # last season, within the year
    new = ev(dt.date(2013, 11, 1))
    later = ev(dt.date(2014, 5, 1))  # after the display date
    prev = [Reliquat("A", 2, "A", (0, 0.4, 0), points=30)]
    people = [lic("A", 2), lic("B", 2)]
    res = compute_season(
        people,
        [old, last, new, later],
        prev,
        Settings(quotas=(0, 10, 0)),
        as_of=dt.date(2014, 4, 1),
    )
    a = res.players["A"]
    assert res.season == 2013
    assert a.points_season == 4  # this season's event only (m = 6 - 2)
    assert a.points_final == 34  # inherited + season, no decay during the season
    # %S2 over the year: two events, each weight 2 x 2 = 4 and %S2 = 1/2, divisor 10
    s2 = {t.series: t for t in a.pct}[2]
    assert (s2.num, s2.weight, s2.divisor) == (4, 8, 10)
    assert s2.final == pytest.approx(0.75 * 0.4 + 0.25 * 0.4)


def test_duplicate_licensee_is_an_error() -> None:
    with refused("twice"):
        compute_season([lic("A", 5), lic("A", 5)], [], season=2013)
