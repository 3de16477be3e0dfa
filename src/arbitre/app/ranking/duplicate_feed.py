"""The hook between a Duplicate event and the federation's season (issue 20, part 2): its
director closes it for the ranking, and its results feed the season."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.events.roles import DIRECTOR, require_role
from arbitre.app.ranking.forms import ClosureForm
from arbitre.app.ranking.models import RankedEvent
from arbitre.app.ranking.staged_ops import DUPLICATE_FEED
from arbitre.app.ranking.staged_pages import stage


@require_role(DIRECTOR)
def duplicate_feed(request: HttpRequest, event_id: int) -> HttpResponse:
    """GET: whether the event fed the season; POST: close it for the ranking (again:
    its results replaced), with its type and overseas mark (seed 002, A.5)."""
    dup = get_object_or_404(DuplicateEvent, event_id=event_id)
    initial = {"type_code": dup.ranking_type, "overseas": dup.overseas}
    form = ClosureForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        params = {
            "event_id": event_id,
            "type_code": data["type_code"],
            "overseas": data["overseas"],
            "reason": data["reason"],
        }
        shown = stage(request, DUPLICATE_FEED, params)  # previewed before it is written
        if shown is not None:
            return shown
        return redirect("ranking:duplicate_feed", event_id=event_id)
    ranked = RankedEvent.objects.filter(duplicate_event_id=event_id).first()
    context = {"dup": dup, "event": dup.event, "ranked": ranked, "form": form}
    return render(request, "ranking/duplicate_feed.html", context)
