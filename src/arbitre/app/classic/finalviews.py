"""Pages of the final phase's games at the table (issue 35, item 3): the arbiter's table page
of a game (clock, score sheet, the arbiter's decisions), its state and actions, the sheet's
reopening, and the games of each match listed on the final phase's page
(:mod:`.finaltables`). The players open a game by its code, as any table
(:mod:`.tableviews`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from arbitre.app.classic import final, finaltables, tablejournal, tableviews
from arbitre.app.classic.game import GAME
from arbitre.app.events.roles import ARBITER, require_role
from arbitre.app.rounds.models import TableLog, Tournament
from arbitre.app.rounds.services import ServiceError
from arbitre.app.rounds.views import tournament_of


def _final_log(event_id: int, log_id: int) -> tuple[Tournament, TableLog]:
    t = tournament_of(GAME, event_id)
    log = TableLog.objects.filter(pk=log_id, table__isnull=True).first()
    if log is None or not finaltables.is_final(log) or log.setup.get("tournament") != t.pk:
        raise Http404
    return t, log


def game_url(event_id: int, log: TableLog) -> str:
    return reverse("classic:final_table", args=[event_id, log.pk])


def games_by_match(t: Tournament) -> dict[str, list[dict[str, Any]]]:
    """Each match's games at the tables, for the final phase's page (arbiters only: the
    codes open the tables): number, who starts, code, the arbiter's page, where it stands."""
    out: dict[str, list[dict[str, Any]]] = {}
    try:
        found = finaltables.ensure(t)
        matches = {m.id: m for m in final.matches(t)}
    except ServiceError:
        return out
    for match_id, logs in found.items():
        m = matches.get(match_id)
        if m is None:
            continue
        # a game of players a corrected semi-final replaced is no longer the match's
        games = [x for x in logs if x.setup.get("names") == [m.top, m.bottom]]
        out[match_id] = [
            {
                "number": log.setup[finaltables.GAME_KEY],
                "names": log.setup.get("names", []),
                "starts": finaltables.starts_of(log),
                "code": log.code,
                "url": game_url(t.event_id, log),
                "status": finaltables.status_of(log),
            }
            for log in games
        ]
    return out


def signed_scores(t: Tournament, match_id: str, games: list[dict[str, Any]]) -> str:
    """The scores of the match's games signed at the tables (top player first), as the
    director's entry form reads them: what is left to type is the game the tables could
    not decide (a forfeit, a loss whatever the score)."""
    m = next((x for x in final.matches(t) if x.id == match_id), None)
    if m is None or not games:
        return ""
    p = finaltables.progress(m, finaltables.logs(t).get(match_id, []))
    return " ".join(f"{a}-{b}" for a, b in p.scores)


@require_GET
@require_role(ARBITER)
def page(request: HttpRequest, event_id: int, log_id: int) -> HttpResponse:
    _, log = _final_log(event_id, log_id)
    return tableviews.table_page(request, log, arbiter=True, event_id=event_id)


@require_GET
@require_role(ARBITER)
def state(request: HttpRequest, event_id: int, log_id: int) -> HttpResponse:
    _, log = _final_log(event_id, log_id)
    return JsonResponse(tableviews.state_of(log))


@require_POST
@require_role(ARBITER)
def action(request: HttpRequest, event_id: int, log_id: int) -> HttpResponse:
    _, log = _final_log(event_id, log_id)
    return tableviews.action_response(request, log, arbiter=True)


@require_POST
@require_role(ARBITER)
def reopen(request: HttpRequest, event_id: int, log_id: int) -> HttpResponse:
    _, log = _final_log(event_id, log_id)
    try:
        tablejournal.reopen_final(log, request.user, request.POST.get("reason", "").strip())
        messages.success(request, gettext("Feuille rouverte : les signatures sont retirées."))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect(game_url(event_id, log))
