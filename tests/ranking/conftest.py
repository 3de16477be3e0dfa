"""Every season, every event and every classification the ranking tests compute is computed
twice: by the fast path and by the plain reference of :mod:`arbitre.ranking.reference`
(issue 23, part 5), and the two must give the same figures, or refuse the input with the
same error."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

import arbitre.ranking
from arbitre.ranking import Event, EventScore, RankingError, SeasonResult
from arbitre.ranking.classification import Placement
from arbitre.ranking.reference import (
    classify_reference,
    compute_season_reference,
    score_event_reference,
)


def _same_outcome(fast: Callable[..., Any], reference: Callable[..., Any], *args: Any) -> Any:
    try:
        got = fast(*args)
    except RankingError as error:
        with pytest.raises(RankingError) as expected:
            reference(*args)
        assert str(expected.value) == str(error)
        raise
    try:
        want = reference(*args)
    except RankingError as error:
        raise AssertionError(f"the reference refuses what the fast path took: {error}") from error
    assert want == got
    assert repr(want) == repr(got)  # the same types too (an int is not a float)
    return got


def checked_compute_season(
    licensees: Iterable[Any],
    events: Iterable[Any],
    previous: Iterable[Any] = (),
    *args: Any,
    **kw: Any,
) -> SeasonResult:
    """:func:`compute_season`, held equal to the reference on the same input."""
    people, evs, prev = list(licensees), list(events), list(previous)
    fast = arbitre.ranking.season.compute_season

    def run(f: Callable[..., SeasonResult]) -> Callable[[], SeasonResult]:
        return lambda: f(people, evs, prev, *args, **kw)

    return _same_outcome(lambda: run(fast)(), lambda: run(compute_season_reference)())  # type: ignore[no-any-return]


def checked_score_event(event: Event) -> EventScore:
    """:func:`score_event`, held equal to the reference on the same event."""
    return _same_outcome(arbitre.ranking.events.score_event, score_event_reference, event)  # type: ignore[no-any-return]


def checked_score_events(events: Iterable[Event]) -> list[EventScore]:
    """:func:`score_events` (all events scored together), held equal to the reference."""
    everyone = list(events)
    got = arbitre.ranking.events.score_events(everyone)
    want = [score_event_reference(e) for e in everyone]
    assert got == want
    assert repr(got) == repr(want)
    return got


def checked_classify(candidates: Iterable[Any], settings: Any) -> dict[str, Placement]:
    """:func:`classify`, held equal to the reference on the same candidates."""
    everyone = list(candidates)
    fast = arbitre.ranking.classification.classify
    return _same_outcome(fast, classify_reference, everyone, settings)  # type: ignore[no-any-return]


@pytest.fixture(autouse=True)
def fast_equals_reference(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Route the tests' calls (and the command line's) through the checked functions."""
    replacements = {
        "compute_season": checked_compute_season,
        "score_event": checked_score_event,
        "score_events": checked_score_events,
        "classify": checked_classify,
    }
    for name, func in replacements.items():
        if hasattr(arbitre.ranking, name):
            monkeypatch.setattr(arbitre.ranking, name, func)
        if request.module is not None and hasattr(request.module, name):
            monkeypatch.setattr(request.module, name, func)
