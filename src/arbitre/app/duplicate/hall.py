"""The Duplicate hall screen (issue 21, part 3): the draw and the countdown of the move being
played stay in view; the last top and the standings turn beside them (seed 004, 2.1: the
draw announced and shown; 2.3: the time of reflection)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext

from arbitre.app.duplicate.models import DuplicateEvent, Game
from arbitre.app.duplicate.public import _standings_payload, event_version, version
from arbitre.app.duplicate.views import _dup, _game_state
from arbitre.app.events import hall


def current_game(dup: DuplicateEvent) -> Game | None:
    """The game the hall follows: the last one begun (a draw made or a move played), else
    the first one; ``None`` before any game exists."""
    games = list(dup.games.all())
    begun = [g for g in games if g.record or g.timer_started_at]
    if begun:
        return begun[-1]
    return games[0] if games else None


def screen(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public, full screen, for the projector."""
    dup = _dup(event_id)
    url = hall.public_url(request, reverse("duplicate:public_standings", args=[event_id]))
    context = {
        "event": dup.event,
        "data_url": reverse("duplicate:hall_json", args=[event_id]),
        "public_url": url,
        "qr": hall.qr_svg(url, gettext("Classement en direct")),
        "reaches_phones": hall.reaches_phones(url),
        "panel_seconds": hall.panel_seconds(request),
    }
    return render(request, "events/hall.html", context)


def screen_json(request: HttpRequest, event_id: int) -> HttpResponse:
    """The hall's figures, once per version of the event (304 while unchanged)."""
    at = event_version(event_id)

    def build() -> dict[str, Any]:
        dup = _dup(event_id)
        return _payload(dup, version(dup))

    return hall.hall_json(request, ("duplicate", event_id), at, build)


def _payload(dup: DuplicateEvent, at: str) -> dict[str, Any]:
    game = current_game(dup)
    state = _game_state(game) if game is not None else None
    timer = None
    if game is not None and state is not None and state["phase"] == "play":
        if game.timer_started_at is not None:
            timer = {
                "started_at": game.timer_started_at.timestamp(),
                "seconds": state["seconds_per_move"],
                "warning": state["warning_seconds"],
            }
    others: list[str] = []
    if state is not None and state.get("last"):
        last = state["last"]
        others = [m for m in last["equal_tops"] if m != last["move"]]
    data = {"event": dup.event, "game": game, "state": state, "other_tops": others}
    stage = render_to_string("duplicate/hall/stage.html", data)
    panels = []
    if state is not None and state.get("last"):
        panels.append(
            hall.Panel(
                "last", gettext("Dernier top"), render_to_string("duplicate/hall/last.html", data)
            )
        )
    rows = _standings_payload(dup, None, None, at)["standings"]
    panels += hall.paged(
        "standings",
        gettext("Classement"),
        rows,
        lambda chunk: render_to_string("duplicate/hall/standings.html", {**data, "rows": chunk}),
    )
    return {"stage": stage, "timer": timer, "panels": [p.to_json() for p in panels]}
