"""The straightforward implementations of the season, of one event's figures and of the
classification (seed 002).

:func:`arbitre.ranking.season.compute_season`, :func:`arbitre.ranking.events.score_columns`
and :func:`arbitre.ranking.classification.classify_columns` are the fast paths (issue 23,
part 5: a season of 20,000 licensees in a second), which work on columns of figures; these
are the plain readings they were written from, kept beside them as the reference: the tests
hold the two equal on every fixture and on random seasons and classifications
(``tests/ranking``), and ``bench/bench_ranking.py`` measures both in the same run. They call
the same per-event rule functions (:func:`decay`, :func:`event_weight`, ...) and spell out
the per-row and per-licensee arithmetic in the most direct way: one object per figure, one
list of sums per player, one candidate at a time."""

from __future__ import annotations

import datetime as dt
import math
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence

from arbitre.ranking.classification import Candidate, Placement, Settings, quota_counts
from arbitre.ranking.events import (
    PCT_SERIES,
    EntryScore,
    Event,
    EventScore,
    PctFigure,
    PctRule,
    RankingError,
    _ceil_div,
    event_weight,
    pp4_coefficient,
    winner_points,
)
from arbitre.ranking.season import (
    FEDERAL_WEEKS_TYPES,
    OVERSEAS_DOUBLED_TYPES,
    Licensee,
    PctTotal,
    PlayerSeason,
    Reliquat,
    SeasonResult,
    _floor_reliquats,
    decay,
    decay_tenths,
    season_of,
)


def effective_places(places: Sequence[int]) -> list[int]:
    """Ex aequo share the better place: 1 + the number of strictly better given places.

    Works for both ``1,1,3`` and ``1,1,2`` conventions (seed 002, A.2.4 and B.3.3).
    """
    order = sorted(places)
    return [1 + bisect_left(order, p) for p in places]


def _federal_weeks_cap(
    series: int,
    num: float,
    den: float,
    fw_num: float,
    fw_den: float,
    fw_raw: float,
    settings: Settings,
) -> tuple[float, float, float]:
    """One player's %Sn sums with the federal weeks' simultanés added, their season weight
    capped (seed 002, B.1): above the cap, scaled down by cap / weight."""
    cap = None if settings.federal_weeks_cap is None else settings.federal_weeks_cap[series - 1]
    if cap is None or fw_raw <= cap:
        return num + fw_num, den + fw_den, 0.0
    factor = cap / fw_raw
    return num + fw_num * factor, den + fw_den * factor, fw_den - fw_den * factor


def score_event_reference(event: Event) -> EventScore:
    """The straightforward reading of seed 002 B.1-B.3 for one event, row by row: Compute M, m, PP4, the bands and %Sn with weights and bonuses for every player."""
    entries = event.entries
    places = effective_places([e.place for e in entries])
    n = len(entries)
    etype = event.type
    m_winner, d = winner_points(etype, event.games, n, event.overseas)

    coef, floor = pp4_coefficient(etype, event.games)
    y = sum(1 for e in entries if e.series <= 4)
    y_used = y
    if coef and floor is not None:
        y_used = max(y, _ceil_div(floor * 10, coef))

    present: dict[int, int] = {}
    weights: dict[int, float] = {}
    worst: dict[int, int] = {}
    sorted_places: dict[int, list[int]] = {}
    if etype.pct is not PctRule.NONE:
        for s in PCT_SERIES:
            ps = sorted(p for e, p in zip(entries, places, strict=True) if e.series == s)
            if ps:
                present[s] = len(ps)
                worst[s] = ps[-1]
                sorted_places[s] = ps
                weights[s] = event_weight(s, len(ps), event.games, etype)

    bands = [(s, present[s], worst[s], sorted_places[s], weights[s]) for s in present]
    # players below every band they could reach all share one tuple of zero-numerator figures
    outside: dict[int, tuple[PctFigure, ...]] = {}
    reach: dict[int, int] = {}
    for series in range(1, 8):
        mine = [b for b in bands if b[0] <= series]
        outside[series] = tuple(PctFigure(b[0], None, None, b[1], b[4], 0.0) for b in mine)
        reach[series] = max((b[2] for b in mine), default=0)
    m100 = m_winner * 100
    scores = []
    for e, place in zip(entries, places, strict=True):
        if d is None:
            points = -(-(m_winner * (n - place + 1)) // n)
        else:
            points = max(-(-(m100 - d * (place - 1)) // 100), 0)
        pp4 = coef * max(y_used - place + 1, 0) if coef else 0
        figures: tuple[PctFigure, ...] = ()
        if bands and place > reach[e.series]:
            figures = outside[e.series]
        elif bands:
            figs: list[PctFigure] = []
            bonus = 0.0
            series = e.series
            for s, a_n, last, ps, weight in bands:
                if s > series:
                    break
                # ruling 3 / B.1 (1): the bonus goes to the %Sn of the player's own series only
                own = bonus if s == series else 0.0
                if place <= last:
                    p_n = 1 + bisect_left(ps, place)
                    pct = (a_n - p_n + 1) / a_n
                    figs.append(PctFigure(s, pct, p_n, a_n, weight, own))
                    bonus += pct * weight
                else:
                    figs.append(PctFigure(s, None, None, a_n, weight, own))
            figures = tuple(figs)
        scores.append(EntryScore(e, place, points, pp4, figures))
    return EventScore(event, n, d, m_winner, y, y_used, coef, present, weights, tuple(scores))


def compute_season_reference(
    licensees: Iterable[Licensee],
    events: Iterable[Event],
    previous: Iterable[Reliquat] = (),
    settings: Settings | None = None,
    season: int | None = None,
    as_of: dt.date | None = None,
) -> SeasonResult:
    """The straightforward season, player by player: compute the season's figures and the end-of-season classification.

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

    scored = [score_event_reference(e) for e in events]
    per_player: dict[str, list[tuple[EventScore, EntryScore]]] = {}
    unknown: dict[str, list[str]] = {}
    for es in scored:
        for sc in es.scores:
            who = sc.entry.licence
            if who in people and people[who].affiliated:
                per_player.setdefault(who, []).append((es, sc))
            elif who and who not in people:
                unknown.setdefault(who, []).append(es.event.name)

    this_season = {
        id(es) for es in scored if es.event.date is None or season_of(es.event.date) == season
    }
    players: dict[str, PlayerSeason] = {}
    result = SeasonResult(season, settings, scored, players)
    result.unknown_licences = unknown
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
        # the federal weeks' simultanés apart: their season weight may be capped (B.1)
        fw_nums = [0.0, 0.0, 0.0, 0.0]
        fw_dens = [0.0, 0.0, 0.0, 0.0]
        fw_raw = [0.0, 0.0, 0.0, 0.0]
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
            federal_week = es.event.type.code in FEDERAL_WEEKS_TYPES
            for k, pct, _, _, w, bonus in figs:
                seen[k] = True
                num_k = bonus if pct is None else pct * w + bonus
                if federal_week:
                    fw_nums[k] += num_k
                    fw_dens[k] += w + bonus
                    fw_raw[k] += w
                else:
                    nums[k] += num_k
                    dens[k] += w + bonus
        capped = [0.0, 0.0, 0.0, 0.0]
        for k in PCT_SERIES:
            nums[k], dens[k], capped[k] = _federal_weeks_cap(
                k, nums[k], dens[k], fw_nums[k], fw_dens[k], fw_raw[k], settings
            )
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
            quota = float(settings.quotas[s - 1])  # a divisor is a float, whatever the quota
            divisor = max(weight, quota)
            season_pct = num / divisor if divisor > 0 else 0.0
            final = 0.75 * season_pct + 0.25 * prev_pct
            totals.append(PctTotal(s, num, weight, divisor, season_pct, prev_pct, final, capped[s]))

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
        players[lic] = ps
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

    placements = classify_reference(candidates, settings)
    for lic, placement in placements.items():
        old = players[lic]
        players[lic] = PlayerSeason(**{**old.__dict__, "placement": placement})
    return result


def _cut(
    ranked: Sequence[tuple[object, float]], sizes: Sequence[int]
) -> tuple[list[list[int]], int]:
    """Cut players listed best first into tiers, one tier and one player at a time (seed 002,
    A.1; rulings 9 and 10): each tier has its size plus the places the one before left
    unfilled, takes players while it has room, and then the players tied with the last one it
    took. Returns the positions each tier holds and the places the last one left unfilled."""
    tiers: list[list[int]] = []
    at = 0
    unfilled = 0
    for size in sizes:
        room = size + unfilled
        tier: list[int] = []
        while at < len(ranked) and (len(tier) < room or (tier and ranked[at] == ranked[at - 1])):
            tier.append(at)
            at += 1
        tiers.append(tier)
        unfilled = room - len(tier) if len(tier) < room else 0
    return tiers, unfilled


def _pct(n: int) -> Callable[[Candidate], float]:
    return lambda c: c.pct[n - 1]


def _pp4(c: Candidate) -> float:
    return c.pp4


def _points(c: Candidate) -> float:
    return c.points


def classify_reference(candidates: Iterable[Candidate], settings: Settings) -> dict[str, Placement]:
    """The straightforward classification, candidate by candidate: classify every licensee."""
    everyone = list(candidates)
    if len({c.licence for c in everyone}) != len(everyone):
        raise RankingError.of("classification.candidate_twice")
    n = len(everyone)
    counts = quota_counts(n, settings)
    result: dict[str, Placement] = {}
    order = 0

    beginners = [c for c in everyone if c.beginner and c.min_series == 7]
    beginner_ids = {c.licence for c in beginners}
    pool: dict[str, Candidate] = {c.licence: c for c in everyone if c.licence not in beginner_ids}

    def place(
        c: Candidate,
        series: int,
        tier: str,
        reason: str,
        criterion: str,
        value: float,
        bar: float | None,
        super_series: bool = False,
    ) -> None:
        nonlocal order
        order += 1
        life = c.s1_for_life or super_series
        if series == 1 and tier == "A" and c.pct[0] > settings.s1_life_pct:
            life = True
        result[c.licence] = Placement(
            series,
            tier,
            reason,
            criterion,
            value,
            order,
            bar,
            super_series,
            life,
            min(c.highest_series, series),
        )
        del pool[c.licence]

    specs: list[tuple[int, list[int], str, Callable[[Candidate], float]]] = [
        (1, [counts["S1"]], "%S1", _pct(1)),
        (2, [counts["S2"]], "%S2", _pct(2)),
        (3, [counts["S3"]], "%S3", _pct(3)),
        (4, [counts["S4 tier"]] * 4, "PP4", _pp4),
        (5, [counts["S5 tier"]] * 4, "points", _points),
    ]
    prev_bar: float | None = None
    prev_name = ""
    prev_key: Callable[[Candidate], float] = _points
    unfilled = 0  # S4's places left over, for S5A (ruling 10)
    for series, sizes, name, key in specs:
        # the series' order: the priority players by the criterion above, then the others
        listed: list[tuple[Candidate, str, str, float]] = []
        if series > 1 and prev_bar is not None:
            ratio = settings.priority_pct if series <= 3 else settings.priority_lower
            threshold = ratio * prev_bar
            k = prev_key
            eligible = [
                c for c in pool.values() if c.series <= series and k(c) >= threshold and k(c) > 0
            ]
            for c in sorted(eligible, key=lambda c: (-k(c), c.licence)):
                listed.append((c, "priority", prev_name, k(c)))
        first = {c.licence for c, *_ in listed}
        others = [c for c in pool.values() if c.licence not in first and key(c) > 0]
        for c in sorted(others, key=lambda c: (-key(c), c.licence)):
            listed.append((c, "quota", name, key(c)))
        if series == 5:
            sizes = [sizes[0] + unfilled, *sizes[1:]]
        cut, left = _cut([(r, v) for _, r, _, v in listed], sizes)
        unfilled = left if series == 4 else 0
        tiers = [(listed[i], "ABCD"[t]) for t, held in enumerate(cut) for i in held]
        merit = [c for (c, reason, *_), _ in tiers if reason == "quota"]
        bar = key(merit[-1]) if merit else None
        taken_ids = {c.licence for (c, *_), _ in tiers}
        protected = sorted(
            (c for c in pool.values() if c.min_series <= series and c.licence not in taken_ids),
            key=lambda c: (-key(c), c.licence),
        )
        _assign_tiers(series, tiers, protected, settings, place, bar, name, key)
        prev_bar, prev_name, prev_key = bar, name, key

    remaining = sorted(pool.values(), key=lambda c: (-c.points, c.licence))
    scored = [c for c in remaining if c.points > 0]
    third = math.ceil(len(scored) / 3)
    cut, _ = _cut([("points", c.points) for c in scored], [third, third, len(scored)])
    for t, held in enumerate(cut):
        for i in held:
            place(scored[i], 6, "ABC"[t], "points", "points", scored[i].points, None)
    for c in [c for c in remaining if c.points <= 0]:
        place(c, 6, "D", "no point", "points", c.points, None)
    for c in sorted(beginners, key=lambda c: (-c.points, c.licence)):
        order += 1
        result[c.licence] = Placement(7, "", "beginner", "points", c.points, order)
    return result


def _assign_tiers(
    series: int,
    tiers: list[tuple[tuple[Candidate, str, str, float], str]],
    protected: list[Candidate],
    settings: Settings,
    place: Callable[..., None],
    bar: float | None,
    name: str,
    key: Callable[[Candidate], float],
) -> None:
    """Tiers: A/B halves for S1-S3 (A gets the odd one), the quota tiers A-D for S4 and S5.

    Players kept in the series by a descent limit go to its lowest tier.
    """
    if series <= 3:
        chosen = [entry for entry, _ in tiers]
        half = math.ceil(len(chosen) / 2)
        cut, _ = _cut([(r, v) for _, r, _, v in chosen], [half, len(chosen)])
        for t, held in enumerate(cut):
            for i in held:
                c, reason, crit, value = chosen[i]
                sup = series == 1 and i < settings.super_series and reason == "quota"
                place(c, series, "AB"[t], reason, crit, value, bar, sup)
        for c in protected:
            place(c, series, "B", "descent limit", name, key(c), bar)
        return
    for (c, reason, crit, value), tier in tiers:
        place(c, series, tier, reason, crit, value, bar)
    for c in protected:
        place(c, series, "D", "descent limit", name, key(c), bar)
