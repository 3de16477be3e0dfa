"""The federation's licensees: the list with its search, and the import of the licensee file."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext

from arbitre.app.ranking import services
from arbitre.app.ranking.forms import LicenseeForm, LicenseesFileForm
from arbitre.app.ranking.models import Licensee, RankingAudit
from arbitre.app.ranking.officers import require_officer
from arbitre.app.ranking.staged_ops import LICENSEES_FILE
from arbitre.app.ranking.staged_pages import stage
from arbitre.app.uploads import UploadTooLarge, read_limited
from arbitre.i18n import word

LICENSEES_FILE_BYTES = 16 * 1024 * 1024
"""A federation's licensee file of 20,000 licensees, with its other columns, is a few MB."""


@require_officer
def licensees(request: HttpRequest) -> HttpResponse:
    """GET: the licensees, searched by licence, name or club; POST: import the file, shown
    first as the series and tiers it changes (issue 33)."""
    form = LicenseesFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        if not form.is_valid():
            messages.error(request, gettext("Choisissez un fichier CSV."))
            return redirect("ranking:licensees")
        upload = form.cleaned_data["file"]
        try:
            data = read_limited(upload, LICENSEES_FILE_BYTES, gettext("Fichier des licenciés"))
        except UploadTooLarge as exc:
            messages.error(request, str(exc))
            return redirect("ranking:licensees")
        shown = stage(request, LICENSEES_FILE, {"source": upload.name}, data)
        return shown or redirect("ranking:licensees")
    query = request.GET.get("q", "")
    context = {
        "form": form,
        "query": query,
        "licensees": services.search(query),
        "total": services.Licensee.objects.count(),
        "audit": RankingAudit.objects.select_related("user")[:20],
    }
    return render(request, "ranking/licensees.html", context)


@require_officer
def licensee_edit(request: HttpRequest, licence: str) -> HttpResponse:
    """GET: a licensee's values and their audit; POST: change them (checked as the
    licensee file's rows are, every change in the audit log)."""
    licensee = get_object_or_404(Licensee, licence=licence)
    form = LicenseeForm(request.POST or None, instance=Licensee.objects.get(pk=licensee.pk))
    if request.method == "POST" and form.is_valid():
        values = {k: form.cleaned_data[k] for k in services.EDITABLE}
        try:
            changed = services.edit_licensee(
                request.user, licensee, values, form.cleaned_data["reason"]
            )
        except services.LicenseeRefused as exc:
            for problem in exc.problems:
                form.add_error(None, word(problem, get_language()))
        else:
            if changed:
                messages.success(request, gettext("Licencié modifié."))
            else:
                messages.info(request, gettext("Aucune modification."))
            return redirect("ranking:licensee_edit", licence=licensee.licence)
    audit = [
        (a, _changes(a))
        for a in RankingAudit.objects.filter(target=str(licensee)).select_related("user")[:50]
    ]
    context = {"licensee": licensee, "form": form, "audit": audit}
    return render(
        request, "ranking/licensee_edit.html", context, status=400 if form.errors else 200
    )


def _changes(record: RankingAudit) -> list[tuple[str, Any, Any]]:
    """(field's label, old value, new value) of an edit in the audit log."""
    before, after = record.before or {}, record.after or {}
    return [
        (str(Licensee._meta.get_field(k).verbose_name), _shown(before.get(k)), _shown(after[k]))
        for k in after
        if k in services.EDITABLE
    ]


def _shown(value: Any) -> Any:
    if isinstance(value, bool):
        return gettext("oui") if value else gettext("non")
    return "" if value is None else value
