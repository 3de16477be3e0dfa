"""Login throttling: django-axes counts failed logins and locks an account after
``AXES_FAILURE_LIMIT`` failures (settings); the director unlocks it from the accounts page or
with ``arbitre unlock``."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class LoginThrottle(AxesStandaloneBackend):
    """Axes' check on every login. Axes needs the request; a login without one (the test
    client's ``login``, a script calling ``authenticate``) is checked against an empty request:
    the lock is by user name, so a locked account stays locked whatever the way in. Failures
    without a request are not counted (there is no page to answer)."""

    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> None:
        return super().authenticate(
            HttpRequest() if request is None else request,
            username=username,
            password=password,
            **kwargs,
        )
