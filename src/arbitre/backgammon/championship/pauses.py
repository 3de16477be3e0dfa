"""Pauses of a match played without a clock (seed 003, 1.11).

"Dans les matchs de longueur inférieure à 13 points, chaque joueur a droit à une pause de
10mn et pour les matchs en 13 points ou plus, à deux pauses de 10mn. Les pauses ne peuvent
être prises qu'entre deux parties. A DMP, un joueur peut exiger en plus une pause de 5mn.
Si la durée des pauses n'est pas respectée, des pénalités peuvent être infligées. Pour les
matchs avec pendules voir le règlement spécifique."

A pause is taken at the score of the game just finished (so between two games); at double
match point (both players one point from the match) a player may take the extra 5-minute
pause. The article fixes no figure for an overrun: it is reported to the director with the
sanctions offered (a warning or a point penalty: the match has no clock to take time from),
and the director decides. A clocked match takes its breaks on its own time (clock rules 2.1,
2.2): a pause of this article is refused there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arbitre.backgammon.championship.model import ChampionshipError
from arbitre.backgammon.championship.sanctions import SanctionKind
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(
    f"pause.{name}"
    for name in (
        "clocked",
        "player",
        "score",
        "not_dmp",
        "dmp_taken",
        "none_left",
        "running",
        "not_running",
        "overrun",
    )
)
"""The refusals of a pause, and the overrun reported to the director."""

PAUSE_SECONDS = 600
"""Seed 003, 1.11: "une pause de 10mn"."""
DMP_PAUSE_SECONDS = 300
"""Seed 003, 1.11: "A DMP, un joueur peut exiger en plus une pause de 5mn"."""
TWO_PAUSES_FROM = 13
"""Seed 003, 1.11: two pauses "pour les matchs en 13 points ou plus"."""
OVERRUN_SANCTIONS = (SanctionKind.WARNING, SanctionKind.POINTS)
"""The penalties offered for an overrun ("des pénalités peuvent être infligées")."""


def _refuse(code: str, **params: Param) -> ChampionshipError:
    return ChampionshipError(Message.of(f"pause.{code}", **params))


def pauses_allowed(length: int) -> int:
    """Seed 003, 1.11: the 10-minute pauses of each player in a match of ``length`` points."""
    return 2 if length >= TWO_PAUSES_FROM else 1


def is_dmp(length: int, score: tuple[int, int]) -> bool:
    """Double match point: both players one point from winning the match."""
    return score == (length - 1, length - 1)


@dataclass(frozen=True)
class Pause:
    """A pause of player ``player`` from ``start`` to ``end`` (seconds; ``None`` while it
    runs), taken at ``score``; ``dmp``: the extra 5-minute pause of double match point."""

    player: int
    start: float
    score: tuple[int, int]
    dmp: bool = False
    end: float | None = None

    @property
    def allowance(self) -> int:
        return DMP_PAUSE_SECONDS if self.dmp else PAUSE_SECONDS

    def overrun(self, now: float) -> float:
        """The seconds taken beyond the allowance (at ``now`` while it runs)."""
        until = now if self.end is None else self.end
        return max(0.0, until - self.start - self.allowance)


def take_pause(length: int, taken: Iterable[Pause], new: Pause, *, clocked: bool = False) -> Pause:
    """Seed 003, 1.11: ``new`` checked against the pauses already ``taken`` in the match;
    refused in a clocked match, at a score that is not between two games of the match,
    while a pause runs, beyond the player's pauses, and for the 5-minute pause away from
    double match point or a second time."""
    if clocked:
        raise _refuse("clocked")
    if new.player not in (0, 1):
        raise _refuse("player", player=new.player)
    a, b = new.score
    if min(a, b) < 0 or max(a, b) >= length:
        raise _refuse("score", a=a, b=b, length=length)
    before = tuple(taken)
    if any(p.end is None for p in before):
        raise _refuse("running")
    mine = [p for p in before if p.player == new.player]
    if new.dmp:
        if not is_dmp(length, new.score):
            raise _refuse("not_dmp", a=a, b=b)
        if any(p.dmp for p in mine):
            raise _refuse("dmp_taken")
        return new
    allowed = pauses_allowed(length)
    if sum(1 for p in mine if not p.dmp) >= allowed:
        raise _refuse("none_left", count=allowed, length=length)
    return new


def end_pause(taken: Iterable[Pause], player: int, at: float) -> tuple[Pause, ...]:
    """The pauses with ``player``'s running pause ended at ``at``; refused when none runs."""
    pauses = list(taken)
    for i, p in enumerate(pauses):
        if p.player == player and p.end is None:
            pauses[i] = Pause(p.player, p.start, p.score, p.dmp, max(at, p.start))
            return tuple(pauses)
    raise _refuse("not_running")


def overrun_report(pause: Pause, now: float, name: str) -> Message | None:
    """Seed 003, 1.11: a pause longer than allowed, reported to the director (who may
    give one of :data:`OVERRUN_SANCTIONS`, or none); ``None`` within the allowance."""
    over = pause.overrun(now)
    if over <= 0:
        return None
    return Message.of(
        "pause.overrun",
        name=name,
        minutes=pause.allowance // 60,
        over=f"{int(over) // 60}:{int(over) % 60:02d}",
    )
