"""The items of the director's live overview (issue 35, item 4; gathered by
:mod:`arbitre.app.events.needs`).

An item (:class:`Need`) has a stable ``key``: the same situation keeps its key from one poll
to the next, whatever its text says of the time, so that the page tells what is new by the
keys it had not seen. Its ``level`` says how it is announced (:data:`ALERT`: the page's
visual alert and, when turned on, its sound; :data:`WATCH`: shown and marked new, no sound).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from arbitre.app.events.incident_models import Incident
from arbitre.app.events.models import Event

ALERT = "alert"
WATCH = "watch"

KINDS = {
    "call": gettext_lazy("Appel à l'arbitre"),
    "challenge": gettext_lazy("Contestation"),
    "late": gettext_lazy("Retard ou absence"),
    "clock": gettext_lazy("Temps écoulé"),
    "result": gettext_lazy("Résultat manquant"),
    "unsigned": gettext_lazy("Feuille à signer"),
    "pause": gettext_lazy("Pause dépassée"),
    "paused": gettext_lazy("Pendule neutralisée"),
    "ballots": gettext_lazy("Bulletins manquants"),
    "above_top": gettext_lazy("Top dépassé"),
    "appeal": gettext_lazy("Appel d'une sanction"),
    "checkin": gettext_lazy("Pointage"),
    "setup": gettext_lazy("Placement"),
}
"""What each kind of item is called on the page."""

ORDER = tuple(KINDS)
"""The kinds in the order the list shows them (the most pressing first)."""


@dataclass(frozen=True)
class Need:
    """One thing that needs the director: what (``kind``), where (a table, a move), the
    details worded in the page's language, the page where the director acts, and the name
    of the player whose clock runs at that table (empty when none runs)."""

    key: str
    kind: str
    level: str
    where: str
    text: str
    url: str
    running: str = ""


@dataclass(frozen=True)
class Side:
    """One side of a clock: the player (or the move being played), the seconds left, and
    whether this side's time runs."""

    name: str
    left: float | None
    running: bool


@dataclass(frozen=True)
class Spot:
    """Where a clock is: its id in the items' keys, its short label (a table's number, a
    final-stage match), the players named, the page of its clock."""

    id: str
    label: str
    where: str
    url: str


@dataclass(frozen=True)
class ClockLine:
    """A clock of the round that runs (or is stopped in play): where, its sides, its page."""

    key: str
    where: str
    sides: list[Side]
    url: str
    stopped: bool = False


@dataclass
class Overview:
    """The round's list: its items, its clocks, the rounds to choose from, a summary line."""

    event: Event
    round: int | None
    round_label: str
    rounds: list[tuple[int, str]]
    needs: list[Need] = field(default_factory=list)
    clocks: list[ClockLine] = field(default_factory=list)
    summary: str = ""


def table_label(number: int) -> str:
    return gettext("Table %(table)s") % {"table": number}


def appeals_waiting(event: Event) -> list[Need]:
    """Each appeal of the register waiting for its decision (seed 003, 1.2; the register is
    every game's), on the register's page."""
    url = reverse("events:incidents", args=[event.pk])
    out = []
    for i in Incident.objects.filter(event=event, appeal=Incident.Appeal.PENDING):
        where = table_label(i.table) if i.table else (i.match or "")
        text = gettext("Appel de %(player)s contre « %(sanction)s » : décision à prendre.") % {
            "player": i.player or "—",
            "sanction": i.get_sanction_display() or i.get_kind_display(),
        }
        out.append(Need(f"appeal:{i.pk}", "appeal", ALERT, where, text, url))
    return out
