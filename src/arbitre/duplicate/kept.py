"""The standings of an event in progress, kept up to date ballot by ballot (issue 37).

A festival hall enters about ten ballots a second; computing the whole event again for each
(:class:`~arbitre.duplicate.event.Event`, every player's sheet of every game) grows with the
ballots already in, about 11 µs a ballot: 0.3 s per change at 1,500 players after one game.

A :class:`KeptEvent` is an :class:`Event` that is never changed once built: :meth:`with_ballots`
and :meth:`with_game` give a new one that shares with it everything the change leaves as it
was. A ballot entered, corrected or taken back (its decision: score, sanction, warning,
disciplinary warning, compensation) recomputes only:

- the scores of its move: its player's alone, or every player's when a compensation of that
  move (4.6) reads the other players' scores;
- the solo of its move (2.6.4), once every ballot of the move is in;
- the sheet of its player and of the players whose score or solo on that move changed, and
  their rows of the standings.

A change of a game itself (a move played, a top or an annulment, 5.2; a late arrival, 5.1;
a withdrawal) recomputes that game (:meth:`with_game`). The ranks are given when the
standings are asked: the kept rows sorted. Every figure comes from :class:`Event`'s own
methods, which stay the reference: the tests hold the two equal after random sequences of
changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from arbitre.common.messages import Message
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import (
    Event,
    EventError,
    EventSettings,
    GameRecordScores,
    GameSheet,
    Player,
    StandingRow,
    selected,
    solo_of,
)


@dataclass(frozen=True)
class BallotChange:
    """The decision of ``licence`` on move ``number`` of the event's game at ``game`` (its
    index), ``None`` for a ballot taken back."""

    game: int
    licence: str
    number: int
    decision: Decision | None


class KeptEvent(Event):
    """An :class:`Event` whose figures are kept per move, per sheet and per row, so that a
    change recomputes only what it touches (module docstring). Never changed once built."""

    def __init__(
        self,
        name: str,
        players: Iterable[Player],
        games: Sequence[GameRecordScores] = (),
        settings: EventSettings | None = None,
    ) -> None:
        super().__init__(name, players, games, settings)
        self._by_licence = {p.licence: p for p in self.players}
        self._index = {id(g): i for i, g in enumerate(self.games)}
        #: per game, per move: every player's score, the ballots missing, the compensations
        count = len(self.games)
        self._moves: list[list[dict[str, int]]] = [[] for _ in range(count)]
        self._missing: list[list[int]] = [[] for _ in range(count)]
        self._compensated: list[list[int]] = [[] for _ in range(count)]
        self._solo: list[dict[int, str]] = [{} for _ in range(count)]
        self._sheets: list[dict[str, GameSheet]] = [{} for _ in range(count)]
        for i in range(count):
            self._fill(i)
        self._rows = {p.licence: self._standing_row(p) for p in self.players}

    # -- what Event computes, read from what is kept ----------------------------------------

    def move_scores(self, game: GameRecordScores, number: int) -> dict[str, int]:
        return self._moves[self._index[id(game)]][number - 1]

    def solos(self, game: GameRecordScores) -> dict[int, str]:
        return self._solo[self._index[id(game)]]

    def sheet(self, game: GameRecordScores, licence: str) -> GameSheet:
        kept = self._sheets[self._index[id(game)]].get(licence)
        return kept if kept is not None else super().sheet(game, licence)

    def missing_ballots(self) -> int:
        return sum(sum(counts) for counts in self._missing)

    def standings(
        self, series: int | None = None, category: str | None = None
    ) -> list[StandingRow]:
        rows = [self._rows[p.licence] for p in self.players if selected(p, series, category)]
        return self._ranked(rows, series, category)

    # -- changes ----------------------------------------------------------------------------

    def with_ballots(self, changes: Iterable[BallotChange]) -> KeptEvent:
        """This event with ``changes`` made, in order (a move beyond the game's moves played
        is refused: its ballot counts only once the move is)."""
        new = self._copy()
        copied: set[int] = set()
        dirty: dict[int, set[str]] = {}
        for change in changes:
            i, licence, number = change.game, change.licence, change.number
            game = new.games[i]
            if licence not in self._licences:
                raise EventError(
                    Message.of("duplicate.event.unknown_player", game=game.name, licence=licence)
                )
            if not 1 <= number <= len(game.tops):
                raise ValueError(f"{game.name}: move {number} is not played")
            if i not in copied:
                copied.add(i)
                game = new._own_game(i)
            changed = new._set(i, game, licence, number, change.decision)
            dirty.setdefault(i, set()).update(changed)
        new._rows = dict(self._rows)
        touched: set[str] = set()
        for i, licences in dirty.items():
            for licence in licences:
                new._sheets[i][licence] = Event.sheet(new, new.games[i], licence)
            touched |= licences
        for licence in touched:
            new._rows[licence] = new._standing_row(new._by_licence[licence])
        return new

    def with_game(self, index: int, game: GameRecordScores) -> KeptEvent:
        """This event with its game at ``index`` replaced by ``game`` (or ``game`` added
        after the others when ``index`` is their count): a move played, annulled or taken
        back, a late arrival, a withdrawal."""
        unknown = (set(game.decisions) | set(game.withdrawn_from)) - self._licences
        if unknown:
            raise EventError(
                Message.of(
                    "duplicate.event.unknown_player", game=game.name, licence=sorted(unknown)[0]
                )
            )
        new = self._copy()
        if index == len(new.games):
            new.games.append(game)
            new._moves.append([])
            new._missing.append([])
            new._compensated.append([])
            new._solo.append({})
            new._sheets.append({})
        else:
            new.games[index] = game
        new._index = {id(g): i for i, g in enumerate(new.games)}
        new._fill(index)
        new._rows = {p.licence: new._standing_row(p) for p in new.players}
        return new

    # -- inside -----------------------------------------------------------------------------

    def _copy(self) -> KeptEvent:
        """A new event sharing this one's values, with its own lists of them (each game's
        own values are copied when a change touches that game)."""
        new = object.__new__(KeptEvent)
        new.__dict__.update(self.__dict__)
        new.games = list(self.games)
        new._moves = list(self._moves)
        new._missing = list(self._missing)
        new._compensated = list(self._compensated)
        new._solo = list(self._solo)
        new._sheets = list(self._sheets)
        return new

    def _own_game(self, i: int) -> GameRecordScores:
        """The game at ``i`` and its kept values, copied so that changing them leaves the
        event this one was copied from as it was."""
        game = replace(self.games[i], decisions=dict(self.games[i].decisions))
        self.games[i] = game
        self._index = {id(g): k for k, g in enumerate(self.games)}
        self._moves[i] = list(self._moves[i])
        self._missing[i] = list(self._missing[i])
        self._compensated[i] = list(self._compensated[i])
        self._solo[i] = dict(self._solo[i])
        self._sheets[i] = dict(self._sheets[i])
        return game

    def _fill(self, i: int) -> None:
        """Every kept value of the game at ``i``, computed as :class:`Event` does."""
        game = self.games[i]
        numbers = range(1, len(game.tops) + 1)
        self._moves[i] = [self._move_scores(game, n) for n in numbers]
        self._missing[i] = [
            sum(
                1
                for p in self.players
                if game.plays(p.licence, n) and self._decision(game, p.licence, n - 1) is None
            )
            for n in numbers
        ]
        self._compensated[i] = [
            sum(1 for p in self.players if _compensation(self._decision(game, p.licence, n - 1)))
            for n in numbers
        ]
        self._solo[i] = {}
        if len(self.players) >= self.settings.solo_min_players:
            for n in numbers:
                holder = solo_of(self._moves[i][n - 1]) if not self._missing[i][n - 1] else None
                if holder is not None:
                    self._solo[i][n] = holder
        self._sheets[i] = {p.licence: Event.sheet(self, game, p.licence) for p in self.players}

    def _set(
        self, i: int, game: GameRecordScores, licence: str, number: int, decision: Decision | None
    ) -> set[str]:
        """Make the change in the (own) game at ``i``; the players whose sheet it changes."""
        row = list(game.decisions.get(licence, ()))
        row.extend([None] * (len(game.tops) - len(row)))
        old = row[number - 1]
        if old == decision:
            return set()
        row[number - 1] = decision
        game.decisions[licence] = row
        k = number - 1
        if game.plays(licence, number):
            self._missing[i][k] += int(decision is None) - int(old is None)
        self._compensated[i][k] += int(_compensation(decision)) - int(_compensation(old))
        before = self._moves[i][k]
        if self._compensated[i][k] == 0 and not _compensation(old):
            # no compensation of this move reads the others' scores: only this one changes
            after = dict(before)
            after[licence] = self._raw_score(game, licence, number)
            changed = {licence}
        else:  # 4.6: a compensation is the mean of the arbiter's players at the table
            after = self._move_scores(game, number)
            changed = {lic for lic, score in after.items() if before[lic] != score}
            changed.add(licence)
        self._moves[i][k] = after
        if len(self.players) >= self.settings.solo_min_players:
            was = self._solo[i].pop(number, None)
            now = solo_of(after) if not self._missing[i][k] else None
            if now is not None:
                self._solo[i][number] = now
            if was != now:
                changed |= {lic for lic in (was, now) if lic is not None}
        return changed


def _compensation(decision: Decision | None) -> bool:
    return decision is not None and decision.compensation
