"""A simultané: one pre-drawn game played at the same hour in many centres (issue 38).

Seed 002 names the events played so: the Simultanés fédéraux and permanents and the TSAP of
the Semaines fédérales (A.2.3), the international simultanés (Mondial, Blitz, Semi-rapide,
Jeunes), the Simultané Vermeil Diamant, the handicap simultané and the championship phases
played by centres (A.2.1), and the overseas tournaments « joués simultanément par parties
prétirées » (A.5). Their type fixes M (SF 150, SP 100, TSAP 300) or D (SM 0.1, SMB 0.5,
CF1, VQ, VD, SH and SJ 0.2), whatever the number of players (B.3.2); the events by centres
(CENTRES) keep the ordinary M and D. The types live in :data:`~arbitre.ranking.events.EVENT_TYPES`;
this module says which of them a simultané may take, how many games it has, and when its
games may be opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from arbitre.common.collation import french_key
from arbitre.common.messages import Message, Refusal
from arbitre.ranking.events import EVENT_TYPES, EventType

#: The event types a simultané may take (seed 002, A.2.1, A.2.3, A.5 and B.3.2).
SIMULTANE_TYPES = ("SF", "SP", "TSAP", "SM", "SMB", "SH", "SJ", "VD", "VQ", "CF1", "CENTRES")
#: Games of a TSAP of the Semaines fédérales (seed 002, A.2.3: « TSAP en 2 parties »).
TSAP_GAMES = 2
#: Bounds of the time per move of a simultané's games, in seconds (a blitz at 60 s, the
#: usual 3 minutes, at most the 10 minutes of the usual range of clocks).
SECONDS_RANGE = (30, 600)

MESSAGE_CODES = frozenset(
    f"ranking.simultane.{name}"
    for name in (
        "type",
        "games",
        "one_game",
        "tsap",
        "name",
        "seconds",
        "no_zone",
        "game_start",
        "first_start",
    )
)
"""Refusals of a simultané's publication (``ranking.simultane.*``)."""


class SimultaneRefused(Refusal):
    """A simultané that cannot be published as given, with the reason."""


def _refused(code: str, /, **params: str | int) -> SimultaneRefused:
    return SimultaneRefused(Message.of(f"ranking.simultane.{code}", **params))


@dataclass(frozen=True)
class Figures:
    """What the type fixes (seed 002, B.3.2): M, or D in hundredths, or neither."""

    m_fixed: int | None
    d_hundredths: int | None


def simultane_type(code: str) -> EventType:
    """The event type ``code`` when a simultané may take it, else a refusal naming those
    it may take."""
    found = EVENT_TYPES.get(code.strip().upper())
    if found is None or found.code not in SIMULTANE_TYPES:
        raise _refused("type", type=code, known=", ".join(SIMULTANE_TYPES))
    return found


def figures(code: str) -> Figures:
    """M or D fixed by the simultané's type (seed 002, B.3.2).

    >>> figures("SF"), figures("SM")
    (Figures(m_fixed=150, d_hundredths=None), Figures(m_fixed=None, d_hundredths=10))
    """
    etype = simultane_type(code)
    return Figures(etype.m_fixed, etype.d_hundredths)


def check(name: str, type_code: str, games: int, seconds_per_move: int, aware: bool) -> None:
    """Refuse a simultané that cannot be published: no name, a type a simultané may not
    take, a number of games its type forbids (SF and SP in one game, TSAP in two: seed 002,
    A.2.3 and B.3.2), a time per move outside :data:`SECONDS_RANGE`, or a start hour
    without its time zone (``aware`` False: the centres are in several zones)."""
    if not name.strip():
        raise _refused("name")
    etype = simultane_type(type_code)
    if games < 1:
        raise _refused("games", games=games)
    if etype.one_game and games != 1:
        raise _refused("one_game", type=etype.code, games=games)
    if etype.code == "TSAP" and games != TSAP_GAMES:
        raise _refused("tsap", games=games, expected=TSAP_GAMES)
    if not SECONDS_RANGE[0] <= seconds_per_move <= SECONDS_RANGE[1]:
        raise _refused(
            "seconds", seconds=seconds_per_move, low=SECONDS_RANGE[0], high=SECONDS_RANGE[1]
        )
    if not aware:
        raise _refused("no_zone")


def check_game_starts(starts_at: datetime, game_starts: list[datetime]) -> None:
    """Refuse the games' official starts unless the first is the simultané's start and
    each game starts after the one before (a TSAP's second game is played after its first:
    seed 002, A.2.3; each game's code is released at its own start)."""
    if game_starts and game_starts[0] != starts_at:
        raise _refused("first_start")
    for number in range(2, len(game_starts) + 1):
        if game_starts[number - 1] <= game_starts[number - 2]:
            raise _refused("game_start", number=number, previous=number - 1)


def released(now: datetime, starts_at: datetime) -> bool:
    """Whether the games may be opened at ``now``: from the official start, not a second
    before (both times aware). Nobody sees a draw before the start."""
    return now >= starts_at


# -- the merged standings ------------------------------------------------------------------------


@dataclass(frozen=True)
class CentreRow:
    """A player's total at one centre (as the centre's upload gives it)."""

    centre: str
    licence: str
    name: str
    first_name: str
    series: int | None
    category: str
    total: int
    #: entered « hors classement » by the centre, not a licensee (seed 002, A.1)
    unlicensed: bool = False


class MergedRow(NamedTuple):
    """A player's line of the simultané's standings: the place among every player of every
    centre, and the place in the player's own centre, ties ex aequo. (A named tuple: the
    standings of 6,000 players are made again at each upload, and a frozen dataclass took
    a quarter of that time to build them.)"""

    place: int
    ex_aequo: bool
    centre_place: int
    row: CentreRow


def _places(rows: list[CentreRow]) -> list[int]:
    """Places by total, ties sharing the best one (rows already sorted by total)."""
    out: list[int] = []
    for i, row in enumerate(rows):
        out.append(out[-1] if i and rows[i - 1].total == row.total else i + 1)
    return out


def merge(
    centres: dict[str, list[CentreRow]], series: int | None = None, category: str | None = None
) -> list[MergedRow]:
    """One standings of the whole simultané from each centre's latest rows (a centre's
    re-send replaces its rows: counted once). Ranked by total, as a Duplicate event is
    (seed 004, 2.6.4: the total of the scores of every move), ties ex aequo; the order
    of equal totals is the French order of names, then the centre, so that the
    standings do not depend on the order in which the centres uploaded. With ``series``
    or ``category``, the standings of that series or age category alone (places counted
    among its players, in the simultané and in each centre)."""
    every = sorted(
        (
            row
            for rows in centres.values()
            for row in rows
            if (series is None or row.series == series)
            and (category is None or row.category == category)
        ),
        key=lambda r: (-r.total, french_key(r.name), french_key(r.first_name), r.centre, r.licence),
    )
    return ranked(every)


def ranked(every: list[CentreRow]) -> list[MergedRow]:
    """The standings of ``every`` row, already in the order of :func:`merge` (a part of
    a standings keeps that order): the places in the whole list and in each centre, ties
    ex aequo (sharing the best place). One pass; :func:`ranked_reference` counts the same
    places the plain way, and the tests hold the two equal.

    >>> rows = [CentreRow("A", "1", "X", "x", 1, "S", t) for t in (90, 80, 80, 70)]
    >>> [(m.place, m.ex_aequo, m.centre_place) for m in ranked(rows)]
    [(1, False, 1), (2, True, 2), (2, True, 2), (4, False, 4)]
    """
    out: list[MergedRow] = []
    last = len(every) - 1
    place = 0
    #: centre -> [its rows met so far, the total of the last one, its place in the centre]
    centres: dict[str, list[int]] = {}
    for i, row in enumerate(every):
        total = row.total
        tied_before = i > 0 and every[i - 1].total == total
        if not tied_before:
            place = i + 1
        tied = tied_before or (i < last and every[i + 1].total == total)
        state = centres.get(row.centre)
        if state is None:
            state = centres[row.centre] = [0, total, 1]
        state[0] += 1
        if state[1] != total:
            state[1], state[2] = total, state[0]
        out.append(MergedRow(place, tied, state[2], row))
    return out


def ranked_reference(every: list[CentreRow]) -> list[MergedRow]:
    """What :func:`ranked` gives, counted plainly: the places of the whole list, then each
    centre's rows apart and their places, then how many share each place."""
    places = _places(every)
    by_centre: dict[str, list[CentreRow]] = {}
    for row in every:
        by_centre.setdefault(row.centre, []).append(row)
    local = {}
    for rows in by_centre.values():
        local.update({(r.centre, r.licence): p for r, p in zip(rows, _places(rows), strict=True)})
    counts: dict[int, int] = {}
    for p in places:
        counts[p] = counts.get(p, 0) + 1
    return [
        MergedRow(p, counts[p] > 1, local[(r.centre, r.licence)], r)
        for r, p in zip(every, places, strict=True)
    ]


def licences_elsewhere(centres: dict[str, list[CentreRow]], centre: str) -> list[str]:
    """The licences of ``centre`` that another centre already ranks: a player plays a
    simultané once."""
    mine = {r.licence for r in centres.get(centre, [])}
    others = {r.licence for name, rows in centres.items() if name != centre for r in rows}
    return sorted(mine & others)
