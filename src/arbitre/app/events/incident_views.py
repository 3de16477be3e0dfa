"""Pages of the register of incidents and sanctions: the register with its entry form, a
player's incidents (for the event's staff), the printable incident report, the appeal."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from arbitre.app.events import incidents
from arbitre.app.events.incident_models import Incident
from arbitre.app.events.models import Event
from arbitre.app.events.roles import ARBITER, DIRECTOR, has_role, require_role


class IncidentForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Joueur"), coerce=int, required=False, empty_value=None)
    round = forms.IntegerField(
        label=_("Ronde ou partie"), min_value=1, max_value=999, required=False
    )
    table = forms.IntegerField(label=_("Table"), min_value=1, max_value=9999, required=False)
    match = forms.CharField(
        label=_("ou match du tableau final (ex. QF1)"), max_length=20, required=False
    )
    kind = forms.ChoiceField(label=_("Nature"), choices=Incident.Kind.choices)
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), max_length=2000
    )
    sanction = forms.ChoiceField(
        label=_("Sanction"), choices=Incident.Sanction.choices, required=False
    )
    amount = forms.IntegerField(
        label=_("Quantité (points, ou secondes d'une pénalité de temps)"),
        min_value=0,
        max_value=100000,
        required=False,
    )
    present_a = forms.BooleanField(label=_("Table abandonnée : joueur A présent"), required=False)
    present_b = forms.BooleanField(label=_("Table abandonnée : joueur B présent"), required=False)
    remaining_a = forms.FloatField(
        label=_("Temps restant de A (min), si connu"), min_value=0, required=False
    )
    remaining_b = forms.FloatField(
        label=_("Temps restant de B (min), si connu"), min_value=0, required=False
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", "—"), *incidents.roster(event)]
        if event.kind != Event.Kind.BACKGAMMON:
            for name in ("present_a", "present_b", "remaining_a", "remaining_b", "match"):
                del self.fields[name]

    def entry(self) -> incidents.Entry:
        d = self.cleaned_data
        return incidents.Entry(
            kind=d["kind"],
            description=d["description"],
            player_ref=d["player"],
            round=d["round"],
            table=d["table"],
            match=(d.get("match") or "").strip().upper(),
            sanction=d["sanction"] or "",
            amount=d["amount"] or 0,
            present_a=d.get("present_a", False),
            present_b=d.get("present_b", False),
            remaining_a=d.get("remaining_a"),
            remaining_b=d.get("remaining_b"),
        )


def _amount(i: Incident) -> str:
    if i.sanction == "time":
        minutes, seconds = divmod(i.amount, 60)
        return f"{minutes}:{seconds:02d}"
    if i.sanction == "points":
        return str(i.amount)
    return ""


def _rows(found: list[Incident]) -> list[dict[str, Any]]:
    return [{"i": i, "amount": _amount(i)} for i in found]


def _event(event_id: int) -> Event:
    return get_object_or_404(Event, pk=event_id)


@require_role(ARBITER)
def register(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's incidents; its directors record one and the committee's decisions."""
    event = _event(event_id)
    is_director = has_role(request.user, DIRECTOR, event_id)
    form = IncidentForm(request.POST or None, event=event)
    if request.method == "POST":
        if not is_director:
            return redirect("events:incidents", event_id=event_id)
        if form.is_valid():
            try:
                made = incidents.record(event, form.entry(), request.user)
            except incidents.IncidentError as exc:
                messages.error(request, str(exc))
            else:
                messages.success(
                    request,
                    gettext("Incident enregistré : %(players)s.")
                    % {"players": ", ".join(i.player for i in made)},
                )
                return redirect("events:incidents", event_id=event_id)
    return render(
        request,
        "events/incidents.html",
        {
            "event": event,
            "rows": _rows(incidents.register(event)),
            "form": form if is_director else None,
            "is_director": is_director,
            "appeals": Incident.Appeal.choices[1:],
        },
    )


@require_POST
@require_role(DIRECTOR)
def appeal(request: HttpRequest, event_id: int) -> HttpResponse:
    """An appeal made, or the arbitration committee's decision on it."""
    event = _event(event_id)
    p = request.POST
    try:
        incidents.appeal(
            event,
            int(p.get("incident") or 0),
            p.get("decision", ""),
            p.get("text", ""),
            request.user,
            p.get("committee_director", ""),
            p.get("committee_members", ""),
        )
    except (incidents.IncidentError, ValueError) as exc:
        messages.error(
            request,
            str(exc)
            if isinstance(exc, incidents.IncidentError)
            else gettext("Incident introuvable."),
        )
    else:
        messages.success(request, gettext("Appel enregistré."))
    return redirect("events:incidents", event_id=event_id)


@require_role(ARBITER)
def player(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    """One player's incidents and sanctions, for the event's staff."""
    event = _event(event_id)
    name = incidents.player_name(event, player_id)
    if name is None:
        return redirect("events:incidents", event_id=event_id)
    found = incidents.of_player(event, player_id)
    return render(
        request,
        "events/incident_player.html",
        {
            "event": event,
            "name": name,
            "rows": _rows(found),
            "prizes_lost": any(i.in_force and i.sanction == "disqualification" for i in found),
            "excluded": any(
                i.in_force and i.sanction in ("disqualification", "exclusion") for i in found
            ),
        },
    )


@require_role(ARBITER)
def report(request: HttpRequest, event_id: int) -> HttpResponse:
    """The printable incident report of the event."""
    event = _event(event_id)
    return render(
        request,
        "events/incident_report.html",
        {"event": event, "rows": _rows(incidents.register(event))},
    )
