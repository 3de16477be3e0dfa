"""Pages read in a real browser (issue 21, part 4): on a 390-pixel-wide phone no page is wider
than the screen (a wide table scrolls inside its own box), and every visible text meets the
WCAG 2.1 AA contrast ratio with the background it is drawn on (4.5:1, 3:1 for large text),
the hall screen's dark theme included. The pages are those of the demo events, seen by the
public and by their director."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.app.browser import headless_chromium
from tests.app.pagecheck import low_contrast, too_wide
from tests.app.server import RunningServer, arbitre_server
from tests.app_duplicate.test_duplicate_browser import login
from tests.app_duplicate.test_hall_browser import PASSWORD, small_demo

#: The password ``arbitre demo`` gives the Duplicate event's arbiters (arbitre-demo-1 to 3).
ARBITER_PASSWORD = "Tables-de-démo-2026"


@pytest.fixture(scope="module")
def demo_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[RunningServer, dict[str, int]]]:
    """A server of the small demo's events, shared by this file's tests: they only read its
    pages (each in browser contexts of its own, with its own logins); the events' numbers."""
    data, events = small_demo(tmp_path_factory.mktemp("demo"))
    with arbitre_server(data) as server:
        yield server, events


class InFlight:
    """The requests a page has sent and not yet seen answered (or failed)."""

    def __init__(self, page: Any) -> None:
        self.open: set[Any] = set()
        page.on("request", self.sent)
        page.on("requestfinished", self.ended)
        page.on("requestfailed", self.ended)

    def sent(self, request: Any) -> None:
        self.open.add(request)

    def ended(self, request: Any) -> None:
        self.open.discard(request)


def settle(page: Any, in_flight: InFlight) -> None:
    """Once a page has loaded, wait until the network is idle if its scripts are still
    fetching (a table they fill, the word list's banner): the checks read what the scripts
    drew. A page that fetches nothing is read at once, not after Playwright's half-second
    of idle network (a hundred pages a crawl)."""
    if in_flight.open:
        page.wait_for_load_state("networkidle")


@pytest.mark.browser
def test_every_page_fits_a_phone_and_meets_the_aa_contrast(
    demo_server: tuple[RunningServer, dict[str, int]],
) -> None:
    server, ev = demo_server
    dup, cl, bg = ev["duplicate"], ev["classic"], ev["backgammon"]
    public_pages = [
        "",
        "aide/",
        "aide/joueur/",
        "compte/connexion/",
        f"public/duplicate/{dup}/",
        f"public/classique/{cl}/",
        f"public/classique/{cl}/ronde/1/",
        f"public/backgammon/{bg}/",
        f"public/backgammon/{bg}/ronde/1/",
        f"public/classique/{cl}/pointage/",
    ]
    staff_pages = [
        f"duplicate/{dup}/",
        f"classique/{cl}/",
        f"classique/{cl}/ronde/1/",
        f"backgammon/{bg}/",
        f"backgammon/{bg}/ronde/1/",
        "aide/directeur/",
    ]
    problems: dict[str, list[str]] = {}
    with headless_chromium() as browser:
        url = server.url
        phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        staff = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        login(staff, url, "demo", PASSWORD)
        for page, paths in ((phone, public_pages), (staff, staff_pages)):
            in_flight = InFlight(page)
            for path in paths:
                response = page.goto(url + path)
                assert response is not None and response.status == 200, path
                settle(page, in_flight)
                found = low_contrast(page)
                found += too_wide(page)
                if found:
                    problems[path] = found
        hall = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        for path in (f"public/duplicate/{dup}/salle/", f"public/classique/{cl}/salle/"):
            hall.goto(url + path)
            hall.locator("#hall-panel-body table, #hall-panel-body p").first.wait_for()
            found = low_contrast(hall)
            if found:
                problems[path] = found
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)


#: Each visible field's name as a screen reader gives it: its labels, aria-label(ledby), title.
UNLABELLED_JS = """
() => Array.from(document.querySelectorAll("input, select, textarea")).filter(f => {
  if (["hidden", "submit", "button", "reset", "image"].includes(f.type)) return false;
  const style = getComputedStyle(f);
  if (style.display === "none" || style.visibility === "hidden") return false;
  return !((f.labels && f.labels.length) || f.getAttribute("aria-label")
           || f.getAttribute("aria-labelledby") || f.title);
}).map(f => f.tagName.toLowerCase() + "[name=" + f.name + "]")
"""

#: Links not followed by the crawl: leaving the session or the language, Django's admin, and
#: files (CSV, game records, backups) that are no pages.
NOT_PAGES = re.compile(
    r"/compte/deconnexion/|/langue/|/admin/|/static/|\.(csv|t|gcg|json|mat|txt|zip|svg|png)$"
)
#: Pages that carry no help link on purpose: the hall screens (a projector shows nothing
#: to click) and the warning slips (cut out and handed to the players).
NO_HELP_LINK = re.compile(r"/salle/$|/avertissements/$")


def page_kind(url: str) -> str:
    """A page's address with its numbers and table codes taken out: the crawl reads one
    page of each kind (one round, one player, one table)."""
    parts = urlsplit(url)
    path = re.sub(r"/[0-9A-Z]{6}/|/\d+/", "/N/", parts.path)
    path = re.sub(r"/[0-9A-Z]{6}/|/\d+/", "/N/", path)
    return path + ("?" + re.sub(r"\d+", "N", parts.query) if parts.query else "")


def engine_code_words() -> set[str]:
    """The engines' message codes, and their last part when it is no French word
    (``invalid_word``): text that must never reach a page unworded."""
    from tests.i18n.test_catalogue import engine_codes

    codes = engine_codes()
    return codes | {c.rsplit(".", 1)[-1] for c in codes if "_" in c.rsplit(".", 1)[-1]}


def crawl(
    page: Any, start: str, problems: dict[str, list[str]], codes: set[str], public: bool
) -> int:
    """Read every kind of page reachable by links from ``start`` as this visitor, at the
    phone's width; add each page's problems to ``problems``; the number of pages read.
    The refusal page (with its reason) may answer a link of the help, which names every
    role's pages, or any link the ``public`` follows; no other link of a page leads to it."""
    queue, kinds, read = [(start, start)], set(), 0
    in_flight = InFlight(page)
    code_pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(codes))) + r")\b")
    while queue:
        url, came_from = queue.pop(0)
        url = url.split("#")[0]
        path = urlsplit(url).path
        if page_kind(url) in kinds or NOT_PAGES.search(path):
            continue
        kinds.add(page_kind(url))
        try:
            response = page.goto(url, wait_until="load")
        except PlaywrightError as error:  # a link to a file the browser downloads
            if "Download is starting" in str(error):
                continue
            raise
        if response is None or "html" not in response.headers.get("content-type", ""):
            continue
        settle(page, in_flight)
        read += 1
        found = low_contrast(page)
        refused = response.status == 403 and (public or "/aide/" in came_from)
        if response.status != 200 and not refused:
            found.append(f"answered {response.status}")
        found += too_wide(page)
        found += [f"{field} has no label" for field in page.evaluate(UNLABELLED_JS)]
        if not NO_HELP_LINK.search(path) and page.locator("a[href^='/aide/']").count() == 0:
            found.append("no link to the help")
        text = page.locator("body").inner_text()
        found += [f"raw code {code!r}" for code in sorted(set(code_pattern.findall(text)))]
        if found:
            problems[url] = found
        origin = start.split("/", 3)[:3]
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
            if href.split("/", 3)[:3] == origin and page_kind(href) not in kinds:
                queue.append((href, url))
    return read


@pytest.mark.browser
def test_every_page_a_link_reaches_fits_a_phone_is_labelled_and_helps(
    demo_server: tuple[RunningServer, dict[str, int]],
) -> None:
    """Every kind of page that a link reaches from the home page, for the public, the demo
    events' director and one of the Duplicate's arbiters, read on a 390-pixel-wide phone:
    nothing wider than the screen, AA contrast, every field labelled, the help one link
    away, and no engine message code shown unworded."""
    server, _ = demo_server
    codes = engine_code_words()
    problems: dict[str, list[str]] = {}
    read: dict[str, int] = {}
    with headless_chromium() as browser:
        for who, password in (("", ""), ("demo", PASSWORD), ("arbitre-demo-1", ARBITER_PASSWORD)):
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            if who:
                login(page, server.url, who, password)
                page.wait_for_load_state("load")
            read[who or "public"] = crawl(page, server.url, problems, codes, public=not who)
            page.context.close()
    # the public reads the events' pages, the director and the arbiter their staff pages too
    assert read["public"] >= 15 and read["demo"] >= 60 and read["arbitre-demo-1"] >= 15, read
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
