"""A simultané's results leave as soon as a game ends at the centre: when a game of an
opened simultané's event is saved ended, or a ballot of an ended game is entered or
corrected, the centre's results are queued again (once the transaction commits); the
outbox's background sender (``arbitre serve``) delivers them when the network answers."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from arbitre.app.duplicate.models import BallotEntry, Game
from arbitre.app.federation import outbox
from arbitre.app.simultane.models import Received

log = logging.getLogger("arbitre.federation")


def _queue(received_id: int) -> None:
    from arbitre.app.simultane import centre, sending

    try:
        sending.enqueue(None, Received.objects.get(pk=received_id))
    except centre.CentreRefused as exc:  # not linked any more: the director sends by hand
        log.info("simultané results not queued: %s", exc)


def _later(received_id: int | None) -> None:
    if received_id is not None and outbox.configured():
        transaction.on_commit(lambda: _queue(received_id))


def _opened(**where: Any) -> int | None:
    """The opened simultané whose event ``where`` names, if any."""
    found = Received.objects.filter(**where).exclude(code="")
    first: int | None = found.values_list("pk", flat=True).first()
    return first


def game_saved(sender: Any, instance: Game, **kwargs: Any) -> None:
    if (instance.record or {}).get("end"):  # no query for a game in play
        _later(_opened(event__duplicate__pk=instance.duplicate_id))


def ballot_saved(sender: Any, instance: BallotEntry, **kwargs: Any) -> None:
    # the game the ballot was saved with (read by the entry, no query) first: a ballot of a
    # game in play (every ballot of a festival's hall) costs no query here
    if (instance.game.record or {}).get("end"):
        _later(_opened(event__duplicate__games=instance.game_id))
