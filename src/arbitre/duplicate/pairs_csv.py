"""The pairs file of a pairs Duplicate event (CSV): one line per pair (seed 002, A.2.4: an
entry is two players, each with their own licence).

A header line names the columns, in any order, French or English, accents, case and spaces
ignored (``Licence 1`` is ``licence1``)::

    licence1;nom1;prenom1;club1;serie1;categorie1;licence2;nom2;prenom2;club2;serie2;categorie2;table

``licence1``, ``nom1``, ``licence2`` and ``nom2`` are required; ``serie`` holds the tier too
(``3B``); ``table`` is the pair's table. The file is read by
:mod:`arbitre.common.players_csv` (delimiter ``;``, ``,`` or tab, UTF-8 or Latin-1); every
bad line is reported at once with its number in :class:`PlayersFileError`: a required cell
empty, a licence malformed, a licence given twice (in either column, on any line, or for
both partners of one pair), a series or a table that is no number; nothing is returned
unless the file is clean.

>>> [p.full_name for p in parse_pairs("licence1;nom1;prenom1;licence2;nom2;prenom2\\n"
...     "11;DUPONT;Anne;12;MARTIN;Paul\\n")]
['DUPONT Anne / MARTIN Paul']
"""

from __future__ import annotations

from arbitre.common.messages import Message
from arbitre.common.players_csv import (
    Column,
    LineError,
    PlayersFileError,
    Row,
    Sheet,
    read_sheet,
)
from arbitre.duplicate.event import Player
from arbitre.duplicate.pairs import Partner
from arbitre.duplicate.players_csv import SERIES_CELL

__all__ = ["COLUMNS", "PlayersFileError", "parse_pairs"]


def _partner_columns(n: int) -> tuple[Column, ...]:
    # keys are the French labels: the refusals name the column as the file's header does
    return (
        Column(f"licence{n}", (f"licence{n}", f"license{n}"), required=True),
        Column(f"nom{n}", (f"nom{n}", f"name{n}"), required=True),
        Column(f"prenom{n}", (f"prenom{n}", f"firstname{n}")),
        Column(f"club{n}", (f"club{n}",)),
        Column(f"serie{n}", (f"serie{n}", f"series{n}")),
        Column(f"categorie{n}", (f"categorie{n}", f"category{n}")),
    )


COLUMNS = (*_partner_columns(1), *_partner_columns(2), Column("table", ("table",)))
"""The columns of a pairs file (the header labels each answers to, folded)."""


def _person(sheet: Sheet, row: Row, n: int) -> tuple[str, str | None, int | None, str]:
    """Partner ``n``'s licence, name, series and tier, with an error for each bad cell."""
    licence = sheet.licence(row, f"licence{n}")
    name = sheet.player_name(row, f"nom{n}")
    series: int | None = None
    tier = ""
    raw = row.get(f"serie{n}")
    if raw:
        m = SERIES_CELL.fullmatch(raw)
        if m is None:
            sheet.error(row.line, "series", value=raw)
        else:
            series, tier = int(m.group(1)), m.group(2).upper()
    return licence, name, series, tier


def parse_pairs(text: str | bytes) -> list[Player]:
    """The pairs of the file, each as its first partner with the second as
    :class:`~arbitre.duplicate.pairs.Partner`; raises :class:`PlayersFileError` listing every
    bad line."""
    sheet = read_sheet(text, COLUMNS)
    pairs: list[Player] = []
    seen_licences: dict[str, int] = {}
    seen_tables: dict[str, int] = {}
    for row in sheet.rows:
        errors = len(sheet.errors)
        lic1, name1, series1, tier1 = _person(sheet, row, 1)
        lic2, name2, series2, tier2 = _person(sheet, row, 2)
        if lic1 and lic1.casefold() == lic2.casefold():
            sheet.errors.append(
                LineError(row.line, Message.of("duplicate.pairs.same_licence", licence=lic1))
            )
        else:
            sheet.unique(row, "licence1", lic1, seen_licences)
            sheet.unique(row, "licence2", lic2, seen_licences)
        table = sheet.integer(row, "table", 1) if row.get("table") else None
        if table is not None:
            sheet.unique(row, "table", str(table), seen_tables)
        if len(sheet.errors) > errors or name1 is None or name2 is None:
            continue
        partner = Partner(
            licence=lic2,
            name=name2,
            first_name=row.get("prenom2"),
            club=row.get("club2"),
            series=series2,
            tier=tier2,
            category=row.get("categorie2"),
        )
        pairs.append(
            Player(
                licence=lic1,
                name=name1,
                first_name=row.get("prenom1"),
                club=row.get("club1"),
                series=series1,
                tier=tier1,
                category=row.get("categorie1"),
                table=table,
                partner=partner,
            )
        )
    sheet.check()
    return pairs
