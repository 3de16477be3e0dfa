"""Services of a backgammon championship (seed 003): the engine's championship from the
stored rows, and the settings it reads. Pairing, results and standings are the engine's
(:mod:`arbitre.backgammon.championship`); this module converts rows to its values.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.events.incident_models import Incident
from arbitre.app.rounds.games import User
from arbitre.app.rounds.models import Table, Tournament
from arbitre.app.rounds.services import ServiceError, audit, bump, locked, players_in_play
from arbitre.backgammon import championship as bg
from arbitre.backgammon.championship.lateness import LatenessSettings
from arbitre.backgammon.championship.records import cross_check
from arbitre.backgammon.clock import ClockSettings, format_seconds
from arbitre.backgammon.match import Match
from arbitre.common.messages import Message

MATCH_DAY_SETTINGS = (
    "clocked",
    "clock_per_point",
    "clock_increment",
    "break_minutes",
    "break_minutes_long",
    "late_grace",
    "late_period",
    "late_points",
    "excused_grace",
    "excused_points",
    "bye_points",
    "forfeit_points",
)
"""The match-day settings a director may change (seed 003; rulings Backgammon 2, 6, 7)."""


def clock_settings(t: Tournament) -> ClockSettings:
    """Clock rules 2.1 as set for the event: minutes per point, break allowance (up to 9
    points, above), increment per move."""
    return ClockSettings(
        per_point=t.clock_per_point * 60,
        break_allowances=((9, t.break_minutes * 60), (11, t.break_minutes_long * 60)),
        increment=float(t.clock_increment),
    )


def lateness(t: Tournament) -> tuple[LatenessSettings, LatenessSettings]:
    """The point penalties of 1.10 (no clock) and of 1.8 (after the force-majeure hour)."""
    return (
        LatenessSettings(t.late_grace, t.late_period, t.late_points),
        LatenessSettings(t.excused_grace, t.late_period, t.excused_points),
    )


@transaction.atomic
def update_settings(t: Tournament, data: dict[str, Any], user: User) -> list[str]:
    """Change the match-day settings; the changes go to the audit log (before, after).
    Returns the names of the settings changed."""
    t = locked(t)
    before = {k: getattr(t, k) for k in MATCH_DAY_SETTINGS}
    after = {k: data[k] for k in MATCH_DAY_SETTINGS}
    changed = [k for k in MATCH_DAY_SETTINGS if before[k] != after[k]]
    if not changed:
        return []
    for k in changed:
        setattr(t, k, after[k])
    t.save(update_fields=changed)
    audit(
        t,
        user,
        gettext_noop("Réglages du championnat"),
        t.event.name,
        {k: before[k] for k in changed},
        {k: after[k] for k in changed},
    )
    bump(t)
    return changed


def parse_sets(text: str, what: str) -> tuple[int, ...]:
    """``"9,9,11"`` -> (9, 9, 11): set lengths of a knock-out stage (rulings Backgammon 5)."""
    try:
        values = tuple(int(x) for x in text.replace(" ", "").split(",") if x)
    except ValueError:
        raise ServiceError(
            gettext("%(what)s : « %(text)s » n'est pas une liste de nombres (ex. 9,9,11).")
            % {"what": what, "text": text}
        ) from None
    if not values or any(v < 1 for v in values) or len(values) % 2 == 0:
        raise ServiceError(
            gettext("%(what)s : il faut un nombre impair de sets de 1 point ou plus.")
            % {"what": what}
        )
    return values


def result_of(tb: Table, number: int, length: int) -> bg.MatchResult:
    """The engine's result of an entered table (or of a bye)."""
    if tb.is_bye:
        return bg.MatchResult(number, tb.a, None, None, bg.ResultKind.BYE)
    scored = tb.score_a is not None and tb.score_b is not None
    if tb.forfeit:
        winner = {"a": tb.b, "b": tb.a, "both": None}[tb.forfeit]
        return bg.MatchResult(
            number,
            tb.a,
            tb.b,
            winner,
            bg.ResultKind.FORFEIT,
            length if scored else None,
            tb.score_a,
            tb.score_b,
            decided=tb.ended,
        )
    kind = bg.ResultKind.FORFEIT if tb.ended == "both_time" else bg.ResultKind.PLAYED
    return bg.MatchResult(
        number,
        tb.a,
        tb.b,
        tb.winner or None,
        kind,
        length if scored else None,
        tb.score_a,
        tb.score_b,
        decided=tb.ended,
    )


def championship(t: Tournament, include_partial: bool = True) -> bg.Championship:
    """The engine's championship from the rows: players, late arrivals, withdrawals, results,
    play-offs."""
    entrants = players_in_play(t)
    champ = bg.Championship(
        [bg.Player(e.name, e.rating, e.club, e.licence) for e in entrants],
        settings=bg.SwissSettings(
            rounds=t.rounds or 7,
            match_length=t.match_length,
            bye_points=t.bye_points,
            forfeit_points=t.forfeit_points,
        ),
    )
    for e in entrants:
        if e.first_round > 1:
            champ.arrive_late(e.name, e.first_round)
        if e.withdrawn_after is not None:
            champ.withdraw(e.name, e.withdrawn_after)
    names = {e.name for e in entrants}
    for name, after in excluded(t):
        if name in names:
            champ.exclude(name, after)
    for rnd in t.round_set.prefetch_related("tables"):
        tables = list(rnd.tables.all())
        if not include_partial and not all(tb.entered for tb in tables):
            break
        for tb in tables:
            if tb.entered:
                champ.record(result_of(tb, rnd.number, t.match_length))
    for p in t.playoffs.all().order_by("pk"):
        champ.record_playoff(p.winner, p.loser)
    return champ


def excluded(t: Tournament) -> list[tuple[str, int]]:
    """The players disqualified (seed 003, 2.4) or excluded (1.13) by a sanction of the
    register still in force, and the round after which they play no more; a sanction of
    the final stage leaves the bracket as it was built."""
    last = t.round_set.count()
    return [
        (i.player, i.round or last)
        for i in Incident.objects.filter(
            event_id=t.event_id, sanction__in=("disqualification", "exclusion")
        ).exclude(appeal=Incident.Appeal.ANNULLED)
        if not i.applied.get("final_stage") and not i.match
    ]


def standings(t: Tournament) -> list[bg.Standing]:
    return bg.standings(championship(t))


def clock_budget(t: Tournament, length: int) -> str:
    """Time per player (seed 003 clock rules 2.1; rulings Backgammon 6), by the clock engine."""
    settings = clock_settings(t)
    return gettext("%(budget)s + %(increment)s s par coup") % {
        "budget": format_seconds(settings.budget(length)),
        "increment": t.clock_increment,
    }


def record_problems(t: Tournament, tb: Table, record: Match) -> list[Message]:
    """Where a table's match record disagrees with the result entered (none while no
    result is entered, or for a forfeit or a bye): the engine's ``cross_check``. The
    record's first player is the table's first player unless its names say otherwise."""
    tb.refresh_from_db()
    if not tb.entered or tb.is_bye or tb.forfeit:
        return []
    result = result_of(tb, tb.round.number, t.match_length)
    names = record.names
    side = 1 if names == (tb.b, tb.a) else 0
    return [m for m in cross_check(record, result, side) if m.code != "record.names"]
