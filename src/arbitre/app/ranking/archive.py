"""A season's archive (issue 20, part 7): one JSON file with the season's quotas, its
events and every row, the titles' settings and decisions, and the classification with the
engine's explanation of each figure; read back into a database that does not have that
season (another federation server, or after a loss), nothing stored unless it is whole."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from django.db import transaction
from django.utils.translation import get_language, gettext_noop

from arbitre.app import jsontext
from arbitre.app.ranking.models import RankedEvent, RankingAudit, ResultRow, Season, Standing
from arbitre.app.ranking.standings import STANDING_FIELDS
from arbitre.i18n import word
from arbitre.ranking import event_type
from arbitre.ranking.events import RankingError

FORMAT = "arbitre-ranking-season"
VERSION = 1
EVENT_FIELDS = (
    "name",
    "type_code",
    "games",
    "overseas",
    "source",
    "source_name",
    "championship",
    "national",
    "country",
    "title_decisions",
)
ROW_FIELDS = (
    "line",
    "place",
    "licence",
    "name",
    "first_name",
    "club",
    "series",
    "tier",
    "pair",
    "category",
    "tops_lost",
    "total",
)


class ArchiveRefused(ValueError):
    """An archive that cannot be read back: a message and its parameters; nothing stored."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


def archive(season: Season) -> dict[str, Any]:
    rows: dict[int, list[dict[str, Any]]] = {}
    for r in ResultRow.objects.filter(event__season=season).order_by("event_id", "place", "line"):
        rows.setdefault(r.event_id, []).append({k: getattr(r, k) for k in ROW_FIELDS})
    return {
        "format": FORMAT,
        "version": VERSION,
        "season": season.year,
        "quotas": [season.quota_s1, season.quota_s2, season.quota_s3],
        "next_quotas": [season.next_quota_s1, season.next_quota_s2, season.next_quota_s3],
        "closed": season.closed,
        "computed_at": season.computed_at.isoformat() if season.computed_at else None,
        "events": [
            {
                **{k: getattr(e, k) for k in EVENT_FIELDS},
                "date": e.date.isoformat(),
                "uid": e.uid,  # one event counted once (issue 33)
                "rows": rows.get(e.pk, []),
            }
            for e in season.events.order_by("date", "id")
        ],
        "standings": [
            {k: getattr(s, k) for k in STANDING_FIELDS}
            for s in Standing.objects.filter(season=season).order_by("order", "licence")
        ],
    }


def archive_bytes(season: Season) -> bytes:
    return json.dumps(archive(season), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _refuse(message: str, **params: Any) -> ArchiveRefused:
    return ArchiveRefused(message, **params)


@transaction.atomic
def restore(user: Any, data: bytes) -> Season:
    """Read an archive back; refused when it is not one, or its season already has events."""
    try:
        doc = jsontext.loads(data)
    except jsontext.JsonRefused as exc:
        raise _refuse(
            gettext_noop("Ce fichier n'est pas une archive de saison (%(reason)s)."),
            reason=str(exc),
        ) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _refuse(gettext_noop("Ce fichier n'est pas une archive de saison."))
    if doc.get("version") != VERSION:
        raise _refuse(
            gettext_noop("Version d'archive %(version)s inconnue."), version=doc.get("version")
        )
    try:
        year = int(doc["season"])
        existing = Season.objects.filter(year=year).first()
        if existing is not None and (existing.events.exists() or existing.standings.exists()):
            raise _refuse(
                gettext_noop("La saison %(season)s existe déjà : rien n'est importé."),
                season=str(existing),
            )
        season = existing or Season(year=year)
        season.quota_s1, season.quota_s2, season.quota_s3 = (float(q) for q in doc["quotas"])
        nq = doc.get("next_quotas") or [None, None, None]
        season.next_quota_s1, season.next_quota_s2, season.next_quota_s3 = (
            None if q is None else float(q) for q in nq
        )
        season.closed = bool(doc.get("closed"))
        computed = doc.get("computed_at")
        season.computed_at = dt.datetime.fromisoformat(computed) if computed else None
        season.save()
        rows = []
        for number, e in enumerate(doc["events"], start=1):
            event_type(e["type_code"])  # a type the engine knows
            ranked = RankedEvent.objects.create(
                season=season,
                date=dt.date.fromisoformat(e["date"]),
                uid=str(e.get("uid") or "")[:80],  # archives before issue 33 have none
                **{k: e[k] for k in EVENT_FIELDS},
            )
            for r in e["rows"]:
                rows.append(ResultRow(event=ranked, **{k: r[k] for k in ROW_FIELDS}))
            if not e["rows"]:
                raise _refuse(gettext_noop("Épreuve %(number)s sans résultats."), number=number)
        ResultRow.objects.bulk_create(rows, batch_size=1000)
        Standing.objects.bulk_create(
            (
                Standing(season=season, **{k: s[k] for k in STANDING_FIELDS})
                for s in doc["standings"]
            ),
            batch_size=1000,
        )
    except ArchiveRefused:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        detail = word(exc.message, get_language()) if isinstance(exc, RankingError) else str(exc)
        raise _refuse(
            gettext_noop("Archive incomplète ou abîmée : %(detail)s"), detail=detail[:200]
        ) from None
    RankingAudit.log(
        user,
        gettext_noop("Archive de saison importée"),
        str(season),
        after={"events": len(doc["events"]), "standings": len(doc["standings"])},
    )
    return season
