"""Friendly games at the table (issue 18): a director starts a game outside any tournament,
runs it from the arbiter's page and reopens its signed sheet (audited in the game's own
log, :mod:`.tablejournal`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_POST

from arbitre.app import wordlists
from arbitre.app.classic import finaltables, tablejournal, tables
from arbitre.app.classic.tableviews import action_response, clock_from_post, table_page
from arbitre.app.events.roles import DIRECTOR, require_role
from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import TableLog
from arbitre.app.rounds.services import ServiceError
from arbitre.classic.table import CLOCK_KINDS
from arbitre.common.messages import Refusal
from arbitre.i18n import word


@require_role(DIRECTOR)
def friendly(request: HttpRequest) -> HttpResponse:
    """A director starts a friendly game outside any tournament."""
    context: dict[str, Any] = {"clock_kinds": CLOCK_KINDS, "values": request.POST}
    if request.method == "POST":
        post = request.POST
        try:
            names = (post.get("a", "").strip(), post.get("b", "").strip())
            profile = post.get("profile", "")
            if profile not in ("ffsc", "fbs"):
                raise ServiceError(gettext("Choisissez un profil de règles."))
            clock = clock_from_post(request)
            upload = request.FILES.get("word_list")
            chosen = wordlists.store(upload) if upload else None
            log = tables.create_friendly(
                names, profile, clock, post.get("toss") == "on", request.user, chosen
            )
        except ServiceError as exc:
            context["error"] = str(exc)
        except ValueError as exc:  # the word list refused (its engine's reason) or too large
            reason = word(exc.message, get_language()) if isinstance(exc, Refusal) else str(exc)
            context["error"] = gettext("Liste de mots refusée : %(reason)s") % {"reason": reason}
        else:
            for text in tables.clock_warnings(clock):
                messages.warning(request, text)
            return redirect(reverse("classic:table_friendly_arbiter", args=[log.code]))
    return render(request, "classic/table_friendly.html", context)


def _friendly_log(code: str) -> TableLog:
    log = TableLog.objects.filter(code=tablelog.normal_code(code), table__isnull=True).first()
    if log is None or finaltables.is_final(log):  # a final-phase game is its event's
        raise Http404
    return log


@require_GET
@require_role(DIRECTOR)
def friendly_arbiter(request: HttpRequest, code: str) -> HttpResponse:
    """A friendly game's page with the arbiter's panel, for the directors."""
    return table_page(request, _friendly_log(code), arbiter=True)


@require_POST
@require_role(DIRECTOR)
def friendly_action(request: HttpRequest, code: str) -> HttpResponse:
    return action_response(request, _friendly_log(code), arbiter=True)


@require_POST
@require_role(DIRECTOR)
def friendly_reopen(request: HttpRequest, code: str) -> HttpResponse:
    """A director reopens a friendly game's signed sheet (audited in the game's log)."""
    log = _friendly_log(code)
    try:
        tablejournal.reopen_friendly(log, request.user, request.POST.get("reason", "").strip())
        messages.success(request, gettext("Feuille rouverte : les signatures sont retirées."))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect(reverse("classic:table_friendly_arbiter", args=[log.code]))
