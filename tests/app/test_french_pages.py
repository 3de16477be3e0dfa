"""Every French page reads as French (issue 35, item 7).

Every URL of the application (enumerated as tests/app/test_rights.py does) is read in
French by an administrator and by an anonymous visitor, and the text a reader sees (not
the markup, scripts or attributes) must hold:

- no raw value: ``None``/``none``, ``True``/``False``, a Python error (``Errno``,
  ``Traceback``);
- no ISO date (``2026-11-22``): French pages write dates as 22/11/2026;
- no number with a decimal point (``1.22``): French writes ``1,22``. A regulation's
  article number (« art. 4.3 », « (5.2) », « 003 3.16 ») is not a number and is allowed.

The rule is read from how French is written, not from the code: a page that formats a
figure with ``f"{x:.2f}"`` or prints ``date.isoformat()`` fails here.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client

from tests.app.test_rights import ACCESS, CLUB_KEY, LOGIN, patterns
from tests.app.world import arguments

RAW = re.compile(r"\b(None|none|True|False|Errno|Traceback|nan|inf)\b")
ISO_DATE = re.compile(r"\b(19|20)\d\d-[01]\d-[0-3]\d\b")
DECIMAL_POINT = re.compile(r"\d\.\d")
ARTICLE = re.compile(
    r"art\.|articles?\b|règles?\b|seed|pendule|\(|§|\b00\d\b|version|Arbitre", re.I
)
"""What precedes an article number (« art. 4.3 », « (5.2) », « 004 5.1 », « art. 3.12 à
3.14 ») or the program's version, within the same parenthesis."""


class _Text(HTMLParser):
    """The text a reader sees: everything but scripts, styles and templates' markup."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style", "template"):
            self._hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def problems_in(text: str) -> list[str]:
    """What a French page must not show, with a little context each."""
    found = [f"raw value {m.group(0)!r}" for m in RAW.finditer(text)]
    found += [f"ISO date {m.group(0)!r}" for m in ISO_DATE.finditer(text)]
    for m in DECIMAL_POINT.finditer(text):
        start, end = m.start(), m.end()
        while start > 0 and (text[start - 1].isdigit() or text[start - 1] == "."):
            start -= 1
        while end < len(text) and (text[end].isdigit() or text[end] == "."):
            end += 1
        if text[start:end].strip(".").count(".") > 1:
            continue  # « 6.4.2 », « 0.1.0 »: an article or a version, not a number
        before = text[max(0, start - 30) : start].rpartition(")")[2]
        if not ARTICLE.search(before):
            found.append(f"decimal point in {text[max(0, start - 30) : m.end() + 10]!r}")
    return found


def test_the_checks_catch_what_they_are_for() -> None:
    """The test's own reading, on examples written by hand."""
    assert problems_in("%S1 1.22 — poids 2,00")
    assert problems_in("saison 2026-11-22")
    assert problems_in("Club : None")
    assert problems_in("[Errno 111] Connection refused")
    assert not problems_in("Temps écoulé (pendule, art. 4.3) · décision (5.2) · 22/11/2026")
    assert not problems_in("003 3.16 : position de départ · 1,22 %")


@pytest.fixture
def ranked_world(world: dict[str, Any]) -> dict[str, Any]:
    """The world with a season of the federation: a licensee (licence ``L1``, as the URL
    arguments name it), a ranked event (number 1) and a classification with fractions."""
    import datetime

    from arbitre.app.ranking.models import Licensee, RankedEvent, ResultRow, Season, Standing

    Licensee.objects.create(
        licence="L1",
        name="ÉTIENNE",
        first_name="Zoé",
        club="Vichy",
        series=2,
        tier="A",
        highest_series=2,
        birth_date=datetime.date(1970, 3, 8),
    )
    from django.utils import timezone

    season = Season.objects.create(year=2026, quota_s1=12.5, computed_at=timezone.now())
    RankedEvent.objects.create(
        pk=1,
        season=season,
        name="TH de Vichy",
        type_code="TH",
        games=3,
        date=datetime.date(2026, 11, 22),
        source="import",
    )
    ResultRow.objects.create(
        event_id=1,
        line=1,
        place=1,
        licence="L1",
        name="ÉTIENNE",
        first_name="Zoé",
        series=2,
        total=1234,
    )
    Standing.objects.create(
        season=season,
        licence="L1",
        series=1,
        tier="A",
        order=1,
        pct_s1=0.0122,
        pct_s2=0.5,
        pct_s3=0.25,
        pp4=3,
        points=36,
        explanation={},
    )
    return world


@pytest.mark.django_db
def test_no_french_page_shows_a_raw_value_an_iso_date_or_a_decimal_point(
    ranked_world: dict[str, Any],
) -> None:
    world = ranked_world
    from django.urls import reverse

    admin = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="fr")
    admin.force_login(world["users"]["admin"])
    visitors = {
        "admin": admin,
        "anonymous": Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="fr"),
    }
    problems: list[str] = []
    read = 0
    for name, route, _ in patterns():
        if name is None or ACCESS[name] in (LOGIN, CLUB_KEY):
            continue
        url = reverse(name, kwargs=arguments(route, name, world))
        for who, client in visitors.items():
            response = client.get(url)
            if response.status_code != 200 or response.streaming:
                continue
            if not response.get("Content-Type", "").startswith("text/html"):
                continue
            read += 1
            text = visible_text(response.content.decode("utf-8", "replace"))
            problems += [f"GET {url} ({name}) as {who}: {p}" for p in problems_in(text)]
    assert read > 100
    assert not problems, "\n".join(sorted(set(problems)))
