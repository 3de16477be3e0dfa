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


def _usable() -> Any:
    current = outbox._usable_link()
    if current is None:
        raise CentreRefused(
            gettext("Le lien avec la fédération n'est pas réglé (adresse et clé du club).")
        )
    return current


def _get(path: str) -> outbox.Reply:
    """One GET to the federation's API; a network down is worded for the director."""
    current = _usable()
    try:
        return outbox._request(current, "GET", path)
    except (OSError, ValueError) as exc:
        raise CentreRefused(
            gettext("Fédération injoignable : %(error)s") % {"error": outbox.network_reason(exc)}
        ) from None


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


def online_code(received: Received) -> str:
    """The code the federation releases at the start; its refusal (« n'a pas commencé… »)
    or the network's failure, said so that the director calls the federation."""
    body = _answered(_get(API + urllib.parse.quote(received.uid) + "/cle/"))
    return str(body.get("code", ""))


@transaction.atomic
def open_games(user: Any, received: Received, typed: str = "") -> Event:
    """Open the sealed games into a new Duplicate event: with ``typed``, the code given by
    phone; without, the code the federation's server releases at the start. Nothing is
    created when the code does not open them."""
    received = Received.objects.select_for_update().get(pk=received.pk)
    if received.event_id is not None:
        raise CentreRefused(gettext("Ce simultané est déjà ouvert."))
    how = Received.Opened.CODE if typed.strip() else Received.Opened.ONLINE
    code = typed if typed.strip() else online_code(received)
    try:
        games = sealed.open_with_code(sealed.loads(received.sealed), code)
    except Refusal as exc:
        raise CentreRefused(
            gettext("Code refusé : %(reason)s") % {"reason": worded(exc.message)}
        ) from None
    start = timezone.localtime(received.starts_at)
    data = {
        "name": received.name,
        "date": start.date(),
        "place": "",
        "games_planned": len(games),
        "seconds_per_move": received.seconds_per_move,
    }
    try:
        event = setup.create_event(data, None, user)
        dup = DuplicateEvent.objects.get(event=event)
        setup.set_ranking(dup, received.type_code, False, user)  # seed 002, B.3.2
        for game, record in zip(dup.games.order_by("number"), games, strict=True):
            duplicate_services.load_predrawn(game.pk, json.dumps(record), user)
    except (ServiceError, Refusal, ValueError) as exc:
        reason = worded(exc.message) if isinstance(exc, Refusal) else str(exc)
        raise CentreRefused(
            gettext("Parties du simultané refusées : %(reason)s") % {"reason": reason}
        ) from None
    received.event, received.opened_at = event, timezone.now()
    received.code = short_code.parse(code)  # the proof of the opening, in the results
    received.opened_with, received.opened_by = how, user
    received.save()
    duplicate_services.audit(
        dup, user, OPENED, received.name, None, {"ouvert par": received.get_opened_with_display()}
    )
    return event
