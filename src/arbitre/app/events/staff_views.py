"""Pages of accounts (account managers: an administrator all of them, a director the staff of
their events) and of an event's staff (the event's directors)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from arbitre.app.events import staff
from arbitre.app.events.accounts import locked_usernames
from arbitre.app.events.models import Event, EventRole, StaffAudit
from arbitre.app.events.roles import (
    ARBITER,
    DIRECTOR,
    OFFICER,
    directed_event_ids,
    is_account_manager,
    may_manage_account,
    require_role,
)


class AccountForm(forms.Form):
    username = forms.CharField(label=_("Nom d'utilisateur"), max_length=150)
    password = forms.CharField(label=_("Mot de passe"), widget=forms.PasswordInput, max_length=200)
    role = forms.ChoiceField(
        label=_("Rôle"),
        choices=[
            (ARBITER, pgettext_lazy("role", "arbitre")),
            (DIRECTOR, _("directeur (crée des événements, gère les comptes)")),
            (OFFICER, pgettext_lazy("role", "responsable du classement")),
        ],
    )

    def __init__(self, *args: Any, administrator: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not administrator:  # a director creates arbiter accounts only
            field = self.fields["role"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [c for c in field.choices if c[0] == ARBITER]


class StaffForm(forms.Form):
    username = forms.CharField(label=_("Compte"), max_length=150)
    role = forms.ChoiceField(
        label=_("Rôle"),
        choices=[(ARBITER, pgettext_lazy("role", "arbitre")), (DIRECTOR, _("codirecteur"))],
    )


def _manager_only(request: HttpRequest) -> HttpResponse | None:
    if not request.user.is_authenticated:
        return redirect(f"/compte/connexion/?next={request.path}")
    if not is_account_manager(request.user):
        raise PermissionDenied(gettext("Seuls les directeurs gèrent les comptes."))
    return None


def accounts(request: HttpRequest) -> HttpResponse:
    """The accounts: create one (GET shows the list and the form, POST creates)."""
    denied = _manager_only(request)
    if denied:
        return denied
    admin = bool(getattr(request.user, "is_superuser", False))
    form = AccountForm(request.POST or None, administrator=admin)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            staff.create_account(request.user, d["username"], d["password"], d["role"])
        except staff.StaffError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request, gettext("Compte « %(name)s » créé.") % {"name": d["username"].strip()}
            )
            return redirect("events:accounts")
    users = list(get_user_model().objects.order_by("username").prefetch_related("groups"))
    locked = locked_usernames()
    for u in users:
        u.locked = u.get_username() in locked
        u.manageable = may_manage_account(request.user, u)
    audit = StaffAudit.objects.select_related("user", "event")
    if not admin:  # a director reads what they did and what happened in their events
        audit = audit.filter(
            Q(user_id=request.user.pk) | Q(event_id__in=directed_event_ids(request.user))
        )
    context = {"form": form, "users": users, "audit": audit[:40]}
    return render(request, "events/accounts.html", context)


@require_POST
def account_action(request: HttpRequest, user_id: int) -> HttpResponse:
    """Disable, enable or reset the password of an account."""
    denied = _manager_only(request)
    if denied:
        return denied
    action = request.POST.get("action", "")
    try:
        if action == "disable":
            user = staff.set_active(request.user, user_id, False)
            messages.success(
                request, gettext("Compte « %(name)s » désactivé.") % {"name": user.get_username()}
            )
        elif action == "enable":
            user = staff.set_active(request.user, user_id, True)
            messages.success(
                request, gettext("Compte « %(name)s » réactivé.") % {"name": user.get_username()}
            )
        elif action == "password":
            password = request.POST.get("password", "")[:200]
            user = staff.reset_password(request.user, user_id, password)
            messages.success(
                request,
                gettext("Mot de passe de « %(name)s » changé.") % {"name": user.get_username()},
            )
        elif action == "unlock":
            user, was_locked = staff.unlock_account(request.user, user_id)
            if was_locked:
                messages.success(
                    request,
                    gettext("Compte « %(name)s » débloqué.") % {"name": user.get_username()},
                )
            else:
                messages.error(
                    request,
                    gettext("Le compte « %(name)s » n'était pas bloqué.")
                    % {"name": user.get_username()},
                )
        else:
            messages.error(request, gettext("Action inconnue."))
    except staff.StaffError as exc:
        messages.error(request, str(exc))
    return redirect("events:accounts")


@require_role(DIRECTOR)
def event_staff(request: HttpRequest, event_id: int) -> HttpResponse:
    """The directors and arbiters of one event (its directors add and remove them)."""
    event = get_object_or_404(Event, pk=event_id)
    form = StaffForm(request.POST or None)
    if request.method == "POST":
        if request.POST.get("action") == "remove":
            try:
                staff.withdraw(request.user, event.pk, int(request.POST.get("user", "0") or 0))
                messages.success(request, gettext("Rôle retiré."))
            except staff.StaffError as exc:
                messages.error(request, str(exc))
            except ValueError:  # not a number: no such account
                messages.error(request, gettext("Compte inconnu."))
            return redirect("events:staff", event_id=event.pk)
        if form.is_valid():
            try:
                role = staff.assign(
                    request.user, event.pk, form.cleaned_data["username"], form.cleaned_data["role"]
                )
            except staff.StaffError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(
                    request,
                    gettext("%(name)s : %(role)s de l'événement.")
                    % {"name": role.user.get_username(), "role": role.get_role_display()},
                )
                return redirect("events:staff", event_id=event.pk)
    context = {
        "event": event,
        "form": form,
        "roles": EventRole.objects.filter(event=event).select_related("user"),
        "audit": StaffAudit.objects.filter(event=event).select_related("user")[:40],
    }
    return render(request, "events/staff.html", context)
