"""A season: accumulation, quota correction, yearly decay, reliquats (seed 002, A.1, A.5, B).

The season runs from 1 September to 31 August (seed 002, A.1); a season is named by the year
it starts in (2013 for 2013-2014).
"""

from __future__ import annotations

import datetime as dt
import gc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import repeat
from operator import itemgetter
from typing import Any, NamedTuple, TypeVar, overload

import numpy as np
import numpy.typing as npt

from arbitre.ranking.classification import (
    Candidates,
    Placement,
    Placements,
    Settings,
    classify_columns,
)
from arbitre.ranking.events import (
    PCT_SERIES,
    BoolArray,
    EntryScore,
    Event,
    EventColumns,
    EventScore,
    FloatArray,
    IntArray,
    RankingError,
    score_columns,
)

MESSAGE_CODES = frozenset(
    f"ranking.season.{name}"
    for name in (
        "no_licence",
        "series",
        "highest_series",
        "unknown_season",
        "outside_season",
        "licensee_twice",
        "previous_twice",
        "not_affiliated",
        "not_licensee",
    )
)
"""Refusals of a season's input (``ranking.season.*``; the reference path raises them too)."""

OVERSEAS_DOUBLED_TYPES = frozenset({"TH", "CENTRES"})
"""Overseas-specific events whose points are doubled for overseas residents (seed 002, A.5)."""
FEDERAL_WEEKS_TYPES = frozenset({"SF"})
"""The Semaines fédérales simultanés, whose season weight is capped (seed 002, B.1)."""


def season_of(day: dt.date) -> int:
    """The season (its starting year) a date belongs to: 1 September to 31 August."""
    return day.year if day.month >= 9 else day.year - 1


@dataclass(frozen=True)
class Licensee:
    """A licensed (or formerly licensed) player as the federation's file describes them."""

    licence: str
    name: str = ""
    series: int = 7
    tier: str = ""
    first_season: int = 0  # season of the first affiliation (starting year)
    highest_series: int = 7  # best series ever held (lifetime descent limits, A.1)
    overseas: bool = False  # licensed overseas and living there (A.5)
    affiliated: bool = True  # licensed this season; otherwise out of the ranking (A.1)
    after_festival: bool = False  # first affiliation after the summer festival (A.1)
    s1_for_life: bool = False  # super-series once, or S1A with a %S1 above 50% (A.1)

    def __post_init__(self) -> None:
        if not self.licence:
            raise RankingError.of("season.no_licence", name=self.name)
        if not 1 <= self.series <= 7:
            raise RankingError.of("season.series", licence=self.licence, series=self.series)
        if not 1 <= self.highest_series <= 7:
            raise RankingError.of(
                "season.highest_series", licence=self.licence, series=self.highest_series
            )


@dataclass(frozen=True)
class Reliquat:
    """Last season's figures of one player, as carried into this season.

    ``pct`` holds last season's published %S1..%S3 (fractions 0-1), of which a quarter is
    inherited (seed 002, B.1); ``pp4`` and ``points`` are the balances left after last
    season's yearly decay (B.2, B.3.4).
    """

    licence: str
    series: int = 7
    tier: str = ""
    pct: tuple[float, float, float] = (0.0, 0.0, 0.0)
    pp4: int = 0
    points: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.series <= 7:
            raise RankingError.of("season.series", licence=self.licence, series=self.series)


_NO_RELIQUAT = Reliquat("")
"""The figures of a player with no reliquat: none (one value shared by all of them)."""


@dataclass(frozen=True)
class PctTotal:
    """A player's season %Sn: sums of NumSn' and PoidsSn', divisor and published figure."""

    series: int
    num: float
    weight: float
    divisor: float  # weight raised to the series' quota (B.1, 2)
    season: float  # num / divisor
    previous: float  # last season's published figure
    final: float  # 3/4 season + 1/4 previous (B.1)
    capped: float = 0.0  # weight of the federal weeks' simultanés above their cap (B.1)


@dataclass(frozen=True)
class PlayerSeason:
    """Everything the season gives one licensee, with the scores behind it."""

    licensee: Licensee
    scores: Sequence[tuple[EventScore, EntryScore]]
    points_season: int  # before overseas doubling
    points_doubled: int  # the part added by the overseas doubling (A.5)
    points_inherited: int
    points_final: int  # after the yearly decay
    pp4_season_tenths: int
    pp4_inherited: int
    pp4_final: int  # after the yearly decay
    pct: tuple[PctTotal, ...]
    reliquat_source: str  # "previous", "series floor" (returning/assimilated) or "none"
    placement: Placement | None = None

    def pct_final(self, series: int) -> float:
        for t in self.pct:
            if t.series == series:
                return t.final
        return 0.0


class ClassifiedRow(NamedTuple):
    """One line of the classification list: what it shows of a licensee, no explanation."""

    licence: str
    series: int
    tier: str
    order: int  # position in the whole classification
    pct: tuple[float, float, float]  # published %S1..%S3
    pp4: int  # after the yearly decay
    points: int  # after the yearly decay


@dataclass
class SeasonResult:
    """The season's figures and classification for every licensee.

    The fast path (:func:`compute_season`) keeps the figures as columns
    (:class:`SeasonColumns`): ``players`` and ``events`` then build a licensee's
    :class:`PlayerSeason` (with the scores behind it) or an event's :class:`EventScore` when
    it is first read, and :meth:`classification` gives the list without building any.
    """

    season: int
    settings: Settings
    events: Sequence[EventScore]
    players: Mapping[str, PlayerSeason] = field(default_factory=dict)
    out_of_ranking: list[str] = field(default_factory=list)  # licences not affiliated
    # licences of the events that the licensee file does not know, with their events' names:
    # they keep their places (n, Y, A_n) and earn nothing until matched (issue 20)
    unknown_licences: dict[str, list[str]] = field(default_factory=dict)
    columns: SeasonColumns | None = field(default=None, compare=False, repr=False)

    def ordered(self) -> list[PlayerSeason]:
        """Players in classification order: series, tier, then the series' criterion."""
        return sorted(
            (p for p in self.players.values() if p.placement is not None),
            key=lambda p: (p.placement.order if p.placement else 0, p.licensee.licence),
        )

    def classification(self) -> list[ClassifiedRow]:
        """The classified licensees in order, with their published figures."""
        if self.columns is not None:
            return self.columns.classification()
        return [
            ClassifiedRow(
                p.licensee.licence,
                p.placement.series,
                p.placement.tier,
                p.placement.order,
                (p.pct_final(1), p.pct_final(2), p.pct_final(3)),
                p.pp4_final,
                p.points_final,
            )
            for p in self.ordered()
            if p.placement is not None
        ]

    def placement(self, licence: str) -> Placement | None:
        """Where ``licence`` is classified (None: not classified)."""
        if self.columns is not None:
            return self.columns.placements.get(licence)
        player = self.players.get(licence)
        return None if player is None else player.placement

    def weight_totals(self, series: int) -> list[float]:
        """For each licensee of ``series`` during the season, the sum of the PoidsSn of their
        events' figures of that series (band or not, before any cap)."""
        if self.columns is not None:
            return self.columns.weight_totals(series)
        return [
            sum((f.weight for _, sc in p.scores for f in sc.pct if f.series == series), 0.0)
            for p in self.players.values()
            if p.licensee.series == series
        ]


class _EventScores(Sequence[EventScore]):
    """The events' :class:`EventScore`, each built from the columns when first read."""

    def __init__(self, columns: EventColumns) -> None:
        self._columns = columns
        self._built: list[EventScore | None] = [None] * len(columns.events)

    def __len__(self) -> int:
        return len(self._built)

    @overload
    def __getitem__(self, j: int) -> EventScore: ...

    @overload
    def __getitem__(self, j: slice) -> list[EventScore]: ...

    def __getitem__(self, j: int | slice) -> EventScore | list[EventScore]:
        if isinstance(j, slice):
            return [self[k] for k in range(len(self))[j]]
        j = range(len(self))[j]
        built = self._built[j]
        if built is None:
            built = self._built[j] = self._columns.score(j)
        return built

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


class _Players(Mapping[str, PlayerSeason]):
    """The licensees' :class:`PlayerSeason`, each built from the columns when first read."""

    def __init__(self, columns: SeasonColumns) -> None:
        self._columns = columns
        self._built: dict[str, PlayerSeason] = {}

    def __getitem__(self, licence: str) -> PlayerSeason:
        built = self._built.get(licence)
        if built is None:
            built = self._built[licence] = self._columns.player(self._columns.index[licence])
        return built

    def __contains__(self, licence: object) -> bool:
        return licence in self._columns.index

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns.index)

    def __len__(self) -> int:
        return len(self._columns.index)

    def __repr__(self) -> str:
        return repr(dict(self))


class _PlayerScores(Sequence[tuple[EventScore, EntryScore]]):
    """A licensee's scores, built when first read."""

    def __init__(self, columns: SeasonColumns, i: int) -> None:
        self._columns = columns
        self._i = i
        self._built: tuple[tuple[EventScore, EntryScore], ...] | None = None

    def _all(self) -> tuple[tuple[EventScore, EntryScore], ...]:
        if self._built is None:
            self._built = self._columns.scores_of(self._i)
        return self._built

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, k: int) -> tuple[EventScore, EntryScore]: ...

    @overload
    def __getitem__(self, k: slice) -> tuple[tuple[EventScore, EntryScore], ...]: ...

    def __getitem__(
        self, k: int | slice
    ) -> tuple[EventScore, EntryScore] | tuple[tuple[EventScore, EntryScore], ...]:
        return self._all()[k]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return self._all() == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._all())


@dataclass(eq=False)
class SeasonColumns:
    """The season's figures as columns, a value per ranked licensee (index of ``ranked``);
    the %Sn arrays are indexed by series 1-3 first (row 0 unused)."""

    events: EventColumns
    scores: _EventScores
    ranked: list[Licensee]
    index: dict[str, int]
    owner: IntArray  # the ranked licensee of each result row (len(ranked): none)
    reliquats: list[Reliquat]
    sources: list[str]
    points: list[int]
    doubled: list[int]
    points_final: list[int]
    pp4_tenths: list[int]
    pp4_final: list[int]
    num: FloatArray
    weight: FloatArray
    divisor: FloatArray
    season_pct: FloatArray
    final: FloatArray
    capped: FloatArray
    shown: BoolArray  # the licensee has a %Sn of the series (figures, or last season's)
    raw_weight: FloatArray  # sum of PoidsSn of the licensee's figures, before any cap
    placements: Placements
    _rows: tuple[list[int], list[int]] | None = None
    _totals: list[list[list[Any]]] | None = None

    def rows_of(self, i: int) -> list[int]:
        """The result rows of licensee ``i``, in the events' order."""
        if self._rows is None:
            by_owner = np.argsort(self.owner, kind="stable")
            bounds = np.searchsorted(self.owner[by_owner], np.arange(len(self.ranked) + 1))
            self._rows = by_owner.tolist(), bounds.tolist()
        rows, ends = self._rows
        return rows[ends[i] : ends[i + 1]]

    def player(self, i: int) -> PlayerSeason:
        """Licensee ``i``'s :class:`PlayerSeason`, with every score behind it."""
        person = self.ranked[i]
        rel = self.reliquats[i]
        if self._totals is None:
            self._totals = [
                a.tolist()
                for a in (self.num, self.weight, self.divisor, self.season_pct, self.final)
            ] + [self.capped.tolist(), self.shown.tolist()]
        num, weight, divisor, season_pct, final, capped, shown = self._totals
        totals = tuple(
            PctTotal(
                s,
                num[s][i],
                weight[s][i],
                divisor[s][i],
                season_pct[s][i],
                rel.pct[s - 1],
                final[s][i],
                capped[s][i],
            )
            for s in PCT_SERIES
            if shown[s][i]
        )
        return PlayerSeason(
            person,
            _PlayerScores(self, i),
            self.points[i],
            self.doubled[i],
            rel.points,
            self.points_final[i],
            self.pp4_tenths[i],
            rel.pp4,
            self.pp4_final[i],
            totals,
            self.sources[i],
            self.placements.at(i),
        )

    def scores_of(self, i: int) -> tuple[tuple[EventScore, EntryScore], ...]:
        """Licensee ``i``'s scores: each of their events, and their row in it."""
        starts = self.events.starts
        event_of = self.events.event_of
        scores = []
        for r in self.rows_of(i):
            j = int(event_of[r])
            es = self.scores[j]
            scores.append((es, es.scores[r - starts[j]]))
        return tuple(scores)

    def classification(self) -> list[ClassifiedRow]:
        with collector_paused():
            return self._classification()

    def _classification(self) -> list[ClassifiedRow]:
        pl = self.placements
        finals = self.final.tolist()
        rows = [
            ClassifiedRow(lic, pl.series[i], pl.tier[i], pl.order[i], pct, pp4, points)
            for lic, i, pct, pp4, points in zip(
                self.index,
                range(len(self.ranked)),
                zip(finals[1], finals[2], finals[3], strict=True),
                self.pp4_final,
                self.points_final,
                strict=True,
            )
        ]
        rows.sort(key=itemgetter(3, 0))
        return rows

    def weight_totals(self, series: int) -> list[float]:
        totals = self.raw_weight[series].tolist()
        return [totals[i] for i, p in enumerate(self.ranked) if p.series == series]


_Count = TypeVar("_Count", int, IntArray)


def decay(season: _Count, inherited: _Count) -> _Count:
    """Yearly decay: a third off this season's, two thirds off inherited, rounded down.

    Seed 002, B.2 and B.3.4: floor(2/3 x season + 1/3 x inherited).
    """
    return (2 * season + inherited) // 3


def decay_tenths(season_tenths: _Count, inherited: _Count) -> _Count:
    """The decay for PP4 counted in tenths; the result is a whole number of PP4."""
    return (2 * season_tenths + 10 * inherited) // 30


def _floor_reliquats(previous: Iterable[Reliquat]) -> dict[int, Reliquat]:
    """The last player of each series in last season's list (seed 002, A.1 and B.1)."""

    def criterion(r: Reliquat) -> float:
        if r.series <= 3:
            return r.pct[r.series - 1]
        if r.series == 4:
            return r.pp4
        return r.points

    last: dict[int, Reliquat] = {}
    for r in previous:
        if r.series > 6:
            continue
        cur = last.get(r.series)
        if cur is None or criterion(r) < criterion(cur):
            last[r.series] = r
    return last


def compute_season(
    licensees: Iterable[Licensee],
    events: Iterable[Event],
    previous: Iterable[Reliquat] = (),
    settings: Settings | None = None,
    season: int | None = None,
    as_of: dt.date | None = None,
) -> SeasonResult:
    """Compute the season's figures and the end-of-season classification.

    ``season`` defaults to the season of the events' dates. With ``as_of``, the result is
    the display during the season (seed 002 B.1, "Affichage en cours de saison"): %Sn over
    the events of the year ending on ``as_of`` (3/4, plus 1/4 of last season's), PP4 and
    points of this season up to ``as_of`` added to the inherited ones, without decay; the
    classification is then a provisional one.

    The figures are kept as columns (:class:`SeasonColumns`); a licensee's
    :class:`PlayerSeason` and an event's :class:`EventScore` are built when first read. The
    season still builds lists of some hundred thousand values from the result rows, and no
    reference cycle, so the cyclic garbage collector is paused while it runs: otherwise
    CPython's generational collector walks every live object of the process (the events, the
    previous result, a web server's heap) several times per season (issue 23, part 5).
    """
    with collector_paused():
        return _compute_season(licensees, events, previous, settings, season, as_of)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector (reference counting still frees everything else),
    and restore its state after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _compute_season(
    licensees: Iterable[Licensee],
    events: Iterable[Event],
    previous: Iterable[Reliquat],
    settings: Settings | None,
    season: int | None,
    as_of: dt.date | None,
) -> SeasonResult:
    """The body of :func:`compute_season`, run with the cyclic collector paused."""
    settings = settings or Settings()
    events = list(events)
    if season is None:
        dated = [e.date for e in events if e.date is not None]
        if as_of is not None:
            season = season_of(as_of)
        elif dated:
            season = season_of(min(dated))
        else:
            raise RankingError.of("season.unknown_season")
    if as_of is not None:
        start = as_of - dt.timedelta(days=365)
        events = [e for e in events if e.date is None or start < e.date <= as_of]
    else:
        for e in events:
            if e.date is not None and season_of(e.date) != season:
                raise RankingError.of(
                    "season.outside_season",
                    event=e.name,
                    date=e.date.isoformat(),
                    season=f"{season}-{season + 1}",
                )

    people: dict[str, Licensee] = {}
    for person in licensees:
        if person.licence in people:
            raise RankingError.of("season.licensee_twice", licence=person.licence)
        people[person.licence] = person
    prev: dict[str, Reliquat] = {}
    for r in previous:
        if r.licence in prev:
            raise RankingError.of("season.previous_twice", licence=r.licence)
        prev[r.licence] = r
    floors = _floor_reliquats(prev.values())

    # the fast path (issue 23, part 5): every event's figures computed together as columns
    # (:func:`score_columns`); every affiliated licensee gets an index, and the rows are added
    # to per-index sums at once (``np.bincount`` adds a bin's values in the rows' order, the
    # events' order, so each player's sums take the same additions in the same order as the
    # reference); the season's figures are columns too, and a licensee's PlayerSeason is
    # built only when read. ``reference.compute_season_reference`` is the plain reading held
    # equal to it.
    columns = score_columns(events)
    index: dict[str, int] = {}
    ranked: list[Licensee] = []
    out_of_ranking = []
    for lic, person in people.items():
        if person.affiliated:
            index[lic] = len(ranked)
            ranked.append(person)
        else:
            out_of_ranking.append(lic)
    count = len(ranked)
    entries = columns.entries
    licences = list(map(itemgetter(1), entries))
    owner = np.fromiter(map(index.get, licences, repeat(count)), np.int64, len(entries))
    unknown: dict[str, list[str]] = {}
    for row in np.flatnonzero(owner == count).tolist():
        who = licences[row]
        if who and who not in people:
            unknown.setdefault(who, []).append(columns.events[columns.event_of[row]].name)

    def total(values: npt.NDArray[np.float64] | npt.NDArray[np.int64]) -> FloatArray:
        """Each licensee's sum of ``values`` over their rows (the last bin: no licensee)."""
        sums = np.bincount(owner, weights=values, minlength=count + 1)
        return sums[:count].astype(np.float64)

    event_of = columns.event_of
    # rolling display: points and PP4 are those of this season
    this_season = np.array(
        [as_of is None or e.date is None or season_of(e.date) == season for e in events], bool
    )[event_of]
    doubled_event = np.array(
        [e.overseas and e.type.code in OVERSEAS_DOUBLED_TYPES for e in events], bool
    )[event_of]
    federal_week = np.array([e.type.code in FEDERAL_WEEKS_TYPES for e in events], bool)[event_of]
    row_points = np.where(this_season, columns.points, 0)
    points = total(row_points).astype(np.int64)
    overseas = np.array([p.overseas for p in ranked], bool)
    doubled = np.where(overseas, total(np.where(doubled_event, row_points, 0)), 0).astype(np.int64)
    pp4_t = total(np.where(this_season, columns.pp4_tenths, 0)).astype(np.int64)

    reliquats: list[Reliquat] = []
    sources: list[str] = []
    for person in ranked:
        rel = prev.get(person.licence)
        source = "previous" if rel is not None else "none"
        if rel is None and person.first_season < season and person.series <= 6:
            rel = floors.get(person.series)
            source = "series floor" if rel is not None else "none"
        reliquats.append(rel or _NO_RELIQUAT)
        sources.append(source)
    rel_points = np.array([r.points for r in reliquats], np.int64)
    rel_pp4 = np.array([r.pp4 for r in reliquats], np.int64)
    rel_pct = np.array([(0.0, *r.pct) for r in reliquats]).reshape(count, 4).T
    if as_of is None:
        points_final = decay(points + doubled, rel_points)
        pp4_final = decay_tenths(pp4_t, rel_pp4)
    else:
        points_final = points + doubled + rel_points
        pp4_final = (pp4_t + 10 * rel_pp4) // 10

    shape = (4, count)
    num, weight, capped = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    shown = np.zeros(shape, bool)
    raw_weight = np.zeros(shape)
    plain = ~federal_week
    for s in PCT_SERIES:
        has = columns.has[s]
        w = columns.weight[s][event_of]
        bonus = columns.bonus[s]
        row_num = np.where(
            has, np.where(columns.in_band[s], columns.pct[s] * w + bonus, bonus), 0.0
        )
        row_den = np.where(has, w + bonus, 0.0)
        row_raw = np.where(has, w, 0.0)
        num[s], weight[s], capped[s] = _federal_weeks_cap(
            s,
            total(np.where(plain, row_num, 0.0)),
            total(np.where(plain, row_den, 0.0)),
            total(np.where(federal_week, row_num, 0.0)),
            total(np.where(federal_week, row_den, 0.0)),
            total(np.where(federal_week, row_raw, 0.0)),
            settings,
        )
        shown[s] = (total(has.astype(np.int64)) > 0) | (rel_pct[s] != 0.0)
        raw_weight[s] = total(row_raw)
    quotas = np.array([0.0, *settings.quotas])[:, None]
    divisor = np.maximum(weight, quotas)  # the weight raised to the series' quota (B.1, 2)
    season_pct = np.divide(num, divisor, out=np.zeros(shape), where=divisor > 0)
    final = np.where(shown, 0.75 * season_pct + 0.25 * rel_pct, 0.0)  # B.1: 3/4 + 1/4
    finals = final.tolist()
    points_of = points_final.tolist()
    pp4_of = pp4_final.tolist()

    candidates = Candidates(
        list(index),
        [p.series for p in ranked],
        (finals[1], finals[2], finals[3]),
        pp4_of,
        points_of,
        [p.highest_series for p in ranked],
        [p.s1_for_life for p in ranked],
        [p.first_season == season and p.after_festival for p in ranked],
    )
    table = SeasonColumns(
        columns,
        _EventScores(columns),
        ranked,
        index,
        owner,
        reliquats,
        sources,
        points.tolist(),
        doubled.tolist(),
        points_of,
        pp4_t.tolist(),
        pp4_of,
        num,
        weight,
        divisor,
        season_pct,
        final,
        capped,
        shown,
        raw_weight,
        classify_columns(candidates, settings),
    )
    return SeasonResult(
        season,
        settings,
        table.scores,
        _Players(table),
        out_of_ranking,
        unknown,
        table,
    )


def _federal_weeks_cap(
    series: int,
    num: FloatArray,
    den: FloatArray,
    fw_num: FloatArray,
    fw_den: FloatArray,
    fw_raw: FloatArray,
    settings: Settings,
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Add the federal weeks' simultanés to the players' %Sn sums, their weight capped for
    the season (seed 002, B.1: "le poids global des simultanés des Semaines Fédérales sur une
    saison est plafonné"). Above the cap, their numerator and weight are scaled down by
    cap / weight, which keeps the player's percentage over them. Returns the sums and the
    weight taken off."""
    cap = None if settings.federal_weeks_cap is None else settings.federal_weeks_cap[series - 1]
    if cap is None:
        return num + fw_num, den + fw_den, np.zeros_like(num)
    over = fw_raw > cap
    factor = np.divide(cap, fw_raw, out=np.ones_like(fw_raw), where=over)
    return (
        np.where(over, num + fw_num * factor, num + fw_num),
        np.where(over, den + fw_den * factor, den + fw_den),
        np.where(over, fw_den - fw_den * factor, 0.0),
    )


def derive_quotas(result: SeasonResult) -> tuple[float, float, float]:
    """Next season's %S1-%S3 divisor quotas from this season (seed 002, B.1, 2): for each
    series, "la somme des poids PoidsSn des épreuves disputées par 3/4 des joueurs de la série
    considérée": the season's PoidsSn total that three quarters of the series' players
    reached (their series during the season, every affiliated licensee of it counted, its
    events outside the band included). A series without players keeps this season's quota."""
    quotas = list(result.settings.quotas)
    for n in PCT_SERIES:
        totals = sorted(result.weight_totals(n), reverse=True)
        if totals:
            reached_by = -(-3 * len(totals) // 4)  # three quarters, rounded up
            quotas[n - 1] = totals[reached_by - 1]
    return quotas[0], quotas[1], quotas[2]


def carry_floors(result: SeasonResult, licensees: Iterable[Licensee]) -> list[Licensee]:
    """Next season's licensees with what this season's classification decided (seed 002,
    A.1): their series and tier, the best series ever held and "S1 for life", which hold for
    life whatever the next file says. A licensee this season did not classify (not
    affiliated, or new) is kept as the file gives them; a player back after an interruption
    is classified "dans la série qu'ils auraient occupée ... au palier le plus bas": their
    series from the file, in its lowest tier (B for S1-S3, D for S4-S6)."""
    out = []
    for person in licensees:
        pl = result.placement(person.licence)
        if pl is None:
            if person.licence in result.out_of_ranking and person.series <= 6:
                person = replace(person, tier="B" if person.series <= 3 else "D")
            out.append(person)
            continue
        highest = min(person.highest_series, pl.highest_series)  # never above pl.series
        out.append(
            replace(
                person,
                series=pl.series,
                tier=pl.tier,
                highest_series=1 if person.s1_for_life or pl.s1_for_life else highest,
                s1_for_life=person.s1_for_life or pl.s1_for_life,
            )
        )
    return out


def next_reliquats(result: SeasonResult) -> list[Reliquat]:
    """This season's figures as next season's previous-season input."""
    return [
        Reliquat(row.licence, row.series, row.tier, row.pct, row.pp4, row.points)
        for row in result.classification()
    ]


def player_rows(result: SeasonResult, licences: Sequence[str]) -> list[PlayerSeason]:
    """The players of ``licences``, or a :class:`RankingError` naming an unknown one."""
    out = []
    for lic in licences:
        if lic in result.out_of_ranking:
            raise RankingError.of("season.not_affiliated", licence=lic)
        if lic not in result.players:
            raise RankingError.of("season.not_licensee", licence=lic)
        out.append(result.players[lic])
    return out
