"""Guards applied to every request before any view sees it."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

NUL_MESSAGE = "Requête refusée : elle contient un caractère nul, qu'aucun champ n'accepte."


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
            return any("\x00" in v for values in request.POST.lists() for v in values[1])
        body = request.body
        return b"\x00" in body or b"%00" in body or b"\\u0000" in body
    return False
