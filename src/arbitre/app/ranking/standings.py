"""The season's classification in the application (issue 20, part 3): the engine
(:func:`arbitre.ranking.compute_season`) computes every figure from the season's events,
the licensees and the previous season's figures; this module reads them from the database,
stores each licensee's :class:`Standing` with the engine's explanation (rewritten only when
it changed), and closes a season
(lifetime floors carried to the licensees, next season's quotas derived, seed 002 A.1, B.1)."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction
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
from arbitre.ranking.explain import digests as explain_digests
from arbitre.ranking.season import collector_paused


def engine_licensees() -> list[EngineLicensee]:
    fields = (
        "licence",
        "name",
        "first_name",
        "series",
        "tier",
        "first_season",
        "highest_series",
        "overseas",
        "affiliated",
        "after_festival",
        "s1_for_life",
    )
    return [
        EngineLicensee(
            licence=lic,
            name=f"{name} {first}".strip(),
            series=series,
            tier=tier,
            first_season=first_season,
            highest_series=highest,
            overseas=overseas,
            affiliated=affiliated,
            after_festival=after_festival,
            s1_for_life=s1_for_life,
        )
        for (
            lic,
            name,
            first,
            series,
            tier,
            first_season,
            highest,
            overseas,
            affiliated,
            after_festival,
            s1_for_life,
        ) in Licensee.objects.order_by("licence").values_list(*fields)
    ]


def engine_events(season: Season) -> list[Event]:
    rows: dict[int, list[Entry]] = defaultdict(list)
    query = ResultRow.objects.filter(event__season=season).order_by("place", "line")
    fields = ("event_id", "place", "licence", "name", "first_name", "series", "tier", "pair")
    for event_id, place, lic, name, first, series, tier, pair in query.values_list(*fields):
        rows[event_id].append(Entry(place, lic, f"{name} {first}".strip(), series, tier, pair))
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
    caps = (season.federal_weeks_cap_s1, season.federal_weeks_cap_s2, season.federal_weeks_cap_s3)
    return Settings(
        quotas=(season.quota_s1, season.quota_s2, season.quota_s3),
        federal_weeks_cap=None if any(c is None for c in caps) else (caps[0], caps[1], caps[2]),
    )


def compute(season: Season) -> SeasonResult:
    """The engine's figures of the season, from the database (nothing written)."""
    return compute_season(
        engine_licensees(),
        engine_events(season),
        previous_figures(season),
        settings_of(season),
        season=season.year,
    )


#: A standing's figures (also what the season archive carries).
STANDING_FIELDS = (
    "licence",
    "series",
    "tier",
    "order",
    "pct_s1",
    "pct_s2",
    "pct_s3",
    "pp4",
    "points",
    "explanation",
)
STANDING_COLUMNS = ("season_id", *STANDING_FIELDS)


_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""One encoder for every explanation (``json.dumps`` with options builds one per call)."""

_FIGURES = STANDING_FIELDS[1:-1]  # series .. points: the columns between licence and explanation
_FIGURES_KEYED = STANDING_FIELDS[:-1]  # licence and its figures


def _sql(template: str, columns: Iterable[str]) -> str:
    quote = connection.ops.quote_name
    return template.format(
        table=quote(Standing._meta.db_table),
        columns=", ".join(quote(c) for c in columns),
        sets=", ".join(f"{quote(c)} = %s" for c in columns),
        explanation=quote("explanation"),
        digest=quote("digest"),
        json="%s::jsonb" if connection.vendor == "postgresql" else "%s",
    )


def _run_batches(sql: str, rows: list[tuple[Any, ...]], batch: int = 2000) -> None:
    with connection.cursor() as cursor:
        for i in range(0, len(rows), batch):
            cursor.executemany(sql, rows[i : i + batch])


def _write_standings(season: Season, result: SeasonResult) -> dict[str, int]:
    """Store every classified licensee's standing, writing only what changed (issue 20,
    part 3: recomputed after each event in seconds). The figures of the list (series, tier,
    place, %Sn, PP4, points) are compared with the stored ones from the engine's columns
    (:meth:`SeasonResult.classification`), without building any explanation; an
    explanation is built and written only when its digest
    (:func:`arbitre.ranking.explain.digests`) differs from the stored one, so a player whose
    place moved gets the figures only. Standings of licensees no longer classified go.
    The statements are plain batched SQL: 20,000 model instances through ``bulk_create``
    cost about ten seconds of Python on this machine."""
    with connection.cursor() as cursor:
        cursor.execute(
            _sql(
                "SELECT {columns} FROM {table} WHERE season_id = %s",
                (*_FIGURES_KEYED, "digest", "id"),
            ),
            [season.pk],
        )
        stored = {row[0]: row[1:] for row in cursor.fetchall()}
    digests = explain_digests(result)
    inserts: list[tuple[Any, ...]] = []
    figures_only: list[tuple[Any, ...]] = []
    full: list[tuple[Any, ...]] = []
    for row in result.classification():
        lic = row.licence
        figures = (row.series, row.tier, row.order, *row.pct, row.pp4, row.points)
        digest = digests[lic]
        old = stored.pop(lic, None)
        if old is not None and old[-2] == digest:
            if old[:-2] != figures:
                figures_only.append((*figures, old[-1]))
            continue
        why = _JSON.encode(explanation(result, result.players[lic], bar=False))
        if old is None:
            inserts.append((season.pk, lic, *figures, why, digest))
        else:
            full.append((*figures, why, digest, old[-1]))
    if stored:
        gone = [(old[-1],) for old in stored.values()]
        _run_batches(_sql("DELETE FROM {table} WHERE id = %s", ()), gone)
    _run_batches(
        _sql(
            "INSERT INTO {table} ({columns}) VALUES (" + "%s, " * 10 + "{json}, %s)",
            (*STANDING_COLUMNS, "digest"),
        ),
        inserts,
    )
    _run_batches(
        _sql(
            "UPDATE {table} SET {sets}, {explanation} = {json}, {digest} = %s WHERE id = %s",
            _FIGURES,
        ),
        full,
    )
    _run_batches(_sql("UPDATE {table} SET {sets} WHERE id = %s", _FIGURES), figures_only)
    return {
        "inserted": len(inserts),
        "updated": len(full),
        "moved": len(figures_only),
        "removed": len(stored),
    }


@transaction.atomic
def recompute(user: Any, season: Season) -> SeasonResult:
    """Compute the season and store every licensee's standing and its explanation.

    The cyclic garbage collector is paused meanwhile: reading the season builds some
    hundred thousand objects and no reference cycle, and each collection it would trigger
    walks the whole heap of the server (measured: a second of a three-second recompute)."""
    with collector_paused():
        result = compute(season)
        written = _write_standings(season, result)
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
            "standings": written,
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


SETTINGS_FIELDS = (
    "quota_s1",
    "quota_s2",
    "quota_s3",
    "federal_weeks_cap_s1",
    "federal_weeks_cap_s2",
    "federal_weeks_cap_s3",
)


@transaction.atomic
def set_season_settings(user: Any, season: Season, values: dict[str, float | None]) -> SeasonResult:
    """The season's quotas (B.1, 2) and the federal weeks' weight cap (B.1), set by the
    officer (audited), and the classification recomputed with them."""
    before = {k: getattr(season, k) for k in SETTINGS_FIELDS}
    for k in SETTINGS_FIELDS:
        setattr(season, k, values[k])
    season.save(update_fields=list(SETTINGS_FIELDS))
    RankingAudit.log(
        user,
        gettext_noop("Réglages de la saison modifiés"),
        str(season),
        before=before,
        after={k: values[k] for k in SETTINGS_FIELDS},
    )
    return recompute(user, season)


def recompute_open_seasons(user: Any) -> list[Season]:
    """After a new licensee file (series, floors, licences that were unknown): every season
    not closed that has events, recomputed."""
    seasons = [s for s in Season.objects.filter(closed=False) if s.events.exists()]
    for season in seasons:
        recompute(user, season)
    return seasons
