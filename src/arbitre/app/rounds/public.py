"""Public pages of the paired events (no login): standings, rounds, a player's history, the
final stage, and the version the live pages poll."""

from __future__ import annotations

from typing import Any

from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from arbitre.app.events import live
from arbitre.app.events.templatetags.wording import rule_label
from arbitre.app.rounds import services
from arbitre.app.rounds.games import PairedGame
from arbitre.app.rounds.models import AuditEntry, Entrant, Round, Tournament
from arbitre.app.rounds.views import page, tournament_of


def version(t: Tournament) -> str:
    """Changes with every change of the tournament (:mod:`arbitre.app.events.live`): its own
    version, bumped by every service, and its last audit entry."""
    last = AuditEntry.objects.filter(tournament=t).aggregate(last=Max("pk"))["last"]
    return f"{t.version}-{last}"


def public(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    rows, final = live.cached(
        ("rounds-standings", t.pk), version(t), lambda: game.standings_rows(t)
    )
    last = t.round_set.order_by("-number").first()
    context = {
        "t": t,
        "event": t.event,
        "rows": rows,
        "final": final,
        "rounds": t.round_set.all(),
        "last": last,
        "tables": last.tables.all() if last else [],
    }
    return page(request, game, "public", context)


def public_round(
    request: HttpRequest, event_id: int, number: int, game: PairedGame
) -> HttpResponse:
    t = tournament_of(game, event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    tables = [{"table": tb, "rule": rule_label(tb.rule)} for tb in rnd.tables.all()]
    context = {
        "t": t,
        "event": t.event,
        "round": rnd,
        "tables": tables,
        "rounds": t.round_set.all(),
    }
    return page(request, game, "public_round", context)


def public_player(
    request: HttpRequest, event_id: int, entrant_id: int, game: PairedGame
) -> HttpResponse:
    t = tournament_of(game, event_id)
    e = get_object_or_404(Entrant, tournament=t, pk=entrant_id)
    lines = live.cached(("rounds-history", t.pk, e.pk), version(t), lambda: game.history(t, e.name))
    context = {"t": t, "event": t.event, "entrant": e, "lines": lines}
    return page(request, game, "public_player", context)


def public_knockout(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    context: dict[str, Any] = {
        "t": t,
        "event": t.event,
        "error": "",
        "stages": [],
        "rounds": t.round_set.all(),
    }
    if game.knockout_started(t):
        try:
            context.update(game.knockout_view(t))
        except services.ServiceError as exc:
            context["error"] = str(exc)
    return page(request, game, "public_knockout", context)


def state_json(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    """Polled by the live pages (they reload when the version moves): 304 while it stays."""
    t = tournament_of(game, event_id)
    return live.conditional_json(
        request, live.etag("rounds-state", t.pk, t.version), lambda: {"version": t.version}
    )
