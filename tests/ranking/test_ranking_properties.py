"""Property tests: event figures against a brute-force reading of seed 002, CSV round trips."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.ranking import EVENT_TYPES, Entry, Event, ranking_points, score_event
from arbitre.ranking.csvformat import format_event_csv, parse_event
from tests.support import depth

D_TABLE = {
    "CF1": "0.2",
    "CF2": "0.4",
    "CF3": "1",
    "CFF": "10",
    "VF": "3",
    "VQ": "0.2",
    "VD": "0.2",
    "WI": "15",
    "SM": "0.1",
    "SMB": "0.5",
    "SH": "0.2",
    "SJ": "0.2",
    "CP": "1",
}
M_TABLE = {"SF": 150, "SP": 100, "TSAP": 300}


@st.composite
def events(draw: st.DrawFn) -> Event:
    code = draw(st.sampled_from(sorted(EVENT_TYPES)))
    etype = EVENT_TYPES[code]
    games = 1 if etype.one_game else draw(st.integers(2, 8))
    n = draw(st.integers(1, 60))
    series = draw(st.lists(st.integers(1, 7), min_size=n, max_size=n))
    # a ranking with ties: non-decreasing raw scores turned into competition places
    steps = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    places, place = [], 1
    for i, new in enumerate(steps):
        if i and new:
            place = i + 1
        places.append(place)
    entries = tuple(
        Entry(p, f"L{i}", f"N{i}", s) for i, (p, s) in enumerate(zip(places, series, strict=True))
    )
    return Event(etype, games, entries, name="prop", overseas=draw(st.booleans()))


def oracle_points(ev: Event, place: int) -> int:
    n = len(ev.entries)
    code = ev.type.code
    if code in M_TABLE:
        m_winner = Fraction(M_TABLE[code])
        d = m_winner / n
    else:
        if code in D_TABLE:
            d = Fraction(D_TABLE[code])
        else:
            d = (
                Fraction(5, 2)
                if ev.games >= 5
                else Fraction(9, 4)
                if ev.games == 4
                else Fraction(2)
            )
        m_winner = Fraction(math.ceil(n * d))
        if ev.overseas and code in ("TH", "CENTRES"):
            m_winner = max(m_winner, Fraction(100))
    return max(math.ceil(m_winner - d * (place - 1)), 0)


@settings(max_examples=depth(300), deadline=None)
@given(events())
def test_event_figures_match_the_definitions(ev: Event) -> None:
    es = score_event(ev)
    entries = ev.entries
    for sc in es.scores:
        e = sc.entry
        assert sc.place == e.place  # competition places are kept as given
        assert sc.points == oracle_points(ev, sc.place)
        assert ranking_points(es.m_winner, sc.place, es.n, es.d_hundredths) == sc.points
        for fig in sc.pct:
            n = fig.series
            same = [o for o in entries if o.series == n]
            worst = max(o.place for o in same)
            assert fig.present == len(same)
            if e.place <= worst:
                p_n = 1 + sum(1 for o in same if o.place < e.place)
                assert fig.pct == (len(same) - p_n + 1) / len(same)
            else:
                assert fig.pct is None
                assert e.series > n
            # ruling 3: the bonus goes to the player's own series only
            higher = [f.num for f in sc.pct if f.series < n] if n == e.series else []
            assert math.isclose(fig.bonus, sum(higher))
        # every S1-S3 player holds a %Sn of their own series when the event gives %Sn
        if es.weights and e.series <= 3:
            own = sc.pct_for(e.series)
            assert own is not None and own.pct is not None and 0 < own.pct <= 1
    points = [sc.points for sc in sorted(es.scores, key=lambda s: s.place)]
    assert points == sorted(points, reverse=True)


@settings(max_examples=depth(100), deadline=None)
@given(events())
def test_event_csv_round_trip(ev: Event) -> None:
    back = parse_event(format_event_csv(ev), "prop")
    assert back == ev


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_decay_matches_exact_fractions(season: int, inherited: int) -> None:
    from arbitre.ranking import decay
    from arbitre.ranking.season import decay_tenths

    exact = Fraction(2, 3) * season + Fraction(1, 3) * inherited
    assert decay(season, inherited) == math.floor(exact)
    exact_pp4 = Fraction(2, 3) * Fraction(season, 10) + Fraction(1, 3) * inherited
    assert decay_tenths(season, inherited) == math.floor(exact_pp4)
