"""The one reader of players files (CSV), for every kind of event.

Directors export players files from a spreadsheet or from the federation's site, so the
reader takes them as they come:

- the delimiter is detected among ``;``, ``,`` and tab (the most frequent in the first line;
  on a tie ``;``, then tab, as French spreadsheets write);
- UTF-8, with or without a byte-order mark, else Latin-1 (Windows exports);
- blank lines and lines starting with ``#`` are skipped;
- the first line is a header naming the columns, in any order, French or English, accents and
  case ignored; formats read by position (``name,rating[,club,licence]``) take a header only
  when its cells (or its first two) are column names, and read the columns in order otherwise;
- every bad line is reported with its number, as a :class:`~arbitre.common.Message`; nothing
  is returned until the file is clean (:class:`PlayersFileError` carries all the errors).

Each engine's players format declares its columns and checks its cells with the helpers
below (:meth:`Sheet.integer`, :meth:`Sheet.unique`, :meth:`Sheet.player_name`).

>>> sheet = read_sheet("nom;cote\\nAlice;1500\\n", NAME_RATING, positional=True)
>>> [(r.line, r.cells) for r in sheet.rows]
[(2, {'name': 'Alice', 'rating': '1500'})]
>>> read_sheet("Alice\\tx\\n", NAME_RATING, positional=True).rows[0].cells
{'name': 'Alice', 'rating': 'x'}
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from arbitre.common.legacy_text import decode_legacy
from arbitre.common.messages import Message, Param

DELIMITERS = (";", "\t", ",")
MESSAGE_CODES = frozenset(
    f"players_csv.{name}"
    for name in (
        "not_text",
        "empty",
        "unknown_column",
        "duplicate_column",
        "missing_column",
        "cell_count",
        "required",
        "not_integer",
        "too_small",
        "out_of_range",
        "name_too_long",
        "reserved_name",
        "duplicate",
        "same_place",
        "no_players",
        "series",
        "tier",
        "licence",
        "cell_too_long",
    )
)
"""Every code this reader and the engines' players formats report (``players_csv.*``)."""
NAME_MAX = 100
CELL_MAX = 131_072
"""The longest cell of a CSV file: the csv module's own limit, refused as such (every reader
of a CSV file reports it on its line rather than failing on ``csv.Error``)."""
LICENCE_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.-]{0,19}")
"""A licence number: letters, digits, dots and hyphens, 20 at most (it appears in addresses
of the player's pages, and federation numbers are digits)."""
RESERVED_NAMES = ("bye", "exempt")
RESERVED_PREFIXES = ("forfeit:", "forfait:")
"""Names no player may take (compared case-folded): the words of the Classic and backgammon
results files for a bye and a forfeit, in English and in French."""


def is_reserved(name: str) -> bool:
    """Whether no player may take ``name`` (:data:`RESERVED_NAMES`, :data:`RESERVED_PREFIXES`)."""
    folded = name.casefold()
    return folded in RESERVED_NAMES or folded.startswith(RESERVED_PREFIXES)


def fold_word(word: str) -> str:
    """A word of a cell without case, accents or surrounding spaces (``Pénalité``,
    ``lettres_éliminées``); unlike :func:`fold`, it keeps the punctuation."""
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold(label: str) -> str:
    """A header label without accents, case, spaces or punctuation (``Prénom`` -> ``prenom``)."""
    decomposed = unicodedata.normalize("NFKD", label.strip().casefold())
    return "".join(c for c in decomposed if c.isalnum())


@dataclass(frozen=True)
class Column:
    """A column of a players format: its ``key`` in the rows, the header labels it answers to
    (folded, see :func:`fold`), and whether a row needs a value there."""

    key: str
    labels: tuple[str, ...]
    required: bool = False


NAME = Column("name", ("nom", "name", "joueur", "player"), required=True)
FIRST_NAME = Column("first_name", ("prenom", "firstname"))
CLUB = Column("club", ("club",))
LICENCE = Column("licence", ("licence", "license", "numerodelicence", "licencenumber"))
RATING = Column("rating", ("cote", "rating", "classement", "pl"), required=True)
ELO = Column("elo", ("elo", "rating", "classement", "cote"), required=True)
NAME_RATING = (NAME, RATING, CLUB, LICENCE)
NAME_ELO = (NAME, ELO, CLUB, LICENCE)


@dataclass(frozen=True)
class LineError:
    """What is wrong on one line of the file (line 1 is the first line)."""

    line: int
    message: Message


class PlayersFileError(ValueError):
    """The file cannot be imported; ``errors`` lists every bad line, in file order."""

    def __init__(self, errors: list[LineError]) -> None:
        self.errors = sorted(errors, key=lambda e: e.line)
        shown = "; ".join(f"line {e.line}: {e.message.code}" for e in self.errors[:5])
        super().__init__(shown)


@dataclass(frozen=True)
class Row:
    """One data line: its number and its cells by column key (stripped; absent -> missing)."""

    line: int
    cells: dict[str, str]

    def get(self, key: str) -> str:
        return self.cells.get(key, "")


@dataclass
class Sheet:
    """The rows of a players file and the errors found so far."""

    rows: list[Row] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)
    header: bool = False

    def error(self, line: int, code: str, **params: Param) -> None:
        full = f"players_csv.{code}"
        assert full in MESSAGE_CODES, full
        self.errors.append(LineError(line, Message.of(full, **params)))

    def integer(
        self, row: Row, key: str, low: int, high: int | None = None, text: str | None = None
    ) -> int | None:
        """The whole number in ``key`` (or in ``text``, read from that cell): ``None``, with an
        error, when it is not one or is outside ``low``..``high``."""
        raw = row.get(key) if text is None else text
        try:
            value = int(raw)
        except ValueError:
            self.error(row.line, "not_integer", column=key, value=raw)
            return None
        if high is None and value < low:
            self.error(row.line, "too_small", column=key, value=value, low=low)
            return None
        if high is not None and not low <= value <= high:
            self.error(row.line, "out_of_range", column=key, value=value, low=low, high=high)
            return None
        return value

    def player_name(self, row: Row, key: str = "name") -> str | None:
        """The player's name, refused when empty, padded, too long or reserved."""
        raw = row.cells.get(key, "")
        name = raw.strip()
        if not name:
            self.error(row.line, "required", column=key)
            return None
        if len(name) > NAME_MAX:
            self.error(row.line, "name_too_long", name=name[:20], limit=NAME_MAX)
            return None
        if is_reserved(name):
            self.error(row.line, "reserved_name", name=name)
            return None
        return name

    def licence(self, row: Row, key: str = "licence") -> str:
        """The licence number, refused (with an error) unless :data:`LICENCE_PATTERN` matches it;
        empty when the cell is."""
        value = row.get(key)
        if value and not LICENCE_PATTERN.fullmatch(value):
            self.error(row.line, "licence", value=value[:30])
        return value

    def unique(self, row: Row, key: str, value: str, seen: dict[str, int]) -> bool:
        """False, with an error, when ``value`` (compared without case) was on an earlier line."""
        folded = value.casefold()
        if folded in seen:
            self.error(row.line, "duplicate", column=key, value=value, first_line=seen[folded])
            return False
        seen[folded] = row.line
        return True

    def check(self) -> None:
        """Raise :class:`PlayersFileError` with every error, or with ``no_players`` when the file
        holds no row."""
        if not self.errors and not self.rows:
            self.error(2 if self.header else 1, "no_players")
        if self.errors:
            raise PlayersFileError(self.errors)


def decode(data: bytes) -> str:
    """The text of a file as federation exports come: UTF-8 (BOM or not), else Windows'
    Latin-1 (Windows-1252, :func:`~arbitre.common.legacy_text.decode_legacy`)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return decode_legacy(data)


def detect_delimiter(line: str) -> str:
    """The delimiter of a line: the most frequent of ``;``, tab and ``,`` (tie: that order)."""
    best = max(DELIMITERS, key=lambda d: (line.count(d), -DELIMITERS.index(d)))
    return best if line.count(best) else ","


def read_sheet(
    data: bytes | str,
    columns: Sequence[Column],
    *,
    positional: bool = False,
    ignore_unknown: bool = False,
) -> Sheet:
    """The rows of a players file with the structural errors (header, cell counts, required
    cells). With ``positional``, a file without a header is read in ``columns`` order;
    otherwise the first line must name the columns. With ``ignore_unknown``, columns the
    format does not know are skipped (a federation's file has more than a format needs)."""
    text = decode(data) if isinstance(data, bytes) else data.lstrip("\ufeff")
    sheet = Sheet()
    if "\x00" in text:
        sheet.error(1, "not_text")
        return sheet
    lines = [
        (number, line)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        sheet.error(1, "empty")
        return sheet
    delimiter = detect_delimiter(lines[0][1])
    parsed = []
    for number, line in lines:
        try:
            parsed.append(
                (number, [c.strip() for c in next(csv.reader([line], delimiter=delimiter))])
            )
        except csv.Error:  # a cell longer than the csv module reads
            sheet.error(number, "cell_too_long", limit=CELL_MAX)
    if sheet.errors:
        return sheet
    by_label = {label: c for c in columns for label in c.labels}
    first_number, first = parsed[0]
    known = [fold(cell) in by_label for cell in first if cell]
    if not positional or all(known) or known[:2] == [True, True]:
        sheet.header = True
        order = _header(sheet, first_number, first, columns, by_label, ignore_unknown)
        if order is None:
            return sheet
        parsed = parsed[1:]
    else:
        order = list(columns)
    for number, cells in parsed:
        while cells and not cells[-1]:
            cells.pop()
        if len(cells) > len(order):
            sheet.error(number, "cell_count", found=len(cells), expected=len(order))
            continue
        row = Row(number, {c.key: v for c, v in zip(order, cells, strict=False)})
        missing = [c.key for c in order if c.required and not row.get(c.key)]
        if missing:
            sheet.error(number, "required", column=missing[0])
            continue
        sheet.rows.append(row)
    return sheet


def _header(
    sheet: Sheet,
    line: int,
    cells: list[str],
    columns: Sequence[Column],
    by_label: dict[str, Column],
    ignore_unknown: bool = False,
) -> list[Column] | None:
    order: list[Column] = []
    while cells and not cells[-1]:
        cells.pop()
    for index, cell in enumerate(cells):
        column = by_label.get(fold(cell))
        if column is None and ignore_unknown:
            order.append(Column(f"_ignored{index}", ()))  # read, never looked at
        elif column is None:
            sheet.error(line, "unknown_column", label=cell)
        elif column in order:
            sheet.error(line, "duplicate_column", label=cell)
        else:
            order.append(column)
    for column in columns:
        if column.required and column not in order:
            sheet.error(line, "missing_column", column=column.key)
    return None if sheet.errors else order
