"""Print-friendly sheets (pairings by table and alphabetical, score and match sheets) and the
exports: standings and results CSV, the TSH ``.t`` file (Classic), Jellyfish ``.mat``."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from arbitre.app.events.roles import ARBITER, require_role
from arbitre.app.tournaments import services
from arbitre.app.tournaments.models import Round, Table, Tournament
from arbitre.app.tournaments.views import _tournament, standings_rows
from arbitre.backgammon.board import BackgammonError
from arbitre.backgammon.clock import ClockSettings, format_seconds
from arbitre.backgammon.mat import export_mat, import_mat
from arbitre.classic.tournament.tsh import format_tsh


def _round(t: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=t, number=number)


def clock_budget(t: Tournament, length: int) -> str:
    """Time per player (seed 003 clock rules 2.1; rulings Backgammon 6), by the clock engine."""
    settings = ClockSettings(per_point=t.clock_per_point * 60, increment=float(t.clock_increment))
    return f"{format_seconds(settings.budget(length))} + {t.clock_increment} s par coup"


@require_role(ARBITER)
def pairings(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    t = _tournament(event_id)
    rnd = _round(t, number)
    tables = list(rnd.tables.all())
    alphabetical = request.GET.get("ordre") == "alpha"
    lines: list[dict[str, Any]] = []
    if alphabetical:
        for tb in tables:
            for me, other in ((tb.a, tb.b), (tb.b, tb.a)):
                if me:
                    lines.append({"name": me, "table": tb.number, "opponent": other or "exempt"})
        lines.sort(key=lambda x: x["name"].casefold())
    return render(
        request,
        "tournaments/print_pairings.html",
        {
            "t": t,
            "event": t.event,
            "round": rnd,
            "tables": tables,
            "lines": lines,
            "alpha": alphabetical,
        },
    )


@require_role(ARBITER)
def score_sheets(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    t = _tournament(event_id)
    rnd = _round(t, number)
    tables = [tb for tb in rnd.tables.all() if not tb.is_bye]
    budget = "" if t.is_classic else clock_budget(t, t.match_length)
    return render(
        request,
        "tournaments/print_sheets.html",
        {
            "t": t,
            "event": t.event,
            "round": rnd,
            "tables": tables,
            "budget": budget,
            "games": range(1, t.best_of + 1),
        },
    )


@require_role(ARBITER)
def knockout_sheets(request: HttpRequest, event_id: int) -> HttpResponse:
    """Match sheets of the backgammon final stage, each set with its clock budget."""
    t = _tournament(event_id)
    sheets = []
    if not t.is_classic:
        try:
            b = services.brackets(t)
        except services.ServiceError as exc:
            messages.error(request, str(exc))
            return redirect("tournaments:knockout", event_id=event_id)
        for mid, m in b.matches.items():
            top, bottom = b.players(mid)
            if top is None or bottom is None or "BYE" in (top, bottom) or mid in b.winners:
                continue
            sets = [(i + 1, n, clock_budget(t, n)) for i, n in enumerate(m.sets)]
            sheets.append(
                {"id": mid, "label": m.round_name, "top": top, "bottom": bottom, "sets": sets}
            )
    return render(
        request, "tournaments/print_knockout.html", {"t": t, "event": t.event, "sheets": sheets}
    )


@require_role(ARBITER)
def print_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    rows, final = standings_rows(t)
    return render(
        request,
        "tournaments/print_standings.html",
        {"t": t, "event": t.event, "rows": rows, "final": final},
    )


def _csv_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text.encode("utf-8-sig"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def standings_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public: the current standings with each criterion."""
    t = _tournament(event_id)
    rows, _ = standings_rows(t)
    out = io.StringIO()
    w = csv.writer(out, delimiter=";", lineterminator="\n")
    if t.is_classic:
        w.writerow(
            [
                "rang",
                "ex_aequo",
                "nom",
                "club",
                "cote",
                "PM",
                "PPM",
                "PPM_utilises",
                "Pdep",
                "parties",
            ]
        )
        for r in rows:
            w.writerow(
                [
                    r["final_place"] or r["rank"],
                    int(r["ex_aequo"]),
                    r["name"],
                    r["club"],
                    r["rating"],
                    r["pm"],
                    r["ppm"],
                    int(r["ppm_used"]),
                    r["pdep"],
                    r["games"],
                ]
            )
    else:
        w.writerow(
            [
                "rang",
                "ex_aequo",
                "nom",
                "club",
                "elo",
                "points",
                "buchholz",
                "performance",
                "D",
                "joues",
            ]
        )
        for r in rows:
            w.writerow(
                [
                    r["rank"],
                    int(r["ex_aequo"]),
                    r["name"],
                    r["club"],
                    r["rating"],
                    r["points"],
                    r["buchholz"],
                    r["performance"],
                    r["d"],
                    r["played"],
                ]
            )
    return _csv_response(out.getvalue(), f"classement-{event_id}.csv")


def results_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public: every result, in the engines' results formats (re-readable by the CLI)."""
    t = _tournament(event_id)
    if t.is_classic:
        from arbitre.classic.tournament.results_csv import format_results

        text = format_results(services.classic_rounds(t))
    else:
        text = _bg_results(t)
    return _csv_response(text, f"resultats-{event_id}.csv")


def _bg_results(t: Tournament) -> str:
    """The Swiss results in the engine's format (``format_results``, re-readable by
    ``arbitre backgammon standings --results``)."""
    from arbitre.backgammon.championship.csvfiles import format_results

    return format_results(services.championship(t))


def knockout_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public: final-stage results ``match,winner,sets`` (the engine's bracket results format
    for backgammon; game scores for the Classic final phase)."""
    t = _tournament(event_id)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["match", "winner", "sets"])
    for r in t.knockout.all():
        w.writerow([r.match_id, r.winner, " ".join(f"{a}-{b}" for a, b in r.scores)])
    return _csv_response(out.getvalue(), f"phase-finale-{event_id}.csv")


def tsh_file(request: HttpRequest, event_id: int) -> HttpResponse:
    """The TSH ``.t`` file of a Classic event: one line per player, ``name rating opponents;
    scores``; opponents are line numbers, 0 for a round without an opponent."""
    t = _tournament(event_id)
    if not t.is_classic:
        return HttpResponse("Fichier .t : tournois de Scrabble classique seulement.", status=404)
    return HttpResponse(
        tsh_text(t),
        content_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="tournoi-{event_id}.t"'},
    )


def tsh_text(t: Tournament) -> str:
    """Only the finished rounds: a table still waiting for its result is not a loss."""
    players = [services.classic_player(e) for e in services.players_in_play(t)]
    return format_tsh(players, services.classic_rounds(t, include_partial=False))


@require_POST
@require_role(ARBITER)
def upload_mat(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """Store a match entered move by move (Jellyfish notation), checked by the match engine."""
    t = _tournament(event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    upload = request.FILES.get("file")
    text = upload.read().decode("utf-8", "replace") if upload else request.POST.get("mat", "")
    try:
        match = import_mat(text)
    except (BackgammonError, ValueError) as exc:
        messages.error(request, f"Table {tb.number} : feuille de match refusée : {exc}")
        return redirect("tournaments:round", event_id=event_id, number=tb.round.number)
    if match.length != t.match_length:
        messages.error(
            request,
            f"Table {tb.number} : la feuille est un match en {match.length} points, "
            f"la ronde se joue en {t.match_length}.",
        )
        return redirect("tournaments:round", event_id=event_id, number=tb.round.number)
    tb.mat = export_mat(match)
    tb.save(update_fields=["mat"])
    services.audit(
        t, request.user, "Feuille de match (.mat)", f"ronde {tb.round.number}, table {tb.number}"
    )
    services.bump(t)
    messages.success(request, f"Table {tb.number} : feuille de match enregistrée.")
    return redirect("tournaments:round", event_id=event_id, number=tb.round.number)


def download_mat(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    t = _tournament(event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    if not tb.mat:
        return HttpResponse("Aucune feuille de match pour cette table.", status=404)
    return HttpResponse(
        tb.mat,
        content_type="text/plain; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="ronde{tb.round.number}-table{tb.number}.mat"'
        },
    )
