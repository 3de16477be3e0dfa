"""Pairs Duplicate: an entry of two players who play one game together.

Seed 002, A.2.4: "Les tournois en paires donnent lieu à une attribution de points de
classement uniquement. Un classement individuel est effectué, les deux joueurs d'une même
paire étant considérés ex aequo, et les points sont ensuite calculés comme pour un tournoi
individuel." B.3.1 counts both players of each pair in n, B.3.2 fixes D = 1 for the World
and French pairs championships, B.3.3 repeats that the two partners are ranked ex aequo.
Seed 004, 2.3: the time per move may be other for pairs; 5.1: moves already played count
null for a pair only when both partners arrive late.

An entry of a pairs event is the engine's :class:`~arbitre.duplicate.event.Player` of its
first partner with the second as :class:`Partner`: one ballot per pair and move, one
sheet, one line of the standings. The federation's results file and the ranking see the
two players: :func:`individual_places` gives each partner their place in the individual
ranking A.2.4 asks for.

>>> pair_name("DUPONT Anne", "MARTIN Paul")
'DUPONT Anne / MARTIN Paul'
>>> individual_places([(1, 2), (2, 2), (2, 2), (4, 2)])
[1, 3, 3, 7]
>>> late_from(3, None), late_from(3, 5)
(None, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbitre.common.messages import Message

PAIR_SEPARATOR = " / "
"""Between the two partners' names wherever a pair is shown (``DUPONT Anne / MARTIN Paul``)."""

PAIR_EVENT_TYPES = ("PAIRS", "CP")
"""The federation ranking's event types of a pairs event (seed 002, A.2.4 and B.3.2: a pairs
tournament, and the World or French pairs championship with D = 1); both award ranking
points only (``arbitre.ranking.events.EVENT_TYPES`` defines them)."""

DEFAULT_PAIR_EVENT_TYPE = PAIR_EVENT_TYPES[0]

MESSAGE_CODES = frozenset(
    f"duplicate.pairs.{name}" for name in ("same_licence", "event_type", "individual_type")
)
"""Refusals about pairs (``duplicate.pairs.*``)."""


@dataclass(frozen=True)
class Partner:
    """The second player of a pair (seed 002, A.2.4): a licensee of their own, ranked with
    their own licence, series and category, ex aequo with the first."""

    licence: str
    name: str
    first_name: str = ""
    club: str = ""
    series: int | None = None
    tier: str = ""
    category: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.name} {self.first_name}".strip()

    @property
    def series_label(self) -> str:
        return "" if self.series is None else f"{self.series}{self.tier}"

    def to_json(self) -> dict[str, Any]:
        return {
            "licence": self.licence,
            "name": self.name,
            "first_name": self.first_name,
            "club": self.club,
            "series": self.series_label,
            "category": self.category,
        }


def pair_name(first: str, second: str) -> str:
    """The pair as every page shows it: both full names, first partner first."""
    return f"{first}{PAIR_SEPARATOR}{second}"


def late_from(first: int | None, second: int | None) -> int | None:
    """The move from which a pair plays, from the moves each partner arrived for (``None``:
    on time). Seed 004, 5.1: the moves already played count null only when both partners
    arrive late, so the pair plays from the first arrival; one partner on time, no
    lateness."""
    if first is None or second is None:
        return None
    return min(first, second)


def individual_places(entries: Sequence[tuple[int, int]]) -> list[int]:
    """Each entry's place in the individual ranking of seed 002, A.2.4, from its rank among
    the entries and its number of players (2 for a pair, 1 for a player alone), in the
    standings' order: the partners are ex aequo, and ex aequo players share the better
    place (rulings, federation ranking 6), so a place is 1 + the players of the entries
    ranked strictly better."""
    players_at: dict[int, int] = {}
    for rank, size in entries:
        players_at[rank] = players_at.get(rank, 0) + size
    return [1 + sum(n for r, n in players_at.items() if r < rank) for rank, _ in entries]


def pair_label(first: str, second: str, limit: int = 40) -> str:
    """The pair's mark in the federation's file (its two licences), which tells the ranking
    the two rows belong together (``arbitre.ranking.events.Event`` refuses a pair split
    across two places); the first licence alone (unique in the event) when longer than
    ``limit``."""
    label = f"{first}/{second}"
    return label if len(label) <= limit else first[:limit]


def check_event_type(code: str, pairs: bool) -> Message | None:
    """Why the ranking type ``code`` (empty: the default) does not fit the event, or
    ``None``. Seed 002, A.2.4: a pairs event awards ranking points only, so it is a pairs
    type (:data:`PAIR_EVENT_TYPES`), never one that awards %Sn or PP4; and an individual
    event is not ranked as a pairs one."""
    code = code.strip().upper()
    if pairs and code and code not in PAIR_EVENT_TYPES:
        return Message.of(
            "duplicate.pairs.event_type", type=code, known=", ".join(PAIR_EVENT_TYPES)
        )
    if not pairs and code in PAIR_EVENT_TYPES:
        return Message.of("duplicate.pairs.individual_type", type=code)
    return None
