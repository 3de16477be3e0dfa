"""Players CSV: ``name,rating[,club,licence]`` (seed 000 "Classement initial").

The rating is the cote PL; a trailing ``*`` marks a PL* rating (derived from the
Duplicate series). An optional header row starts with ``name``.
"""

from __future__ import annotations

from pathlib import Path

from arbitre.classic.tournament._csvutil import CsvFormatError, read_text, rows
from arbitre.classic.tournament.model import Player, TournamentError

__all__ = ["CsvFormatError", "parse_players", "read_players", "format_players"]


def parse_players(text: str, source: str = "players") -> list[Player]:
    """Players of ``text``; a bad row raises :class:`CsvFormatError` naming its line."""
    players: list[Player] = []
    seen: dict[str, int] = {}
    for line, cells in rows(text, "name"):
        where = f"{source}, line {line}"
        if len(cells) < 2 or len(cells) > 4:
            raise CsvFormatError(f"{where}: expected name,rating[,club,licence]")
        name, raw = cells[0], cells[1]
        if not name:
            raise CsvFormatError(f"{where}: empty name")
        starred = raw.endswith("*")
        digits = raw[:-1].strip() if starred else raw
        try:
            rating = int(digits)
        except ValueError:
            raise CsvFormatError(f"{where}: rating {raw!r} is not a whole number") from None
        if name.casefold() in seen:
            raise CsvFormatError(
                f"{where}: player {name!r} already on line {seen[name.casefold()]}"
            )
        seen[name.casefold()] = line
        club = cells[2] if len(cells) > 2 and cells[2] else None
        licence = cells[3] if len(cells) > 3 and cells[3] else None
        try:
            players.append(Player(name, rating, starred, club, licence))
        except TournamentError as exc:
            raise CsvFormatError(f"{where}: {exc}") from None
    if not players:
        raise CsvFormatError(f"{source}: no player")
    return players


def read_players(path: str | Path) -> list[Player]:
    """Players of the CSV file at ``path``."""
    return parse_players(read_text(path), str(path))


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
