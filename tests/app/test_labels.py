"""Every field of every page has a name a screen reader says (issue 21, part 4): a
``<label>`` around it or naming its id, or ``aria-label`` / ``aria-labelledby`` / ``title``.
Each page of the test world is requested by the events' director, in French."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.test_rights import patterns
from tests.app.world import arguments

pytestmark = pytest.mark.django_db

HIDDEN = {"hidden", "submit", "button", "reset", "image"}


class Fields(HTMLParser):
    """The fields of a page and the labels naming them."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[dict[str, str]] = []
        self.label_for: set[str] = set()
        self.open_labels = 0
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "label":
            self.open_labels += 1
            if a.get("for"):
                self.label_for.add(a["for"])
        elif tag in ("input", "select", "textarea"):
            if tag == "input" and a.get("type", "text") in HIDDEN:
                return
            self.fields.append({**a, "_tag": tag, "_in_label": str(self.open_labels > 0)})
        if a.get("id"):
            self.ids.append(a["id"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "label" and self.open_labels:
            self.open_labels -= 1

    def unnamed(self) -> list[str]:
        # a label naming an id that two elements carry names only the first of them: the
        # second field (two forms of one page with a field of the same name) is unnamed
        out = [
            f"<… id={i!r}> twice" for i in sorted({i for i in self.ids if self.ids.count(i) > 1})
        ]
        for f in self.fields:
            named = (
                f["_in_label"] == "True"
                or f.get("id", "") in self.label_for
                or f.get("aria-label")
                or f.get("aria-labelledby")
                or f.get("title")
            )
            if not named:
                out.append(f"<{f['_tag']} name={f.get('name', '?')!r}>")
        return out


def _check(client: Client, urls: list[str], at_least: int, every: bool = False) -> None:
    """Fail on any field of the pages at ``urls`` without a label (``every``: each page must
    answer 200; otherwise pages that do not answer HTML are passed over)."""
    problems: list[str] = []
    seen = 0
    for url in urls:
        response = client.get(url)
        if every:
            assert response.status_code == 200, url
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parser = Fields()
        parser.feed(response.content.decode())
        seen += len(parser.fields)
        problems += [f"{url}: {field}" for field in parser.unnamed()]
    assert seen > at_least
    assert not problems, "fields without a label:\n" + "\n".join(sorted(set(problems)))


def test_every_field_of_every_page_has_a_label(world: dict[str, Any]) -> None:
    client = Client(raise_request_exception=False)
    client.force_login(world["users"]["director"])
    urls = [
        reverse(name, kwargs=arguments(route, name, world))
        for name, route, _ in patterns()
        if name is not None and name not in ("logout", "set_language", "favicon")
    ]
    _check(client, urls, 30)


def test_the_fields_of_events_under_way_have_a_label() -> None:
    """The demo events under way: ballots to enter, results to enter, a bracket ahead."""
    from arbitre.app import demo

    report = demo.populate(demo.demo_director("Démonstration-2026"), demo.SMALL, 3)
    client = Client()
    client.force_login(demo.demo_director(""))
    d, c, b = (report.events[k] for k in ("duplicate", "classic", "backgammon"))
    pages = [
        f"/duplicate/{d}/",
        f"/duplicate/{d}/partie/2/saisie/",
        f"/duplicate/{d}/partie/2/ja/",
        f"/duplicate/{d}/reglages/",
        f"/classique/{c}/",
        f"/classique/{c}/ronde/{demo.SMALL.classic_rounds_entered + 1}/",
        f"/backgammon/{b}/",
        f"/backgammon/{b}/ronde/{demo.SMALL.backgammon_rounds_entered + 1}/",
        f"/backgammon/{b}/reglages/",
    ]
    _check(client, pages, 50, every=True)
