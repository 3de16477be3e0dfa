"""The arbiters' table ranges of a Duplicate event (issue 35): an arbiter is given the
tables ``low`` to ``high``, and the range is what is stored, not the players seated there at
that moment. Whoever sits at a covered table is that arbiter's: a player added later, or a
numbering done after the assignment (:mod:`.places`), follows the ranges.

``Registration.arbiter`` stays the field every page reads (the entry page, the progress,
the rights of the entry API); it is derived from the ranges: :func:`sync` after a change of
ranges or a numbering, and :func:`before_save` for every player saved. An event with no
range keeps the arbiters given before ranges existed.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate import changes
from arbitre.app.duplicate.models import DuplicateEvent, Registration, TableRange
from arbitre.app.duplicate.services import TABLES_GIVEN, TABLES_TARGET, ServiceError, User, audit
from arbitre.app.events.accounts import arbiter_account
from arbitre.app.events.roles import ARBITER, ensure_role

TABLES_TAKEN_BACK = gettext_noop("Tables retirées")


def arbiter_for(ranges: list[TableRange], table: int | None) -> Any:
    """The arbiter (user id) whose range covers ``table``; ``None`` when none does."""
    for r in ranges:
        if r.covers(table):
            return r.arbiter_id
    return None


def sync(dup: DuplicateEvent, force: bool = False) -> int:
    """Give every player of ``dup`` the arbiter of their table's range (none outside every
    range). Nothing changes in an event without ranges unless ``force`` (its last range just
    removed). Returns the number of players whose arbiter changed. (Called by the services
    of the tables, which change the event's version first.)"""
    ranges = list(dup.table_ranges.all())
    if not ranges and not force:
        return 0
    changed = []
    for p in dup.players.all():
        arbiter = arbiter_for(ranges, p.table)
        if p.arbiter_id != arbiter:
            p.arbiter_id = arbiter
            changed.append(p)
    Registration.objects.bulk_update(changed, ["arbiter"])
    return len(changed)


def before_save(sender: Any, instance: Registration, **kwargs: Any) -> None:
    """A player saved (added, moved to another table) gets the arbiter of their table's
    range, in an event that has ranges."""
    ranges = list(TableRange.objects.filter(duplicate_id=instance.duplicate_id))
    if ranges:
        instance.arbiter_id = arbiter_for(ranges, instance.table)


def covered(dup: DuplicateEvent, low: int, high: int) -> int:
    """How many players sit at the tables ``low`` to ``high``."""
    return dup.players.filter(table__gte=low, table__lte=high).count()


@transaction.atomic
def assign(
    dup: DuplicateEvent, username: str, password: str, tables: tuple[int, int], user: User
) -> int:
    """Give the tables ``low..high`` to the arbiter ``username`` (the account is created when
    new). Refused when another arbiter's range covers one of them; a range of the same
    arbiter that touches or overlaps this one is merged into it. Returns the number of
    players now at the range's tables."""
    changes.touch(dup)
    low, high = tables
    if low < 1 or high < low:
        raise ServiceError(gettext("Tables invalides : de 1 à N, la première avant la dernière."))
    dup = DuplicateEvent.objects.select_for_update().get(pk=dup.pk)
    arbiter, _ = arbiter_account(username, password)
    ensure_role(dup.event_id, arbiter, ARBITER)
    for r in dup.table_ranges.select_related("arbiter"):
        if r.arbiter_id == arbiter.pk:
            continue
        if r.low <= high and low <= r.high:
            raise ServiceError(
                gettext(
                    "Les tables %(low)s à %(high)s sont déjà à %(username)s : retirez-lui "
                    "d'abord ces tables."
                )
                % {"low": r.low, "high": r.high, "username": r.arbiter.get_username()}
            )
    mine = [
        r
        for r in dup.table_ranges.filter(arbiter=arbiter)
        if r.low <= high + 1 and low <= r.high + 1
    ]
    for r in mine:
        low, high = min(low, r.low), max(high, r.high)
        r.delete()
    TableRange.objects.create(duplicate=dup, arbiter=arbiter, low=low, high=high)
    sync(dup)
    count = covered(dup, low, high)
    target = TABLES_TARGET % {"username": username, "low": low, "high": high}
    audit(dup, user, TABLES_GIVEN, target, None, {"joueurs": count})
    return count


@transaction.atomic
def remove(dup: DuplicateEvent, range_id: int, user: User) -> TableRange:
    """Take a range back from its arbiter: its players have no arbiter until another range
    covers them."""
    changes.touch(dup)
    r = dup.table_ranges.select_related("arbiter").filter(pk=range_id).first()
    if r is None:
        raise ServiceError(gettext("Ces tables ne sont plus attribuées."))
    target = TABLES_TARGET % {"username": r.arbiter.get_username(), "low": r.low, "high": r.high}
    r.delete()
    sync(dup, force=True)
    audit(dup, user, TABLES_TAKEN_BACK, target)
    return r


def ranges_shown(dup: DuplicateEvent) -> list[dict[str, Any]]:
    """The ranges with their arbiter's name and the number of players seated there."""
    players = [p.table for p in dup.players.all() if p.table is not None]
    return [
        {
            "range": r,
            "username": r.arbiter.get_username(),
            "players": sum(1 for t in players if r.low <= t <= r.high),
        }
        for r in dup.table_ranges.select_related("arbiter")
    ]
