"""Hostile values posted into every form of the application never cause a server error
(issue 22, part 2).

The test visits every page a director of the events can see, reads each ``<form>`` on it
(its action and field names) and posts it with every field holding a hostile value: markup,
``/``, a NUL character, 5,000 characters, non-ASCII digits, right-to-left marks. A response
of 500 or more fails the test; refusals (messages, 400, 404) are what is expected.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests.app.test_rights import ACCESS, LOGIN, patterns
from tests.app.world import arguments
from tests.support import FULL_DEPTH, QUICK_SHARE, depth

HOSTILE = (
    '<script>alert("x")</script>',
    "AB/12",
    "a\x00b",
    "é" * 5000,
    "٣٤",  # Arabic-Indic digits
    "4²",
    "\u202eelif\u202c",  # right-to-left override
    "-1",
    " ",
    '=HYPERLINK("http://x")',
)


class FormReader(HTMLParser):
    """The POST forms of a page: ``(action, {field: values the page offers})``; a button or a
    hidden field offers its value, other fields none."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, set[str]]]] = []
        self._fields: dict[str, set[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "get").lower() == "post":
            self._fields = {}
            self.forms.append((a.get("action", ""), self._fields))
        elif self._fields is not None and tag in ("input", "select", "textarea", "button"):
            name = a.get("name")
            if name and a.get("type") != "file" and name != "csrfmiddlewaretoken":
                offered = self._fields.setdefault(name, set())
                if tag == "button" or a.get("type") == "hidden":
                    offered.add(a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._fields = None


def _pages(world: dict[str, Any]) -> list[str]:
    out = []
    for name, route, _ in patterns():
        if name is None or ACCESS[name] == LOGIN:
            continue
        out.append(reverse(name, kwargs=arguments(route, name, world)))
    return out


def test_hostile_values_in_every_form_cause_no_server_error(world: dict[str, Any]) -> None:
    director = Client(raise_request_exception=False)
    director.force_login(world["users"]["admin"])
    forms: set[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]]] = set()
    for url in _pages(world):
        response = director.get(url)
        assert response.status_code < 500, f"GET {url}: {response.status_code}"
        if "html" not in response.get("Content-Type", ""):
            continue
        reader = FormReader()
        reader.feed(response.content.decode("utf-8", "replace"))
        for action, fields in reader.forms:
            if (action or url) == reverse("logout"):
                continue  # would end the director's session
            offered = tuple(sorted((n, tuple(sorted(v))) for n, v in fields.items()))
            forms.add((action or url, offered))
    assert len(forms) >= 40, sorted(forms)
    failures = []
    posts = 0
    for index, (action, offered) in enumerate(sorted(forms)):
        # every value in every form at full depth (CI); in a developer's run, each form a
        # quarter of them, in turn, so that each value still reaches a quarter of the forms
        values = HOSTILE if FULL_DEPTH else HOSTILE[index % QUICK_SHARE :: QUICK_SHARE]
        for value in values:
            for variant in _variants(dict(offered)):
                data = {name: variant.get(name, value) for name, _ in offered}
                with transaction.atomic():
                    response = director.post(action, data)
                    transaction.set_rollback(True)
                posts += 1
                if response.status_code >= 500:
                    failures.append(f"POST {action} {data!r:.200}")
    assert posts > depth(1000)
    assert not failures, "\n".join(failures[:40])


def _variants(offered: dict[str, tuple[str, ...]]) -> list[dict[str, str]]:
    """Every field hostile; and, for each value a button or hidden field offers, that value
    with the other fields hostile (so that each action of a form is reached)."""
    out: list[dict[str, str]] = [{}]
    for name, values in offered.items():
        out.extend({name: v} for v in values)
    if len(offered) > 1:
        out.append({n: vs[0] for n, vs in offered.items() if vs})
    return out


def test_a_nul_character_is_refused_before_any_view(world: dict[str, Any]) -> None:
    """PostgreSQL cannot store a NUL character: it is refused with 400 on every database."""
    director = Client()
    director.force_login(world["users"]["admin"])
    event = world["events"]["classic-mine"]
    url = f"/classique/{event.pk}/ronde/1/modifier/"
    response = director.post(url, {"first": "P0", "second": "P1", "reason": "a\x00b"})
    assert response.status_code == 400
    assert "caractère nul" in response.content.decode()
    assert director.get("/public/classique/%00/").status_code in (400, 404)
    json_body = '{"text": "a\\u0000"}'
    api = f"/duplicate/{world['events']['duplicate-mine'].pk}/partie/1/saisie/api/"
    assert director.post(api, json_body, content_type="application/json").status_code == 400
    assert director.post(url, {"first": "P0", "second": "P1", "reason": "ok"}).status_code == 302


def test_a_huge_request_is_refused_before_it_is_read(world: dict[str, Any]) -> None:
    """A 200 MB word list or CSV is refused from its announced length (413)."""
    director = Client()
    director.force_login(world["users"]["admin"])
    event = world["events"]["classic-mine"]
    url = f"/classique/{event.pk}/joueurs/import/"
    response = director.generic(
        "POST",
        url,
        b"x",
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(200 * 1024 * 1024),
    )
    assert response.status_code == 413
    assert "200,0 Mo envoyés" in response.content.decode()


def test_a_request_refused_before_any_view_is_a_page_of_the_site_for_a_browser(
    world: dict[str, Any],
) -> None:
    """A browser sending a form with a file far too large, or a NUL character, gets the
    reason in the site's frame with the way back; a script (no ``text/html`` in Accept) gets
    the plain sentence it shows as it comes. Nothing is stored either way."""
    director = Client()
    director.force_login(world["users"]["admin"])
    event = world["events"]["classic-mine"]
    before = event.tournament.entrants.count()
    browser = "text/html,application/xhtml+xml,*/*;q=0.8"
    response = director.generic(
        "POST",
        f"/classique/{event.pk}/joueurs/import/",
        b"x",
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(200 * 1024 * 1024),
        HTTP_ACCEPT=browser,
    )
    page = response.content.decode()
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/html")
    assert "<h1>Requête refusée</h1>" in page
    assert "200,0 Mo envoyés, 64,0 Mo au plus" in page
    assert "Retour à la liste des événements" in page
    url = f"/classique/{event.pk}/ronde/1/modifier/"
    nul = director.post(url, {"reason": "a\x00b"}, HTTP_ACCEPT=browser)
    assert nul.status_code == 400
    assert "<h1>Requête refusée</h1>" in nul.content.decode()
    assert "caractère nul" in nul.content.decode()
    script = director.post(url, {"reason": "a\x00b"}, HTTP_ACCEPT="application/json")
    assert script["Content-Type"].startswith("text/plain")
    assert (
        script.content.decode()
        == "Requête refusée : elle contient un caractère nul, qu'aucun champ n'accepte."
    )
    english = Client()
    english.force_login(world["users"]["admin"])
    english.cookies["django_language"] = "en"
    answer = english.post(url, {"reason": "a\x00b"}, HTTP_ACCEPT=browser).content.decode()
    assert "Nothing was saved" in answer
    assert event.tournament.entrants.count() == before


def test_a_players_file_over_its_limit_is_refused_and_nothing_imported(
    world: dict[str, Any],
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    from arbitre.app.uploads import PLAYERS_FILE_BYTES

    director = Client()
    director.force_login(world["users"]["admin"])
    event = world["events"]["classic-mine"]
    before = event.tournament.entrants.count()
    rows = "".join(f"Joueur{i},1500\n" for i in range(PLAYERS_FILE_BYTES // 10))
    upload = SimpleUploadedFile("joueurs.csv", rows.encode(), content_type="text/csv")
    response = director.post(
        f"/classique/{event.pk}/joueurs/import/", {"file": upload}, follow=True
    )
    texts = [str(m) for m in response.context["messages"]]
    assert any("trop volumineux" in t for t in texts), texts
    assert event.tournament.entrants.count() == before
