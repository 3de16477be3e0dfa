"""The digest of each licensee's explanation (issue 20, part 3): the application rewrites
only the explanations whose digest changed, so a digest must change whenever the
explanation (without the series' bar) changes, and stay the same when nothing changed."""

from __future__ import annotations

import dataclasses
import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.ranking import Event, Licensee, Reliquat, Settings, explanation
from arbitre.ranking.explain import digests
from arbitre.ranking.reference import compute_season_reference
from arbitre.ranking.season import compute_season
from tests.ranking.helpers import D2, event, lic
from tests.ranking.test_ranking_fast_reference import SEASON, seasons
from tests.support import depth

Season = tuple[list[Licensee], list[Event], list[Reliquat], Settings, dt.date | None]


def _changed(season: Season, how: int, k: int) -> Season:
    """The season with one thing changed, of the kinds that change explanations."""
    people, events, previous, conf, as_of = season
    if how == 0 and events:  # an event renamed
        j = k % len(events)
        events = [*events[:j], dataclasses.replace(events[j], name="autre"), *events[j + 1 :]]
    elif how == 1 and events:  # an event taken out
        j = k % len(events)
        events = events[:j] + events[j + 1 :]
    elif how == 2 and events:  # an event's last player taken out (n, M, the bands change)
        j = k % len(events)
        if len(events[j].entries) > 1:
            shorter = dataclasses.replace(events[j], entries=events[j].entries[:-1])
            events = [*events[:j], shorter, *events[j + 1 :]]
    elif how == 3:  # the quotas
        conf = dataclasses.replace(conf, quotas=(1.0, 2.0, 3.0))
    elif how == 4 and people:  # a licensee's name and tier
        i = k % len(people)
        people = [*people[:i], dataclasses.replace(people[i], name="X", tier=""), *people[i + 1 :]]
    elif how == 5 and previous:  # last season's figures of one player
        i = k % len(previous)
        bigger = dataclasses.replace(previous[i], points=previous[i].points + 7)
        previous = [*previous[:i], bigger, *previous[i + 1 :]]
    return people, events, previous, conf, as_of


@settings(max_examples=depth(200), deadline=None)
@given(seasons(), st.integers(0, 5), st.integers(0, 50))
def test_a_digest_changes_whenever_the_explanation_changes(
    season: Season, how: int, k: int
) -> None:
    people, events, previous, conf, as_of = season
    one = compute_season(people, events, previous, conf, season=SEASON, as_of=as_of)
    assert digests(one) == digests(
        compute_season(people, events, previous, conf, season=SEASON, as_of=as_of)
    )
    people2, events2, previous2, conf2, _ = _changed(season, how, k)
    two = compute_season(people2, events2, previous2, conf2, season=SEASON, as_of=as_of)
    before, after = digests(one), digests(two)
    assert set(before) == {lic for lic, p in one.players.items() if p.placement}
    for licence in set(before) & set(after):
        same = explanation(one, one.players[licence], bar=False) == explanation(
            two, two.players[licence], bar=False
        )
        if not same:
            assert before[licence] != after[licence], licence


def test_renaming_an_event_changes_the_digests_of_its_players_only() -> None:
    people = [lic(f"P{i}", 1 + i % 6) for i in range(12)]
    first = event("TH", 3, [(f"P{i}", 1 + i % 6) for i in range(8)])
    second = event("TH", 3, [(f"P{i}", 1 + i % 6) for i in range(4, 12)], D2)
    one = compute_season(people, [first, second], season=2013)
    renamed = dataclasses.replace(second, name="Coupe")
    two = compute_season(people, [first, renamed], season=2013)
    before, after = digests(one), digests(two)
    assert {k for k in before if before[k] != after[k]} == {f"P{i}" for i in range(4, 12)}
    assert all(0 <= d < 2**63 for d in before.values())  # fits a signed 64-bit column


def test_a_plain_result_has_digests_too() -> None:
    """The reference's result (no columns) gets its digests from the explanations."""
    people = [lic("A", 1), lic("B", 5)]
    plain = compute_season_reference(people, [event("TH", 3, [("A", 1), ("B", 5)])], season=2013)
    again = compute_season_reference(people, [event("TH", 3, [("A", 1), ("B", 5)])], season=2013)
    assert set(digests(plain)) == {"A", "B"}
    assert digests(plain) == digests(again)
