"""The players file of a Duplicate event (CSV), as directors export it from a spreadsheet.

A header line names the columns, in any order, French or English:
``licence;nom;prenom;club;serie;palier;categorie;table`` (``licence`` and ``nom`` required;
``serie`` may hold the tier too, as ``3B``). Separator ``;`` or ``,``; UTF-8 or Latin-1.
Every bad row is reported with its line number; nothing is returned unless the file is clean.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from arbitre.duplicate.event import Player

_COLUMNS = {
    "licence": "licence",
    "license": "licence",
    "nom": "name",
    "name": "name",
    "prenom": "first_name",
    "prénom": "first_name",
    "first_name": "first_name",
    "club": "club",
    "serie": "series",
    "série": "series",
    "series": "series",
    "palier": "tier",
    "tier": "tier",
    "categorie": "category",
    "catégorie": "category",
    "category": "category",
    "table": "table",
}
_SERIES = re.compile(r"([1-7])\s*([A-Da-d]?)")


@dataclass(frozen=True)
class RowError:
    line: int
    message: str

    def __str__(self) -> str:
        return f"ligne {self.line} : {self.message}"


class PlayersFileError(ValueError):
    """The file cannot be imported; ``errors`` lists every bad row."""

    def __init__(self, errors: list[RowError]) -> None:
        self.errors = errors
        super().__init__("; ".join(str(e) for e in errors[:5]))


def decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_players(text: str) -> list[Player]:
    """The players of the file; raises :class:`PlayersFileError` listing every bad row."""
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise PlayersFileError(
            [RowError(1, "fichier vide : la première ligne doit nommer les colonnes")]
        )
    delimiter = ";" if lines[0].count(";") >= lines[0].count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = [h.strip().lower() for h in next(reader)]
    unknown = [h for h in header if h and h not in _COLUMNS]
    if unknown:
        raise PlayersFileError([RowError(1, f"colonne inconnue « {unknown[0]} »")])
    fields = [_COLUMNS.get(h, "") for h in header]
    missing = [f for f in ("licence", "name") if f not in fields]
    if missing:
        label = {"licence": "licence", "name": "nom"}[missing[0]]
        raise PlayersFileError([RowError(1, f"colonne « {label} » absente")])
    errors: list[RowError] = []
    players: list[Player] = []
    seen_licences: dict[str, int] = {}
    seen_tables: dict[int, int] = {}
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(fields):
            errors.append(RowError(line, f"{len(row)} colonnes au lieu de {len(fields)}"))
            continue
        values = {f: cell.strip() for f, cell in zip(fields, row, strict=True) if f}
        problem = None
        licence = values.get("licence", "")
        if not licence:
            problem = "licence absente"
        elif licence in seen_licences:
            problem = f"licence {licence} déjà vue ligne {seen_licences[licence]}"
        elif not values.get("name"):
            problem = "nom absent"
        series: int | None = None
        tier = values.get("tier", "").upper()
        if problem is None and values.get("series"):
            m = _SERIES.fullmatch(values["series"])
            if not m:
                problem = f"série « {values['series']} » : 1 à 7, palier A à D"
            else:
                series = int(m.group(1))
                tier = tier or m.group(2).upper()
        if problem is None and tier and tier not in "ABCD":
            problem = f"palier « {tier} » : A, B, C ou D"
        table: int | None = None
        if problem is None and values.get("table"):
            if not values["table"].isdigit() or int(values["table"]) < 1:
                problem = f"table « {values['table']} » : un nombre entier positif"
            else:
                table = int(values["table"])
                if table in seen_tables:
                    problem = f"table {table} déjà attribuée ligne {seen_tables[table]}"
        if problem:
            errors.append(RowError(line, problem))
            continue
        seen_licences[licence] = line
        if table is not None:
            seen_tables[table] = line
        players.append(
            Player(
                licence=licence,
                name=values["name"],
                first_name=values.get("first_name", ""),
                club=values.get("club", ""),
                series=series,
                tier=tier,
                category=values.get("category", ""),
                table=table,
            )
        )
    if errors:
        raise PlayersFileError(errors)
    if not players:
        raise PlayersFileError([RowError(2, "aucun joueur dans le fichier")])
    return players
