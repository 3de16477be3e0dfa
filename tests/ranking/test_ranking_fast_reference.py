"""The fast season and the reference give the same figures on random seasons (issue 23,
part 5): licensees of every series with their lifetime floors, last season's reliquats,
events of every type (pairs, federal weeks' simultanés under a weight cap, overseas events),
places with ties, unknown and unaffiliated licences, the end-of-season and the rolling display."""

from __future__ import annotations

import datetime as dt
import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.ranking import (
    EVENT_TYPES,
    Candidate,
    Entry,
    Event,
    Licensee,
    RankingError,
    Reliquat,
    Settings,
    derive_quotas,
    next_reliquats,
)
from arbitre.ranking.classification import classify
from arbitre.ranking.events import score_event
from arbitre.ranking.reference import (
    classify_reference,
    compute_season_reference,
    score_event_reference,
)
from arbitre.ranking.season import compute_season
from tests.support import depth

SEASON = 2013
START = dt.date(SEASON, 9, 1)


@st.composite
def seasons(
    draw: st.DrawFn,
) -> tuple[list[Licensee], list[Event], list[Reliquat], Settings, dt.date | None]:
    count = draw(st.integers(1, 40))
    people = []
    for i in range(count):
        series = draw(st.sampled_from([1, 1, 2, 2, 3, 3, 4, 5, 6, 7]))
        people.append(
            Licensee(
                f"L{i}",
                f"N{i}",
                series,
                draw(st.sampled_from("ABCD")) if series < 7 else "",
                draw(st.sampled_from([2000, SEASON - 1, SEASON])),
                draw(st.integers(1, series)),
                overseas=draw(st.booleans()),
                affiliated=draw(st.integers(0, 9)) > 0,
                after_festival=draw(st.booleans()),
                s1_for_life=draw(st.integers(0, 9)) == 0,
            )
        )
    pct = st.sampled_from([0.0, 0.25, 0.5, 0.8])
    previous = [
        Reliquat(
            p.licence,
            draw(st.integers(1, 7)),
            "A",
            (draw(pct), draw(pct), draw(pct)),
            draw(st.integers(0, 60)),
            draw(st.integers(0, 500)),
        )
        for p in people
        if draw(st.booleans())
    ]
    licences = [p.licence for p in people] + ["X1", "X2", ""]  # unknown, no licence
    events = []
    for k in range(draw(st.integers(0, 8))):
        # every type, the federal weeks' simultanés, pairs and TH more often
        code = draw(st.sampled_from(["SF"] * 6 + ["PAIRS", "TH"] * 2 + sorted(EVENT_TYPES)))
        etype = EVENT_TYPES[code]
        games = 1 if etype.one_game else draw(st.integers(2, 6))
        chosen = draw(st.lists(st.sampled_from(licences), min_size=1, max_size=30, unique=True))
        # ties: a place repeats the one before
        ties = draw(st.lists(st.booleans(), min_size=len(chosen), max_size=len(chosen)))
        places, place = [], 1
        for j, tie in enumerate(ties):
            if j and not tie:
                place = j + 1
            places.append(place)
        pairs = code in ("PAIRS", "CP")
        if pairs:
            places = [1 + j // 2 * 2 for j in range(len(chosen))]
        entries = tuple(
            Entry(
                places[j],
                who,
                who,
                draw(st.sampled_from([1, 2, 3, 7])),
                "",
                f"p{j // 2}" if pairs else "",
            )
            for j, who in enumerate(chosen)
        )
        day = draw(st.none() | st.just(START + dt.timedelta(days=draw(st.integers(0, 364)))))
        events.append(Event(etype, games, entries, day, f"E{k}", draw(st.booleans())))
    quota = st.sampled_from([0.0, 5.0, 20.0, 245.0])
    cap = st.none() | st.tuples(*(st.sampled_from([0.0, 0.5, 1.0, 2.5, 10.0]),) * 3)
    conf = Settings(quotas=(draw(quota), draw(quota), draw(quota)), federal_weeks_cap=draw(cap))
    as_of = draw(st.none() | st.just(dt.date(SEASON + 1, 3, 1)))
    return people, events, previous, conf, as_of


@settings(max_examples=depth(300), deadline=None)
@given(seasons())
def test_fast_season_equals_the_reference(
    season: tuple[list[Licensee], list[Event], list[Reliquat], Settings, dt.date | None],
) -> None:
    people, events, previous, conf, as_of = season
    fast = compute_season(people, events, previous, conf, season=SEASON, as_of=as_of)
    reference = compute_season_reference(people, events, previous, conf, SEASON, as_of)
    assert fast == reference
    assert repr(fast) == repr(reference)  # the same types too (an int is not a float)
    assert [p.placement for p in fast.ordered()] == [p.placement for p in reference.ordered()]
    # the columns' own readings: the list, the placements, next season's quotas
    assert fast.columns is not None and reference.columns is None
    assert fast.classification() == reference.classification()
    assert repr(fast.classification()) == repr(reference.classification())
    for lic in [p.licence for p in people] + ["X1"]:
        assert fast.placement(lic) == reference.placement(lic)
    assert repr(derive_quotas(fast)) == repr(derive_quotas(reference))
    assert next_reliquats(fast) == next_reliquats(reference)
    for es in fast.events:
        assert score_event(es.event) == score_event_reference(es.event)


@st.composite
def candidates(draw: st.DrawFn) -> tuple[list[Candidate], Settings]:
    """Candidates with many ties (figures from small sets), of every series and lifetime
    floor, and settings whose quotas are large enough for every rule to act on few players:
    priorities, ties at the bars, tiers, super-series, descent limits, S6 and S7."""
    count = draw(st.integers(0, 60))
    figure = st.sampled_from([0, 0.0, 0.2, 0.35, 0.5, 0.7, 1.0])
    whole = st.sampled_from([0, 1, 5, 10, 20])
    out = []
    for i in range(count):
        series = draw(st.integers(1, 7))
        out.append(
            Candidate(
                f"C{draw(st.integers(0, 9))}{i:02d}",
                series,
                (draw(figure), draw(figure), draw(figure)),
                draw(whole),
                draw(whole),
                draw(st.integers(1, 7)),
                draw(st.integers(0, 9)) == 0,
                draw(st.booleans()),
            )
        )
    conf = Settings(
        share_s1=draw(st.sampled_from([0.0, 0.05, 0.1])),
        share_s2=draw(st.sampled_from([0.0, 0.05, 0.1])),
        share_s3=draw(st.sampled_from([0.05, 0.1])),
        share_s4_tier=draw(st.sampled_from([0.02, 0.05])),
        share_s5_tier=draw(st.sampled_from([0.02, 0.05])),
        super_series=draw(st.integers(0, 3)),
    )
    return out, conf


@settings(max_examples=depth(400), deadline=None)
@given(candidates())
def test_fast_classification_equals_the_reference(case: tuple[list[Candidate], Settings]) -> None:
    people, conf = case
    fast = classify(people, conf)
    reference = classify_reference(people, conf)
    assert fast == reference
    assert repr(fast) == repr(reference)  # the same types, and the same order


def test_the_collector_is_restored_after_a_season() -> None:
    """The fast season pauses the cyclic garbage collector while it runs, and leaves it as
    it found it, also when the season is refused."""
    assert gc.isenabled()
    compute_season([Licensee("A")], [], season=SEASON)
    assert gc.isenabled()
    with pytest.raises(RankingError):
        compute_season([Licensee("A"), Licensee("A")], [], season=SEASON)
    assert gc.isenabled()
    gc.disable()
    try:
        compute_season([Licensee("A")], [], season=SEASON)
        assert not gc.isenabled()
    finally:
        gc.enable()
