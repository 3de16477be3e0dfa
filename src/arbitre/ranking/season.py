"""A season: accumulation, quota correction, yearly decay, reliquats (seed 002, A.1, A.5, B).

The season runs from 1 September to 31 August (seed 002, A.1); a season is named by the year
it starts in (2013 for 2013-2014).
"""

from __future__ import annotations

import datetime as dt
import gc
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import repeat
from operator import itemgetter

import numpy as np

from arbitre.ranking.classification import Candidate, Placement, Settings, classify
from arbitre.ranking.events import (
    PCT_SERIES,
    EntryScore,
    Event,
    EventScore,
    RankingError,
    score_event,
)

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
            raise RankingError("a licensee needs a licence number")
        if not 1 <= self.series <= 7:
            raise RankingError(f"licence {self.licence}: series {self.series} not in 1-7")
        if not 1 <= self.highest_series <= 7:
            raise RankingError(
                f"licence {self.licence}: highest series {self.highest_series} not in 1-7"
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
            raise RankingError(f"licence {self.licence}: series {self.series} not in 1-7")


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
    scores: tuple[tuple[EventScore, EntryScore], ...]
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


@dataclass
class SeasonResult:
    """The season's figures and classification for every licensee."""

    season: int
    settings: Settings
    events: list[EventScore]
    players: dict[str, PlayerSeason] = field(default_factory=dict)
    out_of_ranking: list[str] = field(default_factory=list)  # licences not affiliated
    # licences of the events that the licensee file does not know, with their events' names:
    # they keep their places (n, Y, A_n) and earn nothing until matched (issue 20)
    unknown_licences: dict[str, list[str]] = field(default_factory=dict)

    def ordered(self) -> list[PlayerSeason]:
        """Players in classification order: series, tier, then the series' criterion."""
        return sorted(
            (p for p in self.players.values() if p.placement is not None),
            key=lambda p: (p.placement.order if p.placement else 0, p.licensee.licence),
        )


def decay(season: int, inherited: int) -> int:
    """Yearly decay: a third off this season's, two thirds off inherited, rounded down.

    Seed 002, B.2 and B.3.4: floor(2/3 x season + 1/3 x inherited).
    """
    return (2 * season + inherited) // 3


def decay_tenths(season_tenths: int, inherited: int) -> int:
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


_Figures = tuple[
    tuple[tuple[EventScore, EntryScore], ...],
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    tuple[PctTotal, ...],
    str,
]
"""A :class:`PlayerSeason`'s fields between its licensee and its placement."""


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

    The season allocates some hundred thousand objects that live as long as the result (a
    score per result row) and no reference cycle, so the cyclic garbage collector is paused
    while it runs: otherwise CPython's generational collector walks every live object of the
    process (the events, the previous result, a web server's heap) several times per season,
    which measured 30-60% of the time (issue 23, part 5).
    """
    with _collector_paused():
        return _compute_season(licensees, events, previous, settings, season, as_of)


@contextmanager
def _collector_paused() -> Iterator[None]:
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
            raise RankingError("the season is unknown: give it or date the events")
    if as_of is not None:
        start = as_of - dt.timedelta(days=365)
        events = [e for e in events if e.date is None or start < e.date <= as_of]
    else:
        for e in events:
            if e.date is not None and season_of(e.date) != season:
                raise RankingError(
                    f"event {e.name!r} dated {e.date} is outside season {season}-{season + 1}"
                )

    people: dict[str, Licensee] = {}
    for person in licensees:
        if person.licence in people:
            raise RankingError(f"licence {person.licence} appears twice in the licensees")
        people[person.licence] = person
    prev: dict[str, Reliquat] = {}
    for r in previous:
        if r.licence in prev:
            raise RankingError(f"licence {r.licence} appears twice in the previous season")
        prev[r.licence] = r
    floors = _floor_reliquats(prev.values())

    scored = [score_event(e) for e in events]
    result = SeasonResult(season, settings, scored)
    # the fast path (issue 23, part 5): every affiliated licensee gets an index, and each
    # event's rows are added to per-index sums at once (numpy, one row per player and event, so
    # each player's sums take the same additions in the same order as the reference); each
    # distinct tuple of %Sn figures is read once (players below the bands share one); each
    # player's season is built once. ``reference.compute_season_reference`` is the plain
    # reading held equal to it.
    index: dict[str, int] = {}
    ranked: list[Licensee] = []
    for lic, person in people.items():
        if person.affiliated:
            index[lic] = len(ranked)
            ranked.append(person)
        else:
            result.out_of_ranking.append(lic)
    count = len(ranked)
    slots = count + 1  # the last slot takes the rows of no ranked licensee, and is dropped
    points = np.zeros(slots, np.int64)
    overseas_points = np.zeros(slots, np.int64)  # points of events doubled overseas (A.5)
    pp4_t = np.zeros(slots, np.int64)
    # %Sn sums by series (index 1-3), the federal weeks' simultanés apart (B.1 cap)
    nums = np.zeros((4, slots))
    dens = np.zeros((4, slots))
    fw_nums = np.zeros((4, slots))
    fw_dens = np.zeros((4, slots))
    fw_raw = np.zeros((4, slots))
    seen = np.zeros((4, slots), bool)
    pairs: list[tuple[EventScore, EntryScore]] = []
    owners: list[int] = []
    unknown = result.unknown_licences
    for es in scored:
        event = es.event
        scores = es.scores
        n = len(scores)
        ids = list(map(index.get, [e.licence for e in event.entries], repeat(count, n)))
        if count in ids:
            for who, i in zip((e.licence for e in event.entries), ids, strict=True):
                if i == count and who and who not in people:
                    unknown.setdefault(who, []).append(event.name)
        pairs.extend(zip(repeat(es, n), scores, strict=True))
        owners.extend(ids)
        at = np.array(ids, np.intp)
        if as_of is None or event.date is None or season_of(event.date) == season:
            # (rolling display: points and PP4 are those of this season)
            pts = np.fromiter(map(itemgetter(2), scores), np.int64, n)
            points[at] += pts
            pp4_t[at] += np.fromiter(map(itemgetter(3), scores), np.int64, n)
            if event.overseas and event.type.code in OVERSEAS_DOUBLED_TYPES:
                overseas_points[at] += pts
        figures_of = list(map(itemgetter(4), scores))
        distinct = dict(zip(map(id, figures_of), figures_of, strict=True))
        position = dict(zip(distinct, range(len(distinct)), strict=True))
        which = np.fromiter(map(position.__getitem__, map(id, figures_of)), np.intp, n)
        add_num = [[0.0] * len(distinct) for _ in range(4)]
        add_den = [[0.0] * len(distinct) for _ in range(4)]
        add_raw = [[0.0] * len(distinct) for _ in range(4)]
        add_seen = [[False] * len(distinct) for _ in range(4)]
        for p, figs in enumerate(distinct.values()):
            for k, pct, _, _, w, bonus in figs:
                add_seen[k][p] = True
                add_num[k][p] = bonus if pct is None else pct * w + bonus
                add_den[k][p] = w + bonus
                add_raw[k][p] = w
        federal_week = event.type.code in FEDERAL_WEEKS_TYPES
        num_of, den_of = (fw_nums, fw_dens) if federal_week else (nums, dens)
        for k in PCT_SERIES:
            # a row without a figure of series k adds 0.0, which leaves a sum unchanged
            num_of[k][at] += np.array(add_num[k])[which]
            den_of[k][at] += np.array(add_den[k])[which]
            seen[k][at] |= np.array(add_seen[k])[which]
            if federal_week:
                fw_raw[k][at] += np.array(add_raw[k])[which]

    # each player's rows, in the events' order
    order = np.argsort(np.array(owners, np.intp), kind="stable")
    starts = np.searchsorted(np.array(owners, np.intp)[order], np.arange(slots)).tolist()
    rows = list(map(pairs.__getitem__, order.tolist()))
    points_of = points.tolist()
    overseas_of = overseas_points.tolist()
    pp4_of = pp4_t.tolist()
    num_sums, den_sums = nums.tolist(), dens.tolist()
    fw_num_sums, fw_den_sums, fw_raw_sums = fw_nums.tolist(), fw_dens.tolist(), fw_raw.tolist()
    seen_in = seen.tolist()

    built: list[tuple[Licensee, _Figures]] = []
    candidates: list[Candidate] = []
    for i, person in enumerate(ranked):
        lic = person.licence
        rel = prev.get(lic)
        source = "previous" if rel is not None else "none"
        if rel is None and person.first_season < season and person.series <= 6:
            rel = floors.get(person.series)
            source = "series floor" if rel is not None else "none"
        rel = rel or _NO_RELIQUAT

        doubled_points = overseas_of[i] if person.overseas else 0
        if as_of is None:
            points_final = decay(points_of[i] + doubled_points, rel.points)
            pp4_final = decay_tenths(pp4_of[i], rel.pp4)
        else:
            points_final = points_of[i] + doubled_points + rel.points
            pp4_final = (pp4_of[i] + 10 * rel.pp4) // 10

        totals = []
        finals = [0.0, 0.0, 0.0, 0.0]
        for s in PCT_SERIES:
            prev_pct = rel.pct[s - 1]
            if not seen_in[s][i] and prev_pct == 0.0:
                continue
            num, weight, capped = _federal_weeks_cap(
                s,
                num_sums[s][i],
                den_sums[s][i],
                fw_num_sums[s][i],
                fw_den_sums[s][i],
                fw_raw_sums[s][i],
                settings,
            )
            quota = settings.quotas[s - 1]
            divisor = max(weight, quota)
            season_pct = num / divisor if divisor > 0 else 0.0
            final = 0.75 * season_pct + 0.25 * prev_pct
            finals[s] = final
            totals.append(PctTotal(s, num, weight, divisor, season_pct, prev_pct, final, capped))

        built.append(
            (
                person,
                (
                    tuple(rows[starts[i] : starts[i + 1]]),
                    points_of[i],
                    doubled_points,
                    rel.points,
                    points_final,
                    pp4_of[i],
                    rel.pp4,
                    pp4_final,
                    tuple(totals),
                    source,
                ),
            )
        )
        candidates.append(
            Candidate(
                licence=lic,
                series=person.series,
                pct=(finals[1], finals[2], finals[3]),
                pp4=pp4_final,
                points=points_final,
                highest_series=person.highest_series,
                s1_for_life=person.s1_for_life,
                beginner=person.first_season == season and person.after_festival,
            )
        )

    placements = classify(candidates, settings)
    players = result.players
    for person, figures in built:
        players[person.licence] = PlayerSeason(
            person,
            *figures,
            placement=placements.get(person.licence),
        )
    return result


def _federal_weeks_cap(
    series: int,
    num: float,
    den: float,
    fw_num: float,
    fw_den: float,
    fw_raw: float,
    settings: Settings,
) -> tuple[float, float, float]:
    """Add the federal weeks' simultanés to a player's %Sn sums, their weight capped for the
    season (seed 002, B.1: "le poids global des simultanés des Semaines Fédérales sur une
    saison est plafonné"). Above the cap, their numerator and weight are scaled down by
    cap / weight, which keeps the player's percentage over them. Returns the sums and the
    weight taken off."""
    cap = None if settings.federal_weeks_cap is None else settings.federal_weeks_cap[series - 1]
    if cap is None or fw_raw <= cap:
        return num + fw_num, den + fw_den, 0.0
    factor = cap / fw_raw
    return num + fw_num * factor, den + fw_den * factor, fw_den - fw_den * factor


def derive_quotas(result: SeasonResult) -> tuple[float, float, float]:
    """Next season's %S1-%S3 divisor quotas from this season (seed 002, B.1, 2): for each
    series, "la somme des poids PoidsSn des épreuves disputées par 3/4 des joueurs de la série
    considérée": the season's PoidsSn total that three quarters of the series' players
    reached (their series during the season, every affiliated licensee of it counted, its
    events outside the band included). A series without players keeps this season's quota."""
    quotas = list(result.settings.quotas)
    for n in PCT_SERIES:
        totals = sorted(
            (
                sum(f.weight for _, sc in p.scores for f in sc.pct if f.series == n)
                for p in result.players.values()
                if p.licensee.series == n
            ),
            reverse=True,
        )
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
        ps = result.players.get(person.licence)
        pl = ps.placement if ps is not None else None
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
    out = []
    for p in result.ordered():
        assert p.placement is not None
        out.append(
            Reliquat(
                p.licensee.licence,
                p.placement.series,
                p.placement.tier,
                (p.pct_final(1), p.pct_final(2), p.pct_final(3)),
                p.pp4_final,
                p.points_final,
            )
        )
    return out


def player_rows(result: SeasonResult, licences: Sequence[str]) -> list[PlayerSeason]:
    """The players of ``licences``, or a :class:`RankingError` naming an unknown one."""
    out = []
    for lic in licences:
        if lic in result.out_of_ranking:
            raise RankingError(f"licence {lic} is not affiliated this season: out of the ranking")
        if lic not in result.players:
            raise RankingError(f"licence {lic} is not among the licensees")
        out.append(result.players[lic])
    return out
