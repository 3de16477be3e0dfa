"""The officer's pages of a ranked event's corrections (issue 33): its overseas mark and its
withdrawal from the season, through :mod:`.event_admin`."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from arbitre.app.ranking import results
from arbitre.app.ranking.event_admin import set_overseas, withdraw
from arbitre.app.ranking.models import RankedEvent
from arbitre.app.ranking.officers import require_officer
from arbitre.app.ranking.season_views import refusal_messages


@require_POST
@require_officer
def event_overseas(request: HttpRequest, number: int) -> HttpResponse:
    """The overseas mark of a ranked event, corrected with a reason."""
    ranked = get_object_or_404(RankedEvent, pk=number)
    overseas = request.POST.get("overseas") == "on"
    try:
        changed = set_overseas(request.user, ranked, overseas, request.POST.get("reason", ""))
    except results.ResultsRefused as exc:
        refusal_messages(request, exc)
    else:
        if changed:
            messages.success(
                request,
                gettext("Épreuve marquée outre-mer ; classement recalculé.")
                if overseas
                else gettext("Marque outre-mer retirée ; classement recalculé."),
            )
    return redirect("ranking:event", number=ranked.pk)


@require_officer
def event_withdraw(request: HttpRequest, number: int) -> HttpResponse:
    """GET: confirm the withdrawal of an event from its season; POST: withdraw it."""
    ranked = get_object_or_404(RankedEvent, pk=number)
    if request.method == "POST":
        name, season = ranked.name, str(ranked.season)
        try:
            withdraw(request.user, ranked, request.POST.get("reason", ""))
        except results.ResultsRefused as exc:
            refusal_messages(request, exc)
            return redirect("ranking:event_withdraw", number=number)
        messages.success(
            request,
            gettext(
                "Épreuve « %(name)s » retirée de la saison %(season)s : ses résultats ne "
                "comptent plus ; classement recalculé."
            )
            % {"name": name, "season": season},
        )
        return redirect("ranking:season")
    context = {"ranked": ranked, "rows": ranked.rows.count()}
    return render(request, "ranking/event_withdraw.html", context)
