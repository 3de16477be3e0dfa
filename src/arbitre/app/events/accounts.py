"""Creating the director account (first run, or ``arbitre createadmin``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from arbitre.app.events.roles import ARBITER, DIRECTOR, ensure_groups


class AccountError(ValueError):
    """The account cannot be created; the message is worded for the user (French by default)."""


def check_password(password: str, user: Any) -> None:
    """Django's validators at their strict settings (10 characters, not like the user's name
    or e-mail, not common, not all digits); the refusal in French."""
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise AccountError(
            gettext("Mot de passe refusé : %(reasons)s") % {"reasons": " ".join(exc.messages)}
        ) from exc


@transaction.atomic
def create_director(username: str, password: str, email: str = "") -> None:
    User = get_user_model()
    username = username.strip()
    if not username:
        raise AccountError(gettext("Le nom d'utilisateur est obligatoire."))
    if User.objects.filter(username=username).exists():
        raise AccountError(gettext("L'utilisateur « %(name)s » existe déjà.") % {"name": username})
    check_password(password, User(username=username, email=email))
    ensure_groups()
    user = User.objects.create_superuser(username=username, email=email, password=password)
    user.groups.add(Group.objects.get(name=DIRECTOR))


@transaction.atomic
def arbiter_account(username: str, password: str) -> tuple[object, bool]:
    """The arbiter account ``username``, created with ``password`` when it does not exist
    (the password must pass the validators); returns ``(user, created)``."""
    User = get_user_model()
    username = username.strip()
    user = User.objects.filter(username=username).first()
    if user is not None:
        return user, False
    check_password(password, User(username=username))
    user = User.objects.create_user(username=username, password=password)
    ensure_groups()
    user.groups.add(Group.objects.get(name=ARBITER))
    return user, True


def has_any_account() -> bool:
    return get_user_model().objects.exists()


def _lock_filter() -> dict[str, Any]:
    """The failed-login records that lock their account now (cool-off not over)."""
    from axes.helpers import get_cool_off
    from django.conf import settings
    from django.utils import timezone

    query: dict[str, Any] = {"failures_since_start__gte": settings.AXES_FAILURE_LIMIT}
    cool_off = get_cool_off()
    if cool_off:
        query["attempt_time__gte"] = timezone.now() - cool_off
    return query


def locked_usernames() -> set[str]:
    """The accounts locked now by too many failed logins."""
    from axes.models import AccessAttempt

    return set(AccessAttempt.objects.filter(**_lock_filter()).values_list("username", flat=True))


def is_locked(username: str) -> bool:
    from axes.models import AccessAttempt

    return AccessAttempt.objects.filter(username=username, **_lock_filter()).exists()


def unlock(username: str) -> bool:
    """Lift the lock of ``username`` after failed logins (its count of failures starts again
    from zero); ``False`` when it was not locked."""
    from axes.utils import reset

    was_locked = is_locked(username)
    reset(username=username)
    return was_locked
