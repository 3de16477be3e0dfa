"""Titles and medals at a Duplicate event (seed 002, A.3 and A.4).

Titles by series and by age category go to the best placed player of that series or
category in the event's overall ranking, medals to the second and third, with no comparison
with players of other series (A.4). At a national championship, titles and podiums, by
series and age category included, go only to players of the championship's nationality,
wherever they are licensed (A.3.1, A.3.2).

A tie for a title stays ex aequo, except for the official titles A.4 lists (champion of
France Individual, Blitz, Pairs, Original games, Espoirs, Vermeils and Diamants): there the
fewest tops lost wins; if still level, a sudden-death play-off (or the Grand Prix that
follows the event), limited to one full game, after which the players are ex aequo for good;
if they refuse it, a drawing of lots. Those outcomes are recorded as input
(:class:`TieDecision`); until then the title is pending.

>>> players = [Contender("1", 1, 3, tops_lost=4), Contender("2", 1, 3, tops_lost=6), Contender("3", 3, 4)]
>>> overall = designate(players, TitleSettings(Championship.INDIVIDUAL, national=False))[0]
>>> [(m.licences, m.rank, m.medal) for m in overall.medallists]
[(('1',), 1, 'gold'), (('2',), 2, 'silver'), (('3',), 3, 'bronze')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from arbitre.common.collation import french_key
from arbitre.common.messages import Message, Param, Refusal
from arbitre.common.players_csv import fold
from arbitre.ranking.licensees import LicenseeRecord
from arbitre.ranking.results_import import ImportedRow

MESSAGE_CODES = frozenset(
    f"ranking.titles.{name}"
    for name in (
        "overall",
        "series",
        "category",
        "not_national",
        "nationality_unknown",
        "tops_lost",
        "tops_missing",
        "playoff",
        "decided_playoff",
        "decided_grand_prix",
        "still_level",
        "lots",
        "ex_aequo",
        "no_tie",
        "not_tied",
        "winner_needed",
        "format.blitz_then_40s",
        "format.joker_blitz",
        "format.blitz",
    )
)
"""The titles' explanations and refusals (``ranking.titles.*``)."""

MEDALS = ("gold", "silver", "bronze")


class Championship(Enum):
    """The kind of event, for the tie-break of its overall title (seed 002, A.4)."""

    INDIVIDUAL = "individual"  # Championnat de France individuel
    BLITZ = "blitz"
    PAIRS = "pairs"
    ORIGINAL = "original"  # parties originales
    ESPOIRS = "espoirs"
    VERMEIL = "vermeil"  # Vermeils and Diamants
    PROMOTION = "promotion"  # its title is not decided between ex aequo (A.4)
    OTHER = "other"  # any other federal event: every tie stays


TIEBREAK_CHAMPIONSHIPS = frozenset(
    {
        Championship.INDIVIDUAL,
        Championship.BLITZ,
        Championship.PAIRS,
        Championship.ORIGINAL,
        Championship.ESPOIRS,
        Championship.VERMEIL,
    }
)
"""Overall titles whose ties are broken (seed 002, A.4, last paragraph but one)."""

TIEBREAK_CATEGORIES = frozenset({"espoir", "vermeil", "diamant"})
"""Age-category titles whose ties are broken at a championship (A.4: Espoirs, Vermeils,
Diamants); the under-18 and every other category title keep their ties. Compared without
case, accents or a final s."""


class PlayoffFormat(Enum):
    """The sudden-death play-off of each title (seed 002, A.4)."""

    BLITZ_THEN_40S = "blitz_then_40s"  # individual, pairs, espoirs: 3 blitz moves, then 40 s
    JOKER_BLITZ = "joker_blitz"  # original games: blitz in a joker game
    BLITZ = "blitz"  # Vermeils and Diamants


class Decider(Enum):
    """How a title tie left by the tops lost was settled (seed 002, A.4)."""

    PLAYOFF = "playoff"  # sudden death, one full game at most
    GRAND_PRIX = "grand_prix"  # the Grand Prix (Grand Chelem...) that follows the event
    LOTS = "lots"  # the players refused the play-off


@dataclass(frozen=True)
class TieDecision:
    """The recorded outcome of a title's play-off: ``winner`` is the licence (or the pair)
    who won; ``None`` after a full play-off game still level (ex aequo for good)."""

    decider: Decider
    winner: str | None = None


@dataclass(frozen=True)
class Contender:
    """A player of the event: ``place`` in the overall ranking, ties sharing a place, before
    any tie-break; ``pair`` names a pair (its two players win together)."""

    licence: str
    place: int
    series: int | None = None
    category: str = ""
    nationality: str = ""
    tops_lost: int | None = None
    pair: str = ""
    name: str = ""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.licence})" if self.name else self.licence


@dataclass(frozen=True)
class TitleSettings:
    """What the event is: its championship kind, whether it is a national championship (A.3)
    and of which country, and which titles it awards."""

    championship: Championship = Championship.OTHER
    national: bool = True
    country: str = "FR"
    medals: int = 3
    by_series: bool = True
    by_category: bool = True
    tiebreak_categories: frozenset[str] = TIEBREAK_CATEGORIES


@dataclass(frozen=True)
class Medallist:
    unit: str  # the licence, or the pair
    licences: tuple[str, ...]
    rank: int
    medal: str


@dataclass(frozen=True)
class Title:
    """One title and its podium, with the explanation of every decision."""

    key: str  # "overall", "S3", "category:V"
    name: Message
    medallists: tuple[Medallist, ...]
    notes: tuple[Message, ...] = ()
    pending: Message | None = None  # a tie awaiting its play-off or drawing of lots
    tied: tuple[str, ...] = field(default=())  # the units level for the title, if any


class TitleError(Refusal):
    """A recorded decision that does not fit the title (no tie, a winner not tied)."""


def _msg(code: str, /, **params: Param) -> Message:
    return Message.of(f"ranking.titles.{code}", **params)


def _category_key(category: str) -> str:
    return fold(category).removesuffix("s")


def playoff_format(championship: Championship, category: str = "") -> PlayoffFormat:
    """The play-off of a title (A.4): blitz for Vermeils and Diamants, a joker blitz game for
    original games, 3 blitz moves then 40 s a move for the others (the Blitz championship,
    which A.4 does not name, included)."""
    if championship is Championship.ORIGINAL:
        return PlayoffFormat.JOKER_BLITZ
    if championship is Championship.VERMEIL or _category_key(category) in ("vermeil", "diamant"):
        return PlayoffFormat.BLITZ
    return PlayoffFormat.BLITZ_THEN_40S


@dataclass
class _Unit:
    key: str
    members: list[Contender]

    @property
    def place(self) -> int:
        return min(c.place for c in self.members)

    @property
    def tops_lost(self) -> int | None:
        values = [c.tops_lost for c in self.members]
        return None if any(v is None for v in values) else min(v for v in values if v is not None)

    @property
    def label(self) -> str:
        return " / ".join(c.label for c in self.members)


def _units(contenders: Iterable[Contender]) -> list[_Unit]:
    units: dict[str, _Unit] = {}
    for c in contenders:
        key = f"pair:{c.pair}" if c.pair else c.licence
        units.setdefault(key, _Unit(c.pair or c.licence, [])).members.append(c)
    return list(units.values())


def designate(
    contenders: Sequence[Contender],
    settings: TitleSettings,
    decisions: Mapping[str, TieDecision] | None = None,
) -> list[Title]:
    """The overall title, then one per series present (1 to 7), then one per age category
    present (in name order), each with its podium (seed 002, A.3, A.4)."""
    decisions = dict(decisions or {})
    units = _units(contenders)
    groups: list[tuple[str, Message, list[_Unit], bool, str]] = []
    broken = settings.championship in TIEBREAK_CHAMPIONSHIPS
    groups.append(("overall", _msg("overall"), units, broken, ""))
    if settings.by_series:
        for s in sorted({c.series for c in contenders if c.series is not None}):
            members = [u for u in units if all(c.series == s for c in u.members)]
            groups.append((f"S{s}", _msg("series", series=s), members, False, ""))
    if settings.by_category:
        for cat in sorted({c.category for c in contenders if c.category}):
            members = [u for u in units if all(c.category == cat for c in u.members)]
            cat_broken = (
                settings.championship is not Championship.OTHER
                and _category_key(cat) in settings.tiebreak_categories
            )
            groups.append(
                (f"category:{cat}", _msg("category", category=cat), members, cat_broken, cat)
            )
    titles = [
        _title(key, name, members, broken_here, cat, settings, decisions.pop(key, None))
        for key, name, members, broken_here, cat in groups
    ]
    if decisions:
        raise TitleError(_msg("no_tie", title=sorted(decisions)[0]))
    return titles


def _title(
    key: str,
    name: Message,
    members: list[_Unit],
    broken: bool,
    category: str,
    settings: TitleSettings,
    decision: TieDecision | None,
) -> Title:
    notes: list[Message] = []
    eligible: list[_Unit] = []
    ordered = sorted(members, key=lambda u: (u.place, u.key))
    for u in ordered:
        if not settings.national:
            eligible.append(u)
            continue
        foreign = [c for c in u.members if c.nationality.upper() != settings.country.upper()]
        if not foreign:
            eligible.append(u)
            continue
        # A.3: no national title or podium for a player of another nationality; only those
        # who would otherwise have reached the podium are worth a note
        if len(eligible) < settings.medals:
            for c in foreign:
                if c.nationality:
                    notes.append(_msg("not_national", player=c.label, nationality=c.nationality))
                else:
                    notes.append(_msg("nationality_unknown", player=c.label))
    # ranks inside the title: 1 + the number of units placed strictly better (ties share)
    ranks = {u.key: 1 + sum(1 for v in eligible if v.place < u.place) for u in eligible}
    # ex aequo are named in French alphabetical order, never by licence
    first = sorted((u for u in eligible if ranks[u.key] == 1), key=lambda u: french_key(u.label))
    pending: Message | None = None
    tied: tuple[str, ...] = ()
    if len(first) > 1 and not broken:
        notes.append(_msg("ex_aequo", players=", ".join(u.label for u in first)))
        if decision is not None:
            raise TitleError(_msg("no_tie", title=key))
    elif len(first) > 1:
        level = first
        if all(u.tops_lost is not None for u in first):
            best = min(u.tops_lost for u in first if u.tops_lost is not None)
            level = [u for u in first if u.tops_lost == best]
            if len(level) < len(first):
                for u in first:
                    if u not in level:
                        ranks[u.key] = 2
                notes.append(
                    _msg("tops_lost", players=", ".join(u.label for u in level), tops=best)
                )
        else:
            notes.append(_msg("tops_missing", players=", ".join(u.label for u in first)))
        if len(level) > 1:
            pending, tied = _decide(key, level, ranks, notes, settings, category, decision)
        elif decision is not None:
            raise TitleError(_msg("no_tie", title=key))
    elif decision is not None:
        raise TitleError(_msg("no_tie", title=key))
    medallists = tuple(
        Medallist(
            u.key, tuple(c.licence for c in u.members), ranks[u.key], MEDALS[ranks[u.key] - 1]
        )
        for u in sorted(eligible, key=lambda u: (ranks[u.key], french_key(u.label), u.key))
        if ranks[u.key] <= min(settings.medals, len(MEDALS))
    )
    return Title(key, name, medallists, tuple(notes), pending, tied)


def _decide(
    key: str,
    level: list[_Unit],
    ranks: dict[str, int],
    notes: list[Message],
    settings: TitleSettings,
    category: str,
    decision: TieDecision | None,
) -> tuple[Message | None, tuple[str, ...]]:
    """The play-off step of A.4 for the units still level after the tops lost."""
    players = ", ".join(u.label for u in level)
    keys = tuple(u.key for u in level)
    if decision is None:
        fmt = playoff_format(settings.championship, category)
        return _msg("playoff", players=players, format=_msg(f"format.{fmt.value}")), keys
    if decision.winner is None:
        if decision.decider is Decider.LOTS:
            raise TitleError(_msg("winner_needed", title=key))
        notes.append(_msg("still_level", players=players))
        return None, ()
    winner = next((u for u in level if u.key == decision.winner), None)
    if winner is None:
        raise TitleError(_msg("not_tied", winner=decision.winner, title=key))
    for u in level:
        if u is not winner:
            ranks[u.key] = 2
    code = {
        Decider.PLAYOFF: "decided_playoff",
        Decider.GRAND_PRIX: "decided_grand_prix",
        Decider.LOTS: "lots",
    }[decision.decider]
    notes.append(_msg(code, winner=winner.label))
    return None, ()


@dataclass(frozen=True)
class PlayoffResult:
    """The outcome of a sudden-death play-off game (seed 002, A.4): ``winner`` (a licence),
    or None when the players are still level after the full game (ex aequo for good);
    ``decided_at`` the move after which only the winner was left; ``totals`` each player's
    score over the moves played until then (the whole game when still level)."""

    winner: str | None
    decided_at: int | None
    totals: dict[str, int]


def sudden_death(moves: Sequence[Mapping[str, int]]) -> PlayoffResult:
    """Decide a title play-off from each move's scores (A.4: « une épreuve en mort
    subite », « limité à une partie complète, si à l'issue de cette partie l'égalité
    subsiste les joueurs concernés sont définitivement ex aequo »). The players start level;
    after each move, whoever is behind the best total of the players still in is eliminated
    (the Grand Prix's wording: players « éliminés » move after move); the last one left
    wins. Level to the end of the game: no winner.

    >>> sudden_death([{"A": 40, "B": 40}, {"A": 12, "B": 30}, {"A": 90, "B": 0}]).winner
    'B'
    >>> sudden_death([{"A": 40, "B": 40}]).winner is None
    True
    """
    still = sorted(moves[0]) if moves else []
    totals = dict.fromkeys(still, 0)
    for number, scores in enumerate(moves, start=1):
        for lic in still:
            totals[lic] += scores.get(lic, 0)
        best = max(totals[lic] for lic in still)
        still = [lic for lic in still if totals[lic] == best]
        if len(still) == 1:
            return PlayoffResult(still[0], number, totals)
    return PlayoffResult(None, None, totals)


def contenders_from(
    rows: Sequence[ImportedRow], people: Mapping[str, LicenseeRecord]
) -> list[Contender]:
    """The contenders of an imported results file, with the nationality (and, when the file
    has none, the age category) of the federation's licensee file.

    The places are rebuilt from the totals when every row has one (1 + the number of
    strictly better totals): a results file may already have broken a tie for first by the
    tops lost (Arbitre's Duplicate standings do), which A.4 allows only for the titles it
    lists; otherwise the file's places are taken as they are.
    """
    totals = [r.total for r in rows]
    known = [t for t in totals if t is not None]
    by_total = len(known) == len(totals)
    out = []
    for r in rows:
        e = r.entry
        person = people.get(e.licence)
        place = e.place
        if by_total and r.total is not None:
            place = 1 + sum(1 for t in known if t > r.total)
        name = " ".join(x for x in (e.name, r.first_name) if x)
        out.append(
            Contender(
                e.licence,
                place,
                e.series,
                r.category or (person.category if person else ""),
                person.nationality if person else "",
                r.tops_lost,
                e.pair,
                name,
            )
        )
    return out
