"""The match clock at a backgammon table (issue 19, part 1; seed 003 clock rules) on the
shared table log (:mod:`arbitre.app.rounds.tablelog`): every press is stored on the
server as a :class:`~arbitre.backgammon.clock.ClockEvent` and the clock is the engine's
:func:`~arbitre.backgammon.clock.replay` of them, so a reload or a dropped network loses
nothing. A time penalty of the register (3.9, 2.3, 3.15) is added to the table's log, and
taken back as a compensation when the committee annuls it.

Besides the clock's actions the log keeps the match score the players enter at the end of
each game (``score``): when a flag is seen down (``flag``, clock rules 4.1) the result is
written into the round at once with that real score, won on time by the opponent (4.3), or
both flags down with nobody winning (2.3); the director corrects it like any result (4.3:
a certain win; 4.5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models.signals import post_save
from django.utils.translation import gettext, gettext_noop

from arbitre.app.backgammon import clockclose, pausetable, resultsigning, services
from arbitre.app.backgammon.game import GAME
from arbitre.app.rounds import results, tablelog, tablepins
from arbitre.app.rounds.models import Round, Table, TableLog, Tournament
from arbitre.app.rounds.services import ROUND_TABLE_TARGET, ServiceError, audit
from arbitre.backgammon.board import refusal
from arbitre.backgammon.championship.pauses import Pause
from arbitre.backgammon.championship.signing import Confirmation, check_confirmation, signing
from arbitre.backgammon.clock import (
    CLOCK_ACTIONS,
    ClockEvent,
    ClockSettings,
    flag_ending,
    format_seconds,
    replay,
)
from arbitre.backgammon.mat import import_mat, record_text
from arbitre.backgammon.match import Match

KIND = "backgammon"
SCORE = "score"
"""The log's event of the match score entered at the table (not a clock action)."""
SET_END = "set_end"
"""The log's event that ends a set of a final-stage match (seed 003 "Tableau final": best
of three sets "avec pendule"): the next set's clock starts fresh, at that set's length.
Written by the server only (:mod:`arbitre.app.backgammon.bracketclock`)."""
RECORD, RECORD_UNDO = "record", "record_undo"
"""The log's events of the match record entered at the table, one action at a time
(issue 19, part 6; optional): an action as a ``.mat`` writes it, and taking the last back."""
CELL_LENGTH = 80
FLAG_ACTION = gettext_noop("Résultat écrit à la chute du drapeau")
COMPENSATION_ACTION = gettext_noop("Compensation de temps (pendule, art. 1.2)")
COMPENSATION_MAX = 3600
BOTH_ABSENT_ACTION = gettext_noop("Deux joueurs absents (pendule, art. 1.3)")
BOTH_ABSENT_MAX = 4 * 3600
"""The longest time elapsed before the first arrival, in seconds (a typing slip)."""
"""The longest compensation at once, in seconds (a typing slip of minutes for seconds)."""
REASON_LENGTH = 500


@dataclass
class ClockLog:
    """The clock's settings and the events stored so far."""

    length: int
    settings: ClockSettings
    events: list[ClockEvent] = field(default_factory=list)
    last_at: float = 0.0
    #: the match score last entered at the table (table's first player, second)
    score: tuple[int, int] | None = None
    #: a flag was seen down (clock rules 4.1): the ending, as :func:`flag_ending` says
    ending: tuple[str, int | None] | None = None
    names: tuple[str, str] = ("", "")
    #: the match record entered at the table: (player, action) in the order played
    cells: list[tuple[int, str]] = field(default_factory=list)
    #: its ``.mat`` text and the match the engine read from it
    record: str = ""
    match: Match | None = None
    #: the stored events are being replayed (checked when stored): the record is read once
    replaying: bool = False
    #: a final-stage match: the lengths of its sets, and the set being played (0: first)
    lengths: tuple[int, ...] = ()
    set_index: int = 0
    #: the players' confirmations of the final score (seed 003, 4.6)
    confirmations: list[Confirmation] = field(default_factory=list)
    #: a match without a clock: its pauses (seed 003, 1.11)
    clocked: bool = True
    pauses: tuple[Pause, ...] = ()
    #: the result is entered: the clock is stopped for good (:mod:`.clockclose`)
    closed: bool = False


BRACKET_FLAG: list[Callable[[TableLog, ClockLog], None]] = []
"""Who writes a flag's result at a final-stage match (its log has no round table):
:mod:`arbitre.app.backgammon.bracketclock` registers itself at start."""


def setup_of(t: Tournament, tb: Table) -> dict[str, Any]:
    s = services.clock_settings(t)
    return {
        "names": [tb.a, tb.b],
        "length": t.match_length,
        "per_point": s.per_point,
        "break_allowances": [list(x) for x in s.break_allowances],
        "increment": s.increment,
        "clocked": t.clocked,
    }


def _score(raw: dict[str, Any], length: int) -> tuple[int, int]:
    """The match score of a ``score`` event: two whole numbers below the match length (the
    match is not over: a finished match is entered as a result)."""
    value = raw.get("score")
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < length for x in value)
    ):
        raise ServiceError(gettext("Action illisible."))
    return (value[0], value[1])


def _record(state: ClockLog, raw: dict[str, Any]) -> None:
    """One more action of the match record, or the last taken back: the whole record is
    read again by the engine (:func:`~arbitre.backgammon.mat.record_text`), which refuses
    what the rules refuse and lets stand what seed 003 lets stand."""
    cells = list(state.cells)
    if raw.get("kind") == RECORD_UNDO:
        if not cells:
            raise refusal("nothing_to_undo")
        cells.pop()
    else:
        player, cell = raw.get("player"), raw.get("cell")
        if (
            player not in (0, 1)
            or isinstance(player, bool)
            or not isinstance(cell, str)
            or not cell.strip()
            or len(cell) > CELL_LENGTH
        ):
            raise ServiceError(gettext("Action illisible."))
        cells.append((int(player), cell.strip()))
    if state.replaying:
        state.cells = cells
        return
    text = record_text(state.length, state.names, cells) if cells else ""
    state.match = import_mat(text, complete=False) if cells else None
    state.cells, state.record = cells, text


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


def _next_set(state: ClockLog) -> None:
    """The next set of a final-stage match: a fresh clock at that set's length (clock rules
    2.1 give each set its own time, as a match of its length)."""
    if state.set_index + 1 >= len(state.lengths):
        raise ServiceError(gettext("Ce match n'a plus de set à jouer."))
    state.set_index += 1
    state.length = state.lengths[state.set_index]
    state.events, state.score, state.ending = [], None, None
    state.confirmations = []
    state.cells, state.record, state.match = [], "", None


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
            names=(str(s["names"][0]), str(s["names"][1])),
            lengths=tuple(int(x) for x in s.get("lengths", ())),
            clocked=bool(s.get("clocked", True)),
        )
        state.replaying = True
        for raw in log.events:
            self.apply(state, raw)
        state.replaying = False
        if state.cells:
            state.record = record_text(state.length, state.names, state.cells)
            state.match = import_mat(state.record, complete=False)
        return state

    def apply(self, state: ClockLog, event: dict[str, Any]) -> None:
        if event.get("kind") == SET_END:
            _next_set(state)
            state.last_at = float(event["at"])
            return
        if event.get("kind") == SCORE:
            state.score = _score(event, state.length)
            state.last_at = float(event["at"])
            return
        if event.get("kind") in pausetable.KINDS:
            state.pauses = pausetable.applied(state.pauses, state.length, state.clocked, event)
            state.last_at = float(event["at"])
            return
        if event.get("kind") == resultsigning.CONFIRM:
            new = resultsigning.confirmation(event)
            if not state.replaying:
                check_confirmation(state.length, state.confirmations, new)  # refuses
            state.confirmations.append(new)
            state.last_at = new.at
            return
        if event.get("kind") in (RECORD, RECORD_UNDO):
            _record(state, event)
            state.last_at = float(event["at"])
            return
        if event.get("kind") in clockclose.KINDS:
            at = float(event["at"])
            closing = event["kind"] == clockclose.CLOSE
            if closing and state.events:
                stop = ClockEvent(at, "pause")
                replay(state.length, [*state.events, stop], at, state.settings)  # refuses
                state.events.append(stop)
            state.closed, state.last_at = closing, at
            return
        clockclose.refuse_when_closed(state.closed, event.get("kind"))
        ev = _event(event)
        clock = replay(state.length, [*state.events, ev], ev.at, state.settings)  # refuses
        state.events.append(ev)
        state.last_at = ev.at
        if ev.action == "flag":
            state.ending = flag_ending(clock)
        elif ev.action == "compensate" and flag_ending(clock) is None:
            state.ending = None  # the time given lifted the flag (1.2)

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
            "score": list(state.score) if state.score else None,
            "record": state.record,
            "record_score": list(state.match.score) if state.match else None,
            "ended": state.ending[0] if state.ending else "",
            "winner": None if state.ending is None else state.ending[1],
            "length": state.length,
            "set": state.set_index + 1 if state.lengths else None,
            "sets": len(state.lengths) or None,
            "signing": resultsigning.described(state.length, state.confirmations, at),
            "clocked": state.clocked,
            "closed": state.closed,
            "pauses": pausetable.described(state.pauses, state.length, state.names, at),
        }

    def stored(self, log: TableLog, state: ClockLog, event: dict[str, Any]) -> None:
        if event.get("kind") == "flag" and log.table is None and state.lengths:
            for hook in BRACKET_FLAG:
                hook(log, state)
        elif event.get("kind") == "flag":
            enter_flag_result(log, state)
        elif event.get("kind") == resultsigning.CONFIRM:
            resultsigning.enter_signed_result(
                log, signing(state.length, state.confirmations, float(event["at"]))
            )
        elif event.get("kind") in (RECORD, RECORD_UNDO) and log.table is not None:
            # the table's .mat follows the record (downloaded, cross-checked with the result)
            Table.objects.filter(pk=log.table.pk).update(mat=state.record)


tablelog.register(KIND, ClockAdapter())


def enter_flag_result(log: TableLog, state: ClockLog) -> None:
    """A flag seen down (clock rules 4.1) writes the table's result: the opponent wins on
    time (4.3), or both flags are down and both score 0 (2.3), with the real match score
    last entered at the table (none when none was entered, or when it no longer fits). A
    result already entered is left as it is (the director's), and so is a round that can
    no longer take it (a later round paired, the final stage started)."""
    tb = log.table
    if tb is None or state.ending is None:
        return
    tb.refresh_from_db()
    if tb.entered:
        return
    t = tb.round.tournament
    ended, winner = state.ending
    entry: dict[str, Any] = {
        "forfeit": "",
        "winner": "" if winner is None else (tb.a, tb.b)[winner],
        "late_a": tb.late_a,
        "late_b": tb.late_b,
        "ended": ended,
        "excused_a": tb.excused_a,
        "excused_b": tb.excused_b,
    }
    noted = state.score
    if noted is None and state.match is not None and max(state.match.score) < state.length:
        noted = (state.match.score[0], state.match.score[1])  # the record's score
    scores = [noted, None] if noted else [None]
    for score in scores:
        entry["score_a"], entry["score_b"] = score if score else (None, None)
        try:
            results.enter_result(GAME, t, tb.pk, tb.version, entry, AnonymousUser())
        except ServiceError:
            continue
        audit(
            t,
            AnonymousUser(),
            FLAG_ACTION,
            ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number},
        )
        return


DIRECTOR_ACTIONS = frozenset({"penalize", "compensate", SET_END, *clockclose.KINDS})
"""Clock actions that only the director's decisions make, never a press at the table: time
penalties (recorded in the register) and compensations (1.2, :func:`compensate`); the end
of a final-stage set is the server's (its result recorded), and so are the clock closed and
opened with the table's result (:mod:`.clockclose`)."""


def staff_may(log: TableLog, event: dict[str, Any]) -> None:
    """What an arbiter's clock page may send: presses, neutralisations, the flag, the score;
    a confirmation made there is recorded as the arbiter's (4.6; issue 34, item 4)."""
    if event.get("kind") in DIRECTOR_ACTIONS:
        raise ServiceError(gettext("Seul le directeur du tournoi peut faire cela."))
    tablepins.arbiter_signs(event, resultsigning.CONFIRM)


def table_may(log: TableLog, event: dict[str, Any]) -> None:
    """What the players' page (by the table's code) may send: the same, each player's
    confirmation of the final score (4.6) only with their own PIN from the table's slip
    (issue 34, item 4: one player cannot confirm for both at the shared tablet)."""
    if event.get("kind") in DIRECTOR_ACTIONS:
        raise ServiceError(gettext("Seul le directeur du tournoi peut faire cela."))
    tablepins.player_signs(log, event, resultsigning.CONFIRM)


def log_of(t: Tournament, tb: Table, kept: dict[int, TableLog] | None = None) -> TableLog:
    """The table's clock log, made on first use (a table paired before logs were made at
    pairing); the setup of a clock not started yet follows the event's settings. ``kept``:
    the round's logs by table, when already read (:func:`round_logs`)."""
    existing = kept.get(tb.pk) if kept is not None else TableLog.objects.filter(table=tb).first()
    if existing is not None:
        existing.table = tb  # the table at hand, not read again for the log
        if not existing.events:
            setup = setup_of(t, tb)
            if existing.setup != setup:
                existing.setup = setup
                existing.save(update_fields=["setup"])
        return existing
    if tb.is_bye:
        raise ServiceError(gettext("Une table d'exempt n'a pas de pendule."))
    return tablelog.create_log(KIND, setup_of(t, tb), table=tb, title=str(t.event))


def round_logs(t: Tournament, rnd: Round) -> list[tuple[Table, TableLog | None]]:
    """Each table of the round with its clock log (none for a bye), as :func:`log_of`: two
    queries whatever the number of tables, when every table has its log and none changed
    (the director's page of the round's clocks)."""
    kept = tablelog.logs_by_table(rnd)
    return [(tb, None if tb.is_bye else log_of(t, tb, kept)) for tb in rnd.tables.all()]


def _on_table_saved(sender: Any, instance: Table, created: bool, **kwargs: Any) -> None:
    """A backgammon table gets its log, code and PINs when the round is paired (the code is
    printed on the table's slip and its match sheet: the players open their table's clock
    with it, no account; each PIN on its player's part of the slip, to confirm the result)."""
    if kwargs.get("raw") or instance.is_bye or not created:
        return
    t = Tournament.objects.select_related("event").get(pk=instance.round.tournament_id)
    if t.event.kind != GAME.kind or TableLog.objects.filter(table=instance).exists():
        return
    tablelog.create_log(KIND, setup_of(t, instance), table=instance, title=str(t.event))


post_save.connect(_on_table_saved, sender=Table, dispatch_uid="backgammon_table_log")
post_save.connect(clockclose.follow_result, sender=Table, dispatch_uid="backgammon_clock_close")


def add_penalty(tb: Table, side: int, seconds: int, client_id: str, *, back: bool = False) -> bool:
    """A time penalty of the register on the table's running clock (or its compensation
    when annulled); False when the table keeps no clock log."""
    log = TableLog.objects.filter(table=tb, kind=KIND).first()
    if log is None:
        return False
    action = "compensate" if back else "penalize"
    tablelog.append(log.pk, {"kind": action, "player": side, "seconds": seconds}, client_id)
    return True
