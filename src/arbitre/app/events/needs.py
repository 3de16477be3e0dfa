"""What needs the director now: one list per round, for every game (issue 35, item 4).

Each game reads its own state through small read-only functions
(:mod:`arbitre.app.events.needs_tables` for Classic Scrabble and backgammon,
:mod:`arbitre.app.events.needs_duplicate` for Duplicate); this module adds what every game
shares (the appeals of the register waiting for their decision,
:func:`~arbitre.app.events.needs_model.appeals_waiting`), orders the list and gives it to the
page as JSON. Nothing here writes: the overview is read on every poll of the director's
page, and each item names the page where the director acts.

An item has a stable ``key`` (the same situation keeps its key from one poll to the next,
whatever its text says of the time): the page tells what is new by the keys it had not seen.
Its ``level`` says how it is announced: ``ALERT`` items (a call, a challenge, a clock at
zero...) make the page's visual alert and, when the director turned it on, its sound;
``WATCH`` items (a sheet waiting for its signatures, the ballots of the move being entered)
are shown and marked new without a sound, since they come at every game's end and every
move.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from arbitre.app.events import needs_duplicate, needs_tables
from arbitre.app.events.models import Event
from arbitre.app.events.needs_model import ALERT, KINDS, ORDER, Overview, appeals_waiting


def overview(event: Event, number: int | None = None) -> Overview:
    """What needs the director in round (or Duplicate game) ``number`` of ``event`` (the
    current one when ``None``), and every appeal of the event waiting for its decision.
    Raises ``LookupError`` for a round the event does not have."""
    if event.kind == Event.Kind.DUPLICATE:
        found = needs_duplicate.overview(event, number)
    else:
        found = needs_tables.overview(event, number)
    found.needs.extend(appeals_waiting(event))
    found.needs.sort(key=lambda n: (n.level != ALERT, ORDER.index(n.kind)))
    return found


def payload(found: Overview) -> dict[str, Any]:
    """The overview as the page's script reads it (JSON-ready, every text worded)."""
    return {
        "round": found.round,
        "round_label": found.round_label,
        "summary": found.summary,
        "needs": [{**asdict(n), "label": str(KINDS[n.kind])} for n in found.needs],
        "clocks": [asdict(c) for c in found.clocks],
    }
