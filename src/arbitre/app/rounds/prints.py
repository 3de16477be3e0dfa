"""Print-friendly sheets (pairings by table and alphabetical, score or match sheets, the
tables' slips, the standings) and the exports of a paired event: standings, results and
final-stage CSV.

A table's code gives control of its table (issue 34): it is printed only on that table's
slip and score sheet, never on a sheet posted for the whole hall (the pairings)."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext

from arbitre.app.events import hall
from arbitre.app.events.roles import ARBITER, require_role
from arbitre.app.rounds.games import PairedGame
from arbitre.app.rounds.models import Round, TableLog
from arbitre.app.rounds.views import page, tournament_of
from arbitre.backgammon.championship.csvfiles import format_bracket_results
from arbitre.common.collation import french_key
from arbitre.common.spreadsheet import neutralise


@require_role(ARBITER)
def pairings(request: HttpRequest, event_id: int, number: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    tables = list(rnd.tables.all())
    alphabetical = request.GET.get("ordre") == "alpha"
    lines: list[dict[str, Any]] = []
    if alphabetical:
        for tb in tables:
            for me, other in ((tb.a, tb.b), (tb.b, tb.a)):
                if me:
                    lines.append(
                        {"name": me, "table": tb.number, "opponent": other or gettext("exempt")}
                    )
        lines.sort(key=lambda x: french_key(x["name"]))
    context = {
        "t": t,
        "event": t.event,
        "round": rnd,
        "tables": tables,
        "lines": lines,
        "alpha": alphabetical,
    }
    return page(request, game, "print_pairings", context)


@require_role(ARBITER)
def score_sheets(
    request: HttpRequest, event_id: int, number: int, game: PairedGame
) -> HttpResponse:
    t = tournament_of(game, event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    tables = [tb for tb in rnd.tables.all() if not tb.is_bye]
    context = {"t": t, "event": t.event, "round": rnd, "tables": tables, **game.sheet_context(t)}
    return page(request, game, "print_sheets", context)


TABLE_GAMES = frozenset({"classic", "backgammon"})
"""The games whose tables are opened by a code (a table page or clock)."""
SIGNING_GAMES = frozenset({"classic", "backgammon"})
"""The games whose players sign at the table, each with their own PIN (the Classic sheet;
the backgammon result confirmed, seed 003, 4.6)."""


@require_role(ARBITER)
def slips(request: HttpRequest, event_id: int, number: int, game: PairedGame) -> HttpResponse:
    """One slip per table, cut apart and handed to its players: the table's code and its QR
    code (the table's page), and on each player's own part their personal PIN (where the
    players sign at the table). The only print that carries the codes with the sheets."""
    t = tournament_of(game, event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    rows = []
    if game.namespace in TABLE_GAMES:
        logs = {log.table_id: log for log in TableLog.objects.filter(table__round=rnd)}
        for tb in rnd.tables.all():
            log = logs.get(tb.pk)
            if tb.is_bye or log is None:
                continue
            url = hall.public_url(request, reverse(f"{game.namespace}:table_page", args=[log.code]))
            pins = list(log.pins) if game.namespace in SIGNING_GAMES else []
            rows.append(
                {
                    "tb": tb,
                    "code": log.code,
                    "url": url,
                    "qr": hall.qr_svg(url),
                    "players": [
                        {"name": name, "pin": pins[i] if len(pins) == 2 else ""}
                        for i, name in enumerate((tb.a, tb.b))
                    ],
                }
            )
    # slips printed from this machine's own address carry QR codes no phone can open
    local = bool(rows) and not hall.reaches_phones(rows[0]["url"])
    context = {"t": t, "event": t.event, "round": rnd, "rows": rows, "local": local}
    return page(request, game, "print_slips", context)


@require_role(ARBITER)
def print_standings(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    rows, final = game.standings_rows(t)
    return page(
        request, game, "print_standings", {"t": t, "event": t.event, "rows": rows, "final": final}
    )


def _cell(value: Any) -> Any:
    return neutralise(value) if isinstance(value, str) else value


def csv_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text.encode("utf-8-sig"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def standings_csv(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    """Public: the current standings with each criterion of the game."""
    t = tournament_of(game, event_id)
    rows, _ = game.standings_rows(t)
    out = io.StringIO()
    csv.writer(out, delimiter=";", lineterminator="\n").writerows(
        [[_cell(c) for c in row] for row in game.standings_csv(rows)]
    )
    return csv_response(out.getvalue(), f"classement-{event_id}.csv")


def results_csv(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    """Public: every result, in the engine's results format (re-readable by the CLI)."""
    t = tournament_of(game, event_id)
    return csv_response(game.results_csv(t), f"resultats-{event_id}.csv")


def knockout_csv(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    """Public: final-stage results ``match,vainqueur,manches`` in French (the backgammon
    engine's bracket results format, re-read by ``arbitre backgammon bracket``), or the
    game's own format (the Classic final phase's games, re-read by ``arbitre classic
    final``). A match in progress (sets so far, no winner yet) is
    not a result: left out."""
    t = tournament_of(game, event_id)
    own = game.knockout_csv(t)
    if own is not None:
        return csv_response(own, f"phase-finale-{event_id}.csv")
    rows = [
        (r.match_id, r.winner, [(a, b) for a, b in r.scores]) for r in t.knockout.all() if r.winner
    ]
    return csv_response(format_bracket_results(rows, "fr"), f"phase-finale-{event_id}.csv")
