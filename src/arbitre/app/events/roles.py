"""Roles of the web application: director, arbiter, and the public (not logged in).

Roles are Django groups; a superuser is a director. Every view that changes data checks
the role server-side with :func:`require_role`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

DIRECTOR = "directeur"
ARBITER = "arbitre"
ROLES = (DIRECTOR, ARBITER)


def ensure_groups() -> None:
    for name in ROLES:
        Group.objects.get_or_create(name=name)


def has_role(user: AbstractBaseUser | AnonymousUser, role: str) -> bool:
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    groups = getattr(user, "groups", None)
    if groups is None:
        return False
    if role == ARBITER and groups.filter(name=DIRECTOR).exists():
        return True  # a director may do everything an arbiter does
    return bool(groups.filter(name=role).exists())


def require_role(role: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """View decorator: anonymous users go to the login page, others without the role get 403."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect(f"/compte/connexion/?next={request.path}")
            if not has_role(request.user, role):
                raise PermissionDenied("Vous n'avez pas le rôle nécessaire pour cette page.")
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
