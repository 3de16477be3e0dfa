"""The players' public pages (issue 20, part 4): no login; search by name or licence."""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from arbitre.app.ranking.models import Licensee
from arbitre.app.ranking.pages import player_context
from arbitre.app.ranking.services import french_order

SEARCH_LIMIT = 50


def search(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").replace("\x00", "").strip()[:100]
    found: list[Licensee] = []
    if query:
        rows = Licensee.objects.all()
        for word in query.split():
            rows = rows.filter(
                Q(licence=word) | Q(name__icontains=word) | Q(first_name__icontains=word)
            )
        found = french_order(rows, SEARCH_LIMIT)
    return render(request, "ranking/public_search.html", {"query": query, "found": found})


def player(request: HttpRequest, licence: str) -> HttpResponse:
    context = player_context(licence)
    if context["licensee"] is None:
        raise Http404
    return render(request, "ranking/player.html", {**context, "full": False})
