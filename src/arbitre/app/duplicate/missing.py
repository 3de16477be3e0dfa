"""The ballots still missing on a move, per arbiter (issue 35): the chief arbiter's screen
shows, for the move whose ballots are being entered, each arbiter's tables whose ballot is
not entered yet, and the director's overview reads the same figures
(:func:`missing_count`, :func:`missing_by_arbiter`).

A ballot is awaited from every player at the table for the move: not a player arriving for a
later move (seed 004, 5.1) or withdrawn (:func:`.services.absences`), nor a player the
check-in found absent (:mod:`.checkin`) unless they are marked late for this game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext

from arbitre.app.duplicate import presence, services
from arbitre.app.duplicate.models import BallotEntry, Game, Lateness, Registration


@dataclass
class ArbiterMissing:
    """One arbiter's ballots on a move: awaited, entered, and the tables still missing."""

    arbiter_id: int | None
    arbiter: str
    awaited: int = 0
    entered: int = 0
    #: the tables still missing, in order; a player with no place is named instead
    tables: list[str] = field(default_factory=list)
    _order: list[tuple[bool, int, str]] = field(default_factory=list, repr=False)

    @property
    def missing(self) -> int:
        return self.awaited - self.entered

    def to_json(self) -> dict[str, Any]:
        return {
            "arbiter": self.arbiter,
            "awaited": self.awaited,
            "entered": self.entered,
            "missing": self.missing,
            "tables": self.tables,
        }


def current_move(game: Game) -> int:
    """The move whose ballots are being entered: the last move whose top is revealed (0
    before the first)."""
    return len(services.engine_of(game).moves)


def awaited_on(game: Game, number: int) -> Callable[[Registration], bool]:
    """Whether a player's ballot is awaited on move ``number``: not a player not at the table
    for it (not arrived yet, 5.1, or withdrawn), nor one confirmed absent at the check-in
    unless marked late for the game. The one reading of the chief's list and the overview."""
    absent = services.absences(game, number)
    present = presence.present_ids(game.duplicate)
    late = set(Lateness.objects.filter(game=game).values_list("registration_id", flat=True))

    def awaited(p: Registration) -> bool:
        if p.pk in absent:
            return False
        return present is None or p.pk in present or p.pk in late

    return awaited


def missing_by_arbiter(game: Game, move: int | None = None) -> list[ArbiterMissing]:
    """Per arbiter (by name, the players with no arbiter last), the ballots of ``move`` (the
    current move by default) awaited, entered, and the tables still missing in order."""
    number = current_move(game) if move is None else move
    if number < 1:
        return []
    awaited = awaited_on(game, number)
    entered = set(
        BallotEntry.objects.filter(game=game, move_number=number).values_list(
            "registration_id", flat=True
        )
    )
    players = list(game.duplicate.players.select_related("partner"))  # (its full name)
    arbiters = {p.arbiter_id for p in players if p.arbiter_id}
    users = dict(get_user_model().objects.filter(pk__in=arbiters).values_list("pk", "username"))
    out: dict[int | None, ArbiterMissing] = {}
    for p in players:
        if not awaited(p):
            continue
        row = out.get(p.arbiter_id)
        if row is None:
            name = users.get(p.arbiter_id, "") if p.arbiter_id else gettext("sans arbitre")
            row = out[p.arbiter_id] = ArbiterMissing(p.arbiter_id, name)
        row.awaited += 1
        if p.pk in entered:
            row.entered += 1
        else:
            row._order.append((p.table is None, p.table or 0, p.full_name))
    for row in out.values():
        row.tables = [name if none else str(t) for none, t, name in sorted(row._order)]
    return sorted(out.values(), key=lambda r: (r.arbiter_id is None, r.arbiter.casefold()))


def missing_count(game: Game, move: int | None = None) -> int:
    """How many ballots of ``move`` (the current move by default) are still missing."""
    return sum(r.missing for r in missing_by_arbiter(game, move))
