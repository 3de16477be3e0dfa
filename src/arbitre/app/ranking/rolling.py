"""The figures published during a season (seed 002, B.1, "Affichage en cours de saison";
ruling 11 of the Duplicate ranking): the rolling season ending on the day shown, a whole
year of events (this season's so far and last season's from the same date on), 3/4 of it
plus 1/4 of the reliquat, PP4 and points of this season added to the inherited ones. The
engine computes it (:func:`arbitre.ranking.compute_season` with ``as_of``); the stored
standings (:mod:`arbitre.app.ranking.standings`) are the end-of-season classification, a
projection while the season is open.

Nothing is written: the rolling figures are computed when a page asks for them and kept
in memory for the day, until the season is recomputed."""

from __future__ import annotations

import datetime as dt
import threading
from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import number_format

from arbitre.app.ranking.models import Season
from arbitre.app.ranking.standings import (
    engine_events,
    engine_licensees,
    previous_figures,
    settings_of,
)
from arbitre.ranking import compute_season
from arbitre.ranking.season import ClassifiedRow


@dataclass(frozen=True)
class Rolling:
    """The rolling classification of ``season`` on ``day``, in classification order."""

    day: dt.date
    rows: tuple[ClassifiedRow, ...]

    def of(self, licence: str) -> RollingRow | None:
        for row in self.rows:
            if row.licence == licence:
                return RollingRow(row)
        return None

    def series(self, series: int, limit: int) -> list[RollingRow]:
        return [RollingRow(r) for r in self.rows if r.series == series][:limit]


@dataclass(frozen=True)
class RollingRow:
    """A licensee's rolling figures, read by the pages like a stored standing."""

    row: ClassifiedRow

    @property
    def licence(self) -> str:
        return self.row.licence

    @property
    def series(self) -> int:
        return self.row.series

    @property
    def tier(self) -> str:
        return self.row.tier

    @property
    def order(self) -> int:
        return self.row.order

    @property
    def label(self) -> str:
        return f"S{self.row.series}{self.row.tier}"

    @property
    def pp4(self) -> int:
        return self.row.pp4

    @property
    def points(self) -> int:
        return self.row.points

    @property
    def pct_s1_shown(self) -> str:
        return number_format(100 * self.row.pct[0], 2)  # the language's decimal separator

    @property
    def pct_s2_shown(self) -> str:
        return number_format(100 * self.row.pct[1], 2)  # the language's decimal separator

    @property
    def pct_s3_shown(self) -> str:
        return number_format(100 * self.row.pct[2], 2)  # the language's decimal separator


def display_day(season: Season, today: dt.date | None = None) -> dt.date | None:
    """The day the rolling figures of ``season`` are shown on: today, kept inside the
    season (1 September to 31 August); None for a closed season, whose end-of-season
    classification is final."""
    if season.closed:
        return None
    today = today or timezone.localdate()
    first, last = dt.date(season.year, 9, 1), dt.date(season.year + 1, 8, 31)
    return min(max(today, first), last)


_CACHE: dict[tuple[int, object, dt.date], Rolling] = {}
_LOCK = threading.Lock()
_KEPT = 4


def rolling(season: Season, day: dt.date) -> Rolling:
    """The rolling classification of ``season`` on ``day`` (B.1): the events of the year
    ending on ``day`` from this season and the one before, last season's figures as the
    reliquats. Kept until the season's next recompute."""
    key = (season.pk, season.computed_at, day)
    with _LOCK:
        found = _CACHE.get(key)
    if found is not None:
        return found
    events = engine_events(season)
    before = Season.objects.filter(year=season.year - 1).first()
    if before is not None:
        events = engine_events(before) + events
    result = compute_season(
        engine_licensees(),
        events,
        previous_figures(season),
        settings_of(season),
        season=season.year,
        as_of=day,
    )
    made = Rolling(day, tuple(result.classification()))
    with _LOCK:
        if len(_CACHE) >= _KEPT:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = made
    return made
