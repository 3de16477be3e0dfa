"""The director's live overview (issue 35, item 4): the page and the JSON it polls."""

from __future__ import annotations

import re

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from arbitre.app.events import needs
from arbitre.app.events.models import Event
from arbitre.app.events.needs_model import Overview
from arbitre.app.events.roles import DIRECTOR, require_role

POLL_SECONDS = 3
"""How often the page asks for the list again."""


def _overview(request: HttpRequest, event_id: int) -> Overview:
    """The overview of the round the address names (``?ronde=3``), else the current one."""
    event = get_object_or_404(Event, pk=event_id)
    text = request.GET.get("ronde", "")
    number = int(text) if re.fullmatch(r"[0-9]{1,4}", text) else None
    try:
        return needs.overview(event, number)
    except LookupError:
        raise Http404 from None


def _json_url(event_id: int, number: int | None) -> str:
    url = reverse("events:needs_json", args=[event_id])
    return url if number is None else f"{url}?ronde={number}"


@require_GET
@require_role(DIRECTOR)
def page(request: HttpRequest, event_id: int) -> HttpResponse:
    found = _overview(request, event_id)
    chosen = request.GET.get("ronde", "") != ""
    return render(
        request,
        "events/needs.html",
        {
            "event": found.event,
            "found": found,
            "initial": needs.payload(found),
            "json_url": _json_url(event_id, found.round if chosen else None),
            "poll_ms": POLL_SECONDS * 1000,
        },
    )


@require_GET
@require_role(DIRECTOR)
def state(request: HttpRequest, event_id: int) -> HttpResponse:
    return JsonResponse(needs.payload(_overview(request, event_id)))
