"""The public pages of a simultané: its centres (results received, awaited, or withdrawn) and
the merged standings, overall, of one series or age category, or of one centre's players
(each centre's view); the solos of the whole simultané. The standings page polls the
simultané's version (a small JSON, answered 304 while it holds) and fetches the standings
again when it moves (``static/arbitre/simultane.js``)."""

from __future__ import annotations

import time
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET

from arbitre.app.events import live
from arbitre.app.shared_pages import shared_page
from arbitre.app.simultane import merged, shared_parts, tables
from arbitre.app.simultane.forms import type_label
from arbitre.app.simultane.models import Simultane

#: The most lines a public standings shows.
SHOWN = 2000


def _series(text: str) -> int | None:
    return int(text) if text.isdigit() and 1 <= int(text) <= 7 else None


def _filters(request: HttpRequest) -> tuple[int | None, str | None, str | None]:
    series = _series(request.GET.get("serie", ""))
    category = request.GET.get("categorie", "").strip()[:10] or None
    centre = request.GET.get("centre", "").strip()[:100] or None
    return series, category, centre


def _live_context(
    simultane: Simultane, series: int | None, category: str | None, centre: str | None
) -> dict[str, Any]:
    """What the live part of the page shows (the centres, the standings)."""
    found = merged.current(simultane)
    centres = simultane.centres.listed()
    standings = found.filtered(series, category, centre)[:SHOWN]
    return {
        "simultane": simultane,
        "centres": centres,
        "centres_items": tables.public_centres_items(centres),
        "standings": standings,
        "standings_rows": tables.standings_rows(standings),
        "series": series,
        "category": category,
        "centre": centre,
        "all_series": found.series,
        "categories": found.categories,
        "players": found.players,
    }


@require_GET
def public(request: HttpRequest, uid: str) -> HttpResponse:
    simultane = get_object_or_404(Simultane, uid=uid)
    series, category, centre = _filters(request)
    query = request.GET.urlencode()

    def context() -> dict[str, Any]:
        data = _live_context(simultane, series, category, centre)
        fragment = reverse("simultane:public_fragment", args=[uid])
        return {
            **data,
            "type": type_label(simultane.type_code),
            "version_url": reverse("simultane:public_version", args=[uid]),
            "fragment_url": fragment + (f"?{query}" if query else ""),
        }

    return shared_page(request, str(simultane.version), "simultane/public.html", context)


@require_GET
def public_version(request: HttpRequest, uid: str) -> HttpResponse:
    """The simultané's version, polled by its public pages: 304 while the page holds it."""
    found = Simultane.objects.filter(uid=uid).values_list("version", flat=True).first()
    if found is None:
        raise Http404
    return kept_to_the_second(
        live.conditional_json(
            request, live.etag("simultane", uid, found), lambda: {"version": found}
        )
    )


def kept_to_the_second(response: HttpResponse) -> HttpResponse:
    """The answer kept by the federation's proxy until the end of the current second
    (docs/federation-server.md), as nginx's ``X-Accel-Expires: @<second>`` says: nginx
    counts a cache's life in whole seconds from the second it stores an answer, so its one
    second (``proxy_cache_valid 200 1s``) kept an answer up to two seconds, and an upload
    reached the phones up to two seconds late. Only a whole answer (200) is kept, and not
    one that says already how long to keep it: the previous standings, given to a poll while
    another request of the process renders the new ones, are kept by no proxy
    (:func:`~arbitre.app.events.live.conditional_cached`), or the proxy would give them for
    the rest of the second to every phone of that entry of its cache (gzip or not)."""
    if response.status_code == 200:
        response.setdefault(live.PROXY_EXPIRES, f"@{int(time.time())}")
    return response


@require_GET
def public_fragment(request: HttpRequest, uid: str) -> HttpResponse:
    """The live part of the standings page, rendered once per version and filter (and, whole
    or of one series, for every server process: :mod:`.shared_parts`)."""
    simultane = get_object_or_404(Simultane, uid=uid)
    series, category, centre = _filters(request)
    parts = fragment_key(simultane, series, category, centre)
    return kept_to_the_second(
        live.conditional_cached(
            request,
            parts,
            str(simultane.version),
            parts,
            lambda: fragment(simultane, series, category, centre),
            "text/html; charset=utf-8",
        )
    )


def fragment_key(
    simultane: Simultane, series: int | None, category: str | None, centre: str | None
) -> tuple[object, ...]:
    return ("simultane-fragment", simultane.uid, series, category, centre)


def fragment(
    simultane: Simultane, series: int | None, category: str | None, centre: str | None
) -> str:
    """The live part of the standings page at the simultané's version (as read), in the
    active language: whole or of one series, rendered once for every server process."""

    def render() -> str:
        data = _live_context(simultane, series, category, centre)
        return render_to_string("simultane/public_live.html", data)

    if category is not None or centre is not None:  # any text: kept in memory only
        return render()
    key = fragment_key(simultane, series, category, centre)
    return shared_parts.stored(simultane.pk, simultane.version, key, render)


@require_GET
def public_solos(request: HttpRequest, uid: str) -> HttpResponse:
    """The solos of the whole simultané (seed 004, 2.6.4): game, move, player, centre."""
    simultane = get_object_or_404(Simultane, uid=uid)

    def context() -> dict[str, Any]:
        found = merged.current(simultane)
        return {"simultane": simultane, "solos": found.solos, "players": found.players}

    return shared_page(request, str(simultane.version), "simultane/public_solos.html", context)
