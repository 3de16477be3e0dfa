"""Who the check-in found present (issue 35, item 1), read from the stored check-in alone so
that the standings (:mod:`.services`) and the check-in's own pages (:mod:`.checkin`) share
one reading.

A player the confirmed check-in found absent plays no move: no ballot of theirs is awaited
(:mod:`.missing`), and they are not in the standings, unless they arrive later: marked late
for a game (seed 004, 5.1), they play it from that move, and every earlier game counts as
a whole game missed (0 on each move, no ballot awaited). A player with a ballot entered
stays in the standings whatever the check-in said: the ballot shows they were there.
"""

from __future__ import annotations

from arbitre.app.duplicate.models import (
    BallotEntry,
    DuplicateEvent,
    Lateness,
    Presence,
    Registration,
)


def confirmed(dup: DuplicateEvent) -> bool:
    """Whether the director has confirmed the check-in."""
    return Presence.objects.filter(registration__duplicate=dup, confirmed=True).exists()


def present_ids(dup: DuplicateEvent) -> set[int] | None:
    """The registrations confirmed present; ``None`` while no check-in is confirmed (every
    registered player then counts as present)."""
    if not confirmed(dup):
        return None
    return set(
        Presence.objects.filter(
            registration__duplicate=dup, confirmed=True, present=True
        ).values_list("registration_id", flat=True)
    )


def absent_ids(dup: DuplicateEvent) -> set[int]:
    """The registrations the confirmed check-in found absent (none before it is confirmed)."""
    return set(
        Presence.objects.filter(
            registration__duplicate=dup, confirmed=True, present=False
        ).values_list("registration_id", flat=True)
    )


def no_shows(dup: DuplicateEvent) -> set[int]:
    """The players found absent who never came: not marked late for any game and with no
    ballot entered. They are left out of the standings and the results."""
    absent = absent_ids(dup)
    if not absent:
        return set()
    came = set(
        Lateness.objects.filter(registration_id__in=absent).values_list(
            "registration_id", flat=True
        )
    ) | set(
        BallotEntry.objects.filter(registration_id__in=absent).values_list(
            "registration_id", flat=True
        )
    )
    return absent - came


def in_standings(dup: DuplicateEvent, registrations: list[Registration]) -> list[Registration]:
    """``registrations`` without the no-shows (:func:`no_shows`)."""
    gone = no_shows(dup)
    return [r for r in registrations if r.pk not in gone]
