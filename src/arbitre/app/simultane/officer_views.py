"""The federation officer's pages: simultanés published, their centres, the code read out
by phone from the official start on."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from arbitre.app.ranking.officers import require_officer
from arbitre.app.ranking.results import ResultsRefused
from arbitre.app.ranking.staged_ops import SIMULTANE_SEASON
from arbitre.app.ranking.staged_pages import refusal_messages, stage
from arbitre.app.simultane import merge, officer_page, publish, season
from arbitre.app.simultane.forms import AdmitForm, PublishForm, type_label
from arbitre.app.simultane.models import Centre, CentreUpload, Simultane
from arbitre.app.uploads import UploadTooLarge, read_limited


@require_officer
def simultanes(request: HttpRequest) -> HttpResponse:
    """The simultanés published; a new one published (its games sealed at once)."""
    form = PublishForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            texts = [
                read_limited(f, publish.RECORD_CHARS, gettext("Fichier de partie")).decode("utf-8")
                for f in data["games"]
            ]
            found = publish.publish(
                request.user,
                data["name"],
                data["type_code"],
                form.starts_at(),
                data["seconds_per_move"],
                texts,
                form.later_starts(),
            )
        except UnicodeDecodeError:
            form.add_error("games", gettext("Fichier non UTF-8."))
        except (publish.PublishRefused, UploadTooLarge) as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                gettext("Simultané « %(name)s » publié, ses parties scellées.")
                % {"name": found.name},
            )
            return redirect("simultane:officer_detail", simultane_id=found.pk)
    listed = [(s, type_label(s.type_code)) for s in Simultane.objects.all()[:200]]
    return render(request, "simultane/officer_list.html", {"form": form, "listed": listed})


@require_officer
def detail(request: HttpRequest, simultane_id: int) -> HttpResponse:
    """A simultané: its centres (admit, remove) and, from the start on, its code; its
    centres and standings kept per version (:mod:`.officer_page`)."""
    simultane = get_object_or_404(Simultane, pk=simultane_id)
    form = AdmitForm(publish.clubs_with_keys(), request.POST or None)
    if request.method == "POST":
        officer_page.own_change(request, simultane)
        if request.POST.get("action") == "season":
            return _into_season(request, simultane)
        if request.POST.get("action") == "close":
            try:
                merge.close(request.user, simultane)
                messages.success(
                    request, gettext("Simultané clos : ses résultats ne changent plus.")
                )
            except publish.PublishRefused as exc:
                messages.error(request, str(exc))
            return redirect("simultane:officer_detail", simultane_id=simultane.pk)
        if request.POST.get("remove"):
            centre = get_object_or_404(Centre, pk=request.POST["remove"], simultane=simultane)
            if CentreUpload.objects.filter(centre=centre).exists():
                # its results are kept: withdrawn from the standings, audited, restorable
                messages.error(
                    request,
                    gettext(
                        "Ce centre a envoyé des résultats : retirez-les du classement "
                        "(page des corrections, avec le motif) au lieu de supprimer le centre."
                    ),
                )
            else:
                publish.remove(request.user, centre)
                messages.success(
                    request, gettext("Centre retiré : %(club)s.") % {"club": centre.club}
                )
            return redirect("simultane:officer_detail", simultane_id=simultane.pk)
        if form.is_valid():
            try:
                publish.admit(request.user, simultane, form.cleaned_data["club"])
            except publish.PublishRefused as exc:
                form.add_error("club", str(exc))
            else:
                messages.success(request, gettext("Centre admis."))
                return redirect("simultane:officer_detail", simultane_id=simultane.pk)
    own = officer_page.after_own_change(request, simultane)
    centres, standings = officer_page.parts(request, simultane, own)
    context = {
        "simultane": simultane,
        "type": type_label(simultane.type_code),
        "centres_part": centres,
        "standings_part": standings,
        "admit_form": officer_page.admit_form(form),
        "code": publish.code_if_released(simultane),
        "versed": season.versed(simultane),
    }
    return render(request, "simultane/officer_detail.html", context)


def _into_season(request: HttpRequest, simultane: Simultane) -> HttpResponse:
    """Show the season's preview of the simultané's standings (the series and tiers they
    change, issue 33), the simultané still open: confirming there closes it and imports
    them in one transaction; cancelling leaves it open and unchanged."""
    try:
        season.refuse_if_versed(simultane)
    except ResultsRefused as exc:
        refusal_messages(request, exc)
        return redirect("simultane:officer_detail", simultane_id=simultane.pk)
    params = {
        "simultane": simultane.pk,
        "name": simultane.name,
        "source_name": gettext("Simultané — %(name)s") % {"name": simultane.name},
    }
    staged = stage(request, SIMULTANE_SEASON, params)
    return staged or redirect("simultane:officer_detail", simultane_id=simultane.pk)


@require_GET
@require_officer
def sealed_download(request: HttpRequest, simultane_id: int) -> HttpResponse:
    """The sealed file, for a centre that receives it on a USB key (opens with the code)."""
    simultane = get_object_or_404(Simultane, pk=simultane_id)
    response = HttpResponse(simultane.sealed, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{simultane.uid}.json"'
    return response
