"""Pages common to every game: the events list, the first-run flow, the about page."""

from __future__ import annotations

from django import forms
from django.contrib.auth import authenticate, login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from arbitre import __version__
from arbitre.app.events.accounts import AccountError, create_director, has_any_account
from arbitre.app.events.models import Event
from arbitre.app.events.roles import DIRECTOR, has_role
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
