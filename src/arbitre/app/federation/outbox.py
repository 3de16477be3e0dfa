"""The club's side: the link to the federation's server, and the outbox of results that wait
for the network.

A director sends a Duplicate event's results (:func:`enqueue`): they are queued at once and
sent when the federation's server answers (:func:`deliver`), right away when the hall has a
network, otherwise by the server's background sender (:func:`sending`, every
``ARBITRE_FEDERATION_INTERVAL`` seconds, 30 by default) or ``arbitre federation push``. Once
received, the federation's decision is fetched back the same way. The upload id is this
installation's id and the event's number: sending again never makes a second upload.

Only HTTPS leaves the machine: a plain ``http://`` address is accepted for this machine's
own names (a test, or a federation server behind a local proxy), never for another host.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import ssl
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import close_old_connections, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from filelock import FileLock, Timeout

from arbitre.app.events.models import Event
from arbitre.app.federation.identity import event_uid, link, ranking_results
from arbitre.app.federation.models import Link, OutboxItem

log = logging.getLogger("arbitre.federation")

#: Seconds a request to the federation may take before the network counts as down.
TIMEOUT = 10.0
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
API = "/api/federation/envois/"


class LinkRefused(ValueError):
    """A link or a sending that cannot be done; the message is French."""


def check_url(url: str) -> str:
    """The federation's address, refused unless HTTPS (or plain HTTP to this machine)."""
    url = url.strip().rstrip("/")
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "https" and parts.hostname:
        return url
    if parts.scheme == "http" and parts.hostname in LOCAL_HOSTS:
        return url
    raise LinkRefused(
        gettext(
            "L'adresse de la fédération doit commencer par https:// (les résultats ne "
            "circulent que chiffrés)."
        )
    )


def set_link(url: str, token: str) -> Link:
    current = link()
    current.url = check_url(url) if url.strip() else ""
    current.token = token.strip()
    current.save()
    return current


def _usable_link() -> Link | None:
    """The link when its address and key are both set."""
    current = Link.objects.first()
    return current if current is not None and current.url and current.token else None


def configured() -> bool:
    return _usable_link() is not None


def network_reason(exc: BaseException) -> str:
    """Why the federation's server did not answer, in the user's words: never the system's
    own text (« [Errno 111] Connection refused ») on a French page."""
    reason = getattr(exc, "reason", exc)
    if isinstance(reason, ssl.SSLError):
        return gettext("le certificat du serveur de la fédération est refusé")
    if isinstance(reason, socket.gaierror):
        return gettext("adresse du serveur introuvable (réseau ou adresse à vérifier)")
    if isinstance(reason, (TimeoutError, socket.timeout)):
        return gettext("le serveur ne répond pas à temps")
    if isinstance(reason, ConnectionRefusedError):
        return gettext("le serveur refuse la connexion (arrêté ou mauvaise adresse)")
    if isinstance(reason, ConnectionError):
        return gettext("la connexion a été coupée")
    if isinstance(exc, ValueError):
        return gettext("réponse illisible du serveur")
    return gettext("pas de réseau ou serveur arrêté")


def results_file(event: Event, type_code: str | None = None) -> str:
    """The event's results as Arbitre's own export, with what the ranking needs
    (:func:`~arbitre.app.federation.identity.ranking_results`)."""
    from arbitre.app.duplicate.models import DuplicateEvent

    return ranking_results(DuplicateEvent.objects.get(event=event), type_code)


@transaction.atomic
def enqueue(user: Any, event: Event, type_code: str | None = None) -> OutboxItem:
    """Queue the event's results for the federation (again: the same upload, its file
    refreshed, unless the federation already accepted it)."""
    if not configured():
        raise LinkRefused(
            gettext("Le lien avec la fédération n'est pas réglé (adresse et clé du club).")
        )
    payload = results_file(event, type_code)
    item = OutboxItem.objects.select_for_update().filter(event=event).first()
    if item is None:
        item = OutboxItem(event=event, uid=event_uid(event))
    elif item.path:
        raise LinkRefused(
            gettext(
                "Cet événement est un simultané : ses résultats partent de la page des "
                "simultanés du centre."
            )
        )
    elif item.state == OutboxItem.State.ACCEPTED and item.payload != payload:
        raise LinkRefused(
            gettext(
                "La fédération a déjà accepté ces résultats ; pour les corriger, "
                "demandez-lui de rouvrir l'envoi."
            )
        )
    item.name, item.date, item.payload, item.path = event.name, event.date, payload, ""
    item.state, item.reason = OutboxItem.State.QUEUED, ""  # the federation answers again
    item.save()
    from arbitre.app.events.models import StaffAudit

    StaffAudit.log(
        user, gettext_noop("Résultats mis en file pour la fédération"), event.name, event=event
    )
    return item


@dataclass(frozen=True)
class Reply:
    status: int
    body: dict[str, Any]


def _request(current: Link, method: str, path: str, body: dict[str, Any] | None = None) -> Reply:
    """One call to the federation's API; ``OSError`` when the network or the server is down."""
    data = json.dumps(body).encode("utf-8") if body is not None else None
    request = urllib.request.Request(
        check_url(current.url) + path,
        data=data,
        method=method,
        headers={
            "Authorization": f"Bearer {current.token}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 - https checked
            return Reply(response.status, json.loads(response.read() or b"{}"))
    except urllib.error.HTTPError as exc:
        try:
            answer = json.loads(exc.read() or b"{}")
        except ValueError:
            answer = {}
        return Reply(exc.code, answer if isinstance(answer, dict) else {})


class Unreachable(LinkRefused):
    """The federation's server did not answer; the message says why, in French."""


def call(method: str, path: str, body: dict[str, Any] | None = None) -> Reply:
    """One call to the federation's API through the club's link, the way the outbox sends
    (the club's key, HTTPS or this machine, :data:`TIMEOUT`): its answer whatever its
    status. :class:`LinkRefused` when the link is not set, :class:`Unreachable` when the
    network or the server is down."""
    current = _usable_link()
    if current is None:
        raise LinkRefused(
            gettext("Le lien avec la fédération n'est pas réglé (adresse et clé du club).")
        )
    try:
        return _request(current, method, path, body)
    except LinkRefused:
        raise
    except (OSError, ValueError) as exc:
        raise Unreachable(
            gettext("Fédération injoignable : %(error)s") % {"error": network_reason(exc)}
        ) from None


def _apply(item: OutboxItem, reply: Reply) -> None:
    """Record the federation's answer about ``item``."""
    status = reply.body.get("status")
    if reply.status in (200, 201) and status in ("pending", "accepted", "rejected"):
        item.state = {
            "pending": OutboxItem.State.SENT,
            "accepted": OutboxItem.State.ACCEPTED,
            "rejected": OutboxItem.State.REJECTED,
        }[status]
        item.reason = str(reply.body.get("reason", ""))[:300]
        item.last_error = ""
        if item.sent_at is None:
            item.sent_at = timezone.now()
        if status != "pending":
            item.answered_at = timezone.now()
    elif reply.status in (409, 413, 422) or (
        item.path and reply.status in (400, 403, 404) and reply.body.get("error")
    ):
        # the federation will not take this file: the club must see why (a simultané's
        # results are also refused unread, 400, from a centre that did not open the games,
        # 403, or not admitted, 404: sent again as they are, they would be refused again)
        item.state = OutboxItem.State.REJECTED
        item.reason = str(reply.body.get("error", ""))[:300]
        item.last_error = ""
        item.sent_at = item.sent_at or timezone.now()
        item.answered_at = timezone.now()
    elif reply.status == 401:
        item.last_error = gettext("La fédération refuse la clé du club.")
    else:
        item.last_error = gettext("Réponse inattendue de la fédération (%(status)s).") % {
            "status": reply.status
        }
    item.save()


@contextmanager
def _one_sender(wait: bool) -> Iterator[bool]:
    """Hold the outbox's sending lock (a file of the data folder, so that the server's
    processes and their background senders share it): an item is posted by one sender at a
    time, not by the background sender and a director's « send » both (the federation
    would count the second as a re-send, and the director read « déjà reçus » for results
    sent for the first time). Yields False, without waiting, when another sender holds it
    and ``wait`` is False. A lock object of its own at each call: two threads of a process
    exclude each other as two processes do, on every system (:mod:`filelock`)."""
    from django.conf import settings

    lock = FileLock(
        str(Path(settings.DATA_DIR) / "outbox.lock"),
        timeout=-1 if wait else 0,
        thread_local=False,
    )
    try:
        lock.acquire()
    except Timeout:
        yield False
        return
    try:
        yield True
    finally:
        lock.release()


def deliver(event: Event | None = None, wait: bool = True) -> int:
    """Send what is queued and fetch the answers of what was sent (``event``'s alone when
    given); the number of items whose state moved. A network down leaves everything as it
    was, the attempt counted. One sender at a time (:func:`_one_sender`): with ``wait``,
    after the one under way (whose answers are then read, not sent again); without, none
    when another is under way."""
    with _one_sender(wait) as mine:
        return _deliver(event) if mine else 0


def _deliver(event: Event | None) -> int:
    current = _usable_link()
    if current is None:
        return 0
    waiting = OutboxItem.objects.filter(state__in=[OutboxItem.State.QUEUED, OutboxItem.State.SENT])
    if event is not None:
        waiting = waiting.filter(event=event)
    moved = 0
    for item in waiting.order_by("pk"):
        before = item.state
        try:
            if item.state == OutboxItem.State.QUEUED and item.path:
                # a JSON body to its own path (a simultané's results, issue 38)
                item.attempts += 1
                reply = _request(current, "POST", item.path, json.loads(item.payload))
            elif item.state == OutboxItem.State.QUEUED:
                item.attempts += 1
                body = {
                    "uid": item.uid,
                    "name": item.name,
                    "date": item.date.isoformat() if item.date else "",
                    "csv": item.payload,
                }
                reply = _request(current, "POST", API, body)
            else:
                reply = _request(current, "GET", API + urllib.parse.quote(item.uid) + "/")
        except (OSError, ValueError) as exc:
            item.last_error = gettext("Fédération injoignable : %(error)s") % {
                "error": network_reason(exc)
            }
            item.save(update_fields=["attempts", "last_error"])
            continue
        _apply(item, reply)
        moved += item.state != before
    return moved


def interval() -> float:
    try:
        return max(1.0, float(os.environ.get("ARBITRE_FEDERATION_INTERVAL", "30")))
    except ValueError:
        return 30.0


@contextmanager
def sending() -> Iterator[None]:
    """While ``arbitre serve`` runs: a background thread delivers the outbox every
    :func:`interval` seconds (nothing to do while no link is set)."""
    stop = threading.Event()

    def loop() -> None:
        while not stop.wait(interval()):
            try:
                close_old_connections()
                deliver(wait=False)  # a director's sending under way: the next round
            except Exception:  # the sender must outlive a bad answer; the item keeps its state
                log.exception("federation sender")
            finally:
                close_old_connections()

    thread = threading.Thread(target=loop, name="arbitre-federation", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
