"""Login throttling: django-axes counts failed logins and locks an account after
``AXES_FAILURE_LIMIT`` failures (settings); the director unlocks it from the accounts page or
with ``arbitre unlock``."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend


class LoginThrottle(AxesStandaloneBackend):
    """Axes' check on every login through a page. A login with no request (the test client,
    ``manage.py`` commands) has no page to throttle and goes on to the password check."""

    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> None:  # noqa: E501
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
