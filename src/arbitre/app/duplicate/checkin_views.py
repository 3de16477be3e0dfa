"""Pages of the Duplicate check-in and seating (issue 35): the director's list (present or
absent, counts, search), the automatic numbering of the places, the arbiters' table ranges,
the players' self check-in page (public, no login) that the QR code leads to, and the chief's
list of missing ballots per arbiter (JSON, polled by the chief's screen)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods

from arbitre.app.duplicate import checkin, missing, places, services, tableranges
from arbitre.app.duplicate.forms import ArbiterForm
from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.duplicate.views import _dup, _game
from arbitre.app.events import hall
from arbitre.app.events.roles import DIRECTOR, require_role


def _to_page(event_id: int) -> HttpResponse:
    return redirect("duplicate:checkin", event_id=event_id)


@require_http_methods(["GET", "POST"])
@require_role(DIRECTOR)
def director_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The director's check-in list, the numbering and the arbiters' ranges."""
    dup = _dup(event_id)
    if request.method == "POST":
        _act(request, dup)
        return _to_page(event_id)
    listed = checkin.rows(dup)
    url = hall.public_url(request, reverse("duplicate:self_check_in", args=[event_id]))
    seated = sorted(
        (p for p in dup.players.select_related("arbiter") if p.table is not None),
        key=lambda p: p.table or 0,
    )
    context = {
        "dup": dup,
        "event": dup.event,
        "rows": listed,
        "counts": checkin.counts(listed),
        "open": checkin.is_open(dup),
        "self_url": url,
        "qr": hall.qr_svg(url, gettext("Pointage")),
        "reaches_phones": hall.reaches_phones(url),
        "methods": [(key, gettext(label)) for key, label in places.METHODS.items()],
        "ranges": tableranges.ranges_shown(dup),
        "arbiter_form": ArbiterForm(),
        "seated": seated,
    }
    return render(request, "duplicate/checkin.html", context)


def _act(request: HttpRequest, dup: DuplicateEvent) -> None:
    action = request.POST.get("action", "")
    try:
        if action == "confirm":
            try:
                ids = {int(x) for x in request.POST.getlist("present")}
            except ValueError:
                messages.error(request, gettext("Pointage illisible."))
                return
            present, absent = checkin.confirm(dup, ids, request.user)
            messages.success(
                request,
                gettext("Pointage enregistré : %(present)s présents, %(absent)s absents.")
                % {"present": present, "absent": absent},
            )
        elif action == "number":
            try:
                first = int(request.POST.get("first", "1") or 1)
            except ValueError:
                messages.error(request, gettext("La première place doit être un nombre entier."))
                return
            method = request.POST.get("method", "")
            count = places.number_tables(dup, method, request.user, first)
            messages.success(
                request,
                ngettext(
                    "%(count)s joueur placé (%(method)s).",
                    "%(count)s joueurs placés (%(method)s).",
                    count,
                )
                % {"count": count, "method": gettext(places.METHODS[method])},
            )
        elif action == "remove_range":
            try:
                range_id = int(request.POST.get("range", ""))
            except ValueError:
                messages.error(request, gettext("Ces tables ne sont plus attribuées."))
                return
            gone = tableranges.remove(dup, range_id, request.user)
            messages.success(
                request,
                gettext("Tables %(low)s à %(high)s retirées à %(username)s.")
                % {"low": gone.low, "high": gone.high, "username": gone.arbiter.get_username()},
            )
        else:
            messages.error(request, gettext("Action inconnue : %(action)s") % {"action": action})
    except services.ServiceError as exc:
        messages.error(request, str(exc))


@require_http_methods(["GET", "POST"])
def self_check_in(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public: a player picks their name and types their licence to declare themselves
    present (checked on the server: the check-in is open, the licence is theirs)."""
    dup = _dup(event_id)
    if request.method == "POST":
        try:
            registration_id = int(request.POST.get("entrant", ""))
        except ValueError:
            messages.error(request, gettext("Choisissez votre nom dans la liste."))
        else:
            try:
                player = checkin.declare(dup, registration_id, request.POST.get("licence", "")[:40])
            except services.ServiceError as exc:
                messages.error(request, str(exc))
            else:
                messages.success(
                    request,
                    gettext(
                        "Merci, %(name)s : votre présence est déclarée. Le juge-arbitre la "
                        "confirmera."
                    )
                    % {"name": player.full_name},
                )
        return redirect("duplicate:self_check_in", event_id=event_id)
    context = {
        "dup": dup,
        "event": dup.event,
        "open": checkin.is_open(dup),
        "candidates": (names := checkin.candidates(dup)),
        "choices": [(p.pk, p.full_name) for p in names],
    }
    return render(request, "duplicate/self_check_in.html", context)


@require_role(DIRECTOR)
def missing_json(request: HttpRequest, event_id: int, number: int) -> JsonResponse:
    """The chief's per-arbiter list of missing ballots, polled by the chief's screen."""
    game = _game(_dup(event_id), number)
    move = missing.current_move(game)
    rows = missing.missing_by_arbiter(game, move)
    return JsonResponse({"move": move, "arbiters": [r.to_json() for r in rows]})
