"""The officer's page of a simultané's corrections: a centre's upload withdrawn or restored,
a player's score for a game corrected or the player removed from the ranking, a correction
undone, each with its reason; the journal of these changes (who, when, before, after, why)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_noop

from arbitre.app.ranking.officers import require_officer
from arbitre.app.simultane import corrections, officer_page
from arbitre.app.simultane.forms import CorrectionForm, ReasonForm
from arbitre.app.simultane.models import Centre, Correction, Simultane
from arbitre.app.simultane.publish import PublishRefused

DONE = {
    "withdraw": gettext_noop("Résultats du centre retirés du classement."),
    "restore": gettext_noop("Résultats du centre rétablis au classement."),
    "undo": gettext_noop("Correction annulée."),
}


@require_officer
def corrections_page(request: HttpRequest, simultane_id: int) -> HttpResponse:
    simultane = get_object_or_404(Simultane, pk=simultane_id)
    uploaded = list(Centre.objects.filter(simultane=simultane, upload__isnull=False).with_upload())
    form = CorrectionForm([(c.pk, c.club) for c in uploaded], simultane.games)
    action = request.POST.get("action", "")
    if request.method == "POST":  # the officer's page shows the change at its next view
        officer_page.own_change(request, simultane)
    if request.method == "POST" and action == "correct":
        form = CorrectionForm([(c.pk, c.club) for c in uploaded], simultane.games, request.POST)
        if form.is_valid():
            data = form.cleaned_data
            centre = get_object_or_404(Centre, pk=data["centre"], simultane=simultane)
            try:
                if data["remove"]:
                    corrections.remove_player(request.user, centre, data["licence"], data["reason"])
                else:
                    corrections.correct(
                        request.user,
                        centre,
                        data["licence"],
                        data["game"],
                        data["score"],
                        data["reason"],
                    )
            except PublishRefused as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, gettext("Correction enregistrée."))
                return redirect("simultane:officer_corrections", simultane_id=simultane.pk)
    elif request.method == "POST" and action in DONE:
        reason = ReasonForm(request.POST)
        try:
            if not reason.is_valid():
                raise PublishRefused(gettext("Indiquez le motif : il est gardé au journal."))
            why = reason.cleaned_data["reason"]
            if action == "undo":
                found = get_object_or_404(
                    Correction, pk=request.POST.get("correction"), centre__simultane=simultane
                )
                corrections.undo(request.user, found, why)
            else:
                centre = get_object_or_404(
                    Centre, pk=request.POST.get("centre"), simultane=simultane
                )
                change = corrections.withdraw if action == "withdraw" else corrections.restore
                change(request.user, centre, why)
        except PublishRefused as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, gettext(DONE[action]))
        return redirect("simultane:officer_corrections", simultane_id=simultane.pk)
    context = {
        "simultane": simultane,
        "centres": uploaded,
        "form": form,
        "standing": Correction.objects.filter(centre__simultane=simultane).select_related(
            "centre", "by"
        ),
        "journal": simultane.audit.select_related("user")[:500],
    }
    return render(request, "simultane/officer_corrections.html", context)
