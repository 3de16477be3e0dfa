"""The season's classification out (issue 20, part 7): as CSV, in the engine's
previous-season format (:func:`arbitre.ranking.csvformat.parse_previous` reads it back as
the next season's reliquats), with the licensees' names."""

from __future__ import annotations

import csv
import io

from django.http import HttpResponse

from arbitre.app.ranking.models import Licensee, Season, Standing
from arbitre.common.spreadsheet import neutralise

COLUMNS = (
    "licence",
    "nom",
    "prenom",
    "club",
    "serie",
    "palier",
    "rang",
    "pct_s1",
    "pct_s2",
    "pct_s3",
    "pp4",
    "points",
)
"""The file's columns, in French like every file of the application (the ranking's reader
takes them, :data:`arbitre.ranking.csvformat.FRENCH_NAMES`)."""


def classification_text(season: Season) -> str:
    people = {p.licence: p for p in Licensee.objects.all()}
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for s in Standing.objects.filter(season=season).order_by("order", "licence"):
        p = people.get(s.licence)
        writer.writerow(
            [
                s.licence,
                neutralise(p.name) if p else "",
                neutralise(p.first_name) if p else "",
                neutralise(p.club) if p else "",
                s.series,
                s.tier,
                s.order,
                f"{100 * s.pct_s1:.4f}",
                f"{100 * s.pct_s2:.4f}",
                f"{100 * s.pct_s3:.4f}",
                s.pp4,
                s.points,
            ]
        )
    return buf.getvalue()


def classification_csv(season: Season) -> HttpResponse:
    response = HttpResponse(
        # with a BOM: Excel reads UTF-8 without one as Windows-1252 ("DUPRÃ‰")
        classification_text(season).encode("utf-8-sig"),
        content_type="text/csv; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="classement-{season.year}.csv"'
    return response
