"""The match clock at a backgammon table (issue 19, part 1; seed 003 clock rules) on the
shared table log (:mod:`arbitre.app.rounds.tablelog`): every press is stored on the
server as a :class:`~arbitre.backgammon.clock.ClockEvent` and the clock is the engine's
:func:`~arbitre.backgammon.clock.replay` of them, so a reload or a dropped network loses
nothing. A time penalty of the register (3.9, 2.3, 3.15) is added to the table's log, and
taken back as a compensation when the committee annuls it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from arbitre.app.backgammon import services
from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import Table, TableLog, Tournament
from arbitre.app.rounds.services import ServiceError
from arbitre.backgammon.clock import (
    CLOCK_ACTIONS,
    ClockEvent,
    ClockSettings,
    format_seconds,
    replay,
)

KIND = "backgammon"


@dataclass
class ClockLog:
    """The clock's settings and the events stored so far."""

    length: int
    settings: ClockSettings
    events: list[ClockEvent] = field(default_factory=list)
    last_at: float = 0.0


def setup_of(t: Tournament, tb: Table) -> dict[str, Any]:
    s = services.clock_settings(t)
    return {
        "names": [tb.a, tb.b],
        "length": t.match_length,
        "per_point": s.per_point,
        "break_allowances": [list(x) for x in s.break_allowances],
        "increment": s.increment,
    }


def _event(raw: dict[str, Any]) -> ClockEvent:
    action = raw.get("kind")
    player = raw.get("player")
    seconds = raw.get("seconds", 0)
    if (
        action not in CLOCK_ACTIONS
        or (player is not None and (isinstance(player, bool) or not isinstance(player, int)))
        or isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
    ):
        raise ServiceError(gettext("Action illisible."))
    return ClockEvent(float(raw["at"]), str(action), player, float(seconds))


class ClockAdapter:
    """The backgammon clock engine behind a table log."""

    def replay(self, log: TableLog) -> ClockLog:
        s = log.setup
        state = ClockLog(
            int(s["length"]),
            ClockSettings(
                per_point=float(s["per_point"]),
                break_allowances=tuple((int(a), float(b)) for a, b in s["break_allowances"]),
                increment=float(s["increment"]),
            ),
        )
        for raw in log.events:
            self.apply(state, raw)
        return state

    def apply(self, state: ClockLog, event: dict[str, Any]) -> None:
        ev = _event(event)
        replay(state.length, [*state.events, ev], ev.at, state.settings)  # refuses
        state.events.append(ev)
        state.last_at = ev.at

    def describe(self, log: TableLog, state: ClockLog, at: float) -> dict[str, Any]:
        clock = replay(state.length, state.events, at, state.settings)
        remaining = [clock.remaining(0), clock.remaining(1)]
        return {
            "names": log.setup["names"],
            "remaining": remaining,
            "text": [format_seconds(r) for r in remaining],
            "running": clock.running,
            "paused": clock.paused,
            "flagged": clock.flagged,
            "moves": list(clock.moves),
            "started": bool(state.events),
        }

    def stored(self, log: TableLog, state: ClockLog, event: dict[str, Any]) -> None:
        return None


tablelog.register(KIND, ClockAdapter())


def log_of(t: Tournament, tb: Table) -> TableLog:
    """The table's clock log, made on first use."""
    existing = TableLog.objects.filter(table=tb).first()
    if existing is not None:
        return existing
    if tb.is_bye:
        raise ServiceError(gettext("Une table d'exempt n'a pas de pendule."))
    return tablelog.create_log(KIND, setup_of(t, tb), table=tb, title=str(t.event))


def add_penalty(tb: Table, side: int, seconds: int, client_id: str, *, back: bool = False) -> bool:
    """A time penalty of the register on the table's running clock (or its compensation
    when annulled); False when the table keeps no clock log."""
    log = TableLog.objects.filter(table=tb, kind=KIND).first()
    if log is None:
        return False
    action = "compensate" if back else "penalize"
    tablelog.append(log.pk, {"kind": action, "player": side, "seconds": seconds}, client_id)
    return True
