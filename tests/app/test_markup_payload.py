"""Markup typed or imported never reaches a page as markup (issue 34, item 1).

Every name, club and text of every kind of event (Duplicate, Classic, backgammon: event
names and places, players, clubs, licensees, incidents and their appeals, a clock's
compensation reason) holds a payload that would run script if a page wrote it unescaped:
it closes a script block, opens one, leaves an attribute and adds an image with a handler.
Then every URL of the application (enumerated as tests/app/test_rights.py does) is read
by the event's director and by an anonymous visitor, public pages also as the fragment
their script polls, and the test fails if the payload's markup appears as markup in any
HTML answer, or in a value of a JSON answer that a page's script writes as HTML.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from django.test import Client

from tests.app.test_rights import ACCESS, CLUB_KEY, LOGIN, PUBLIC, patterns
from tests.app.world import _user, arguments

PAYLOAD = "</script><script>window.__pwned=1</script>\"'><img src=x onerror=__pwned=2>"
"""74 characters: it fits every name field (100)."""
MARKERS = ("<script>window.__pwned", "<img src=x onerror", "\"'><img")
"""What the payload leaves when written unescaped, in an element or in an attribute."""
ESCAPED = ("&lt;script&gt;window.__pwned", "\\u003Cscript\\u003Ewindow.__pwned")
"""The payload escaped for HTML, or by ``json_script``: the page did show the name."""
HTML_KEYS = frozenset({"html", "stage", "rows", "solos"})
"""Keys of the JSON answers whose values the pages' scripts write as HTML (``innerHTML``:
hall.js's panels and stage, the Duplicate live standings' rendered rows); every other
value is written as text (``textContent``)."""


def _name(i: int) -> str:
    return f"{PAYLOAD} {i}"


@pytest.fixture
def hostile(django_user_model: Any) -> dict[str, Any]:
    """The world of tests/app/world.py, every name and text the payload."""
    from arbitre.app.backgammon.game import GAME as BACKGAMMON
    from arbitre.app.classic.game import GAME as CLASSIC
    from arbitre.app.duplicate.models import DuplicateEvent, Game, Registration
    from arbitre.app.events.models import Event
    from arbitre.app.events.roles import DIRECTOR, grant
    from arbitre.app.ranking.models import Licensee
    from arbitre.app.rounds import services
    from arbitre.app.rounds.games import PlayerRow

    admin = _user(django_user_model, "admin", superuser=True)
    director = _user(django_user_model, "directrice", DIRECTOR)
    events: dict[str, Any] = {}
    day = datetime.date(2026, 11, 22)
    ev = Event.objects.create(name=PAYLOAD, place=PAYLOAD, kind="duplicate", date=day)
    dup = DuplicateEvent.objects.create(event=ev, games_planned=1, lexicon_name="x")
    Game.objects.create(duplicate=dup, number=1)
    for i in (1, 2):
        Registration.objects.create(
            duplicate=dup, licence=f"L{i}", name=_name(i), first_name=PAYLOAD, club=PAYLOAD, table=i
        )
    events["duplicate-mine"] = ev
    for kind, game in (("classic", CLASSIC), ("backgammon", BACKGAMMON)):
        data = {"name": PAYLOAD, "date": day, "place": PAYLOAD, "rounds": 3}
        if kind == "backgammon":
            data["match_length"] = 5
        ev = services.create_tournament(game, data, admin)
        t = ev.tournament
        rows = [PlayerRow(_name(i), 1500 + i, club=PAYLOAD) for i in range(4)]
        services.register(game, t, rows, admin)
        services.check_in(t, {e.pk for e in t.entrants.all()}, admin)
        services.pair_next_round(game, t, admin)
        events[f"{kind}-mine"] = ev
    for ev in events.values():
        grant(ev.pk, director, DIRECTOR)
    Licensee.objects.create(
        licence="L1", name=PAYLOAD, first_name=PAYLOAD, club=PAYLOAD, series=3, highest_series=3
    )
    world = {"events": events, "users": {"director": director, "admin": admin, "arbiter": admin}}
    _texts(world)
    return world


def _texts(world: dict[str, Any]) -> None:
    """Incidents, appeals and a clock's compensation, typed through their forms."""
    from arbitre.app.events import incidents
    from arbitre.app.events.models import Incident
    from arbitre.app.rounds.models import Table

    c = Client()
    c.force_login(world["users"]["director"])
    for kind in ("duplicate", "classic", "backgammon"):
        event = world["events"][f"{kind}-mine"]
        ref = incidents.roster(event)[0][0]
        entry = {"player": ref, "round": 1, "kind": "conduct", "description": PAYLOAD}
        if kind == "backgammon":  # a backgammon incident is at a table of the player's
            tb = Table.objects.get(round__tournament__event=event, round__number=1, number=1)
            entry.update(table=1, player=next(r for r, n in incidents.roster(event) if n == tb.a))
        answer = c.post(f"/evenement/{event.pk}/incidents/", {**entry, "sanction": "warning"})
        assert answer.status_code == 302, [str(m) for m in answer.context["messages"]]
        made = Incident.objects.get(event=event)
        assert made.description == PAYLOAD
        decision = {"incident": made.pk, "decision": "upheld", "text": PAYLOAD}
        if kind == "backgammon":  # seed 003: the committee, players not involved
            free = [n for _, n in incidents.roster(event) if n not in (tb.a, tb.b)]
            decision.update(committee_director=PAYLOAD, committee_members=", ".join(free[:2]))
        c.post(f"/evenement/{event.pk}/incidents/appel/", decision)
        assert Incident.objects.get(event=event).appeal == "upheld"
    bg = world["events"]["backgammon-mine"]
    tb = Table.objects.filter(round__tournament__event=bg).first()
    answer = c.post(
        f"/backgammon/{bg.pk}/table/{tb.pk}/pendule/compensation/",
        {"player": 0, "minutes": 1, "seconds": 0, "reason": PAYLOAD, "id": "x1"},
        follow=True,
    )
    assert "Compensation de 60 s" in answer.content.decode()


def _unescaped_html(text: str) -> list[str]:
    return [m for m in MARKERS if m in text]


def _unescaped_json(value: Any, key: str = "") -> list[str]:
    """The markers found in the values a page's script writes as HTML."""
    if isinstance(value, dict):
        return [m for k, v in value.items() for m in _unescaped_json(v, str(k))]
    if isinstance(value, list):
        return [m for v in value for m in _unescaped_json(v, key)]
    if isinstance(value, str) and key in HTML_KEYS:
        return _unescaped_html(value)
    return []


@pytest.mark.django_db
def test_no_page_writes_a_name_or_a_text_as_markup(hostile: dict[str, Any]) -> None:
    from django.urls import reverse

    director = Client(raise_request_exception=False)
    director.force_login(hostile["users"]["director"])
    visitors = {"director": director, "anonymous": Client(raise_request_exception=False)}
    problems: list[str] = []
    shown: set[str] = set()
    read = 0
    for name, route, _ in patterns():
        if name is None or ACCESS[name] in (LOGIN, CLUB_KEY):
            continue
        url = reverse(name, kwargs=arguments(route, name, hostile))
        queries = ["", "?fragment=1"] if ACCESS[name] == PUBLIC else [""]
        for who, client in visitors.items():
            for query in queries:
                response = client.get(url + query)
                if response.status_code >= 500:
                    problems.append(f"GET {url}{query} ({name}) as {who}: {response.status_code}")
                    continue
                if response.status_code != 200 or response.streaming:
                    continue
                read += 1
                kind = response.get("Content-Type", "")
                text = response.content.decode("utf-8", "replace")
                if kind.startswith("text/html"):
                    found = _unescaped_html(text)
                elif kind.startswith("application/json"):
                    found = _unescaped_json(json.loads(text))
                else:
                    continue  # CSV, .mat, .t, images: no browser runs them as a page
                if any(e in text for e in ESCAPED):
                    shown.add(name)
                if found:
                    problems.append(f"GET {url}{query} ({name}) as {who}: {found}")
    assert not problems, "\n".join(problems)
    assert read > 150
    # the payload was on the pages that matter most (else the test proves nothing)
    for page in (
        "backgammon:clock",
        "backgammon:table_page",
        "classic:table_page",
        "classic:table_arbiter",
        "classic:edit_player",
        "backgammon:edit_player",
        "classic:detail",
        "backgammon:round",
        "duplicate:detail",
        "duplicate:public_standings",
        "duplicate:print_standings",
        "events:incidents",
        "events:report",
        "ranking:licensees",
        "classic:hall",
    ):
        assert page in shown, f"{page}: the payload was not on the page"


@pytest.mark.django_db
def test_the_clock_state_reaches_its_script_through_json_script(hostile: dict[str, Any]) -> None:
    """The backgammon clock's state (the players' names) is one ``json_script`` block: the
    name is read back whole by a JSON parser, and the block is not closed by it."""
    from arbitre.app.rounds.models import Table

    bg = hostile["events"]["backgammon-mine"]
    tb = Table.objects.filter(round__tournament__event=bg).first()
    c = Client()
    c.force_login(hostile["users"]["director"])
    page = c.get(f"/backgammon/{bg.pk}/table/{tb.pk}/pendule/").content.decode()
    start = page.index('<script id="clock-initial" type="application/json">')
    block = page[start:].split(">", 1)[1].split("</script>", 1)[0]
    assert tb.a in json.loads(block)["names"]


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["classic", "backgammon"])
def test_the_withdrawal_question_keeps_a_quoted_name_in_its_attribute(
    hostile: dict[str, Any], game: str
) -> None:
    """The player's edit page asks « Retirer NAME du tournoi ? » from a data-confirm
    attribute: the name's double quote stays in the attribute."""
    from html.parser import HTMLParser

    from django.urls import reverse

    from arbitre.app.rounds.models import Entrant

    event = hostile["events"][f"{game}-mine"]
    entrant = Entrant.objects.filter(tournament__event=event).first()
    c = Client()
    c.force_login(hostile["users"]["director"])
    url = reverse(f"{game}:edit_player", args=[event.pk, entrant.pk])
    page = c.get(url).content.decode()
    questions: list[str] = []

    class Questions(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            questions.extend(v or "" for k, v in attrs if k == "data-confirm")

    Questions().feed(page)
    assert f"Retirer {entrant.name} du tournoi ?" in questions
