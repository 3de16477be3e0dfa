"""Pages of a Classic event beyond the shared rounds: announced absences and the TSH file."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from arbitre.app.classic import services
from arbitre.app.classic.game import GAME
from arbitre.app.events.roles import DIRECTOR, require_role
from arbitre.app.rounds.services import ServiceError, entrant_of, parse_int, players_in_play
from arbitre.app.rounds.views import to, tournament_of
from arbitre.classic.tournament.tsh import format_tsh


@require_POST
@require_role(DIRECTOR)
def absence(request: HttpRequest, event_id: int) -> HttpResponse:
    """Note or cancel an absence announced for one round (seed 000 "Forfaits provisoires")."""
    t = tournament_of(GAME, event_id)
    post = request.POST
    try:
        entrant_id = parse_int(post.get("entrant"))
        number = parse_int(post.get("round"))
        if entrant_id is None:
            raise ServiceError(gettext("Choisissez un joueur."))
        if number is None:
            raise ServiceError(gettext("Indiquez la ronde."))
        name = entrant_of(t, entrant_id).name
        if post.get("action") == "cancel_absence":
            services.cancel_absence(t, entrant_id, number, request.user)
            messages.success(
                request,
                gettext("Absence de %(name)s à la ronde %(round)s annulée.")
                % {"name": name, "round": number},
            )
        else:
            services.announce_absence(t, entrant_id, number, request.user)
            messages.success(
                request,
                gettext("%(name)s absent à la ronde %(round)s.") % {"name": name, "round": number},
            )
    except ServiceError as exc:
        messages.error(request, str(exc))
    return to(GAME, "detail", event_id)


def tsh_file(request: HttpRequest, event_id: int) -> HttpResponse:
    """The TSH ``.t`` file (:mod:`arbitre.classic.tournament.tsh`) of the finished rounds: a
    table still waiting for its result is not a loss."""
    t = tournament_of(GAME, event_id)
    players = [services.player(e) for e in players_in_play(t)]
    text = format_tsh(players, services.rounds(t, include_partial=False))
    return HttpResponse(
        text,
        content_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="tournoi-{event_id}.t"'},
    )
