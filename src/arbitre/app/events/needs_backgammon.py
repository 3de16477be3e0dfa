"""What needs the director at a backgammon clock (issue 35, item 4; seed 003), read from
the table's log as the tablet stored it: a flag down (clock rules 4.1), a clock neutralised
(3.14: a dispute calls the director), a clock run since the start with no move made (1.3: an
absent player), a result not confirmed within the five minutes (4.6) or confirmed by one
player only, a pause overrun (1.11). The same for a round's table and for a match of the
final stage (its clock's log has no table, :mod:`arbitre.app.backgammon.bracketclock`).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from arbitre.app.backgammon import bracketclock
from arbitre.app.events.needs_model import ALERT, WATCH, ClockLine, Need, Side, Spot
from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import KnockoutResult, TableLog, Tournament
from arbitre.app.rounds.services import ServiceError
from arbitre.backgammon.clock import format_seconds

LATE_NOTICE = 180.0
"""Seconds a backgammon clock may run from its start with no move made before the player
whose time runs is reported absent (clock rules 1.3: the present player starts the clock
and warns the director)."""


def final_stage(t: Tournament) -> tuple[list[Need], list[ClockLine]]:
    """The clocks of the final stage's matches not decided yet (bracket and consolation)."""
    decided = set(
        KnockoutResult.objects.filter(tournament=t)
        .exclude(winner="")
        .values_list("match_id", flat=True)
    )
    needs: list[Need] = []
    clocks: list[ClockLine] = []
    for mid, log in sorted(bracketclock.logs(t).items()):
        if mid in decided:
            continue
        names = log.setup.get("names", ["", ""])
        url = reverse("backgammon:match_clock", args=[t.event_id, mid])
        spot = Spot(f"m{mid}", mid, f"{mid} · {names[0]} — {names[1]}", url)
        try:
            state = tablelog.state(log)
        except ServiceError as exc:
            needs.append(Need(f"broken:{spot.id}", "call", ALERT, spot.where, str(exc), url))
            continue
        found, clock = read(spot, log, state, entered=False)
        needs.extend(found)
        if clock is not None:
            clocks.append(clock)
    return needs, clocks


def _first_at(log: TableLog, kind: str, last: bool = False) -> float | None:
    times = [float(e["at"]) for e in log.events if e.get("kind") == kind]
    if not times:
        return None
    return times[-1] if last else times[0]


def read(
    spot: Spot, log: TableLog, st: dict[str, Any], *, entered: bool
) -> tuple[list[Need], ClockLine | None]:
    """The items and the clock line of one backgammon clock (none once its result is in)."""
    if entered:
        return [], None
    names = [str(n) for n in st["names"]]
    url, where = spot.url, spot.where
    side = st["running"]
    running = names[side] if side in (0, 1) else ""
    now = float(st["at"])
    out: list[Need] = []

    def need(kind: str, level: str, text: str, key: str = "") -> None:
        out.append(Need(f"{kind}:{spot.id}{key}", kind, level, where, text, url, running))

    if st["flagged"] is not None:
        need(
            "clock",
            ALERT,
            gettext("Temps écoulé : %(name)s (pendule, art. 4.1).")
            % {"name": names[st["flagged"]]},
        )
    elif st["paused"]:
        since = _first_at(log, "pause", last=True)
        need(
            "paused",
            WATCH,
            gettext("Pendule neutralisée depuis %(time)s : litige ? (art. 3.14)")
            % {"time": format_seconds(now - (since if since is not None else now))},
        )
    started = _first_at(log, "start")
    if (
        side is not None
        and started is not None
        and sum(st["moves"]) == 0
        and now - started >= LATE_NOTICE
    ):
        need(
            "late",
            ALERT,
            gettext(
                "Aucun coup joué depuis le lancement de la pendule il y a %(time)s : "
                "%(name)s absent ? (art. 1.3)"
            )
            % {"time": format_seconds(now - started), "name": names[side]},
        )
    signing = st["signing"]
    if signing["status"] == "late":
        need(
            "result",
            ALERT,
            gettext(
                "Résultat non confirmé par les deux joueurs dans les 5 minutes (art. 4.6) : "
                "au directeur de le saisir."
            ),
        )
    elif signing["status"] == "waiting":
        waiting = [names[p] for p in (0, 1) if signing["confirmed"][p] is None]
        need(
            "unsigned",
            WATCH,
            gettext("Résultat à confirmer par %(names)s (art. 4.6).")
            % {"names": ", ".join(waiting)},
        )
    for i, text in enumerate(st["pauses"]["overruns"]):
        need("pause", ALERT, str(text), f":{i}")
    line = None
    if st["started"] and st["flagged"] is None:
        line = ClockLine(
            f"clock:{spot.id}",
            spot.label,
            [Side(names[p], st["remaining"][p], p == side) for p in (0, 1)],
            url,
            stopped=side is None,
        )
    return out, line
