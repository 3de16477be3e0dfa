"""The arbitration committee that hears an appeal (seed 003 "Préambule"; 1.2; 3.19).

"Un comité d'arbitrage est constitué du directeur du tournoi et de 2 à 4 joueurs du CDF,
reconnus pour leur expertise du jeu en tournoi. [...] Si l'un ou plusieurs membres du
comité sont impliqués dans un litige, ils sont remplacés en cas de réunion du comité."
The committee that decides an appeal is checked here: the director and two to four players
of the event, none of them a party to the dispute (a member involved is replaced before
the committee meets). It decides by majority (3.19) and its decision is final (1.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arbitre.backgammon.championship.model import ChampionshipError
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(
    f"committee.{name}"
    for name in ("director", "size", "twice", "not_player", "involved", "director_involved")
)
"""The refusals of a committee's composition."""

MIN_PLAYERS, MAX_PLAYERS = 2, 4
"""Seed 003, preamble: the director "et de 2 à 4 joueurs du CDF"."""


def _refuse(code: str, **params: Param) -> ChampionshipError:
    return ChampionshipError(Message.of(f"committee.{code}", **params))


@dataclass(frozen=True)
class Committee:
    """The committee that met: the tournament director and the players sitting with them."""

    director: str
    members: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {"director": self.director, "members": list(self.members)}


def committee(
    director: str,
    members: Iterable[str],
    players: Iterable[str],
    involved: Iterable[str],
) -> Committee:
    """Seed 003 "Préambule": the committee of ``director`` and ``members``, checked against
    the event's ``players`` and the parties ``involved`` in the dispute. Refused without a
    director, with fewer than two or more than four players, a name twice, a member who is
    not a player of the event, or a member (or the director) involved in the dispute, who
    is to be replaced."""
    name = director.strip()
    if not name:
        raise _refuse("director")
    chosen = tuple(m.strip() for m in members if m.strip())
    if not MIN_PLAYERS <= len(chosen) <= MAX_PLAYERS:
        raise _refuse("size", count=len(chosen), low=MIN_PLAYERS, high=MAX_PLAYERS)
    seen: set[str] = set()
    for m in chosen:
        if m.casefold() in seen:
            raise _refuse("twice", name=m)
        seen.add(m.casefold())
    known = {p.casefold() for p in players}
    for m in chosen:
        if m.casefold() not in known:
            raise _refuse("not_player", name=m)
    parties = {p.casefold() for p in involved if p}
    for m in chosen:
        if m.casefold() in parties:
            raise _refuse("involved", name=m)
    if name.casefold() in parties:
        raise _refuse("director_involved", name=name)
    return Committee(name, chosen)
