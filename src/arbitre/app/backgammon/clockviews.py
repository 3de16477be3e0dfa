"""The match clock on a tablet at a backgammon table (issue 19, part 1): the page, its JSON
state and presses (stored at every press through the table log), and the director's page
of every table's clock in a round."""

from __future__ import annotations

import secrets
import time
from types import SimpleNamespace
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_POST

from arbitre.app import jsontext
from arbitre.app.backgammon import bracket, clockforms, clocktable, resultsigning, services
from arbitre.app.backgammon.game import GAME
from arbitre.app.events.roles import ARBITER, DIRECTOR, has_role, require_role
from arbitre.app.rounds import codeguard, tablelog
from arbitre.app.rounds.models import Round, Table, TableLog, Tournament
from arbitre.app.rounds.services import ServiceError
from arbitre.app.rounds.views import tournament_of
from arbitre.i18n import word


def _log(event_id: int, table_id: int) -> TableLog:
    t = tournament_of(GAME, event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    return clocktable.log_of(t, tb)


def _render(
    request: HttpRequest, log: TableLog, base: str, *, staff: bool, event_id: int | None = None
) -> HttpResponse:
    tb = log.table
    if tb is None:
        return render_match(request, log, base, staff=staff, event_id=event_id)
    return render_clock(
        request,
        log,
        base,
        {
            "tb": tb,
            "event": tb.round.tournament.event,
            "compensation_url": reverse(
                "backgammon:clock_compensation", args=[tb.round.tournament.event_id, tb.pk]
            ),
            "both_absent_url": reverse(
                "backgammon:clock_both_absent", args=[tb.round.tournament.event_id, tb.pk]
            ),
        },
        staff=staff,
        event_id=event_id,
    )


def render_match(
    request: HttpRequest, log: TableLog, base: str, *, staff: bool, event_id: int | None = None
) -> HttpResponse:
    """The clock page of a final-stage match (issue 33): its players, the round it belongs
    to (quarter-final, consolation...) and the director's forms of that match."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=log.setup["tournament"])
    mid = str(log.setup["match"])
    label = ""
    try:
        m = bracket.brackets(t).matches.get(mid)
        label = word(m.round_name, get_language()) if m is not None else ""
    except ServiceError:
        pass
    names = log.setup["names"]
    return render_clock(
        request,
        log,
        base,
        {
            "tb": SimpleNamespace(a=names[0], b=names[1], mat=""),
            "event": t.event,
            "match_id": mid,
            "match_label": label,
            "compensation_url": reverse(
                "backgammon:match_clock_compensation", args=[t.event_id, mid]
            ),
            "both_absent_url": reverse(
                "backgammon:match_clock_both_absent", args=[t.event_id, mid]
            ),
        },
        staff=staff,
        event_id=event_id,
    )


def render_clock(
    request: HttpRequest,
    log: TableLog,
    base: str,
    context: dict[str, Any],
    *,
    staff: bool,
    event_id: int | None = None,
) -> HttpResponse:
    """The clock page of a round's table or of a final-stage match (``context`` names its
    players as ``tb.a``, ``tb.b``, its record as ``tb.mat``, its event and the director's
    forms)."""
    tb = context["tb"]
    return render(
        request,
        "backgammon/clock.html",
        {
            **context,
            "log": log,
            "state_url": f"{base}etat/",
            "action_url": f"{base}action/",
            "epoch": log.epoch,
            "length": log.setup["length"],
            "server_now": time.time(),
            "initial": tablelog.state(log),
            "initial_record": bool(tb.mat),
            "staff": staff,
            "director": staff and has_role(request.user, DIRECTOR, event_id),
            "compensation_id": secrets.token_hex(8),
            "both_absent_id": secrets.token_hex(8),
        },
    )


@require_GET
@require_role(ARBITER)
def page(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    try:
        log = _log(event_id, table_id)
    except ServiceError as exc:
        return HttpResponse(str(exc), status=404, content_type="text/plain; charset=utf-8")
    base = f"/backgammon/{event_id}/table/{table_id}/pendule/"
    return _render(request, log, base, staff=True, event_id=event_id)


@require_GET
@require_role(ARBITER)
def state(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    try:
        return JsonResponse(tablelog.state(_log(event_id, table_id)))
    except ServiceError as exc:
        return JsonResponse({"error": str(exc)}, status=404)


@require_POST
@require_role(ARBITER)
def action(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """A press, stored once (its id) when the clock engine accepts it after the others."""
    try:
        return press(request, _log(event_id, table_id), staff=True)
    except ServiceError as exc:
        return JsonResponse({"error": str(exc)}, status=400)


def press(request: HttpRequest, log: TableLog, *, staff: bool) -> HttpResponse:
    """A press from an arbiter's page (``staff``) or from the players' page by the table's
    code, where each player confirms the result with their own PIN (refused at a table
    locked for wrong PINs: the arbiter confirms from the arbiter's page)."""
    try:
        body = jsontext.loads(request.body or b"{}")
    except jsontext.JsonRefused as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    if not isinstance(body, dict):
        return JsonResponse({"error": gettext("Action illisible.")}, status=400)
    event = body.get("event")
    try:
        if not staff:
            codeguard.guard_signature(request, log, event, resultsigning.CONFIRM)
        done = tablelog.append(
            log.pk,
            event,
            str(body.get("id", "")),
            allowed=clocktable.staff_may if staff else clocktable.table_may,
        )
        out = tablelog.state(done.log)
    except ServiceError as exc:
        if not staff:
            codeguard.count_refusal(request, log, exc)
        tablelog.note_refusal(exc, request.user)
        return JsonResponse({"error": str(exc)}, status=400)
    out["repeated"] = done.repeated
    out["stamped"] = done.stamped
    return JsonResponse(out)


@require_GET
@require_role(DIRECTOR)
def round_clocks(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Every table's clock of a round, for the director (the page reloads itself)."""
    t = tournament_of(GAME, event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    # the clock the tablet opens: a clock not started follows the event's settings
    rows = [
        {"tb": tb, "state": tablelog.state(log) if log else None}
        for tb, log in clocktable.round_logs(t, rnd)
    ]
    return render(
        request,
        "backgammon/round_clocks.html",
        {
            "event": t.event,
            "t": t,
            "round": rnd,
            "rows": rows,
            "lockouts": codeguard.lockouts(),
            "budget": services.clock_budget(t, t.match_length),
        },
    )


@require_POST
@require_role(DIRECTOR)
def compensation(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """Clock rules 1.2: the director gives time to a player wronged by a faulty clock."""
    t = tournament_of(GAME, event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    clockforms.compensate(request, t, clocktable.log_of(t, tb), (tb.a, tb.b))
    return redirect(reverse("backgammon:clock", args=[event_id, table_id]))


@require_POST
@require_role(DIRECTOR)
def both_absent(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """Clock rules 1.3, both players absent: the director's penalty and the absent player's
    clock started."""
    t = tournament_of(GAME, event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    clockforms.both_absent(request, t, clocktable.log_of(t, tb), (tb.a, tb.b))
    return redirect(reverse("backgammon:clock", args=[event_id, table_id]))


# -- the players, by their table's code (no account; that table, that round only) -------------


def _by_code(request: HttpRequest, code: str) -> TableLog:
    """The backgammon table a code opens (that table, its round only), refused to a client
    locked out for guessing (:func:`~arbitre.app.rounds.codeguard.open_by_code`)."""
    log = codeguard.open_by_code(request, code, clocktable.KIND)
    if log.table is None:
        if "match" in log.setup:  # a final-stage match (issue 33)
            return log
        raise ServiceError(gettext("Code de table inconnu."))
    tb = log.table
    assert tb is not None
    return clocktable.log_of(tb.round.tournament, tb)  # the setup follows a changed pairing


@require_GET
def enter_code(request: HttpRequest) -> HttpResponse:
    """The form where the players type the code printed on their table's slip."""
    code = tablelog.normal_code(request.GET.get("code", ""))
    if code:
        try:
            _by_code(request, code)
        except ServiceError as exc:
            return render(request, "backgammon/table_code.html", {"error": str(exc), "code": code})
        return redirect(reverse("backgammon:table_page", args=[code]))
    return render(request, "backgammon/table_code.html", {})


@require_GET
def code_page(request: HttpRequest, code: str) -> HttpResponse:
    try:
        log = _by_code(request, code)
    except ServiceError as exc:
        return render(request, "backgammon/table_code.html", {"error": str(exc)}, status=404)
    return _render(request, log, f"/backgammon/table/{log.code}/", staff=False)


@require_GET
def code_state(request: HttpRequest, code: str) -> HttpResponse:
    try:
        return JsonResponse(tablelog.state(_by_code(request, code)))
    except ServiceError as exc:
        return JsonResponse({"error": str(exc)}, status=404)


@require_POST
def code_action(request: HttpRequest, code: str) -> HttpResponse:
    try:
        log = _by_code(request, code)
    except ServiceError as exc:
        return JsonResponse({"error": str(exc)}, status=404)
    return press(request, log, staff=False)
