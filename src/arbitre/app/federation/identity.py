"""An event's identity and results file as the federation ranking takes them (issue 33).

Whichever way an event run in Arbitre reaches the federation's season (its director closes
it for the ranking, its club uploads it, the officer imports its export), it carries the
same identity: this installation's id and the event's number (the club's upload id too).
The season counts an event once (:func:`arbitre.ranking.events.same_event`)."""

from __future__ import annotations

import secrets
from typing import Any

from arbitre.app.federation.models import Link


def link() -> Link:
    """The club's link (created empty on first use, with this installation's id)."""
    found = Link.objects.first()
    if found is None:
        found = Link.objects.create(installation=secrets.token_hex(8))
    return found


def event_uid(event: Any) -> str:
    """Arbitre's identity of ``event`` (an ``events.Event``): installation and number."""
    return f"{link().installation}-{event.pk}"


def ranking_results(dup: Any, type_code: str | None = None) -> str:
    """The Duplicate event's results as Arbitre's own export, with what the ranking needs:
    its event type (``type_code``, else the one its director chose), date, overseas mark
    (seed 002, A.5) and identity."""
    from arbitre.app.duplicate import services as duplicate_services
    from arbitre.duplicate.results_csv import RankingInfo, results_csv

    info = RankingInfo(
        event_type=dup.ranking_type if type_code is None else type_code,
        date=dup.event.date,
        overseas=dup.overseas,
        event_id=event_uid(dup.event),
    )
    return results_csv(duplicate_services.build_event(dup), ranking=info)
