"""Shared reading of the small CSV files of the tournament (UTF-8, ``,`` or ``;``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Iterator
from pathlib import Path

from arbitre.classic.tournament.model import TournamentRefused
from arbitre.common.messages import Message
from arbitre.common.players_csv import CELL_MAX, fold

MESSAGE_CODES = frozenset({"classic_results.encoding", "classic_results.cell_too_long"})
"""A tournament file that is not UTF-8 text, or holds a cell longer than the csv module reads."""


class CsvFormatError(TournamentRefused):
    """A row of a tournament CSV file that cannot be read; the message (``classic_results.*``)
    gives its line."""


CsvRefusal = CsvFormatError
"""The name of :class:`CsvFormatError` when only the coded refusals had a message."""


def read_text(path: str | Path) -> str:
    """The text of ``path`` (UTF-8, a byte-order mark tolerated)."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CsvFormatError(Message.of("classic_results.encoding", source=str(path))) from exc


def rows(text: str, header_first_cells: Collection[str]) -> Iterator[tuple[int, list[str], bool]]:
    """Yield ``(line number, stripped cells, is the header)`` of the rows.

    Blank lines and lines starting with ``#`` are skipped; a first row whose first cell,
    folded (:func:`~arbitre.common.players_csv.fold`), is one of ``header_first_cells`` is the
    header. The delimiter is ``;`` when the first data line has more semicolons than commas
    (spreadsheets in French locales), else ``,``.
    """
    text = text.lstrip("\ufeff")
    lines = text.splitlines()
    first = next((ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")), "")
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    seen_data = False
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error:  # a cell longer than the csv module reads
            where = {"line": reader.line_num, "limit": CELL_MAX}
            raise CsvFormatError(Message.of("classic_results.cell_too_long", **where)) from None
        line = reader.line_num
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        header = not seen_data and fold(cells[0]) in header_first_cells
        seen_data = True
        while cells and cells[-1] == "":
            cells.pop()
        yield line, cells, header
