"""A Belgian-formula tournament as a mutable object: pair, record, undo, rank.

>>> t = Tournament([Player("Ann", 1800), Player("Bob", 1700), Player("Cid", 1600)])
>>> pairing = t.pair_next_round()
>>> [(p.a, p.b) for p in pairing.pairs]
[('Ann', 'Bob'), ('Cid', None)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from arbitre.classic.tournament.model import Game, Player, Round, number_of_rounds, refuse
from arbitre.classic.tournament.pairing import RoundPairing, pair_round
from arbitre.classic.tournament.standings import Standing, compute_standings, initial_ranking
from arbitre.common.messages import Message, Param


class Tournament:
    """Players, rounds played, absences and withdrawals of one event (seed 000)."""

    def __init__(
        self,
        players: Iterable[Player],
        *,
        rounds: int | None = None,
        best_of: int = 1,
    ) -> None:
        self.players: tuple[Player, ...] = tuple(players)
        seen: set[str] = set()
        for p in self.players:
            if p.name in seen:
                raise refuse("registered_twice", player=p.name)
            seen.add(p.name)
        if rounds is not None and rounds < 1:
            raise refuse("rounds_count", rounds=rounds)
        if best_of not in (1, 3):
            raise refuse("best_of", best_of=best_of)
        self.number_of_rounds: int = (
            rounds if rounds is not None else number_of_rounds(len(self.players))
        )
        self.best_of = best_of
        self.rounds: list[Round] = []
        self.withdrawn: dict[str, int] = {}
        self.announced: dict[int, set[str]] = {}

    # -- players ----------------------------------------------------------------------
    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise refuse("unknown_player", player=name)

    def initial_ranking(self) -> list[Player]:
        """Seed 000 "Classement initial"."""
        return initial_ranking(self.players)

    def withdraw(self, name: str, from_round: int | None = None) -> None:
        """Withdraw ``name`` from ``from_round`` on (default: the next round)."""
        self.player(name)
        self.withdrawn[name] = from_round if from_round is not None else self.next_round

    def announce_absence(self, name: str, round_number: int) -> None:
        """Record that ``name`` will be absent from ``round_number`` (forfeit announced in
        advance, seed 000 "Forfaits provisoires"): left out of that round's pairing."""
        self.player(name)
        if round_number < self.next_round:
            raise refuse("announced_recorded", round=round_number)
        self.announced.setdefault(round_number, set()).add(name)

    # -- rounds -----------------------------------------------------------------------
    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    @property
    def is_complete(self) -> bool:
        return len(self.rounds) >= self.number_of_rounds

    def absent_for(self, number: int, absent: Iterable[str] = ()) -> set[str]:
        """Players left out of round ``number``: ``absent``, announced absences, withdrawals."""
        out = set(absent) | self.announced.get(number, set())
        out.update(n for n, start in self.withdrawn.items() if start <= number)
        return out

    def pair_next_round(self, absent: Iterable[str] = ()) -> RoundPairing:
        """The pairing of the next round (seed 000), without recording it."""
        for name in absent:
            self.player(name)
        return pair_round(
            self.players,
            self.rounds,
            absent=self.absent_for(self.next_round, absent),
            best_of=self.best_of,
        )

    def record_round(self, games: Sequence[Game]) -> list[Message]:
        """Record the next round's games; returns how they differ from the formula's pairing
        (``classic_tournament.withdrawn_plays``, ``.override``, ``.override_bye``).

        A director may override the pairing: a difference is reported, not refused.
        """
        number = self.next_round
        for game in games:
            if game.round != number:
                raise refuse("game_of_round", round=number, game_round=game.round)
            for name in game.players:
                self.player(name)
        rnd = Round(number, tuple(games))
        notes = self._compare(rnd)
        self.rounds.append(rnd)
        return notes

    def undo_round(self) -> Round:
        """Remove and return the last recorded round."""
        if not self.rounds:
            raise refuse("no_round")
        return self.rounds.pop()

    def _compare(self, rnd: Round) -> list[Message]:
        present = rnd.participants()
        absent = {p.name for p in self.players} - present
        expected = pair_round(self.players, self.rounds, absent=absent, best_of=self.best_of)
        notes: list[Message] = []
        for name in sorted(present & self.absent_for(rnd.number)):
            notes.append(
                Message.of("classic_tournament.withdrawn_plays", round=rnd.number, player=name)
            )
        wanted = expected.pair_set()
        for game in rnd.games:
            if frozenset((game.a, game.b)) in wanted:
                continue
            a_formula = _side(expected.opponent(game.a))
            if game.b is None:
                notes.append(
                    Message.of(
                        "classic_tournament.override_bye",
                        round=rnd.number,
                        a=game.a,
                        b=_side(None),
                        a_formula=a_formula,
                    )
                )
            else:
                notes.append(
                    Message.of(
                        "classic_tournament.override",
                        round=rnd.number,
                        a=game.a,
                        b=game.b,
                        a_formula=a_formula,
                        b_formula=_side(expected.opponent(game.b)),
                    )
                )
        return notes

    # -- rankings ---------------------------------------------------------------------
    def standings(self, final: bool | None = None) -> list[Standing]:
        """Intermediate ranking, or the final one (default: final once every round is in)."""
        if final is None:
            final = self.is_complete
        return compute_standings(self.players, self.rounds, final=final)


def _side(name: str | None) -> Param:
    """A player's name, or the bye (``classic_tournament.bye``) as a message worded in turn."""
    return Message.of("classic_tournament.bye") if name is None else name
