"""The log of a game played at a table (issue 18), shared by the games that keep one.

A :class:`~arbitre.app.rounds.models.TableLog` stores the list of events a game engine
replays (a Classic game, :mod:`arbitre.classic.table`; the backgammon match clock can plug
its own engine in). Each game registers an :class:`Adapter` for its ``kind``: how to rebuild
the engine's state from the stored list, apply one more event, and describe the state for the
page. This module stores: an event is appended only once the engine has replayed the list and
accepted it (nothing is stored on a refusal), a press sent twice (same client id) is applied
once, and every stored event gives the log a new version the pages poll.

The table code opens one table's page without an account: eight characters that cannot be
mistaken for one another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), unique, refused once a later round
of the event is paired (the six-character codes drawn before stay valid until then). Each
player of a tournament table also gets a personal PIN (:data:`PIN_LENGTH` digits, printed on
their own part of the table's slip): the players' page signs a sheet only with it.

Time is the server's (issue 34): an event is stamped on arrival. A press made while the
device was offline carries ``offline = {"since": s, "elapsed": e}``: ``s`` is the stored time
of the device's last acknowledged event, ``e`` the seconds the device counted since; it is
applied at ``s + e`` only when that lies within :data:`OFFLINE_TOLERANCE` before its arrival
and not before the last stored event. Any other claim on time (an ``at`` away from the
arrival, an ``s`` no stored event has, a time before the last stored event, a claim older
than the tolerance) is refused and logged (:func:`note_refusal`), and so is an event that
names another table's code than the one it was sent with.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.utils.translation import get_language, gettext, gettext_noop

from arbitre.app.rounds.models import Round, TableLog, TableLogAudit
from arbitre.app.rounds.services import (
    AUDIT_TARGETS,
    ROUND_TABLE_TARGET,
    ServiceError,
    audit,
    last_round_number,
)
from arbitre.common import Refusal
from arbitre.i18n import word

CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
"""The characters of a table code: none can be read as another."""
CODE_LENGTH = 8
PIN_LENGTH = 4
CLIENT_ID_LENGTH = 64
EVENT_SIZE = 4000
"""The longest event (its JSON) a page may send."""
ONLINE_SKEW = 2.0
"""Seconds an event's own ``at`` (a page loaded before issue 34) may lie from its arrival:
it is then stamped on arrival; beyond, the claim is forged and refused."""
OFFLINE_TOLERANCE = 30.0
"""The most seconds an offline press may claim to have been made before it arrived."""
REFUSED_ACTION = gettext_noop("Action de table refusée (heure ou table falsifiée)")
LOGGER = logging.getLogger("arbitre.tables")
AUDIT_TARGETS[REFUSED_ACTION] = ROUND_TABLE_TARGET


def server_time() -> float:
    """The server's clock (Unix seconds): the only time a table's events are stamped with."""
    return time.time()


class UnknownCode(ServiceError):
    """No table (of that game) has this code."""


class ForgedEvent(ServiceError):
    """An event whose time or table the server does not believe: refused, and logged by
    :func:`note_refusal` once the refusing transaction is over."""

    def __init__(self, text: str, log_id: int, details: dict[str, Any]) -> None:
        super().__init__(text)
        self.log_id = log_id
        self.details = details


class Adapter(Protocol):
    """What a game tells the table log (see the module docstring)."""

    def replay(self, log: TableLog) -> Any:
        """The engine's state rebuilt from ``log.setup`` and ``log.events``."""

    def apply(self, state: Any, event: dict[str, Any]) -> None:
        """Apply one event; raises :class:`~arbitre.common.Refusal` when the rules refuse it."""

    def describe(self, log: TableLog, state: Any, at: float) -> dict[str, Any]:
        """The state for the page (JSON-ready), its clocks read at ``at``."""

    def stored(self, log: TableLog, state: Any, event: dict[str, Any]) -> None:
        """Called in the transaction once ``event`` is stored (the result reaches the round)."""


_ADAPTERS: dict[str, Adapter] = {}


def register(kind: str, adapter: Adapter) -> None:
    """The engine adapter of the logs of ``kind`` (a game's app registers at start)."""
    _ADAPTERS[kind] = adapter


def adapter_of(kind: str) -> Adapter:
    try:
        return _ADAPTERS[kind]
    except KeyError:
        raise ServiceError(gettext("Ce type de partie n'a pas de table.")) from None


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_pins() -> list[str]:
    """The two players' personal PINs (digits, drawn apart so that one never is the other's)."""
    while True:
        pins = ["".join(secrets.choice("0123456789") for _ in range(PIN_LENGTH)) for _ in "ab"]
        if pins[0] != pins[1]:
            return pins


def normal_code(code: str) -> str:
    """A typed code as stored: capitals, spaces and dashes dropped."""
    return "".join(c for c in code.upper() if c not in " -")


def create_log(
    kind: str,
    setup: Mapping[str, Any],
    *,
    table: Any = None,
    title: str = "",
    created_by: str = "",
    epoch: float | None = None,
) -> TableLog:
    """A new empty log with a fresh code (another is drawn on the rare clash)."""
    adapter_of(kind)
    for _ in range(20):
        try:
            with transaction.atomic():
                return TableLog.objects.create(
                    kind=kind,
                    table=table,
                    round=table.round if table is not None else None,
                    code=new_code(),
                    pins=new_pins() if table is not None else [],
                    title=title,
                    setup=dict(setup),
                    epoch=server_time() if epoch is None else epoch,
                    created_by=created_by,
                )
        except IntegrityError:
            if table is not None and TableLog.objects.filter(table=table).exists():
                return TableLog.objects.get(table=table)
    raise ServiceError(gettext("Aucun code de table libre : réessayez."))  # pragma: no cover


def forget_final_logs(sender: object, instance: Any, **kwargs: object) -> None:
    """Before a tournament is deleted (``pre_delete``): the logs of its final phase's games
    (Classic final tables, backgammon bracket clocks) belong to no table, only to the
    tournament's id in their setup, so they go with it and no code of a deleted event still
    opens a clock."""
    TableLog.objects.filter(table__isnull=True, setup__tournament=instance.pk).delete()


def logs_by_table(rnd: Round) -> dict[int, TableLog]:
    """The logs of round ``rnd``'s tables, by table id, in one query (a round's page reads
    them all rather than one per table)."""
    return {log.table_id: log for log in TableLog.objects.filter(table__round=rnd)}


def log_by_code(code: str, kind: str | None = None) -> TableLog:
    """The log a table code opens; refused when unknown, of another game than ``kind`` (when
    given), or when its round is over (a later round of the event is paired)."""
    log = (
        TableLog.objects.select_related("table__round__tournament__event", "round")
        .filter(code=normal_code(code))
        .first()
    )
    if log is None or (kind is not None and log.kind != kind):
        raise UnknownCode(gettext("Code de table inconnu."))
    if log.round is not None and log.round.number != last_round_number(log.round.tournament):
        raise ServiceError(gettext("Ce code de table n'est plus valable : la ronde est finie."))
    return log


def now_at(log: TableLog, now: float | None = None) -> float:
    """Seconds since the log's epoch (the events' time scale)."""
    return round((server_time() if now is None else now) - log.epoch, 3)


def state(log: TableLog, now: float | None = None) -> dict[str, Any]:
    """The log's state for the page: the adapter's description with the version."""
    adapter = adapter_of(log.kind)
    try:
        engine = adapter.replay(log)
    except Refusal as exc:  # a stored list the engine no longer accepts
        raise ServiceError(word(exc.message, get_language())) from None
    at = max(now_at(log, now), float(getattr(engine, "last_at", 0.0)))
    out = adapter.describe(log, engine, at)
    out.update(version=log.version, at=at, code=log.code)
    return out


@dataclass(frozen=True)
class Appended:
    log: TableLog
    repeated: bool  # the client id was already applied: nothing new stored
    stamped: float | None = None  # the time the new event was stored at


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return None
    if value in (float("inf"), float("-inf")):
        return None
    return float(value)


def _clean_event(event: Any, log: TableLog) -> dict[str, Any]:
    if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
        raise ServiceError(gettext("Action illisible."))
    if len(json.dumps(event)) > EVENT_SIZE:
        raise ServiceError(gettext("Action trop longue."))
    clean = {str(k): v for k, v in event.items()}
    table = clean.pop("table", None)
    if table is not None and normal_code(str(table)) != log.code:
        raise ForgedEvent(
            gettext("Cette action est celle d'une autre table : elle est refusée."),
            log.pk,
            {"motif": "autre table", "code envoyé": str(table)[:20]},
        )
    return clean


def stamp(log: TableLog, clean: dict[str, Any], last_at: float, current: float) -> float:
    """The time ``clean`` is applied at: its arrival (``current``, never before the last
    stored event ``last_at``), or the time an offline press claims within the rules of the
    module docstring. Raises :class:`ForgedEvent` on a claim the server does not believe."""
    claimed_at = clean.pop("at", None)
    offline = clean.pop("offline", None)
    arrival = max(current, last_at)

    def forged(reason: str, **values: Any) -> ForgedEvent:
        details = {"motif": reason, "reçue à (s)": current, **values}
        text = gettext(
            "Heure refusée : la pendule suit l'heure du serveur, cette action annonce une "
            "autre heure."
        )
        return ForgedEvent(text, log.pk, details)

    if offline is None:
        if claimed_at is not None:
            at = _number(claimed_at)
            if at is None or abs(at - current) > ONLINE_SKEW:
                raise forged("heure annoncée", **{"annoncée (s)": str(claimed_at)[:20]})
        return arrival
    if not isinstance(offline, dict):
        raise forged("hors ligne illisible")
    since, elapsed = _number(offline.get("since")), _number(offline.get("elapsed"))
    if since is None or elapsed is None or elapsed < 0:
        raise forged("hors ligne illisible")
    stored = {round(float(e.get("at", -1)), 3) for e in log.events}
    if round(since, 3) not in stored:
        raise forged("hors ligne sans appui enregistré", **{"depuis (s)": since})
    claimed = round(since + elapsed, 3)
    if claimed > current + ONLINE_SKEW:
        raise forged("heure à venir", **{"annoncée (s)": claimed})
    if claimed < last_at:
        raise forged(
            "avant le dernier appui", **{"annoncée (s)": claimed, "dernier appui (s)": last_at}
        )
    if current - claimed > OFFLINE_TOLERANCE:
        raise ForgedEvent(
            gettext(
                "Appui hors ligne trop ancien (plus de %(seconds)s s) : il n'est pas pris, "
                "appuyez de nouveau."
            )
            % {"seconds": int(OFFLINE_TOLERANCE)},
            log.pk,
            {"motif": "hors ligne trop ancien", "reçue à (s)": current, "annoncée (s)": claimed},
        )
    return max(min(claimed, current), last_at)


@transaction.atomic
def append(
    log_id: int,
    event: Any,
    client_id: str,
    *,
    now: float | None = None,
    allowed: Callable[[TableLog, dict[str, Any]], None] | None = None,
) -> Appended:
    """Store ``event`` once the engine accepts it after the stored ones, stamped by
    :func:`stamp`; nothing is stored on a refusal (:class:`ServiceError` worded in the
    user's language; :class:`ForgedEvent` for a forged time or table, to pass to
    :func:`note_refusal`). A ``client_id`` already applied returns the log unchanged.
    ``allowed`` may refuse an event the caller's rights do not cover (a player may not rule
    on an appeal)."""
    log = TableLog.objects.select_for_update().get(pk=log_id)
    client_id = str(client_id or "")[:CLIENT_ID_LENGTH]
    if not client_id:
        raise ServiceError(gettext("Action sans identifiant."))
    if client_id in log.client_ids:
        return Appended(log, True)
    clean = _clean_event(event, log)
    if allowed is not None:
        allowed(log, clean)
    adapter = adapter_of(log.kind)
    try:
        engine = adapter.replay(log)
    except Refusal as exc:  # a stored list the engine no longer accepts
        raise ServiceError(word(exc.message, get_language())) from None
    last_at = float(getattr(engine, "last_at", 0.0))
    clean["at"] = round(stamp(log, clean, last_at, now_at(log, now)), 3)
    try:
        adapter.apply(engine, clean)
    except Refusal as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    except ServiceError:
        raise  # the adapter's own refusal, worded for the user
    except (ValueError, TypeError, AttributeError, KeyError, OverflowError):
        # a field of the wrong type (a count that is not a number, words that are not a
        # list): the engine could not read the event
        raise ServiceError(gettext("Action illisible.")) from None
    log.events = [*log.events, clean]
    log.client_ids = [*log.client_ids, client_id]
    log.version += 1
    log.save(update_fields=["events", "client_ids", "version"])
    adapter.stored(log, engine, clean)
    if TableLog.objects.filter(pk=log.pk).exclude(version=log.version).exists():
        # storing it wrote a further event (a backgammon clock closed at the result it
        # entered): the page gets the log as it now stands
        log.refresh_from_db()
    return Appended(log, False, clean["at"])


@transaction.atomic
def drop_last(log_id: int, kinds: frozenset[str]) -> list[dict[str, Any]]:
    """Remove the trailing events of ``kinds`` (an arbiter reopens a signed sheet); the
    events removed, oldest first."""
    log = TableLog.objects.select_for_update().get(pk=log_id)
    events = list(log.events)
    dropped: list[dict[str, Any]] = []
    while events and events[-1].get("kind") in kinds:
        dropped.insert(0, events.pop())
    if dropped:
        log.events = events
        log.version += 1
        log.save(update_fields=["events", "version"])
    return dropped


def note_refusal(exc: ServiceError, user: Any = None) -> None:
    """Log a :class:`ForgedEvent` (nothing for another refusal), called once the refusing
    transaction is over: in the server's log, and in the audit log of the table's event
    (a friendly game's own log), where the director sees it."""
    if not isinstance(exc, ForgedEvent):
        return
    log = TableLog.objects.select_related("table__round__tournament").filter(pk=exc.log_id).first()
    if log is None:
        return
    LOGGER.warning("table %s: refused %s", log.code, exc.details)
    who = user if user is not None else AnonymousUser()
    tb = log.table
    if tb is None:
        TableLogAudit.log(who, REFUSED_ACTION, log.code, None, exc.details, table_log=log)
        return
    target = ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number}
    audit(tb.round.tournament, who, REFUSED_ACTION, target, None, exc.details)
