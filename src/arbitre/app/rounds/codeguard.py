"""Table codes typed by the players, guarded against guessing (issue 34).

A table code opens its table without an account, so a client that types codes is throttled:
each unknown code counts against the client's address in a window of a minute
(django-ratelimit, on the cache every server process shares: ``CACHES`` in the settings);
past :data:`RATE` the client is locked out of every code, known or not, until the window
ends. Each lock-out is kept a while (:data:`LOCKOUTS_KEY`) for the director's round pages.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext
from django_ratelimit import ALL
from django_ratelimit.core import is_ratelimited

from arbitre.app.rounds import tablelog, tablepins
from arbitre.app.rounds.models import TableLog
from arbitre.app.rounds.services import ServiceError

GROUP = "arbitre.table-code"
RATE = "10/m"
"""Unknown codes a client may type in a minute before it is locked out."""
LOCKOUTS_KEY = "arbitre:table-code-lockouts"
LOCKOUTS_KEPT = 20
LOCKOUT_SHOWN = 3600
"""Seconds a lock-out stays listed on the director's pages."""


class LockedOut(ServiceError):
    """Too many unknown codes from this client: every code is refused for a while."""


def client_of(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", "") or "?")


def _limited(request: HttpRequest, *, increment: bool) -> bool:
    return bool(
        is_ratelimited(request, group=GROUP, key="ip", rate=RATE, method=ALL, increment=increment)
    )


def _note_lockout(request: HttpRequest) -> None:
    entries = [e for e in cache.get(LOCKOUTS_KEY, []) if e.get("client") != client_of(request)]
    entries.append({"client": client_of(request), "at": time.time()})
    cache.set(LOCKOUTS_KEY, entries[-LOCKOUTS_KEPT:], LOCKOUT_SHOWN)


def lockouts(now: float | None = None) -> list[dict[str, Any]]:
    """The clients locked out in the last hour, newest first: their address and when."""
    now = time.time() if now is None else now
    out = [
        {
            "client": e["client"],
            "at": e["at"],
            "when": time.strftime("%H:%M", time.localtime(e["at"])),
        }
        for e in cache.get(LOCKOUTS_KEY, [])
        if now - float(e.get("at", 0)) < LOCKOUT_SHOWN
    ]
    return sorted(out, key=lambda e: -e["at"])


def open_by_code(request: HttpRequest, code: str, kind: str | None = None) -> TableLog:
    """The log ``code`` opens (:func:`~arbitre.app.rounds.tablelog.log_by_code`), refused to
    a locked-out client; an unknown code counts against the client."""
    if _limited(request, increment=False):
        raise LockedOut(
            gettext(
                "Trop de codes de table inconnus essayés depuis cet appareil : attendez une "
                "minute avant de recommencer (l'arbitre en est averti)."
            )
        )
    try:
        return tablelog.log_by_code(code, kind)
    except tablelog.UnknownCode:
        if _limited(request, increment=True):
            _note_lockout(request)
        raise


PIN_GROUP = "arbitre.table-pin"
PIN_RATE = "5/10m"
"""Wrong PINs a table may see in ten minutes: one more, and its signatures wait for the
arbiter (or the end of the window)."""


def _pin_limited(log: TableLog, request: HttpRequest, *, increment: bool) -> bool:
    return bool(
        is_ratelimited(
            request,
            group=PIN_GROUP,
            key=lambda _group, _request: log.code,
            rate=PIN_RATE,
            method=ALL,
            increment=increment,
        )
    )


def check_pin_allowed(request: HttpRequest, log: TableLog) -> None:
    """Refuse a signature at a table that saw too many wrong PINs (a player trying the
    opponent's): the arbiter signs from the arbiter's page, or the window ends."""
    if _pin_limited(log, request, increment=False):
        raise LockedOut(
            gettext(
                "Trop de codes personnels faux à cette table : appelez l'arbitre ou attendez "
                "dix minutes."
            )
        )


def pin_failed(request: HttpRequest, log: TableLog) -> None:
    """One more wrong PIN at the table."""
    _pin_limited(log, request, increment=True)


def guard_signature(request: HttpRequest, log: TableLog, event: Any, kind: str) -> None:
    """Before a players' page's ``event`` reaches the log: a signature (``kind``) is refused
    at a table locked for wrong PINs (:func:`check_pin_allowed`)."""
    if isinstance(event, dict) and event.get("kind") == kind:
        check_pin_allowed(request, log)


def count_refusal(request: HttpRequest, log: TableLog, exc: ServiceError) -> None:
    """After a refusal from the players' page: a wrong PIN counts against the table."""
    if isinstance(exc, tablepins.WrongPin):
        pin_failed(request, log)
