"""The director's clock-rule forms of seed 003 (clock rules 1.2, compensation; 1.3, both
players absent) read from a request and applied through :mod:`clockdecisions`: one reading
for a Swiss round's table and a final-stage match. The outcome is told to the director as a
message; nothing is written when the form is refused."""

from __future__ import annotations

import math
import secrets

from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext

from arbitre.app.backgammon import clockdecisions
from arbitre.app.rounds.models import TableLog, Tournament
from arbitre.app.rounds.services import ServiceError


def _minutes(text: str, empty: float | None = None) -> float:
    """Minutes typed with a comma or a point (``empty`` when nothing was typed, if given); a
    value that is no finite number refused."""
    text = text.strip().replace(",", ".")
    value = empty if not text and empty is not None else float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def _client_id(request: HttpRequest, kind: str) -> str:
    """The form's own id (a repeated press applies once), or a fresh one."""
    return f"{kind}-" + (request.POST.get("id", "")[:40] or secrets.token_hex(8))


def compensate(request: HttpRequest, t: Tournament, log: TableLog, names: tuple[str, str]) -> None:
    """Clock rules 1.2: the time typed (minutes and seconds) given to the player chosen."""
    post = request.POST
    try:
        side = int(post.get("player", ""))
        seconds = round(_minutes(post.get("minutes", ""), empty=0) * 60) + int(
            post.get("seconds", "0") or 0
        )
    except (ValueError, OverflowError):
        messages.error(request, gettext("Indiquez la durée en minutes et secondes."))
        return
    try:
        clockdecisions.compensate(
            t,
            log,
            side,
            seconds,
            post.get("reason", ""),
            request.user,
            _client_id(request, "compensation"),
        )
    except ServiceError as exc:
        messages.error(request, str(exc))
        return
    messages.success(
        request,
        gettext("Compensation de %(seconds)s s donnée à %(name)s.")
        % {"seconds": seconds, "name": names[side]},
    )


def both_absent(request: HttpRequest, t: Tournament, log: TableLog, names: tuple[str, str]) -> None:
    """Clock rules 1.3: the player who arrived first and the minutes elapsed until then."""
    post = request.POST
    try:
        first = int(post.get("player", ""))
        seconds = round(_minutes(post.get("minutes", "")) * 60)
    except (ValueError, OverflowError):
        messages.error(request, gettext("Indiquez le joueur arrivé le premier et les minutes."))
        return
    try:
        clockdecisions.both_absent(
            t, log, first, seconds, request.user, _client_id(request, "both-absent")
        )
    except ServiceError as exc:
        messages.error(request, str(exc))
        return
    messages.success(
        request,
        gettext(
            "Moitié du temps écoulé retirée aux deux joueurs ; la pendule de %(name)s est lancée."
        )
        % {"name": names[1 - first]},
    )
