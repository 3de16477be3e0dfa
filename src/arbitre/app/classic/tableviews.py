"""Pages of Classic Scrabble at the table (issue 18): the table page opened by its code (the
players, no account) or from the round (the arbiters), its JSON state and actions, the
printed score sheet, the GCG record, the arbiters' overview of a round, the tables' clock,
friendly games."""

from __future__ import annotations

import re
import time
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from arbitre.app import jsontext
from arbitre.app.classic import finaltables, tablejournal, tables
from arbitre.app.classic.game import GAME
from arbitre.app.events.roles import ARBITER, DIRECTOR, has_role, require_role
from arbitre.app.rounds import codeguard, tablelog
from arbitre.app.rounds.models import Round, Table, TableLog
from arbitre.app.rounds.services import ServiceError
from arbitre.app.rounds.views import tournament_of
from arbitre.classic.table import CLOCK_KINDS, NEUTRALISATIONS, ClockSettings


def _refused(text: str, status: int = 404) -> HttpResponse:
    return JsonResponse({"error": text}, status=status)


def state_of(log: TableLog) -> dict[str, Any]:
    return tablelog.state(log)


def table_page(
    request: HttpRequest, log: TableLog, *, arbiter: bool, event_id: int | None = None
) -> HttpResponse:
    final = finaltables.is_final(log)
    if arbiter and log.table is not None and event_id is not None:
        tb = log.table
        base = f"/classique/{event_id}/table/{tb.pk}/"
        state_url, action_url = f"{base}etat/", f"{base}action/"
    elif arbiter and final:
        base = f"/classique/{event_id}/phase-finale/table/{log.pk}/"
        state_url, action_url = f"{base}etat/", f"{base}action/"
    elif arbiter:  # a friendly game, run by a director
        base = f"/classique/amicale/{log.code}/"
        state_url, action_url = f"/classique/table/{log.code}/etat/", f"{base}action/"
    else:
        base = f"/classique/table/{log.code}/"
        state_url, action_url = f"{base}etat/", f"{base}action/"
    return render(
        request,
        "classic/table.html",
        {
            "log": log,
            "table": log.table,
            "state_url": state_url,
            "action_url": action_url,
            "arbiter": arbiter,
            "event_id": event_id,
            "epoch": log.epoch,
            "server_now": time.time(),
            "initial": state_of(log),
            "neutralisations": [r for r in NEUTRALISATIONS if r != "challenge"],
            "print_url": f"/classique/table/{log.code}/imprimer/",
            "gcg_url": f"/classique/table/{log.code}/partie.gcg",
            "word_list": tables.word_list_of(log),
            "friendly_audit": tablejournal.friendly_journal(log)
            if arbiter and log.table is None and not final
            else None,
            # a final-phase game: its match and game, who starts it (000 3.1; 001 3.1-3.2)
            "final": {
                "label": finaltables.label_of(log),
                "starts": finaltables.starts_of(log),
                "reopen_url": f"{base}rouvrir/",
                "knockout_url": f"/classique/{event_id}/phase-finale/" if event_id else "",
            }
            if final
            else None,
        },
    )


def _by_code(request: HttpRequest, code: str) -> TableLog | HttpResponse:
    try:
        return codeguard.open_by_code(request, code, tables.KIND)
    except ServiceError as exc:
        return HttpResponse(str(exc), status=404, content_type="text/plain; charset=utf-8")


@require_GET
def enter_code(request: HttpRequest) -> HttpResponse:
    """The form where players type their table code."""
    code = tablelog.normal_code(request.GET.get("code", ""))
    if code:
        try:
            codeguard.open_by_code(request, code, tables.KIND)
        except ServiceError as exc:
            return render(request, "classic/table_code.html", {"error": str(exc), "code": code})
        return redirect(reverse("classic:table_page", args=[code]))
    return render(request, "classic/table_code.html", {})


@require_GET
def page(request: HttpRequest, code: str) -> HttpResponse:
    log = _by_code(request, code)
    if isinstance(log, HttpResponse):
        return render(
            request, "classic/table_code.html", {"error": log.content.decode()}, status=404
        )
    return table_page(request, log, arbiter=False)


@require_GET
def state(request: HttpRequest, code: str) -> HttpResponse:
    try:
        log = codeguard.open_by_code(request, code, tables.KIND)
        return JsonResponse(state_of(log))
    except ServiceError as exc:
        return _refused(str(exc))


def action_response(request: HttpRequest, log: TableLog, *, arbiter: bool) -> HttpResponse:
    try:
        body = jsontext.loads(request.body or b"{}")
    except jsontext.JsonRefused as exc:
        return _refused(str(exc), 400)
    if not isinstance(body, dict):
        return _refused(gettext("Action illisible."), 400)
    event = body.get("event")
    try:
        if not arbiter:
            codeguard.guard_signature(request, log, event, "sign")
        done = tables.act(log, event, str(body.get("id", "")), request.user, arbiter=arbiter)
        out = state_of(done.log)
    except ServiceError as exc:
        if not arbiter:
            codeguard.count_refusal(request, log, exc)
        tablelog.note_refusal(exc, request.user)
        return _refused(str(exc), 400)
    out["repeated"] = done.repeated
    out["stamped"] = done.stamped
    return JsonResponse(out)


@require_POST
def action(request: HttpRequest, code: str) -> HttpResponse:
    try:
        log = codeguard.open_by_code(request, code, tables.KIND)
    except ServiceError as exc:
        return _refused(str(exc))
    return action_response(request, log, arbiter=False)


@require_GET
def print_sheet(request: HttpRequest, code: str) -> HttpResponse:
    """The score sheet to print (HTML print page), by the table code."""
    log = _by_code(request, code)
    if isinstance(log, HttpResponse):
        return log
    return render(request, "classic/table_print.html", {"log": log, "state": state_of(log)})


def _game_number(text: str) -> int | None:
    """The game of the match asked for (``?partie=2``), None: the game in play."""
    return int(text) if text.isdigit() else None


@require_GET
def gcg(request: HttpRequest, code: str) -> HttpResponse:
    log = _by_code(request, code)
    if isinstance(log, HttpResponse):
        return log
    return HttpResponse(
        tables.gcg_of(log, _game_number(request.GET.get("partie", ""))),
        content_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="partie-{log.code}.gcg"'},
    )


# -- the arbiters ------------------------------------------------------------------------------


def _table_log(event_id: int, table_id: int) -> tuple[Any, TableLog]:
    t = tournament_of(GAME, event_id)
    tb = get_object_or_404(Table.objects.select_related("round"), pk=table_id, round__tournament=t)
    if tb.is_bye:
        raise Http404
    log = TableLog.objects.select_related("table__round").filter(table=tb).first()
    if log is None:  # a table paired before codes existed
        tables.ensure_logs(t, tb.round)
        log = TableLog.objects.select_related("table__round").get(table=tb)
    return t, log


@require_GET
@require_role(ARBITER)
def arbiter_page(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    _, log = _table_log(event_id, table_id)
    return table_page(request, log, arbiter=True, event_id=event_id)


@require_GET
@require_role(ARBITER)
def arbiter_state(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    _, log = _table_log(event_id, table_id)
    return JsonResponse(state_of(log))


@require_POST
@require_role(ARBITER)
def arbiter_action(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    _, log = _table_log(event_id, table_id)
    return action_response(request, log, arbiter=True)


@require_POST
@require_role(ARBITER)
def reopen(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    t, log = _table_log(event_id, table_id)
    try:
        tablejournal.reopen(t, log, request.user, request.POST.get("reason", "").strip())
        messages.success(request, gettext("Feuille rouverte : les signatures sont retirées."))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect(reverse("classic:table_arbiter", args=[event_id, table_id]))


def _overview_rows(t: Any, rnd: Round) -> list[dict[str, Any]]:
    rows = []
    for log in tables.ensure_logs(t, rnd):
        st = state_of(log)
        tb = log.table
        assert tb is not None
        ch = st["challenge"]
        rows.append(
            {
                "table": tb.number,
                "table_id": tb.pk,
                "code": log.code,
                "names": st["names"],
                "scores": st["scores"],
                "clock": st["clock"],
                "to_move": st["to_move"],
                "started": st["started"],
                "neutralised": st["neutralised"],
                "challenge_pending": bool(ch and ch["pending"]),
                "call": st["neutralised"] == "arbiter",
                # a match between two games is still in play
                "finished": st["result"] is not None and not st["match"]["next_game_due"],
                "signed": st["finished"],
                "entered": tb.entered,
                "turns": len([line for line in st["sheet"] if not line.get("note")]),
                "match": _match_text(st.get("match")),
            }
        )
    return rows


def _match_text(match: dict[str, Any] | None) -> str:
    """A match in best of three at a glance: the game in play and the games won."""
    if not match or match["best_of"] == 1:
        return ""
    won = match["games_won"]
    return gettext("partie %(game)s, parties gagnées %(a)s – %(b)s") % {
        "game": match["game"],
        "a": won[0],
        "b": won[1],
    }


@require_GET
@require_role(ARBITER)
def overview(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    t = tournament_of(GAME, event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    rows = _overview_rows(t, rnd)
    clock = tables.clock_settings(t)
    return render(
        request,
        "classic/table_overview.html",
        {
            "t": t,
            "event": t.event,
            "rnd": rnd,
            "rows": rows,
            "clock": clock,
            "clock_minutes": round(clock.seconds / 60, 2),
            "clock_kinds": CLOCK_KINDS,
            "is_director": has_role(request.user, DIRECTOR, event_id),
            "json_url": reverse("classic:table_overview_json", args=[event_id, number]),
            "lockouts": codeguard.lockouts(),
        },
    )


@require_GET
@require_role(ARBITER)
def overview_json(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    t = tournament_of(GAME, event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    return JsonResponse({"rows": _overview_rows(t, rnd)})


def clock_from_post(request: HttpRequest) -> ClockSettings:
    post = request.POST
    try:
        minutes = float(post.get("minutes", "").replace(",", "."))
        warning = int(post.get("warning") or 0)
    except ValueError:
        raise ServiceError(gettext("Indiquez la durée en minutes.")) from None
    if not 0 < minutes <= 600:
        raise ServiceError(gettext("Indiquez la durée en minutes."))
    return ClockSettings(post.get("kind", ""), round(minutes * 60), warning)


@require_POST
@require_role(DIRECTOR)
def set_clock(request: HttpRequest, event_id: int) -> HttpResponse:
    t = tournament_of(GAME, event_id)
    try:
        c = clock_from_post(request)
        warnings = tables.set_clock(t, c.kind, c.seconds / 60, c.warning, request.user)
        finaltables.ensure(t)  # the final phase's games not started take the new clock
        messages.success(request, gettext("Pendule des tables enregistrée."))
        for text in warnings:
            messages.warning(request, text)
    except ServiceError as exc:
        messages.error(request, str(exc))
    number = request.POST.get("round", "")
    if re.fullmatch(r"[0-9]{1,4}", number):
        return redirect(reverse("classic:table_overview", args=[event_id, int(number)]))
    return redirect(reverse("classic:detail", args=[event_id]))
