"""The Duplicate hall screen (issues 21 and 35): what a projector shows a hall for the whole
game, laid out to fit one screen (1920x1080 or 1280x720, nothing scrolls).

Always in view: the board after the last move (the "tableau témoin" players check their
grid against, seed 004, 4.6), the draw and the countdown of the move being played with its
signals (2.1, 2.3), the last top, the QR code to the live standings, and, until the chief
arbiter decides, the moves scored above their top on appeal (5.3, 5.2). The standings turn
page by page beside them; at a game's end its solos come first (2.6.4: announced at the end
of the game).

Before game 1 begins, while the check-in is open (:func:`.checkin.is_open`), the screen's QR
code is the self check-in's, drawn large with its address under it in place of the standings
(nothing to rank yet); the screen draws itself again with the live standings' code once the
first draw is made.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext

from arbitre.app.duplicate import appeals, checkin, services
from arbitre.app.duplicate.board_view import last_board
from arbitre.app.duplicate.models import DuplicateEvent, Game
from arbitre.app.duplicate.public import event_of, event_version, version
from arbitre.app.duplicate.views import _dup, _game_state
from arbitre.app.events import hall, live


def current_game(dup: DuplicateEvent) -> Game | None:
    """The game the hall follows: the last one begun (a draw made or a move played), else
    the first one; ``None`` before any game exists."""
    games = list(dup.games.all())
    begun = [g for g in games if g.record or g.timer_started_at]
    if begun:
        return begun[-1]
    return games[0] if games else None


def frame(dup: DuplicateEvent) -> str:
    """What the screen's QR code leads to: the self check-in page while the check-in is open
    and players are registered (``"checkin"``), else the live standings (``"live"``)."""
    return "checkin" if checkin.is_open(dup) and dup.players.exists() else "live"


def screen(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public, full screen, for the projector."""
    dup = _dup(event_id)
    shown = frame(dup)
    if shown == "checkin":
        target, title = "duplicate:self_check_in", gettext("Pointage")
        caption = gettext("Pointez-vous sur votre téléphone")
    else:
        target, title = "duplicate:public_standings", gettext("Classement en direct")
        caption = gettext("Suivez en direct sur votre téléphone")
    url = hall.public_url(request, reverse(target, args=[event_id]))
    context = {
        "event": dup.event,
        "data_url": reverse("duplicate:hall_json", args=[event_id]),
        "public_url": url,
        "qr": hall.qr_svg(url, title),
        "qr_caption": caption,
        "frame": shown,
        "reaches_phones": hall.reaches_phones(url),
        "panel_seconds": hall.panel_seconds(request),
    }
    return render(request, "duplicate/hall/screen.html", context)


def screen_json(request: HttpRequest, event_id: int) -> HttpResponse:
    """The hall's figures, once per version of the event (304 while unchanged)."""
    at = event_version(event_id)

    def build() -> dict[str, Any]:
        dup = _dup(event_id)
        return _payload(dup, version(dup))

    return hall.hall_json(request, ("duplicate", event_id), at, build)


def _payload(dup: DuplicateEvent, at: str) -> dict[str, Any]:
    """The stage (draw, countdown, signals; the solos once the game is over), the regions
    that stay in view (board, last top, marks above the top) and the standings' pages."""
    game = current_game(dup)
    state = _game_state(game) if game is not None else None
    event = event_of(dup, at)
    table = event.standings_table()
    found = appeals.pending(dup, event)
    marks = appeals.marks(found)
    data: dict[str, Any] = {
        "event": dup.event,
        "game": game,
        "state": state,
        "marks": marks,
        "marked_moves": {m["move"] for m in marks if game is not None and m["game"] == game.name},
        "missing_ballots": table.missing_ballots,
    }
    if state is not None and state.get("last"):
        last = state["last"]
        data["other_tops"] = [m for m in last["equal_tops"] if m != last["move"]]
    panels: list[hall.Panel] = []
    if game is not None and state is not None and state["phase"] == "over":
        # 2.6.4: the solos announced at the game's end, first in the turn of the panels
        solos = [s for s in table.solos if s.game == game.name]
        data["solos"] = len(solos)
        data["solo_min_players"] = event.settings.solo_min_players
        data["solos_apply"] = len(event.players) >= event.settings.solo_min_players
        panels += hall.paged(
            "solos",
            gettext("Solos de %(game)s (2.6.4)") % {"game": game.name},
            solos,
            lambda chunk: render_to_string("duplicate/hall/solos.html", {"solos": chunk}),
        )
    marked = {licence for a in found for licence in a.licences}
    rows = [{"row": r, "above_top": r.player.licence in marked} for r in table.rows]
    panels += hall.paged(
        "standings",
        gettext("Classement"),
        rows,
        lambda chunk: render_to_string("duplicate/hall/standings.html", {**data, "rows": chunk}),
    )
    return {
        "stage": render_to_string("duplicate/hall/stage.html", data),
        "timer": _timer(game, state),
        "regions": {
            "hall-board": _board(game),
            "hall-last": render_to_string("duplicate/hall/last.html", data).strip(),
            "hall-notice": render_to_string("duplicate/hall/notice.html", data).strip(),
        },
        "panels": [p.to_json() for p in panels],
        "frame": frame(dup),
    }


def _timer(game: Game | None, state: dict[str, Any] | None) -> dict[str, Any] | None:
    """The countdown's start, length and warning while the time of a move runs (2.3)."""
    if game is None or state is None or state["phase"] != "play":
        return None
    if game.timer_started_at is None:
        return None
    return {
        "started_at": game.timer_started_at.timestamp(),
        "seconds": state["seconds_per_move"],
        "warning": state["warning_seconds"],
    }


def _board(game: Game | None) -> str:
    """The board of ``game`` after its last move (the public move page's board), rendered
    once per version of the game."""
    if game is None:
        return ""

    def render_board() -> str:
        rows = last_board(services.engine_of(game))
        return render_to_string("duplicate/_board.html", {"rows": rows})

    return live.cached(("duplicate-hall-board", game.pk), str(game.version), render_board)
