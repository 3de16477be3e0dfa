"""The officer's page of a simultané at full size (issue 38, item 5): what it shows of the
simultané (its centres summed up, the centres' table, the standings, the solos) is the same
for every officer at one version of the simultané (:mod:`.merged`), so those parts are
rendered once per version, address (the tables' pages) and language, by one server process
for all (:mod:`.shared_parts`: kept in each process's memory and in the database): the
officer's page read again at a version reads the simultané's row and the kept parts, no
merge, no table rendered. The remove buttons'
forms are kept with a placeholder where the CSRF token goes, each request's token put in
(as :mod:`arbitre.app.shared_pages` does for the public pages). The admit form, the same
as long as the clubs with a key are, is kept under those clubs."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Count, Q
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from arbitre.app.events import live
from arbitre.app.shared_pages import CSRF_PLACEHOLDER
from arbitre.app.simultane import merged, shared_parts, tables
from arbitre.app.simultane.forms import AdmitForm
from arbitre.app.simultane.models import Simultane

#: The lines of the standings, and of the centres, on one officer's page (6,000 players are
#: 60 pages; the public page and the season's file carry them all).
PAGE = 100
#: The centres awaited named above the centres' table.
AWAITED = 100
#: The session's mark of the simultané the officer just changed (:func:`own_change`).
OWN_CHANGE = "simultane-own-change"
#: Called with the simultané's id and a language to have the page's parts as it opens
#: rendered in the background (``prerender.ask``, added by the app).
BACKGROUND: list[Callable[[int, str], None]] = []


class Pages:
    """The page of a table asked (``?<name>=N``, kept within the pages), how many, and the
    addresses of the pages before and after (the other tables' pages kept)."""

    def __init__(self, request: HttpRequest, name: str, rows: int) -> None:
        self.pages = max(1, -(-rows // PAGE))
        text = request.GET.get(name, "")
        self.page = min(int(text), self.pages) if text.isdigit() and int(text) >= 1 else 1
        self.slice = slice((self.page - 1) * PAGE, self.page * PAGE)
        self.previous = self._address(request, name, self.page - 1)
        self.next = self._address(request, name, self.page + 1)

    def _address(self, request: HttpRequest, name: str, page: int) -> str:
        if not 1 <= page <= self.pages:
            return ""
        query = request.GET.copy()
        query[name] = str(page)
        return "?" + query.urlencode()


@dataclass(frozen=True)
class Parts:
    """The kept parts of the officer's page, as HTML (the CSRF token still a placeholder)."""

    centres: str
    standings: str


def parts(
    request: HttpRequest, simultane: Simultane, own_change: bool = False
) -> tuple[SafeString, SafeString]:
    """The centres' part and the standings' part of the officer's page of ``simultane`` (as
    read at this request: its version keys them), with this request's CSRF token.

    While the parts of a new version are being rendered (by the process whose change it
    is, :mod:`.prerender`, or by another request), the officer's poll gets them as last
    rendered, at most one rendering (tens of milliseconds) behind, instead of waiting; not
    right after the officer's ``own_change`` (an admitted centre is shown at once)."""
    kept = _kept(request, simultane, meanwhile=not own_change)
    token = get_token(request)
    # the kept HTML was rendered by the templates, its data escaped; only the token is put in
    return (
        mark_safe(kept.centres.replace(CSRF_PLACEHOLDER, token)),  # noqa: S308
        mark_safe(kept.standings),  # noqa: S308
    )


def _kept(request: HttpRequest, simultane: Simultane, meanwhile: bool = False) -> Parts:
    address = request.get_full_path()
    key = ("simultane-officer", simultane.pk, address)

    def render() -> str:
        return json.dumps(dataclasses.astuple(_render(request, simultane)))

    def read(text: str) -> Parts:
        return Parts(*json.loads(text))

    def ahead() -> None:
        for hook in BACKGROUND:
            hook(simultane.pk, get_language())

    # the page as it opens is what the background thread renders: a poll of it that finds
    # a new version's parts neither stored nor being rendered asks for them there
    first = meanwhile and bool(BACKGROUND) and address == _first_address(simultane)
    return shared_parts.kept(
        simultane.pk, simultane.version, key, render, read, meanwhile, ahead if first else None
    )


def _first_address(simultane: Simultane) -> str:
    return reverse("simultane:officer_detail", args=[simultane.pk])


def first_page(simultane: Simultane) -> Parts:
    """The parts of the officer's page as an officer opens it (its address without a
    query: the first page of each table), in the active language: rendered and stored now
    unless held (:mod:`.prerender` calls it once a change commits)."""
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = _first_address(simultane)
    return _kept(request, simultane)


def _render(request: HttpRequest, simultane: Simultane) -> Parts:
    found = merged.current(simultane)
    standings = Pages(request, "page", len(found.standings))
    counts = simultane.centres.aggregate(
        admitted=Count("pk"),
        sent=Count("upload"),
        withdrawn=Count("upload", filter=Q(upload__withdrawn_at__isnull=False)),
    )
    centres = Pages(request, "centres", counts["admitted"])
    awaited = simultane.centres.filter(upload__isnull=True).values_list("club", flat=True)
    shown = found.standings[standings.slice]
    shown_centres = list(simultane.centres.with_upload()[centres.slice])
    context = {
        "simultane": simultane,
        "counts": counts,
        "awaited": list(awaited[:AWAITED]),
        "centres": shown_centres,
        "centres_rows": tables.centres_rows(shown_centres, CSRF_PLACEHOLDER),
        "centre_pages": centres,
        "standings": shown,
        "standings_rows": tables.standings_rows(shown, licences=True),
        "standing_pages": standings,
        "solos": found.solos,
        "players": found.players,
        "csrf_token": CSRF_PLACEHOLDER,
    }
    return Parts(
        render_to_string("simultane/officer_centres.html", context),
        render_to_string("simultane/officer_standings.html", context),
    )


def own_change(request: HttpRequest, simultane: Simultane) -> None:
    """Mark that the officer changed ``simultane`` (their next view of its page shows the
    change, :func:`parts`)."""
    request.session[OWN_CHANGE] = simultane.pk


def after_own_change(request: HttpRequest, simultane: Simultane) -> bool:
    """Whether this view of the page follows the officer's own change of ``simultane``
    (the mark is then taken off)."""
    return request.method == "POST" or request.session.pop(OWN_CHANGE, None) == simultane.pk


def admit_form(form: AdmitForm) -> SafeString:
    """The admit form's fields as HTML: a form not posted (the same for every officer while
    the clubs with a key are) kept under those clubs, a posted one (its errors) rendered."""
    if form.is_bound:
        return form.as_p()
    field = form.fields["club"]
    clubs = "\x1f".join(str(value) for value, _ in getattr(field, "choices", ()))
    digest = hashlib.blake2b(clubs.encode(), digest_size=16).hexdigest()
    html = live.cached(("simultane-admit-form",), digest, lambda: str(form.as_p()))
    return mark_safe(html)  # noqa: S308  (the form's own rendering, kept)
