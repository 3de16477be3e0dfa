"""The lines of a simultané's standings table, and of the officer's centres' table, as HTML
written in one pass: at full size (6,000 players; the public page shows up to 2,000 lines)
the template engine took about 0.1 ms a standings line, rendered again by each server
process at each version, and the centres' dates were most of the officer's page. The
templates ``simultane/standings_rows.html``, ``simultane/centres_rows.html`` and
``simultane/public_centres_items.html`` write the
same lines through the template engine: the references the tests hold these equal to
(tests/simultane/test_standings_rows.py). Every text is escaped as the template engine
escapes it."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from django.utils import dateformat, timezone
from django.utils.formats import get_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from arbitre.ranking.simultane import CentreRow, MergedRow

#: (language, licences shown, row) -> the line's cells from the name to the total, each
#: row's texts escaped once: a new version moves a few players' totals and many places
_cells: dict[tuple[str | None, bool, CentreRow], tuple[str, str]] = {}
#: the most rows kept so (then forgotten at once: a few simultanés' players)
CELLS_KEPT = 20_000


def standings_rows(standings: Sequence[MergedRow], licences: bool = False) -> SafeString:
    """The ``<tr>`` of each line (place, « ex » when tied, name and first name, « non
    licencié » when so entered, the licence when ``licences``, centre, place in the
    centre, total), each followed by a new line."""
    language = get_language()
    out = []
    for m in standings:
        key = (language, licences, m.row)
        cells = _cells.get(key)
        if cells is None:
            cells = _cells[key] = _row_cells(m.row, licences)
            if len(_cells) > CELLS_KEPT:
                _cells.clear()
        out.append(
            f'<tr><td class="num">{m.place}{" ex" if m.ex_aequo else ""}</td>'
            f"{cells[0]}{m.centre_place}{cells[1]}"
        )
    # every text above escaped: the lines are safe HTML
    return mark_safe("".join(out))  # noqa: S308


def _row_cells(r: CentreRow, licences: bool) -> tuple[str, str]:
    """A line's cells around the place in the centre (the texts escaped as the template
    engine escapes them: ``django.utils.html.escape`` is the standard library's)."""
    mark = f' <small class="unlicensed">{html.escape(gettext("non licencié"))}</small>'
    return (
        f"<td>{html.escape(r.name)} {html.escape(r.first_name)}{mark if r.unlicensed else ''}</td>"
        + (f"<td>{html.escape(r.licence)}</td>" if licences else "")
        + f'<td>{html.escape(r.centre)}</td><td class="num">',
        f'</td><td class="num">{r.total}</td></tr>\n',
    )


def _players(count: int) -> str:
    """« N joueurs », as the centres' tables word a centre's results."""
    return ngettext("%(count)s joueur", "%(count)s joueurs", count) % {"count": count}


def centres_rows(centres: Sequence[Any], csrf_token: str) -> SafeString:
    """The ``<tr>`` of each centre of the officer's table (club, admitted, key received,
    its results' players and date, withdrawn with the reason, or awaited; the remove
    button, with ``csrf_token``, for a centre that sent nothing), each followed by a new
    line."""
    short = get_format("SHORT_DATETIME_FORMAT")

    def when(value: Any) -> str:
        return escape(dateformat.format(timezone.localtime(value), short))

    awaited = f"<strong>{escape(gettext('en attente'))}</strong>"
    withdrawn = f' — <strong class="withdrawn">{escape(gettext("retiré"))}</strong>'
    token = (
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf_token)}">'
        if csrf_token  # (as ``{% csrf_token %}``: nothing without one)
        else ""
    )
    remove = f'<form method="post" class="inline">{token}<button name="remove" value="'
    button = f'" class="secondary">{escape(gettext("Retirer"))}</button></form>'

    out = []
    for c in centres:
        upload = getattr(c, "upload", None)  # (none sent: the related row is missing)
        key = when(c.key_fetched_at) if c.key_fetched_at else "—"
        if upload:
            results = f"{_players(upload.players)} ({when(upload.updated_at)})" + (
                f"{withdrawn} ({escape(upload.withdrawn_reason)})" if upload.withdrawn_at else ""
            )
        else:
            results = awaited
        out.append(
            f"<tr><td>{escape(c.club)}</td><td>{when(c.admitted_at)}</td><td>{key}</td>\n"
            f"<td>{results}</td>\n"
            f"<td>{'' if upload else remove + escape(c.pk) + button}</td></tr>\n"
        )
    # every text above escaped: the lines are safe HTML
    return mark_safe("".join(out))  # noqa: S308


def public_centres_items(centres: Sequence[Any]) -> SafeString:
    """The ``<li>`` of each centre of the public page: its link to the centre's view, then
    withdrawn with the reason, its players, or « résultats attendus »."""
    withdrawn = f'<strong class="withdrawn">{html.escape(gettext("retiré"))}</strong>'
    awaited = html.escape(gettext("résultats attendus"))
    players: dict[int, str] = {}  # count -> « N joueurs », worded once per count
    out = []
    for c in centres:
        upload = getattr(c, "upload", None)  # (none sent: the related row is missing)
        if upload and upload.withdrawn_at:
            shown = f"{withdrawn} ({html.escape(upload.withdrawn_reason)})"
        elif upload:
            if upload.players not in players:
                players[upload.players] = _players(upload.players)
            shown = players[upload.players]
        else:
            shown = awaited
        club = html.escape(c.club)
        link = html.escape(quote(c.club, safe="/"))
        out.append(f'<li><a href="?centre={link}">{club}</a> — {shown}</li>')
    # every text above escaped: the items are safe HTML
    return mark_safe("".join(out))  # noqa: S308
