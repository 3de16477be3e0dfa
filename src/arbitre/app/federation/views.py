"""Pages: the federation's officer (club keys, uploads received: accept or reject) and the
club (the link to the federation; an event's results sent and the federation's answer)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from arbitre.app.duplicate import setup
from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.duplicate.services import worded
from arbitre.app.events.models import Event
from arbitre.app.events.roles import DIRECTOR, is_account_manager, require_role
from arbitre.app.federation import outbox, services
from arbitre.app.federation.models import ClubToken, OutboxItem, Upload
from arbitre.app.ranking.forms import DuplicateFeedForm
from arbitre.app.ranking.officers import require_officer
from arbitre.app.ranking.staged_ops import CLUB_UPLOAD
from arbitre.app.ranking.staged_pages import stage
from arbitre.app.simultane.models import Received
from arbitre.common.messages import Refusal

# -- federation side ----------------------------------------------------------------------------


@require_officer
def clubs(request: HttpRequest) -> HttpResponse:
    """The clubs' keys: create one (shown once), revoke one."""
    key = ""
    if request.method == "POST":
        if request.POST.get("revoke"):
            token = get_object_or_404(ClubToken, pk=request.POST["revoke"])
            services.revoke(request.user, token)
            messages.success(request, gettext("Clé révoquée : %(club)s.") % {"club": token.club})
            return redirect("federation:clubs")
        try:
            key = services.create_token(request.user, request.POST.get("club", ""))
        except services.UploadRefused as exc:
            messages.error(request, str(exc))
    context = {"tokens": ClubToken.objects.all(), "key": key, "club": request.POST.get("club", "")}
    return render(request, "federation/clubs.html", context)


@require_officer
def uploads(request: HttpRequest) -> HttpResponse:
    context = {"uploads": Upload.objects.select_related("token", "ranked_event")[:300]}
    return render(request, "federation/uploads.html", context)


@require_POST
@require_officer
def decide(request: HttpRequest, upload_id: int) -> HttpResponse:
    upload = get_object_or_404(Upload, pk=upload_id)
    if request.POST.get("action") == "accept":
        # shown first as the series and tiers it changes (issue 33), confirmed there
        if upload.status != Upload.Status.PENDING:
            messages.error(request, gettext("Cet envoi a déjà été traité."))
            return redirect("federation:uploads")
        params = {"upload_id": upload.pk, "reason": request.POST.get("reason", "")}
        return stage(request, CLUB_UPLOAD, params) or redirect("federation:uploads")
    try:
        services.reject(request.user, upload, request.POST.get("reason", ""))
        messages.success(request, gettext("Envoi refusé ; le club verra la raison."))
    except services.UploadRefused as exc:
        messages.error(request, str(exc))
    return redirect("federation:uploads")


# -- club side ----------------------------------------------------------------------------------


class LinkForm(forms.Form):
    url = forms.CharField(label=_("Adresse du serveur de la fédération"), required=False)
    token = forms.CharField(label=_("Clé du club"), required=False, max_length=80)


def link(request: HttpRequest) -> HttpResponse:
    """The club's link to its federation (account managers)."""
    if not request.user.is_authenticated:
        return redirect(f"/compte/connexion/?next={request.path}")
    if not is_account_manager(request.user):
        raise PermissionDenied(gettext("Cette page est réservée aux gestionnaires de comptes."))
    current = outbox.link()
    form = LinkForm(request.POST or None, initial={"url": current.url, "token": current.token})
    if request.method == "POST" and form.is_valid():
        try:
            outbox.set_link(form.cleaned_data["url"], form.cleaned_data["token"])
        except outbox.LinkRefused as exc:
            form.add_error("url", str(exc))
        else:
            messages.success(request, gettext("Lien avec la fédération enregistré."))
            return redirect("federation:link")
    items = OutboxItem.objects.select_related("event").order_by("-queued_at")[:100]
    context = {"form": form, "link": current, "items": items}
    return render(request, "federation/link.html", context)


@require_role(DIRECTOR)
def send(request: HttpRequest, event_id: int) -> HttpResponse:
    """A Duplicate event's results sent to the federation, and its answer."""
    event = get_object_or_404(Event, pk=event_id, kind=Event.Kind.DUPLICATE)
    dup = get_object_or_404(DuplicateEvent, event=event)
    if Received.objects.filter(event=event).exists():
        # a simultané's results leave signed to the simultané (issue 38): a results file
        # to the ranking's uploads would count its players twice in the season
        messages.error(
            request,
            gettext(
                "Cet événement est un simultané : ses résultats partent signés vers le "
                "simultané de la fédération, depuis cette page (« Envoyer les résultats à la "
                "fédération »)."
            ),
        )
        return redirect("simultane:centre")
    initial = {"type_code": dup.ranking_type, "overseas": dup.overseas}
    form = DuplicateFeedForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            # the type and the overseas mark (seed 002, A.5) stay the event's, for its export
            setup.set_ranking(
                dup, form.cleaned_data["type_code"], form.cleaned_data["overseas"], request.user
            )
            outbox.enqueue(request.user, event)
        except outbox.LinkRefused as exc:
            messages.error(request, str(exc))
        except Refusal as exc:  # a type that does not fit a pairs event (seed 002, A.2.4)
            messages.error(request, worded(exc.message))
        else:
            # at once when the hall has a network (this event only, so the page waits for
            # one answer at most); else the server's sender retries
            outbox.deliver(event)
            messages.success(request, gettext("Résultats mis en file pour la fédération."))
        return redirect("federation:send", event_id=event_id)
    item = OutboxItem.objects.filter(event=event).first()
    context = {"event": event, "form": form, "item": item, "configured": outbox.configured()}
    return render(request, "federation/send.html", context)
