"""Seed 002 over a season: reliquats of returning players (A.1, B.1), accumulation and
decay (B.2, B.3.4), the rolling display (B.1), the classification fed by the season, and
refusals of impossible input. Each test names the article it pins."""

from __future__ import annotations

import datetime as dt

import pytest

from arbitre.ranking import (
    Entry,
    Event,
    Licensee,
    Reliquat,
    Settings,
    compute_season,
    event_type,
    next_reliquats,
    season_of,
)
from arbitre.ranking.season import player_rows
from tests.ranking.helpers import D2, event, lic, refused


def previous_list() -> list[Reliquat]:
    """Last season's list, not in classification order; a S7 row first."""
    return [
        Reliquat("N7", 7, "", (0, 0, 0), 0, 1),
        Reliquat("P3a", 3, "A", (0, 0.10, 0.50), 2, 100),
        Reliquat("P3b", 3, "B", (0, 0.40, 0.30), 9, 80),  # last S3 by %S3 (not by %S2 or PP4)
        Reliquat("P3c", 3, "B", (0, 0.20, 0.45), 3, 70),
        Reliquat("P4a", 4, "A", (0, 0, 0.10), 40, 10),
        Reliquat("P4b", 4, "D", (0, 0, 0.05), 25, 90),  # last S4 by PP4 (not by points)
        Reliquat("P4c", 4, "C", (0, 0, 0.05), 30, 5),
        Reliquat("P5a", 5, "A", (0, 0, 0), 30, 200),
        Reliquat("P5b", 5, "D", (0, 0, 0), 35, 120),  # last S5 by points (not by PP4)
        Reliquat("P5c", 5, "C", (0, 0, 0), 20, 150),
        Reliquat("P6a", 6, "A", (0, 0, 0), 0, 60),
        Reliquat("P6b", 6, "C", (0, 0, 0), 4, 12),  # last S6 by points
        Reliquat("P6c", 6, "B", (0, 0, 0), 0, 40),
    ]


def test_002_B1_returning_s3_player_gets_the_pct_s3_of_the_last_s3() -> None:
    """B.1: "Pour les joueurs assimilés ou de retour, le reliquat attribué est celui du dernier
    joueur de la série"; the last S3 is the one with the lowest %S3."""
    res = compute_season([lic("R3", 3)], [], previous_list(), season=2013)
    r = res.players["R3"]
    assert r.reliquat_source == "series floor"
    assert {t.series: t.previous for t in r.pct} == {2: 0.40, 3: 0.30}
    assert (r.pp4_inherited, r.points_inherited) == (9, 80)


def test_002_A1_returning_s4_player_gets_the_pp4_of_the_last_s4() -> None:
    """A.1 "crédités du nombre de ... PP4 ... correspondant au plancher de cette série": the
    last S4 is the one with the fewest PP4."""
    res = compute_season([lic("R4", 4)], [], previous_list(), season=2013)
    r = res.players["R4"]
    assert (r.pp4_inherited, r.points_inherited) == (25, 90)


def test_002_A1_returning_s5_and_s6_players_get_the_points_of_the_last_of_their_series() -> None:
    """A.1: series 5 and 6 are ranked by points; the returning player is credited with the
    points of the last player of their series."""
    people = [lic("R5", 5), lic("R6", 6)]
    res = compute_season(people, [], previous_list(), season=2013)
    assert (res.players["R5"].points_inherited, res.players["R5"].pp4_inherited) == (120, 35)
    assert res.players["R6"].points_inherited == 12
    assert res.players["R6"].reliquat_source == "series floor"


def test_002_A1_own_previous_figures_win_over_the_series_floor() -> None:
    """A.1 / B.2 / B.3.4: a player of last season's list inherits their own figures."""
    people = [lic("P5a", 5), lic("P3a", 3)]
    res = compute_season(people, [], previous_list(), season=2013)
    assert res.players["P5a"].reliquat_source == "previous"
    assert (res.players["P5a"].points_inherited, res.players["P5a"].pp4_inherited) == (200, 30)
    assert {t.series: t.previous for t in res.players["P3a"].pct} == {2: 0.10, 3: 0.50}


def test_002_A1_new_licensee_and_series_without_floor_inherit_nothing() -> None:
    """A.1: a first affiliation this season is not a return: no reliquat; nor is there one when
    last season's list has nobody in the series."""
    people = [lic("NEW", 6, first_season=2013), lic("R2", 2)]
    res = compute_season(people, [], previous_list(), season=2013)
    for who in ("NEW", "R2"):
        p = res.players[who]
        assert p.reliquat_source == "none"
        assert (p.points_inherited, p.pp4_inherited, p.pct) == (0, 0, ())


def test_002_B2_pp4_of_the_season_add_up_over_events() -> None:
    """B.2: PP4 are earned per event and summed over the season (then decayed by a third)."""
    rows = [("A", 4)] + [(f"Z{i}", 4) for i in range(49)]
    res = compute_season([lic("A", 4)], [event("TH", 3, rows), event("TH", 3, rows, D2)])
    a = res.players["A"]
    assert a.pp4_season_tenths == 1000  # 50 + 50 PP4
    assert a.pp4_final == 66  # 2/3 of 100, rounded down


def test_002_A5_overseas_doubling_adds_up_over_events() -> None:
    """A.5: every overseas-specific event's points are doubled for an overseas resident."""
    rows = [("R", 5)] + [(f"Z{i}", 6) for i in range(59)]
    ev1 = event("TH", 3, rows, overseas=True)  # M = 120
    ev2 = event("CENTRES", 2, rows, D2, overseas=True)  # M = 120
    res = compute_season([lic("R", 5, overseas=True)], [ev1, ev2])
    r = res.players["R"]
    assert (r.points_season, r.points_doubled) == (240, 240)
    assert r.points_final == 320  # 2/3 of 480


def test_002_B1_pct_s3_totals_only_for_series_met() -> None:
    """B.1: a %S3 figure is tracked for a player who met S3 players (or inherits one); its
    numerator is NumS3 + bonus, exactly."""
    rows = [("C", 3), ("D", 3), ("G", 5)]
    fifth = event("TH", 3, [("F", 5), ("H", 5)], D2)
    res = compute_season([lic("C", 3), lic("F", 5)], [event("TH", 3, rows), fifth])
    c3 = {t.series: t for t in res.players["C"].pct}[3]
    assert (c3.num, c3.weight) == (4, 4)  # two S3: weight 2 x 2, %S3 = 1
    assert res.players["F"].pct == ()


def test_002_B1_no_quota_and_no_event_gives_a_season_pct_of_zero() -> None:
    """B.1: the season %Sn is sum NumSn' / sum PoidsSn' (raised to the quota); with no event
    and a quota of 0 there is nothing to divide: 0, and only the quarter of last season's %
    remains."""
    prev = [Reliquat("A", 1, "A", (0.8, 0, 0))]
    res = compute_season([lic("A", 1)], [], prev, Settings(quotas=(0, 0, 0)), season=2013)
    t = res.players["A"].pct[0]
    assert (t.divisor, t.season) == (0, 0.0)
    assert t.final == pytest.approx(0.2)


def test_002_B1_small_weight_still_divides_when_the_quota_is_zero() -> None:
    """B.1: a one-game event with one S1 present weighs 0.5; with a quota of 0 the season
    %S1 is NumS1 / 0.5 = 1."""
    rows = [("A", 1), ("Z", 5)]
    res = compute_season(
        [lic("A", 1)], [event("SF", 1, rows)], settings=Settings(quotas=(0, 0, 0)), season=2013
    )
    t = res.players["A"].pct[0]
    assert (t.weight, t.season) == (0.5, 1.0)


def test_002_B1_rolling_display_counts_points_of_this_season_only() -> None:
    """B.1 "Affichage en cours de saison" (decision 17): %Sn over the year up to the date, but
    points and PP4 of this season only, added to the inherited balance without decay."""
    last = event("TH", 2, [("A", 4)] + [(f"Z{i}", 6) for i in range(9)], dt.date(2013, 6, 1))
    new = event("TH", 2, [("A", 4)] + [(f"Y{i}", 4) for i in range(4)], dt.date(2013, 11, 1))
    prev = [Reliquat("A", 4, "A", points=30, pp4=9)]
    res = compute_season([lic("A", 4)], [last, new], prev, as_of=dt.date(2014, 4, 1))
    a = res.players["A"]
    assert a.points_season == 10  # M = 5 x 2 of this season's event, not last season's 20
    assert a.points_final == 40
    assert a.pp4_season_tenths == 320  # TH2 floor: 32 PP4 to the winner
    assert a.pp4_final == 41  # 9 inherited + 32, no decay


def test_002_B1_rolling_display_keeps_tenths_of_pp4_down() -> None:
    """B.1 display: PP4 shown are whole PP4, rounded down: 9 inherited + 0.7 -> 9."""
    rows = [("A", 4)] + [(f"Z{i}", 5) for i in range(5)]
    sf = event("SF", 1, rows, dt.date(2013, 11, 1))
    res = compute_season([lic("A", 4)], [sf], [Reliquat("A", 4, pp4=9)], as_of=dt.date(2014, 4, 1))
    a = res.players["A"]
    assert a.pp4_season_tenths == 1  # SF: 0.1 x (Y - X + 1) = 0.1 x 1
    assert a.pp4_final == 9


def test_002_A5_rolling_display_includes_the_overseas_doubling() -> None:
    """A.5 with the display of B.1: the doubled points of an overseas resident are shown."""
    rows = [("R", 5)] + [(f"Z{i}", 6) for i in range(59)]
    ev = event("TH", 3, rows, dt.date(2013, 11, 1), overseas=True)
    res = compute_season([lic("R", 5, overseas=True)], [ev], as_of=dt.date(2014, 4, 1))
    assert res.players["R"].points_final == 240


def test_002_B1_rolling_display_year_boundaries() -> None:
    """B.1: the display keeps "une année complète de compétitions": an event exactly one year
    (365 days) before the date is out, one on the date itself is in."""
    as_of = dt.date(2014, 4, 1)

    def ev(day: dt.date, name: str) -> Event:
        return Event(event_type("TH"), 2, (Entry(1, "A", "A", 1), Entry(2, "B", "B", 1)), day, name)

    out = ev(as_of - dt.timedelta(days=365), "out")
    inside = ev(as_of - dt.timedelta(days=364), "in")
    today = ev(as_of, "today")
    res = compute_season([lic("A", 1)], [out, inside, today], as_of=as_of)
    assert [es.event.name for es in res.events] == ["in", "today"]
    assert res.settings == Settings()


def test_002_A1_s1_for_life_and_beginners_reach_the_classification() -> None:
    """A.1: a player S1 for life stays in S1 whatever their figures; S7 holds the players
    first affiliated this season after the festival; a first affiliation before it, or an old
    licensee marked "after festival", is not a beginner."""
    people = [
        lic("TOP", 1),
        lic("LIFE", 2, highest_series=1, s1_for_life=True),
        lic("NEWB", 7, first_season=2013, after_festival=True),
        lic("NEWA", 7, first_season=2013),
        lic("OLD", 7, first_season=2010, after_festival=True),
    ]
    people += [lic(f"Z{i:02d}", 6) for i in range(95)]
    rows = [("TOP", 1), ("NEWB", 7), ("NEWA", 7), ("OLD", 7)]
    res = compute_season(people, [event("TH", 2, rows)], settings=Settings(quotas=(1, 1, 1)))
    label = {k: p.placement.label for k, p in res.players.items() if p.placement}
    assert label["TOP"] == "S1A"
    assert label["LIFE"] == "S1B"
    assert label["NEWB"] == "S7"
    assert label["NEWA"] == "S4A" and label["OLD"] == "S4A"  # by their PP4, not S7


def test_002_B1_series_2_and_3_classified_by_the_seasons_pct_s2_and_pct_s3() -> None:
    """B.1: S2 is filled by %S2 and S3 by %S3, the season's published figures."""
    people = [lic("A1", 1), lic("B2", 2), lic("C2", 2), lic("D3", 3), lic("E3", 3), lic("F3", 3)]
    people += [lic(f"Z{i:02d}", 6) for i in range(94)]
    rows = [("A1", 1), ("B2", 2), ("C2", 2), ("D3", 3), ("E3", 3), ("F3", 3)]
    res = compute_season(people, [event("TH", 2, rows)], settings=Settings(quotas=(1, 1, 1)))
    p = {k: v.placement for k, v in res.players.items()}
    assert p["B2"] is not None and p["B2"].label == "S2A" and p["B2"].criterion == "%S2"
    assert p["B2"].value == pytest.approx(0.75 * (4 + 4) / 8)
    assert p["D3"] is not None and p["D3"].label == "S3A" and p["D3"].criterion == "%S3"
    assert p["D3"].value == pytest.approx(0.75)  # in every band above: bonus on both sides
    assert [r.licence for r in next_reliquats(res)][:6] == ["A1", "B2", "C2", "D3", "E3", "F3"]


def test_002_B1_next_seasons_reliquats_carry_series_tier_and_figures() -> None:
    """B.1, B.2, B.3.4: next season starts from this season's published %Sn, the decayed PP4
    and points, with the series and tier obtained, in classification order."""
    people = [lic("A", 1), lic("B", 2), lic("AA", 6)] + [lic(f"Z{i:02d}", 6) for i in range(97)]
    rows = [("A", 1), ("B", 2), ("Z00", 6)]
    prev = [Reliquat("B", 2, "A", (0.4, 0.8, 0.2), 30, 60)]
    res = compute_season(people, [event("TH", 3, rows)], prev, Settings(quotas=(1, 1, 1)))
    out = {r.licence: r for r in next_reliquats(res)}
    a, b = res.players["A"], res.players["B"]
    assert out["B"] == Reliquat(
        "B",
        b.placement.series if b.placement else 0,
        b.placement.tier if b.placement else "",
        (b.pct_final(1), b.pct_final(2), b.pct_final(3)),
        b.pp4_final,
        b.points_final,
    )
    assert out["A"] == Reliquat("A", 1, "A", (a.pct_final(1), 0.0, 0.0), 26, 4)
    assert b.pct_final(1) == pytest.approx(0.75 * (0 + 0) + 0.25 * 0.4)
    assert b.pct_final(3) == pytest.approx(0.25 * 0.2)
    assert (b.pp4_final, b.points_final) == ((2 * 390 + 300) // 30, (2 * 4 + 60) // 3)
    order = [r.licence for r in next_reliquats(res)]
    assert order[:3] == ["A", "B", "Z00"]  # classification order, not licence order
    assert order.index("AA") > order.index("Z00")  # AA has no point: S6D


def test_002_season_of_starts_on_1_september() -> None:
    """A.1: "La période de référence s'étend du 1er septembre au 31 août"."""
    assert season_of(dt.date(2013, 9, 1)) == 2013
    assert season_of(dt.date(2013, 8, 31)) == 2012
    assert season_of(dt.date(2014, 8, 31)) == 2013


def test_002_refusals_of_impossible_season_input_say_why() -> None:
    """Input the regulation makes impossible is refused with its reason: a series outside
    1-7 (A.1), a licensee without licence, a player twice in last season's list, a season
    that cannot be told, a player asked for who is out of the ranking."""
    for series in (0, 8):
        with refused(f"series {series} not in 1-7"):
            Licensee("A", series=series)
        with refused(f"highest series {series} not in 1-7"):
            Licensee("A", series=5, highest_series=series)
    with refused("needs a licence number"):
        Licensee("")
    prev = [Reliquat("A", 5), Reliquat("A", 5)]
    with refused("twice in the previous season"):
        compute_season([lic("A", 5)], [], prev, season=2013)
    with refused("season is unknown"):
        compute_season([lic("A", 5)], [])
    res = compute_season([lic("A", 5), lic("O", 5, affiliated=False)], [], season=2013)
    with refused("not affiliated this season"):
        player_rows(res, ["O"])
    with refused("not among the licensees"):
        player_rows(res, ["Q"])
    assert player_rows(res, ["A"]) == [res.players["A"]]
