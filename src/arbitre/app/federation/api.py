"""The federation's API for the clubs' servers: ``POST`` an event's results, ``GET`` the
decision. A club authenticates with its key (``Authorization: Bearer <key>``); no session,
no CSRF token (the key is the credential). Every answer is JSON."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from arbitre.app import jsontext
from arbitre.app.federation import services
from arbitre.app.federation.models import ClubToken, Upload


def _club(request: HttpRequest) -> ClubToken | None:
    header = request.headers.get("Authorization", "")
    scheme, _, key = header.partition(" ")
    return services.authenticate(key.strip()) if scheme.lower() == "bearer" else None


def _refused(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


@csrf_exempt
@require_http_methods(["POST"])
def uploads(request: HttpRequest) -> HttpResponse:
    club = _club(request)
    if club is None:
        return _refused(gettext("Clé de club inconnue ou révoquée."), 401)
    try:
        data = jsontext.loads(request.body or b"")
    except jsontext.JsonRefused as exc:
        return _refused(gettext("Envoi illisible : un objet JSON est attendu.") + f" {exc}", 400)
    try:
        upload, created = services.receive(club, data)
    except services.UploadRefused as exc:
        return _refused(str(exc), exc.status)
    return JsonResponse(services.answer(upload), status=201 if created else 200)


@require_http_methods(["GET"])
def upload_status(request: HttpRequest, uid: str) -> HttpResponse:
    club = _club(request)
    if club is None:
        return _refused(gettext("Clé de club inconnue ou révoquée."), 401)
    upload = Upload.objects.filter(token__club=club.club, uid=uid).first()
    if upload is None:
        return _refused(gettext("Envoi inconnu."), 404)
    return JsonResponse(services.answer(upload))
