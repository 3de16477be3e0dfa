"""Roles of the web application, per event: the event's directors and arbiters, and the public.

- A *superuser* (the account made at the first start or by ``arbitre createadmin``) is a
  director of every event and manages the accounts.
- The global *directeur* group may create events and manage the accounts of their own
  events' staff (:func:`may_manage_account`); whoever creates an event becomes its director. On an event, a user acts only through an
  :class:`~arbitre.app.events.models.EventRole`: its directors (co-directors included) may do
  everything there; its arbiters enter results and read the private pages of that event only.
- The *classement* group (:data:`OFFICER`) is the federation's ranking officer: its pages only,
  no event; like a global director, an account of the whole server that only an administrator
  creates and manages.
- The public (not logged in) reads the public pages.

Every view that changes data or shows a private page checks the role server-side with
:func:`require_role`; when the URL names an event (``event_id``), the role is checked on that
event.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext, gettext_noop

from arbitre.app.events.models import EventRole, StaffAudit

DIRECTOR = "directeur"
ARBITER = "arbitre"
ROLES = (DIRECTOR, ARBITER)
OFFICER = "classement"
"""The federation's ranking officer (« responsable du classement », issue 35): a group of the
whole server that keeps the licensees, takes results in and publishes the classification
(:mod:`arbitre.app.ranking.officers`); only an administrator creates or manages it."""
ACCOUNT_CREATED = gettext_noop("Compte créé")  # the staff audit's action naming its creator

AnyUser: TypeAlias = AbstractBaseUser | AnonymousUser


def ensure_groups() -> None:
    for name in ROLES:
        Group.objects.get_or_create(name=name)


def _in_group(user: AnyUser, name: str) -> bool:
    groups = getattr(user, "groups", None)
    return bool(groups is not None and groups.filter(name=name).exists())


def is_account_manager(user: AnyUser) -> bool:
    """May create events and manage accounts: a superuser or the global director group."""
    if not user.is_authenticated or not user.is_active:
        return False
    return bool(getattr(user, "is_superuser", False)) or _in_group(user, DIRECTOR)


def directed_event_ids(user: AnyUser) -> set[int]:
    """The events where ``user`` holds the director role (through an ``EventRole``)."""
    if not user.is_authenticated:
        return set()
    return set(
        EventRole.objects.filter(user_id=user.pk, role=DIRECTOR).values_list("event_id", flat=True)
    )


def may_manage_account(by: AnyUser, target: Any) -> bool:
    """Whether ``by`` may reset the password of, disable, enable or unlock ``target``.

    An administrator manages every account. A director of the global group manages only their
    own account and the staff of their own events: never an administrator, another global
    director or a ranking officer (accounts of the whole server), never an account holding a role in an event where ``by`` is not a director, and
    an account with no role at all only when ``by`` created it (else a director could set the
    password of an account another director is about to place in their event).
    """
    if not is_account_manager(by):
        return False
    if getattr(by, "is_superuser", False) or target.pk == by.pk:
        return True
    if target.is_superuser or _in_group(target, DIRECTOR) or _in_group(target, OFFICER):
        return False
    held = set(EventRole.objects.filter(user_id=target.pk).values_list("event_id", flat=True))
    if held:
        return held <= directed_event_ids(by)
    return StaffAudit.objects.filter(
        user_id=by.pk, action=ACCOUNT_CREATED, target=target.get_username(), event=None
    ).exists()


def event_role(user: AnyUser, event_id: int) -> str | None:
    """``DIRECTOR``, ``ARBITER`` or ``None``: what ``user`` may do in event ``event_id``."""
    if not user.is_authenticated or not user.is_active:
        return None
    if getattr(user, "is_superuser", False):
        return DIRECTOR
    role = (
        EventRole.objects.filter(event_id=event_id, user_id=user.pk)
        .order_by()  # (the model's ordering joins the event and the user: one row at most)
        .values_list("role", flat=True)
    )
    return next(iter(role), None)


def _grants(held: str | None, role: str) -> bool:
    """Whether holding ``held`` in an event allows what ``role`` may do there (a director may
    do everything an arbiter does)."""
    return held is not None and (held == DIRECTOR or role == ARBITER)


def has_role(user: AnyUser, role: str, event_id: int | None = None) -> bool:
    """Whether ``user`` holds ``role`` in event ``event_id`` (a director may do everything an
    arbiter does). Without an event: the global right to create events (``DIRECTOR``) or to
    hold any arbiter role at all (``ARBITER``)."""
    if event_id is None:
        if role == DIRECTOR:
            return is_account_manager(user)
        return is_account_manager(user) or (
            user.is_authenticated and EventRole.objects.filter(user_id=user.pk).exists()
        )
    return _grants(event_role(user, event_id), role)


_HELD = "_arbitre_event_role"
"""Set by :func:`require_role` on the request: the event it checked and the role held there."""


def request_role(request: HttpRequest, event_id: int) -> str | None:
    """:func:`event_role` of the request's user in ``event_id``, as :func:`require_role` read
    it for this request (the entry API asks whether its arbiter is a director: ten ballots a
    second at a festival, each read the role twice), else read now."""
    checked = getattr(request, _HELD, None)
    if checked is not None and checked[0] == event_id:
        held: str | None = checked[1]
        return held
    return event_role(request.user, event_id)


def grant(event_id: int, user: Any, role: str) -> None:
    """Give ``user`` ``role`` in the event (replacing the role they had there)."""
    EventRole.objects.update_or_create(event_id=event_id, user=user, defaults={"role": role})


def ensure_role(event_id: int, user: Any, role: str) -> None:
    """Give ``user`` at least ``role`` in the event (a director stays a director)."""
    held = EventRole.objects.filter(event_id=event_id, user=user).first()
    if held is None:
        EventRole.objects.create(event_id=event_id, user=user, role=role)
    elif held.role == ARBITER and role == DIRECTOR:
        held.role = DIRECTOR
        held.save(update_fields=["role"])


def require_role(role: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """View decorator: anonymous users go to the login page, others without the role get 403.

    The role is checked on the event named by the URL's ``event_id`` when there is one."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect(f"/compte/connexion/?next={request.path}")
            event_id = kwargs.get("event_id")
            if event_id is None:
                allowed = has_role(request.user, role)
            else:
                held = event_role(request.user, event_id)
                setattr(request, _HELD, (event_id, held))
                allowed = _grants(held, role)
            if not allowed:
                raise PermissionDenied(
                    gettext("Vous n'avez pas le rôle nécessaire pour cette page.")
                )
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
