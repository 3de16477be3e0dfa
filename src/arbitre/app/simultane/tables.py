"""The lines of a simultané's standings table as HTML, written in one pass: at full size
(6,000 players; the public page shows up to 2,000 lines) the template engine took about
0.1 ms a line, rendered again by each server process at each version. The template
``simultane/standings_rows.html`` writes the same lines through the template engine: the
reference the tests hold this equal to (tests/simultane/test_standings_rows.py). Every
text is escaped as the template engine escapes it."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from arbitre.ranking.simultane import MergedRow


def standings_rows(standings: Sequence[MergedRow], licences: bool = False) -> SafeString:
    """The ``<tr>`` of each line (place, « ex » when tied, name and first name, « non
    licencié » when so entered, the licence when ``licences``, centre, place in the
    centre, total), each followed by a new line."""
    mark = f' <small class="unlicensed">{escape(gettext("non licencié"))}</small>'
    out = []
    for m in standings:
        r = m.row
        out.append(
            f'<tr><td class="num">{m.place}{" ex" if m.ex_aequo else ""}</td>'
            f"<td>{escape(r.name)} {escape(r.first_name)}{mark if r.unlicensed else ''}</td>"
            + (f"<td>{escape(r.licence)}</td>" if licences else "")
            + f'<td>{escape(r.centre)}</td><td class="num">{m.centre_place}</td>'
            f'<td class="num">{r.total}</td></tr>\n'
        )
    # every text above escaped: the lines are safe HTML
    return mark_safe("".join(out))  # noqa: S308
