"""Per-event figures of seed 002: M and m (B.3), PP4 (B.2), bands, %Sn, weights, bonus (B.1)."""

from __future__ import annotations

import pytest

from arbitre.ranking import Entry, Event, event_type, event_weight, score_event
from tests.ranking.helpers import refused


def make_event(
    code: str,
    games: int,
    series: list[int],
    places: list[int] | None = None,
    pairs: list[str] | None = None,
    overseas: bool = False,
) -> Event:
    places = places or list(range(1, len(series) + 1))
    pairs = pairs or [""] * len(series)
    entries = tuple(
        Entry(p, f"L{i}", f"Player {i}", s, "", pr)
        for i, (p, s, pr) in enumerate(zip(places, series, pairs, strict=True))
    )
    return Event(event_type(code), games, entries, name="test", overseas=overseas)


def points(ev: Event) -> list[int]:
    return [sc.points for sc in score_event(ev).scores]


# --- Ranking points (B.3) ---------------------------------------------------------------


def test_two_game_event_d_is_2() -> None:
    es = score_event(make_event("TH", 2, [5] * 10))
    assert (es.m_winner, es.d) == (20, 2)
    assert points(es.event) == [20, 18, 16, 14, 12, 10, 8, 6, 4, 2]


def test_four_game_event_d_225_rounds_up() -> None:
    # M = ceil(10 x 2.25) = ceil(22.5) = 23; m(2) = ceil(20.75) = 21; m(10) = ceil(2.75) = 3
    pts = points(make_event("TH", 4, [5] * 10))
    assert pts[:3] == [23, 21, 19]
    assert pts[-1] == 3


def test_002_B3_2_four_games_d_is_exactly_2_25() -> None:
    """B.3.2: "2,25 pour les épreuves en 4 manches": with 4 players M = 4 x 2.25 = 9 exactly
    (a D a hundredth more would give ceil(9.04) = 10), then 9 - 2.25 = 6.75 rounded up..."""
    es = score_event(make_event("TH", 4, [5] * 4))
    assert (es.m_winner, es.d_hundredths) == (9, 225)
    assert points(es.event) == [9, 7, 5, 3]


def test_five_game_event_d_25() -> None:
    # M = ceil(9 x 2.5) = 23; m(2) = ceil(20.5) = 21; m(9) = ceil(23 - 20) = 3
    pts = points(make_event("TH", 5, [5] * 9))
    assert pts == [23, 21, 18, 16, 13, 11, 8, 6, 3]
    assert points(make_event("TH", 7, [5] * 9)) == pts


def test_fixed_d_event_phase1() -> None:
    # Phase 1 of the French championship: D = 0.2. n = 1234: M = ceil(246.8) = 247
    es = score_event(make_event("CF1", 3, [6] * 1234))
    assert es.m_winner == 247
    assert es.scores[999].points == 48  # ceil(247 - 0.2 x 999) = ceil(47.2)
    assert es.scores[-1].points == 1  # ceil(247 - 246.6)


@pytest.mark.parametrize(
    ("code", "n", "m_winner", "m_last"),
    [("CFF", 20, 200, 10), ("WI", 10, 150, 15), ("VF", 7, 21, 3), ("SM", 35, 4, 1)],
)
def test_other_fixed_d(code: str, n: int, m_winner: int, m_last: int) -> None:
    pts = points(make_event(code, 3, [4] * n))
    assert (pts[0], pts[-1]) == (m_winner, m_last)


def test_fixed_m_simultane_federal() -> None:
    # M = 150 whatever n; points spread down to the last one (D = M / n)
    pts = points(make_event("SF", 1, [5] * 200))
    assert pts[0] == 150
    assert pts[1] == 150  # ceil(150 x 199 / 200) = ceil(149.25)
    assert pts[-1] == 1  # ceil(0.75)
    assert points(make_event("TSAP", 2, [5] * 3)) == [300, 200, 100]
    assert points(make_event("SP", 1, [5] * 4))[0] == 100


def test_ex_aequo_share_the_better_place() -> None:
    # 1, 2=, 2=, 4: the two seconds both get m(2); the fourth keeps m(4)
    pts = points(make_event("TH", 3, [5] * 5, places=[1, 2, 2, 4, 5]))
    assert pts == [10, 8, 8, 4, 2]
    # dense numbering 1, 2, 2, 3, 4 means the same ranking
    assert points(make_event("TH", 3, [5] * 5, places=[1, 2, 2, 3, 4])) == pts


def test_pairs_both_players_count_and_are_ex_aequo() -> None:
    # 4 pairs, 3 games: n = 8, M = 16; pair k at place 2k - 1
    ev = make_event("PAIRS", 3, [5] * 8, places=[1, 1, 3, 3, 5, 5, 7, 7], pairs=list("aabbccdd"))
    es = score_event(ev)
    assert es.n == 8
    assert [sc.points for sc in es.scores] == [16, 16, 12, 12, 8, 8, 4, 4]
    assert all(sc.pp4_tenths == 0 and not sc.pct for sc in es.scores)  # A.2.4


def test_pair_split_over_two_places_is_an_error() -> None:
    with refused("pair"):
        make_event("PAIRS", 3, [5] * 4, places=[1, 2, 3, 4], pairs=list("aabb"))


def test_overseas_th_m_at_least_100() -> None:
    pts = points(make_event("TH", 3, [5] * 20, overseas=True))
    assert pts[:2] == [100, 98]
    assert points(make_event("TH", 3, [5] * 20))[0] == 40
    assert points(make_event("TH", 3, [5] * 60, overseas=True))[0] == 120


def test_invalid_events() -> None:
    with refused("2 games"):
        make_event("TH", 1, [5, 5])
    with refused("one game"):
        make_event("SF", 2, [5, 5])
    with refused("twice"):
        Event(event_type("TH"), 3, (Entry(1, "X"), Entry(2, "X")))
    with refused("unknown event type"):
        event_type("ZZ")


# --- PP4 (B.2) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "games", "winner"),
    [
        ("TH", 5, 48),
        ("TH", 6, 48),
        ("TH", 4, 44),
        ("TH", 3, 40),
        ("TH", 2, 32),
        ("CENTRES", 3, 20),
        ("TSAP", 2, 20),
    ],
)
def test_pp4_floor_when_y_is_small(code: str, games: int, winner: float) -> None:
    # 12 players of series 1-4: Y is raised to floor / coefficient
    es = score_event(make_event(code, games, [4] * 12 + [6] * 3))
    assert es.scores[0].pp4 == winner
    assert es.y == 12


def test_pp4_th3_under_floor_places() -> None:
    es = score_event(make_event("TH", 3, [3] * 30))
    assert es.y_used == 40
    assert [es.scores[i].pp4 for i in (0, 29)] == [40, 11]


def test_pp4_th5_over_floor() -> None:
    # Y = 60 players of S1-S4 (>= 40): PP4 = 1.2 x (60 - X + 1)
    es = score_event(make_event("TH", 5, [4] * 60 + [7] * 20))
    assert es.y_used == 60
    assert es.scores[0].pp4 == pytest.approx(72)
    assert es.scores[9].pp4 == pytest.approx(61.2)
    assert es.scores[59].pp4 == pytest.approx(1.2)
    assert es.scores[60].pp4 == 0  # beyond Y: max(Y - X + 1, 0)


def test_pp4_per_game_events_have_no_floor() -> None:
    assert score_event(make_event("SF", 1, [4] * 5)).scores[0].pp4 == pytest.approx(0.5)
    assert score_event(make_event("ICQ", 1, [4] * 5)).scores[0].pp4 == pytest.approx(1.0)
    assert score_event(make_event("ICF", 1, [4] * 5)).scores[1].pp4 == pytest.approx(2.0)
    assert score_event(make_event("SP", 1, [4] * 5)).scores[0].pp4 == 0


# --- Weights (B.1) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("series", "present", "games", "weight"),
    [
        (1, 3, 3, 6),  # small participation: 2a
        (1, 4, 3, 8),
        (1, 5, 3, 10),  # floor
        (1, 12, 3, 12),
        (1, 25, 2, 20),  # cap 10 x 2 games
        (2, 7, 3, 14),  # 7 < 7.5: 2a
        (2, 8, 3, 15),  # floor 15
        (3, 9, 3, 18),
        (3, 10, 3, 20),
        (3, 70, 3, 60),  # cap 20 x 3
    ],
)
def test_weights(series: int, present: int, games: int, weight: float) -> None:
    assert event_weight(series, present, games, event_type("TH")) == weight


def test_weight_cap_times_15_for_listed_events() -> None:
    assert event_weight(3, 70, 3, event_type("GC")) == 70
    assert event_weight(3, 100, 3, event_type("CFF")) == 90


def test_one_game_weights() -> None:
    sf = event_type("SF")
    assert event_weight(1, 30, 1, sf) == 5  # 0.5 x 30 capped at 5
    assert event_weight(1, 6, 1, sf) == 3  # no floor, no doubling
    assert event_weight(2, 10, 1, sf) == 5
    assert event_weight(2, 40, 1, sf) == 7.5
    assert event_weight(3, 30, 1, sf) == 10


# --- Bands, %Sn and bonus (B.1) ---------------------------------------------------------


def test_bands_pct_and_bonus_worked_example() -> None:
    # places 1..9: S2 X, S1 a, S1 b, S3 c, S1 d, S2 e, S4 f, S2 g, S3 h
    ev = make_event("TH", 3, [2, 1, 1, 3, 1, 2, 4, 2, 3])
    es = score_event(ev)
    assert es.present == {1: 3, 2: 3, 3: 2}
    assert es.weights == {1: 6, 2: 6, 3: 4}
    x, a, b, c, d, e, f, g, h = es.scores

    def pct(sc, n):  # type: ignore[no-untyped-def]
        fig = sc.pct_for(n)
        return None if fig is None else fig.pct

    assert [pct(x, 1), pct(a, 1), pct(b, 1), pct(c, 1), pct(d, 1)] == [1, 1, 2 / 3, 1 / 3, 1 / 3]
    assert pct(e, 1) is None and e.pct_for(1) is not None  # below the S1 band: weight, no %
    assert pct(f, 1) is None
    assert [pct(x, 2), pct(c, 2), pct(e, 2), pct(f, 2), pct(g, 2)] == [
        1,
        2 / 3,
        2 / 3,
        1 / 3,
        1 / 3,
    ]
    assert pct(h, 2) is None
    assert [pct(c, 3), pct(f, 3), pct(h, 3)] == [1, 0.5, 0.5]
    assert x.pct_for(3) is None and a.pct_for(2) is None  # no %Sn of a lower series
    # X (S2) finished in the S1 band: NumS1 = 1 x 6 goes to both sides of its %S2
    fx = x.pct_for(2)
    assert fx is not None
    assert (fx.num_adjusted, fx.weight_adjusted) == (12, 12)
    # c (S3): NumS1 = 1/3 x 6 = 2 and NumS2 = 2/3 x 6 = 4 go to its %S3 (num 4, weight 4)
    fc = c.pct_for(3)
    assert fc is not None
    assert fc.num_adjusted == pytest.approx(10) and fc.weight_adjusted == pytest.approx(10)
    # f (S4) has no %S4 of its own: its %S3 (1/2 x 4 = 2) takes no bonus (ruling 3)
    ff = f.pct_for(3)
    assert ff is not None
    assert (ff.num_adjusted, ff.weight_adjusted) == pytest.approx((2, 4))
    # c's %S2 is not its own series: no bonus from its NumS1 there either
    fc2 = c.pct_for(2)
    assert fc2 is not None and fc2.bonus == 0


def test_one_game_event_pct_weight() -> None:
    es = score_event(make_event("ICQ", 1, [1] * 12 + [3] * 4))
    assert es.weights == {1: 5, 3: 2}
    assert es.scores[0].pct_for(1).num == pytest.approx(5)  # type: ignore[union-attr]


def test_events_without_pct() -> None:
    for code in ("PAIRS", "CP", "SP"):
        games = 1 if code == "SP" else 3
        es = score_event(make_event(code, games, [1, 2, 3]))
        assert es.weights == {} and all(not sc.pct for sc in es.scores)
