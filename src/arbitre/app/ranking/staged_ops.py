"""The operations that change the published figures, as :mod:`.staging` runs them: each
writes its change and recomputes the seasons it touches, and returns what its author is told
(JSON). Their input is what the pending change keeps: form values in ``params``, a file in
``data``. An outcome's ``stamp`` (if any) names the state of an input read from the database
when the operation runs (a simultané's version): the preview's digest covers it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext_noop

from arbitre.app.ranking import admission, event_admin, results, services, standings, titles
from arbitre.app.ranking.models import RankedEvent, ResultRow, Season

Operation = Callable[[Any, dict[str, Any], bytes], dict[str, Any]]
"""``(user, params, data) -> outcome``: writes the change and recomputes the seasons it
touches; the outcome (JSON) words the result for its author."""

RESULTS_FILE = "results_file"
DUPLICATE_FEED = "duplicate_feed"
CLUB_UPLOAD = "club_upload"
LICENSEES_FILE = "licensees_file"
WITHDRAW = "withdraw"
OVERSEAS = "overseas"
MATCH_ROW = "match_row"
SEASON_SETTINGS = "season_settings"
SIMULTANE_SEASON = "simultane_season"


def _date(text: str | None) -> dt.date | None:
    return dt.date.fromisoformat(text) if text else None


def _results_file(user: Any, p: dict[str, Any], data: bytes) -> dict[str, Any]:
    imported = results.read_file(
        data,
        p.get("mapping", ""),
        name=p.get("name", ""),
        type_code=p.get("type_code") or None,
        games=p.get("games"),
        date=_date(p.get("date")),
        overseas=p.get("overseas"),
    )
    ranked = results.store_event(
        user, imported, RankedEvent.Source.IMPORT, p.get("source_name", "")
    )
    standings.recompute(user, ranked.season)
    not_admitted = admission.refused(
        ranked.type_code,
        [(r.entry.licence, f"{r.entry.name} {r.first_name}".strip()) for r in imported.rows],
    )
    return {
        "event": ranked.pk,
        "name": ranked.name,
        "season": str(ranked.season),
        "rows": len(imported.rows),
        "unknown": len(imported.unknown),
        "warnings": admission.worded(not_admitted),
    }


def _duplicate_feed(user: Any, p: dict[str, Any], data: bytes) -> dict[str, Any]:
    from arbitre.app.duplicate.models import DuplicateEvent

    dup = DuplicateEvent.objects.select_related("event").get(event_id=p["event_id"])
    ranked = results.feed_duplicate(
        user, dup, p.get("type_code", ""), p.get("overseas"), p.get("reason", "")
    )
    standings.recompute(user, ranked.season)
    carried = titles.carry_playoff(user, ranked)  # a title play-off played here (A.4)
    return {
        "event": ranked.pk,
        "name": ranked.name,
        "season": str(ranked.season),
        "playoff": None if carried is None else titles.playoff_score(carried),
    }


def _club_upload(user: Any, p: dict[str, Any], data: bytes) -> dict[str, Any]:
    from arbitre.app.federation import services as federation
    from arbitre.app.federation.models import Upload

    upload = Upload.objects.get(pk=p["upload_id"])
    ranked = federation.accept(user, upload, p.get("reason", ""))
    upload.refresh_from_db()
    return {
        "event": ranked.pk,
        "name": ranked.name,
        "season": str(ranked.season),
        "note": upload.reason,
    }


def _licensees_file(user: Any, p: dict[str, Any], data: bytes) -> dict[str, Any]:
    summary = services.import_licensees(user, data, p.get("source", ""))
    seasons = []
    if summary.created or summary.updated:
        seasons = [str(s) for s in standings.recompute_open_seasons(user)]
    return {
        "created": summary.created,
        "updated": summary.updated,
        "unchanged": summary.unchanged,
        "seasons": seasons,
    }


def _withdraw(user: Any, p: dict[str, Any], data: bytes) -> dict[str, Any]:
    ranked = RankedEvent.objects.get(pk=p["event"])
    name = ranked.name
    season = event_admin.withdraw(user, ranked, p.get("reason", ""))
    return {"name": name, "season": str(season)}


def _overseas(user: Any, p: dict[str, Any], data: bytes) -> dict[str, Any]:
    ranked = RankedEvent.objects.get(pk=p["event"])
    changed = event_admin.set_overseas(user, ranked, bool(p["overseas"]), p.get("reason", ""))
    return {"event": ranked.pk, "name": ranked.name, "changed": changed}


def _match_row(user: Any, p: dict[str, Any], data: bytes) -> dict[str, Any]:
    """An unknown licence of an event's row matched with a licensee, or a licensee created
    from the row: the event then counts for them."""
    row = ResultRow.objects.select_related("event__season").get(pk=p["row"])
    if row.event.season.closed:
        raise results.ResultsRefused(gettext_noop("Cette saison est close."))
    licence = p.get("licence", "")
    if p.get("create"):
        results.create_from_row(user, row, licence)
    else:
        results.match_row(user, row, licence)
    standings.recompute(user, row.event.season)
    return {"event": row.event_id, "licence": licence or row.licence, "create": p.get("create")}


def _season_settings(user: Any, p: dict[str, Any], data: bytes) -> dict[str, Any]:
    """The season's quotas and the federal weeks' weight cap (B.1), then its classification."""
    season = Season.objects.get(year=p["season"])
    if season.closed:
        raise results.ResultsRefused(gettext_noop("Cette saison est close."))
    standings.set_season_settings(user, season, dict(p["values"]))
    return {"season": str(season)}


def _simultane_season(user: Any, p: dict[str, Any], data: bytes) -> dict[str, Any]:
    """A simultané closed and its merged standings imported into the season, at once."""
    from arbitre.app.simultane import season

    return season.into_season(user, p, _results_file)


OPERATIONS: dict[str, Operation] = {
    RESULTS_FILE: _results_file,
    DUPLICATE_FEED: _duplicate_feed,
    CLUB_UPLOAD: _club_upload,
    LICENSEES_FILE: _licensees_file,
    WITHDRAW: _withdraw,
    OVERSEAS: _overseas,
    MATCH_ROW: _match_row,
    SEASON_SETTINGS: _season_settings,
    SIMULTANE_SEASON: _simultane_season,
}
