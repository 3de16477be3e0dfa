"""The arbiters' and director's pages of the final stage's clocks (issue 33, item 10; seed
003 "Tableau final", "Consolation": matches "avec pendule"): a match's clock, its JSON state
and presses, the director's compensation (clock rules 1.2) and both-absent penalty (1.3),
and every match's clock on one page. The players open the same clock with the code of their
match sheet (:mod:`.clockviews`)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_POST

from arbitre.app.backgammon import bracket, bracketclock, clockforms, clockviews
from arbitre.app.backgammon.game import GAME
from arbitre.app.events.roles import ARBITER, DIRECTOR, require_role
from arbitre.app.rounds import codeguard, tablelog
from arbitre.app.rounds.models import TableLog, Tournament
from arbitre.app.rounds.services import ServiceError
from arbitre.app.rounds.views import tournament_of
from arbitre.i18n import word


def _log(event_id: int, mid: str) -> tuple[Tournament, TableLog]:
    t = tournament_of(GAME, event_id)
    if not t.bracket_started:
        raise ServiceError(gettext("Le tableau final n'est pas encore généré."))
    b = bracket.brackets(t)
    if mid not in b.matches:
        raise ServiceError(gettext("Match inconnu : %(match)s.") % {"match": mid})
    return t, bracketclock.log_of(t, b, mid)


def _base(event_id: int, mid: str) -> str:
    return reverse("backgammon:match_clock", args=[event_id, mid])


@require_GET
@require_role(ARBITER)
def page(request: HttpRequest, event_id: int, mid: str) -> HttpResponse:
    try:
        _, log = _log(event_id, mid)
    except ServiceError as exc:
        return HttpResponse(str(exc), status=404, content_type="text/plain; charset=utf-8")
    return clockviews.render_match(
        request, log, _base(event_id, mid), staff=True, event_id=event_id
    )


@require_GET
@require_role(ARBITER)
def state(request: HttpRequest, event_id: int, mid: str) -> HttpResponse:
    try:
        return JsonResponse(tablelog.state(_log(event_id, mid)[1]))
    except ServiceError as exc:
        return JsonResponse({"error": str(exc)}, status=404)


@require_POST
@require_role(ARBITER)
def action(request: HttpRequest, event_id: int, mid: str) -> HttpResponse:
    try:
        log = _log(event_id, mid)[1]
    except ServiceError as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    return clockviews.press(request, log, staff=True)


@require_POST
@require_role(DIRECTOR)
def compensation(request: HttpRequest, event_id: int, mid: str) -> HttpResponse:
    """Clock rules 1.2 at a final-stage match: time given to a player wronged by the clock."""
    return _director_form(request, event_id, mid, clockforms.compensate)


@require_POST
@require_role(DIRECTOR)
def both_absent(request: HttpRequest, event_id: int, mid: str) -> HttpResponse:
    """Clock rules 1.3 at a final-stage match: both players absent at the start."""
    return _director_form(request, event_id, mid, clockforms.both_absent)


def _director_form(
    request: HttpRequest,
    event_id: int,
    mid: str,
    apply: Callable[[HttpRequest, Tournament, TableLog, tuple[str, str]], None],
) -> HttpResponse:
    """One of the director's clock forms (:mod:`clockforms`) applied to the match's clock."""
    try:
        t, log = _log(event_id, mid)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        names = log.setup["names"]
        apply(request, t, log, (names[0], names[1]))
    return redirect(_base(event_id, mid))


@require_GET
@require_role(DIRECTOR)
def all_clocks(request: HttpRequest, event_id: int) -> HttpResponse:
    """Every final-stage match's clock, for the director (the page reloads itself)."""
    t = tournament_of(GAME, event_id)
    rows = []
    error = ""
    if t.bracket_started:
        try:
            b = bracket.brackets(t)
            logs = bracketclock.ensure_logs(t, b)
        except ServiceError as exc:
            error, b, logs = str(exc), None, {}
        for mid, log in logs.items():
            m = b.matches[mid] if b is not None and mid in b.matches else None
            rows.append(
                {
                    "id": mid,
                    "label": word(m.round_name, get_language()) if m is not None else "",
                    "log": log,
                    "names": log.setup["names"],
                    "state": tablelog.state(log),
                    "winner": b.winner(mid) if b is not None else None,
                }
            )
    return render(
        request,
        "backgammon/match_clocks.html",
        {
            "event": t.event,
            "t": t,
            "rows": rows,
            "error": error,
            "lockouts": codeguard.lockouts(),
        },
    )
