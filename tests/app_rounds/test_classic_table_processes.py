"""The Classic table's stored clock under ``arbitre serve --processes 2`` (issue 18 part 3,
"stored on the server at every press, so a second device never loses it"): presses from two
devices reach two server processes at the same moment. Each press is stored once whatever
the number of times it is sent and whichever process takes it; of two devices pressing the
same half for the same turn, one is taken and the other refused; the clocks charge no more
time than has passed; every process then answers the same state and the same clock. (The
system gives each new connection to either process: about forty connections here.)"""

from __future__ import annotations

import http.cookiejar
import json
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from tests.app.server import arbitre_server
from tests.app.test_serve_processes import forking_only, wait_for, workers
from tests.app_rounds.test_rounds_browser import PASSWORD, start


def opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )


def form_token(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found, html[:500]
    return found.group(1)


def friendly_game(url: str) -> str:
    """A director logs in and starts a friendly game (FFSc, no toss, 25 minutes each)."""
    browser = opener()
    page = browser.open(url + "compte/connexion/").read().decode()
    fields = {"username": "directrice", "password": PASSWORD}
    body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": form_token(page)})
    browser.open(url + "compte/connexion/", body.encode())
    page = browser.open(url + "classique/amicale/").read().decode()
    fields = {"a": "Éric", "b": "Ana", "profile": "ffsc", "kind": "chess", "minutes": "25"}
    body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": form_token(page)})
    with browser.open(url + "classique/amicale/", body.encode()) as response:
        return str(response.url).rstrip("/").rsplit("/", 1)[1]


class Device:
    """A tablet at the table: its cookie and the page's CSRF token, a fresh connection for
    each request (the system gives each to either process)."""

    def __init__(self, url: str, code: str) -> None:
        self.url, self.code = url, code
        self.browser = opener()
        page = self.browser.open(f"{url}classique/table/{code}/").read().decode()
        found = re.search(r'data-csrf="([^"]+)"', page)
        assert found
        self.token = found.group(1)

    def press(self, ident: str, event: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(
            f"{self.url}classique/table/{self.code}/action/",
            json.dumps({"id": ident, "event": event}).encode(),
            {"Content-Type": "application/json", "X-CSRFToken": self.token},
        )
        try:
            with self.browser.open(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def state(self) -> dict[str, Any]:
        with self.browser.open(f"{self.url}classique/table/{self.code}/etat/") as r:
            return dict(json.loads(r.read()))


def together(*calls: Any) -> list[tuple[int, dict[str, Any]]]:
    """Run the calls at the same moment, each in its own thread; their answers in order."""
    answers: list[Any] = [None] * len(calls)
    gate = threading.Barrier(len(calls))

    def run(i: int) -> None:
        gate.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


@forking_only
def test_presses_reaching_two_processes_are_stored_once_and_in_order(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data, args=("--processes", "2")) as server:
        wait_for(lambda: len(workers(server.process.pid)) == 2)
        code = friendly_game(server.url)
        a, b = Device(server.url, code), Device(server.url, code)
        began = time.monotonic()
        assert a.press("start", {"kind": "start"})[0] == 200
        stored = 1
        player = 0
        for turn in range(5):
            # one press sent twice by tablet A (a retry), once by tablet B, same half
            answers = together(
                lambda p=player, t=turn: a.press(f"a{t}", {"kind": "pass", "player": p}),
                lambda p=player, t=turn: a.press(f"a{t}", {"kind": "pass", "player": p}),
                lambda p=player, t=turn: b.press(f"b{t}", {"kind": "pass", "player": p}),
            )
            taken = [x for status, x in answers if status == 200 and not x["repeated"]]
            assert len(taken) == 1, answers
            stored += 1
            # A's two copies get the same answer: taken (once, the other a repeat) or
            # refused with B's press taken; the press that came second is refused in French
            (sa, xa), (sa2, xa2), (sb, xb) = answers
            assert sa == sa2, answers
            if sa == 200:
                assert {xa["repeated"], xa2["repeated"]} == {True, False}
                assert sb == 400 and xb["error"].startswith("Ce n'est pas à")
            else:
                assert sb == 200 and xa["error"] == xa2["error"]
                assert xa["error"].startswith("Ce n'est pas à")
            # the clock stopped and started again from both tablets at once
            for kind in ("neutralise", "resume"):
                event = {"kind": kind, "reason": "arbiter"}
                answers = together(
                    lambda t=turn, e=event: a.press(f"a{t}{e['kind']}", e),
                    lambda t=turn, e=event: b.press(f"b{t}{e['kind']}", e),
                )
                assert sorted(status for status, _ in answers) == [200, 400], answers
                stored += 1
            player = 1 - player
        # the clock stopped for the reading: every process answers the same state
        assert a.press("end", {"kind": "neutralise", "reason": "arbiter"})[0] == 200
        elapsed = time.monotonic() - began
        stored += 1
        states = [d.state() for d in (a, b) * 6]
        assert {s["version"] for s in states} == {stored}
        clocks = {json.dumps(s["clock"]["remaining"]) for s in states}
        assert len(clocks) == 1, clocks
        sheets = {json.dumps(s["sheet"], sort_keys=True) for s in states}
        assert len(sheets) == 1
        first = states[0]
        assert [line["text"] for line in first["sheet"]] == ["passe"] * 5
        remaining = first["clock"]["remaining"]
        used = 2 * 1500 - sum(remaining)
        assert 0 <= used <= elapsed + 1, (remaining, elapsed)
