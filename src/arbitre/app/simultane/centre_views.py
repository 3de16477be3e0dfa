"""A centre's pages: the simultanés received (downloaded or imported), opened at the start
into a Duplicate event."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from arbitre.app.events.roles import DIRECTOR, require_role
from arbitre.app.federation import outbox
from arbitre.app.federation.models import OutboxItem
from arbitre.app.simultane import centre, licences, sending
from arbitre.app.simultane.forms import OpenForm, SealedFileForm, type_label
from arbitre.app.simultane.models import Received
from arbitre.app.uploads import UploadTooLarge, read_limited
from arbitre.duplicate import sealed
from arbitre.duplicate.sealed import MAX_CHARS


@require_role(DIRECTOR)
def received(request: HttpRequest) -> HttpResponse:
    """The sealed simultanés of this centre; fetch them from the federation, or import a
    sealed file."""
    form = SealedFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        try:
            if request.POST.get("action") == "fetch":
                got = centre.fetch()
                messages.success(
                    request,
                    gettext("%(count)s simultané(s) reçu(s) de la fédération.")
                    % {"count": len(got)},
                )
                return redirect("simultane:centre")
            if form.is_valid():
                raw = read_limited(form.cleaned_data["sealed"], MAX_CHARS, gettext("Fichier"))
                got_one = centre.store(raw.decode("utf-8"))
                messages.success(
                    request,
                    gettext("Simultané « %(name)s » reçu, scellé.") % {"name": got_one.name},
                )
                return redirect("simultane:centre")
        except UnicodeDecodeError:
            form.add_error("sealed", gettext("Fichier non UTF-8."))
        except (centre.CentreRefused, UploadTooLarge) as exc:
            messages.error(request, str(exc))
    found = list(Received.objects.all()[:100])
    sent = {
        o.event_id: o
        for o in OutboxItem.objects.filter(event_id__in=[r.event_id for r in found if r.event_id])
    }
    rows = [
        (
            r,
            type_label(r.type_code),
            OpenForm(auto_id=f"open-{r.pk}-%s"),
            sending.what_was_sent(sent.get(r.event_id)),
        )
        for r in found
    ]
    opened = [
        {
            "received": r,
            "next": centre.next_game(r),
            "next_start": _start_of(r),
            "lines": licences.lines(r),
            "unknown": [p.licence for p in licences.unknown(r) if not p.unlicensed],
        }
        for r in found
        if r.event_id
    ]
    context = {
        "rows": rows,
        "opened": opened,
        "form": form,
        "configured": outbox.configured(),
        # the simultané's public page on the federation's server: every centre's players
        "federation_url": outbox.link().url if outbox.configured() else "",
    }
    return render(request, "simultane/centre.html", context)


def _start_of(received: Received) -> object:
    """The official start of the next game to open (None when every game is opened)."""
    number = centre.next_game(received)
    if number is None:
        return None
    return sealed.loads(received.sealed).header.start_of(number)


@require_POST
@require_role(DIRECTOR)
def check_licences(request: HttpRequest, received_id: int) -> HttpResponse:
    """Ask the federation about the licences registered in the simultané."""
    found = get_object_or_404(Received, pk=received_id)
    if not licences.lines(found):
        messages.warning(
            request,
            gettext(
                "Aucun joueur inscrit : inscrivez d'abord les joueurs dans l'événement du "
                "simultané, puis vérifiez leurs licences."
            ),
        )
        return redirect("simultane:centre")
    try:
        unknown = licences.check(found)
    except licences.LicencesRefused as exc:
        messages.warning(request, str(exc))
        return redirect("simultane:centre")
    if unknown:
        messages.warning(
            request,
            gettext(
                "Licences inconnues de la fédération : %(licences)s. Corrigez-les, ou "
                "inscrivez ces joueurs hors classement (non licenciés)."
            )
            % {"licences": ", ".join(p.licence for p in unknown)},
        )
    else:
        messages.success(request, gettext("Toutes les licences sont connues de la fédération."))
    return redirect("simultane:centre")


@require_POST
@require_role(DIRECTOR)
def mark_unlicensed(request: HttpRequest, received_id: int) -> HttpResponse:
    """Enter a player « hors classement » (not a licensee), or back in the ranking."""
    found = get_object_or_404(Received, pk=received_id)
    licence = request.POST.get("licence", "")
    on = request.POST.get("unlicensed") == "1"
    try:
        licences.set_unlicensed(request.user, found, licence, on)
    except licences.LicencesRefused as exc:
        messages.error(request, str(exc))
    else:
        done = (
            gettext("Licence %(licence)s : joueur hors classement (non licencié).")
            if on
            else gettext("Licence %(licence)s : joueur remis au classement.")
        )
        messages.success(request, done % {"licence": licence})
        _send_again(request, found)
    return redirect("simultane:centre")


def _send_again(request: HttpRequest, found: Received) -> None:
    """Results already queued or answered leave again with the change (a refusal for a
    licence the federation does not know is then answered anew)."""
    if found.event_id is None or not OutboxItem.objects.filter(event_id=found.event_id).exists():
        return
    try:
        item = sending.enqueue(request.user, found)
    except centre.CentreRefused as exc:
        messages.warning(request, str(exc))
        return
    outbox.deliver(item.event)
    item.refresh_from_db()
    _say_answer(request, item)


@require_POST
@require_role(DIRECTOR)
def open_received(request: HttpRequest, received_id: int) -> HttpResponse:
    """Open the games at the start: with the federation's key, or the code given by phone."""
    found = get_object_or_404(Received, pk=received_id)
    form = OpenForm(request.POST)
    if not form.is_valid():  # a code too long: refused, never taken for « no code »
        messages.error(
            request,
            gettext("Code refusé : %(reason)s")
            % {"reason": " ".join(str(e) for e in form.errors.get("code", []))},
        )
        return redirect("simultane:centre")
    typed = form.cleaned_data["code"]
    number = centre.next_game(found)
    try:
        event = centre.open_games(request.user, found, typed)
    except centre.CentreRefused as exc:
        messages.error(request, str(exc))
        return redirect("simultane:centre")
    if number is not None and number > 1:
        text = gettext("Partie %(number)s du simultané « %(name)s » ouverte, prétirée chargée.")
    else:
        text = gettext("Simultané ouvert : « %(name)s » est prêt, ses parties prétirées chargées.")
    messages.success(request, text % {"name": event.name, "number": number})
    return redirect("duplicate:detail", event_id=event.pk)


@require_POST
@require_role(DIRECTOR)
def send_results(request: HttpRequest, received_id: int) -> HttpResponse:
    """The centre's results signed and queued; sent at once when the network answers, else
    by the server's background sender."""
    found = get_object_or_404(Received, pk=received_id)
    try:
        item = sending.enqueue(request.user, found)
    except centre.CentreRefused as exc:
        messages.error(request, str(exc))
        return redirect("simultane:centre")
    outbox.deliver(item.event)
    item.refresh_from_db()
    _say_answer(request, item)
    return redirect("simultane:centre")


def _say_answer(request: HttpRequest, item: OutboxItem) -> None:
    if item.state == OutboxItem.State.ACCEPTED:
        messages.success(request, gettext("Fédération : %(reason)s") % {"reason": item.reason})
    elif item.state == OutboxItem.State.REJECTED:
        messages.error(
            request, gettext("Refusé par la fédération : %(reason)s") % {"reason": item.reason}
        )
    else:
        messages.info(
            request,
            gettext("Résultats en file : ils partiront quand la fédération répondra (%(error)s).")
            % {"error": item.last_error},
        )
