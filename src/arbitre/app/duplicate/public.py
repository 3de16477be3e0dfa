"""Public pages of a Duplicate event (no login): standings by series and category, a
player's sheet, the move being played."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.formats import get_format

from arbitre.app.duplicate import services
from arbitre.app.duplicate.board_view import board_rows
from arbitre.app.duplicate.models import (
    DuplicateEvent,
    Registration,
)
from arbitre.app.duplicate.views import _dup, _game, _game_state

# -- public pages -----------------------------------------------------------------------------


def _standings_payload(
    dup: DuplicateEvent, series: int | None, category: str | None
) -> dict[str, Any]:
    standings = services.standings_of(dup, series, category)
    return {**standings.to_json(), "updated": timezone.now().isoformat()}


def _filters(request: HttpRequest) -> tuple[int | None, str | None]:
    series = request.GET.get("serie")
    series_value = int(series) if series and series.isdigit() else None
    return series_value, request.GET.get("categorie") or None


def public_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    dup = _dup(event_id)
    series, category = _filters(request)
    payload = _standings_payload(dup, series, category)
    players = dup.players.all()
    context = {
        "dup": dup,
        "event": dup.event,
        "payload": payload,
        "series_choices": sorted({p.series for p in players if p.series}),
        "category_choices": sorted({p.category for p in players if p.category}),
        "series": series,
        "category": category,
        "games": dup.games.all(),
        "decimal_separator": get_format("DECIMAL_SEPARATOR"),
    }
    return render(request, "duplicate/public_standings.html", context)


def public_standings_json(request: HttpRequest, event_id: int) -> JsonResponse:
    dup = _dup(event_id)
    series, category = _filters(request)
    return JsonResponse(_standings_payload(dup, series, category))


def public_player(request: HttpRequest, event_id: int, licence: str) -> HttpResponse:
    dup = _dup(event_id)
    reg = get_object_or_404(Registration, duplicate=dup, licence=licence)
    event = services.build_event(dup)
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
        {"dup": dup, "event": dup.event, "reg": reg, "sheets": sheets},
    )


def public_move(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    dup = _dup(event_id)
    game = _game(dup, number)
    engine = services.engine_of(game)
    context = {
        "dup": dup,
        "event": dup.event,
        "game": game,
        "state": _game_state(game),
        "rows": board_rows(engine.board, engine.moves[-1].move if engine.moves else None),
    }
    return render(request, "duplicate/public_move.html", context)
