"""The hall screens (issue 21, part 3): a projector page per event, read from 15 metres.

Each game builds its screen as *panels*: HTML fragments rendered once per version of the
event (:mod:`arbitre.app.events.live`) that the page shows in turn, plus, for Duplicate, the
draw and the countdown that stay in view. This module holds what every game shares: the
QR code that points phones to the event's live public pages, the cutting of long lists into
pages that fit a screen, and the JSON the page polls (with an ETag: 304 while nothing moved).

The page itself (``templates/events/hall.html`` and ``static/arbitre/hall.js``) knows no
game: it polls, puts the panels in place, turns them every few seconds, runs the countdown
from the start time it is given and the server's clock (the ``Date`` header), and asks for
full screen on a click.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import segno
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from arbitre.app.events import live

T = TypeVar("T")

#: Rows a list panel shows at once: large enough to read from the back of a hall.
ROWS_PER_PAGE = 10
#: Pages of a long list that turn on the screen; the rest is on the phones.
MAX_PAGES = 6
#: Seconds each rotating panel stays on the screen.
PANEL_SECONDS = 12
#: Host names that a phone in the hall cannot reach.
LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]", "::1")


@dataclass(frozen=True)
class Panel:
    """One screen of the rotation: an id (stable across versions, so that the page keeps
    its place in the turn), a title and its HTML."""

    key: str
    title: str
    html: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.key, "title": self.title, "html": self.html}


def panel_seconds(request: HttpRequest) -> int:
    """Seconds per panel: ``?secondes=N`` (3 to 120) sets the pace of a screen, else
    :data:`PANEL_SECONDS`."""
    try:
        asked = int(request.GET.get("secondes", PANEL_SECONDS))
    except ValueError:
        return PANEL_SECONDS
    return min(max(asked, 3), 120)


def pages(rows: Sequence[T], size: int = ROWS_PER_PAGE, limit: int = MAX_PAGES) -> list[list[T]]:
    """``rows`` cut into pages of ``size`` (at most ``limit`` pages; none for no rows).

    >>> [len(p) for p in pages(list(range(23)), 10)]
    [10, 10, 3]
    >>> len(pages(list(range(200)), 10, 6)), pages([], 10)
    (6, [])
    """
    return [list(rows[i : i + size]) for i in range(0, len(rows), size)][:limit]


def paged(key: str, title: str, rows: Sequence[T], render: Callable[[list[T]], str]) -> list[Panel]:
    """The panels of a list: one per page, titled "title (2/3)" when there are several."""
    chunks = pages(rows)
    out = []
    for i, chunk in enumerate(chunks, start=1):
        shown = title
        if len(chunks) > 1:
            shown = gettext("%(title)s (%(page)s/%(pages)s)") % {
                "title": title,
                "page": i,
                "pages": len(chunks),
            }
        out.append(Panel(f"{key}-{i}", shown, render(chunk)))
    return out


def public_url(request: HttpRequest, path: str) -> str:
    """The absolute address of ``path`` that phones in the hall should open.

    ``ARBITRE_PUBLIC_URL`` (the address of the server on the venue's network, e.g.
    ``http://192.168.1.20:8000``) wins when set; otherwise the address the screen itself was
    opened with."""
    base = getattr(settings, "ARBITRE_PUBLIC_URL", "")
    if base:
        return base.rstrip("/") + path
    return request.build_absolute_uri(path)


def reaches_phones(url: str) -> bool:
    """Whether a phone could open ``url``: not when it names this machine only.

    >>> reaches_phones("http://localhost:8000/x/"), reaches_phones("http://10.0.0.5:8000/x/")
    (False, True)
    """
    host = url.split("://", 1)[-1].split("/", 1)[0]
    name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
    return name not in LOCAL_NAMES


def qr_svg(url: str, title: str = "") -> SafeString:
    """The QR code of ``url`` as inline SVG (error correction M, a quiet zone of 4 modules as
    the standard asks, scaled by the page's CSS)."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=4, omitsize=True, title=title or url)
    return mark_safe(svg)  # noqa: S308 - segno writes the SVG from the URL's modules only


def hall_json(
    request: HttpRequest,
    key: Hashable,
    version: str,
    build: Callable[[], dict[str, Any]],
) -> HttpResponse:
    """The JSON a hall page polls: ``build()`` (``panels`` as :meth:`Panel.to_json` values,
    and what else the game shows) computed once per version of the event, answered 304
    while the browser holds it."""
    return live.conditional_cached(
        request,
        ("hall", key),
        version,
        ("hall", key),
        lambda: json.dumps({**build(), "version": version}, cls=DjangoJSONEncoder),
        "application/json",
    )
