"""The results file for the federation's results program (CSV).

One row per player in ranking order, ``;``-separated (the French spreadsheet convention),
CRLF line ends, with a header:
``table;licence;nom;prenom;club;serie;<game 1>;...;<game n>;total;rang;categorie;tops_perdus;type;parties;date;outremer;epreuve``.

The columns after ``rang`` carry what the federation ranking needs (seed 002, B.3: the event
type and the number of games decide M and D; A.4: the tops lost break a title tie) and are
the same on every row: ``type`` is the ranking's event type code (``TH``, ``SF``...),
``parties`` the number of games, ``date`` ISO ``YYYY-MM-DD`` (empty when unknown),
``outremer`` ``oui`` for an event of an overseas club (seed 002, A.5: M at least 100, points
doubled for its overseas residents), ``epreuve`` Arbitre's own identity of the event (one event
counts once in its season, whichever way it reaches the federation). A tie is
written ``3ex`` in ``rang``. ``arbitre ranking event`` reads this file as it is.

A pairs event (seed 002, A.2.4) writes both partners of each pair, one row each with their
own licence, name, club, series and category and the pair's table and figures, ex aequo
(``3ex``) at the pair's place in the individual ranking (the pair below two pairs is 5th:
each pair above holds two places), and one more column, ``paire``, the pair's two licences;
its default type is ``PAIRS`` (ranking points only).
Encoding UTF-8 or Latin-1 (ISO-8859-1, what older federation programs read); in Latin-1
the ligatures Œ/œ, which it lacks, are written OE/oe, and any other character it lacks is
refused with the player's name.

The header is part of the file format: French by default, as the federation's programs read
it; ``lang="en"`` writes English column names. :func:`read_results` reads both.

>>> text = "table;licence;nom;prenom;club;serie;TH1;total;rang\\r\\n1;42;DUPONT;Ana;Vichy;2A;60;60;1ex\\r\\n"
>>> row = read_results(text)[0]
>>> row.name, row.games, row.rank, row.ex_aequo
('DUPONT', (('TH1', 60),), 1, True)
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass

from arbitre.common.messages import Message, Param, Refusal
from arbitre.common.players_csv import fold
from arbitre.common.results_columns import HEADERS
from arbitre.common.spreadsheet import neutralise, restore
from arbitre.duplicate.event import Event, Player, StandingRow
from arbitre.duplicate.pairs import (
    DEFAULT_PAIR_EVENT_TYPE,
    Partner,
    individual_places,
    pair_label,
)

ENCODINGS = ("utf-8", "latin-1")
_LATIN1_FALLBACKS = str.maketrans({"Œ": "OE", "œ": "oe", "’": "'", "‘": "'"})

KEYS = ("table", "licence", "name", "first_name", "club", "series")
"""The columns before the games; ``total`` and ``rank`` follow them."""
RANKING_KEYS = (
    "category",
    "tops_lost",
    "event_type",
    "games",
    "date",
    "overseas",
    "event_id",
    "pair",
)
"""The columns after ``rank``: what the federation ranking needs (seed 002, A.4, B.3;
``pair`` only in the file of a pairs event, A.2.4)."""

MESSAGE_CODES = frozenset(
    f"duplicate.results.{name}" for name in ("not_latin1", "bad_header", "bad_row")
)
"""Refusals of the results file (``duplicate.results.*``)."""


class ResultsEncodingError(Refusal):
    """A name cannot be written in the chosen encoding."""


class ResultsFileError(Refusal):
    """A results file that :func:`read_results` cannot read."""


def _message(code: str, /, **params: Param) -> Message:
    return Message.of(f"duplicate.results.{code}", **params)


def default_event_type(games: int, pairs: bool = False) -> str:
    """The ranking's event type of an event that does not say it: a pairs tournament
    (``PAIRS``, seed 002 A.2.4: ranking points only) for a pairs event, else a homologated
    tournament (``TH``, seed 002 A.2.2: two games or more), a federal simultaneous (``SF``)
    in one game."""
    if pairs:
        return DEFAULT_PAIR_EVENT_TYPE
    return "TH" if games >= 2 else "SF"


@dataclass(frozen=True)
class RankingInfo:
    """What the federation ranking needs to know of the event beyond its standings."""

    event_type: str = ""  # empty: :func:`default_event_type`
    date: dt.date | None = None
    overseas: bool = False  # an overseas club's event (seed 002, A.5)
    event_id: str = ""  # Arbitre's identity of the event (installation and number)


def results_csv(event: Event, lang: str = "fr", ranking: RankingInfo | None = None) -> str:
    """The results as CSV text (encode it with :func:`encode_results`); the header in ``lang``
    (French, the federation's format, unless ``"en"``); ``ranking`` gives the event type and
    date written on every row (default: :func:`default_event_type`, no date)."""
    names = HEADERS.get(lang, HEADERS["fr"])
    info = ranking or RankingInfo()
    games = len(event.games)
    pairs = any(p.partner is not None for p in event.players)
    kind = info.event_type or default_event_type(games, pairs)
    day = info.date.isoformat() if info.date else ""
    keys = RANKING_KEYS if pairs else RANKING_KEYS[:-1]
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(
        [names[k] for k in KEYS]
        + [g.name for g in event.games]
        + [names["total"], names["rank"]]
        + [names[k] for k in keys]
    )
    standings = event.standings()
    places = individual_places([(r.rank, 1 if r.player.partner is None else 2) for r in standings])
    for row, place in zip(standings, places, strict=True):
        for person, rank, pair in _people(row, place):
            writer.writerow(
                [
                    "" if row.player.table is None else row.player.table,
                    neutralise(person.licence),
                    neutralise(person.name),
                    neutralise(person.first_name),
                    neutralise(person.club),
                    person.series_label,
                    *row.games,
                    row.total,
                    rank,
                    neutralise(person.category),
                    row.tops_lost,
                    kind,
                    games,
                    day,
                    "oui" if info.overseas else "non",
                    neutralise(info.event_id),
                ]
                + ([neutralise(pair)] if pairs else [])
            )
    return out.getvalue()


def _people(row: StandingRow, place: int) -> list[tuple[Player | Partner, str, str]]:
    """The players of a line of the standings as the federation's file lists them, each
    with their rank and pair mark: a player alone at their rank; both partners of a pair
    ex aequo at the pair's place in the individual ranking, with the pair's figures
    (seed 002, A.2.4)."""
    p = row.player
    if p.partner is None:
        return [(p, row.rank_label, "")]
    label = pair_label(p.licence, p.partner.licence)
    return [(p, f"{place}ex", label), (p.partner, f"{place}ex", label)]


def encode_results(text: str, encoding: str = "utf-8") -> bytes:
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding {encoding!r}: use one of {', '.join(ENCODINGS)}")
    if encoding == "utf-8":
        return text.encode("utf-8")
    text = text.translate(_LATIN1_FALLBACKS)
    for line_number, line in enumerate(text.splitlines(), start=1):
        try:
            line.encode("latin-1")
        except UnicodeEncodeError as exc:
            name = line.split(";")[2] if ";" in line else line
            raise ResultsEncodingError(
                _message("not_latin1", line=line_number, char=exc.object[exc.start], name=name)
            ) from exc
    return text.encode("latin-1")


@dataclass(frozen=True)
class ResultLine:
    """One row of a results file: the player, each game's total by name, the total and rank,
    and the ranking columns when the file has them (empty / ``None`` otherwise)."""

    table: int | None
    licence: str
    name: str
    first_name: str
    club: str
    series: str
    games: tuple[tuple[str, int], ...]
    total: int
    rank: int
    ex_aequo: bool
    category: str = ""
    tops_lost: int | None = None
    event_type: str = ""
    games_count: int | None = None
    date: dt.date | None = None


def _layout(header: list[str]) -> tuple[int, dict[str, int]] | None:
    """Where the games end (the index of ``total``) and the ranking columns by key, in
    either language; ``None`` when the header is not a results file's."""
    for names in HEADERS.values():
        lead = tuple(fold(names[k]) for k in KEYS)
        if len(header) < 8 or tuple(header[:6]) != lead:
            continue
        tail = {fold(names[k]): k for k in RANKING_KEYS}
        end = len(header)
        while end > 8 and header[end - 1] in tail:
            end -= 1
        if header[end - 2 : end] != [fold(names["total"]), fold(names["rank"])]:
            continue
        extra = {tail[h]: i for i, h in enumerate(header[end:], start=end)}
        if len(extra) != len(header) - end:
            return None  # a ranking column twice
        return end - 2, extra
    return None


def read_results(text: str) -> list[ResultLine]:
    """The rows of a results file written by :func:`results_csv`, with its French header (the
    federation's) or its English one, with or without the ranking columns;
    :class:`ResultsFileError` names the first bad line."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";")
    try:
        rows = list(reader)
    except csv.Error as exc:  # a cell longer than the csv module reads
        raise ResultsFileError(_message("bad_row", line=reader.line_num)) from exc
    if not rows:
        raise ResultsFileError(_message("bad_header"))
    header = [fold(cell) for cell in rows[0]]
    layout = _layout(header)
    if layout is None:
        raise ResultsFileError(_message("bad_header"))
    end, extra = layout
    games = rows[0][6:end]
    out = []
    for number, cells in enumerate(rows[1:], start=2):
        if not any(cells):
            continue
        try:
            if len(cells) != len(header):
                raise ValueError(cells)
            rank = cells[end + 1]

            def cell(key: str, cells: list[str] = cells) -> str:
                return cells[extra[key]].strip() if key in extra else ""

            tops, count, day = cell("tops_lost"), cell("games"), cell("date")
            out.append(
                ResultLine(
                    table=int(cells[0]) if cells[0] else None,
                    licence=restore(cells[1]),
                    name=restore(cells[2]),
                    first_name=restore(cells[3]),
                    club=restore(cells[4]),
                    series=cells[5],
                    games=tuple(zip(games, map(int, cells[6:end]), strict=True)),
                    total=int(cells[end]),
                    rank=int(rank.removesuffix("ex")),
                    ex_aequo=rank.endswith("ex"),
                    category=restore(cell("category")),
                    tops_lost=int(tops) if tops else None,
                    event_type=cell("event_type"),
                    games_count=int(count) if count else None,
                    date=dt.date.fromisoformat(day) if day else None,
                )
            )
        except ValueError as exc:
            raise ResultsFileError(_message("bad_row", line=number)) from exc
    return out
