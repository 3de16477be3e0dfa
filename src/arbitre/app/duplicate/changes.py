"""The version of what the public pages of a Duplicate event show (issue 37): a counter and
the time of its last change on the event's own row, changed in the same transaction as every
write that changes those pages, so that reading it is one row read by its key, whatever the
size of the event (1,500 players, 25 moves, 7 games: 260,000 ballots that the version used to
count at every poll miss).

Two ways keep it moving, and both are needed:

- every write service of the event (a ballot entered or corrected, a draw, a move, an
  annulment, a late arrival, a withdrawal, the check-in, the tables, the settings...) calls
  :func:`touch` first, before any other write or row lock: on PostgreSQL the event's row is
  then always the first row a write transaction of the event locks, so that two of them never
  wait for each other in opposite orders; writes that bypass the model's signals
  (``QuerySet.update``, ``bulk_update``) are covered by it too;
- :func:`connect` has every saved (and, but for ballots, deleted) row of the models the
  public pages read change the version of its event, whoever writes it (a command, a script,
  a future service that forgot). A ballot deleted outside the services (none does it: the
  undo and the annulment call :func:`touch`) must call :func:`touch`: a signal on the
  ballots' deletion would make the deletion of a whole event load each of its ballots.

The time of the last change makes a version unique across histories (a database restored from
a backup counts again from the backup's number: with the time, it is another version).
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.http import Http404
from django.utils import timezone

from arbitre.app.duplicate.models import (
    AcceptedWord,
    AnnulledBallot,
    BallotEntry,
    DuplicateEvent,
    Game,
    KeptAboveTop,
    Lateness,
    PairPartner,
    Presence,
    Registration,
    TableRange,
    Withdrawal,
)
from arbitre.app.events import live
from arbitre.app.events.models import Event

T = TypeVar("T")


def _bump(**where: Any) -> None:
    DuplicateEvent.objects.filter(**where).update(
        public_version=F("public_version") + 1, public_changed_at=timezone.now()
    )


def touch(dup: DuplicateEvent | int) -> None:
    """What the public pages of ``dup`` (an event or its id) show changes: its version moves
    on when the current transaction commits (and not if it is rolled back)."""
    _bump(pk=dup if isinstance(dup, int) else dup.pk)


def touch_game(game_id: int) -> None:
    """:func:`touch` for the event of the game ``game_id``."""
    _bump(games=game_id)


def touch_event(event_id: int) -> None:
    """:func:`touch` for the Duplicate event of the event ``event_id`` (its row by a unique
    key, without reading it first)."""
    _bump(event_id=event_id)


def version(event_id: int) -> str | None:
    """The version of the Duplicate event of the event ``event_id`` (``None``: no such
    event): one row read by a unique key."""
    row = (
        DuplicateEvent.objects.filter(event_id=event_id)
        .values_list("public_version", "public_changed_at")
        .first()
    )
    if row is None:
        return None
    count, at = row
    return f"{count}" if at is None else f"{count}.{at.timestamp():.6f}"


def recent_version(event_id: int) -> str:
    """:func:`version`, read from the database at most once a second
    (:func:`live.recent_version`) for all the pages of the event; 404 for no such event."""
    return live.recent_version(("duplicate", event_id), lambda: _found_version(event_id))


def _found_version(event_id: int) -> str:
    found = version(event_id)
    if found is None:
        raise Http404
    return found


# -- every write of the models the public pages read --------------------------------------------


def _of_event(sender: Any, instance: DuplicateEvent, **kwargs: Any) -> None:
    touch(instance.pk)


def _of_duplicate(sender: Any, instance: Any, **kwargs: Any) -> None:
    touch(instance.duplicate_id)


TOUCHED = "_public_version_touched"
"""Set by :func:`touched` on a row about to be saved by a service that called :func:`touch`
already in the same transaction."""


def touched(instance: T) -> T:
    """``instance``, to be saved by a service that has just called :func:`touch` for its
    event in the same transaction: its signal does not move the version on a second time
    (one UPDATE of the event's row less per ballot entered, ten a second at a festival)."""
    setattr(instance, TOUCHED, True)
    return instance


def _of_game(sender: Any, instance: Any, **kwargs: Any) -> None:
    if not getattr(instance, TOUCHED, False):
        touch_game(instance.game_id)


def _of_registration(sender: Any, instance: Any, **kwargs: Any) -> None:
    _bump(players=instance.registration_id)


def _of_event_row(sender: Any, instance: Event, **kwargs: Any) -> None:
    touch_event(instance.pk)  # its name and date head the public pages


_RECEIVERS: list[tuple[Any, Any, bool]] = [
    # (model, receiver, also on deletion)
    (DuplicateEvent, _of_event, False),
    (Registration, _of_duplicate, True),
    (PairPartner, _of_duplicate, True),
    (Game, _of_duplicate, True),
    (AcceptedWord, _of_duplicate, True),
    (TableRange, _of_duplicate, True),
    (BallotEntry, _of_game, False),
    (AnnulledBallot, _of_game, True),
    (Lateness, _of_game, True),
    (KeptAboveTop, _of_game, True),
    (Withdrawal, _of_registration, True),
    (Presence, _of_registration, True),
    (Event, _of_event_row, False),
]


def connect() -> None:
    for model, receiver, deleted in _RECEIVERS:
        uid = f"duplicate-public-version-{model._meta.label_lower}"
        post_save.connect(receiver, sender=model, dispatch_uid=uid)
        if deleted:
            post_delete.connect(receiver, sender=model, dispatch_uid=f"{uid}-deleted")
