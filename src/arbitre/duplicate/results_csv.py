"""The results file for the federation's results program (CSV).

One row per player in ranking order, ``;``-separated (the French spreadsheet convention),
with a header: ``table;licence;nom;prenom;club;serie;<game 1>;...;<game n>;total;rang``.
Encoding UTF-8 or Latin-1 (ISO-8859-1, what older federation programs read); in Latin-1
the ligatures Œ/œ, which it lacks, are written OE/oe, and any other character it lacks is
refused with the player's name.
"""

from __future__ import annotations

import csv
import io

from arbitre.duplicate.event import Event

ENCODINGS = ("utf-8", "latin-1")
_LATIN1_FALLBACKS = str.maketrans({"Œ": "OE", "œ": "oe", "’": "'", "‘": "'"})


class ResultsEncodingError(ValueError):
    """A name cannot be written in the chosen encoding."""


def results_csv(event: Event) -> str:
    """The results as CSV text (encode it with :func:`encode_results`)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(
        ["table", "licence", "nom", "prenom", "club", "serie", *[g.name for g in event.games],
         "total", "rang"]
    )  # fmt: skip
    for row in event.standings():
        p = row.player
        writer.writerow(
            [
                "" if p.table is None else p.table,
                p.licence,
                p.name,
                p.first_name,
                p.club,
                p.series_label,
                *row.games,
                row.total,
                f"{row.rank}{'ex' if row.ex_aequo else ''}",
            ]
        )
    return out.getvalue()


def encode_results(text: str, encoding: str = "utf-8") -> bytes:
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding {encoding!r}: use one of {', '.join(ENCODINGS)}")
    if encoding == "utf-8":
        return text.encode("utf-8")
    text = text.translate(_LATIN1_FALLBACKS)
    for line_number, line in enumerate(text.splitlines(), start=1):
        try:
            line.encode("latin-1")
        except UnicodeEncodeError as exc:
            raise ResultsEncodingError(
                f"ligne {line_number} : le caractère « {exc.object[exc.start]} » n'existe pas "
                f"en Latin-1 ({line.split(';')[2] if ';' in line else line}) ; choisissez UTF-8"
            ) from exc
    return text.encode("latin-1")
