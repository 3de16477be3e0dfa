"""Event results from other programs' files, through a declared column mapping.

A ranking officer receives results from dozens of clubs (seed 002, A.2: every official event
feeds the ranking). Arbitre's own Duplicate export (:mod:`arbitre.duplicate.results_csv`) is
read as it is with :data:`ARBITRE`; any other program's CSV is read with a small declarative
:class:`ColumnMapping` (written in TOML, :func:`parse_mapping`) naming which column holds the
place, the licence, the name, the series... and the delimiter and encoding of the file.

The reader takes ``;``, ``,`` or tab, UTF-8 (with or without BOM) or Latin-1, CRLF or LF;
places written ``3``, ``3ex``, ``3e``, ``3=``; series ``2A``, ``S2A``, ``2`` with a tier column.
Every bad line is reported as a :class:`~arbitre.common.players_csv.LineError` and nothing is
returned until the file is clean (:class:`ImportRefused`). Licences that the federation's
file does not know, and players without a licence, are kept in the event at their place and
listed in :attr:`ImportedEvent.unknown`, never dropped.

>>> text = "table;licence;nom;prenom;club;serie;TH1;TH2;total;rang;categorie;tops_perdus;type;parties;date\\r\\n"
>>> text += "1;123;DUPONT;Ana;Vichy;2A;500;480;980;1ex;;3;TH;2;2014-03-08\\r\\n"
>>> text += "2;456;MARTIN;Léo;Vichy;4;490;490;980;1ex;;4;TH;2;2014-03-08\\r\\n"
>>> imported = import_results(text, ARBITRE, known={"123": (2, "A")})
>>> ev = imported.event
>>> ev.type.code, ev.games, str(ev.date), [(e.place, e.licence, e.series, e.tier) for e in ev.entries]
('TH', 2, '2014-03-08', [(1, '123', 2, 'A'), (1, '456', 4, '')])
>>> [(u.line, u.licence) for u in imported.unknown]
[(3, '456')]
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass

from arbitre.common.legacy_text import decode_legacy
from arbitre.common.messages import Message, Param, Refusal
from arbitre.common.players_csv import LICENCE_PATTERN, LineError, detect_delimiter, fold
from arbitre.common.results_columns import HEADERS as DUPLICATE_HEADERS
from arbitre.ranking.events import Entry, Event, RankingError, event_type

FIELDS = (
    "place",
    "licence",
    "name",
    "first_name",
    "club",
    "series",
    "tier",
    "pair",
    "category",
    "tops_lost",
    "total",
    "event_type",
    "games",
    "date",
    "overseas",
    "event_id",
)
"""What a column of a results file can hold; ``place`` and ``licence`` are required."""
REQUIRED = ("place", "licence")
EVENT_FIELDS = ("event_type", "games", "date", "overseas", "event_id")
"""Columns that describe the event: the same value on every row."""
ENCODINGS = ("auto", "utf-8", "latin-1")
DELIMITER_NAMES = {";": ";", ",": ",", "tab": "\t", "\t": "\t"}

MESSAGE_CODES = frozenset(
    f"ranking.import.{name}"
    for name in (
        "refused",
        "not_text",
        "encoding",
        "empty",
        "missing_column",
        "duplicate_column",
        "cell_count",
        "place",
        "series",
        "tier",
        "licence",
        "duplicate_licence",
        "whole_number",
        "varies",
        "event_type",
        "event_type_missing",
        "games",
        "games_missing",
        "games_for_type",
        "date",
        "overseas",
        "pair_split",
        "no_rows",
    )
) | frozenset(
    f"ranking.mapping.{name}"
    for name in ("syntax", "unknown_key", "unknown_field", "label", "required", "delimiter")
    + ("encoding", "event_type", "games", "date", "overseas")
)
"""Refusals of a results file (``ranking.import.*``) and of a mapping (``ranking.mapping.*``)."""

_PLACE = re.compile(r"(\d{1,6})\s*(?:ex|er|ere|ère|re|eme|ème|e|°|=)?\s*(?:ex)?\.?", re.IGNORECASE)
_SERIES = re.compile(r"S?\s*([1-7])\s*([ABCD]?)", re.IGNORECASE)


def _message(code: str, /, **params: Param) -> Message:
    return Message.of(f"ranking.import.{code}", **params)


class ImportRefused(Refusal):
    """A results file that cannot be taken: ``errors`` lists every bad line, in file order."""

    def __init__(self, errors: list[LineError]) -> None:
        self.errors = sorted(errors, key=lambda e: e.line)
        super().__init__(_message("refused", count=len(self.errors)))


class MappingRefused(Refusal):
    """A column mapping that cannot be used."""


@dataclass(frozen=True)
class ColumnMapping:
    """Which column holds what (header labels, compared without case, accents or spaces),
    the file's delimiter (``None``: detected) and encoding, and the event's values that the
    file does not carry (a column, when present, wins over them... unless the caller
    overrides both)."""

    columns: tuple[tuple[str, tuple[str, ...]], ...]
    delimiter: str | None = None
    encoding: str = "auto"
    event_type: str = ""
    games: int | None = None
    date: dt.date | None = None
    overseas: bool = False

    def labels(self) -> dict[str, str]:
        """Folded header label -> field."""
        return {fold(label): name for name, labels in self.columns for label in labels}


def _arbitre_columns() -> tuple[tuple[str, tuple[str, ...]], ...]:
    keys = {
        "place": "rank",
        "licence": "licence",
        "name": "name",
        "first_name": "first_name",
        "club": "club",
        "series": "series",
        "category": "category",
        "tops_lost": "tops_lost",
        "total": "total",
        "event_type": "event_type",
        "games": "games",
        "date": "date",
        "overseas": "overseas",
        "event_id": "event_id",
        "pair": "pair",
    }
    return tuple(
        (name, tuple(dict.fromkeys(h[key] for h in DUPLICATE_HEADERS.values())))
        for name, key in keys.items()
    )


ARBITRE = ColumnMapping(_arbitre_columns(), delimiter=";")
"""Arbitre's own Duplicate results export (:func:`arbitre.duplicate.results_csv.results_csv`),
French or English header."""


def looks_like_arbitre_export(text: str) -> bool:
    """True when the first line is the header of Arbitre's Duplicate results export."""
    first = next((ln for ln in text.lstrip("\ufeff").splitlines() if ln.strip()), "")
    cells = [fold(c) for c in first.split(";")]
    return (
        len(cells) >= 8
        and cells[:2] == ["table", "licence"]
        and cells[-1] != "place"
        and ("rang" in cells or "rank" in cells)
    )


def _refuse_mapping(code: str, /, **params: Param) -> MappingRefused:
    return MappingRefused(Message.of(f"ranking.mapping.{code}", **params))


def parse_mapping(text: str) -> ColumnMapping:
    """A mapping from its TOML text (docs/ranking.md, "Results of other programs")::

    delimiter = ";"          # ";", "," or "tab"; detected when absent
    encoding = "latin-1"     # "utf-8", "latin-1" or "auto" (the default)
    [columns]
    place = "Clt"            # required
    licence = "N° licence"   # required
    series = ["Série", "Serie"]
    [event]                  # what the file does not say
    type = "TH"
    games = 3
    date = 2014-03-08
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _refuse_mapping("syntax", detail=str(exc)) from None
    for key in data:
        if key not in ("delimiter", "encoding", "columns", "event"):
            raise _refuse_mapping("unknown_key", key=key)
    columns = data.get("columns", {})
    if not isinstance(columns, dict):
        raise _refuse_mapping("unknown_key", key="columns")
    out: list[tuple[str, tuple[str, ...]]] = []
    for name, labels in columns.items():
        if name not in FIELDS:
            raise _refuse_mapping("unknown_field", field=name)
        values = [labels] if isinstance(labels, str) else labels
        if (
            not isinstance(values, list)
            or not values
            or not all(isinstance(v, str) and fold(v) for v in values)
        ):
            raise _refuse_mapping("label", field=name)
        out.append((name, tuple(values)))
    for name in REQUIRED:
        if name not in columns:
            raise _refuse_mapping("required", field=name)
    delimiter = data.get("delimiter")
    if delimiter is not None and delimiter not in DELIMITER_NAMES:
        raise _refuse_mapping("delimiter", value=str(delimiter))
    encoding = data.get("encoding", "auto")
    if encoding not in ENCODINGS:
        raise _refuse_mapping("encoding", value=str(encoding))
    event = data.get("event", {})
    if not isinstance(event, dict):
        raise _refuse_mapping("unknown_key", key="event")
    for key in event:
        if key not in ("type", "games", "date", "overseas"):
            raise _refuse_mapping("unknown_key", key=f"event.{key}")
    kind = event.get("type", "")
    if kind:
        try:
            event_type(str(kind))
        except RankingError:
            raise _refuse_mapping("event_type", value=str(kind)) from None
    games = event.get("games")
    if games is not None and (not isinstance(games, int) or isinstance(games, bool) or games < 1):
        raise _refuse_mapping("games", value=str(games))
    day = event.get("date")
    if day is not None and not isinstance(day, dt.date):
        raise _refuse_mapping("date", value=str(day))
    overseas = event.get("overseas", False)
    if not isinstance(overseas, bool):
        raise _refuse_mapping("overseas", value=str(overseas))
    return ColumnMapping(
        tuple(out),
        DELIMITER_NAMES[delimiter] if delimiter else None,
        encoding,
        str(kind).upper(),
        games,
        day,
        overseas,
    )


def parse_place(value: str) -> tuple[int, bool] | None:
    """A place as results files write it: ``3``, ``3ex``, ``3e``, ``3=``, ``3 ex``; the second
    value tells an ex aequo mark. ``None`` when it is not one (or is 0)."""
    m = _PLACE.fullmatch(value.strip())
    if m is None or int(m.group(1)) < 1:
        return None
    rest = value.strip()[len(m.group(1)) :].lower()
    return int(m.group(1)), "ex" in rest or "=" in rest


def parse_series(value: str, tier: str = "") -> tuple[int, str] | None:
    """``2A``, ``S2A``, ``s2 a``, ``2`` (tier from ``tier``): series 1-7 and tier; ``None``
    otherwise, or when both cells give a different tier."""
    m = _SERIES.fullmatch(value.strip())
    t = tier.strip().upper()
    if m is None or (t and t not in ("A", "B", "C", "D")):
        return None
    own = m.group(2).upper()
    if own and t and own != t:
        return None
    return int(m.group(1)), own or t


YES = frozenset({"oui", "o", "yes", "y", "1", "vrai", "true", "x"})
NO = frozenset({"non", "n", "no", "0", "faux", "false", ""})


def parse_yes_no(value: str) -> bool | None:
    """``oui`` / ``non`` (or ``yes``, ``1``, ``x``... ; empty is no); ``None`` otherwise."""
    v = value.strip().casefold()
    return True if v in YES else False if v in NO else None


def parse_date(value: str) -> dt.date | None:
    """``2014-03-08`` or the French ``08/03/2014``; ``None`` otherwise."""
    v = value.strip()
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(v, fmt).date()
        except ValueError:
            continue
    return None


@dataclass(frozen=True)
class ImportedRow:
    """One player's row as read, with the figures titles need (category, tops lost)."""

    line: int
    entry: Entry
    first_name: str = ""
    club: str = ""
    category: str = ""
    tops_lost: int | None = None
    total: int | None = None


@dataclass(frozen=True)
class UnknownLicence:
    """A row whose licence is empty or not in the federation's file: the officer matches it
    to a licensee or creates one (issue 20); the player keeps their place meanwhile."""

    line: int
    licence: str
    name: str
    first_name: str = ""
    club: str = ""


@dataclass(frozen=True)
class ImportedEvent:
    event: Event
    rows: tuple[ImportedRow, ...]
    unknown: tuple[UnknownLicence, ...]


def decode_text(data: bytes | str, encoding: str = "auto") -> str | None:
    """The file's text: UTF-8 (BOM or not) then Latin-1 for ``auto``; ``None`` when the
    declared encoding does not decode it."""
    if isinstance(data, str):
        return data.lstrip("\ufeff")
    if encoding == "latin-1":  # as Windows writes it: Œ, œ, ’ and € included
        return decode_legacy(data)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None if encoding == "utf-8" else decode_legacy(data)


def import_results(
    data: bytes | str,
    mapping: ColumnMapping = ARBITRE,
    *,
    name: str = "",
    known: Mapping[str, tuple[int, str]] | None = None,
    type_code: str | None = None,
    games: int | None = None,
    date: dt.date | None = None,
    overseas: bool | None = None,
) -> ImportedEvent:
    """Read a results file through ``mapping``.

    ``known`` maps the federation's licences to their (series, tier): a row with an empty
    series takes the licensee's, and rows whose licence is not there are listed as unknown.
    ``type_code``, ``games``, ``date`` and ``overseas`` override the file and the mapping.
    """
    errors: list[LineError] = []

    def error(line: int, code: str, /, **params: Param) -> None:
        errors.append(LineError(line, _message(code, **params)))

    text = decode_text(data, mapping.encoding)
    if text is None:
        raise ImportRefused([LineError(1, _message("encoding", encoding=mapping.encoding))])
    if "\x00" in text:
        raise ImportRefused([LineError(1, _message("not_text"))])
    first = next(
        (ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), None
    )
    if first is None:
        raise ImportRefused([LineError(1, _message("empty"))])
    delimiter = mapping.delimiter or detect_delimiter(first)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    by_label = mapping.labels()
    header: dict[str, int] | None = None
    header_line = 1
    width = 0
    rows: list[tuple[int, list[str]]] = []
    while True:
        start = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error:
            error(start, "cell_count", found=0, expected=width)
            continue
        cells = [c.strip() for c in cells]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if header is None:
            header = {}
            header_line = start
            width = len(cells)
            for i, cell in enumerate(cells):
                field = by_label.get(fold(cell))
                if field is None:
                    continue  # other programs' columns that the ranking does not need
                if field in header:
                    error(start, "duplicate_column", label=cell)
                header[field] = i
            for field in REQUIRED:
                if field not in header:
                    error(start, "missing_column", column=field)
            if "series" not in header and known is None:
                error(start, "missing_column", column="series")
            if errors:
                raise ImportRefused(errors)
            continue
        while len(cells) > width and not cells[-1]:
            cells.pop()
        if len(cells) > width:
            error(start, "cell_count", found=len(cells), expected=width)
            continue
        rows.append((start, cells + [""] * (width - len(cells))))
    assert header is not None
    if not rows:
        raise ImportRefused([LineError(2, _message("no_rows"))])

    def get(cells: list[str], field: str) -> str:
        return cells[header[field]] if header is not None and field in header else ""

    constant: dict[str, tuple[str, int]] = {}
    out_rows: list[ImportedRow] = []
    unknown: list[UnknownLicence] = []
    seen: dict[str, int] = {}
    pairs: dict[str, tuple[int, int]] = {}
    for line, cells in rows:
        bad = len(errors)
        for field in EVENT_FIELDS:
            value = get(cells, field)
            if field not in header:
                continue
            first_seen = constant.setdefault(field, (value, line))
            if first_seen[0] != value:
                error(line, "varies", column=field, value=value, first=first_seen[0])
        place = parse_place(get(cells, "place"))
        if place is None:
            error(line, "place", value=get(cells, "place"))
        licence = get(cells, "licence")
        if licence and not LICENCE_PATTERN.fullmatch(licence):
            error(line, "licence", value=licence[:30])
        elif licence:
            if licence in seen:
                error(line, "duplicate_licence", value=licence, first_line=seen[licence])
            seen.setdefault(licence, line)
        is_known = known is not None and licence in known
        raw_series, raw_tier = get(cells, "series"), get(cells, "tier")
        series: tuple[int, str] | None
        if raw_series:
            series = parse_series(raw_series, raw_tier)
            if series is None:
                error(line, "series", value=f"{raw_series}{raw_tier}")
        else:
            # no series written: the federation's file says it; a player it does not know
            # (or with no file given) is unclassified, as series 7 (docs/ranking.md)
            series = known[licence] if known is not None and is_known else (7, "")
        numbers: dict[str, int | None] = {}
        for field in ("tops_lost", "total"):
            value = get(cells, field)
            try:
                numbers[field] = int(value) if value else None
            except ValueError:
                error(line, "whole_number", column=field, value=value)
        pair = get(cells, "pair")
        if pair and place is not None:
            first_pair = pairs.setdefault(pair, (place[0], line))
            if first_pair[0] != place[0]:
                error(line, "pair_split", pair=pair, first_line=first_pair[1])
        if len(errors) > bad or place is None or series is None:
            continue
        name_cell = get(cells, "name")
        entry = Entry(place[0], licence, name_cell, series[0], series[1], pair)
        out_rows.append(
            ImportedRow(
                line,
                entry,
                get(cells, "first_name"),
                get(cells, "club"),
                get(cells, "category").upper(),
                numbers.get("tops_lost"),
                numbers.get("total"),
            )
        )
        if not licence or (known is not None and not is_known):
            unknown.append(
                UnknownLicence(
                    line, licence, name_cell, get(cells, "first_name"), get(cells, "club")
                )
            )

    kind = type_code or constant.get("event_type", ("", 0))[0] or mapping.event_type
    etype = None
    if not kind:
        error(header_line, "event_type_missing")
    else:
        try:
            etype = event_type(kind)
        except RankingError:
            error(constant.get("event_type", ("", header_line))[1], "event_type", value=kind)
    count = games
    if count is None and "games" in constant:
        raw, where = constant["games"]
        try:
            count = int(raw)
        except ValueError:
            error(where, "games", value=raw)
        if count is not None and count < 1:
            error(where, "games", value=raw)
            count = None
    if count is None and games is None and "games" not in constant:
        count = mapping.games
        if count is None:
            error(header_line, "games_missing")
    if etype is not None and count is not None and count >= 1:
        if (etype.one_game and count != 1) or (etype.code in ("TH", "GC", "PAIRS") and count < 2):
            error(header_line, "games_for_type", type=etype.code, games=count)
    day = date
    if day is None and constant.get("date", ("", 0))[0]:
        raw, where = constant["date"]
        day = parse_date(raw)
        if day is None:
            error(where, "date", value=raw)
    if day is None:
        day = mapping.date
    in_file = None
    if overseas is None and "overseas" in constant:
        raw, where = constant["overseas"]
        in_file = parse_yes_no(raw)
        if in_file is None:
            error(where, "overseas", value=raw)
    if errors:
        raise ImportRefused(errors)
    assert etype is not None and count is not None
    event = Event(
        etype,
        count,
        tuple(r.entry for r in out_rows),
        day,
        name,
        next(v for v in (overseas, in_file, mapping.overseas) if v is not None),
        constant.get("event_id", ("", 0))[0],
    )
    return ImportedEvent(event, tuple(out_rows), tuple(unknown))
