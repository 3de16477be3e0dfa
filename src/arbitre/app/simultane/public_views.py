"""The public page of a simultané: its centres (results received, or awaited) and the
merged standings, overall or of one series or age category."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from arbitre.app.simultane import merge
from arbitre.app.simultane.forms import type_label
from arbitre.app.simultane.models import Simultane


def _series(text: str) -> int | None:
    return int(text) if text.isdigit() and 1 <= int(text) <= 7 else None


@require_GET
def public(request: HttpRequest, uid: str) -> HttpResponse:
    simultane = get_object_or_404(Simultane, uid=uid)
    series = _series(request.GET.get("serie", ""))
    category = request.GET.get("categorie", "").strip()[:10] or None
    all_series, categories = merge.bands(simultane)
    context = {
        "simultane": simultane,
        "type": type_label(simultane.type_code),
        "centres": simultane.centres.select_related("upload"),
        "standings": merge.standings(simultane, series, category)[:2000],
        "series": series,
        "category": category,
        "all_series": all_series,
        "categories": categories,
    }
    return render(request, "simultane/public.html", context)
