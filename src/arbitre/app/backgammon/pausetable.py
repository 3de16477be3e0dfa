"""Pauses of a match played without a clock, taken at the table's tablet (seed 003, 1.11;
the rule is the engine's :mod:`arbitre.backgammon.championship.pauses`). A player takes a
pause at the end of a game with the score (``break_start``: between two games; at double
match point the extra 5 minutes may be asked), and ends it (``break_end``); both are events
of the table log, stamped by the server. The page shows the time left of a pause running
and, once a pause overran, the report the director reads to decide a penalty (recorded in
the register, :mod:`arbitre.app.events.incidents`).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext

from arbitre.app.rounds.services import ServiceError
from arbitre.backgammon.championship.pauses import (
    Pause,
    end_pause,
    overrun_report,
    pauses_allowed,
    take_pause,
)
from arbitre.i18n import word

BREAK_START, BREAK_END = "break_start", "break_end"
"""The log's events of a pause taken and ended (1.11)."""
KINDS = frozenset((BREAK_START, BREAK_END))


def _player(raw: dict[str, Any]) -> int:
    player = raw.get("player")
    if isinstance(player, bool) or player not in (0, 1):
        raise ServiceError(gettext("Action illisible."))
    return int(player)


def applied(
    pauses: tuple[Pause, ...], length: int, clocked: bool, raw: dict[str, Any]
) -> tuple[Pause, ...]:
    """The pauses once ``raw`` (a pause taken or ended) is applied; refused as 1.11 says."""
    player, at = _player(raw), float(raw["at"])
    if raw.get("kind") == BREAK_END:
        return end_pause(pauses, player, at)
    score, dmp = raw.get("score"), raw.get("dmp", False)
    if (
        not isinstance(score, list)
        or len(score) != 2
        or any(isinstance(x, bool) or not isinstance(x, int) for x in score)
        or not isinstance(dmp, bool)
    ):
        raise ServiceError(gettext("Action illisible."))
    new = Pause(player, at, (score[0], score[1]), dmp)
    return (*pauses, take_pause(length, pauses, new, clocked=clocked))


def described(
    pauses: tuple[Pause, ...], length: int, names: tuple[str, str], at: float
) -> dict[str, Any]:
    """What the tablet shows: the pause running (player, seconds left), the 10-minute
    pauses left to each player, and the overruns reported to the director."""
    running = next((p for p in pauses if p.end is None), None)
    allowed = pauses_allowed(length)
    reports = [overrun_report(p, at, names[p.player]) for p in pauses]
    return {
        "running": None
        if running is None
        else {"player": running.player, "left": running.start + running.allowance - at},
        "left": [allowed - sum(1 for p in pauses if p.player == i and not p.dmp) for i in (0, 1)],
        "overruns": [word(m, get_language()) for m in reports if m is not None],
    }
