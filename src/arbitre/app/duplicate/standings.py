"""The standings of each Duplicate event kept in the server's memory and brought up to date
from what changed in the database since (issue 37): a festival hall enters about ten
ballots a second, and computing the event from scratch (:func:`services.build_event`, the
reference) costs about 11 µs per ballot already in, 0.3 s per change at 1,500 players.

Each process keeps, per event, the engine's :class:`~arbitre.duplicate.kept.KeptEvent` and
what it was built from. :func:`current_event` reads:

- the event's *shape*: its settings, its players (and pairs' partners, arbiters, tables),
  late arrivals (5.1) and withdrawals, the games' list: any change of it (rare: before the
  event, or a player arriving late) builds the event again from scratch;
- each game's version: a game whose version changed (a move drawn, played, annulled (5.2) or
  taken back, a word accepted on appeal (5.3), a ballot above the top) is read again whole;
- the ballots written in the last :data:`SLACK` seconds before the previous reading (entered,
  corrected, judged again on appeal: their decision carries score, sanction, warnings and
  compensation): those whose id or version is not the kept one are applied one by one;
- each game's count of ballots: a game whose count is not the kept one (a ballot deleted by
  a path that left its game's version alone) is read again whole.

Several processes serve the same event: each reads the database, none trusts another's
memory. The slack covers writes committed in another order than their time (a transaction
waiting for SQLite's lock, at most its 20 s timeout). The kept event is never changed: a
change gives a new one, so a page reading the previous one meanwhile reads it whole.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, TextField
from django.db.models.functions import Cast
from django.utils import timezone

from arbitre.app.duplicate import presence, services
from arbitre.app.duplicate.models import (
    BallotEntry,
    DuplicateEvent,
    Game,
    Lateness,
    Presence,
    Withdrawal,
)
from arbitre.app.events import live
from arbitre.duplicate.event import Event
from arbitre.duplicate.kept import BallotChange, KeptEvent

SLACK = timedelta(seconds=120)
"""How far before the previous reading the ballots are read again (see the module)."""

_REGISTRATION_FIELDS = (
    "pk",
    "licence",
    "name",
    "first_name",
    "club",
    "series",
    "tier",
    "category",
    "table",
    "arbiter_id",
    *(f"partner__{f}" for f in ("licence", "name", "first_name", "club", "series", "tier")),
    "partner__category",
)

BallotKey = tuple[int, int]
"""(registration id, move number) of a ballot in its game."""


@dataclass
class _Kept:
    event: KeptEvent
    shape: tuple[Any, ...]
    #: game id -> (its index in the event, its version)
    games: dict[int, tuple[int, int]]
    #: game id -> its ballots: (registration id, move) -> (ballot id, ballot version)
    ballots: dict[int, dict[BallotKey, tuple[int, int]]]
    licences: dict[int, str]
    mark: datetime
    #: what the last reading did, for the bench and the tests
    last: dict[str, int] = field(default_factory=dict)


_kept: dict[int, _Kept] = {}
_locks: dict[int, threading.Lock] = {}
_guard = threading.Lock()


def current_event(dup: DuplicateEvent) -> Event:
    """The engine's event of ``dup`` as the database holds it now, brought up to date from
    the one kept in this process (built from scratch the first time)."""
    with _guard:
        lock = _locks.setdefault(dup.pk, threading.Lock())
    with lock:
        now = timezone.now()
        shape = _shape(dup)
        versions = dict(dup.games.values_list("pk", "version"))
        kept = _kept.get(dup.pk)
        if kept is None or kept.shape != shape or sorted(kept.games) != sorted(versions):
            kept = _build(dup, shape, list(dup.games.all()), now)
        else:
            kept = _update(dup, kept, versions, now)
        _kept[dup.pk] = kept
        return kept.event


def last_reading(dup: DuplicateEvent) -> dict[str, int]:
    """What the last :func:`current_event` of ``dup`` did in this process: ``built`` (from
    scratch), ``games`` (read again whole), ``ballots`` (applied one by one)."""
    kept = _kept.get(dup.pk)
    return dict(kept.last) if kept is not None else {}


def forget() -> None:
    """Forget every kept event (tests; a restored database: :func:`live.clear`)."""
    with _guard:
        _kept.clear()


live.on_clear(forget)


def _shape(dup: DuplicateEvent) -> tuple[Any, ...]:
    """Everything the event is built from but the games' records and the ballots."""
    fresh = DuplicateEvent.objects.select_related("event").get(pk=dup.pk)
    return (
        fresh.event.name,
        services.event_settings(fresh),
        tuple(dup.players.order_by("pk").values_list(*_REGISTRATION_FIELDS)),
        tuple(
            Lateness.objects.filter(game__duplicate=dup)
            .order_by("pk")
            .values_list("game_id", "registration_id", "from_move")
        ),
        tuple(
            Withdrawal.objects.filter(registration__duplicate=dup)
            .order_by("pk")
            .values_list("registration_id", "game_id", "from_move")
        ),
        tuple(
            Presence.objects.filter(registration__duplicate=dup)
            .order_by("registration_id")
            .values_list("registration_id", "confirmed", "present")
        ),
    )


def _ballot_rows(**where: Any) -> list[tuple[int, int, int, int, int, str]]:
    """(ballot id, version, game id, registration id, move, stored decision) of the ballots
    ``where`` selects."""
    return list(
        BallotEntry.objects.filter(**where)
        .order_by()
        .annotate(stored=Cast("decision", output_field=TextField()))
        .values_list("pk", "version", "game_id", "registration_id", "move_number", "stored")
    )


def _game_ballots(
    game: Game, licences: dict[int, str]
) -> tuple[list[tuple[int, int, Any]], dict[BallotKey, tuple[int, int]]]:
    rows = _ballot_rows(game=game)
    decisions = [(reg, move, services.decoded(stored)) for _, _, _, reg, move, stored in rows]
    return decisions, {(reg, move): (pk, version) for pk, version, _, reg, move, _ in rows}


def _build(dup: DuplicateEvent, shape: tuple[Any, ...], games: list[Game], now: datetime) -> _Kept:
    registrations = presence.in_standings(dup, list(dup.players.select_related("partner")))
    licences = {r.pk: r.licence for r in registrations}
    withdrawals = services.withdrawals_of(dup)
    absent = presence.absent_ids(dup)
    scores, ballots = [], {}
    for game in games:
        decisions, ballots[game.pk] = _game_ballots(game, licences)
        scores.append(services.game_scores(game, licences, decisions, withdrawals, absent))
    event = KeptEvent(
        shape[0],
        [services.player_of(r) for r in registrations],
        scores,
        shape[1],
    )
    return _Kept(
        event,
        shape,
        {g.pk: (i, g.version) for i, g in enumerate(games)},
        ballots,
        licences,
        now,
        {"built": 1, "games": len(games), "ballots": sum(len(b) for b in ballots.values())},
    )


def _update(dup: DuplicateEvent, kept: _Kept, now_versions: dict[int, int], now: datetime) -> _Kept:
    event = kept.event
    ballots = dict(kept.ballots)
    versions = dict(kept.games)
    withdrawals: list[Withdrawal] | None = None
    absent: set[int] | None = None

    def read_again(pk: int) -> KeptEvent:
        nonlocal withdrawals
        if withdrawals is None:
            withdrawals = services.withdrawals_of(dup)
        game = Game.objects.get(pk=pk)
        decisions, ballots[pk] = _game_ballots(game, kept.licences)
        versions[pk] = (kept.games[pk][0], game.version)
        scores = services.game_scores(
            game, kept.licences, decisions, withdrawals, presence.absent_ids(dup)
        )
        return event.with_game(kept.games[pk][0], scores)

    again = {pk for pk, version in now_versions.items() if version != kept.games[pk][1]}
    for pk in sorted(again):
        event = read_again(pk)
    changes = []
    # (by time alone, so that the database reads its index of times: the ballots of
    # another event written meanwhile are left out here)
    for pk, version, game_id, reg, move, stored in _ballot_rows(updated_at__gte=kept.mark - SLACK):
        if game_id in again or game_id not in ballots:
            continue
        if ballots[game_id].get((reg, move)) == (pk, version):
            continue
        if reg not in kept.licences:  # a player added since the shape was read
            return _build(dup, _shape(dup), list(dup.games.all()), now)
        if absent is None:
            absent = presence.absent_ids(dup)
        if reg in absent:  # found absent at the check-in: their first ballot there counts
            again.add(game_id)  # them present for the game (services.game_scores)
            event = read_again(game_id)
            continue
        if ballots[game_id] is kept.ballots.get(game_id):
            ballots[game_id] = dict(ballots[game_id])
        ballots[game_id][(reg, move)] = (pk, version)
        index = kept.games[game_id][0]
        if move <= len(event.games[index].tops):
            decision = services.decoded(stored)
            changes.append(BallotChange(index, kept.licences[reg], move, decision))
    if changes:
        event = event.with_ballots(changes)
    counts = dict(
        BallotEntry.objects.filter(game_id__in=list(now_versions))
        .values("game_id")
        .annotate(n=Count("pk"))
        .values_list("game_id", "n")
    )
    for pk in now_versions:
        if counts.get(pk, 0) != len(ballots[pk]):
            again.add(pk)
            event = read_again(pk)
    return _Kept(
        event,
        kept.shape,
        versions,
        ballots,
        kept.licences,
        now,
        {"built": 0, "games": len(again), "ballots": len(changes)},
    )
