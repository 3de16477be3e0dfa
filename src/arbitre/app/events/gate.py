"""The poll gate (issue 23, part 2; issue 37): public polls answered in front of the
application, without Django, while what the application answered them holds.

A hall of phones polls the public pages' JSON every two seconds (a festival: 2,000 phones,
1,000 polls a second): the application marks an answer that is the same for every visitor
(:data:`SHARED_HEADER`) and confirms the tag it holds as current (:func:`confirm`); for
:data:`GATE_TTL` (or less: :data:`HOLD_HEADER`) the gate answers that address itself, 304 to a
phone holding the tag, else the kept answer, compressed for the polls that accept gzip. The
figures of :mod:`arbitre.app.events.live` decide what is current; the gate only repeats it.
"""

from __future__ import annotations

import gzip
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

ADDRESSES = 2048
"""Addresses x language cookies the gate keeps at most (past this it forgets them all)."""

_store_lock = threading.Lock()


PUBLIC_PREFIX = "/public/"
"""Only the public pages' polls (no login, the same for every visitor) pass the gate."""

GATE_TTL = 1.0
"""Seconds a tag the application confirmed as current for an address is trusted by the gate:
a change reaches the phones at most ``live.VERSION_TTL + GATE_TTL`` seconds later."""

_confirmed: dict[tuple[str, str, str], dict[str, tuple[float, float | None]]] = {}
"""Per address and language cookie: each tag the application confirmed, with when it did and
for how long the gate trusts it (``None``: :data:`GATE_TTL`)."""


def confirm(request: HttpRequest, tag: str, hold: float | None = None) -> None:
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
        if len(_confirmed) > ADDRESSES:
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
        if len(_refreshing) > ADDRESSES:
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
        packed: bytes | None = None
        packed_headers: tuple[tuple[str, str], ...] = ()
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
        with _store_lock:
            if len(_answers) > ADDRESSES:
                _answers.clear()
            _answers[key] = answer
        given_headers, given = answer.given(environ)
        start_response(answer.status, list(given_headers))
        return [given]


def clear() -> None:
    """Forget every tag and answer kept (tests; a restored database)."""
    with _store_lock:
        _confirmed.clear()
        _answers.clear()
        _refreshing.clear()
