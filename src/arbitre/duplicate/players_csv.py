"""The players file of a Duplicate event (CSV), as directors export it from a spreadsheet.

A header line names the columns, in any order, French or English:
``licence;nom;prenom;club;serie;palier;categorie;place`` (``licence`` and ``nom`` required;
``serie`` may hold the tier too, as ``3B``; ``place`` is the player's table, one player per
table, and the older header ``table`` is read as ``place``). The file is read by
:mod:`arbitre.common.players_csv` (delimiter, encoding); every bad line is reported at once
in :class:`PlayersFileError`, as a message code; nothing is returned unless the file is clean.

>>> [p.name for p in parse_players("licence;nom;série\\n123;Dupont;3B\\n")]
['Dupont']
"""

from __future__ import annotations

import re

from arbitre.common.players_csv import (
    CLUB,
    FIRST_NAME,
    LICENCE,
    NAME,
    Column,
    PlayersFileError,
    Row,
    Sheet,
    decode,
    read_sheet,
)
from arbitre.duplicate.event import Player

__all__ = ["COLUMNS", "PlayersFileError", "decode", "parse_players"]

COLUMNS = (
    Column(LICENCE.key, LICENCE.labels, required=True),
    NAME,
    FIRST_NAME,
    CLUB,
    Column("series", ("serie", "series")),
    Column("tier", ("palier", "tier")),
    Column("category", ("categorie", "category")),
    Column("place", ("place", "table")),
)
SERIES_CELL = re.compile(r"([1-7])\s*([A-Da-d]?)")
"""A series cell: the series, and its tier when the cell holds it too (``3B``)."""


def parse_players(text: str | bytes) -> list[Player]:
    """The players of the file; raises :class:`PlayersFileError` listing every bad line."""
    sheet = read_sheet(text, COLUMNS)
    players: list[Player] = []
    seen_licences: dict[str, int] = {}
    seen_tables: dict[int, int] = {}
    for row in sheet.rows:
        errors = len(sheet.errors)
        licence = sheet.licence(row)
        name = sheet.player_name(row)
        series: int | None = None
        tier = row.get("tier").upper()
        if row.get("series"):
            m = SERIES_CELL.fullmatch(row.get("series"))
            if not m:
                sheet.error(row.line, "series", value=row.get("series"))
            else:
                series = int(m.group(1))
                tier = tier or m.group(2).upper()
        if tier and tier not in ("A", "B", "C", "D"):
            sheet.error(row.line, "tier", value=tier)
        table = sheet.integer(row, "place", 1) if row.get("place") else None
        if table is not None:
            _one_per_table(sheet, row, table, seen_tables)
        sheet.unique(row, "licence", licence, seen_licences)
        if len(sheet.errors) > errors or name is None:
            continue
        players.append(
            Player(
                licence=licence,
                name=name,
                first_name=row.get("first_name"),
                club=row.get("club"),
                series=series,
                tier=tier,
                category=row.get("category"),
                table=table,
            )
        )
    sheet.check()
    return players


def _one_per_table(sheet: Sheet, row: Row, table: int, seen: dict[int, int]) -> None:
    """Seed 004, 3.1: each player writes their own table number on their ballots, so a table
    seats one player; a second player given the same place is refused on their line."""
    if table in seen:
        sheet.error(row.line, "same_place", place=table, first_line=seen[table])
    else:
        seen[table] = row.line
