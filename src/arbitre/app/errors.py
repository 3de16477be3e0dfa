"""The page of a form refused by Django's cross-site request forgery check (a form shown
before a login or a logout in another tab, a browser that refuses cookies): the site's own
403 frame, in the interface's language, saying what to do, instead of Django's bare page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: the reason (English, technical) stays in the server's log."""
    return render(request, "403_csrf.html", status=403)
