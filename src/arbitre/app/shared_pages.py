"""Public pages rendered once per version of their event and shared by every anonymous
visitor (issue 23, part 2).

A hall of phones opening an event's public page at the start of a round asks for the same
page hundreds of times within seconds. For a visitor who is not logged in and has no message
waiting, the whole page (frame, menu, footer and content) is the same for everyone but for the
CSRF token of the language form: :func:`shared_page` renders it once per version of the event,
path and language (:func:`arbitre.app.events.live.cached`) with a placeholder in place of the
token, and gives each visitor the stored page with their own token put in. Everyone else (an
arbiter, a director, a visitor with a message, any page while the default word list is being
prepared and its banner shown) gets the page rendered for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string

from arbitre.app.context_processors import lexicon_banner_shown
from arbitre.app.events import live

CSRF_PLACEHOLDER = "arbitre-shared-page-csrf-token-placeholder"
"""Rendered where a form's CSRF token goes, and replaced by each visitor's token."""


def shareable(request: HttpRequest) -> bool:
    """Whether ``request`` may be answered with the page rendered for another visitor."""
    if request.method not in ("GET", "HEAD"):
        return False
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return False
    if len(get_messages(request)):  # counting them does not mark them as shown
        return False
    return not lexicon_banner_shown()


def shared_page(
    request: HttpRequest,
    version: str,
    template: str | Sequence[str],
    context: Callable[[], dict[str, Any]],
) -> HttpResponse:
    """``template`` rendered with ``context()``: once per ``version``, path and language for
    the anonymous visitors (:func:`shareable`), for each request otherwise. ``context()`` is
    called only when the page is rendered."""
    if not shareable(request):
        return render(request, template, context())

    def page() -> str:
        data = {**context(), "csrf_token": CSRF_PLACEHOLDER}
        return render_to_string(template, data, request=request)

    html = live.cached(("shared-page", request.get_full_path()), version, page)
    return HttpResponse(html.replace(CSRF_PLACEHOLDER, get_token(request)))
