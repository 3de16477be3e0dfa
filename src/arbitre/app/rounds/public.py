"""Public pages of the paired events (no login): standings, rounds, a player's history, the
final stage, and the version the live pages poll."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from arbitre.app.events import live
from arbitre.app.events.templatetags.wording import rule_label
from arbitre.app.rounds import checkin, services
from arbitre.app.rounds.games import PairedGame
from arbitre.app.rounds.models import AuditEntry, Entrant, Round, Tournament
from arbitre.app.rounds.views import tournament_of
from arbitre.app.shared_pages import shared_page


def version(t: Tournament) -> str:
    """Changes with every change of the tournament (:mod:`arbitre.app.events.live`): its own
    version, bumped by every service, and its last audit entry."""
    return _version(t.event_id, lambda: t)


def _version(event_id: int, load: Callable[[], Tournament]) -> str:
    """:func:`version` of the event's tournament, loaded by ``load()`` only when the version
    is read from the database again (at most once a second)."""

    def read() -> str:
        t = load()
        last = AuditEntry.objects.filter(tournament=t).aggregate(last=Max("pk"))["last"]
        return f"{t.version}-{last}"

    return live.recent_version(("rounds", event_id), read)


Resolved = tuple[Tournament, dict[str, Any], Callable[[], dict[str, Any]]]
"""What a live page shows: the tournament, the page's own context (also given to its
content), and the function that builds its content's data."""


def _live_page(
    request: HttpRequest,
    game: PairedGame,
    name: str,
    event_id: int,
    resolve: Callable[[], Resolved],
) -> HttpResponse:
    """A public page whose content follows the tournament live.

    The content (``templates/<game>/live/<name>.html``, else ``rounds/live/<name>.html``) is
    rendered once per version of the tournament and shared by every visitor; the page around
    it (menu, language, login) is rendered for each. With ``?fragment=1`` the content alone
    is answered, with an ETag (304 while unchanged): the page's script puts it in place when
    the version moves, instead of reloading the whole page. ``resolve()`` reads the database
    (the tournament, the round or player shown, 404 when absent); a fragment polled while
    the version holds is answered from memory without calling it."""
    at = _version(event_id, lambda: resolve()[0])

    def fragment() -> str:
        t, frame, build = resolve()
        data = {"game": game, "t": t, "event": t.event, **frame, **build()}
        names = [f"{game.templates}/live/{name}.html", f"rounds/live/{name}.html"]
        return render_to_string(names, data)

    key = ("rounds-page", event_id, request.path)
    tag_parts = ("rounds-page", request.path)  # the content's ETag, also carried by the page
    if "fragment" in request.GET:
        return live.conditional_cached(
            request, key, at, tag_parts, fragment, "text/html; charset=utf-8"
        )

    def context() -> dict[str, Any]:
        t, frame, _ = resolve()
        html = mark_safe(live.cached(key, at, fragment))  # noqa: S308 - rendered by our templates
        tag = live.etag(*tag_parts, at)  # the tag its polls carry
        return {"game": game, "t": t, "event": t.event, **frame, "live_html": html, "live_tag": tag}

    names = [f"{game.templates}/{name}.html", f"rounds/{name}.html"]
    return shared_page(request, at, names, context)


def public(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    def resolve() -> Resolved:
        t = tournament_of(game, event_id)

        def build() -> dict[str, Any]:
            rows, final = game.standings_rows(t)
            last = t.round_set.order_by("-number").first()
            tables = list(last.tables.all()) if last else []
            return {
                "rows": rows,
                "final": final,
                "rounds": list(t.round_set.all()),
                "last": last,
                "tables": tables,
                # the standings count the results entered so far (a round being entered)
                "missing_results": sum(not tb.entered and not tb.is_bye for tb in tables),
            }

        return t, {"checkin_open": checkin.is_open(t)}, build

    return _live_page(request, game, "public", event_id, resolve)


def public_round(
    request: HttpRequest, event_id: int, number: int, game: PairedGame
) -> HttpResponse:
    def resolve() -> Resolved:
        t = tournament_of(game, event_id)
        rnd = get_object_or_404(Round, tournament=t, number=number)

        def build() -> dict[str, Any]:
            tables = [{"table": tb, "rule": rule_label(tb.rule)} for tb in rnd.tables.all()]
            return {"tables": tables, "rounds": list(t.round_set.all())}

        return t, {"round": rnd}, build

    return _live_page(request, game, "public_round", event_id, resolve)


def public_player(
    request: HttpRequest, event_id: int, entrant_id: int, game: PairedGame
) -> HttpResponse:
    def resolve() -> Resolved:
        t = tournament_of(game, event_id)
        e = get_object_or_404(Entrant, tournament=t, pk=entrant_id)
        return t, {"entrant": e}, lambda: {"lines": game.history(t, e.name)}

    return _live_page(request, game, "public_player", event_id, resolve)


def public_knockout(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    def resolve() -> Resolved:
        t = tournament_of(game, event_id)

        def build() -> dict[str, Any]:
            context: dict[str, Any] = {"error": "", "stages": [], "rounds": list(t.round_set.all())}
            if game.knockout_started(t):
                try:
                    context.update(game.knockout_view(t))
                except services.ServiceError as exc:
                    context["error"] = str(exc)
            return context

        return t, {}, build

    return _live_page(request, game, "public_knockout", event_id, resolve)


def state_json(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    """Polled by the live pages (they fetch their content when the version moves): 304 while
    it stays. The version is read from the database at most once a second, whatever
    the number of phones polling."""

    def read() -> str:
        return str(tournament_of(game, event_id).version)

    at = live.recent_version(("rounds-state", game.namespace, event_id), read)
    return live.conditional_json(
        request, live.etag("rounds-state", event_id, at), lambda: {"version": int(at)}
    )
