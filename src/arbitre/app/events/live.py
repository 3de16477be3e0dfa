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

import gzip
import hashlib
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language

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
        _confirmed.clear()
        _answers.clear()
        _refreshing.clear()


# -- the gate: polls answered before the application -----------------------------------------

PUBLIC_PREFIX = "/public/"
"""Only the public pages' polls (no login, the same for every visitor) pass the gate."""

GATE_TTL = 1.0
"""Seconds a tag the application confirmed as current for an address is trusted by the gate:
a change reaches the phones at most ``VERSION_TTL + GATE_TTL`` seconds later."""

_confirmed: dict[tuple[str, str, str], dict[str, tuple[float, float | None]]] = {}
"""Per address and language cookie: each tag the application confirmed, with when it did and
for how long the gate trusts it (``None``: :data:`GATE_TTL`)."""


def _confirm(request: HttpRequest, tag: str, hold: float | None = None) -> None:
    """Remember that ``tag`` is current for the public address of ``request``, now, and for
    ``hold`` seconds (:data:`GATE_TTL` at most)."""
    path = request.path_info
    if request.method != "GET" or not path.startswith(PUBLIC_PREFIX):
        return
    # per language cookie: a browser that switched language still holds the other
    # language's tag, which must not be confirmed to it (its words would stay)
    key = _gate_key(request.META)
    now = time.monotonic()
    with _store_lock:
        if len(_confirmed) > 4 * CAPACITY:
            _confirmed.clear()
        tags = _confirmed.setdefault(key, {})
        if len(tags) > 16:  # languages x recent versions
            tags.clear()
        tags[_bare(tag)] = (now, hold)


def _held(hold: float | None) -> float:
    return GATE_TTL if hold is None else max(0.0, min(hold, GATE_TTL))


def _bare(tag: str) -> str:
    """``tag`` without its weak mark: a poll's tag is compared weakly (RFC 9110, 13.1.2),
    and the gate gives its compressed answers the weak form of the plain answer's tag."""
    return tag[2:] if tag.startswith("W/") else tag


SHARED_HEADER = "X-Arbitre-Shared"
"""Set by :func:`conditional_cached` on a public answer that is the same for every visitor
(the current figures of an address): the gate keeps it to answer the next polls itself, and
removes the header."""

HOLD_HEADER = "X-Arbitre-Shared-Hold"
"""Set beside :data:`SHARED_HEADER` on an answer that holds less than :data:`GATE_TTL` (a
running countdown: until its next second): the seconds the gate may give it, then removed."""

GZIP_MIN = 1024
"""Bytes from which the gate keeps a shared answer compressed too, for the polls that accept
gzip (a phone's browser: the festival's standings, 600 kB, are 40 kB compressed)."""

GZIP_LEVEL = 6

_LANGUAGE_COOKIE = re.compile(r"(?:^|;)\s*django_language=([^;]*)")


@dataclass(frozen=True)
class _Answer:
    at: float
    hold: float | None
    status: str
    headers: tuple[tuple[str, str], ...]
    body: bytes
    #: the body compressed and its headers (a large answer, :data:`GZIP_MIN`)
    gzipped: bytes | None = None
    gzip_headers: tuple[tuple[str, str], ...] = ()

    def given(self, environ: dict[str, Any]) -> tuple[tuple[tuple[str, str], ...], bytes]:
        """The headers and body for the poll ``environ``: compressed when it accepts it."""
        if self.gzipped is not None and _accepts_gzip(environ):
            return self.gzip_headers, self.gzipped
        return self.headers, self.body


def _accepts_gzip(environ: dict[str, Any]) -> bool:
    for item in environ.get("HTTP_ACCEPT_ENCODING", "").split(","):
        name, _, params = item.partition(";")
        if name.strip().lower() in ("gzip", "x-gzip"):
            q = params.replace(" ", "").lower()
            return not (q.startswith("q=0") and q.strip("q=0.") == "")
    return False


def _varied(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``headers`` whose ``Vary`` names Accept-Encoding too."""
    vary = [v for k, v in headers if k.lower() == "vary"]
    names = [n.strip() for v in vary for n in v.split(",") if n.strip()]
    if "accept-encoding" not in {n.lower() for n in names}:
        names.append("Accept-Encoding")
    return [(k, v) for k, v in headers if k.lower() != "vary"] + [("Vary", ", ".join(names))]


def _compressed(
    headers: list[tuple[str, str]], body: bytes, previous: _Answer | None
) -> tuple[bytes, tuple[tuple[str, str], ...]]:
    """``body`` compressed (the previous answer's when the body is the same: compressed once
    per version) and its headers: the plain ones with the encoding, its length and the weak
    form of the tag (the bytes differ from the plain answer's)."""
    if previous is not None and previous.gzipped is not None and previous.body == body:
        packed = previous.gzipped
    else:
        packed = gzip.compress(body, GZIP_LEVEL, mtime=0)
    out = []
    for k, v in headers:
        if k.lower() == "content-length":
            v = str(len(packed))
        elif k.lower() == "etag" and not v.startswith("W/"):
            v = "W/" + v
        out.append((k, v))
    return packed, (*out, ("Content-Encoding", "gzip"))


_answers: dict[tuple[str, str, str], _Answer] = {}

GATE_STALE = 10.0
"""Seconds past :data:`GATE_TTL` during which, while one poll of an address asks the
application again, the other polls of that address still get the gate's answer
("stale-while-revalidate"): a hall of phones never queues behind the application for the
same figures, and a refresh that hangs cannot keep old figures longer than this."""

_refreshing: dict[tuple[str, str, str], float] = {}


def _claim(key: tuple[str, str, str], now: float) -> bool:
    """Whether this request is the one to ask the application again for ``key``: none is
    under way, or the one under way began more than :data:`GATE_STALE` seconds ago."""
    with _store_lock:
        began = _refreshing.get(key)
        if began is not None and now - began < GATE_STALE:
            return False
        if len(_refreshing) > 4 * CAPACITY:
            _refreshing.clear()
        _refreshing[key] = now
        return True


def _gate_key(environ: dict[str, Any]) -> tuple[str, str, str]:
    """The address of a poll and the language cookie that chooses its words."""
    cookie = _LANGUAGE_COOKIE.search(environ.get("HTTP_COOKIE", ""))
    return (
        environ.get("PATH_INFO", ""),
        environ.get("QUERY_STRING", ""),
        cookie.group(1).strip() if cookie else "",
    )


class PollGate:
    """WSGI middleware in front of the application (``arbitre serve``): a public page's JSON
    or content polled less than :data:`GATE_TTL` after the application answered it is answered
    at once without entering Django (its middleware, URL resolution, view and version query
    cost most of a poll): "304 Not Modified" when the phone holds the tag the application
    confirmed as current, else the answer the application gave for the same address and
    language cookie, when it was the same for every visitor (:data:`SHARED_HEADER`) and set
    no cookie. Anything else goes to the application, and so does the first poll after that
    time, which makes the application confirm the tag again or answer the new figures; the
    polls that come while it does still get the gate's answer (:data:`GATE_STALE`)."""

    HEADERS = (
        ("Cache-Control", "no-cache"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
    )

    def __init__(self, application: Callable[..., Any]) -> None:
        self.application = application

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") != "GET" or not path.startswith(PUBLIC_PREFIX):
            return self.application(environ, start_response)
        now = time.monotonic()
        tag = environ.get("HTTP_IF_NONE_MATCH")
        key = _gate_key(environ)
        tags = _confirmed.get(key) if tag else None
        seen = tags.get(_bare(tag)) if tags is not None and tag else None
        kept = _answers.get(key)
        if seen is not None and now - seen[0] < _held(seen[1]):
            return self._unchanged(tag, start_response)
        if kept is not None and now - kept.at < _held(kept.hold):
            return self._kept(kept, environ, start_response)
        # Past their time: one poll asks the application again, the others meanwhile get
        # what the gate has, for at most GATE_STALE seconds more
        late = now - GATE_STALE
        current = (
            seen is not None
            and seen[0] + _held(seen[1]) > late
            and tags is not None
            and seen[0] == max(at for at, _ in tags.values())
        )
        usable = kept is not None and kept.at + _held(kept.hold) > late
        if not (current or usable):
            return self._keeping(environ, start_response, key)
        if not _claim(key, now):
            if current:
                return self._unchanged(tag, start_response)
            assert kept is not None
            return self._kept(kept, environ, start_response)
        try:
            return self._keeping(environ, start_response, key)
        finally:
            with _store_lock:
                _refreshing.pop(key, None)

    def _unchanged(self, tag: Any, start_response: Callable[..., Any]) -> list[bytes]:
        start_response("304 Not Modified", [("ETag", tag), *self.HEADERS])
        return []

    @staticmethod
    def _kept(
        kept: _Answer, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> list[bytes]:
        headers, body = kept.given(environ)
        start_response(kept.status, list(headers))
        return [body]

    def _keeping(
        self, environ: dict[str, Any], start_response: Callable[..., Any], key: tuple[str, str, str]
    ) -> Any:
        """The application's answer, kept for the next polls when it is shared (its headers
        are given once its body is read: compressed when the poll accepts it)."""
        seen: dict[str, Any] = {}

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            shared = any(k == SHARED_HEADER for k, _ in headers)
            hold = [v for k, v in headers if k == HOLD_HEADER]
            headers = [(k, v) for k, v in headers if k not in (SHARED_HEADER, HOLD_HEADER)]
            cookies = any(k.lower() == "set-cookie" for k, _ in headers)
            if shared and status.startswith("200 ") and not cookies and exc_info is None:
                seen["status"], seen["headers"] = status, headers
                seen["hold"] = float(hold[0]) if hold else None
                return lambda data: seen.setdefault("written", []).append(data)
            if exc_info is not None:
                return start_response(status, headers, exc_info)
            return start_response(status, headers)

        result = self.application(environ, start)
        if not seen:
            return result
        try:
            body = b"".join([*seen.get("written", []), *result])
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        headers = seen["headers"]
        if len(body) >= GZIP_MIN and not any(k.lower() == "content-encoding" for k, _ in headers):
            headers = _varied(headers)
            packed, packed_headers = _compressed(headers, body, _answers.get(key))
            answer = _Answer(
                time.monotonic(),
                seen["hold"],
                seen["status"],
                tuple(headers),
                body,
                packed,
                packed_headers,
            )
        else:
            answer = _Answer(time.monotonic(), seen["hold"], seen["status"], tuple(headers), body)
        with _store_lock:
            if len(_answers) > 4 * CAPACITY:
                _answers.clear()
            _answers[key] = answer
        given_headers, given = answer.given(environ)
        start_response(answer.status, list(given_headers))
        return [given]


def etag(*parts: object) -> str:
    """A strong ETag for ``parts`` (the version, the filters) and the page's language."""
    text = "\x1f".join(str(p) for p in (*parts, get_language()))
    return '"' + hashlib.blake2b(text.encode(), digest_size=12).hexdigest() + '"'


def _not_modified(request: HttpRequest, tag: str, hold: float | None = None) -> HttpResponse | None:
    """304 (asking again each time) when the browser already holds ``tag``."""
    response = get_conditional_response(request, etag=tag)
    if isinstance(response, HttpResponseNotModified):
        response["Cache-Control"] = "no-cache"
        _confirm(request, tag, hold)
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
    _confirm(request, tag)
    return response


def conditional_json(
    request: HttpRequest, tag: str, payload: Callable[[], dict[str, Any]]
) -> HttpResponse:
    """:func:`conditional` for the JSON of ``payload()``."""
    return conditional(request, tag, lambda: JsonResponse(payload()))


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
        _confirm(request, tag)
        response[SHARED_HEADER] = tag
    return response


def shared(
    request: HttpRequest, body: bytes, content_type: str, hold: float | None = None
) -> HttpResponse:
    """``body``, the same for every visitor of the address of ``request`` for ``hold`` seconds
    (:data:`GATE_TTL` at most: figures that move with the clock hold less), tagged by its
    content: 304 when the browser holds it; the gate gives it meanwhile without the
    application."""
    tag = etag(hashlib.blake2b(body, digest_size=16).hexdigest())
    not_modified = _not_modified(request, tag, hold)
    if not_modified is not None:
        return not_modified
    response = _tagged(HttpResponse(body, content_type=content_type), tag)
    _confirm(request, tag, hold)
    response[SHARED_HEADER] = tag
    if hold is not None:
        response[HOLD_HEADER] = f"{max(0.0, hold):.3f}"
    return response
