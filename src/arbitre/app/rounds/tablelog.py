"""The log of a game played at a table (issue 18), shared by the games that keep one.

A :class:`~arbitre.app.rounds.models.TableLog` stores the list of events a game engine
replays (a Classic game, :mod:`arbitre.classic.table`; the backgammon match clock can plug
its own engine in). Each game registers an :class:`Adapter` for its ``kind``: how to rebuild
the engine's state from the stored list, apply one more event, and describe the state for the
page. This module stores: an event is appended only once the engine has replayed the list and
accepted it (nothing is stored on a refusal), a press sent twice (same client id) is applied
once, and every stored event gives the log a new version the pages poll.

The table code opens one table's page without an account: six characters that cannot be
mistaken for one another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), unique, refused once a later round
of the event is paired.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.db import IntegrityError, transaction
from django.utils.translation import get_language, gettext

from arbitre.app.rounds.models import TableLog
from arbitre.app.rounds.services import ServiceError, last_round_number
from arbitre.common import Refusal
from arbitre.i18n import word

CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
"""The characters of a table code: none can be read as another."""
CODE_LENGTH = 6
CLIENT_ID_LENGTH = 64
EVENT_SIZE = 4000
"""The longest event (its JSON) a page may send."""
CLOCK_SKEW = 5.0
"""Seconds a press may claim to be ahead of the server's clock (set back to now beyond)."""


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
                    title=title,
                    setup=dict(setup),
                    epoch=time.time() if epoch is None else epoch,
                    created_by=created_by,
                )
        except IntegrityError:
            if table is not None and TableLog.objects.filter(table=table).exists():
                return TableLog.objects.get(table=table)
    raise ServiceError(gettext("Aucun code de table libre : réessayez."))  # pragma: no cover


def log_by_code(code: str, kind: str | None = None) -> TableLog:
    """The log a table code opens; refused when unknown, of another game than ``kind`` (when
    given), or when its round is over (a later round of the event is paired)."""
    log = (
        TableLog.objects.select_related("table__round__tournament__event", "round")
        .filter(code=normal_code(code))
        .first()
    )
    if log is None or (kind is not None and log.kind != kind):
        raise ServiceError(gettext("Code de table inconnu."))
    if log.round is not None and log.round.number != last_round_number(log.round.tournament):
        raise ServiceError(gettext("Ce code de table n'est plus valable : la ronde est finie."))
    return log


def now_at(log: TableLog, now: float | None = None) -> float:
    """Seconds since the log's epoch (the events' time scale)."""
    return round((time.time() if now is None else now) - log.epoch, 3)


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


def _clean_event(event: Any, log: TableLog, now: float | None) -> dict[str, Any]:
    if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
        raise ServiceError(gettext("Action illisible."))
    if len(json.dumps(event)) > EVENT_SIZE:
        raise ServiceError(gettext("Action trop longue."))
    clean = {str(k): v for k, v in event.items()}
    current = now_at(log, now)
    at = clean.get("at")
    if isinstance(at, bool) or not isinstance(at, int | float) or at != at:
        at = current
    clean["at"] = round(min(float(at), current + CLOCK_SKEW), 3)
    return clean


@transaction.atomic
def append(
    log_id: int,
    event: Any,
    client_id: str,
    *,
    now: float | None = None,
    allowed: Callable[[TableLog, dict[str, Any]], None] | None = None,
) -> Appended:
    """Store ``event`` once the engine accepts it after the stored ones; nothing is stored on
    a refusal (:class:`ServiceError` worded in the user's language). A ``client_id`` already
    applied returns the log unchanged. ``allowed`` may refuse an event the caller's rights do
    not cover (a player may not rule on an appeal)."""
    log = TableLog.objects.select_for_update().get(pk=log_id)
    client_id = str(client_id or "")[:CLIENT_ID_LENGTH]
    if not client_id:
        raise ServiceError(gettext("Action sans identifiant."))
    if client_id in log.client_ids:
        return Appended(log, True)
    clean = _clean_event(event, log, now)
    if allowed is not None:
        allowed(log, clean)
    adapter = adapter_of(log.kind)
    try:
        engine = adapter.replay(log)
        if clean["at"] < float(getattr(engine, "last_at", 0.0)):
            # a press queued offline arrives after a later one from another device: it is
            # applied at the time of the last stored event (the clock never runs backwards)
            clean["at"] = float(engine.last_at)
        adapter.apply(engine, clean)
    except Refusal as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    except (ValueError, TypeError, AttributeError, KeyError, OverflowError):
        # a field of the wrong type (a count that is not a number, words that are not a
        # list): the engine could not read the event
        raise ServiceError(gettext("Action illisible.")) from None
    log.events = [*log.events, clean]
    log.client_ids = [*log.client_ids, client_id]
    log.version += 1
    log.save(update_fields=["events", "client_ids", "version"])
    adapter.stored(log, engine, clean)
    return Appended(log, False)


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
