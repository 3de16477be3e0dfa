"""One official event: ranking points (seed 002, B.3), PP4 (B.2) and %Sn with weights (B.1).

All arithmetic that the seed rounds is done on integers (D in hundredths, PP4 in tenths) so
that ``ceil`` never suffers from binary floating point.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import accumulate, chain
from operator import itemgetter
from typing import NamedTuple, overload

import numpy as np
import numpy.typing as npt

from arbitre.common.messages import Message, Param, Refusal
from arbitre.common.players_csv import fold

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

PCT_SERIES = (1, 2, 3)
"""Series ranked by %Sn (international rule, seed 002 B.1)."""

WEIGHT_FLOOR = {1: 10.0, 2: 15.0, 3: 20.0}
"""Floor weights by series (seed 002, B.1); also the per-game cap base."""

ONE_GAME_CAP = {1: 5.0, 2: 7.5, 3: 10.0}
"""Caps of one-game events admitted to the international ranking (seed 002, B.1)."""


class RankingError(Refusal):
    """Invalid ranking input (an event, a licensee, a previous season's figure), with its
    reason as a message (``ranking.event.*``, ``ranking.season.*``, ``ranking.file.*``)."""

    @classmethod
    def of(cls, code: str, /, **params: Param) -> RankingError:
        """The refusal ``ranking.<code>`` with its parameters."""
        return cls(Message.of(f"ranking.{code}", **params))


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

    @property
    def name(self) -> Message:
        """The type's name as a message (``ranking.event_type.<code>``), worded by the
        interface: in French it is :attr:`label`, the seed's name."""
        return Message.of(f"ranking.event_type.{self.code}")


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


MESSAGE_CODES = frozenset(f"ranking.event_type.{code}" for code in EVENT_TYPES) | frozenset(
    f"ranking.event.{name}"
    for name in (
        "unknown_type",
        "games",
        "one_game",
        "two_games",
        "empty",
        "place",
        "series",
        "licence_twice",
        "pair_split",
        "same_event",
        "not_admitted",
    )
)
"""The name of each event type (``ranking.event_type.<code>``: its French wording is the
seed's name, :attr:`EventType.label`) and the refusals of an event (``ranking.event.*``)."""


def event_type(code: str) -> EventType:
    """The event type of ``code`` (case-insensitive), or a :class:`RankingError`."""
    try:
        return EVENT_TYPES[code.strip().upper()]
    except KeyError:
        known = ", ".join(EVENT_TYPES)
        raise RankingError.of("event.unknown_type", type=code, known=known) from None


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
    uid: str = ""  # Arbitre's own identity of an event it ran (:func:`same_event`)

    def __post_init__(self) -> None:
        if self.games < 1:
            raise RankingError.of("event.games", event=self.name, games=self.games)
        if self.type.one_game and self.games != 1:
            raise RankingError.of("event.one_game", event=self.name, type=self.type.code)
        if self.type.code in ("TH", "GC", "PAIRS") and self.games < 2:
            raise RankingError.of("event.two_games", event=self.name, type=self.type.code)
        if not self.entries:
            raise RankingError.of("event.empty", event=self.name)
        seen: set[str] = set()
        for e in self.entries:
            if e.place < 1:
                raise RankingError.of("event.place", event=self.name, place=e.place)
            if not 1 <= e.series <= 7:
                raise RankingError.of("event.series", event=self.name, series=e.series)
            if e.licence:
                if e.licence in seen:
                    raise RankingError.of("event.licence_twice", event=self.name, licence=e.licence)
                seen.add(e.licence)
        pairs: dict[str, int] = {}
        for e in self.entries:
            if e.pair:
                if pairs.setdefault(e.pair, e.place) != e.place:
                    raise RankingError.of("event.pair_split", event=self.name, pair=e.pair)


def _ranking_of(event: Event) -> frozenset[tuple[str, int]]:
    return frozenset((e.licence, e.place) for e in event.entries if e.licence)


def same_event(a: Event, b: Event) -> bool:
    """Whether two entries of a season are one official event, which counts once (seed 002,
    A.2: each official event gives its points once; issue 33). Events Arbitre ran carry its
    own identity (``uid``): two identities decide alone. Otherwise the event is told by its
    date and its players: the same date and the same licences, and either the same name
    (compared without case, accents or spaces) or the same places for every licence (the
    same results under another name). Two games of one day with the same players (two
    Interclubs games) have other names and other places: they stay two events."""
    if a.uid and b.uid:
        return a.uid == b.uid
    if a.date is None or a.date != b.date:
        return False
    licences = {e.licence for e in a.entries if e.licence}
    if not licences or licences != {e.licence for e in b.entries if e.licence}:
        return False
    return fold(a.name) == fold(b.name) or _ranking_of(a) == _ranking_of(b)


def repeated_events(events: Sequence[Event]) -> list[tuple[int, int]]:
    """Each later event that repeats an earlier one (:func:`same_event`), as the pair of
    their indexes (the first occurrence, the repetition), in order."""
    found: list[tuple[int, int]] = []
    seen: dict[object, list[int]] = {}  # the events met so far by identity and by date
    for j, later in enumerate(events):
        keys = [("date", later.date)] + ([("uid", later.uid)] if later.uid else [])
        met = sorted({i for key in keys for i in seen.get(key, ())})
        first = next((i for i in met if same_event(events[i], later)), None)
        if first is not None:
            found.append((first, j))
        for key in keys:
            seen.setdefault(key, []).append(j)
    return found


QUALIFYING_CHAMPIONSHIPS = frozenset({"CF1", "CF2", "CF3", "CFF", "VQ", "VF"})
"""Event types of the championships with a qualifying phase (seed 002, A.3.2: the
Individuel and the Vermeil, phases and final; the Promotion has no type of its own)."""
HOME_FEDERATION = "FFSC"
"""The federation whose championships these are (seed 002, A.3.2)."""
FRENCH = frozenset({"FR", "FRA"})
"""Codes of the French nationality (licensee file, 2 or 3 letters)."""


class Admission(NamedTuple):
    """A player of a championship, as the licensee file knows them (seed 002, A.3)."""

    licence: str
    name: str
    federation: str  # federation of affiliation, empty: the home federation's file says none
    nationality: str  # country code, empty when unknown


def not_admitted(etype: EventType, players: Iterable[Admission]) -> list[Message]:
    """The players a championship with a qualifying phase does not admit (seed 002, A.3.2):
    licensed outside the FFSc and not of French nationality. A player licensed elsewhere
    whose nationality is unknown is listed too (the French nationality is what admits
    them); the open championships and every other event admit everyone (A.3.2)."""
    if etype.code not in QUALIFYING_CHAMPIONSHIPS:
        return []
    return [
        Message.of(
            "ranking.event.not_admitted",
            player=p.name or p.licence,
            licence=p.licence,
            federation=p.federation.upper(),
            nationality=p.nationality.upper() or "?",
            type=etype.code,
        )
        for p in players
        if p.federation.strip()
        and p.federation.strip().upper() != HOME_FEDERATION
        and p.nationality.strip().upper() not in FRENCH
    ]


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
    scores: Sequence[EntryScore]

    @property
    def d(self) -> float:
        if self.d_hundredths is None:
            return self.m_winner / self.n
        return self.d_hundredths / 100


def ranking_points_at(m_winner: IntArray, place: IntArray, n: IntArray, d: IntArray) -> IntArray:
    """m = M - D x (P - 1) rounded up, never negative (seed 002, B.3.3), for arrays of rows;
    ``d`` is D in hundredths, or -1 for a fixed M with no D, where D = M / n."""
    fixed = -(-(m_winner * (n - place + 1)) // n)
    by_d = -(-(m_winner * 100 - d * (place - 1)) // 100)
    points: IntArray = np.maximum(np.where(d < 0, fixed, by_d), 0)
    return points


def ranking_points(m_winner: int, place: int, n: int, d_hundredths: int | None) -> int:
    """One player's m (seed 002, B.3.3) by :func:`ranking_points_at`; with a fixed M and no
    D (``d_hundredths`` None), D = M / n."""
    d = -1 if d_hundredths is None else d_hundredths
    row = [np.array([v], np.int64) for v in (m_winner, place, n, d)]
    return int(ranking_points_at(*row)[0])


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


def pp4_tenths(coef: IntArray, y_used: IntArray, place: IntArray) -> IntArray:
    """PP4 in tenths (seed 002, B.2): coefficient x max(Y - X + 1, 0), for arrays of rows."""
    tenths: IntArray = coef * np.maximum(y_used - place + 1, 0)
    return tenths


@dataclass(frozen=True, eq=False)
class EventColumns:
    """The figures of a list of events, computed together (issue 23, part 5): the events'
    entries concatenated into rows, and one array per figure, a value per row (places,
    m, PP4) or per event (M, D, Y, A_n, PoidsSn). Arrays by series are indexed 1-3 (row 0
    unused). :meth:`score` builds one event's :class:`EventScore` from them."""

    events: tuple[Event, ...]
    starts: list[int]  # the first row of each event, and the number of rows at the end
    entries: list[Entry]
    event_of: IntArray  # the event of each row
    place: IntArray  # effective place: 1 + the number of players strictly above
    points: IntArray  # m
    pp4_tenths: IntArray
    n: list[int]
    m_winner: list[int]
    d_hundredths: list[int | None]
    y: list[int]
    y_used: list[int]
    coef: list[int]
    present: IntArray  # A_n by series and event
    weight: FloatArray  # PoidsSn by series and event
    has: BoolArray  # the row has a %Sn figure of the series
    in_band: BoolArray  # ... and a %Sn (inside or above the band)
    rank: IntArray  # P_n, where in the band
    pct: FloatArray  # %Sn, where in the band (0 elsewhere)
    bonus: FloatArray  # the sum of NumSk of higher series, on the figure of the own series

    def score(self, j: int) -> EventScore:
        """Event ``j``'s figures as values; its players' scores are built when read."""
        present = {s: int(self.present[s, j]) for s in PCT_SERIES if self.present[s, j]}
        weights = {s: float(self.weight[s, j]) for s in present}
        return EventScore(
            self.events[j],
            self.n[j],
            self.d_hundredths[j],
            self.m_winner[j],
            self.y[j],
            self.y_used[j],
            self.coef[j],
            present,
            weights,
            _EntryScores(self, j, present, weights),
        )

    def entry_score(self, r: int, present: dict[int, int], weights: dict[int, float]) -> EntryScore:
        """Row ``r``'s figures as a value (``present`` and ``weights``: its event's)."""
        figs = tuple(
            PctFigure(
                s,
                float(self.pct[s, r]),
                int(self.rank[s, r]),
                a_n,
                weights[s],
                float(self.bonus[s, r]),
            )
            if self.in_band[s, r]
            else PctFigure(s, None, None, a_n, weights[s], float(self.bonus[s, r]))
            for s, a_n in present.items()
            if self.has[s, r]
        )
        return EntryScore(
            self.entries[r],
            int(self.place[r]),
            int(self.points[r]),
            int(self.pp4_tenths[r]),
            figs,
        )


class _EntryScores(Sequence[EntryScore]):
    """An event's :class:`EntryScore` in its entries' order, each built when first read."""

    def __init__(
        self, columns: EventColumns, j: int, present: dict[int, int], weights: dict[int, float]
    ) -> None:
        self._columns = columns
        self._first = columns.starts[j]
        self._present = present
        self._weights = weights
        self._built: list[EntryScore | None] = [None] * (columns.starts[j + 1] - self._first)

    def __len__(self) -> int:
        return len(self._built)

    @overload
    def __getitem__(self, k: int) -> EntryScore: ...

    @overload
    def __getitem__(self, k: slice) -> tuple[EntryScore, ...]: ...

    def __getitem__(self, k: int | slice) -> EntryScore | tuple[EntryScore, ...]:
        if isinstance(k, slice):
            return tuple(self[i] for i in range(len(self))[k])
        k = range(len(self))[k]
        built = self._built[k]
        if built is None:
            built = self._columns.entry_score(self._first + k, self._present, self._weights)
            self._built[k] = built
        return built

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(tuple(self))


def score_columns(events: Sequence[Event]) -> EventColumns:
    """Compute M, m, PP4, the bands and %Sn with weights and bonuses of every player of
    every event (seed 002, A.2.4 ex aequo places, B.1 bands and %Sn, B.2 PP4, B.3.3 m), all
    events at once (the fast path, issue 23 part 5;
    ``reference.score_event_reference`` is the plain reading it is held equal to)."""
    events = tuple(events)
    sizes = [len(e.entries) for e in events]
    starts = [0, *accumulate(sizes)]
    rows = starts[-1]
    entries = list(chain.from_iterable(e.entries for e in events))
    event_of = np.repeat(np.arange(len(events), dtype=np.int64), sizes)
    given = np.fromiter(map(itemgetter(0), entries), np.int64, rows)
    series = np.fromiter(map(itemgetter(3), entries), np.int64, rows)
    first_row = np.array(starts[:-1], np.int64)

    # ex aequo share the better place: 1 + the number of strictly better given places
    # (seed 002, A.2.4 and B.3.3; both the 1,1,3 and the 1,1,2 conventions)
    order = np.lexsort((given, event_of))
    ordered_event = event_of[order]
    new_place = np.ones(rows, bool)
    new_place[1:] = (given[order][1:] != given[order][:-1]) | (
        ordered_event[1:] != ordered_event[:-1]
    )
    group_start = np.maximum.accumulate(np.where(new_place, np.arange(rows), 0))
    place = np.empty(rows, np.int64)
    place[order] = group_start - first_row[ordered_event] + 1

    # per event: M and D (B.3.1-B.3.2), Y and the PP4 coefficient (B.2)
    counted = np.array(sizes, np.int64)
    y_of = np.bincount(event_of[series <= 4], minlength=len(events)).tolist()
    n_of, m_of, d_of, y_used_of, coef_of, pct_of = [], [], [], [], [], []
    for e, n, y in zip(events, sizes, y_of, strict=True):
        m, d = winner_points(e.type, e.games, n, e.overseas)
        coef, floor = pp4_coefficient(e.type, e.games)
        n_of.append(n)
        m_of.append(m)
        d_of.append(d)
        coef_of.append(coef)
        y_used_of.append(max(y, _ceil_div(floor * 10, coef)) if coef and floor is not None else y)
        pct_of.append(e.type.pct is not PctRule.NONE)
    m_row = np.array(m_of, np.int64)[event_of]
    n_row = counted[event_of]
    d_row = np.array([-1 if d is None else d for d in d_of], np.int64)[event_of]
    points = ranking_points_at(m_row, place, n_row, d_row)
    pp4 = pp4_tenths(
        np.array(coef_of, np.int64)[event_of], np.array(y_used_of, np.int64)[event_of], place
    )

    # %Sn (B.1): the band of series s runs down to the worst place of a series-s player;
    # P_n = 1 + the series-s players strictly above; every player of series s or below
    # (a greater number) has a figure, with a %Sn inside or above the band
    shape = (4, len(events))
    present = np.zeros(shape, np.int64)
    weight = np.zeros(shape)
    has = np.zeros((4, rows), bool)
    in_band = np.zeros((4, rows), bool)
    rank = np.zeros((4, rows), np.int64)
    pct = np.zeros((4, rows))
    bonus = np.zeros((4, rows))
    graded = np.array(pct_of, bool)[event_of]
    above = np.zeros(rows)  # the running sum of NumSk of the higher series
    for s in PCT_SERIES:
        mine = graded & (series == s)
        present[s] = np.bincount(event_of[mine], minlength=len(events))
        last = np.zeros(len(events), np.int64)
        np.maximum.at(last, event_of[mine], place[mine])
        before = np.zeros(rows + 1, np.int64)
        np.cumsum(mine[order], out=before[1:])
        ranked = np.empty(rows, np.int64)
        ranked[order] = 1 + before[group_start] - before[first_row[ordered_event]]
        a_n = present[s][event_of]
        has[s] = (a_n > 0) & (series >= s)
        in_band[s] = has[s] & (place <= last[event_of])
        rank[s] = np.where(in_band[s], ranked, 0)
        pct[s] = np.where(in_band[s], (a_n - ranked + 1) / np.maximum(a_n, 1), 0.0)
        for j in np.flatnonzero(present[s]).tolist():
            weight[s, j] = event_weight(s, int(present[s, j]), events[j].games, events[j].type)
        # ruling 3 / B.1 (1): the bonus goes to the %Sn of the player's own series only
        bonus[s] = np.where(has[s] & (series == s), above, 0.0)
        above = above + np.where(in_band[s], pct[s] * weight[s][event_of], 0.0)

    return EventColumns(
        events,
        starts,
        entries,
        event_of,
        place,
        points,
        pp4,
        n_of,
        m_of,
        d_of,
        y_of,
        y_used_of,
        coef_of,
        present,
        weight,
        has,
        in_band,
        rank,
        pct,
        bonus,
    )


def score_event(event: Event) -> EventScore:
    """One event's figures (seed 002, B.1-B.3), by :func:`score_columns`."""
    return score_columns([event]).score(0)


def score_events(events: Iterable[Event]) -> list[EventScore]:
    columns = score_columns(list(events))
    return [columns.score(j) for j in range(len(columns.events))]
