"""The fast path's values built when read (issue 23, part 5) behave as the tuples, lists and
dicts of the reference: indexing from either end, slices, equality with the plain values,
their repr, no hash; a licensee's placement and the classification list read from the
columns."""

from __future__ import annotations

import pytest

from arbitre.ranking import Event, Licensee, compute_season, score_event
from arbitre.ranking.reference import compute_season_reference
from tests.ranking.helpers import D2, event, lic


def _season() -> tuple[list[Licensee], list[Event]]:
    people = [lic(f"P{i}", 1 + i % 7) for i in range(14)] + [lic("OUT", 5, affiliated=False)]
    first = event("TH", 3, [(f"P{i}", 1 + i % 7) for i in range(10)])
    second = event("TH", 4, [(f"P{i}", 1 + i % 7) for i in range(5, 14)] + [("OUT", 5)], D2)
    return people, [first, second]


def test_an_events_scores_read_as_a_tuple() -> None:
    es = score_event(event("TH", 3, [("A", 1), ("B", 2), ("C", 3), ("D", 5)]))
    plain = tuple(es.scores)
    assert len(es.scores) == 4 and es.scores[-1] == plain[3] and es.scores[0] == plain[0]
    assert es.scores[1:3] == plain[1:3] and es.scores[::-1] == plain[::-1]
    assert es.scores == plain and plain == es.scores and es.scores != plain[:3]
    assert es.scores != 4 and list(es.scores) == list(plain)
    assert repr(es.scores) == repr(plain)
    assert es.scores[2] is es.scores[2] is es.scores[-2]  # each built once
    with pytest.raises(IndexError):
        es.scores[4]
    with pytest.raises(TypeError):
        hash(es.scores)


def test_a_seasons_events_players_and_scores_read_as_plain_values() -> None:
    people, events = _season()
    fast = compute_season(people, events, season=2013)
    plain = compute_season_reference(people, events, season=2013)
    assert len(fast.events) == 2 and fast.events[-1] == plain.events[1]
    assert fast.events[0:1] == plain.events[0:1] and fast.events != plain.events[:1]
    assert fast.events == plain.events and fast.events != "E" and fast.events != [1, 2]
    assert repr(fast.events) == repr(plain.events)
    with pytest.raises(IndexError):
        fast.events[2]
    with pytest.raises(TypeError):
        hash(fast.events)

    assert list(fast.players) == list(plain.players) and len(fast.players) == 14
    assert "P3" in fast.players and "OUT" not in fast.players and "X" not in fast.players
    assert fast.players.get("OUT") is None and fast.players["P3"] is fast.players["P3"]
    with pytest.raises(KeyError):
        fast.players["OUT"]
    assert repr(fast.players) == repr(plain.players)
    scores, reference = fast.players["P7"].scores, plain.players["P7"].scores
    assert len(scores) == 2 and scores[-1] == reference[1] and scores[:1] == reference[:1]
    assert scores == reference and scores != reference[:1] and scores != 7
    assert repr(scores) == repr(reference)
    with pytest.raises(TypeError):
        hash(scores)


def test_placements_and_the_list_read_from_the_columns() -> None:
    people, events = _season()
    fast = compute_season(people, events, season=2013)
    plain = compute_season_reference(people, events, season=2013)
    assert fast.columns is not None
    placements = fast.columns.placements
    assert list(placements) == [r.licence for r in fast.classification()]
    assert len(placements) == 14 and "P1" in placements and "OUT" not in placements
    for licence, p in plain.players.items():
        assert fast.placement(licence) == p.placement == placements[licence]
    assert fast.placement("OUT") is None and plain.placement("OUT") is None
    assert fast.classification() == plain.classification()
    assert [r.order for r in fast.classification()] == list(range(1, 15))
