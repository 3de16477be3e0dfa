"""The results file for the federation's results program (CSV).

One row per player in ranking order, ``;``-separated (the French spreadsheet convention),
with a header: ``table;licence;nom;prenom;club;serie;<game 1>;...;<game n>;total;rang``.
Encoding UTF-8 or Latin-1 (ISO-8859-1, what older federation programs read); in Latin-1
the ligatures Œ/œ, which it lacks, are written OE/oe, and any other character it lacks is
refused with the player's name.

The header is part of the file format: French by default, as the federation's programs read
it; ``lang="en"`` writes English column names. :func:`read_results` reads both.

>>> text = "table;licence;nom;prenom;club;serie;TH1;total;rang\\r\\n1;42;DUPONT;Ana;Vichy;2A;60;60;1ex\\r\\n"
>>> row = read_results(text)[0]
>>> row.name, row.games, row.rank, row.ex_aequo
('DUPONT', (('TH1', 60),), 1, True)
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from arbitre.common.messages import Message, Param, Refusal
from arbitre.common.players_csv import fold
from arbitre.common.spreadsheet import neutralise, restore
from arbitre.duplicate.event import Event

ENCODINGS = ("utf-8", "latin-1")
_LATIN1_FALLBACKS = str.maketrans({"Œ": "OE", "œ": "oe", "’": "'", "‘": "'"})

KEYS = ("table", "licence", "name", "first_name", "club", "series")
"""The columns before the games; ``total`` and ``rank`` follow them."""
HEADERS = {
    "fr": {
        "table": "table",
        "licence": "licence",
        "name": "nom",
        "first_name": "prenom",
        "club": "club",
        "series": "serie",
        "total": "total",
        "rank": "rang",
    },
    "en": {
        "table": "table",
        "licence": "licence",
        "name": "name",
        "first_name": "first_name",
        "club": "club",
        "series": "series",
        "total": "total",
        "rank": "rank",
    },
}
"""Column names by language: French is the federation's format."""

MESSAGE_CODES = frozenset(
    f"duplicate.results.{name}" for name in ("not_latin1", "bad_header", "bad_row")
)
"""Refusals of the results file (``duplicate.results.*``)."""


class ResultsEncodingError(Refusal):
    """A name cannot be written in the chosen encoding."""


class ResultsFileError(Refusal):
    """A results file that :func:`read_results` cannot read."""


def _message(code: str, /, **params: Param) -> Message:
    return Message.of(f"duplicate.results.{code}", **params)


def results_csv(event: Event, lang: str = "fr") -> str:
    """The results as CSV text (encode it with :func:`encode_results`); the header in ``lang``
    (French, the federation's format, unless ``"en"``)."""
    names = HEADERS.get(lang, HEADERS["fr"])
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(
        [names[k] for k in KEYS] + [g.name for g in event.games] + [names["total"], names["rank"]]
    )
    for row in event.standings():
        p = row.player
        writer.writerow(
            [
                "" if p.table is None else p.table,
                neutralise(p.licence),
                neutralise(p.name),
                neutralise(p.first_name),
                neutralise(p.club),
                p.series_label,
                *row.games,
                row.total,
                row.rank_label,
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
            name = line.split(";")[2] if ";" in line else line
            raise ResultsEncodingError(
                _message("not_latin1", line=line_number, char=exc.object[exc.start], name=name)
            ) from exc
    return text.encode("latin-1")


@dataclass(frozen=True)
class ResultLine:
    """One row of a results file: the player, each game's total by name, the total and rank."""

    table: int | None
    licence: str
    name: str
    first_name: str
    club: str
    series: str
    games: tuple[tuple[str, int], ...]
    total: int
    rank: int
    ex_aequo: bool


def read_results(text: str) -> list[ResultLine]:
    """The rows of a results file written by :func:`results_csv`, with its French header (the
    federation's) or its English one; :class:`ResultsFileError` names the first bad line."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    if not rows:
        raise ResultsFileError(_message("bad_header"))
    header = [fold(cell) for cell in rows[0]]
    known = [tuple(fold(names[k]) for k in (*KEYS, "total", "rank")) for names in HEADERS.values()]
    layout = next(
        (
            names
            for names in known
            if len(header) >= 8 and tuple(header[:6]) + tuple(header[-2:]) == names
        ),
        None,
    )
    if layout is None:
        raise ResultsFileError(_message("bad_header"))
    games = rows[0][6:-2]
    out = []
    for number, cells in enumerate(rows[1:], start=2):
        if not any(cells):
            continue
        try:
            if len(cells) != len(header):
                raise ValueError(cells)
            rank = cells[-1]
            out.append(
                ResultLine(
                    table=int(cells[0]) if cells[0] else None,
                    licence=restore(cells[1]),
                    name=restore(cells[2]),
                    first_name=restore(cells[3]),
                    club=restore(cells[4]),
                    series=cells[5],
                    games=tuple(zip(games, map(int, cells[6:-2]), strict=True)),
                    total=int(cells[-2]),
                    rank=int(rank.removesuffix("ex")),
                    ex_aequo=rank.endswith("ex"),
                )
            )
        except ValueError as exc:
            raise ResultsFileError(_message("bad_row", line=number)) from exc
    return out
