"""The hall screen of a Classic or backgammon event (issue 21, part 3): the current round's
pairings by table and by name, its latest results, and the standings, in turn."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext

from arbitre.app.events import hall
from arbitre.app.rounds import checkin
from arbitre.app.rounds.games import PairedGame
from arbitre.app.rounds.models import Round, Tournament
from arbitre.app.rounds.public import version
from arbitre.app.rounds.views import tournament_of
from arbitre.common.collation import french_key


def screen(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    """Public, full screen, for the projector."""
    t = tournament_of(game, event_id)
    shown = frame(t)
    if shown == "checkin":
        target, title = "self_check_in", gettext("Pointage")
        caption = gettext("Pointez-vous sur votre téléphone")
    else:
        target, title = "public", gettext("Classement en direct")
        caption = gettext("Suivez en direct sur votre téléphone")
    url = hall.public_url(request, reverse(f"{game.namespace}:{target}", args=[event_id]))
    context = {
        "event": t.event,
        "data_url": reverse(f"{game.namespace}:hall_json", args=[event_id]),
        "public_url": url,
        "qr": hall.qr_svg(url, title),
        "qr_caption": caption,
        "frame": shown,
        "reaches_phones": hall.reaches_phones(url),
        "panel_seconds": hall.panel_seconds(request),
    }
    return render(request, "events/hall.html", context)


def frame(t: Tournament) -> str:
    """What the screen's QR code leads to: the self check-in page until round 1 is paired
    (``"checkin"``), then the live standings (``"live"``). The page reloads when it moves."""
    return "checkin" if checkin.is_open(t) and t.entrants.exists() else "live"


def screen_json(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    """The hall's panels, once per version of the tournament (304 while unchanged)."""
    t = tournament_of(game, event_id)
    return hall.hall_json(
        request,
        (game.namespace, event_id),
        version(t),
        lambda: {"panels": panels(game, t), "frame": frame(t)},
    )


def panels(game: PairedGame, t: Tournament) -> list[dict[str, str]]:
    """The panels in their turn: pairings by table, by name, the round's results, the
    standings (each cut into pages that a hall can read)."""
    base: dict[str, Any] = {"game": game, "t": t, "event": t.event}
    out: list[hall.Panel] = []

    def add(key: str, title: str, template: str, rows: list[Any]) -> None:
        out.extend(
            hall.paged(
                key,
                title,
                rows,
                lambda chunk: render_to_string(template, {**base, "rows": chunk}),
            )
        )

    rnd: Round | None = t.round_set.order_by("-number").first()
    if rnd is not None:
        tables = list(rnd.tables.all())
        heading = gettext("Ronde %(number)s") % {"number": rnd.number}
        add(
            "tables",
            gettext("%(round)s : appariements par table") % {"round": heading},
            "rounds/hall/tables.html",
            tables,
        )
        seats = [(tb.a, tb.b, tb) for tb in tables] + [(tb.b, tb.a, tb) for tb in tables if tb.b]
        seats.sort(key=lambda s: french_key(s[0]))
        add(
            "names",
            gettext("%(round)s : votre table") % {"round": heading},
            "rounds/hall/names.html",
            [{"name": n, "opponent": o, "table": tb} for n, o, tb in seats],
        )
        done = [tb for tb in tables if tb.entered and tb.b]
        if done:
            add(
                "results",
                gettext("%(round)s : résultats") % {"round": heading},
                "rounds/hall/tables.html",
                done,
            )
    rows, final = game.standings_rows(t)
    title = gettext("Classement final") if final else gettext("Classement")
    add("standings", title, "rounds/hall/standings.html", rows)
    return [p.to_json() for p in out]
