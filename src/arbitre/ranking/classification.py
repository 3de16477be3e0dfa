"""End-of-season classification into series and tiers (seed 002, A.1, B.1-B.3).

Series 1-3 by %Sn, series 4 by PP4, series 5 by ranking points, each filled to its quota of
licensees (counts rounded up), with the priority rules (70% and 50% of the bar), the lifetime
descent limits, super-series, S6 A/B/C/D and S7.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from arbitre.ranking.events import BoolArray, FloatArray, IntArray, RankingError

MESSAGE_CODES = frozenset(
    {
        "ranking.season.series",
        "ranking.season.highest_series",
        "ranking.classification.candidate_twice",
    }
)
"""Refusals of the classification's candidates (a licensee's series as the season's)."""


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
            raise RankingError.of("season.series", licence=self.licence, series=self.series)
        if not 1 <= self.highest_series <= 7:
            raise RankingError.of(
                "season.highest_series", licence=self.licence, series=self.highest_series
            )

    @property
    def min_series(self) -> int:
        """The lowest series the lifetime descent limits allow (:func:`lowest_series`)."""
        one = lowest_series(np.array([self.highest_series]), np.array([self.s1_for_life]))
        return int(one[0])


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


_TIERS = ("", "A", "B", "C", "D")
_REASONS = ("quota", "priority", "descent limit", "points", "no point", "beginner")
_CRITERIA = ("%S1", "%S2", "%S3", "PP4", "points")


@dataclass(frozen=True, eq=False)
class Candidates:
    """The classification's input as columns, a value per licensee (what :class:`Candidate`
    holds for one)."""

    licence: list[str]
    series: list[int]
    pct: tuple[list[float], list[float], list[float]]  # published %S1..%S3
    pp4: list[float]
    points: list[float]
    highest_series: list[int]
    s1_for_life: list[bool]
    beginner: list[bool]

    @classmethod
    def of(cls, candidates: Iterable[Candidate]) -> Candidates:
        everyone = list(candidates)
        return cls(
            [c.licence for c in everyone],
            [c.series for c in everyone],
            (
                [c.pct[0] for c in everyone],
                [c.pct[1] for c in everyone],
                [c.pct[2] for c in everyone],
            ),
            [c.pp4 for c in everyone],
            [c.points for c in everyone],
            [c.highest_series for c in everyone],
            [c.s1_for_life for c in everyone],
            [c.beginner for c in everyone],
        )

    def values(self, criterion: int) -> list[float]:
        """The figures of criterion ``criterion`` (an index of ``_CRITERIA``)."""
        return [*self.pct, self.pp4, self.points][criterion]


class Placements(Mapping[str, Placement]):
    """Where each licensee is classified, as columns (an entry per candidate); a
    :class:`Placement` is built when read."""

    def __init__(
        self,
        candidates: Candidates,
        settings: Settings,
        series: IntArray,
        tier: IntArray,
        reason: IntArray,
        criterion: IntArray,
        order: IntArray,
        super_series: BoolArray,
        bars: dict[int, float | None],
    ) -> None:
        self.candidates = candidates
        self._settings = settings
        self.series = series.tolist()
        self.tier_code = tier.tolist()  # index in _TIERS
        self.tier = [_TIERS[t] for t in self.tier_code]
        self.reason_code = reason.tolist()
        self.criterion_code = criterion.tolist()
        self.order = order.tolist()
        self.super_flags = super_series.tolist()
        self._bars = bars
        self._index = {lic: i for i, lic in enumerate(candidates.licence)}

    def at(self, i: int) -> Placement:
        """Candidate ``i``'s placement."""
        c = self.candidates
        series, tier, sup = self.series[i], self.tier[i], self.super_flags[i]
        life = c.s1_for_life[i] or sup
        if series == 1 and tier == "A" and c.pct[0][i] > self._settings.s1_life_pct:
            life = True  # seed 002, A.1: S1A with a %S1 above 50%
        return Placement(
            series,
            tier,
            _REASONS[self.reason_code[i]],
            _CRITERIA[self.criterion_code[i]],
            c.values(self.criterion_code[i])[i],
            self.order[i],
            self._bars.get(series),
            sup,
            life,
            min(c.highest_series[i], series),
        )

    def __getitem__(self, licence: str) -> Placement:
        return self.at(self._index[licence])

    def __contains__(self, licence: object) -> bool:
        return licence in self._index

    def __iter__(self) -> Iterator[str]:
        by_order = sorted(range(len(self.order)), key=self.order.__getitem__)
        return iter([self.candidates.licence[i] for i in by_order])

    def __len__(self) -> int:
        return len(self._index)


def lowest_series(highest_series: IntArray, s1_for_life: BoolArray) -> IntArray:
    """The lowest series the lifetime descent limits allow (seed 002, A.1): one below the best
    series held up to S5, S6 once S6, S1 for life."""
    lowest: IntArray = np.where(
        s1_for_life,
        1,
        np.where(highest_series <= 5, highest_series + 1, np.where(highest_series == 6, 6, 7)),
    )
    return lowest


def classify(candidates: Iterable[Candidate], settings: Settings) -> dict[str, Placement]:
    """Classify every licensee (seed 002, A.1; priority rules B.1-B.3), by
    :func:`classify_columns`; in classification order."""
    columns = Candidates.of(candidates)
    if len(set(columns.licence)) != len(columns.licence):
        raise RankingError.of("classification.candidate_twice")
    return dict(classify_columns(columns, settings).items())


def classify_columns(candidates: Candidates, settings: Settings) -> Placements:
    """Classify every licensee (seed 002, A.1; priority rules B.1-B.3): S1-S3 by %Sn, S4 by
    PP4, S5 by points, the players of the series below who reach a ratio of the bar above
    first. S1-S3 take their quota of licensees, S4 and S5 four tiers of theirs, each counted
    one by one with the ties at its last place in it (:func:`_tiers`, rulings 9 and 10: the
    places S4 leaves over go to S5A); then the players the lifetime descent limits keep in
    the series (its lowest tier); S6 A/B/C by points in three equal tiers, S6D without a
    point; S7 the beginners.

    The fast path (issue 23, part 5): columns and masks instead of one object per licensee;
    ``reference.classify_reference`` is the plain reading it is held equal to."""
    n = len(candidates.licence)
    counts = quota_counts(n, settings)
    series_of = np.array(candidates.series, np.int64)
    keys = [np.array(candidates.values(k), np.float64) for k in range(len(_CRITERIA))]
    by_licence = np.empty(n, np.int64)
    by_licence[sorted(range(n), key=candidates.licence.__getitem__)] = np.arange(n)
    lowest = lowest_series(
        np.array(candidates.highest_series, np.int64), np.array(candidates.s1_for_life, bool)
    )
    beginners = np.array(candidates.beginner, bool) & (lowest == 7)
    pool = ~beginners

    out_series = np.zeros(n, np.int64)
    out_tier = np.zeros(n, np.int64)
    out_reason = np.zeros(n, np.int64)
    out_criterion = np.zeros(n, np.int64)
    out_order = np.zeros(n, np.int64)
    out_super = np.zeros(n, bool)
    placed = 0

    def place(
        who: IntArray,
        series: int,
        tiers: Sequence[int] | int,
        reason: Sequence[int] | int,
        criterion: Sequence[int] | int,
    ) -> None:
        nonlocal placed
        out_series[who] = series
        out_tier[who] = tiers
        out_reason[who] = reason
        out_criterion[who] = criterion
        out_order[who] = np.arange(placed + 1, placed + 1 + len(who))
        placed += len(who)
        pool[who] = False

    def best(mask: BoolArray, key: FloatArray) -> IntArray:
        """The players of ``mask``, best first on ``key``, then by licence."""
        who = np.flatnonzero(mask)
        ranked: IntArray = who[np.lexsort((by_licence[who], -key[who]))]
        return ranked

    bars: dict[int, float | None] = {}
    sizes = [
        [counts["S1"]],
        [counts["S2"]],
        [counts["S3"]],
        [counts["S4 tier"]] * 4,
        [counts["S5 tier"]] * 4,
    ]
    previous: int | None = None  # the criterion of the series above, if it has a bar
    complement = 0  # places left over by S4D, added to S5A (ruling 10)
    for series, quota in zip(range(1, 6), sizes, strict=True):
        crit = series - 1
        key = keys[crit]
        values = candidates.values(crit)
        prev_values = candidates.values(previous or 0)
        first = np.zeros(0, np.int64)
        rest = pool.copy()
        above_bar = bars.get(series - 1)
        if previous is not None and above_bar is not None:
            # the players of this series or above who reach the ratio of the bar above
            ratio = settings.priority_pct if series <= 3 else settings.priority_lower
            eligible = pool & (series_of <= series) & (keys[previous] >= ratio * above_bar)
            first = best(eligible & (keys[previous] > 0), keys[previous])
            rest[first] = False
        then = best(rest & (key > 0), key)
        # the series' order: the priority players by the criterion above, then the others
        tie_keys = [(1, prev_values[i]) for i in first.tolist()] + [
            (0, values[i]) for i in then.tolist()
        ]
        held, left = _tiers(tie_keys, [quota[0] + complement, *quota[1:]])
        chosen = np.concatenate([first, then])[: len(held)]
        prior, merit = chosen[: len(first)], chosen[len(first) :]
        complement = left if series == 4 else 0
        bar = values[merit[-1]] if len(merit) else None
        rest = pool.copy()
        rest[chosen] = False
        protected = best(rest & (lowest <= series), key)
        reasons = [1] * len(prior) + [0] * len(merit)
        criteria = [previous or 0] * len(prior) + [crit] * len(merit)
        if series <= 3:
            # A/B halves for S1-S3 (A gets the odd one); the super-series: the first 30 by %S1
            half = math.ceil(len(chosen) / 2)
            tiers, _ = _tiers(tie_keys[: len(chosen)], [half, len(chosen)])
            if series == 1:
                out_super[merit[: max(settings.super_series, 0)]] = True
            low = "B"
        else:
            # the quota tiers A-D of S4 and S5
            tiers = held
            low = "D"
        place(chosen, series, [t + 1 for t in tiers], reasons, criteria)
        # players kept in the series by a descent limit go to its lowest tier
        place(protected, series, _TIERS.index(low), 2, crit)
        bars[series] = bar
        previous = crit if bar is not None else None

    points = keys[4]
    remaining = best(pool, points)
    scored = remaining[points[remaining] > 0]
    values = candidates.points
    third = math.ceil(len(scored) / 3)
    tiers, _ = _tiers([(0, values[i]) for i in scored.tolist()], [third, third, len(scored)])
    place(scored, 6, [t + 1 for t in tiers], 3, 4)
    place(remaining[points[remaining] <= 0], 6, _TIERS.index("D"), 4, 4)
    place(best(beginners, points), 7, 0, 5, 4)
    return Placements(
        candidates,
        settings,
        out_series,
        out_tier,
        out_reason,
        out_criterion,
        out_order,
        out_super,
        bars,
    )


def _tiers(keys: Sequence[tuple[object, float]], sizes: Sequence[int]) -> tuple[list[int], int]:
    """Consecutive tiers (seed 002, A.1; rulings 9 and 10 of the Duplicate ranking).

    ``keys`` are the candidates in the classification's order, tied ones equal and side by
    side. Tier ``k`` holds ``sizes[k]`` players counted one by one, plus the places the tier
    before left over ("le complément serait reporté sur le palier suivant"), plus the players
    tied with its last one; the next tier starts after them. Returns the tier index of each
    player the tiers hold (the first ones of ``keys``) and the places the last tier left over.

    >>> _tiers([(0, 9), (0, 9), (0, 8), (0, 7), (0, 6)], [2, 2])
    ([0, 0, 1, 1], 0)
    >>> _tiers([(0, 9), (0, 8), (0, 8), (0, 7)], [2, 3, 2])
    ([0, 0, 0, 1], 4)
    """
    out: list[int] = []
    carried = 0
    for tier, size in enumerate(sizes):
        start = len(out)
        quota = size + carried
        end = min(start + quota, len(keys))
        while start < end < len(keys) and keys[end] == keys[end - 1]:
            end += 1  # tied at the tier's last place: stays in it
        out += [tier] * (end - start)
        carried = max(quota - (end - start), 0)
    return out, carried
