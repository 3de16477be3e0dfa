"""The director's pairs page of a pairs Duplicate event (seed 002, A.2.4): the event's
formula (pairs or individual, changeable until the first ballot), a pair registered by form
(two names, two licences, two clubs) or by a CSV file (:mod:`arbitre.duplicate.pairs_csv`),
and the pairs registered. Thin: the services are :mod:`arbitre.app.duplicate.pairs`."""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from arbitre.app.duplicate import pairs as pair_services
from arbitre.app.duplicate.forms import PlayerForm
from arbitre.app.duplicate.models import PairPartner
from arbitre.app.duplicate.services import ServiceError
from arbitre.app.duplicate.views import _dup
from arbitre.app.events.roles import DIRECTOR, require_role
from arbitre.duplicate.pairs_csv import PlayersFileError, parse_pairs
from arbitre.i18n import word_line

PERSON_FIELDS = ("licence", "name", "first_name", "club", "series", "tier", "category")


class PairForm(forms.Form):
    """Two players (PlayerForm's fields, numbered 1 and 2) and the pair's table."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in (1, 2):
            for key in PERSON_FIELDS:
                field = copy.deepcopy(PlayerForm.base_fields[key])
                field.label = gettext("%(label)s (joueur %(n)s)") % {"label": field.label, "n": n}
                self.fields[f"{key}{n}"] = field
        self.fields["table"] = copy.deepcopy(PlayerForm.base_fields["table"])


class PairsModeForm(forms.Form):
    pairs = forms.BooleanField(label=_("Épreuve en paires"), required=False)


class PairsFileForm(forms.Form):
    file = forms.FileField(label=_("Fichier CSV des paires"))


def _page(request: HttpRequest, event_id: int, form: PairForm | None = None) -> HttpResponse:
    dup = _dup(event_id)
    context = {
        "dup": dup,
        "event": dup.event,
        "pairs": dup.players.filter(partner__isnull=False).select_related("partner"),
        "mode_form": PairsModeForm(initial={"pairs": dup.pairs}),
        "pair_form": form or PairForm(),
        "file_form": PairsFileForm(),
    }
    return render(request, "duplicate/pairs.html", context)


@require_role(DIRECTOR)
def pairs_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """GET: the page; POST: register one pair (the form shown again with its errors)."""
    if request.method != "POST":
        return _page(request, event_id)
    dup = _dup(event_id)
    form = PairForm(request.POST)
    if not form.is_valid():
        return _page(request, event_id, form)
    pair = pair_services.pair_from_form(form.cleaned_data)
    try:
        pair_services.add_pair(dup, pair, request.user)
    except ServiceError as exc:
        form.add_error(None, str(exc))
        return _page(request, event_id, form)
    messages.success(request, gettext("Paire %(name)s inscrite.") % {"name": pair.full_name})
    return redirect("duplicate:pairs", event_id=event_id)


@require_POST
@require_role(DIRECTOR)
def pairs_mode(request: HttpRequest, event_id: int) -> HttpResponse:
    dup = _dup(event_id)
    form = PairsModeForm(request.POST)
    form.is_valid()
    try:
        changed = pair_services.set_pairs(dup, bool(form.cleaned_data.get("pairs")), request.user)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        if changed:
            messages.success(request, gettext("Formule de l'épreuve enregistrée."))
    return redirect("duplicate:pairs", event_id=event_id)


@require_POST
@require_role(DIRECTOR)
def import_pairs(request: HttpRequest, event_id: int) -> HttpResponse:
    """The pairs of a CSV file, all or none; every bad line refused with its number."""
    dup = _dup(event_id)
    form = PairsFileForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, gettext("Choisissez un fichier CSV."))
        return redirect("duplicate:pairs", event_id=event_id)
    try:
        pairs = parse_pairs(form.cleaned_data["file"].read())
        pair_services.import_pairs(dup, pairs, request.user)
    except PlayersFileError as exc:
        for error in exc.errors[:50]:
            messages.error(
                request,
                gettext("Import refusé, %(error)s") % {"error": word_line(error, get_language())},
            )
    except ServiceError as exc:
        messages.error(request, gettext("Import refusé : %(reason)s") % {"reason": exc})
    else:
        messages.success(
            request,
            ngettext("%(count)s paire importée.", "%(count)s paires importées.", len(pairs))
            % {"count": len(pairs)},
        )
        return redirect("duplicate:pairs", event_id=event_id)
    messages.error(request, gettext("Aucune paire n'a été importée : corrigez le fichier."))
    return redirect("duplicate:pairs", event_id=event_id)


class PartnerForm(forms.Form):
    """A pair's second player: PlayerForm's fields but the table (the pair's)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key in PERSON_FIELDS:
            self.fields[key] = copy.deepcopy(PlayerForm.base_fields[key])


@require_role(DIRECTOR)
def edit_partner(request: HttpRequest, event_id: int, registration_id: int) -> HttpResponse:
    """Correct a pair's second player (the first is changed on the player's page)."""
    dup = _dup(event_id)
    partner = get_object_or_404(
        PairPartner.objects.select_related("registration"),
        registration_id=registration_id,
        duplicate=dup,
    )
    initial = {f: getattr(partner, f) for f in PERSON_FIELDS}
    form = PartnerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            changed = pair_services.update_partner(dup, partner, form.cleaned_data, request.user)
        except ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            if changed:
                messages.success(
                    request,
                    gettext("Paire %(name)s modifiée.") % {"name": partner.registration.full_name},
                )
            return redirect("duplicate:pairs", event_id=event_id)
    context = {"dup": dup, "event": dup.event, "partner": partner, "form": form}
    return render(request, "duplicate/partner_edit.html", context)
