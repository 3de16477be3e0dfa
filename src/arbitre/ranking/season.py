"""A season: accumulation, quota correction, yearly decay, reliquats (seed 002, A.1, A.5, B).

The season runs from 1 September to 31 August (seed 002, A.1); a season is named by the year
it starts in (2013 for 2013-2014).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

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
    """
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
    per_player: dict[str, list[tuple[EventScore, EntryScore]]] = {}
    for es in scored:
        for sc in es.scores:
            who = sc.entry.licence
            if who in people and people[who].affiliated:
                per_player.setdefault(who, []).append((es, sc))

    this_season = {
        id(es) for es in scored if es.event.date is None or season_of(es.event.date) == season
    }
    result = SeasonResult(season, settings, scored)
    candidates: list[Candidate] = []
    for lic, person in people.items():
        if not person.affiliated:
            result.out_of_ranking.append(lic)
            continue
        rows = per_player.get(lic, [])
        rel = prev.get(lic)
        source = "previous" if rel is not None else "none"
        if rel is None and person.first_season < season and person.series <= 6:
            rel = floors.get(person.series)
            source = "series floor" if rel is not None else "none"
        rel = rel or Reliquat(lic)

        points = doubled = pp4_t = 0
        nums = [0.0, 0.0, 0.0, 0.0]
        dens = [0.0, 0.0, 0.0, 0.0]
        seen = [False, False, False, False]
        for es, sc in rows:
            _, _, pts, p4, figs = sc
            if as_of is not None and id(es) not in this_season:
                pts = p4 = 0  # rolling display: points and PP4 are those of this season
            points += pts
            pp4_t += p4
            if (
                person.overseas
                and es.event.overseas
                and es.event.type.code in OVERSEAS_DOUBLED_TYPES
            ):
                doubled += pts
            for k, pct, _, _, w, bonus in figs:
                seen[k] = True
                if pct is None:
                    nums[k] += bonus
                else:
                    nums[k] += pct * w + bonus
                dens[k] += w + bonus
        if as_of is None:
            points_final = decay(points + doubled, rel.points)
            pp4_final = decay_tenths(pp4_t, rel.pp4)
        else:
            points_final = points + doubled + rel.points
            pp4_final = (pp4_t + 10 * rel.pp4) // 10

        totals = []
        for s in PCT_SERIES:
            num, weight = nums[s], dens[s]
            prev_pct = rel.pct[s - 1]
            if not seen[s] and prev_pct == 0.0:
                continue
            quota = settings.quotas[s - 1]
            divisor = max(weight, quota)
            season_pct = num / divisor if divisor > 0 else 0.0
            final = 0.75 * season_pct + 0.25 * prev_pct
            totals.append(PctTotal(s, num, weight, divisor, season_pct, prev_pct, final))

        ps = PlayerSeason(
            person,
            tuple(rows),
            points,
            doubled,
            rel.points,
            points_final,
            pp4_t,
            rel.pp4,
            pp4_final,
            tuple(totals),
            source,
        )
        result.players[lic] = ps
        candidates.append(
            Candidate(
                licence=lic,
                series=person.series,
                pct=(ps.pct_final(1), ps.pct_final(2), ps.pct_final(3)),
                pp4=pp4_final,
                points=points_final,
                highest_series=person.highest_series,
                s1_for_life=person.s1_for_life,
                beginner=person.first_season == season and person.after_festival,
            )
        )

    placements = classify(candidates, settings)
    for lic, placement in placements.items():
        old = result.players[lic]
        result.players[lic] = PlayerSeason(**{**old.__dict__, "placement": placement})
    return result


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
