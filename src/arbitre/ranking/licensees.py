"""The federation's licensee file (seed 002, A.1 and A.3).

One row per licensee: licence number, name, first name, club, committee, birth date or age
category, nationality, federation of affiliation, series and tier, and the lifetime floors
of A.1 (the best series ever held, "S1 for life"), with what the season needs (first season
of affiliation, affiliated this season, first affiliated after the summer festival,
overseas resident). Read with :func:`arbitre.common.players_csv.read_sheet`: ``;``, ``,`` or
tab, UTF-8 (BOM or not) or Latin-1, French or English header in any order, columns the
ranking does not need ignored, every bad row reported by line, nothing returned until the
file is clean (:class:`~arbitre.common.players_csv.PlayersFileError`).

>>> text = "licence;nom;prenom;club;serie;nationalite;naissance\\n1012345;DUPONT;Ana;Vichy;2A;FR;12/05/1961\\n"
>>> (p,) = read_licensees(text)
>>> p.licence, p.series, p.tier, p.nationality, p.birth_date.year
('1012345', 2, 'A', 'FR', 1961)
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from arbitre.common.messages import Message, Param
from arbitre.common.players_csv import (
    CLUB,
    FIRST_NAME,
    NAME,
    Column,
    LineError,
    PlayersFileError,
    Row,
    Sheet,
    read_sheet,
)
from arbitre.ranking.results_import import parse_date, parse_series
from arbitre.ranking.season import Licensee

MESSAGE_CODES = frozenset(
    f"ranking.licensees.{name}"
    for name in (
        "licence",
        "prefix",
        "duplicate",
        "same_person",
        "series",
        "tier_for_series",
        "highest_series",
        "below_floor",
        "date",
        "future_birth",
        "nationality",
        "federation",
        "category",
        "first_season",
        "yes_no",
    )
)
"""Refusals of a licensee file's rows (``ranking.licensees.*``); the structural ones (header,
cell counts, required cells) are the players reader's (``players_csv.*``)."""

LICENCE_DIGITS = re.compile(r"[0-9]{1,12}")
"""A licence number: digits (seed 002 A.3.1, "un numéro de licence")."""
_CODE = re.compile(r"[A-Z]{2,3}")
_FEDERATION = re.compile(r"[A-Z0-9][A-Z0-9 .-]{0,19}")
_TRUE = {"1", "yes", "oui", "true", "vrai", "y", "o", "x"}
_FALSE = {"", "0", "no", "non", "false", "faux", "n"}

TIERS_BY_SERIES = {1: "AB", 2: "AB", 3: "AB", 4: "ABCD", 5: "ABCD", 6: "ABCD", 7: ""}
"""Tiers of each series (seed 002, A.1): A and B for S1-S3, A to D for S4-S6, none for S7."""

COLUMNS = (
    Column("licence", ("licence", "license", "numerodelicence", "nlicence", "licencenumber"), True),
    NAME,
    FIRST_NAME,
    CLUB,
    Column("committee", ("comite", "committee", "comiteregional")),
    Column("birth_date", ("naissance", "datedenaissance", "datenaissance", "birthdate", "dob")),
    Column("category", ("categorie", "category", "cat", "categoriedage")),
    Column("nationality", ("nationalite", "nationality", "nat")),
    Column("federation", ("federation", "federationdaffiliation", "affiliation")),
    Column("series", ("serie", "series", "classement"), True),
    Column("tier", ("palier", "tier")),
    Column("highest_series", ("meilleureserie", "highestseries", "seriemax", "plancher")),
    Column("s1_for_life", ("s1avie", "s1forlife", "s1vie")),
    Column("first_season", ("premieresaison", "firstseason", "premiereaffiliation")),
    Column("affiliated", ("affilie", "affiliated", "licencie", "licencieecettesaison")),
    Column("after_festival", ("apresfestival", "afterfestival", "apresvichy")),
    Column("overseas", ("outremer", "overseas", "residentoutremer")),
)


@dataclass(frozen=True)
class LicenseeRecord:
    """A row of the federation's licensee file."""

    line: int
    licence: str
    name: str
    first_name: str = ""
    club: str = ""
    committee: str = ""
    birth_date: dt.date | None = None
    category: str = ""
    nationality: str = ""
    federation: str = ""  # federation of affiliation (A.3.1), which ranks the player
    first_federation: str = ""  # federation of the first affiliation, from the licence's digits
    series: int = 7
    tier: str = ""
    highest_series: int = 7  # best series ever held: the lifetime floor (A.1)
    s1_for_life: bool = False  # super-series once, or S1A with a %S1 above 50% (A.1)
    first_season: int = 0
    affiliated: bool = True
    after_festival: bool = False
    overseas: bool = False

    def to_licensee(self) -> Licensee:
        """The ranking engine's licensee."""
        return Licensee(
            self.licence,
            f"{self.name} {self.first_name}".strip(),
            self.series,
            self.tier,
            self.first_season,
            self.highest_series,
            self.overseas,
            self.affiliated,
            self.after_festival,
            self.s1_for_life,
        )


def floor_series(highest_series: int, s1_for_life: bool) -> int:
    """The lowest series a player may be classified in for life (seed 002, A.1): S1 for the
    S1 for life, one series below the best held for S1-S5, S6 once S6, else S7."""
    if s1_for_life:
        return 1
    if highest_series <= 5:
        return highest_series + 1
    return min(highest_series, 7)


def first_federation(licence: str, prefixes: Mapping[str, str]) -> str | None:
    """The federation of the first affiliation, told by the licence's first digits (seed 002,
    A.3.1); the longest matching prefix wins; ``None`` when no prefix matches."""
    best = max((p for p in prefixes if licence.startswith(p)), key=len, default=None)
    return None if best is None else prefixes[best]


def read_licensees(
    data: bytes | str,
    *,
    prefixes: Mapping[str, str] | None = None,
    today: dt.date | None = None,
) -> list[LicenseeRecord]:
    """Every licensee of the file, or a :class:`PlayersFileError` listing every bad row.

    ``prefixes`` maps the first digits of licence numbers to federations (the FISF's table,
    which seed 002 does not give): when given, a licence must start with one of them.
    ``today`` refuses birth dates after it.
    """
    sheet = read_sheet(data, COLUMNS, ignore_unknown=True)
    if sheet.errors:
        sheet.check()
    out: list[LicenseeRecord] = []
    seen: dict[str, int] = {}
    people: dict[tuple[str, str, dt.date], tuple[str, int]] = {}
    for row in sheet.rows:
        bad = len(sheet.errors)
        record = _record(sheet, row, prefixes, today)
        licence = row.get("licence")
        if licence in seen:
            _error(sheet, row, "duplicate", value=licence, first_line=seen[licence])
            continue
        seen[licence] = row.line
        if record is None or len(sheet.errors) > bad:
            continue
        if record.birth_date is not None:
            key = (record.name.casefold(), record.first_name.casefold(), record.birth_date)
            other = people.setdefault(key, (record.licence, row.line))
            if other[0] != record.licence:
                # A.3.1: the licence number is given for life, a person has only one
                _error(sheet, row, "same_person", licence=other[0], first_line=other[1])
                continue
        out.append(record)
    sheet.check()
    return out


def _error(sheet: Sheet, row: Row, code: str, /, **params: Param) -> None:
    sheet.errors.append(LineError(row.line, Message.of(f"ranking.licensees.{code}", **params)))


def _yes_no(sheet: Sheet, row: Row, key: str, default: bool = False) -> bool:
    value = row.get(key).strip().lower()
    if not value:
        return default
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    _error(sheet, row, "yes_no", column=key, value=value)
    return default


def _record(
    sheet: Sheet, row: Row, prefixes: Mapping[str, str] | None, today: dt.date | None
) -> LicenseeRecord | None:
    licence = row.get("licence")
    first_fed = ""
    if not LICENCE_DIGITS.fullmatch(licence):
        _error(sheet, row, "licence", value=licence[:30])
    elif prefixes:
        found = first_federation(licence, prefixes)
        if found is None:
            _error(sheet, row, "prefix", value=licence, prefixes=", ".join(sorted(prefixes)))
        else:
            first_fed = found
    name = sheet.player_name(row)
    parsed = parse_series(row.get("series"), row.get("tier"))
    series, tier = 7, ""
    if parsed is None:
        _error(sheet, row, "series", value=f"{row.get('series')}{row.get('tier')}")
    else:
        series, tier = parsed
        if tier and tier not in TIERS_BY_SERIES[series]:
            _error(sheet, row, "tier_for_series", series=series, tier=tier)
    highest = series
    if row.get("highest_series"):
        best = parse_series(row.get("highest_series"))
        if best is None:
            _error(sheet, row, "series", value=row.get("highest_series"))
        elif best[0] > series:
            _error(sheet, row, "highest_series", highest=best[0], series=series)
        else:
            highest = best[0]
    s1_life = _yes_no(sheet, row, "s1_for_life")
    if s1_life:
        highest = 1
    floor = floor_series(highest, s1_life)
    if parsed is not None and series > floor:
        _error(sheet, row, "below_floor", series=series, floor=floor, highest=highest)
    birth = None
    if row.get("birth_date"):
        birth = parse_date(row.get("birth_date"))
        if birth is None:
            _error(sheet, row, "date", value=row.get("birth_date"))
        elif today is not None and birth > today:
            _error(sheet, row, "future_birth", value=row.get("birth_date"))
    category = row.get("category").upper()
    if len(category) > 10:
        _error(sheet, row, "category", value=category[:20])
    nationality = row.get("nationality").upper()
    if nationality and not _CODE.fullmatch(nationality):
        _error(sheet, row, "nationality", value=nationality[:20])
    federation = row.get("federation").upper()
    if federation and not _FEDERATION.fullmatch(federation):
        _error(sheet, row, "federation", value=federation[:30])
    first_season = 0
    if row.get("first_season"):
        raw = row.get("first_season")
        year = raw.split("-")[0].split("/")[0]  # 2013, 2013-2014 or 2013/2014
        if not (year.isdigit() and 1950 <= int(year) <= 2200):
            _error(sheet, row, "first_season", value=raw)
        else:
            first_season = int(year)
    if name is None:
        return None
    return LicenseeRecord(
        line=row.line,
        licence=licence,
        name=name,
        first_name=row.get("first_name"),
        club=row.get("club"),
        committee=row.get("committee"),
        birth_date=birth,
        category=category,
        nationality=nationality,
        federation=federation,
        first_federation=first_fed,
        series=series,
        tier=tier,
        highest_series=highest,
        s1_for_life=s1_life,
        first_season=first_season,
        affiliated=_yes_no(sheet, row, "affiliated", True),
        after_festival=_yes_no(sheet, row, "after_festival"),
        overseas=_yes_no(sheet, row, "overseas"),
    )


def record_problems(record: LicenseeRecord) -> list[Message]:
    """What is wrong with one licensee's values, as the file's rows are checked (seed 002,
    A.1 and A.3): a tier the series does not have, a best series below the current one, a
    series below the lifetime floor, a nationality or federation code that is not one.
    Used when the ranking officer edits a licensee by hand; empty when the values hold."""
    out: list[Message] = []

    def problem(code: str, /, **params: Param) -> None:
        out.append(Message.of(f"ranking.licensees.{code}", **params))

    if not 1 <= record.series <= 7:
        problem("series", value=str(record.series))
        return out
    if record.tier and record.tier not in TIERS_BY_SERIES[record.series]:
        problem("tier_for_series", series=record.series, tier=record.tier)
    highest = 1 if record.s1_for_life else record.highest_series
    if not 1 <= highest <= 7:
        problem("series", value=str(highest))
    elif highest > record.series:
        problem("highest_series", highest=highest, series=record.series)
    else:
        floor = floor_series(highest, record.s1_for_life)
        if record.series > floor:
            problem("below_floor", series=record.series, floor=floor, highest=highest)
    if record.nationality and not _CODE.fullmatch(record.nationality):
        problem("nationality", value=record.nationality[:20])
    if record.federation and not _FEDERATION.fullmatch(record.federation):
        problem("federation", value=record.federation[:30])
    if len(record.category) > 10:
        problem("category", value=record.category[:20])
    if record.first_season and not 1950 <= record.first_season <= 2200:
        problem("first_season", value=str(record.first_season))
    return out


def keep_lifetime_floors(
    records: list[LicenseeRecord], stored: Mapping[str, tuple[int, bool]]
) -> list[LicenseeRecord]:
    """A new licensee file read over the floors already held (seed 002, A.1: the descent
    limits hold "à vie", even after an interruption): each known licence keeps the better
    of its stored best series and the file's, and "S1 for life" once held; a row whose
    series is then below its lifetime floor is refused by line
    (:class:`~arbitre.common.players_csv.PlayersFileError`), nothing returned."""
    out: list[LicenseeRecord] = []
    errors: list[LineError] = []
    for record in records:
        held = stored.get(record.licence)
        if held is None:
            out.append(record)
            continue
        s1_life = record.s1_for_life or held[1]
        highest = 1 if s1_life else min(record.highest_series, held[0])
        floor = floor_series(highest, s1_life)
        if record.series > floor:
            message = Message.of(
                "ranking.licensees.below_floor",
                series=record.series,
                floor=floor,
                highest=highest,
            )
            errors.append(LineError(record.line, message))
            continue
        out.append(replace(record, highest_series=highest, s1_for_life=s1_life))
    if errors:
        raise PlayersFileError(errors)
    return out
