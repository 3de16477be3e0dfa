"""The ranking officer's pages of the season (issue 20, parts 2 and 3): results in, the
unknown licences to match or create, the classification and the audit of every figure."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from arbitre.app.ranking import (
    archive,
    exports,
    preview,
    results,
    rolling,
    standings,
)
from arbitre.app.ranking.event_figures import event_figures
from arbitre.app.ranking.forms import ResultsFileForm, SeasonSettingsForm
from arbitre.app.ranking.models import (
    Licensee,
    RankedEvent,
    RankingAudit,
    ResultRow,
    Season,
    Standing,
)
from arbitre.app.ranking.officers import require_officer
from arbitre.app.ranking.pages import player_context
from arbitre.app.ranking.staged_ops import MATCH_ROW, RESULTS_FILE, SEASON_SETTINGS
from arbitre.app.ranking.staged_pages import stage
from arbitre.app.uploads import UploadTooLarge, read_limited

RESULTS_FILE_BYTES = 4 * 1024 * 1024
UNKNOWN_SHOWN = 200
ARCHIVE_BYTES = 256 * 1024 * 1024
"""A season of 20,000 licensees with every figure's explanation is some tens of MB."""


def whole(value: str | None) -> int:
    """A whole number from a form or query field; 0 (found nowhere) when it is not one."""
    text = (value or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else 0


@require_officer
def season(request: HttpRequest) -> HttpResponse:
    """GET: the seasons and their events; POST: import a results file, recompute or close
    a season."""
    form = ResultsFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        action = request.POST.get("action", "import")
        if action == "settings":
            target = get_object_or_404(Season, year=whole(request.POST.get("season")))
            settings_form = SeasonSettingsForm(
                request.POST, instance=Season.objects.get(pk=target.pk)
            )
            if target.closed:
                messages.error(request, gettext("Cette saison est close."))
            elif not settings_form.is_valid():
                for errors in settings_form.errors.values():
                    for error in errors:
                        messages.error(request, error)
            else:
                values = {k: settings_form.cleaned_data[k] for k in standings.SETTINGS_FIELDS}
                shown = stage(request, SEASON_SETTINGS, {"season": target.year, "values": values})
                if shown is not None:
                    return shown
            return redirect("ranking:season")
        if action == "recompute_confirm":
            target = get_object_or_404(Season, year=whole(request.POST.get("season")))
            if target.closed:
                messages.error(request, gettext("Cette saison est close."))
                return redirect("ranking:season")
            moved = preview.confirm(request.user, target, request.POST.get("digest", ""))
            if moved is not None:
                messages.error(
                    request,
                    gettext("Le classement a changé depuis l'aperçu : vérifiez les changements."),
                )
                return render(request, "ranking/recompute_preview.html", {"preview": moved})
            messages.success(request, gettext("Classement recalculé."))
            return redirect("ranking:season")
        if action in ("recompute", "close"):
            target = get_object_or_404(Season, year=whole(request.POST.get("season")))
            if target.closed:
                messages.error(request, gettext("Cette saison est close."))
            elif action == "recompute":
                return _recompute(request, target)
            else:
                following = standings.close_season(request.user, target)
                messages.success(
                    request,
                    gettext("Saison %(season)s close ; saison %(next)s ouverte.")
                    % {"season": str(target), "next": str(following)},
                )
            return redirect("ranking:season")
        if not form.is_valid():
            return render(request, "ranking/season.html", _context(form), status=400)
        data = form.cleaned_data
        upload = data["file"]
        try:
            raw = read_limited(upload, RESULTS_FILE_BYTES, gettext("Fichier des résultats"))
        except UploadTooLarge as exc:
            messages.error(request, str(exc))
            return render(request, "ranking/season.html", _context(form), status=400)
        params = {
            "mapping": data["mapping"],
            "name": data["name"],
            "type_code": data["type_code"],
            "games": data["games"],
            "date": data["date"].isoformat() if data["date"] else None,
            "overseas": data["overseas"],
            "source_name": upload.name,
        }
        shown = stage(request, RESULTS_FILE, params, raw)
        if shown is None:
            return render(request, "ranking/season.html", _context(form), status=400)
        return shown
    return render(request, "ranking/season.html", _context(form))


def _recompute(request: HttpRequest, target: Season) -> HttpResponse:
    """Recompute a season: written at once when no series or tier of its stored
    classification changes, else the changes shown for the officer to confirm."""
    shown = preview.preview(target)
    if shown.changes and target.computed_at is not None:
        return render(request, "ranking/recompute_preview.html", {"preview": shown})
    standings.recompute(request.user, target)
    messages.success(request, gettext("Classement recalculé."))
    return redirect("ranking:season")


def _context(form: ResultsFileForm) -> dict[str, Any]:
    seasons = list(Season.objects.all())
    return {
        "form": form,
        "seasons": [
            (
                s,
                s.events.all(),
                Standing.objects.filter(season=s).count(),
                SeasonSettingsForm(instance=s, auto_id=f"id_{s.year}_%s"),
            )
            for s in seasons
        ],
        "unknown": results.unknown_rows(limit=UNKNOWN_SHOWN),
        "unknown_total": results.unknown_count(),
        "audit": RankingAudit.objects.select_related("user")[:30],
    }


@require_officer
def event(request: HttpRequest, number: int) -> HttpResponse:
    """An event's rows, every player's figures in it (place, score, points, PP4, %Sn: issue
    35); the unknown licences, each to match with a licensee or create."""
    ranked = get_object_or_404(RankedEvent, pk=number)
    if request.method == "POST":
        row = get_object_or_404(ResultRow, pk=whole(request.POST.get("row")), event=ranked)
        params = {
            "event": ranked.pk,
            "row": row.pk,
            "licence": request.POST.get("licence", "").strip(),
            "create": request.POST.get("action") == "create",
        }
        shown = stage(request, MATCH_ROW, params)  # the classification's changes previewed
        return shown or redirect("ranking:event", number=ranked.pk)
    unknown = {r.pk for r in results.unknown_rows(ranked)}
    scored, figures = event_figures(ranked)
    context = {
        "scored": scored,
        "figures": figures,
        "ranked": ranked,
        "rows": [(r, r.pk in unknown) for r in ranked.rows.all()],
        "unknown_count": len(unknown),
    }
    return render(request, "ranking/event.html", context)


CLASSIFICATION_PAGE = 500


@require_officer
def classification(request: HttpRequest) -> HttpResponse:
    """The season's classification by series (printable), or all of it as CSV. While the
    season is open the page shows the rolling figures of today (seed 002 B.1, ruling 11),
    or with ``vue=projection`` the stored end-of-season classification, labelled so."""
    seasons = list(Season.objects.filter(computed_at__isnull=False))
    year = request.GET.get("saison", "")
    chosen = next((s for s in seasons if str(s.year) == year), seasons[0] if seasons else None)
    if chosen is not None and request.GET.get("format") == "csv":
        return exports.classification_csv(chosen)
    series = request.GET.get("serie", "1")
    series_number = (
        int(series) if series.isascii() and series.isdigit() and 1 <= int(series) <= 7 else 1
    )
    day = rolling.display_day(chosen) if chosen is not None else None
    projection = day is not None and request.GET.get("vue") == "projection"
    rows: list[Any] = []
    if chosen is not None and day is not None and not projection:
        rows = rolling.rolling(chosen, day).series(series_number, CLASSIFICATION_PAGE)
    elif chosen is not None:
        rows = list(
            Standing.objects.filter(season=chosen, series=series_number)[:CLASSIFICATION_PAGE]
        )
    names = {p.licence: p for p in Licensee.objects.filter(licence__in=[r.licence for r in rows])}
    context = {
        "seasons": seasons,
        "season": chosen,
        "series": series_number,
        "all_series": range(1, 8),
        "rows": [(r, names.get(r.licence)) for r in rows],
        "limit": CLASSIFICATION_PAGE,
        "day": day,
        "projection": projection,
    }
    return render(request, "ranking/classification.html", context)


@require_officer
def officer_player(request: HttpRequest, licence: str) -> HttpResponse:
    """A licensee's page with the full audit of every figure (the engine's explanation)."""
    context = player_context(licence)
    if context["licensee"] is None:
        raise Http404
    return render(request, "ranking/player.html", {**context, "full": True})


@require_officer
def season_archive(request: HttpRequest) -> HttpResponse:
    """GET ``?saison=YEAR``: the season's archive (JSON); POST: read an archive back."""
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            messages.error(request, gettext("Choisissez un fichier."))
            return redirect("ranking:season")
        try:
            data = read_limited(upload, ARCHIVE_BYTES, gettext("Archive de saison"))
            restored = archive.restore(request.user, data)
        except UploadTooLarge as exc:
            messages.error(request, str(exc))
        except archive.ArchiveRefused as exc:
            messages.error(request, gettext(exc.message) % exc.params)
        else:
            messages.success(
                request, gettext("Saison %(season)s importée.") % {"season": str(restored)}
            )
        return redirect("ranking:season")
    chosen = get_object_or_404(Season, year=whole(request.GET.get("saison")))
    response = HttpResponse(archive.archive_bytes(chosen), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="saison-{chosen.year}.json"'
    return response
