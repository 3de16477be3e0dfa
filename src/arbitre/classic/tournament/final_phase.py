"""The Classic final phase (seed 000, preamble: the Belgian championship "se termine par une
phase finale opposant les deux premiers ou les quatre premiers").

The seed gives no detail; the decisions (docs/classic-tournament.md, "Final phase") are: two
players play a final, 1st against 2nd; four players play semi-finals 1-4 and 2-3, then a
final between the winners and a match for third place between the losers. Each match is one
game or best of three (a setting); a drawn game counts half a game to each player; a match
needs a winner: when drawn games leave it tied after its games, deciding games are played
until one wins. Refusals are :class:`FinalPhaseError` carrying a message code.

>>> matches = resolve(["Ana", "Bob"], 2, 1, {"F": [(420, 380)]})
>>> [(m.id, m.top, m.bottom, m.winner) for m in matches]
[('F', 'Ana', 'Bob', 'Ana')]
>>> final_places(matches)
{'Ana': 1, 'Bob': 2}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arbitre.common.messages import Message, Param, Refusal

MATCH_IDS = ("F", "SF1", "SF2", "P3")
MESSAGE_CODES = frozenset(
    {f"final_phase.match.{m}" for m in MATCH_IDS}
    | {
        f"final_phase.{name}"
        for name in (
            "size",
            "players_needed",
            "best_of",
            "no_games",
            "extra_game",
            "no_winner",
            "players_unknown",
            "unknown_match",
        )
    }
)
"""Every code of this module: refusals, and the names of the matches (``final_phase.match.F``)."""

Slot = str | tuple[str, str]
"""A player's name, or ``("winner" | "loser", match id)``."""


class FinalPhaseError(Refusal):
    """A refused final-phase request or result."""


def _refuse(code: str, **params: Param) -> FinalPhaseError:
    return FinalPhaseError(Message.of(f"final_phase.{code}", **params))


@dataclass(frozen=True)
class FinalMatch:
    """One match: its id (``F``, ``SF1``, ``SF2``, ``P3``), players once known, winner once
    played, and its games (top player's score first)."""

    id: str
    top: str | None
    bottom: str | None
    winner: str | None = None
    games: tuple[tuple[int, int], ...] = ()

    @property
    def name(self) -> Message:
        """The match's name, to be worded (``Finale``, ``Demi-finale 1``...)."""
        return Message.of(f"final_phase.match.{self.id}")

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.bottom if self.winner == self.top else self.top


def plan(qualified: Sequence[str], size: int) -> list[tuple[str, Slot, Slot]]:
    """The matches as ``(id, top, bottom)`` for the first ``size`` (2 or 4) of the ranking."""
    if size not in (2, 4):
        raise _refuse("size", size=size)
    if len(qualified) < size:
        raise _refuse("players_needed", size=size, found=len(qualified))
    if size == 2:
        return [("F", qualified[0], qualified[1])]
    return [
        ("SF1", qualified[0], qualified[3]),
        ("SF2", qualified[1], qualified[2]),
        ("F", ("winner", "SF1"), ("winner", "SF2")),
        ("P3", ("loser", "SF1"), ("loser", "SF2")),
    ]


def match_winner(top: str, bottom: str, games: Sequence[tuple[int, int]], best_of: int) -> str:
    """The winner of a match from its game scores (top player first).

    A game won counts 1, a drawn game 1/2 to each; the match is won by the player past half
    of ``best_of`` and ahead (a drawn deciding game leaves it tied: another one follows).
    Games after the match is decided and a match left without a winner are refused; a
    negative score is a game's score like any other (penalties and the reckoning of seed 001
    7.1 can leave a player below zero; the higher score wins, 001 8.1). (Games beyond ``best_of`` can only follow a tie: otherwise one player is past
    half already.)
    """
    if best_of not in (1, 3):
        raise _refuse("best_of", best_of=best_of)
    if not games:
        raise _refuse("no_games")
    need = best_of / 2
    won_top = won_bottom = 0.0
    for number, (a, b) in enumerate(games, start=1):
        if max(won_top, won_bottom) > need and won_top != won_bottom:
            raise _refuse("extra_game", number=number)
        if a > b:
            won_top += 1
        elif b > a:
            won_bottom += 1
        else:
            won_top += 0.5
            won_bottom += 0.5
    if won_top > need and won_top > won_bottom:
        return top
    if won_bottom > need and won_bottom > won_top:
        return bottom
    raise _refuse("no_winner", top=won_top, bottom=won_bottom)


def resolve(
    qualified: Sequence[str],
    size: int,
    best_of: int,
    results: Mapping[str, Sequence[tuple[int, int]]],
) -> list[FinalMatch]:
    """The matches with their players and winners, from ``results`` (match id -> games)."""
    out: dict[str, FinalMatch] = {}
    for mid, top_slot, bottom_slot in plan(qualified, size):
        top = _slot(top_slot, out)
        bottom = _slot(bottom_slot, out)
        games = results.get(mid)
        winner = None
        if games is not None:
            if top is None or bottom is None:
                raise _refuse("players_unknown", match=Message.of(f"final_phase.match.{mid}"))
            winner = match_winner(top, bottom, games, best_of)
        out[mid] = FinalMatch(mid, top, bottom, winner, tuple(games or ()))
    unknown = set(results) - set(out)
    if unknown:
        raise _refuse("unknown_match", matches=", ".join(sorted(unknown)))
    return list(out.values())


def _slot(slot: Slot, done: dict[str, FinalMatch]) -> str | None:
    if isinstance(slot, str):
        return slot
    kind, mid = slot
    match = done[mid]
    return match.winner if kind == "winner" else match.loser


def final_places(matches: Sequence[FinalMatch]) -> dict[str, int]:
    """Places decided by the final phase (1-2, or 1-4), for the matches already played."""
    by_id = {m.id: m for m in matches}
    places: dict[str, int] = {}
    for mid, first in (("F", 1), ("P3", 3)):
        match = by_id.get(mid)
        if match and match.winner:
            places[match.winner] = first
            if match.loser:
                places[match.loser] = first + 1
    return places


def game_starter(
    number: int,
    players: tuple[str, str],
    designated: Sequence[str],
    started: Sequence[str | None],
) -> str | None:
    """Who starts game ``number`` (from 1) of a final-phase match, ``None`` for a toss.

    ``designated`` is the tournament's designation for the match's games (seed 000, 3.1 and
    rulings Classic 7, as :func:`~arbitre.classic.tournament.pairing.match_starters` gives
    it), empty where a toss decides (seed 001, 3.1); ``started`` is who started each game
    already played (``None``: not known yet). Game 2 is started by the player who did not
    start game 1 (001 3.2; 000 3.1). Games 1 and 3 follow the designation, or a toss (001
    3.2: game 3 is tossed again). A deciding game after a tie (docs decision: a drawn match
    plays on, :func:`match_winner`): under a designation, the player who did not start the
    previous game (rulings Classic 7: both started as many games, or that one started
    fewer); under the toss, a new toss.

    >>> game_starter(2, ("Ana", "Bob"), (), ["Bob"])
    'Ana'
    >>> [game_starter(n, ("Ana", "Bob"), ("Bob", "Ana", "Bob"), []) for n in (1, 3)]
    ['Bob', 'Bob']
    >>> game_starter(4, ("Ana", "Bob"), ("Bob", "Ana", "Bob"), ["Bob", "Ana", "Bob"])
    'Ana'
    >>> game_starter(3, ("Ana", "Bob"), (), ["Bob", "Ana"]) is None
    True
    """
    if number < 1:
        raise _refuse("no_games")
    if number <= len(designated) and number != 2:
        return designated[number - 1]
    previous = started[number - 2] if 2 <= number <= len(started) + 1 else None
    if number == 2:
        first = started[0] if started else (designated[0] if designated else None)
        if first is None:
            return designated[1] if len(designated) > 1 else None
        return players[1] if first == players[0] else players[0]
    if not designated or previous is None:
        return None
    return players[1] if previous == players[0] else players[0]
