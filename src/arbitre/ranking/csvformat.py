"""CSV files of the ranking: events, licensees, previous season's figures, season results.

Event file: an optional header block of ``# key: value`` lines (``type``, ``date``,
``parties``, ``nom``, ``outremer``), then a CSV table with the columns
``place,licence,nom,serie,palier[,paire]``; or Arbitre's own Duplicate results export, read
as it is (:mod:`arbitre.ranking.results_import`). Percentages in the season files are written in
percent (0-100) with four decimals.

The files are written with French column names and read with French or English ones
(``nom`` or ``name``, ``série``, ``serie`` or ``series``, ``# parties`` or ``# games``...):

>>> french = "# type: TH\\n# parties: 3\\nplace,licence,nom,série\\n1,A1,Ana,2\\n"
>>> [(e.name, e.series) for e in parse_event(french).entries]
[('Ana', 2)]
>>> parse_event("# type: TH\\n# games: 3\\nplace,licence,name,series\\n1,A1,Ana,2\\n").games
3
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from arbitre.common.messages import Message
from arbitre.common.players_csv import CELL_MAX, fold_word
from arbitre.common.spreadsheet import neutralise, restore
from arbitre.ranking.events import Entry, Event, RankingError, event_type, repeated_events
from arbitre.ranking.results_import import (
    ARBITRE,
    decode_text,
    import_results,
    looks_like_arbitre_export,
)
from arbitre.ranking.season import Licensee, Reliquat, SeasonResult

_TRUE = {"1", "yes", "oui", "true", "vrai", "y", "o", "x"}
_FALSE = {"", "0", "no", "non", "false", "faux", "n"}

_TIERS = frozenset({"", "A", "B", "C", "D"})

MESSAGE_CODES = frozenset(
    f"ranking.file.{name}"
    for name in (
        "where",
        "where_line",
        "yes_no",
        "whole_number",
        "number",
        "series",
        "tier",
        "no_table",
        "missing_columns",
        "cell_count",
        "cell_too_long",
        "type_missing",
        "games_missing",
        "date",
        "not_folder",
        "no_event_file",
        "percentage",
    )
)
"""Refusals of the ranking's files (``ranking.file.*``); each names its place with
``ranking.file.where`` (the file) or ``ranking.file.where_line`` (the file and the line)."""

LICENSEE_COLUMNS = (
    "licence",
    "name",
    "series",
    "tier",
    "first_season",
    "highest_series",
    "overseas",
    "affiliated",
    "after_festival",
    "s1_for_life",
)
"""The licensees file's columns, in order (written under their French names)."""

RESULT_COLUMNS = (
    "licence",
    "name",
    "series",
    "tier",
    "super_series",
    "reason",
    "pct_s1",
    "pct_s2",
    "pct_s3",
    "pp4",
    "points",
    "season_pp4",
    "season_points",
    "highest_series",
    "s1_for_life",
)


FRENCH_NAMES = {
    "place": "place",
    "licence": "licence",
    "name": "nom",
    "series": "serie",
    "tier": "palier",
    "pair": "paire",
    "super_series": "super_serie",
    "reason": "motif",
    "pct_s1": "pct_s1",
    "pct_s2": "pct_s2",
    "pct_s3": "pct_s3",
    "pp4": "pp4",
    "points": "points",
    "season_pp4": "pp4_saison",
    "season_points": "points_saison",
    "highest_series": "meilleure_serie",
    "s1_for_life": "s1_a_vie",
    "first_season": "premiere_saison",
    "overseas": "outremer",
    "affiliated": "affilie",
    "after_festival": "apres_festival",
    "type": "type",
    "date": "date",
    "games": "parties",
    "uid": "epreuve",
}
"""The French name, written in the files, of each column and header key (read by its
English name too)."""

_KEYS = {**{key: key for key in FRENCH_NAMES}, **{fr: key for key, fr in FRENCH_NAMES.items()}}


def _key(label: str) -> str:
    """The column or header key a label of a file names, French or English, without case or
    accents (``Série`` and ``series`` are ``series``); an unknown label as it is, folded."""
    folded = fold_word(label)
    return _KEYS.get(folded, folded)


def _french(keys: Iterable[str]) -> list[str]:
    return [FRENCH_NAMES[key] for key in keys]


def _in(source: str, line: int | None = None) -> Message:
    """Where in the files a refusal is: the file, and the line when there is one."""
    if line is None:
        return Message.of("ranking.file.where", source=source)
    return Message.of("ranking.file.where_line", source=source, line=line)


def _bool(value: str, where: Message) -> bool:
    v = value.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise RankingError.of("file.yes_no", where=where, value=value)


def _int(value: str, where: Message, column: str) -> int:
    try:
        return int(value.strip())
    except ValueError:
        raise RankingError.of(
            "file.whole_number", where=where, column=FRENCH_NAMES[column], value=value
        ) from None


def _float(value: str, where: Message, column: str) -> float:
    v = value.strip().replace(",", ".")
    if not v:
        return 0.0
    try:
        return float(v)
    except ValueError:
        raise RankingError.of(
            "file.number", where=where, column=FRENCH_NAMES[column], value=value
        ) from None


def _series_tier(series: str, tier: str, where: Message) -> tuple[int, str]:
    if len(series) == 1 and "1" <= series <= "7" and tier in _TIERS:
        return int(series), tier
    s = series.strip().upper().removeprefix("S")
    t = tier.strip().upper()
    if s and s[-1] in "ABCD" and len(s) > 1:
        s, t = s[:-1], t or s[-1]
    n = _int(s, where, "series")
    if not 1 <= n <= 7:
        raise RankingError.of("file.series", where=where, series=n)
    if t not in ("", "A", "B", "C", "D"):
        raise RankingError.of("file.tier", where=where, value=tier)
    return n, t


def _cells(kept: list[tuple[int, str]], source: str) -> Iterator[tuple[Message, list[str]]]:
    """Where each kept line is and its cells; a cell longer than the csv module reads is
    refused on its line."""
    reader = csv.reader(io.StringIO("\n".join(ln for _, ln in kept)))
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:
            where = _in(source, kept[min(reader.line_num, len(kept)) - 1][0])
            raise RankingError.of("file.cell_too_long", where=where, limit=CELL_MAX) from None
        yield _in(source, kept[reader.line_num - 1][0]), cells


def _table(text: str, source: str, required: Sequence[str]) -> list[tuple[Message, dict[str, str]]]:
    """The rows of the file's table, each with where it is (the file's own line numbers,
    counting the header block and blank lines)."""
    kept = [
        (number, ln)
        for number, ln in enumerate(text.splitlines(), start=1)
        if ln.strip() and not ln.lstrip().startswith("#")
    ]
    if not kept:
        raise RankingError.of("file.no_table", where=_in(source))
    reader = _cells(kept, source)
    header = [_key(h) for h in next(reader)[1]]
    missing = [c for c in required if c not in header]
    if missing:
        raise RankingError.of(
            "file.missing_columns",
            where=_in(source),
            columns=", ".join(FRENCH_NAMES[c] for c in missing),
        )
    width = len(header)
    rows = []
    for where, raw in reader:
        if len(raw) > width:
            raise RankingError.of("file.cell_count", where=where, found=len(raw), expected=width)
        cells = [restore(c) for c in raw]
        rows.append((where, dict(zip(header, cells, strict=False))))
    return rows


def parse_event(
    text: str,
    source: str = "event",
    type_code: str | None = None,
    games: int | None = None,
    date: dt.date | None = None,
    name: str | None = None,
    overseas: bool | None = None,
) -> Event:
    """An event from its CSV text; arguments override the header block (or the columns of
    Arbitre's Duplicate export, whose rows are read by :func:`import_results`)."""
    if looks_like_arbitre_export(text):
        return import_results(
            text,
            ARBITRE,
            name=name if name is not None else Path(source).stem,
            type_code=type_code,
            games=games,
            date=date,
            overseas=overseas,
        ).event
    meta: dict[str, str] = {}
    for ln in text.splitlines():
        s = ln.strip()
        if s.startswith("#") and ":" in s:
            key, _, value = s[1:].partition(":")
            meta[_key(key)] = value.strip()
    code = type_code or meta.get("type")
    if not code:
        raise RankingError.of("file.type_missing", where=_in(source))
    if games is None:
        if "games" not in meta:
            raise RankingError.of("file.games_missing", where=_in(source))
        games = _int(meta["games"], _in(source), "games")
    if date is None and meta.get("date"):
        try:
            date = dt.date.fromisoformat(meta["date"])
        except ValueError:
            raise RankingError.of("file.date", where=_in(source), value=meta["date"]) from None
    if overseas is None:
        overseas = _bool(meta.get("overseas", ""), _in(source))
    entries = []
    for where, row in _table(text, source, ("place", "licence", "series")):
        place = _int(row.get("place", ""), where, "place")
        series, tier = _series_tier(row.get("series", ""), row.get("tier", ""), where)
        entries.append(
            Entry(
                place,
                row.get("licence", "").strip(),
                row.get("name", "").strip(),
                series,
                tier,
                row.get("pair", "").strip(),
            )
        )
    return Event(
        event_type(code),
        games,
        tuple(entries),
        date,
        name if name is not None else meta.get("name", Path(source).stem),
        overseas,
        meta.get("uid", ""),
    )


def read_event(path: str | os.PathLike[str], **overrides: object) -> Event:
    p = Path(path)
    text = decode_text(p.read_bytes())
    assert text is not None  # "auto" always decodes (Latin-1 as the last resort)
    return parse_event(text, str(p), **overrides)  # type: ignore[arg-type]


def read_events_dir(path: str | os.PathLike[str]) -> list[Event]:
    """Every ``*.csv`` event file of a folder, in name order."""
    p = Path(path)
    if not p.is_dir():
        raise RankingError.of("file.not_folder", where=_in(str(p)))
    files = sorted(p.glob("*.csv"))
    if not files:
        raise RankingError.of("file.no_event_file", where=_in(str(p)))
    events = [read_event(f) for f in files]
    for first, again in repeated_events(events):
        raise RankingError.of("event.same_event", first=files[first].name, second=files[again].name)
    return events


def parse_licensees(text: str, source: str = "licensees") -> list[Licensee]:
    """Licensees: ``licence,name,series,tier,first_season,highest_series,overseas,
    affiliated,after_festival,s1_for_life`` (only licence and series required)."""
    out = []
    for where, row in _table(text, source, ("licence", "series")):
        series, tier = _series_tier(row.get("series", ""), row.get("tier", ""), where)
        highest = row.get("highest_series", "").strip()
        first = row.get("first_season", "").strip()
        out.append(
            Licensee(
                row["licence"].strip(),
                row.get("name", "").strip(),
                series,
                tier,
                _int(first, where, "first_season") if first else 0,
                _series_tier(highest, "", where)[0] if highest else series,
                _bool(row.get("overseas", ""), where),
                _bool(row.get("affiliated", "yes") or "yes", where),
                _bool(row.get("after_festival", ""), where),
                _bool(row.get("s1_for_life", ""), where),
            )
        )
    return out


def parse_previous(text: str, source: str = "previous") -> list[Reliquat]:
    """Last season's figures: ``licence,series,tier,pct_s1,pct_s2,pct_s3,pp4,points``
    (percentages in percent); a season result file is accepted as is."""
    out = []
    for where, row in _table(text, source, ("licence", "series")):
        series, tier = _series_tier(row.get("series", ""), row.get("tier", ""), where)
        pct = tuple(_float(row.get(f"pct_s{k}", ""), where, f"pct_s{k}") / 100 for k in (1, 2, 3))
        for v in pct:
            if not 0 <= v <= 1:
                raise RankingError.of("file.percentage", where=where)
        pp4 = row.get("pp4", "").strip()
        points = row.get("points", "").strip()
        out.append(
            Reliquat(
                row["licence"].strip(),
                series,
                tier,
                (pct[0], pct[1], pct[2]),
                _int(pp4, where, "pp4") if pp4 else 0,
                _int(points, where, "points") if points else 0,
            )
        )
    return out


def result_rows(result: SeasonResult) -> list[dict[str, str]]:
    rows = []
    for p in result.ordered():
        pl = p.placement
        assert pl is not None
        rows.append(
            {
                "licence": p.licensee.licence,
                "name": neutralise(p.licensee.name),
                "series": str(pl.series),
                "tier": pl.tier,
                "super_series": "yes" if pl.super_series else "",
                "reason": pl.reason,
                "pct_s1": f"{100 * p.pct_final(1):.4f}",
                "pct_s2": f"{100 * p.pct_final(2):.4f}",
                "pct_s3": f"{100 * p.pct_final(3):.4f}",
                "pp4": str(p.pp4_final),
                "points": str(p.points_final),
                "season_pp4": f"{p.pp4_season_tenths / 10:.1f}",
                "season_points": str(p.points_season + p.points_doubled),
                "highest_series": str(pl.highest_series),
                "s1_for_life": "yes" if pl.s1_for_life else "",
            }
        )
    return rows


def format_result_csv(result: SeasonResult) -> str:
    """The season's results with French column names (:func:`parse_previous` reads them as
    the next season's figures)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(_french(RESULT_COLUMNS))
    for row in result_rows(result):
        writer.writerow([_oui(row[key]) for key in RESULT_COLUMNS])
    return buf.getvalue()


def _oui(cell: str) -> str:
    return "oui" if cell == "yes" else cell


def format_event_csv(event: Event) -> str:
    """An event as its CSV file (header block and table)."""
    buf = io.StringIO()
    buf.write(f"# type: {event.type.code}\n# parties: {event.games}\n")
    if event.date:
        buf.write(f"# date: {event.date.isoformat()}\n")
    if event.name:
        buf.write(f"# nom: {event.name}\n")
    if event.overseas:
        buf.write("# outremer: oui\n")
    if event.uid:
        buf.write(f"# epreuve: {event.uid}\n")
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(_french(("place", "licence", "name", "series", "tier", "pair")))
    for e in event.entries:
        writer.writerow([e.place, e.licence, neutralise(e.name), e.series, e.tier, e.pair])
    return buf.getvalue()


def format_licensees_csv(licensees: Iterable[Licensee]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(_french(LICENSEE_COLUMNS))
    yn = {True: "oui", False: "non"}
    for p in licensees:
        writer.writerow(
            [
                p.licence,
                neutralise(p.name),
                p.series,
                p.tier,
                p.first_season,
                p.highest_series,
                yn[p.overseas],
                yn[p.affiliated],
                yn[p.after_festival],
                yn[p.s1_for_life],
            ]
        )
    return buf.getvalue()
