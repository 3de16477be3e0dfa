"""Who is a ranking officer (issue 20): the federation's staff who keep the licensees, take
results in and publish the classification.

A ranking officer is an account manager (a superuser or a member of the global
``directeur`` group, :func:`arbitre.app.events.roles.is_account_manager`) or a member of the
Django group ``classement`` (:data:`OFFICER_GROUP`): the « responsable du classement » an
administrator creates from « Comptes » for the federation's ranking staff who should not
also create events or manage accounts. The
licensees' and players' public pages need no login.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext

from arbitre.app.events.roles import OFFICER as OFFICER_GROUP
from arbitre.app.events.roles import AnyUser, is_account_manager


def ensure_group() -> Group:
    return Group.objects.get_or_create(name=OFFICER_GROUP)[0]


def is_ranking_officer(user: AnyUser) -> bool:
    """May keep the licensees, import results and publish the season's classification."""
    if not user.is_authenticated or not user.is_active:
        return False
    if is_account_manager(user):
        return True
    groups = getattr(user, "groups", None)
    return bool(groups is not None and groups.filter(name=OFFICER_GROUP).exists())


def require_officer(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """View decorator: anonymous users go to the login page, others who are not ranking
    officers get 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect(f"/compte/connexion/?next={request.path}")
        if not is_ranking_officer(request.user):
            raise PermissionDenied(
                gettext(
                    "Cette page est réservée aux responsables du classement fédéral (groupe "
                    "« classement ») et aux gestionnaires de comptes."
                )
            )
        return view(request, *args, **kwargs)

    return wrapped
