"""Public pages of a Duplicate event (no login): standings by series and category, a
player's sheet, the move being played."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.formats import get_format
from django.utils.safestring import mark_safe

from arbitre.app.duplicate import appeals, changes, services, standings
from arbitre.app.duplicate.board_view import last_board
from arbitre.app.duplicate.models import (
    DuplicateEvent,
    Registration,
    Withdrawal,
)
from arbitre.app.duplicate.progression import progression
from arbitre.app.duplicate.views import _dup, _game, _game_state
from arbitre.app.events import live
from arbitre.app.shared_pages import shared_page
from arbitre.common.messages import Message
from arbitre.duplicate.event import Event, StandingRow

# -- what the public sees changes only when the event does -------------------------------------


def version(dup: DuplicateEvent) -> str:
    """Changes with every change of the event (:mod:`arbitre.app.events.live`), read from the
    database at most once a second."""
    return event_version(dup.event_id)


def event_version(event_id: int) -> str:
    """:func:`version` by the event's id (:func:`changes.recent_version`)."""
    return changes.recent_version(event_id)


def event_of(dup: DuplicateEvent, at: str) -> Event:
    """The engine's event (standings, sheets) at version ``at``, brought up to date once per
    version from the one this process keeps (:mod:`arbitre.app.duplicate.standings`: only
    what changed is read and computed again)."""
    return live.cached(("duplicate-event", dup.pk), at, lambda: standings.current_event(dup))


# -- public pages -----------------------------------------------------------------------------


def _standings_payload(
    dup: DuplicateEvent, series: int | None, category: str | None, at: str
) -> dict[str, Any]:
    """The standings' JSON at version ``at`` (computed once per version and filter): what the
    standings page shows and its script reads (:func:`shown_row`), the games' names for the
    page's heading, the solos, the ballots still missing, the moves above their top
    (``tests/app_duplicate/test_standings_payload.py`` holds it to what they read)."""

    def compute() -> dict[str, Any]:
        event = event_of(dup, at)
        table = event.standings_table(series=series, category=category or None)
        # 5.3: a move scored above its top on appeal is marked until the chief decides
        found = appeals.pending(dup, event)
        marked = {licence for a in found for licence in a.licences}
        return {
            "games": list(table.games),
            "standings": [shown_row(row, row.player.licence in marked) for row in table.rows],
            "solos": [s.to_json() for s in table.solos],
            "missing_ballots": table.missing_ballots,
            "above_top": [{"game": a.game, "move": a.move} for a in found],
        }

    return live.cached(("duplicate-standings", dup.pk, series, category), at, compute)


def shown_row(row: StandingRow, above_top: bool) -> dict[str, Any]:
    """A line of the public standings as the page shows it (``live/standings_rows.html``)
    and its script draws it again at every change (``duplicate.js``): nothing else, and
    the marks only when they are set. A festival's phones fetch 1,500 of these at every
    version: the engine's full row (:meth:`StandingRow.to_json`: the player's names apart,
    table, category, partner, tops lost, solos, warnings) was 600 kB, this 270 kB."""
    player = row.player
    shown: dict[str, Any] = {
        "rank": row.rank,
        "licence": player.licence,
        "full_name": player.full_name,
        "club": player.club,
        "series": player.series_label,
        "games": row.games,
        "total": row.total,
        "difference": row.difference,
        "percentage": row.percentage,
    }
    for mark, value in (
        ("ex_aequo", row.ex_aequo),
        ("withdrawn", row.withdrawn),
        ("above_top", above_top),
    ):
        if value:
            shown[mark] = True
    return shown


def _mark(game: str, move: int | str) -> str:
    """The standings' mark of a move scored above its top (seed 004, 5.3), worded."""
    return services.worded(Message.of("duplicate.appeal.above_top_mark", game=game, move=move))


def _filters(request: HttpRequest) -> tuple[int | None, str | None]:
    series = request.GET.get("serie")
    series_value = int(series) if series and series.isascii() and series.isdigit() else None
    return series_value, request.GET.get("categorie") or None


def public_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    series, category = _filters(request)
    at = event_version(event_id)

    def context() -> dict[str, Any]:
        dup = _dup(event_id)
        payload = _standings_payload(dup, series, category, at)

        def rendered() -> dict[str, str]:
            data = {"event": dup.event, "payload": payload}
            return {
                "rows": mark_safe(render_to_string("duplicate/live/standings_rows.html", data)),  # noqa: S308
                "solos": mark_safe(render_to_string("duplicate/live/solos.html", data)),  # noqa: S308
            }

        shown = live.cached(("duplicate-standings-html", dup.pk, series, category), at, rendered)
        # (values, not instances: a player loaded without its event would be read again)
        players = list(dup.players.values_list("series", "category"))
        return {
            "dup": dup,
            "event": dup.event,
            "payload": payload,
            "live": shown,
            "series_choices": sorted({series for series, _ in players if series}),
            "category_choices": sorted({category for _, category in players if category}),
            "series": series,
            "category": category,
            "games": dup.games.all(),
            "decimal_separator": get_format("DECIMAL_SEPARATOR"),
            "above_top_texts": [_mark(a["game"], a["move"]) for a in payload["above_top"]],
            "above_top_pattern": _mark("{game}", "{move}"),
        }

    return shared_page(request, at, "duplicate/public_standings.html", context)


def public_standings_json(request: HttpRequest, event_id: int) -> HttpResponse:
    """Polled by the standings page: 304 while nothing changed (no query at all while the
    version read less than a second ago holds); the JSON written once per change."""
    series, category = _filters(request)
    at = event_version(event_id)

    def body() -> bytes:
        payload = _standings_payload(_dup(event_id), series, category, at)
        return json.dumps(payload, separators=(",", ":")).encode()

    return live.conditional_cached(
        request,
        ("duplicate-standings-json", event_id, series, category),
        at,
        ("duplicate-standings", event_id, series, category),
        body,
        "application/json",
    )


def public_player(request: HttpRequest, event_id: int, licence: str) -> HttpResponse:
    dup = _dup(event_id)
    reg = get_object_or_404(Registration, duplicate=dup, licence=licence)
    event = event_of(dup, version(dup))
    if all(p.licence != reg.licence for p in event.players):
        raise Http404  # found absent at the check-in and never came (presence.no_shows)
    sheets = []
    for g in event.games:
        sheet = event.sheet(g, reg.licence)
        lines = [
            {"line": line, "top_move": g.top_moves[i] if i < len(g.top_moves) else ""}
            for i, line in enumerate(sheet.lines)
        ]
        sheets.append({"sheet": sheet, "lines": lines})
    return render(
        request,
        "duplicate/public_player.html",
        {
            "dup": dup,
            "event": dup.event,
            "reg": reg,
            "sheets": sheets,
            "chart": progression(event, reg.licence, reg.full_name),
            "withdrawal": Withdrawal.objects.filter(registration=reg)
            .select_related("game")
            .first(),
        },
    )


def public_move(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    dup = _dup(event_id)
    game = _game(dup, number)
    engine = services.engine_of(game)
    # 5.3: a move of this game scored above its top on appeal, the chief's decision pending
    found = appeals.pending(dup, event_of(dup, version(dup)))
    context = {
        "dup": dup,
        "event": dup.event,
        "game": game,
        "state": _game_state(game),
        "rows": last_board(engine),
        "above_top": appeals.marks([a for a in found if a.game == game.name]),
    }
    return render(request, "duplicate/public_move.html", context)
