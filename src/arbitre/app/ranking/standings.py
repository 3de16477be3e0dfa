"""The season's classification in the application (issue 20, part 3): the engine
(:func:`arbitre.ranking.compute_season`) computes every figure from the season's events,
the licensees and the previous season's figures; this module reads them from the database,
stores each licensee's :class:`Standing` with the engine's explanation, and closes a season
(lifetime floors carried to the licensees, next season's quotas derived, seed 002 A.1, B.1)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from arbitre.app.ranking.models import (
    Licensee,
    RankedEvent,
    RankingAudit,
    ResultRow,
    Season,
    Standing,
)
from arbitre.ranking import (
    Entry,
    Event,
    Reliquat,
    SeasonResult,
    Settings,
    carry_floors,
    compute_season,
    derive_quotas,
    event_type,
    explanation,
)
from arbitre.ranking import Licensee as EngineLicensee


def engine_licensees() -> list[EngineLicensee]:
    return [
        EngineLicensee(
            licence=p.licence,
            name=f"{p.name} {p.first_name}".strip(),
            series=p.series,
            tier=p.tier,
            first_season=p.first_season,
            highest_series=p.highest_series,
            overseas=p.overseas,
            affiliated=p.affiliated,
            after_festival=p.after_festival,
            s1_for_life=p.s1_for_life,
        )
        for p in Licensee.objects.order_by("licence")
    ]


def engine_events(season: Season) -> list[Event]:
    rows: dict[int, list[Entry]] = defaultdict(list)
    for r in ResultRow.objects.filter(event__season=season).order_by("place", "line"):
        rows[r.event_id].append(
            Entry(r.place, r.licence, f"{r.name} {r.first_name}".strip(), r.series, r.tier, r.pair)
        )
    return [
        Event(
            event_type(ev.type_code),
            ev.games,
            tuple(rows[ev.pk]),
            ev.date,
            ev.name,
            ev.overseas,
        )
        for ev in RankedEvent.objects.filter(season=season).order_by("date", "id")
        if rows[ev.pk]
    ]


def previous_figures(season: Season) -> list[Reliquat]:
    """Last season's figures (its standings), as this season's reliquats (B.1, B.2, B.3)."""
    return [
        Reliquat(s.licence, s.series, s.tier, (s.pct_s1, s.pct_s2, s.pct_s3), s.pp4, s.points)
        for s in Standing.objects.filter(season__year=season.year - 1)
    ]


def settings_of(season: Season) -> Settings:
    return Settings(quotas=(season.quota_s1, season.quota_s2, season.quota_s3))


def compute(season: Season) -> SeasonResult:
    """The engine's figures of the season, from the database (nothing written)."""
    return compute_season(
        engine_licensees(),
        engine_events(season),
        previous_figures(season),
        settings_of(season),
        season=season.year,
    )


@transaction.atomic
def recompute(user: Any, season: Season) -> SeasonResult:
    """Compute the season and store every licensee's standing and its explanation."""
    result = compute(season)
    Standing.objects.filter(season=season).delete()
    Standing.objects.bulk_create(
        (
            Standing(
                season=season,
                licence=p.licensee.licence,
                series=p.placement.series,
                tier=p.placement.tier,
                order=p.placement.order,
                pct_s1=p.pct_final(1),
                pct_s2=p.pct_final(2),
                pct_s3=p.pct_final(3),
                pp4=p.pp4_final,
                points=p.points_final,
                explanation=explanation(result, p),
            )
            for p in result.ordered()
            if p.placement is not None
        ),
        batch_size=1000,
    )
    season.next_quota_s1, season.next_quota_s2, season.next_quota_s3 = derive_quotas(result)
    season.computed_at = timezone.now()
    season.save()
    RankingAudit.log(
        user,
        gettext_noop("Classement calculé"),
        str(season),
        after={
            "events": len(result.events),
            "players": len(result.players),
            "unknown": len(result.unknown_licences),
        },
    )
    return result


@transaction.atomic
def close_season(user: Any, season: Season) -> Season:
    """End of season (seed 002, A.1, B.1): the final classification stored, each licensee's
    series, tier and lifetime floors carried (:func:`arbitre.ranking.carry_floors`), the
    next season opened with the quotas derived from this one."""
    result = recompute(user, season)
    people = {p.licence: p for p in Licensee.objects.all()}
    changed = []
    for carried in carry_floors(result, engine_licensees()):
        row = people[carried.licence]
        values = {
            "series": carried.series,
            "tier": carried.tier,
            "highest_series": carried.highest_series,
            "s1_for_life": carried.s1_for_life,
        }
        if any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            changed.append(row)
    Licensee.objects.bulk_update(
        changed, ["series", "tier", "highest_series", "s1_for_life"], batch_size=1000
    )
    season.closed = True
    season.save(update_fields=["closed"])
    following, _ = Season.objects.get_or_create(year=season.year + 1)
    if not following.events.exists():
        following.quota_s1 = _or(season.next_quota_s1, following.quota_s1)
        following.quota_s2 = _or(season.next_quota_s2, following.quota_s2)
        following.quota_s3 = _or(season.next_quota_s3, following.quota_s3)
        following.save()
    RankingAudit.log(
        user,
        gettext_noop("Saison close"),
        str(season),
        after={
            "licensees_changed": len(changed),
            "next_quotas": [following.quota_s1, following.quota_s2, following.quota_s3],
        },
    )
    return following


def _or(value: float | None, default: float) -> float:
    """A derived quota, which may be 0 (B.1, 2), or the default when there is none."""
    return default if value is None else value
