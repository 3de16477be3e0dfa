"""Shared reading of the small CSV files of the tournament (UTF-8, ``,`` or ``;``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

from arbitre.classic.tournament.model import TournamentError


class CsvFormatError(TournamentError):
    """A row of a tournament CSV file that cannot be read; the message gives its line."""


def read_text(path: str | Path) -> str:
    """The text of ``path`` (UTF-8, a byte-order mark tolerated)."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CsvFormatError(f"{path}: not UTF-8 text ({exc.reason})") from exc


def rows(text: str, header_first_cell: str) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line number, stripped cells)`` of the data rows.

    Blank lines and lines starting with ``#`` are skipped; a first row whose first cell is
    ``header_first_cell`` is a header. The delimiter is ``;`` when the first data line has
    more semicolons than commas (spreadsheets in French locales), else ``,``.
    """
    text = text.lstrip("\ufeff")
    lines = text.splitlines()
    first = next((ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")), "")
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    seen_data = False
    for row in reader:
        line = reader.line_num
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if not seen_data and cells[0].casefold() == header_first_cell:
            seen_data = True
            continue
        seen_data = True
        while cells and cells[-1] == "":
            cells.pop()
        yield line, cells
