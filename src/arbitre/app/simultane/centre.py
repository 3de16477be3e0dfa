"""A centre's side: the sealed simultanés received (downloaded with the club's key through
the link to the federation, or imported from a file), and opened at the start into an
ordinary Duplicate event with its pre-drawn games (docs/simultanes.md)."""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate import services as duplicate_services
from arbitre.app.duplicate import setup
from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.duplicate.services import ServiceError, worded
from arbitre.app.events.models import Event
from arbitre.app.federation import outbox
from arbitre.app.simultane.models import Received
from arbitre.common.messages import Refusal
from arbitre.duplicate import sealed, short_code

API = "/api/federation/simultanes/"

#: The Duplicate event's audit entry of a simultané opened, and how.
OPENED = gettext_noop("Simultané ouvert")


class CentreRefused(ValueError):
    """What a centre cannot do now; the message is French."""


def store(text: str) -> Received:
    """Keep the sealed file ``text`` (read, not opened): a new simultané, or the same one
    again (unchanged, or replaced while not opened)."""
    try:
        read = sealed.loads(text)
    except Refusal as exc:
        raise CentreRefused(
            gettext("Fichier scellé refusé : %(reason)s") % {"reason": worded(exc.message)}
        ) from None
    head = read.header
    with transaction.atomic():
        found = Received.objects.select_for_update().filter(uid=head.uid).first()
        if found is not None and found.event_id is not None:
            if found.sealed != text:
                raise CentreRefused(
                    gettext("Ce simultané est déjà ouvert : son fichier ne change plus.")
                )
            return found
        found = found or Received(uid=head.uid)
        found.name, found.type_code = head.name, head.type_code
        found.starts_at, found.seconds_per_move = head.starts_at, head.seconds_per_move
        found.games, found.sealed = head.games, text
        found.save()
    return found


def _get(path: str) -> outbox.Reply:
    """One GET to the federation's API; a link not set or a network down is worded for
    the director."""
    try:
        return outbox.call("GET", path)
    except outbox.LinkRefused as exc:
        raise CentreRefused(str(exc)) from None


def _answered(reply: outbox.Reply) -> dict[str, Any]:
    if reply.status != 200:
        refused = str(reply.body.get("error", "")) or gettext(
            "Réponse inattendue de la fédération (%(status)s)."
        ) % {"status": reply.status}
        raise CentreRefused(refused)
    return reply.body


def fetch() -> list[Received]:
    """The sealed files of every simultané this club is admitted to, downloaded now."""
    listed = _answered(_get(API)).get("simultanes", [])
    kept = []
    for item in listed if isinstance(listed, list) else []:
        uid = str(item.get("uid", "")) if isinstance(item, dict) else ""
        if uid:
            body = _answered(_get(API + urllib.parse.quote(uid) + "/scelle/"))
            kept.append(store(json.dumps(body)))
    return kept


def online_code(received: Received, number: int = 1) -> str:
    """The code of game ``number`` the federation releases at that game's start; its
    refusal (« n'a pas commencé… ») or the network's failure, said so that the director
    calls the federation."""
    path = API + urllib.parse.quote(received.uid) + f"/cle/?partie={number}"
    try:
        reply = outbox.call("GET", path)
    except outbox.Unreachable as exc:
        raise CentreRefused(
            gettext(
                "%(error)s. Sans réseau, appelez la fédération : elle vous lit le code de la "
                "partie %(number)s, à taper dans « Code donné par téléphone »."
            )
            % {"error": str(exc), "number": number}
        ) from None
    except outbox.LinkRefused as exc:
        raise CentreRefused(
            gettext(
                "%(error)s Sans lien, appelez la fédération : elle vous lit le code de la "
                "partie %(number)s, à taper dans « Code donné par téléphone »."
            )
            % {"error": str(exc), "number": number}
        ) from None
    return str(_answered(reply).get("code", ""))


def next_game(received: Received) -> int | None:
    """The number of the next game to open, or None when every game is opened."""
    number = received.games_opened + 1
    return number if number <= received.games else None


def _opened(read: sealed.SealedFile, number: int, code: str) -> list[dict[str, Any]]:
    """The games ``code`` opens from game ``number``: game ``number`` alone (version 2,
    each game its own code), or every game (version 1, one code)."""
    try:
        if read.version == 1:
            return sealed.open_with_code(read, code)
        return [sealed.open_game(read, number, code)]
    except Refusal as exc:
        raise CentreRefused(
            gettext("Code refusé : %(reason)s") % {"reason": worded(exc.message)}
        ) from None


def _new_event(user: Any, received: Received) -> DuplicateEvent:
    start = timezone.localtime(received.starts_at)
    data = {
        "name": received.name,
        "date": start.date(),
        "place": "",
        "games_planned": received.games,
        "seconds_per_move": received.seconds_per_move,
    }
    event = setup.create_event(data, None, user)
    dup = DuplicateEvent.objects.get(event=event)
    setup.set_ranking(dup, received.type_code, False, user)  # seed 002, B.3.2
    return dup


@transaction.atomic
def open_games(user: Any, received: Received, typed: str = "") -> Event:
    """Open the next sealed game (every game of a version 1 file at once): with ``typed``,
    the code given by phone; without, the code the federation's server releases at that
    game's start. Game 1 makes a new Duplicate event with every game planned; a later game
    is loaded into it, only with its own code (a TSAP's second game is not opened by the
    first's code, nor before its own start). Nothing changes when the code does not open
    the game."""
    received = Received.objects.select_for_update().get(pk=received.pk)
    number = next_game(received)
    if number is None:
        raise CentreRefused(gettext("Ce simultané est déjà ouvert."))
    how = Received.Opened.CODE if typed.strip() else Received.Opened.ONLINE
    code = typed if typed.strip() else online_code(received, number)
    records = _opened(sealed.loads(received.sealed), number, code)
    try:
        if number == 1:
            dup = _new_event(user, received)
        else:
            dup = DuplicateEvent.objects.get(event_id=received.event_id)
        games = {g.number: g for g in dup.games.all()}
        for offset, record in enumerate(records):
            game = games[number + offset]
            duplicate_services.load_predrawn(game.pk, json.dumps(record), user)
    except (ServiceError, Refusal, ValueError, KeyError, DuplicateEvent.DoesNotExist) as exc:
        reason = worded(exc.message) if isinstance(exc, Refusal) else str(exc)
        raise CentreRefused(
            gettext("Parties du simultané refusées : %(reason)s") % {"reason": reason}
        ) from None
    if number == 1:
        received.event, received.opened_at = dup.event, timezone.now()
        received.code = short_code.parse(code)  # the proof of the opening, in the results
        received.opened_with, received.opened_by = how, user
    received.games_opened = number + len(records) - 1
    received.save()
    duplicate_services.audit(
        dup,
        user,
        OPENED,
        received.name,
        None,
        {"ouvert par": str(Received.Opened(how).label), "parties": received.games_opened},
    )
    return dup.event
