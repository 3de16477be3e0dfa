"""Builders shared by the ranking tests (seed 002)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from arbitre.common.messages import Message
from arbitre.i18n import word
from arbitre.ranking import Candidate, Entry, Event, Licensee, event_type
from arbitre.ranking.events import RankingError

D1 = dt.date(2013, 10, 5)
D2 = dt.date(2014, 3, 8)


def event(
    code: str, games: int, rows: list[tuple[str, int]], day: dt.date = D1, overseas: bool = False
) -> Event:
    """An event of type ``code``: ``rows`` are (licence, series) in place order."""
    entries = tuple(Entry(i + 1, lic, lic, s) for i, (lic, s) in enumerate(rows))
    return Event(event_type(code), games, entries, day, f"{code}-{day}", overseas)


def lic(licence: str, series: int, **kw: object) -> Licensee:
    """A licensee of ``series``, licensed since 2000, whose highest series is ``series``."""
    kw.setdefault("first_season", 2000)
    kw.setdefault("highest_series", series)
    return Licensee(licence, licence, series, **kw)  # type: ignore[arg-type]


def cand(
    licence: str,
    series: int = 6,
    pct: tuple[float, float, float] = (0, 0, 0),
    pp4: float = 0,
    points: float = 0,
    highest: int = 7,
    life: bool = False,
    beginner: bool = False,
) -> Candidate:
    """A candidate of the classification with only the figures a test needs."""
    return Candidate(licence, series, pct, pp4, points, highest, life, beginner)


@contextmanager
def refused(pattern: str, lang: str = "en") -> Iterator[None]:
    """Expect a :class:`RankingError` whose worded reason (English by default) matches
    ``pattern`` (a regular expression, searched)."""
    with pytest.raises(RankingError) as caught:
        yield
    message = caught.value.message
    text = word(message, lang)
    assert re.search(pattern, text), f"{pattern!r} not in {text!r}"
    for name, value in message.params.items():  # every value given is said
        shown = word(value, lang) if isinstance(value, Message) else str(value)
        assert value is not None and shown in text, f"{name}={value!r} not in {text!r}"
