"""The self check-in page of a Classic or backgammon event (public, no login): a player picks
their name and types their licence (:mod:`arbitre.app.rounds.checkin`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from arbitre.app.rounds import checkin, services
from arbitre.app.rounds.games import PairedGame
from arbitre.app.rounds.views import page, tournament_of
from arbitre.common.collation import french_key


@require_http_methods(["GET", "POST"])
def self_check_in(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    if request.method == "POST":
        try:
            entrant_id = int(request.POST.get("entrant", ""))
        except ValueError:
            messages.error(request, gettext("Choisissez votre nom dans la liste."))
        else:
            try:
                e = checkin.declare(t, entrant_id, request.POST.get("licence", "")[:40])
            except services.ServiceError as exc:
                messages.error(request, str(exc))
            else:
                messages.success(
                    request,
                    gettext(
                        "Merci, %(name)s : votre présence est déclarée. Le directeur la confirmera."
                    )
                    % {"name": e.name},
                )
        return redirect(reverse(f"{game.namespace}:self_check_in", args=[event_id]))
    names = sorted(checkin.candidates(t), key=lambda e: french_key(e.name))
    context = {
        "t": t,
        "event": t.event,
        "open": checkin.is_open(t),
        "candidates": names,
        "choices": [(e.pk, e.name) for e in names],
    }
    return page(request, game, "self_check_in", context)
