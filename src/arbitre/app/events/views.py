"""Pages common to every game: the events list, the first-run flow, the about page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import authenticate, login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from arbitre import __version__
from arbitre.app.events.accounts import AccountError, create_director, has_any_account
from arbitre.app.events.deletion import DeletionRefused, delete_event
from arbitre.app.events.models import Event
from arbitre.app.events.roles import DIRECTOR, has_role, require_role
from arbitre.i18n import DEFAULT_LANGUAGE, LANGUAGES
from arbitre.lexicon import DEFAULT_NOTICE


def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.all()
    return render(
        request,
        "events/list.html",
        {
            "events": events,
            "needs_director": not has_any_account(),
            "is_director": has_role(request.user, DIRECTOR),
        },
    )


class DirectorForm(forms.Form):
    username = forms.CharField(label=_("Nom d'utilisateur"), max_length=150)
    password = forms.CharField(label=_("Mot de passe"), widget=forms.PasswordInput)
    password2 = forms.CharField(label=_("Mot de passe (confirmation)"), widget=forms.PasswordInput)

    def clean(self) -> dict[str, str]:
        data = super().clean() or {}
        if data.get("password") != data.get("password2"):
            raise forms.ValidationError(gettext("Les deux mots de passe ne sont pas identiques."))
        return data


def first_run(request: HttpRequest) -> HttpResponse:
    """Create the director account, only while no account exists at all."""
    if has_any_account():
        return redirect("events:list")
    form = DirectorForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            create_director(form.cleaned_data["username"], form.cleaned_data["password"])
        except AccountError as exc:
            form.add_error(None, str(exc))
        else:
            user = authenticate(
                request,
                username=form.cleaned_data["username"].strip(),
                password=form.cleaned_data["password"],
            )
            if user is not None:
                login(request, user)
            return redirect("events:list")
    return render(request, "events/first_run.html", {"form": form})


def about(request: HttpRequest) -> HttpResponse:
    # the lexicon's notice is French; the interface's catalogue words it in English
    context = {"version": __version__, "lexicon_notice": gettext(DEFAULT_NOTICE)}
    return render(request, "events/about.html", context)


HELP_ROLES = (
    ("directeur", _("Directeur")),
    ("arbitre", _("Arbitre")),
    ("classement", _("Classement fédéral")),
    ("joueur", _("Joueur")),
)
"""The help pages, one per role: URL slug and menu label."""


def help_page(request: HttpRequest, role: str = "") -> HttpResponse:
    """The help of a role (or the index), in the interface's language. Help texts are long
    documents, so each language has its own template instead of catalogue entries."""
    labels = dict(HELP_ROLES)
    if role and role not in labels:
        raise Http404(gettext("Aucune aide pour ce rôle."))
    lang = get_language() or DEFAULT_LANGUAGE
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE  # a help template per language
    return render(
        request,
        "events/help.html",
        {
            "roles": HELP_ROLES,
            "role": role,
            "page_title": labels.get(role, ""),
            "body": f"events/help/{lang}/{role or 'index'}.html",
        },
    )


@require_role(DIRECTOR)
def delete(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's director deletes it, after typing its name."""
    event = get_object_or_404(Event, pk=event_id)
    error = ""
    if request.method == "POST":
        name = event.name
        try:
            delete_event(event.pk, request.POST.get("name", ""), request.user)
        except DeletionRefused as exc:
            error = str(exc)
        else:
            messages.success(request, gettext("Événement « %(name)s » supprimé.") % {"name": name})
            return redirect("events:list")
    return render(request, "events/delete.html", {"event": event, "error": error})
