"""Print-friendly pages (``@page`` CSS), the federation results CSV and the progression plot."""

from __future__ import annotations

import codecs

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from arbitre.app.duplicate import appeals, services
from arbitre.app.duplicate.models import Registration
from arbitre.app.duplicate.progression import progression, svg_document
from arbitre.app.duplicate.sheet_rows import sheet_rows
from arbitre.app.duplicate.views import _dup, _game
from arbitre.app.events.roles import ARBITER, require_role
from arbitre.app.federation.identity import ranking_results
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import GameSheet
from arbitre.duplicate.results_csv import (
    ResultsEncodingError,
    encode_results,
)
from arbitre.duplicate.warning_slip import must_notify, slip_html, slips_document


@require_role(ARBITER)
def game_sheet(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    dup = _dup(event_id)
    game = _game(dup, number)
    engine = services.engine_of(game)
    # 5.3: a move scored above its top on appeal is marked until the chief decides
    found = [a for a in appeals.pending(dup) if a.game == game.name]
    return render(
        request,
        "duplicate/print_game.html",
        {
            "dup": dup,
            "event": dup.event,
            "game": game,
            "moves": engine.moves,
            # 2.2, 5.2: the rejected, unplayable and annulled draws in their place
            "rows": (rows := sheet_rows(engine)),
            "attempts": any(r["kind"] == "attempt" for r in rows),
            "total": engine.total,
            "marked": {a.move for a in found},
            "above_top": appeals.marks(found),
        },
    )


@require_role(ARBITER)
def player_sheet(request: HttpRequest, event_id: int, licence: str) -> HttpResponse:
    dup = _dup(event_id)
    reg = get_object_or_404(Registration, duplicate=dup, licence=licence)
    event = services.build_event(dup)
    if all(p.licence != reg.licence for p in event.players):
        raise Http404  # found absent at the check-in and never came (presence.no_shows)
    found = [a for a in appeals.pending(dup, event) if reg.licence in a.licences]
    sheets = [
        {
            "sheet": event.sheet(g, reg.licence),
            "marked": {a.move for a in found if a.game == g.name},
        }
        for g in event.games
    ]
    row = next(r for r in event.standings() if r.player.licence == reg.licence)
    return render(
        request,
        "duplicate/print_player.html",
        {
            "dup": dup,
            "event": dup.event,
            "reg": reg,
            "sheets": sheets,
            "row": row,
            "above_top": appeals.marks(found),
        },
    )


@require_role(ARBITER)
def warning_slips(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    dup = _dup(event_id)
    game = _game(dup, number)
    lang = services.language()
    slips = []
    tops = [m.move for m in services.engine_of(game).moves]
    # 4.7: each slip gives the player's running count of warnings in the game
    event = services.build_event(dup)
    scores = next(g for g in event.games if g.name == game.name)
    sheets: dict[str, GameSheet] = {}
    settings = event.settings
    for entry in game.ballots.select_related("registration").order_by(
        "move_number", "registration__table"
    ):
        decision = Decision.from_json(entry.decision)
        top = tops[entry.move_number - 1] if entry.move_number <= len(tops) else None
        if must_notify(decision, top):
            player = services.player_of(entry.registration)
            licence = player.licence
            if licence not in sheets:
                sheets[licence] = event.sheet(scores, licence)
            count = sheets[licence].warnings_up_to(
                entry.move_number, settings.disciplinary_in_penalty
            )
            slips.append(
                slip_html(
                    dup.event.name,
                    game.name,
                    entry.move_number,
                    player,
                    decision,
                    lang,
                    count=count,
                    free_warnings=settings.free_warnings,
                    penalty=settings.warning_penalty,
                )
            )
    return HttpResponse(slips_document(dup.event.name, slips, lang))


@require_role(ARBITER)
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    dup = _dup(event_id)
    event = services.build_event(dup)
    standings = event.standings_table()
    found = appeals.pending(dup, event)
    return render(
        request,
        "duplicate/print_standings.html",
        {
            "dup": dup,
            "event": dup.event,
            "rows": standings.rows,
            "games": standings.games,
            "solos": standings.solos,
            "marked": {licence for a in found for licence in a.licences},
            "above_top": appeals.marks(found),
        },
    )


@require_role(ARBITER)
def results_csv_view(request: HttpRequest, event_id: int) -> HttpResponse:
    dup = _dup(event_id)
    encoding = "latin-1" if request.GET.get("encodage") == "latin-1" else "utf-8"
    try:
        # the export carries the ranking's type, overseas mark (seed 002, A.5) and identity
        text = ranking_results(dup)
        data = encode_results(text, encoding)
    except ResultsEncodingError as exc:
        return HttpResponse(
            services.worded(exc.message), status=400, content_type="text/plain; charset=utf-8"
        )
    if encoding == "utf-8":
        data = codecs.BOM_UTF8 + data  # Excel reads UTF-8 without a BOM as Windows-1252
    response = HttpResponse(data, content_type=f"text/csv; charset={encoding}")
    response["Content-Disposition"] = f'attachment; filename="resultats-{dup.event.pk}.csv"'
    return response


def progression_svg(request: HttpRequest, event_id: int, licence: str) -> HttpResponse:
    """The player's cumulative score against the cumulative top, move by move, over the games."""
    dup = _dup(event_id)
    reg = get_object_or_404(Registration, duplicate=dup, licence=licence)
    event = services.build_event(dup)
    chart = progression(event, reg.licence, reg.full_name)
    return HttpResponse(svg_document(chart), content_type="image/svg+xml")
