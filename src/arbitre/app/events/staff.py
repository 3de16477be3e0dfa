"""Services of accounts and event staff: create, disable and reset accounts; give a user a
role in one event or take it back. Every change is in the staff audit log.

Who may reach the pages is checked by the views (:mod:`arbitre.app.events.roles`): accounts
by an account manager (a superuser or the global director group), an event's staff by that
event's directors. Which account a director may change is checked here, on every change
(:func:`~arbitre.app.events.roles.may_manage_account`): an administrator changes any account,
a director only the staff of their own events, and creates only arbiter accounts.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.events.accounts import unlock
from arbitre.app.events.models import Event, EventRole, StaffAudit
from arbitre.app.events.roles import (
    ACCOUNT_CREATED,
    ARBITER,
    DIRECTOR,
    OFFICER,
    ROLES,
    ensure_groups,
    grant,
    may_manage_account,
)

USERNAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")


class StaffError(ValueError):
    """A refused change; the message is worded for the user (French by default)."""


def _check_password(password: str, user: Any = None) -> None:
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise StaffError(
            gettext("Mot de passe refusé : %(reasons)s") % {"reasons": " ".join(exc.messages)}
        ) from exc


def _user(user_id: int) -> Any:
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise StaffError(gettext("Compte inconnu."))
    return user


def _managed(by: Any, user_id: int) -> Any:
    """The account ``user_id``, when ``by`` may change it (else a refusal saying why)."""
    user = _user(user_id)
    if may_manage_account(by, user):
        return user
    if user.is_superuser:
        raise StaffError(gettext("Seul un administrateur peut modifier un compte administrateur."))
    raise StaffError(
        gettext(
            "Le compte « %(name)s » ne fait pas partie de l'équipe de vos événements : seul un "
            "administrateur peut le modifier."
        )
        % {"name": user.get_username()}
    )


@transaction.atomic
def create_account(by: Any, username: str, password: str, role: str) -> Any:
    """A new account: an arbiter, or (by an administrator only) a director who may create
    events and manage the staff of them, or a ranking officer (« responsable du
    classement »: the federation's pages, no event)."""
    username = username.strip()
    if not username or len(username) > 150 or not set(username) <= USERNAME_CHARS:
        raise StaffError(
            gettext(
                "Nom d'utilisateur : de 1 à 150 caractères parmi les lettres sans accent, les "
                "chiffres, le point, le tiret et le souligné."
            )
        )
    if role not in (*ROLES, OFFICER):
        raise StaffError(gettext("Rôle inconnu."))
    if role == DIRECTOR and not getattr(by, "is_superuser", False):
        raise StaffError(gettext("Seul un administrateur peut créer un compte de directeur."))
    if role == OFFICER and not getattr(by, "is_superuser", False):
        raise StaffError(
            gettext("Seul un administrateur peut créer un compte de responsable du classement.")
        )
    User = get_user_model()
    if User.objects.filter(username__iexact=username).exists():
        raise StaffError(gettext("Le compte « %(name)s » existe déjà.") % {"name": username})
    _check_password(password, User(username=username))
    user = User.objects.create_user(username=username, password=password)
    ensure_groups()
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    StaffAudit.log(by, ACCOUNT_CREATED, username, None, {"rôle": role})
    return user


@transaction.atomic
def set_active(by: Any, user_id: int, active: bool) -> Any:
    """Disable an account (it can no longer log in; its history stays) or enable it again."""
    user = _managed(by, user_id)
    if user.pk == getattr(by, "pk", None) and not active:
        raise StaffError(gettext("Vous ne pouvez pas désactiver votre propre compte."))
    user.is_active = active
    user.save(update_fields=["is_active"])
    action = gettext_noop("Compte réactivé") if active else gettext_noop("Compte désactivé")
    StaffAudit.log(by, action, user.get_username())
    return user


@transaction.atomic
def reset_password(by: Any, user_id: int, password: str) -> Any:
    user = _managed(by, user_id)
    _check_password(password, user)
    user.set_password(password)
    user.save(update_fields=["password"])
    StaffAudit.log(by, gettext_noop("Mot de passe réinitialisé"), user.get_username())
    return user


@transaction.atomic
def unlock_account(by: Any, user_id: int) -> tuple[Any, bool]:
    """Lift the lock that failed logins put on an account; ``(user, whether it was locked)``."""
    user = _managed(by, user_id)
    was_locked = unlock(user.get_username())
    if was_locked:
        StaffAudit.log(by, gettext_noop("Compte débloqué"), user.get_username())
    return user, was_locked


@transaction.atomic
def assign(by: Any, event_id: int, username: str, role: str) -> EventRole:
    """Make an existing account a director or an arbiter of the event."""
    if role not in (DIRECTOR, ARBITER):
        raise StaffError(gettext("Rôle inconnu."))
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise StaffError(gettext("Événement inconnu."))
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise StaffError(
            gettext("Aucun compte « %(name)s » : créez-le d'abord.") % {"name": username.strip()}
        )
    if not user.is_active:
        raise StaffError(
            gettext("Le compte « %(name)s » est désactivé.") % {"name": user.get_username()}
        )
    before = EventRole.objects.filter(event=event, user=user).values_list("role", flat=True)
    previous = next(iter(before), None)
    grant(event.pk, user, role)
    StaffAudit.log(
        by,
        gettext_noop("Rôle dans l'événement"),
        user.get_username(),
        previous,
        role,
        event=event,
    )
    return EventRole.objects.get(event=event, user=user)


@transaction.atomic
def withdraw(by: Any, event_id: int, user_id: int) -> None:
    """Take back a user's role in the event; the event keeps at least one director."""
    role = EventRole.objects.filter(event_id=event_id, user_id=user_id).first()
    if role is None:
        raise StaffError(gettext("Ce compte n'a pas de rôle dans cet événement."))
    directors = EventRole.objects.filter(event_id=event_id, role=DIRECTOR)
    if role.role == DIRECTOR and directors.count() == 1:
        raise StaffError(gettext("L'événement doit garder au moins un directeur."))
    name = role.user.get_username()
    role.delete()
    StaffAudit.log(by, gettext_noop("Rôle retiré"), name, role.role, None, event_id=event_id)
