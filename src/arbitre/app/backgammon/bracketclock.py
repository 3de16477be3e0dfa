"""The table clock of the final stage (issue 33, item 10; seed 003 "Tableau final" and
"Consolation": quarter-finals, semi-finals, final and consolation "au meilleur des trois
manches avec pendule"): every match of the bracket and of the consolation whose two players
are known gets a table log with its code, as a Swiss round's table (:mod:`.clocktable`).

One log per match, one code on its slip: each set is played on a fresh clock at that set's
length (clock rules 2.1: 2 x 9 points and a decider of 11 for the quarter- and semi-finals,
2 x 11 and 11 for the final, as the event's settings give them), the log's
:data:`~.clocktable.SET_END` event starting the next set once a set's score is recorded.
A flag seen down (clock rules 4.1, 4.3) writes the set won on time by the opponent, with the
score last noted at the table, and the bracket moves on when it decides the match; a time
penalty of the register given at the match (3.9, 2.3) goes on its clock.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext

from arbitre.app.backgammon import bracket, clockclose, clocktable, services
from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import KnockoutResult, TableLog, Tournament
from arbitre.app.rounds.services import ServiceError, audit
from arbitre.backgammon import championship as bg
from arbitre.backgammon.championship.bracket import BYE

KIND = clocktable.KIND


def setup_of(
    t: Tournament, lengths: tuple[int, ...], names: tuple[str, str], mid: str
) -> dict[str, Any]:
    s = services.clock_settings(t)
    return {
        "names": list(names),
        "length": lengths[0],
        "lengths": list(lengths),
        "per_point": s.per_point,
        "break_allowances": [list(x) for x in s.break_allowances],
        "increment": s.increment,
        "tournament": t.pk,
        "match": mid,
    }


def logs(t: Tournament) -> dict[str, TableLog]:
    """The final stage's clock logs of the event, by match id ("QF1", "C-QF1")."""
    return {
        str(log.setup.get("match")): log
        for log in TableLog.objects.filter(
            kind=KIND, table__isnull=True, setup__tournament=t.pk
        ).exclude(setup__match=None)
    }


def ensure_logs(t: Tournament, b: bg.Brackets) -> dict[str, TableLog]:
    """A log and code for every final-stage match whose two players are known (none for a
    bye); the setup of a clock not started yet follows the bracket (a result corrected
    upstream changes a player) and the event's settings."""
    if not t.bracket_started:
        return {}
    found = logs(t)
    for mid, m in b.matches.items():
        top, bottom = b.players(mid)
        if top is None or bottom is None or BYE in (top, bottom):
            continue
        setup = setup_of(t, tuple(m.sets), (top, bottom), mid)
        log = found.get(mid)
        if log is None:
            found[mid] = tablelog.create_log(KIND, setup, title=f"{t.event} — {mid}")
        elif not log.events and log.setup != setup:
            log.setup = setup
            log.save(update_fields=["setup"])
    return found


def log_of(t: Tournament, b: bg.Brackets, mid: str) -> TableLog:
    log = ensure_logs(t, b).get(mid)
    if log is None:
        raise ServiceError(
            gettext("%(match)s : ses deux joueurs ne sont pas encore connus.") % {"match": mid}
        )
    return log


def sets_ended(log: TableLog) -> int:
    return sum(1 for e in log.events if e.get("kind") == clocktable.SET_END)


def sync_sets(t: Tournament, mid: str) -> None:
    """The match's clock moves to the next set once a set's score is recorded (entered by
    the director set by set, or written at a flag), and stays on the last set when the match
    is decided; its clock closes then (opens again when the result is removed or undecided,
    :mod:`.clockclose`)."""
    log = logs(t).get(mid)
    r = KnockoutResult.objects.filter(tournament=t, match_id=mid).first()
    if log is None:
        return
    clockclose.follow(log, decided=r is not None and bool(r.winner))
    log.refresh_from_db()
    if r is None or r.winner:
        return
    lengths = log.setup.get("lengths", [])
    for n in range(sets_ended(log), min(len(r.scores), len(lengths) - 1)):
        log = tablelog.append(log.pk, {"kind": clocktable.SET_END}, f"set-end-{mid}-{n}").log


def _changed(t: Tournament, mid: str) -> None:
    """The bracket changed: the match's clock moves to its next set, and every match whose
    players are now known gets its clock."""
    if mid:
        sync_sets(t, mid)
    ensure_logs(t, bracket.brackets(t))


bracket.CHANGED.append(_changed)


def _flag(log: TableLog, state: clocktable.ClockLog) -> None:
    """A flag seen down at a final-stage set: the opponent wins the set on time (clock rules
    4.3) at the set's length, the loser keeping the score last noted at the table (or the
    record's; 0 when none was noted); both flags down (2.3) and a result already entered
    are left to the director."""
    if state.ending is None or state.ending[1] is None:
        return
    t = Tournament.objects.select_related("event").filter(pk=log.setup.get("tournament")).first()
    if t is None:
        return
    mid = str(log.setup["match"])
    winner = state.ending[1]
    noted = state.score
    if noted is None and state.match is not None and max(state.match.score) < state.length:
        noted = (state.match.score[0], state.match.score[1])
    loser_score = noted[1 - winner] if noted else 0
    new = [0, 0]
    new[winner], new[1 - winner] = state.length, loser_score
    r = KnockoutResult.objects.filter(tournament=t, match_id=mid).first()
    if r is not None and r.winner:
        return
    before = [tuple(x) for x in r.scores] if r is not None else []
    if len(before) != state.set_index:
        return  # the director already entered this set
    sets = [*before, (new[0], new[1])]
    need = len(state.lengths) // 2 + 1
    names = log.setup["names"]
    won = [sum(1 for a, b in sets if a > b), sum(1 for a, b in sets if b > a)]
    decided = [i for i in (0, 1) if won[i] >= need]
    text = " ".join(f"{a}-{b}" for a, b in sets)
    try:
        bracket.record(t, mid, names[decided[0]] if decided else "", text, AnonymousUser())
    except ServiceError:
        return
    audit(t, AnonymousUser(), clocktable.FLAG_ACTION, mid)
    log.refresh_from_db()


clocktable.BRACKET_FLAG.append(_flag)


def add_penalty(
    t: Tournament, mid: str, player: str, seconds: int, client_id: str, *, back: bool = False
) -> bool:
    """A time penalty of the register given at a final-stage match (or its compensation
    when annulled) on the match's clock; False when the match has no clock log."""
    log = logs(t).get(mid)
    if log is None or player not in log.setup["names"]:
        return False
    side = list(log.setup["names"]).index(player)
    action = "compensate" if back else "penalize"
    tablelog.append(log.pk, {"kind": action, "player": side, "seconds": seconds}, client_id)
    return True
