"""What the pages that change the published figures share (issue 33): a change is staged
(:mod:`.staging`) and its author sent to its preview; a refusal is worded for them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import get_language, gettext

from arbitre.app.ranking import results, services, staging
from arbitre.common.messages import Refusal
from arbitre.common.players_csv import PlayersFileError
from arbitre.i18n import word, word_line
from arbitre.ranking.results_import import ImportRefused


def refusal_messages(request: HttpRequest, exc: Exception) -> None:
    """Word a refusal of results for the officer (every bad line of a file)."""
    if isinstance(exc, ImportRefused):
        messages.error(
            request,
            gettext("Import refusé, rien n'est enregistré : %(count)s ligne(s) à corriger.")
            % {"count": len(exc.errors)},
        )
    for line in results.refusal_lines(exc)[:50]:
        messages.error(request, line)


def refused(request: HttpRequest, exc: Exception) -> None:
    """Word any refusal of a staged operation for its author."""
    if isinstance(exc, (Refusal, results.ResultsRefused, ImportRefused)):
        refusal_messages(request, exc)
    elif isinstance(exc, PlayersFileError):
        messages.error(
            request,
            gettext("Import refusé, rien n'est enregistré : %(count)s ligne(s) à corriger.")
            % {"count": len(exc.errors)},
        )
        for error in exc.errors[:50]:
            messages.error(request, word_line(error, get_language()))
    elif isinstance(exc, services.LicenseeRefused):
        for problem in exc.problems:
            messages.error(request, word(problem, get_language()))
    else:
        messages.error(request, str(exc))


def refusals() -> tuple[type[Exception], ...]:
    from arbitre.app.federation.services import UploadRefused

    return (
        Refusal,
        results.ResultsRefused,
        ImportRefused,
        PlayersFileError,
        services.LicenseeRefused,
        UploadRefused,
    )


def stage(
    request: HttpRequest, kind: str, params: dict[str, Any], data: bytes = b""
) -> HttpResponse | None:
    """Stage a change and show its preview; None after a refusal (worded in the messages)."""
    try:
        change = staging.stage(kind, request.user, params, data)
    except refusals() as exc:
        refused(request, exc)
        return None
    return redirect("ranking:pending", number=change.pk)
