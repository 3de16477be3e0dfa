"""Live public pages (issue 23, part 2): figures computed once per change of the event, and a
poll of unchanged data answered 304 without a body."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from arbitre.app import demo
from arbitre.app.events import gate, live
from tests.shared_data import demo_events, for_a_test

pytestmark = pytest.mark.django_db


def test_a_value_is_computed_once_per_version_even_by_concurrent_requests() -> None:
    calls: list[int] = []

    def slow() -> int:
        calls.append(1)
        time.sleep(0.05)
        return len(calls)

    results: list[int] = []
    threads = [
        threading.Thread(target=lambda: results.append(live.cached("k", "v1", slow)))
        for _ in range(8)
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert results == [1] * 8 and len(calls) == 1  # the others waited for the first
    assert live.cached("k", "v1", slow) == 1
    assert live.cached("k", "v2", slow) == 2  # a new version: computed again


def test_while_a_new_version_is_computed_polls_get_the_last_one_and_pages_wait() -> None:
    live.cached("k", "v1", lambda: "old")
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(5)
        return "new"

    worker = threading.Thread(target=lambda: live.cached("k", "v2", slow))
    worker.start()
    assert started.wait(5)
    poll = live.cached_versioned("k", "v2", lambda: "never", previous_meanwhile=True)
    # no wait: a poll that waited would get the new figures (the computation is held until
    # ``release``), not the last ones; no timed bound, which a loaded machine can break
    assert poll == ("v1", "old")
    page: list[str] = []
    waiting = threading.Thread(target=lambda: page.append(live.cached("k", "v2", lambda: "x")))
    waiting.start()
    waiting.join(0.3)
    assert waiting.is_alive() and page == []  # a full page waits for the new figures
    release.set()
    worker.join()
    waiting.join(5)
    assert page == ["new"]  # computed once, by the first request
    assert live.cached_versioned("k", "v2", lambda: "never") == ("v2", "new")


def test_the_store_keeps_the_most_recent_figures_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "CAPACITY", 3)
    for i in range(5):
        live.cached(("k", i), "v", lambda i=i: i)
    assert live.cached(("k", 4), "v", lambda: -1) == 4
    assert live.cached(("k", 0), "v", lambda: -1) == -1  # dropped, computed again


def test_a_version_is_read_again_after_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[int] = []

    def read() -> str:
        reads.append(1)
        return f"v{len(reads)}"

    class Clock:  # the module's clock, moved by the test (no sleep, no race with the load)
        now = 1000.0

        @classmethod
        def monotonic(cls) -> float:
            return cls.now

    monkeypatch.setattr(live, "time", Clock)
    monkeypatch.setattr(live, "VERSION_TTL", 0.25)  # as served (tests read at once)
    assert live.recent_version("e", read) == "v1"
    Clock.now += 0.24
    assert live.recent_version("e", read) == "v1"  # trusted for VERSION_TTL
    Clock.now += 0.02
    assert live.recent_version("e", read) == "v2"


demo_report = demo_events("demo_report", seed=11)


@pytest.fixture
def events(demo_report: demo.DemoReport) -> dict[str, Any]:
    return {"report": for_a_test(demo_report), "user": demo.demo_director("")}


def _enter_a_win(kind: str, t: Any, table_pk: int, user: Any) -> None:
    """The first player of a table wins it (Classic 500-100, backgammon 7-0)."""
    from arbitre.app.backgammon.game import GAME as BACKGAMMON
    from arbitre.app.classic.game import GAME as CLASSIC
    from arbitre.app.rounds import results
    from arbitre.app.rounds.models import Table

    tb = Table.objects.get(pk=table_pk)
    game = CLASSIC if kind == "classic" else BACKGAMMON
    entry: dict[str, Any] = {"forfeit": "", "score_a": 500, "score_b": 100, "winner": ""}
    if kind == "backgammon":
        entry = {
            "forfeit": "",
            "score_a": 7,
            "score_b": 0,
            "winner": tb.a,
            "late_a": 0,
            "late_b": 0,
        }
    results.enter_result(game, t, tb.pk, tb.version, entry, user)


def _poll(client: Client, url: str, tag: str | None) -> Any:
    return client.get(url, HTTP_IF_NONE_MATCH=tag) if tag else client.get(url)


def test_duplicate_standings_polls_get_304_until_a_ballot_changes(
    events: dict[str, Any], django_assert_max_num_queries: Any
) -> None:
    from arbitre.app.duplicate.ballots import enter_ballot
    from arbitre.app.duplicate.models import BallotEntry, DuplicateEvent

    pk = events["report"].events["duplicate"]
    url = f"/public/duplicate/{pk}/classement.json"
    client = Client()
    first = client.get(url)
    assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
    tag = first["ETag"]
    body = first.json()
    with django_assert_max_num_queries(6):  # the event and its version: no standings built
        again = _poll(client, url, tag)
    assert again.status_code == 304 and again.content == b""
    # an arbiter corrects a ballot: the next poll gets the new standings and a new tag
    dup = DuplicateEvent.objects.get(event_id=pk)
    entry = BallotEntry.objects.filter(game__duplicate=dup, move_number=1).order_by("pk").first()
    assert entry is not None
    enter_ballot(entry.game_id, entry.registration_id, 1, "aucun", entry.version, events["user"])
    changed = _poll(client, url, tag)
    assert changed.status_code == 200 and changed["ETag"] != tag
    assert changed.json()["standings"] != body["standings"]
    # the standings page and the JSON show the same figures, from one computation
    page = client.get(f"/public/duplicate/{pk}/").content.decode()
    leader = changed.json()["standings"][0]
    assert leader["full_name"] in page and str(leader["total"]) in page


def test_the_duplicate_figures_are_built_once_per_change(
    events: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitre.app.duplicate import standings

    built: list[int] = []
    original = standings.current_event  # (the standings kept, brought up to date: issue 37)

    def counting(dup: Any) -> Any:
        built.append(dup.pk)
        return original(dup)

    monkeypatch.setattr(standings, "current_event", counting)
    pk = events["report"].events["duplicate"]
    client = Client()
    for _ in range(3):  # standings page, its JSON (no tag), a player's sheet: one build
        assert client.get(f"/public/duplicate/{pk}/").status_code == 200
        assert client.get(f"/public/duplicate/{pk}/classement.json").status_code == 200
        assert client.get(f"/public/duplicate/{pk}/joueur/D00001/").status_code == 200
    assert len(built) == 1


def test_a_filter_and_a_language_have_their_own_tag(events: dict[str, Any]) -> None:
    pk = events["report"].events["duplicate"]
    client = Client()
    all_series = client.get(f"/public/duplicate/{pk}/classement.json")["ETag"]
    one_series = client.get(f"/public/duplicate/{pk}/classement.json?serie=1")["ETag"]
    assert all_series != one_series
    client.post("/langue/", {"language": "en", "next": "/"})
    assert client.get(f"/public/duplicate/{pk}/classement.json")["ETag"] != all_series


@pytest.mark.parametrize("kind,prefix", [("classic", "classique"), ("backgammon", "backgammon")])
def test_the_round_pages_poll_304_until_a_result_is_entered(
    events: dict[str, Any], kind: str, prefix: str
) -> None:
    from arbitre.app.rounds.models import Table, Tournament

    pk = events["report"].events[kind]
    url = f"/public/{prefix}/{pk}/etat.json"
    client = Client()
    first = client.get(url)
    tag, version = first["ETag"], first.json()["version"]
    assert _poll(client, url, tag).status_code == 304
    standings_before = client.get(f"/public/{prefix}/{pk}/").content.decode()
    t = Tournament.objects.get(event_id=pk)
    table = Table.objects.filter(round__tournament=t, entered=False).exclude(b="").first()
    assert table is not None
    _enter_a_win(kind, t, table.pk, events["user"])
    moved = _poll(client, url, tag)
    assert moved.status_code == 200 and moved.json()["version"] > version
    assert client.get(f"/public/{prefix}/{pk}/").content.decode() != standings_before


@pytest.mark.parametrize("kind,prefix", [("classic", "classique"), ("backgammon", "backgammon")])
def test_a_round_page_content_is_rendered_once_per_change_and_sent_alone(
    events: dict[str, Any], kind: str, prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitre.app.backgammon.game import GAME as BACKGAMMON
    from arbitre.app.classic.game import GAME as CLASSIC

    game = CLASSIC if kind == "classic" else BACKGAMMON
    built: list[int] = []
    original = type(game).standings_rows

    def counting(self: Any, t: Any) -> Any:
        built.append(t.pk)
        return original(self, t)

    monkeypatch.setattr(type(game), "standings_rows", counting)
    pk = events["report"].events[kind]
    url = f"/public/{prefix}/{pk}/"
    client = Client()
    page = client.get(url).content.decode()
    assert '<div id="live-content" data-tag="' in page and "<html" in page
    fragment = client.get(url + "?fragment=1")
    assert fragment.status_code == 200 and "<html" not in fragment.content.decode()
    assert fragment.content.decode() in page  # the same content, rendered once
    for _ in range(5):
        client.get(url)
    assert len(built) == 1
    tag = fragment["ETag"]
    # the page carries its content's tag: its script polls the content with it (304 until
    # the tournament changes)
    assert f'data-tag="{escape(tag)}"' in page
    assert client.get(url + "?fragment=1", HTTP_IF_NONE_MATCH=tag).status_code == 304
    # the frame stays the visitor's own: logged in, the page shows who is there
    client.force_login(events["user"])
    assert "demo" in client.get(url).content.decode()
    assert len(built) == 1


def test_the_standings_say_they_are_provisional_while_ballots_are_missing(
    events: dict[str, Any],
) -> None:
    from arbitre.app.duplicate import changes
    from arbitre.app.duplicate.models import BallotEntry, DuplicateEvent

    pk = events["report"].events["duplicate"]
    client = Client()
    page = client.get(f"/public/duplicate/{pk}/").content.decode()
    assert 'id="provisional" role="status" hidden' in page  # every ballot of the demo is in
    assert client.get(f"/public/duplicate/{pk}/classement.json").json()["missing_ballots"] == 0
    BallotEntry.objects.filter(game__duplicate__event_id=pk).order_by("-pk")[:1].get().delete()
    changes.touch(DuplicateEvent.objects.get(event_id=pk))  # (as the services do: deleted here)
    data = client.get(f"/public/duplicate/{pk}/classement.json").json()
    assert data["missing_ballots"] == 1
    page = client.get(f"/public/duplicate/{pk}/").content.decode()
    assert "Classement provisoire : 1 bulletin n'est pas encore saisi" in page


@pytest.mark.parametrize("prefix", ["classique", "backgammon"])
def test_a_round_page_content_polled_while_its_version_holds_runs_no_query(
    events: dict[str, Any],
    prefix: str,
    django_assert_num_queries: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(live, "VERSION_TTL", 60.0)  # as served (the tests read at once)
    kind = "classic" if prefix == "classique" else "backgammon"
    url = f"/public/{prefix}/{events['report'].events[kind]}/?fragment=1"
    client = Client()
    first = client.get(url)
    assert first.status_code == 200
    with django_assert_num_queries(0):  # content and version from memory
        assert client.get(url).content == first.content
        assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    # a round that does not exist is still refused
    assert (
        client.get(f"/public/{prefix}/{events['report'].events[kind]}/ronde/99/").status_code == 404
    )


def counted_gate() -> tuple[gate.PollGate, list[str]]:
    """The poll gate in front of the application, and the paths of the requests that went
    through to the application (the ones the gate did not answer itself)."""
    from django.core.wsgi import get_wsgi_application

    entered: list[str] = []
    django_app = get_wsgi_application()

    def application(environ: dict[str, Any], start_response: Any) -> Any:
        entered.append(environ["PATH_INFO"])
        return django_app(environ, start_response)

    return gate.PollGate(application), entered


def _wsgi(
    application: Any,
    path: str,
    query: str = "",
    tag: str = "",
    cookie: str = "",
    accept: str = "",
) -> tuple[str, dict[str, str], bytes]:
    import io
    import sys

    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_HOST": "testserver",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }
    if tag:
        environ["HTTP_IF_NONE_MATCH"] = tag
    if cookie:
        environ["HTTP_COOKIE"] = cookie
    if accept:
        environ["HTTP_ACCEPT_ENCODING"] = accept
    answer: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], exc: Any = None) -> None:
        answer["status"], answer["headers"] = status, dict(headers)

    body = b"".join(application(environ, start_response))
    return answer["status"], answer["headers"], body


def test_the_gate_answers_a_confirmed_poll_without_the_application(
    events: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A poll with the tag the application confirmed for that address less than GATE_TTL
    ago is answered 304 by the gate alone; a stale, unknown or private one goes through."""
    from arbitre.app.duplicate.ballots import enter_ballot
    from arbitre.app.duplicate.models import BallotEntry

    front, entered = counted_gate()
    pk = events["report"].events["duplicate"]
    path = f"/public/duplicate/{pk}/classement.json"
    status, headers, first_body = _wsgi(front, path)
    assert status.startswith("200") and first_body
    tag = headers["ETag"]
    for _ in range(3):
        status, headers, body = _wsgi(front, path, tag=tag)
        assert status.startswith("304") and headers["ETag"] == tag and body == b""
    assert entered == [path]  # only the first poll entered the application
    # another filter: the application answers
    assert _wsgi(front, path, "serie=1", tag)[0].startswith("200")
    assert len(entered) == 2
    # a phone without the tag, or with an old one, gets the figures the application gave,
    # from the gate, as the application gave them (less the gate's own mark)
    for old in ("", '"forged"'):
        again = _wsgi(front, path, tag=old)
        assert again[0].startswith("200") and again[2] == first_body
        assert again[1]["ETag"] == tag and gate.SHARED_HEADER not in again[1]
    assert len(entered) == 2
    # in another language, the application answers (its own words, its own tag)
    english = _wsgi(front, path, cookie="django_language=en")
    assert english[0].startswith("200") and english[1]["ETag"] != tag
    assert len(entered) == 3
    # a screen switched to English still holds the French tag: it gets the English words,
    # not a 304 that would keep the French ones (issue 35: the hall screen's language)
    switched = _wsgi(front, path, tag=tag, cookie="django_language=en")
    assert switched[0].startswith("200") and switched[1]["ETag"] == english[1]["ETag"]
    # a ballot changes the standings: once the tags' and versions' time is over, the next
    # poll goes to the application and gets the new figures with a new tag
    entry = BallotEntry.objects.filter(game__duplicate__event_id=pk, move_number=1).first()
    assert entry is not None
    enter_ballot(entry.game_id, entry.registration_id, 1, "aucun", entry.version, events["user"])
    monkeypatch.setattr(gate, "GATE_TTL", 0.0)
    monkeypatch.setattr(live, "VERSION_TTL", 0.0)
    status, headers, body = _wsgi(front, path, tag=tag)
    assert status.startswith("200") and headers["ETag"] != tag
    # a staff page never passes the gate, whatever the tag
    assert not gate.PUBLIC_PREFIX.startswith("/duplicate/")
    staff = f"/duplicate/{pk}/"
    assert _wsgi(front, staff, tag=tag)[0].startswith(("302", "403"))


@pytest.mark.parametrize(
    "kind,path",
    [("duplicate", "duplicate"), ("classic", "classique"), ("backgammon", "backgammon")],
)
def test_a_public_page_is_rendered_once_per_version_for_every_anonymous_visitor(
    events: dict[str, Any],
    kind: str,
    path: str,
    django_assert_num_queries: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from arbitre.app.shared_pages import CSRF_PLACEHOLDER

    monkeypatch.setattr(live, "VERSION_TTL", 60.0)  # as served (the tests read at once)
    url = f"/public/{path}/{events['report'].events[kind]}/"
    first_visitor, second_visitor = (
        Client(enforce_csrf_checks=True),
        Client(enforce_csrf_checks=True),
    )
    first = first_visitor.get(url)
    assert first.status_code == 200
    with django_assert_num_queries(0):  # the whole page from memory
        second = second_visitor.get(url)
    assert second.status_code == 200
    tokens = []
    for visitor, response in ((first_visitor, first), (second_visitor, second)):
        html = response.content.decode()
        assert CSRF_PLACEHOLDER not in html
        token = html.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
        tokens.append(token)
        # each visitor's own token: the language form of the shared page works for each
        change = visitor.post(
            "/langue/", {"language": "en", "next": url, "csrfmiddlewaretoken": token}
        )
        assert change.status_code == 302
    assert tokens[0] != tokens[1]
    assert first.content.replace(tokens[0].encode(), b"") == second.content.replace(
        tokens[1].encode(), b""
    )
    # in English now: that language's own page, not the French one shared
    assert 'lang="en"' in first_visitor.get(url).content.decode()


def test_a_logged_in_user_or_a_visitor_with_a_message_gets_their_own_page(
    events: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "VERSION_TTL", 60.0)
    url = f"/public/classique/{events['report'].events['classic']}/"
    anonymous = Client()
    assert "Déconnexion" not in anonymous.get(url).content.decode()
    director = Client()
    director.force_login(events["user"])
    page = director.get(url).content.decode()
    assert "Déconnexion" in page and "demo" in page
    assert "Déconnexion" not in Client().get(url).content.decode()  # not shared back


def test_a_shared_page_follows_the_event(events: dict[str, Any]) -> None:
    from arbitre.app.classic.game import GAME as CLASSIC
    from arbitre.app.rounds import results
    from arbitre.app.rounds.models import Table, Tournament

    pk = events["report"].events["classic"]
    url = f"/public/classique/{pk}/"
    before = Client().get(url).content.decode()
    t = Tournament.objects.get(event_id=pk)
    table = Table.objects.filter(round__tournament=t, entered=False).exclude(b="").first()
    assert table is not None and "777 - 1" not in before
    entry = {"forfeit": "", "score_a": 777, "score_b": 1, "winner": ""}
    results.enter_result(CLASSIC, t, table.pk, table.version, entry, events["user"])
    assert "777 - 1" in Client().get(url).content.decode()


def test_the_gate_keeps_no_answer_that_sets_a_cookie_or_is_not_shared() -> None:
    calls: list[str] = []

    def application(environ: dict[str, Any], start_response: Any) -> Any:
        calls.append(environ["QUERY_STRING"])
        headers = [("Content-Type", "text/plain"), ("ETag", '"t"')]
        if "cookie" in environ["QUERY_STRING"]:
            headers.append(("Set-Cookie", "csrftoken=secret"))
        if "private" not in environ["QUERY_STRING"]:
            headers.append((gate.SHARED_HEADER, '"t"'))
        start_response("200 OK", headers)
        return [b"figures"]

    front = gate.PollGate(application)
    for query in ("cookie=1", "private=1", "shared=1"):
        for _ in range(2):
            status, headers, body = _wsgi(front, "/public/x/", query)
            assert status.startswith("200") and body == b"figures"
            assert gate.SHARED_HEADER not in headers
    # each answered by the application twice, but the shared one once
    assert calls == ["cookie=1", "cookie=1", "private=1", "private=1", "shared=1"]
    assert _wsgi(front, "/other/", "shared=1")[2] == b"figures" and calls[-1] == "shared=1"
    assert len(calls) == 6  # outside /public/ the gate keeps nothing


@pytest.mark.parametrize("kind,prefix", [("classic", "classique"), ("backgammon", "backgammon")])
def test_the_round_standings_say_they_are_provisional_while_results_are_missing(
    events: dict[str, Any], kind: str, prefix: str
) -> None:
    from arbitre.app.rounds.models import Tournament

    pk = events["report"].events[kind]
    t = Tournament.objects.get(event_id=pk)
    last = t.round_set.order_by("-number").first()
    assert last is not None
    missing = [tb for tb in last.tables.all() if not tb.entered and not tb.is_bye]
    assert len(missing) >= 2  # the demo's round in progress
    url = f"/public/{prefix}/{pk}/"
    page = Client().get(url).content.decode()
    assert (
        f"Classement provisoire : {len(missing)} résultats de la ronde {last.number} ne sont "
        "pas encore saisis." in page
    )
    for tb in missing[:-1]:
        _enter_a_win(kind, t, tb.pk, events["user"])
    english = Client()
    english.cookies["django_language"] = "en"
    assert (
        f"Provisional standings: 1 result of round {last.number} is not entered yet."
        in english.get(url).content.decode()
    )
    assert "Classement provisoire : 1 résultat de la ronde" in Client().get(url).content.decode()
    _enter_a_win(kind, t, missing[-1].pk, events["user"])
    assert 'id="provisional"' not in Client().get(url).content.decode()


def test_the_duplicate_standings_page_costs_the_same_queries_whatever_the_players(
    events: dict[str, Any],
) -> None:
    """No query per player (a hall of phones opens this page at each change)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from arbitre.app.duplicate.models import DuplicateEvent, Registration

    pk = events["report"].events["duplicate"]

    def queries() -> int:
        live.clear()
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(f"/public/duplicate/{pk}/").status_code == 200
        return len(captured.captured_queries)

    before = queries()
    dup = DuplicateEvent.objects.get(event_id=pk)
    for i in range(5):
        Registration.objects.create(
            duplicate=dup, licence=f"X{i}", name=f"NOUVEAU {i}", series=i + 1, category="S"
        )
    assert queries() == before


def test_while_one_poll_asks_the_application_again_the_others_get_the_gates_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stale-while-revalidate: once the gate's answer is past GATE_TTL, one poll goes to the
    application; the polls that come meanwhile are answered by the gate at once (the kept
    figures, or 304 for the tag last confirmed), for at most GATE_STALE seconds."""
    import threading

    from django.test import RequestFactory

    calls: list[int] = []
    inside, release = threading.Event(), threading.Event()

    def application(environ: dict[str, Any], start_response: Any) -> Any:
        calls.append(1)
        n = len(calls)
        if "slow" in environ.get("HTTP_COOKIE", ""):  # this one takes its time
            inside.set()
            release.wait(5)
        start_response(
            "200 OK",
            [("Content-Type", "text/plain"), ("ETag", f'"t{n}"'), (gate.SHARED_HEADER, "1")],
        )
        return [f"figures {n}".encode()]

    def slow_poll() -> threading.Thread:
        inside.clear()
        release.clear()
        thread = threading.Thread(target=lambda: answers.append(_wsgi(front, path, cookie="slow")))
        thread.start()
        assert inside.wait(5)
        return thread

    front = gate.PollGate(application)
    path = "/public/x/"
    answers: list[tuple[str, dict[str, str], bytes]] = []
    assert _wsgi(front, path)[2] == b"figures 1"
    gate.confirm(RequestFactory().get(path), '"t1"')  # as a view confirms the current tag
    monkeypatch.setattr(gate, "GATE_TTL", 0.0)  # the gate's answer is past its time
    refresh = slow_poll()  # one poll is in the application...
    for _ in range(3):  # ...the others are answered at once, without it
        assert _wsgi(front, path)[2] == b"figures 1"
        status, headers, body = _wsgi(front, path, tag='"t1"')
        assert status.startswith("304") and body == b""
    assert _wsgi(front, path, tag='"old"')[2] == b"figures 1"  # a phone behind: the figures
    assert len(calls) == 2
    release.set()
    refresh.join(5)
    assert answers[-1][2] == b"figures 2"
    assert _wsgi(front, path)[2] == b"figures 3"  # no refresh under way: the application
    # an answer older than GATE_TTL + GATE_STALE is never given, even while one refreshes
    monkeypatch.setattr(gate, "GATE_STALE", 0.0)
    refresh = slow_poll()
    assert _wsgi(front, path)[2] == b"figures 5"
    release.set()
    refresh.join(5)
    assert len(calls) == 5


def test_the_gate_gives_a_large_shared_answer_compressed_to_the_polls_that_accept_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A phone's browser accepts gzip: the festival's standings (600 kB) are sent compressed,
    compressed once per body; the plain answer stays for the others, and the compressed one
    carries the weak form of the tag, which the gate takes as the same tag (RFC 9110, 13.1.2)."""
    import gzip
    import json

    from django.test import RequestFactory

    rows = [{"rank": i, "name": f"JOUEUR {i}", "total": 1000 - i} for i in range(400)]
    figures = {"large": json.dumps(rows).encode(), "small": b'{"rank": 1}'}
    calls: list[str] = []

    def application(environ: dict[str, Any], start_response: Any) -> Any:
        which = environ["QUERY_STRING"]
        calls.append(which)
        body = figures[which]
        start_response(
            "200 OK",
            [
                ("Content-Type", "application/json"),
                ("Content-Length", str(len(body))),
                ("ETag", f'"{which}"'),
                ("Vary", "Cookie"),
                (gate.SHARED_HEADER, "1"),
            ],
        )
        return [body]

    packed: list[int] = []
    original = gzip.compress
    monkeypatch.setattr(gzip, "compress", lambda *a, **k: packed.append(1) or original(*a, **k))
    front = gate.PollGate(application)
    path = "/public/x/"
    # the poll that asks the application gets it compressed too
    status, headers, body = _wsgi(front, path, "large", accept="gzip, deflate, br")
    assert status.startswith("200") and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == figures["large"] and len(body) < len(figures["large"]) / 4
    assert headers["Content-Length"] == str(len(body)) and headers["ETag"] == 'W/"large"'
    assert headers["Vary"] == "Cookie, Accept-Encoding"
    # the gate's kept answer: compressed or plain as each poll accepts
    status, headers, plain = _wsgi(front, path, "large")
    assert plain == figures["large"] and "Content-Encoding" not in headers
    assert headers["ETag"] == '"large"' and headers["Vary"] == "Cookie, Accept-Encoding"
    assert headers["Content-Length"] == str(len(plain))
    assert _wsgi(front, path, "large", accept="gzip;q=0")[2] == plain  # refused
    assert _wsgi(front, path, "large", accept="deflate, gzip;q=0.5")[2] == body
    assert calls == ["large"] and len(packed) == 1
    # asked again past its time, the same body is not compressed again
    monkeypatch.setattr(gate, "GATE_TTL", 0.0)
    assert _wsgi(front, path, "large", accept="gzip")[2] == body
    assert calls == ["large", "large"] and len(packed) == 1
    # a small answer is kept as it is
    status, headers, small = _wsgi(front, path, "small", accept="gzip")
    assert small == figures["small"] and "Content-Encoding" not in headers
    # the weak tag a browser sends back after a compressed answer is the confirmed tag
    monkeypatch.setattr(gate, "GATE_TTL", 1.0)
    gate.confirm(RequestFactory().get(path, {"large": ""}), '"large"')
    calls.clear()
    status, headers, body = _wsgi(front, path, "large=", tag='W/"large"', accept="gzip")
    assert status.startswith("304") and body == b"" and calls == []
