"""A centre's results of a simultané, signed with the club's key and queued in the outbox
(:mod:`arbitre.app.federation.outbox`): they leave when the network answers, and the
federation merges them at once (:mod:`.merge`)."""

from __future__ import annotations

import hashlib
import json
import urllib.parse
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate import services as duplicate_services
from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.events.models import StaffAudit
from arbitre.app.federation import outbox
from arbitre.app.federation.identity import event_uid
from arbitre.app.federation.models import OutboxItem
from arbitre.app.simultane import licences
from arbitre.app.simultane.centre import API, CentreRefused
from arbitre.app.simultane.models import Received
from arbitre.duplicate import centre_results

QUEUED = gettext_noop("Résultats du simultané mis en file pour la fédération")


@dataclass(frozen=True)
class Sent:
    """What the centre's page says of its results in the outbox: the item (its state, the
    federation's reason, the network's last error), and what they hold."""

    item: OutboxItem
    players: int
    games_ended: list[int]


def what_was_sent(item: OutboxItem | None) -> Sent | None:
    """The results queued or sent (``item``), read back from the signed body they leave
    as; None when nothing was queued."""
    if item is None:
        return None
    try:
        results = json.loads(item.payload).get("results", {})
        players, ended = len(results.get("players", [])), list(results.get("games_ended", []))
    except (ValueError, AttributeError, TypeError):  # a results file of an ordinary event
        players, ended = 0, []
    return Sent(item, players, ended)


def results_of(received: Received) -> dict[str, Any]:
    """The centre's results (format ``arbitre.duplicate.centre_results``): every player's
    scores by game, warnings and penalties (and the mark of a player entered « hors
    classement »), every ballot entered with its score, sanction and
    warning, and the games ended here."""
    dup = DuplicateEvent.objects.get(event_id=received.event_id)
    event = duplicate_services.build_event(dup)
    numbers = {g.name: g.number for g in dup.games.all()}
    ended = [g.number for g in dup.games.all() if (g.record or {}).get("end")]
    players: list[dict[str, Any]] = []
    ballots: list[dict[str, Any]] = []
    unlicensed = licences.unlicensed_licences(received)
    for p in event.players:
        sheets = [event.sheet(g, p.licence) for g in event.games]
        # seed 002, A.1: a player the director entered « hors classement » (not a licensee)
        mark = {"unlicensed": True} if p.licence in unlicensed else {}
        players.append(
            {
                **mark,
                "licence": p.licence,
                "name": p.name,
                "first_name": p.first_name,
                "series": p.series,
                "category": p.category,
                "games": [s.total for s in sheets],
                "total": sum(s.total for s in sheets),
                "warnings": sum(s.warnings + s.disciplinary_warnings for s in sheets),
                "penalty": sum(s.penalty for s in sheets),
            }
        )
        for sheet in sheets:
            ballots.extend(
                {
                    "licence": p.licence,
                    "game": numbers[sheet.game],
                    "move": line.number,
                    "score": line.score,
                    "sanction": line.sanction,
                    "warning": line.warning,
                    "solo": line.solo,
                }
                for line in sheet.lines
                if line.entered
            )
    return {
        "format": centre_results.FORMAT,
        "version": centre_results.VERSION,
        "simultane": received.uid,
        "proof": centre_results.opening_proof(received.code, received.uid),
        "games_ended": ended,
        "players": players,
        "ballots": ballots,
    }


def signed(results: dict[str, Any], club_key: str) -> dict[str, Any]:
    """The results with their signature by the club's key (its SHA-256, which the
    federation keeps)."""
    secret = hashlib.sha256(club_key.encode("utf-8")).hexdigest().encode("ascii")
    return {"results": results, "signature": centre_results.sign(results, secret)}


@transaction.atomic
def enqueue(user: Any, received: Received) -> OutboxItem:
    """Queue the centre's current results (again: the same item, refreshed). Queued by the
    game's end or a later ballot (``user`` None), results the federation already accepted
    as they are stay as they are: not sent again for nothing."""
    current = outbox.link()
    if not (current.url and current.token):
        raise CentreRefused(
            gettext("Le lien avec la fédération n'est pas réglé (adresse et clé du club).")
        )
    if received.event_id is None or not received.code:
        raise CentreRefused(gettext("Ce simultané n'est pas encore ouvert."))
    event = received.event
    assert event is not None
    body = json.dumps(signed(results_of(received), current.token))
    item = OutboxItem.objects.select_for_update().filter(event=event).first()
    if (
        user is None
        and item is not None
        and item.state == OutboxItem.State.ACCEPTED
        and item.payload == body
    ):
        return item  # queued again by a change that changed nothing the federation has
    item = item or OutboxItem(event=event, uid=event_uid(event))
    item.name, item.date, item.payload = event.name, event.date, body
    item.path = API + urllib.parse.quote(received.uid) + "/resultats/"
    item.state, item.reason = OutboxItem.State.QUEUED, ""
    item.save()
    StaffAudit.log(user, QUEUED, event.name, event=event)
    return item
