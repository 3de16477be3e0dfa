"""Automatic table numbering of a Duplicate event (issue 35): each present player gets a
place (their table number, written on every ballot: seed 004, 3.1), one player per table,
in French alphabetical order, by series, or at random.

The order is computed by :func:`seating_order` (no database); :func:`number_tables` stores
it, takes the places away from the players who are not seated (absent at the check-in,
withdrawn), and gives each seated player the arbiter whose range covers their place
(:mod:`.tableranges`). Refused once a ballot is entered: a ballot names its table.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate import changes, presence, tableranges
from arbitre.app.duplicate.models import BallotEntry, DuplicateEvent, Registration
from arbitre.app.duplicate.services import PLAYERS_TARGET, ServiceError, User, audit
from arbitre.common.collation import french_key

ALPHABETICAL, BY_SERIES, RANDOM = "alpha", "series", "random"
METHODS = {
    ALPHABETICAL: gettext_noop("ordre alphabétique"),
    BY_SERIES: gettext_noop("par série, puis ordre alphabétique"),
    RANDOM: gettext_noop("au hasard"),
}
"""The numbering methods and their names (French msgids, worded when shown)."""

PLACES_GIVEN = gettext_noop("Places attribuées")


@dataclass(frozen=True)
class Seat:
    """What the numbering reads of a player."""

    key: int
    name: str
    first_name: str = ""
    licence: str = ""
    series: int | None = None
    tier: str = ""


def alphabetical_key(seat: Seat) -> tuple[object, ...]:
    """French order of the name, then of the first name (the licence breaks a full tie)."""
    return (french_key(seat.name), french_key(seat.first_name), seat.licence)


def seating_order(seats: Sequence[Seat], method: str, seed: int = 0) -> list[Seat]:
    """The seats in the order of their places: alphabetical (French order), by series (1
    first, players without a series last; tiers A to D inside a series; alphabetical inside
    a tier), or random (drawn from ``seed``, so that the draw can be told again)."""
    ordered = sorted(seats, key=alphabetical_key)
    if method == ALPHABETICAL:
        return ordered
    if method == BY_SERIES:
        return sorted(
            ordered,
            key=lambda s: (s.series is None, s.series or 0, s.tier or "~"),
        )
    if method == RANDOM:
        random.Random(seed).shuffle(ordered)
        return ordered
    raise ServiceError(gettext("Méthode de numérotation inconnue."))


def seat_of(player: Registration) -> Seat:
    return Seat(
        player.pk, player.name, player.first_name, player.licence, player.series, player.tier
    )


@transaction.atomic
def number_tables(
    dup: DuplicateEvent, method: str, user: User, first: int = 1, seed: int | None = None
) -> int:
    """Give the present players (every player while no check-in is confirmed; withdrawn
    players never) the places ``first``, ``first + 1``... in the order of ``method``; the
    others lose their place. Returns the number of players seated."""
    changes.touch(dup)
    dup = DuplicateEvent.objects.select_for_update().select_related("event").get(pk=dup.pk)
    if method not in METHODS:
        raise ServiceError(gettext("Méthode de numérotation inconnue."))
    if first < 1:
        raise ServiceError(gettext("La première place est au moins 1."))
    if BallotEntry.objects.filter(game__duplicate=dup).exists():
        raise ServiceError(
            gettext(
                "Des bulletins sont saisis : les places ne changent plus (chaque bulletin "
                "porte la table de son joueur). Changez une place à la main si besoin."
            )
        )
    present = presence.present_ids(dup)
    players = list(dup.players.select_related("withdrawal").all())
    seated = [
        p for p in players if not hasattr(p, "withdrawal") and (present is None or p.pk in present)
    ]
    drawn = secrets.randbelow(2**31) if seed is None else seed
    order = seating_order([seat_of(p) for p in seated], method, drawn)
    places = {seat.key: first + i for i, seat in enumerate(order)}
    for p in players:
        p.table = places.get(p.pk)
    Registration.objects.bulk_update(players, ["table"])
    tableranges.sync(dup)
    after: dict[str, object] = {"méthode": METHODS[method], "première place": first}
    if method == RANDOM:
        after["tirage"] = drawn  # the draw can be told again from its seed
    audit(dup, user, PLACES_GIVEN, PLAYERS_TARGET % {"count": len(order)}, None, after)
    return len(order)
