"""Guards applied to every request before any view sees it."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy

MAX_REQUEST_BYTES = 64 * 1024 * 1024
"""The largest request accepted (a word list is the largest file users send, a few MB)."""
TOO_LARGE_MESSAGE = gettext_lazy(
    "Requête refusée : %(size)s Mo envoyés, %(limit)s Mo au plus (une liste de mots, un fichier "
    "de joueurs ou de résultats est bien plus petit)."
)
NUL_MESSAGE = gettext_lazy(
    "Requête refusée : elle contient un caractère nul, qu'aucun champ n'accepte."
)


class ChosenLanguage:
    """The language of every page: French (``LANGUAGE_CODE``) unless the user chose another
    in the page footer (Django's ``set_language`` keeps it in the language cookie).

    The browser's preferred languages (``Accept-Language``) are not followed: the interface
    of the federations' events is French, whatever the language of the venue's computers or
    of a player's phone, until someone asks for English. The language is activated for the
    request and the previous one restored after it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        previous = translation.get_language()
        translation.activate(chosen_language(request))
        request.LANGUAGE_CODE = translation.get_language()
        try:
            response = self.get_response(request)
        finally:
            if previous:
                translation.activate(previous)
            else:
                translation.deactivate()
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
        return response


def chosen_language(request: HttpRequest) -> str:
    """The language of the cookie when it is one of ``LANGUAGES``, else ``LANGUAGE_CODE``."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if code:
        try:
            return str(translation.get_supported_language_variant(code))
        except LookupError:
            pass
    return str(settings.LANGUAGE_CODE)


class RefuseLargeRequests:
    """A request larger than ``ARBITRE_MAX_REQUEST_BYTES`` (setting) is refused with 413 from
    its announced length, before anything of it is read: neither memory nor disk is spent."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = int(getattr(settings, "ARBITRE_MAX_REQUEST_BYTES", MAX_REQUEST_BYTES))
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return refusal(request, gettext("Longueur de requête illisible."), 400)
        if length > limit:
            text = TOO_LARGE_MESSAGE % {"size": _mb(length), "limit": _mb(limit)}
            return refusal(request, text, 413)
        return self.get_response(request)


def refusal(request: HttpRequest, reason: str, status: int) -> HttpResponse:
    """A request refused before any view: a page in the site's frame for a browser (a form
    sent with a file far too large), the plain sentence for a script (the table pages' and
    the entry page's requests, which show it as it comes). Nothing was read or stored."""
    if "text/html" not in request.META.get("HTTP_ACCEPT", ""):
        return HttpResponse(reason, status=status, content_type="text/plain; charset=utf-8")
    from django.shortcuts import render

    return render(request, "refused.html", {"reason": reason}, status=status)


def _mb(size: int) -> str:
    """Megabytes with one decimal, in the user's language (``200,0`` in French)."""
    return str(number_format(size / 1024 / 1024, 1))


class RefuseNulCharacters:
    """A NUL character in a query, a form or a JSON body is refused with 400: no field takes
    one, and PostgreSQL would refuse to store it (a server error) where SQLite keeps it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _has_nul(request):
            return refusal(request, str(NUL_MESSAGE), 400)
        return self.get_response(request)


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path or "%00" in request.META.get("QUERY_STRING", ""):
        return True
    if request.method in ("POST", "PUT", "PATCH"):
        content_type = request.META.get("CONTENT_TYPE", "")
        if content_type.startswith("multipart/form-data"):
            small = int(request.META.get("CONTENT_LENGTH") or 0) <= (
                settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
            )
            if small:
                _ = request.body  # kept: a view may still read the raw body after the form
            return any("\x00" in v for values in request.POST.lists() for v in values[1])
        body = request.body
        return b"\x00" in body or b"%00" in body or b"\\u0000" in body
    return False


class StyledMethodRefusal:
    """An address that only receives a form (a view under ``require_POST``) opened as a page
    (a bookmark, the language switch or a login returning to it, the address bar): Django
    answers 405 with an empty body, a blank page; the site's frame says what happened
    instead, in the interface's language, and nothing is changed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or request.method != "GET" or response.content:
            return response
        from django.shortcuts import render

        page = render(request, "405.html", status=405)
        if "Allow" in response.headers:
            page.headers["Allow"] = response.headers["Allow"]
        return page
