"""Addresses of earlier versions, kept for bookmarks and printed QR codes: the paired events
lived under ``tournoi/`` for both games; they now live under each game's prefix. A request
to an old address is redirected (308: a form posted there is posted again) to the new one."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponsePermanentRedirect
from django.urls import path, reverse
from django.utils.translation import gettext

from arbitre.app.backgammon.game import GAME as BACKGAMMON
from arbitre.app.classic.game import GAME as CLASSIC
from arbitre.app.events.models import Event
from arbitre.app.rounds.games import PairedGame

GAMES: dict[str, PairedGame] = {game.kind: game for game in (CLASSIC, BACKGAMMON)}


class PermanentRedirect(HttpResponsePermanentRedirect):
    status_code = 308


def _moved(request: HttpRequest, target: str) -> PermanentRedirect:
    query = request.META.get("QUERY_STRING", "")
    return PermanentRedirect(f"{target}?{query}" if query else target)


def event_page(
    request: HttpRequest, event_id: int, rest: str = "", public: str = ""
) -> PermanentRedirect:
    kind = Event.objects.filter(pk=event_id).values_list("kind", flat=True).first()
    if kind not in GAMES:
        raise Http404(gettext("Événement inconnu."))
    return _moved(request, f"/{public}{GAMES[kind].url_prefix}/{event_id}/{rest}")


def creation(request: HttpRequest, kind: str) -> PermanentRedirect:
    return _moved(request, reverse(f"{GAMES[kind].namespace}:create"))


urlpatterns = [
    path("tournoi/classique/nouveau/", creation, {"kind": CLASSIC.kind}),
    path("tournoi/backgammon/nouveau/", creation, {"kind": BACKGAMMON.kind}),
    path("tournoi/<int:event_id>/", event_page),
    path("tournoi/<int:event_id>/<path:rest>", event_page),
    path("public/tournoi/<int:event_id>/", event_page, {"public": "public/"}),
    path("public/tournoi/<int:event_id>/<path:rest>", event_page, {"public": "public/"}),
]
