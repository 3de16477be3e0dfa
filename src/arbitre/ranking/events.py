"""One official event: ranking points (seed 002, B.3), PP4 (B.2) and %Sn with weights (B.1).

All arithmetic that the seed rounds is done on integers (D in hundredths, PP4 in tenths) so
that ``ceil`` never suffers from binary floating point.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

PCT_SERIES = (1, 2, 3)
"""Series ranked by %Sn (international rule, seed 002 B.1)."""

WEIGHT_FLOOR = {1: 10.0, 2: 15.0, 3: 20.0}
"""Floor weights by series (seed 002, B.1); also the per-game cap base."""

ONE_GAME_CAP = {1: 5.0, 2: 7.5, 3: 10.0}
"""Caps of one-game events admitted to the international ranking (seed 002, B.1)."""


class RankingError(ValueError):
    """Invalid ranking input (an event, a licensee, a previous season's figure)."""


class Pp4Rule(Enum):
    """How an event type awards PP4 (seed 002, B.2)."""

    NONE = "none"
    TH = "th"  # 1.2/48 for 5+ games, 1.1/44 for 4, 1/40 for 3, 1/32 for 2
    CENTRES = "centres"  # 0.5, floor 20 (events by centres, TSAP)
    PER_GAME = "per_game"  # coefficient per game, no floor


class PctRule(Enum):
    """How an event type awards %Sn (seed 002, B.1)."""

    NONE = "none"
    NORMAL = "normal"
    ONE_GAME = "one_game"  # one-game events admitted to the international ranking


@dataclass(frozen=True)
class EventType:
    """A kind of official event (seed 002, A.2 and B.3.2) and how it is valued."""

    code: str
    label: str
    d_hundredths: int | None = None  # fixed D (B.3.2), in hundredths
    m_fixed: int | None = None  # fixed M (B.3.2)
    pp4: Pp4Rule = Pp4Rule.TH
    pp4_tenths: int = 0  # coefficient in tenths for CENTRES / PER_GAME
    pct: PctRule = PctRule.NORMAL
    cap_boost: bool = False  # weight cap x 1.5 (B.1)
    one_game: bool = False  # must be played in exactly one game
    overseas_min_m: bool = False  # M at least 100 when played overseas (A.5)


EVENT_TYPES: dict[str, EventType] = {
    t.code: t
    for t in (
        EventType("TH", "Tournoi homologué (2 manches ou plus)", overseas_min_m=True),
        EventType(
            "GC",
            "Tournoi du Grand Chelem international (Aix, Cannes, Vichy, Belgique, Suisse)",
            cap_boost=True,
        ),
        EventType(
            "CENTRES",
            "Épreuve par centres (championnats régionaux, départementaux)",
            pp4=Pp4Rule.CENTRES,
            pp4_tenths=5,
            overseas_min_m=True,
        ),
        EventType(
            "TSAP",
            "TSAP en 2 parties des Semaines fédérales",
            m_fixed=300,
            pp4=Pp4Rule.CENTRES,
            pp4_tenths=5,
        ),
        EventType(
            "SF",
            "Simultané fédéral / de France en 1 partie",
            m_fixed=150,
            pp4=Pp4Rule.PER_GAME,
            pp4_tenths=1,
            pct=PctRule.ONE_GAME,
            one_game=True,
        ),
        EventType(
            "SP",
            "Partie de Simultané permanent",
            m_fixed=100,
            pp4=Pp4Rule.NONE,
            pct=PctRule.NONE,
            one_game=True,
        ),
        EventType(
            "ICQ",
            "Interclubs, partie de la phase qualificative",
            pp4=Pp4Rule.PER_GAME,
            pp4_tenths=2,
            pct=PctRule.ONE_GAME,
            one_game=True,
        ),
        EventType(
            "ICF",
            "Interclubs, partie de la finale",
            pp4=Pp4Rule.PER_GAME,
            pp4_tenths=5,
            pct=PctRule.ONE_GAME,
            one_game=True,
        ),
        EventType("PAIRS", "Tournoi en paires", pp4=Pp4Rule.NONE, pct=PctRule.NONE),
        EventType(
            "CP",
            "Championnat du Monde ou de France par paires",
            d_hundredths=100,
            pp4=Pp4Rule.NONE,
            pct=PctRule.NONE,
        ),
        EventType(
            "CF1",
            "Championnat de France individuel, phase 1",
            d_hundredths=20,
            pp4=Pp4Rule.CENTRES,
            pp4_tenths=5,
        ),
        EventType(
            "CF2", "Championnat de France individuel, phase 2", d_hundredths=40, cap_boost=True
        ),
        EventType(
            "CF3", "Championnat de France individuel, phase 3", d_hundredths=100, cap_boost=True
        ),
        EventType(
            "CFF", "Championnat de France individuel, finale", d_hundredths=1000, cap_boost=True
        ),
        EventType(
            "VQ",
            "Championnat de France Vermeil, qualification",
            d_hundredths=20,
            pp4=Pp4Rule.CENTRES,
            pp4_tenths=5,
        ),
        EventType(
            "VD",
            "Simultané national Vermeil Diamant",
            d_hundredths=20,
            pp4=Pp4Rule.CENTRES,
            pp4_tenths=5,
        ),
        EventType("VF", "Championnat de France Vermeil, finale", d_hundredths=300),
        EventType(
            "WI", "Championnat du Monde individuel (Élite)", d_hundredths=1500, cap_boost=True
        ),
        EventType("WB", "Championnat du Monde de Blitz", cap_boost=True),
        EventType(
            "SM",
            "Simultané mondial",
            d_hundredths=10,
            pp4=Pp4Rule.CENTRES,
            pp4_tenths=5,
            cap_boost=True,
        ),
        EventType(
            "SMB",
            "Simultané mondial de blitz ou en semi-rapide",
            d_hundredths=50,
            pp4=Pp4Rule.CENTRES,
            pp4_tenths=5,
            cap_boost=True,
        ),
        EventType(
            "SH",
            "Simultané national avec handicap (classement sans handicap)",
            d_hundredths=20,
            pp4=Pp4Rule.CENTRES,
            pp4_tenths=5,
        ),
        EventType("SJ", "Simultané des jeunes", d_hundredths=20, pp4=Pp4Rule.CENTRES, pp4_tenths=5),
    )
}


def event_type(code: str) -> EventType:
    """The event type of ``code`` (case-insensitive), or a :class:`RankingError`."""
    try:
        return EVENT_TYPES[code.strip().upper()]
    except KeyError:
        known = ", ".join(EVENT_TYPES)
        raise RankingError(f"unknown event type {code!r} (known: {known})") from None


def d_for_games(games: int) -> int:
    """D in hundredths by number of games (seed 002, B.3.2): 2.5 / 2.25 / 2.

    One-game events whose D is not fixed (Interclubs games) use 2 (docs/ranking.md).
    """
    if games >= 5:
        return 250
    if games == 4:
        return 225
    return 200


def pp4_coefficient(etype: EventType, games: int) -> tuple[int, int | None]:
    """PP4 coefficient in tenths and floor (seed 002, B.2), ``(0, None)`` for none."""
    if etype.pp4 is Pp4Rule.NONE:
        return 0, None
    if etype.pp4 is Pp4Rule.CENTRES:
        return etype.pp4_tenths, 20
    if etype.pp4 is Pp4Rule.PER_GAME:
        return etype.pp4_tenths * games, None
    if games >= 5:
        return 12, 48
    if games == 4:
        return 11, 44
    if games == 3:
        return 10, 40
    return 10, 32


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


class Entry(NamedTuple):
    """One line of an event's final ranking (seed 002, A.2.4 for pairs)."""

    place: int
    licence: str
    name: str = ""
    series: int = 7
    tier: str = ""
    pair: str = ""


@dataclass(frozen=True)
class Event:
    """An official event and its final overall ranking."""

    type: EventType
    games: int
    entries: tuple[Entry, ...]
    date: dt.date | None = None
    name: str = ""
    overseas: bool = False

    def __post_init__(self) -> None:
        if self.games < 1:
            raise RankingError(f"event {self.name!r}: number of games must be at least 1")
        if self.type.one_game and self.games != 1:
            raise RankingError(
                f"event {self.name!r}: a {self.type.code} event is one game (one file per game)"
            )
        if self.type.code in ("TH", "GC", "PAIRS") and self.games < 2:
            raise RankingError(f"event {self.name!r}: a {self.type.code} has 2 games or more")
        if not self.entries:
            raise RankingError(f"event {self.name!r}: the ranking is empty")
        seen: set[str] = set()
        for e in self.entries:
            if e.place < 1:
                raise RankingError(f"event {self.name!r}: place {e.place} is not positive")
            if not 1 <= e.series <= 7:
                raise RankingError(f"event {self.name!r}: series {e.series} not in 1-7")
            if e.licence:
                if e.licence in seen:
                    raise RankingError(f"event {self.name!r}: licence {e.licence} appears twice")
                seen.add(e.licence)
        pairs: dict[str, int] = {}
        for e in self.entries:
            if e.pair:
                if pairs.setdefault(e.pair, e.place) != e.place:
                    raise RankingError(
                        f"event {self.name!r}: the two players of pair {e.pair} "
                        "must share one place"
                    )


class PctFigure(NamedTuple):
    """A player's %Sn contribution for one event (seed 002, B.1).

    ``pct`` is None when the player finished outside (below) the band of series n: the event
    then adds its weight with a zero numerator. ``bonus`` is the sum of NumSk of the higher
    series k < n in which the player obtained a %Sk in this event.
    """

    series: int
    pct: float | None
    rank_in_band: int | None
    present: int  # A_n
    weight: float  # PoidsSn
    bonus: float

    @property
    def num(self) -> float:
        """NumSn = %Sn x PoidsSn (0 outside the band)."""
        return 0.0 if self.pct is None else self.pct * self.weight

    @property
    def num_adjusted(self) -> float:
        """NumSn' = NumSn + sum of NumSnsup."""
        return self.num + self.bonus

    @property
    def weight_adjusted(self) -> float:
        """PoidsSn' = PoidsSn + sum of NumSnsup."""
        return self.weight + self.bonus


class EntryScore(NamedTuple):
    """Every figure one player earned in one event."""

    entry: Entry
    place: int  # effective place: 1 + the number of players strictly above
    points: int  # m
    pp4_tenths: int
    pct: tuple[PctFigure, ...] = ()

    @property
    def pp4(self) -> float:
        return self.pp4_tenths / 10

    def pct_for(self, series: int) -> PctFigure | None:
        for f in self.pct:
            if f.series == series:
                return f
        return None


@dataclass(frozen=True)
class EventScore:
    """An event's computed figures: M, D, n, Y, the weights and each player's scores."""

    event: Event
    n: int
    d_hundredths: int | None  # None for fixed-M events, where D = M / n
    m_winner: int
    y: int  # players of series 1-4 engaged (before the floor)
    y_used: int  # after the floor / coefficient raise
    pp4_tenths_coef: int
    present: dict[int, int]  # A_n for n = 1..3
    weights: dict[int, float]  # PoidsSn for n = 1..3 with A_n > 0
    scores: tuple[EntryScore, ...]

    @property
    def d(self) -> float:
        if self.d_hundredths is None:
            return self.m_winner / self.n
        return self.d_hundredths / 100


def effective_places(places: Sequence[int]) -> list[int]:
    """Ex aequo share the better place: 1 + the number of strictly better given places.

    Works for both ``1,1,3`` and ``1,1,2`` conventions (seed 002, A.2.4 and B.3.3).
    """
    order = sorted(places)
    return [1 + bisect_left(order, p) for p in places]


def ranking_points(m_winner: int, place: int, n: int, d_hundredths: int | None) -> int:
    """m = M - D x (P - 1) rounded up, never negative (seed 002, B.3.3).

    With a fixed M and no D (``d_hundredths`` None), D = M / n.
    """
    if d_hundredths is None:
        value = _ceil_div(m_winner * (n - place + 1), n)
    else:
        value = _ceil_div(m_winner * 100 - d_hundredths * (place - 1), 100)
    return max(value, 0)


def winner_points(etype: EventType, games: int, n: int, overseas: bool) -> tuple[int, int | None]:
    """M and D in hundredths (seed 002, B.3.1-B.3.2, A.5 for overseas)."""
    if etype.m_fixed is not None:
        return etype.m_fixed, None
    d = etype.d_hundredths if etype.d_hundredths is not None else d_for_games(games)
    m = _ceil_div(n * d, 100)
    if overseas and etype.overseas_min_m:
        m = max(m, 100)
    return m, d


def event_weight(series: int, present: int, games: int, etype: EventType) -> float:
    """PoidsSn (seed 002, B.1): floors, small participation, caps, one-game events."""
    if present <= 0:
        return 0.0
    floor = WEIGHT_FLOOR[series]
    if etype.pct is PctRule.ONE_GAME:
        return min(present * 0.5, ONE_GAME_CAP[series] * games)
    a = float(present)
    weight = 2 * a if a < floor / 2 else max(a, floor)
    cap = floor * games * (1.5 if etype.cap_boost else 1.0)
    return min(weight, cap)


def pp4_tenths(coef: int, y_used: int, place: int) -> int:
    """PP4 in tenths at ``place`` (seed 002, B.2): coefficient x (Y - P + 1), never negative."""
    return coef * max(y_used - place + 1, 0) if coef else 0


def score_event(event: Event) -> EventScore:
    """Compute M, m, PP4, the bands and %Sn with weights and bonuses for every player.

    The fast path (issue 23, part 5): ranking points and PP4 depend on the place only, so
    they are computed once per place; players below every band they could reach share one
    tuple of figures; the rows are built in one pass. ``reference.score_event_reference``
    is the plain reading it is held equal to.
    """
    entries = event.entries
    places = effective_places([e.place for e in entries])
    n = len(entries)
    etype = event.type
    m_winner, d = winner_points(etype, event.games, n, event.overseas)

    coef, floor = pp4_coefficient(etype, event.games)
    series_of = [e.series for e in entries]
    y = sum(1 for s in series_of if s <= 4)
    y_used = y
    if coef and floor is not None:
        y_used = max(y, _ceil_div(floor * 10, coef))

    present: dict[int, int] = {}
    weights: dict[int, float] = {}
    bands: list[tuple[int, int, int, list[int], float]] = []
    if etype.pct is not PctRule.NONE:
        for s in PCT_SERIES:
            ps = sorted(p for p, t in zip(places, series_of, strict=True) if t == s)
            if ps:
                present[s] = len(ps)
                weights[s] = event_weight(s, len(ps), event.games, etype)
                bands.append((s, len(ps), ps[-1], ps, weights[s]))

    # one value per effective place 1..n (index 0 unused)
    points_at = [0, *(ranking_points(m_winner, p, n, d) for p in range(1, n + 1))]
    pp4_at = [0, *(pp4_tenths(coef, y_used, p) for p in range(1, n + 1))]
    figures: list[tuple[PctFigure, ...]] = []
    if bands:
        # players below every band they could reach all share one tuple of zero-numerator
        # figures; the bands a player can reach are those of their series and above
        outside: list[tuple[PctFigure, ...]] = []
        reach: list[int] = []
        for series in range(8):
            mine = [b for b in bands if b[0] <= series]
            outside.append(tuple(PctFigure(b[0], None, None, b[1], b[4], 0.0) for b in mine))
            reach.append(max((b[2] for b in mine), default=0))
        for place, series in zip(places, series_of, strict=True):
            if place > reach[series]:
                figures.append(outside[series])
                continue
            figs: list[PctFigure] = []
            bonus = 0.0
            for s, a_n, last, ps, weight in bands:
                if s > series:
                    break
                # ruling 3 / B.1 (1): the bonus goes to the %Sn of the player's own series only
                own = bonus if s == series else 0.0
                if place <= last:
                    p_n = 1 + bisect_left(ps, place)
                    pct = (a_n - p_n + 1) / a_n
                    figs.append(PctFigure(s, pct, p_n, a_n, weight, own))
                    bonus += pct * weight
                else:
                    figs.append(PctFigure(s, None, None, a_n, weight, own))
            figures.append(tuple(figs))
    else:
        figures = [()] * n
    new = tuple.__new__
    scores = tuple(
        new(EntryScore, (e, place, points_at[place], pp4_at[place], f))
        for e, place, f in zip(entries, places, figures, strict=True)
    )
    return EventScore(event, n, d, m_winner, y, y_used, coef, present, weights, scores)


def score_events(events: Iterable[Event]) -> list[EventScore]:
    return [score_event(e) for e in events]
