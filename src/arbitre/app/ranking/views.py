"""The federation's licensees: the list with its search, and the import of the licensee file."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext

from arbitre.app.events.roles import DIRECTOR, require_role
from arbitre.app.ranking import services
from arbitre.app.ranking.forms import LicenseesFileForm
from arbitre.app.ranking.models import RankingAudit
from arbitre.app.uploads import UploadTooLarge, read_limited
from arbitre.common.players_csv import PlayersFileError
from arbitre.i18n import word_line

LICENSEES_FILE_BYTES = 16 * 1024 * 1024
"""A federation's licensee file of 20,000 licensees, with its other columns, is a few MB."""


@require_role(DIRECTOR)
def licensees(request: HttpRequest) -> HttpResponse:
    """GET: the licensees, searched by licence, name or club; POST: import the file."""
    form = LicenseesFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        if not form.is_valid():
            messages.error(request, gettext("Choisissez un fichier CSV."))
            return redirect("ranking:licensees")
        upload = form.cleaned_data["file"]
        try:
            data = read_limited(upload, LICENSEES_FILE_BYTES, gettext("Fichier des licenciés"))
            summary = services.import_licensees(request.user, data, upload.name)
        except UploadTooLarge as exc:
            messages.error(request, str(exc))
        except PlayersFileError as exc:
            messages.error(
                request,
                gettext("Import refusé, rien n'est enregistré : %(count)s ligne(s) à corriger.")
                % {"count": len(exc.errors)},
            )
            for error in exc.errors[:50]:
                messages.error(request, word_line(error, get_language()))
        else:
            messages.success(
                request,
                gettext(
                    "Licenciés importés : %(created)s nouveaux, %(updated)s modifiés, "
                    "%(unchanged)s inchangés."
                )
                % {
                    "created": summary.created,
                    "updated": summary.updated,
                    "unchanged": summary.unchanged,
                },
            )
        return redirect("ranking:licensees")
    query = request.GET.get("q", "")
    context = {
        "form": form,
        "query": query,
        "licensees": services.search(query),
        "total": services.Licensee.objects.count(),
        "audit": RankingAudit.objects.select_related("user")[:20],
    }
    return render(request, "ranking/licensees.html", context)
