"""The federation's API for the centres: the simultanés a club is admitted to, their sealed
games (any time), the code that opens them (from the official start on, checked on this
server's clock). A club authenticates with its key (``Authorization: Bearer <key>``), as
for its uploads (:mod:`arbitre.app.federation.api`); every answer is JSON."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from arbitre.app import jsontext
from arbitre.app.federation import services
from arbitre.app.federation.models import ClubToken
from arbitre.app.simultane import licences, merge, publish


def _club(request: HttpRequest) -> ClubToken | None:
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    return services.authenticate(key.strip()) if scheme.lower() == "bearer" else None


def _refused(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _unknown_key() -> JsonResponse:
    return _refused(gettext("Clé de club inconnue ou révoquée."), 401)


@require_http_methods(["GET"])
def simultanes(request: HttpRequest) -> HttpResponse:
    club = _club(request)
    if club is None:
        return _unknown_key()
    found = [publish.summary(s) for s in publish.admitted(club)]
    return JsonResponse({"club": club.club, "simultanes": found})


@require_http_methods(["GET"])
def sealed_games(request: HttpRequest, uid: str) -> HttpResponse:
    club = _club(request)
    if club is None:
        return _unknown_key()
    try:
        found = publish.for_centre(club, uid)
    except publish.PublishRefused as exc:
        return _refused(str(exc), exc.status)
    return JsonResponse(publish.sealed_file(found))


@require_http_methods(["GET"])
def key(request: HttpRequest, uid: str) -> HttpResponse:
    """The code of game ``?partie=N`` (1 when not given), from that game's start on."""
    club = _club(request)
    if club is None:
        return _unknown_key()
    asked = request.GET.get("partie", "1")
    if not asked.isdigit() or not 0 < int(asked) <= 99:
        return _refused(gettext("Numéro de partie invalide."), 400)
    try:
        code = publish.release(club, uid, number=int(asked))
    except publish.PublishRefused as exc:
        return _refused(str(exc), exc.status)
    return JsonResponse({"uid": uid, "game": int(asked), "code": code})


@csrf_exempt
@require_http_methods(["POST"])
def known_licences(request: HttpRequest) -> HttpResponse:
    """For ``{"licences": [...]}``: ``{"known": {licence: {name, first_name, club, series,
    tier, category}}, "unknown": [...]}`` from the federation's licensee file."""
    club = _club(request)
    if club is None:
        return _unknown_key()
    try:
        asked = licences.asked(jsontext.loads(request.body or b""))
    except jsontext.JsonRefused as exc:
        return _refused(gettext("Envoi illisible : un objet JSON est attendu.") + f" {exc}", 400)
    except licences.LicencesRefused as exc:
        return _refused(str(exc), exc.status)
    known = licences.lookup(asked)
    return JsonResponse({"known": known, "unknown": [x for x in asked if x not in known]})


@csrf_exempt
@require_http_methods(["POST"])
def results(request: HttpRequest, uid: str) -> HttpResponse:
    """A centre's signed results (``{"results": ..., "signature": ...}``): merged at once
    (``accepted``), or refused with the reason the centre sees."""
    club = _club(request)
    if club is None:
        return _unknown_key()
    try:
        data = jsontext.loads(request.body or b"")
    except jsontext.JsonRefused as exc:
        return _refused(gettext("Envoi illisible : un objet JSON est attendu.") + f" {exc}", 400)
    try:
        taken = merge.receive(club, uid, data)
    except publish.PublishRefused as exc:
        return _refused(str(exc), exc.status)
    return JsonResponse(
        {"status": "accepted", "reason": taken.reason, "received": taken.upload.sent_count}
    )
