"""Pages of a Classic event beyond the shared rounds: announced absences, the word list the
challenges are judged by, and the TSH file."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language, gettext, ngettext
from django.views.decorators.http import require_POST

from arbitre.app.classic import services, wordlist
from arbitre.app.classic.game import GAME
from arbitre.app.events.roles import DIRECTOR, require_role
from arbitre.app.rounds.services import ServiceError, entrant_of, parse_int, players_in_play
from arbitre.app.rounds.views import to, tournament_of
from arbitre.classic.tournament.tsh import format_tsh
from arbitre.common.messages import Refusal
from arbitre.i18n import word


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


@require_POST
@require_role(DIRECTOR)
def word_list(request: HttpRequest, event_id: int) -> HttpResponse:
    """The director chooses the list the tables' challenges are judged by (seed 001, 1.2;
    seed 000, 5.1): an uploaded list (the ODS the federation gives), or the default list."""
    t = tournament_of(GAME, event_id)
    upload = request.FILES.get("file") if request.POST.get("choice") != "default" else None
    if request.POST.get("choice") != "default" and upload is None:
        messages.error(request, gettext("Choisissez le fichier de la liste de mots."))
        return to(GAME, "detail", event_id)
    try:
        chosen, started = wordlist.set_word_list(t, upload, request.user)
    except ValueError as exc:
        reason = word(exc.message, get_language()) if isinstance(exc, Refusal) else str(exc)
        messages.error(request, gettext("Liste de mots refusée : %(reason)s") % {"reason": reason})
        return to(GAME, "detail", event_id)
    text = gettext("Les contestations sont jugées avec %(name)s (%(count)s mots).") % {
        "name": chosen.shown,
        "count": chosen.words,
    }
    if started:
        text += " " + ngettext(
            "La table déjà commencée garde sa liste.",
            "Les %(count)s tables déjà commencées gardent leur liste.",
            started,
        ) % {"count": started}
    messages.success(request, text)
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
