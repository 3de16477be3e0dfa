"""The ranking officer's home, ``/federation/`` (issue 35): every page of the federation's
ranking, what waits for the officer (club uploads, unknown licences, their own previews not
confirmed) and the events of each season."""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from arbitre.app.ranking import results
from arbitre.app.ranking.models import Licensee, PendingChange, Season
from arbitre.app.ranking.officers import require_officer
from arbitre.app.ranking.pending_views import KINDS


@require_officer
def federation(request: HttpRequest) -> HttpResponse:
    from arbitre.app.federation.models import Upload

    pending = [
        (p, KINDS.get(p.kind, p.kind))
        for p in PendingChange.objects.filter(user_id=request.user.pk)[:20]
    ]
    context = {
        "licensees": Licensee.objects.count(),
        "seasons": Season.objects.annotate(event_count=Count("events")),
        "uploads_waiting": Upload.objects.filter(status=Upload.Status.PENDING).count(),
        "unknown": results.unknown_count(),
        "pending": pending,
    }
    return render(request, "ranking/federation.html", context)
