"""The officer's pages of a ranked event's corrections (issue 33): its overseas mark and its
withdrawal from the season, through :mod:`.event_admin`."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from arbitre.app.ranking.models import RankedEvent
from arbitre.app.ranking.officers import require_officer
from arbitre.app.ranking.staged_ops import OVERSEAS, WITHDRAW
from arbitre.app.ranking.staged_pages import stage


@require_POST
@require_officer
def event_overseas(request: HttpRequest, number: int) -> HttpResponse:
    """The overseas mark of a ranked event, corrected with a reason: shown first as the
    series and tiers it changes (issue 33)."""
    ranked = get_object_or_404(RankedEvent, pk=number)
    overseas = request.POST.get("overseas") == "on"
    if ranked.overseas == overseas:
        messages.info(request, gettext("Aucune modification."))
        return redirect("ranking:event", number=ranked.pk)
    params = {"event": ranked.pk, "overseas": overseas, "reason": request.POST.get("reason", "")}
    shown = stage(request, OVERSEAS, params)
    return shown or redirect("ranking:event", number=ranked.pk)


@require_officer
def event_withdraw(request: HttpRequest, number: int) -> HttpResponse:
    """GET: the withdrawal of an event from its season; POST: its preview (issue 33), the
    officer confirms there."""
    ranked = get_object_or_404(RankedEvent, pk=number)
    if request.method == "POST":
        params = {"event": ranked.pk, "reason": request.POST.get("reason", "")}
        shown = stage(request, WITHDRAW, params)
        return shown or redirect("ranking:event_withdraw", number=number)
    context = {"ranked": ranked, "rows": ranked.rows.count()}
    return render(request, "ranking/event_withdraw.html", context)
