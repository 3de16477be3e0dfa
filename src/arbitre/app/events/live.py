"""Live public pages for a hall full of phones: each figure computed once per change of its
event, and a poll of unchanged data answered "304 Not Modified" (issue 23, part 2).

Every public page of an event shows figures that change only when the event changes (a
ballot, a result, a draw). A page asks :func:`cached` for them with the event's *version*, a
short text that changes with every change of the event (each game says how to read it): the
first request after a change computes them, and the next requests reuse them until the
version moves on. The polls that arrive during the computation are answered with the previous
figures instead of waiting or starting their own (they carry the version they got and ask
again); a page loaded in full waits for the new figures, so that a director who has just
entered a result and opens the public page sees it.

The JSON that the pages poll carries an ``ETag`` made of the same version
(:func:`conditional_json`): a browser polling with ``fetch(url, {cache: "no-cache"})`` sends
it back, and while nothing changed the server answers 304 with no body and no computation.

The store is in the server's memory (one process serves the event: ``arbitre serve``); a
figure cached by one process is never stale for another, since the version comes from the
database each time.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language

from arbitre.app.events import gate
from arbitre.app.events.gate import HOLD_HEADER, SHARED_HEADER

T = TypeVar("T")

CAPACITY = 512
"""Figures kept at most (events x pages x filters x languages); the least recently used go."""

_store: OrderedDict[Hashable, tuple[str, Any]] = OrderedDict()
_store_lock = threading.Lock()
_computing: dict[Hashable, threading.Lock] = {}


def cached(key: Hashable, version: str, compute: Callable[[], T]) -> T:
    """The value of ``compute()`` for ``key`` at ``version``, computed once per version; a
    request arriving while another computes it waits for it (see :func:`cached_versioned`)."""
    return cached_versioned(key, version, compute)[1]


def computing(key: Hashable) -> bool:
    """Whether a request of this process computes the value of ``key`` now (in the active
    language): for a caller that has a value of its own to give meanwhile."""
    with _store_lock:
        gate = _computing.get((key, get_language()))
    return gate is not None and gate.locked()


def cached_versioned(
    key: Hashable, version: str, compute: Callable[[], T], previous_meanwhile: bool = False
) -> tuple[str, T]:
    """``(version of the value, value)``: ``compute()`` for ``key``, computed once per version.

    While one request computes a new version, the others wait for it; with
    ``previous_meanwhile`` (the polls) they get the previous version at once instead, with
    its version for their ETag. The value is shared by every request: callers must not
    change it."""
    full_key = (key, get_language())
    with _store_lock:
        hit = _store.get(full_key)
        if hit is not None and hit[0] == version:
            _store.move_to_end(full_key)
            return hit
        gate = _computing.setdefault(full_key, threading.Lock())
    if hit is not None and previous_meanwhile and not gate.acquire(blocking=False):
        return hit  # another request is computing the new version: the last one meanwhile
    if hit is None or not previous_meanwhile:
        gate.acquire()
    try:
        with _store_lock:
            hit = _store.get(full_key)
            if hit is not None and hit[0] == version:
                return hit
        value = compute()
        with _store_lock:
            _store[full_key] = (version, value)
            _store.move_to_end(full_key)
            while len(_store) > CAPACITY:
                old, _ = _store.popitem(last=False)
                _computing.pop(old, None)
    finally:
        gate.release()
    return version, value


VERSION_TTL = 1.0
"""Seconds a version read from the database is trusted before it is read again: a hall of
phones polling an event costs one version query per second, the figures of an event whose
arbiters enter a result every instant are computed at most once a second, and a change
reaches the pages at most a second later."""

_versions: dict[Hashable, tuple[float, str]] = {}


def recent_version(key: Hashable, read: Callable[[], str]) -> str:
    """The version of ``key`` as ``read()`` gives it, read at most every :data:`VERSION_TTL`."""
    now = time.monotonic()
    with _store_lock:
        hit = _versions.get(key)
        if hit is not None and now - hit[0] < VERSION_TTL:
            return hit[1]
    value = read()
    with _store_lock:
        if len(_versions) > CAPACITY:
            _versions.clear()
        _versions[key] = (now, value)
    return value


_forgetting: list[Callable[[], None]] = []


def on_clear(forget: Callable[[], None]) -> None:
    """Have :func:`clear` call ``forget`` too (figures other modules keep, such as the
    Duplicate standings kept change by change)."""
    if forget not in _forgetting:
        _forgetting.append(forget)


def clear() -> None:
    """Forget every cached figure and version (tests; a restored database)."""
    for forget in _forgetting:
        forget()
    with _store_lock:
        _store.clear()
        _computing.clear()
        _versions.clear()
    gate.clear()


def etag(*parts: object) -> str:
    """A strong ETag for ``parts`` (the version, the filters) and the page's language."""
    text = "\x1f".join(str(p) for p in (*parts, get_language()))
    return '"' + hashlib.blake2b(text.encode(), digest_size=12).hexdigest() + '"'


def _not_modified(request: HttpRequest, tag: str, hold: float | None = None) -> HttpResponse | None:
    """304 (asking again each time) when the browser already holds ``tag``."""
    response = get_conditional_response(request, etag=tag)
    if isinstance(response, HttpResponseNotModified):
        response["Cache-Control"] = "no-cache"
        gate.confirm(request, tag, hold)
        return response
    return None


def _tagged(response: HttpResponse, tag: str) -> HttpResponse:
    """``response`` with ``tag``; ``Cache-Control: no-cache`` makes browsers ask again each
    time (with the tag)."""
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


def conditional(
    request: HttpRequest, tag: str, respond: Callable[[], HttpResponse]
) -> HttpResponse:
    """304 when the browser already holds ``tag``; otherwise ``respond()`` with the tag."""
    not_modified = _not_modified(request, tag)
    if not_modified is not None:
        return not_modified
    response = _tagged(respond(), tag)
    gate.confirm(request, tag)
    return response


def conditional_json(
    request: HttpRequest, tag: str, payload: Callable[[], dict[str, Any]]
) -> HttpResponse:
    """:func:`conditional` for the JSON of ``payload()``."""
    return conditional(request, tag, lambda: JsonResponse(payload()))


PROXY_EXPIRES = "X-Accel-Expires"
"""The header nginx takes from the application as how long to keep an answer in its cache
(``0``: not at all; ``@<seconds since the epoch>``: until then)."""


def conditional_cached(
    request: HttpRequest,
    key: Hashable,
    version: str,
    tag_parts: tuple[object, ...],
    body: Callable[[], bytes | str],
    content_type: str,
) -> HttpResponse:
    """304 when the browser holds the tag of ``version``; otherwise the body of ``key``
    (computed once per version, :func:`cached_versioned`) with the tag of the version it was
    computed at, so that a browser given the previous figures asks again."""
    not_modified = _not_modified(request, etag(*tag_parts, version))
    if not_modified is not None:
        return not_modified
    served, content = cached_versioned(key, version, body, previous_meanwhile=True)
    tag = etag(*tag_parts, served)
    response = _tagged(HttpResponse(content, content_type=content_type), tag)
    if served == version:  # not the last figures given while the new ones are computed
        gate.confirm(request, tag)
        response[SHARED_HEADER] = tag
    else:  # those kept by no proxy either: they would go to its every client for a while
        response[PROXY_EXPIRES] = "0"
    return response


def shared(
    request: HttpRequest, body: bytes, content_type: str, hold: float | None = None
) -> HttpResponse:
    """``body``, the same for every visitor of the address of ``request`` for ``hold`` seconds
    (:data:`~arbitre.app.events.gate.GATE_TTL` at most: figures that move with the clock hold less), tagged by its
    content: 304 when the browser holds it; the gate gives it meanwhile without the
    application."""
    tag = etag(hashlib.blake2b(body, digest_size=16).hexdigest())
    not_modified = _not_modified(request, tag, hold)
    if not_modified is not None:
        return not_modified
    response = _tagged(HttpResponse(body, content_type=content_type), tag)
    gate.confirm(request, tag, hold)
    response[SHARED_HEADER] = tag
    if hold is not None:
        response[HOLD_HEADER] = f"{max(0.0, hold):.3f}"
    return response
