"""The Content-Security-Policy of every response (issue 34, item 8).

Scripts come from the site only (``static/arbitre/*.js``): no inline script, no inline
event handler (``onclick=``: the pages say what a button does in ``data-`` attributes that
``page.js`` reads), no ``javascript:`` address, no ``eval``. An inline script that a page
would need carries the request's nonce (``<script nonce="{{ csp_nonce }}">``, the
:func:`nonce` context processor), a value drawn anew for every request. Styles may be
inline (the print pages' ``<style>`` blocks, ``style=`` attributes): a style cannot run
anything. Data reach scripts through ``json_script`` blocks (``type="application/json"``),
which the policy does not concern since the browser never runs them. Nothing of the site
can be framed (as ``X-Frame-Options: DENY`` says to older browsers), forms are sent to the
site only, and images are the site's or ``data:`` URLs. A public page's answer that the
poll gate (:class:`arbitre.app.events.gate.PollGate`) replays for a few seconds keeps its
header with its body: a nonce in that body still matches.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"
POLICY = (
    "default-src 'self'; "
    "script-src 'self' 'nonce-{nonce}'; "
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; "
    "connect-src 'self'; "
    "font-src 'self'; "
    "object-src 'none'; "
    "base-uri 'self'; "
    "form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The policy; ``{nonce}`` is the request's nonce."""


class ContentSecurityPolicy:
    """Draws the request's nonce (``request.csp_nonce``) and sets the policy on the
    response, unless a view set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.csp_nonce = secrets.token_urlsafe(18)  # type: ignore[attr-defined]
        response = self.get_response(request)
        if HEADER not in response.headers:
            response.headers[HEADER] = POLICY.format(nonce=request.csp_nonce)  # type: ignore[attr-defined]
        return response


def nonce(request: HttpRequest) -> dict[str, str]:
    """``csp_nonce`` for the templates: the ``nonce`` attribute of an inline script."""
    return {"csp_nonce": getattr(request, "csp_nonce", "")}
