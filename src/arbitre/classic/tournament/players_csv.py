"""Players CSV: ``name,rating[,club,licence]`` (seed 000 "Classement initial").

The rating is the cote PL; a trailing ``*`` marks a PL* rating (derived from the
Duplicate series). The file is read by :mod:`arbitre.common.players_csv` (header optional).
"""

from __future__ import annotations

from pathlib import Path

from arbitre.classic.tournament._csvutil import CsvFormatError
from arbitre.classic.tournament.model import Player
from arbitre.common.players_csv import NAME_RATING, PlayersFileError, read_sheet

__all__ = ["CsvFormatError", "PlayersFileError", "parse_players", "read_players", "format_players"]


def parse_players(text: str | bytes) -> list[Player]:
    """Players of ``text`` (``arbitre.common.players_csv`` reads the file: delimiter, encoding,
    header); every bad line is reported at once in :class:`PlayersFileError`.

    >>> parse_players("nom;cote;club\\nZoé;1500*;Liège\\n")
    [Player(name='Zoé', rating=1500, starred=True, club='Liège', licence=None)]
    """
    sheet = read_sheet(text, NAME_RATING, positional=True)
    players: list[Player] = []
    seen: dict[str, int] = {}
    for row in sheet.rows:
        name = sheet.player_name(row)
        raw = row.get("rating")
        starred = raw.endswith("*")
        rating = sheet.integer(row, "rating", 0, text=raw[:-1].strip() if starred else raw)
        if name is None or rating is None or not sheet.unique(row, "name", name, seen):
            continue
        players.append(
            Player(name, rating, starred, row.get("club") or None, row.get("licence") or None)
        )
    sheet.check()
    return players


def read_players(path: str | Path) -> list[Player]:
    """Players of the CSV file at ``path``."""
    return parse_players(Path(path).read_bytes())


def format_players(players: list[Player]) -> str:
    """CSV text (with a header) that :func:`parse_players` reads back."""
    out = ["name,rating,club,licence"]
    for p in players:
        rating = f"{p.rating}*" if p.starred else str(p.rating)
        fields = [p.name, rating, p.club or "", p.licence or ""]
        out.append(",".join(_quote(f) for f in fields))
    return "\n".join(out) + "\n"


def _quote(field: str) -> str:
    if any(c in field for c in ',;"\n'):
        return '"' + field.replace('"', '""') + '"'
    return field
