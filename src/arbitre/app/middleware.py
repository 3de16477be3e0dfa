"""Guards applied to every request before any view sees it."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils import translation
from django.utils.cache import patch_vary_headers

MAX_REQUEST_BYTES = 64 * 1024 * 1024
"""The largest request accepted (a word list is the largest file users send, a few MB)."""
TOO_LARGE_MESSAGE = (
    "Requête refusée : {size} Mo envoyés, {limit} Mo au plus (une liste de mots, un fichier "
    "de joueurs ou de résultats est bien plus petit)."
)
NUL_MESSAGE = "Requête refusée : elle contient un caractère nul, qu'aucun champ n'accepte."


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
            return HttpResponseBadRequest("Longueur de requête illisible.")
        if length > limit:
            text = TOO_LARGE_MESSAGE.format(size=_mb(length), limit=_mb(limit))
            return HttpResponse(text, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


def _mb(size: int) -> str:
    return f"{size / 1024 / 1024:.1f}".replace(".", ",")


class RefuseNulCharacters:
    """A NUL character in a query, a form or a JSON body is refused with 400: no field takes
    one, and PostgreSQL would refuse to store it (a server error) where SQLite keeps it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _has_nul(request):
            return HttpResponseBadRequest(NUL_MESSAGE, content_type="text/plain; charset=utf-8")
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


class ChosenLanguage:
    """The interface language: the one chosen in the page footer (the language cookie set by
    Django's ``set_language``), else French. The browser's own language is not followed: a
    venue's shared tablets and players' phones in English still show French by default."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        language = chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language  # type: ignore[attr-defined]
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Cookie",))
        return response
