"""An arbiter given players of a Duplicate event becomes an arbiter of that event
(:mod:`arbitre.app.events.roles`), however the players were given to them."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save, pre_save

from arbitre.app.duplicate.models import Registration
from arbitre.app.events.roles import ARBITER, ensure_role


def _arbiter_of_the_event(sender: Any, instance: Registration, **kwargs: Any) -> None:
    if instance.arbiter_id is not None:
        ensure_role(instance.duplicate.event_id, instance.arbiter, ARBITER)


def connect() -> None:
    from arbitre.app.duplicate import changes
    from arbitre.app.duplicate.tableranges import before_save

    changes.connect()  # every write of what the public pages read moves their version on

    # a player saved at a table of an arbiter's range is that arbiter's (issue 35)
    pre_save.connect(before_save, sender=Registration, dispatch_uid="duplicate-table-range")
    post_save.connect(_arbiter_of_the_event, sender=Registration, dispatch_uid="duplicate-arbiter")
