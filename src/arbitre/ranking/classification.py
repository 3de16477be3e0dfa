"""End-of-season classification into series and tiers (seed 002, A.1, B.1-B.3).

Series 1-3 by %Sn, series 4 by PP4, series 5 by ranking points, each filled to its quota of
licensees (counts rounded up), with the priority rules (70% and 50% of the bar), the lifetime
descent limits, super-series, S6 A/B/C/D and S7.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from arbitre.ranking.events import RankingError


@dataclass(frozen=True)
class Settings:
    """Per-federation, per-season parameters (seed 002, A.1 and B.1)."""

    quotas: tuple[float, float, float] = (245.0, 337.0, 574.0)  # FFSc 2013-2014 (B.1, 2)
    share_s1: float = 0.01
    share_s2: float = 0.02
    share_s3: float = 0.03
    share_s4_tier: float = 0.035
    share_s5_tier: float = 0.06
    super_series: int = 30
    priority_pct: float = 0.70  # S2 towards S1 and S3 towards S2 (B.1)
    priority_lower: float = 0.50  # S4 by %S3 (B.2), S5 by PP4 (B.3)
    s1_life_pct: float = 0.50  # S1A with a %S1 above 50% stays S1 for life (A.1)
    # B.1: the season's total weight of the Semaines fédérales simultanés (type SF) is capped
    # by their specific regulation, which the seed does not give: None = no cap
    federal_weeks_cap: tuple[float, float, float] | None = None


@dataclass(frozen=True)
class Candidate:
    """What the classification needs to know about one licensee."""

    licence: str
    series: int  # current series
    pct: tuple[float, float, float]  # published %S1..%S3
    pp4: float
    points: float
    highest_series: int = 7
    s1_for_life: bool = False
    beginner: bool = False  # first affiliation this season, after the summer festival

    def __post_init__(self) -> None:
        if not 1 <= self.series <= 7:
            raise RankingError(f"licence {self.licence}: series {self.series} not in 1-7")
        if not 1 <= self.highest_series <= 7:
            raise RankingError(
                f"licence {self.licence}: highest series {self.highest_series} not in 1-7"
            )

    @property
    def min_series(self) -> int:
        """The lowest series the lifetime descent limits allow (seed 002, A.1)."""
        if self.s1_for_life:
            return 1
        if self.highest_series <= 5:
            return self.highest_series + 1
        if self.highest_series == 6:
            return 6
        return 7


@dataclass(frozen=True)
class Placement:
    """Where a licensee is classified and by which rule."""

    series: int
    tier: str
    reason: str  # "quota", "priority", "descent limit", "points", "no point", "beginner"
    criterion: str  # "%S1", "%S2", "%S3", "PP4", "points" or ""
    value: float
    order: int  # position in the whole classification
    bar: float | None = None  # the series' admission bar on its criterion
    super_series: bool = False
    s1_for_life: bool = False
    highest_series: int = 7

    @property
    def label(self) -> str:
        return f"S{self.series}{self.tier}"


def quota_counts(licensees: int, settings: Settings) -> dict[str, int]:
    """Players per series (S1-S3) or per tier (S4, S5), rounded up (seed 002, A.1)."""
    return {
        "S1": math.ceil(licensees * settings.share_s1 - 1e-9),
        "S2": math.ceil(licensees * settings.share_s2 - 1e-9),
        "S3": math.ceil(licensees * settings.share_s3 - 1e-9),
        "S4 tier": math.ceil(licensees * settings.share_s4_tier - 1e-9),
        "S5 tier": math.ceil(licensees * settings.share_s5_tier - 1e-9),
    }


def _take(
    pool: Iterable[Candidate], key: Callable[[Candidate], float], count: int
) -> list[Candidate]:
    """The best ``count`` players with a positive criterion; ties at the bar all go in."""
    ranked = sorted((c for c in pool if key(c) > 0), key=lambda c: (-key(c), c.licence))
    if count <= 0 or not ranked:
        return []
    taken = ranked[:count]
    last = key(taken[-1])
    for c in ranked[count:]:
        if key(c) != last:
            break
        taken.append(c)
    return taken


def _pct(n: int) -> Callable[[Candidate], float]:
    return lambda c: c.pct[n - 1]


def _pp4(c: Candidate) -> float:
    return c.pp4


def _points(c: Candidate) -> float:
    return c.points


def classify(candidates: Iterable[Candidate], settings: Settings) -> dict[str, Placement]:
    """Classify every licensee (seed 002, A.1; priority rules B.1-B.3)."""
    everyone = list(candidates)
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

    # (series, quota, merit key name, merit key, priority key name, priority key, ratio,
    # "bar" source for the priority: the previous series' merit bar)
    specs: list[tuple[int, int, str, Callable[[Candidate], float]]] = [
        (1, counts["S1"], "%S1", _pct(1)),
        (2, counts["S2"], "%S2", _pct(2)),
        (3, counts["S3"], "%S3", _pct(3)),
        (4, 4 * counts["S4 tier"], "PP4", _pp4),
        (5, 4 * counts["S5 tier"], "points", _points),
    ]
    prev_bar: float | None = None
    prev_name = ""
    prev_key: Callable[[Candidate], float] = _points
    for series, quota, name, key in specs:
        chosen: list[tuple[Candidate, str, str, float]] = []
        if series > 1 and prev_bar is not None:
            ratio = settings.priority_pct if series <= 3 else settings.priority_lower
            threshold = ratio * prev_bar
            k = prev_key
            eligible = [c for c in pool.values() if c.series <= series and k(c) >= threshold]
            for c in _take(eligible, k, quota):
                chosen.append((c, "priority", prev_name, k(c)))
        taken_ids = {c.licence for c, *_ in chosen}
        rest = [c for c in pool.values() if c.licence not in taken_ids]
        merit = _take(rest, key, quota - len(chosen))
        bar = key(merit[-1]) if merit else None
        for c in merit:
            chosen.append((c, "quota", name, key(c)))
        taken_ids.update(c.licence for c in merit)
        protected = sorted(
            (c for c in pool.values() if c.min_series <= series and c.licence not in taken_ids),
            key=lambda c: (-key(c), c.licence),
        )
        _assign_tiers(series, chosen, protected, counts, settings, place, bar, name, key)
        prev_bar, prev_name, prev_key = bar, name, key

    remaining = sorted(pool.values(), key=lambda c: (-c.points, c.licence))
    scored = [c for c in remaining if c.points > 0]
    third = math.ceil(len(scored) / 3)
    tiers = _tiers([("points", c.points) for c in scored], "ABC", third)
    for c, tier in zip(scored, tiers, strict=True):
        place(c, 6, tier, "points", "points", c.points, None)
    for c in [c for c in remaining if c.points <= 0]:
        place(c, 6, "D", "no point", "points", c.points, None)
    for c in sorted(beginners, key=lambda c: (-c.points, c.licence)):
        order += 1
        result[c.licence] = Placement(7, "", "beginner", "points", c.points, order)
    return result


def _assign_tiers(
    series: int,
    chosen: list[tuple[Candidate, str, str, float]],
    protected: list[Candidate],
    counts: dict[str, int],
    settings: Settings,
    place: Callable[..., None],
    bar: float | None,
    name: str,
    key: Callable[[Candidate], float],
) -> None:
    """Tiers: A/B halves for S1-S3 (A gets the odd one), quota tiers A-D for S4 and S5.

    Players kept in the series by a descent limit go to its lowest tier.
    """
    if series <= 3:
        half = math.ceil(len(chosen) / 2)
        tiers = _tiers([(r, v) for _, r, _, v in chosen], "AB", half)
        for i, ((c, reason, crit, value), tier) in enumerate(zip(chosen, tiers, strict=True)):
            sup = series == 1 and i < settings.super_series and reason == "quota"
            place(c, series, tier, reason, crit, value, bar, sup)
        for c in protected:
            place(c, series, "B", "descent limit", name, key(c), bar)
        return
    tier_size = counts["S4 tier" if series == 4 else "S5 tier"]
    tiers = _tiers([(r, v) for _, r, _, v in chosen], "ABCD", tier_size)
    for (c, reason, crit, value), tier in zip(chosen, tiers, strict=True):
        place(c, series, tier, reason, crit, value, bar)
    for c in protected:
        place(c, series, "D", "descent limit", name, key(c), bar)


def _tiers(keys: list[tuple[str, float]], names: str, size: int) -> list[str]:
    """Consecutive tiers of ``size`` players (the last one takes the rest); players tied
    with the one before share their tier, and the next tier still gets its full size."""
    out: list[str] = []
    tier, count = 0, 0
    for i, k in enumerate(keys):
        if i and keys[i - 1] == k:
            out.append(out[-1])
            continue
        if count >= size and tier < len(names) - 1:
            tier, count = tier + 1, 0
        out.append(names[tier])
        count += 1
    return out
