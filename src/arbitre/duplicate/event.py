"""A Duplicate event: players, games, per-player game sheets and standings.

Seed 004: solos (2.6.4, ruling Duplicate 5), warnings and their penalties (4.7, ruling
Duplicate 6), compensation after a late warning slip (4.6), late arrival (5.1, ruling
Duplicate 8), withdrawal during the event (the project's ruling, ``docs/duplicate-arbitration.md``:
what was played stays, every move from the withdrawal on scores 0 and no ballot is awaited). Seed 002 A.4: ties for an official title are broken by the fewest tops lost
(a setting; rulings, federation ranking 8: any other tie stays ex aequo); ties in the
standings by series or age category are not broken.

Everything the event computes is a typed value with one ``to_json``: :class:`GameSheet`
(its :class:`MoveLine`), :class:`StandingRow`, :class:`Solo` and :class:`Standings` (the
standings with their solos, what the web pages and ``arbitre duplicate standings`` show).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import itemgetter
from typing import Any

from arbitre.common.collation import french_key
from arbitre.common.messages import Message, Param, Refusal
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.game import DuplicateGame
from arbitre.duplicate.pairs import Partner, pair_name

MESSAGE_CODES = frozenset(
    {f"duplicate.event.{name}" for name in ("duplicate_licence", "unknown_player")}
    | {f"duplicate.standings.{name}" for name in ("title", "solos", "solo")}
)
"""Refusals of an event (``duplicate.event.*``) and the standings' text lines."""


class EventError(Refusal):
    """Players or games that do not make an event (a licence twice, an unknown player)."""


def _refuse(code: str, /, **params: Param) -> EventError:
    return EventError(Message.of(f"duplicate.event.{code}", **params))


@dataclass(frozen=True)
class EventSettings:
    """Named settings with the rulings' defaults."""

    solo_min_players: int = 16  # 2.6.4: no solo under sixteen players
    solo_bonus: int = 10  # 2.6.4
    free_warnings: int = 3  # 4.7: the 4th warning and each later one cost points
    warning_penalty: int = 5  # 4.7
    # 4.7, ruling Duplicate 6: every warning is counted, disciplinary ones included (4.4)
    disciplinary_in_penalty: bool = True
    # 002 A.4, rulings (federation ranking) 8: the fewest tops lost break a tie for first
    # place only at an official title A.4 lists; at any other event the tie stays ex aequo
    title_tie_break: bool = False


@dataclass(frozen=True)
class Player:
    licence: str
    name: str
    first_name: str = ""
    club: str = ""
    series: int | None = None
    tier: str = ""
    category: str = ""
    table: int | None = None
    arbiter: str = ""
    #: the second player of a pairs entry (seed 002, A.2.4; :mod:`arbitre.duplicate.pairs`):
    #: the entry plays, is judged and ranked as one, under this player's licence
    partner: Partner | None = None

    @property
    def full_name(self) -> str:
        """``DUPONT Marie``; a pair: ``DUPONT Anne / MARTIN Paul``."""
        own = f"{self.name} {self.first_name}".strip()
        return own if self.partner is None else pair_name(own, self.partner.full_name)

    @property
    def series_label(self) -> str:
        if self.series is None:
            return ""
        return f"{self.series}{self.tier}"

    def to_json(self) -> dict[str, Any]:
        """The player as the standings show it (the arbiter is not public)."""
        return {
            "licence": self.licence,
            "name": self.name,
            "first_name": self.first_name,
            "club": self.club,
            "series": self.series_label,
            "category": self.category,
            "table": self.table,
            "full_name": self.full_name,
            "partner": None if self.partner is None else self.partner.to_json(),
        }


@dataclass
class GameRecordScores:
    """One game of the event: the top of each move and every player's decisions.

    ``decisions[licence][i]`` is the decision for move ``i + 1`` (``None`` when the ballot
    is not entered yet); ``late_from[licence] = k``: the player arrived for move ``k``, the
    moves before it score 0 (5.1); ``withdrawn_from[licence] = k``: the player withdrew
    before move ``k`` (1 for a whole game), that move and every later one score 0 and no
    ballot of theirs is awaited (the project's ruling on withdrawals).
    """

    name: str
    tops: list[int]
    top_moves: list[str] = field(default_factory=list)
    decisions: dict[str, list[Decision | None]] = field(default_factory=dict)
    late_from: dict[str, int] = field(default_factory=dict)
    withdrawn_from: dict[str, int] = field(default_factory=dict)

    def plays(self, licence: str, number: int) -> bool:
        """The player is at the table for move ``number``: arrived (5.1), not withdrawn."""
        withdrawn = self.withdrawn_from.get(licence)
        return self.late_from.get(licence, 1) <= number and (
            withdrawn is None or number < withdrawn
        )

    def absence(self, licence: str, number: int) -> str:
        """Why the player has no ballot on move ``number``: ``late`` (5.1), ``withdrawn``, or
        ``""`` when they play it."""
        if number < self.late_from.get(licence, 1):
            return "late"
        withdrawn = self.withdrawn_from.get(licence)
        return "withdrawn" if withdrawn is not None and number >= withdrawn else ""

    @classmethod
    def from_game(
        cls,
        name: str,
        game: DuplicateGame,
        decisions: Mapping[str, Sequence[Decision | None]] | None = None,
        late_from: Mapping[str, int] | None = None,
        withdrawn_from: Mapping[str, int] | None = None,
    ) -> GameRecordScores:
        """The scores of a game played with :class:`~arbitre.duplicate.game.DuplicateGame`:
        its tops, and each player's decisions (by licence, in move order)."""
        return cls(
            name,
            [e.score for e in game.moves],
            [str(e.move) for e in game.moves],
            {licence: list(row) for licence, row in (decisions or {}).items()},
            dict(late_from or {}),
            dict(withdrawn_from or {}),
        )


def solo_of(scores: Mapping[str, int]) -> str | None:
    """The licence of the one player strictly above every other on a move whose ballots are
    all in (2.6.4, ruling Duplicate 5), from every player's score on it; ``None`` when two
    share the best score, or it is 0."""
    best = heapq.nlargest(2, scores.items(), key=itemgetter(1))
    if len(best) >= 2 and best[0][1] > best[1][1] and best[0][1] > 0:
        return best[0][0]
    return None


def percentage_of_top(total: int, top_total: int) -> float:
    """A total as a percentage of the tops' total, to the hundredth."""
    return round(100.0 * total / top_total, 2) if top_total else 0.0


@dataclass(frozen=True)
class MoveLine:
    number: int
    top: int
    score: int
    solo: bool
    sanction: str
    warning: bool
    disciplinary_warning: bool
    compensated: bool
    entered: bool
    #: ``late`` (5.1) or ``withdrawn`` on a move the player did not play, else ``""``
    absence: str = ""

    @property
    def sanction_label(self) -> Message:
        """The sanction's name, to be worded (``sanction`` is its code)."""
        return S.by_code(self.sanction).label

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "top": self.top,
            "score": self.score,
            "solo": self.solo,
            "sanction": self.sanction,
            "warning": self.warning,
            "disciplinary_warning": self.disciplinary_warning,
            "compensated": self.compensated,
            "entered": self.entered,
            "absence": self.absence,
        }


@dataclass(frozen=True)
class GameSheet:
    """A player's sheet for one game (seed 004, 2.6.4, 4.7)."""

    licence: str
    game: str
    lines: tuple[MoveLine, ...]
    warnings: int
    disciplinary_warnings: int
    penalty: int
    solos: int
    moves_total: int
    total: int
    top_total: int
    tops_lost: int

    @property
    def difference(self) -> int:
        return self.total - self.top_total

    @property
    def percentage(self) -> float:
        return percentage_of_top(self.total, self.top_total)

    def warnings_up_to(self, number: int, disciplinary: bool = True) -> int:
        """The player's warnings of this game counted by the end of move ``number`` (4.7: the
        warnings are counted for each player; ruling Duplicate 6: per game), disciplinary ones
        included when the event counts them toward the penalty: the running count a warning
        slip gives, so that the player knows when they reach the 4th."""
        return sum(
            int(line.warning) + int(disciplinary and line.disciplinary_warning)
            for line in self.lines
            if line.number <= number
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "licence": self.licence,
            "game": self.game,
            "lines": [line.to_json() for line in self.lines],
            "warnings": self.warnings,
            "disciplinary_warnings": self.disciplinary_warnings,
            "penalty": self.penalty,
            "solos": self.solos,
            "moves_total": self.moves_total,
            "total": self.total,
            "top_total": self.top_total,
            "difference": self.difference,
            "percentage": self.percentage,
            "tops_lost": self.tops_lost,
        }


@dataclass(frozen=True)
class Solo:
    """A solo (2.6.4): the player alone above every other player of the event on a move."""

    game: str
    move: int
    player: Player
    score: int

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "move": self.move,
            "licence": self.player.licence,
            "name": self.player.full_name,
            "score": self.score,
        }

    def label(self) -> Message:
        """``DUPONT Marie (TH1, coup 4)``, to be worded."""
        return Message.of(
            "duplicate.standings.solo", player=self.player.full_name, game=self.game, move=self.move
        )


class Event:
    """Players and games of one Duplicate event; computes sheets and standings.

    An ``Event`` is a snapshot: results are cached per game, so build a new ``Event`` after
    changing a game's decisions.
    """

    def __init__(
        self,
        name: str,
        players: Iterable[Player],
        games: Sequence[GameRecordScores] = (),
        settings: EventSettings | None = None,
    ) -> None:
        self.name = name
        self.players = list(players)
        self.settings = settings or EventSettings()
        seen: set[str] = set()
        everyone: set[str] = set()  # a pair's second player too (seed 002, A.2.4)
        for p in self.players:
            for licence in (p.licence,) + (() if p.partner is None else (p.partner.licence,)):
                if licence in everyone:
                    raise _refuse("duplicate_licence", licence=licence)
                everyone.add(licence)
            seen.add(p.licence)
        self._licences = frozenset(seen)
        self.games = list(games)
        self._scores: dict[int, list[dict[str, int]]] = {}
        self._solos: dict[int, dict[int, str]] = {}
        self._name_keys: dict[str, NameKey] = {}
        for game in self.games:
            unknown = (set(game.decisions) | set(game.withdrawn_from)) - seen
            if unknown:
                raise _refuse("unknown_player", game=game.name, licence=sorted(unknown)[0])

    # -- scores per move ------------------------------------------------------------------

    def move_scores(self, game: GameRecordScores, number: int) -> dict[str, int]:
        key = id(game)
        if key not in self._scores:
            self._scores[key] = [self._move_scores(game, n) for n in range(1, len(game.tops) + 1)]
        return self._scores[key][number - 1]

    def _move_scores(self, game: GameRecordScores, number: int) -> dict[str, int]:
        """Each player's score on move ``number`` before solos and penalties, with 5.1 (late
        arrival: 0), a withdrawal (0 from then on) and 4.6 (compensation: the mean of the
        player's arbiter's players at the table for that move, zeros included, never more
        than the player's proposed solution)."""
        index = number - 1
        raw = {p.licence: self._raw_score(game, p.licence, number) for p in self.players}
        out = dict(raw)
        for p in self.players:
            decision = self._decision(game, p.licence, index)
            if decision is None or not decision.compensation or not game.plays(p.licence, number):
                continue  # a player not at the table scores 0 (5.1), compensated or not
            group = [
                q.licence
                for q in self.players
                if q.arbiter == p.arbiter and game.plays(q.licence, number)
            ]
            mean = Fraction(sum(raw[lic] for lic in group), len(group))
            cap = decision.proposed_score if decision.proposed_score is not None else 0
            out[p.licence] = min(int(mean), cap)  # rounded down: a whole number of points
        return out

    @classmethod
    def _raw_score(cls, game: GameRecordScores, licence: str, number: int) -> int:
        """The player's score on move ``number`` before compensation (4.6), solos and
        penalties: the decision's, 0 when absent (5.1, a withdrawal) or not entered yet."""
        decision = cls._decision(game, licence, number - 1)
        return decision.score if decision is not None and game.plays(licence, number) else 0

    @staticmethod
    def _decision(game: GameRecordScores, licence: str, index: int) -> Decision | None:
        row = game.decisions.get(licence, [])
        return row[index] if index < len(row) else None

    def solos(self, game: GameRecordScores) -> dict[int, str]:
        """Move number -> licence of the player with a solo (2.6.4, ruling Duplicate 5):
        strictly higher than every other player of the event on that move, only when the
        event has at least ``solo_min_players`` players."""
        if id(game) in self._solos:
            return self._solos[id(game)]
        out: dict[int, str] = {}
        self._solos[id(game)] = out
        if len(self.players) < self.settings.solo_min_players:
            return out
        for number in range(1, len(game.tops) + 1):
            if not self._all_entered(game, number):
                continue  # solos are announced at the end: only once every ballot is in
            holder = solo_of(self.move_scores(game, number))
            if holder is not None:
                out[number] = holder
        return out

    def _all_entered(self, game: GameRecordScores, number: int) -> bool:
        """Every player at the table for move ``number`` has a decision entered."""
        return all(
            self._decision(game, p.licence, number - 1) is not None
            for p in self.players
            if game.plays(p.licence, number)
        )

    def missing_ballots(self) -> int:
        """Ballots of the moves played not entered yet, players arrived late or withdrawn
        excepted: while any is missing the standings are provisional (a missing ballot counts
        0 until then)."""
        return sum(
            1
            for game in self.games
            for number in range(1, len(game.tops) + 1)
            for p in self.players
            if game.plays(p.licence, number) and self._decision(game, p.licence, number - 1) is None
        )

    def sheet(self, game: GameRecordScores, licence: str) -> GameSheet:
        """The player's sheet for ``game`` (4.7: penalties deducted at the end of the game)."""
        if licence not in self._licences:
            raise KeyError(licence)
        solos = self.solos(game)
        lines = []
        warnings = disciplinary = 0
        for number, top in enumerate(game.tops, start=1):
            decision = self._decision(game, licence, number - 1)
            score = self.move_scores(game, number)[licence]
            solo = solos.get(number) == licence
            absence = game.absence(licence, number)
            counted = decision is not None and not absence
            warning = (
                counted
                and decision is not None
                and decision.sanction.kind is S.SanctionKind.WARNING
            )
            disc = counted and decision is not None and decision.disciplinary_warning
            warnings += int(warning)
            disciplinary += int(disc)
            lines.append(
                MoveLine(
                    number=number,
                    top=top,
                    score=score,
                    solo=solo,
                    sanction=decision.sanction.code if counted and decision else "none",
                    warning=warning,
                    disciplinary_warning=disc,
                    compensated=bool(counted and decision and decision.compensation),
                    entered=decision is not None,
                    absence=absence,
                )
            )
        counted_warnings = warnings + (disciplinary if self.settings.disciplinary_in_penalty else 0)
        penalty = self.settings.warning_penalty * max(
            0, counted_warnings - self.settings.free_warnings
        )
        moves_total = sum(line.score for line in lines)
        n_solos = sum(line.solo for line in lines)
        total = moves_total + n_solos * self.settings.solo_bonus - penalty
        return GameSheet(
            licence=licence,
            game=game.name,
            lines=tuple(lines),
            warnings=warnings,
            disciplinary_warnings=disciplinary,
            penalty=penalty,
            solos=n_solos,
            moves_total=moves_total,
            total=total,
            top_total=sum(game.tops),
            # a move counts once its ballot is entered (or missed: late arrival, withdrawal)
            tops_lost=sum(
                1 for line in lines if (line.entered or line.absence) and line.score < line.top
            ),
        )

    # -- standings --------------------------------------------------------------------------

    def standings(
        self, series: int | None = None, category: str | None = None
    ) -> list[StandingRow]:
        """Standings by total over all games, ties ex aequo, in French alphabetical order of
        names. At an official title (``title_tie_break``, 002 A.4 and rulings, federation
        ranking 8) a tie for first place overall is broken by the fewest tops lost, then ex
        aequo; ties by series or age category are never broken."""
        rows = [self._standing_row(p) for p in self.players if selected(p, series, category)]
        return self._ranked(rows, series, category)

    def _standing_row(self, p: Player) -> StandingRow:
        """The player's row of the standings, unranked: their sheets' figures added up."""
        sheets = [self.sheet(g, p.licence) for g in self.games]
        return StandingRow(
            rank=0,
            player=p,
            games=tuple(s.total for s in sheets),
            total=sum(s.total for s in sheets),
            top_total=sum(s.top_total for s in sheets),
            tops_lost=sum(s.tops_lost for s in sheets),
            solos=sum(s.solos for s in sheets),
            warnings=sum(s.warnings for s in sheets),
            ex_aequo=False,
            withdrawn=any(p.licence in g.withdrawn_from for g in self.games),
        )

    def _name_key(self, p: Player) -> NameKey:
        """The French order of the player's name, then first name (computed once)."""
        key = self._name_keys.get(p.licence)
        if key is None:
            key = self._name_keys[p.licence] = (french_key(p.name), french_key(p.first_name))
        return key

    def _ranked(
        self, rows: list[StandingRow], series: int | None, category: str | None
    ) -> list[StandingRow]:
        """``rows`` in rank order with their ranks and ex aequo marks."""
        # 002 A.4: a tie for the title (first place of the overall standings) is broken by
        # the fewest tops lost; every other tie, and every tie by series or age category,
        # stays ex aequo.
        tie_break = self.settings.title_tie_break and series is None and category is None
        best = max((r.total for r in rows), default=0)

        def key(row: StandingRow) -> tuple[int, int]:
            title = tie_break and row.total == best
            return (-row.total, row.tops_lost if title else 0)

        keys = {id(r): key(r) for r in rows}
        rows.sort(key=lambda r: (keys[id(r)], self._name_key(r.player)))
        ranks: list[int] = []
        for i, row in enumerate(rows):
            tied = i and keys[id(rows[i - 1])] == keys[id(row)]
            ranks.append(ranks[-1] if tied else i + 1)
        shared = Counter(ranks)
        return [row.ranked(rank, shared[rank] > 1) for row, rank in zip(rows, ranks, strict=True)]

    def solo_list(self) -> list[Solo]:
        """Every solo, game by game and move by move, announced at the end (2.6.4)."""
        by_licence = {p.licence: p for p in self.players}
        out = []
        for game in self.games:
            for number, licence in sorted(self.solos(game).items()):
                score = self.move_scores(game, number)[licence]
                out.append(Solo(game.name, number, by_licence[licence], score))
        return out

    def standings_table(self, series: int | None = None, category: str | None = None) -> Standings:
        """The standings (:meth:`standings`) with the games and the solos, as one value."""
        return Standings(
            self.name,
            tuple(g.name for g in self.games),
            tuple(self.standings(series=series, category=category)),
            tuple(self.solo_list()),
            series,
            category,
            self.missing_ballots(),
        )


NameKey = tuple[tuple[str, str, str], tuple[str, str, str]]
"""The French order of a name and a first name (:func:`~arbitre.common.collation.french_key`)."""


def selected(p: Player, series: int | None, category: str | None) -> bool:
    """The player is in the standings of ``series`` and ``category`` (``None``: any)."""
    return (series is None or p.series == series) and (category is None or p.category == category)


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player: Player
    games: tuple[int, ...]
    total: int
    top_total: int
    tops_lost: int
    solos: int
    warnings: int
    ex_aequo: bool
    #: the player withdrew during the event (marked in the standings, ranked by total)
    withdrawn: bool = False

    @property
    def difference(self) -> int:
        return self.total - self.top_total

    @property
    def percentage(self) -> float:
        return percentage_of_top(self.total, self.top_total)

    def ranked(self, rank: int, ex_aequo: bool) -> StandingRow:
        """This row at ``rank`` (``dataclasses.replace``, without its cost per field: the
        standings of a festival rank thousands of rows per change)."""
        return StandingRow(
            rank,
            self.player,
            self.games,
            self.total,
            self.top_total,
            self.tops_lost,
            self.solos,
            self.warnings,
            ex_aequo,
            self.withdrawn,
        )

    @property
    def rank_label(self) -> str:
        """The rank as printed: ``3``, or ``3ex`` for an ex aequo."""
        return f"{self.rank}{'ex' if self.ex_aequo else ''}"

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "ex_aequo": self.ex_aequo,
            **self.player.to_json(),
            "games": list(self.games),
            "total": self.total,
            "top_total": self.top_total,
            "difference": self.difference,
            "percentage": self.percentage,
            "tops_lost": self.tops_lost,
            "solos": self.solos,
            "warnings": self.warnings,
            "withdrawn": self.withdrawn,
        }


@dataclass(frozen=True)
class Standings:
    """The standings of an event as the pages and the command line show them: the games,
    the rows in rank order, the solos; ``series`` and ``category`` when filtered."""

    event: str
    games: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    solos: tuple[Solo, ...]
    series: int | None = None
    category: str | None = None
    #: ballots of the moves played not entered yet: the standings are provisional
    missing_ballots: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "games": list(self.games),
            "standings": [r.to_json() for r in self.rows],
            "solos": [s.to_json() for s in self.solos],
            "missing_ballots": self.missing_ballots,
        }

    def title(self) -> Message:
        """``Open de Vichy — classement``, to be worded."""
        return Message.of("duplicate.standings.title", event=self.event)
