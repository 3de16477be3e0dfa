"""Benchmark of a simultané on the federation's server (issue 38, item 5).

    python bench/bench_simultane.py [--centres 300] [--players 6000] [--viewers 10000]
                                    [--window 300] [--reference 20] [--period 2]
                                    [--resends 0.1]
                                    [--processes N] [--threads 8] [--game FILE]
                                    [--proxy [--nice-viewers N]] [--pin] [--busy N]
                                    [--served DIR]

Starts a throwaway PostgreSQL 15 cluster (the tests' ``tests/app/postgres.py``), makes the
officer's account (``arbitre createadmin``), one club key per centre, publishes a simultané
(type SF, one game: ``--game``, else ``arbitre duplicate autoplay``) and admits the centres
through the application's services, then starts ``arbitre serve --processes N`` on it
(``tests/app/server.py``). Each centre's results are built as a centre builds them: format
``arbitre.duplicate.centre_results`` (every player's score by game, every ballot, the proof
of opening from the simultané's code), signed with the club's key by
``arbitre.app.simultane.sending.signed``. The ``--players`` are spread over the centres; each
centre's first player (``TEMOINnnnn``) makes every top, so that the upload's effect can be
read on the public page.

Then, on this machine's loopback, over HTTP/1.1 keep-alive connections (``bench_live``'s
client):

- **viewers** (``--viewers``), each on its own connection, open the simultané's public page,
  then poll every ``--period`` (2 s): first, for ``--reference`` seconds, a static file (the
  reference, the same viewers in the same run), then the public page itself, or, when the
  application has live endpoints for it (names of the ``simultane`` URLs besides ``public``
  taking the uid, found with ``reverse()`` at run time), its version with the last ETag,
  fetching the standings' fragment (else the page) again when the version moves, as the
  page's script does;
- **the officer**, logged in, reads the simultané's officer page every ``--period``;
- **the centres** upload their signed results at random moments spread over ``--window``
  seconds, each on its own connection with its club key; ``--resends`` of them send the same
  results again a few seconds later (an outbox that did not get the answer), which must be
  counted once;
- **a probe** reads the public standings (the fragment, else the page) every 0.25 s: an
  upload's effect is the time from its acceptance to the first read that shows its centre's
  witness player.

With ``--pin`` (``bench/pinning.py``), the server's side (the application, PostgreSQL, nginx)
runs on the first processor and the clients (this process, ``wrk``) on the others, as on two
machines.

With ``--proxy --nice-viewers N``, ``wrk`` runs at that lower priority: the server's side is
served first when both want a processor, as it would be with the viewers on their own phones,
and ``wrk``'s figures count the waits its lower priority adds.

With ``--busy N``, N more processes each keep a processor busy during the measure, at the
server's priority: the machine shared with other jobs, as this one often is, but the same
from one run to the next (a run of the code before and one of the change then compare).
``--served DIR`` runs the server on another source tree (a worktree of the code before).

With ``--proxy``, the server runs behind nginx configured as ``docs/federation-server.md``
says (``bench/proxy_viewers.py``: HTTPS with a self-signed certificate, the live answers of
the public page kept one second): the ``--viewers`` are then ``wrk``'s connections to it over
HTTPS (a C client: 10,000 viewers offer 5,000 polls a second), following the page's script
from the reference's start to the end, and the officer, the centres, the probe and the static
file go through nginx's plain HTTP port on the loopback, so that the effect is what a viewer
behind the proxy sees.

It prints the uploads accepted and refused, their latency p50 / p95 / p99, the time to their
effect on the public page, the viewers' and the officer's p50 / p95 / p99 beside the same
figures measured on the static file and before any upload (ratios: this machine is shared,
so absolute figures move with its load), errors (any status other than 200, 302 and 304, or
no answer within 30 s), the processors and memory of each server process and of
PostgreSQL's, the load average at the start and at the end, and the merged standings as the
database holds them afterwards (every centre and every player present, each re-send counted
once) with the time one merge from scratch takes in this process.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
import bench_festival  # noqa: E402
import pinning  # noqa: E402
import proxy_viewers  # noqa: E402
import wrk_client  # noqa: E402
from bench_festival import PASSWORD, env_for, login, quantiles  # noqa: E402
from bench_live import (  # noqa: E402  (the same client, figures and server probes)
    Connection,
    Figures,
    free_port,
    memory_lines,
    server_processes,
    timed,
)

from arbitre.cli.serve import default_processes  # noqa: E402
from tests.app.postgres import throwaway_postgres  # noqa: E402
from tests.app.server import arbitre_server  # noqa: E402

PERIOD = 2.0  # the viewers' and the officer's polling period
PROBE_PERIOD = 0.25
SETTLE = 30.0  # at most this long after the last upload for the page to show them all
STATIC = "/static/arbitre/favicon.svg"
OFFICER = "officier"
OK = (200, 304)
CATEGORIES = ("S", "S", "S", "V", "D", "R", "J", "C")


# -- the centres' results, as a centre makes them --------------------------------------------


@dataclass
class Centre:
    index: int
    club: str
    key: str
    witness: str
    players: int
    body: bytes = b""


def tops(game: dict[str, Any]) -> list[int]:
    """Each move's top score in a game record (``arbitre duplicate autoplay --json``)."""
    return [int(m["top"]["score"]) for m in game["moves"] if m.get("top")]


def results(uid: str, proof: str, centre: Centre, first: int, top: list[int]) -> dict[str, Any]:
    """A centre's results (format ``arbitre.duplicate.centre_results``): its players'
    licences ``first`` … and every ballot. The witness makes every top; on every move another
    player makes it too, so no centre judges a solo among its own players."""
    from arbitre.duplicate import centre_results

    rng = random.Random(f"{uid}-{centre.index}")
    n = centre.players
    scores = [[0] * len(top) for _ in range(n)]
    for move, best in enumerate(top):
        second = rng.randrange(1, n) if n > 1 else 0
        for p in range(n):
            r = rng.random()
            if p in (0, second) or r < 0.3 or best <= 1:
                scores[p][move] = best
            elif r > 0.95:
                scores[p][move] = 0
            else:
                scores[p][move] = rng.randint(best // 3, best - 1)
    players, ballots = [], []
    for p in range(n):
        licence = str(1_000_000 + first + p)
        players.append(
            {
                "licence": licence,
                "name": centre.witness if p == 0 else f"JOUEUR{first + p:05d}",
                "first_name": rng.choice(("Anne", "Paul", "Léa", "Jean", "Zoé", "Marc")),
                "series": rng.choice((1, 2, 3, 3, 4, 4, 4, 5, 5, 6, 7)),
                "category": rng.choice(CATEGORIES),
                "games": [sum(scores[p])],
                "total": sum(scores[p]),
                "warnings": 0,
                "penalty": 0,
            }
        )
        ballots.extend(
            {
                "licence": licence,
                "game": 1,
                "move": move,
                "score": score,
                "sanction": "",
                "warning": False,
                "solo": False,
            }
            for move, score in enumerate(scores[p], start=1)
        )
    return {
        "format": centre_results.FORMAT,
        "version": centre_results.VERSION,
        "simultane": uid,
        "proof": proof,
        "games_ended": [1],
        "players": players,
        "ballots": ballots,
    }


@dataclass
class Published:
    pk: int
    uid: str
    centres: list[Centre]
    #: the public page's live endpoints, by kind ("version", "fragment"), where they exist
    live: dict[str, str]


def prepare(args: argparse.Namespace, game_text: str) -> Published:
    """The clubs' keys, the simultané published, the centres admitted and their players in
    the federation's licensee file (the application's services, on the federation's
    database), and each centre's signed results."""
    from arbitre.app import setup_django

    setup_django()
    from django.contrib.auth import get_user_model

    from arbitre.app.federation import services as federation
    from arbitre.app.ranking import services as ranking
    from arbitre.app.simultane import publish, sending
    from arbitre.duplicate import centre_results

    user = get_user_model().objects.get(username=OFFICER)
    t = time.perf_counter()
    start = dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)  # the game ended in every centre
    made = publish.publish(user, "Simultané fédéral (banc d'essai)", "SF", start, 180, [game_text])
    top = tops(json.loads(game_text))
    base, extra = divmod(args.players, args.centres)
    centres, first, licensees = [], 0, ["licence,nom,prenom,club,categorie,serie"]
    for i in range(args.centres):
        club = f"Centre {i:04d}"
        key = federation.create_token(user, club)
        publish.admit(user, made, club)
        centre = Centre(i, club, key, f"TEMOIN{i:04d}", base + (i < extra))
        proof = centre_results.opening_proof(made.code, made.uid)
        signed = sending.signed(results(made.uid, proof, centre, first, top), key)
        centre.body = json.dumps(signed).encode()
        licensees.extend(
            f"{p['licence']},{p['name']},{p['first_name']},{club},{p['category']},{p['series']}"
            for p in signed["results"]["players"]
        )
        first += centre.players
        centres.append(centre)
    # (the federation refuses an upload naming a licence its licensee file does not know)
    ranking.import_licensees(user, "\n".join(licensees).encode(), "banc d'essai")
    print(
        f"published {made.uid}: {len(top)} moves, {args.centres} centres admitted, "
        f"{args.players} players' results signed in {time.perf_counter() - t:.0f} s",
        flush=True,
    )
    return Published(made.pk, made.uid, centres, live_endpoints(made.uid))


LIVE_WORDS = {"version": ("version", "json", "etat"), "fragment": ("fragment", "classement")}
"""How the public page's live endpoints are recognised by their URL name or path."""


def live_endpoints(uid: str) -> dict[str, str]:
    """The paths of the public page's live endpoints the application has: its version (JSON,
    polled) and its standings' fragment (fetched when the version moves), each a URL of the
    ``simultane`` app besides ``public`` reversed with the uid, recognised by its name."""
    from django.urls import NoReverseMatch, reverse

    from arbitre.app.simultane import urls

    found: dict[str, str] = {}
    for pattern in urls.urlpatterns:
        name = getattr(pattern, "name", None) or ""
        if not name.startswith("public") or name == "public":
            continue
        try:
            path = reverse(f"simultane:{name}", kwargs={"uid": uid})
        except NoReverseMatch:
            continue
        for kind, words in LIVE_WORDS.items():
            if kind not in found and any(w in name.lower() for w in words):
                found[kind] = path
    return found


def merged_check(published: Published) -> str:
    """What the database holds after the run, and one merge from scratch timed here."""
    from arbitre.app.simultane import merge
    from arbitre.app.simultane.models import CentreUpload, Simultane

    simultane = Simultane.objects.get(pk=published.pk)
    uploads = list(CentreUpload.objects.filter(centre__simultane=simultane))
    t = time.perf_counter()
    rows = merge.standings(simultane)
    ms = (time.perf_counter() - t) * 1000
    expected = sum(c.players for c in published.centres)
    return (
        f"merged    {len(uploads)}/{len(published.centres)} centres, {len(rows)}/{expected} "
        f"players, received counts {sorted({u.sent_count for u in uploads})}; one merge "
        f"from scratch here {ms:.0f} ms"
    )


# -- the load --------------------------------------------------------------------------------


@dataclass
class Run:
    """Who polls what, when, and the figures of each."""

    host: str
    port: int
    page: str
    #: the public page's live endpoints (``live_endpoints``)
    live: dict[str, str] = field(default_factory=dict)
    period: float = PERIOD
    phase: str = "arrive"  # arrive, reference, load, done
    opening: Figures = field(default_factory=Figures)
    reference: Figures = field(default_factory=Figures)
    polls: Figures = field(default_factory=Figures)
    pages: Figures = field(default_factory=Figures)
    officer_before: Figures = field(default_factory=Figures)
    officer: Figures = field(default_factory=Figures)
    #: the officer's latencies during the uploads, split: page changed since the last read
    #: (a new version: its parts rendered or awaited) or not
    officer_changed: list[float] = field(default_factory=list)
    officer_same: list[float] = field(default_factory=list)
    static_during: Figures = field(default_factory=Figures)
    uploads: Figures = field(default_factory=Figures)
    accepted: dict[int, float] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    unanswered: int = 0
    resends: list[bool] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)  # the errors' statuses, by who
    effect: list[float] = field(default_factory=list)
    not_seen: int = 0
    late: int = 0  # of those not seen, on the page read once more at the end
    #: the probe's standings fetched at a version and answered at an earlier one (a process
    #: still rendering the new ones), fetched again at its next poll
    previous: int = 0
    #: the probe's requests: a viewer at the bench's own priority, polling the version every
    #: 0.25 s and fetching the standings when it moves (through nginx with --proxy)
    probe_polls: Figures = field(default_factory=Figures)
    probe_fetches: Figures = field(default_factory=Figures)
    wrk: wrk_client.Result | None = None  # the viewers through the proxy (--proxy)

    def connect(self) -> Connection:
        return Connection(self.host, self.port)

    def standings(self, version: bytes) -> str:
        """The address the page's script fetches the standings at, once the version endpoint
        answered ``version``: the fragment with the version in its address (so that no kept
        answer of an earlier version is given for it), else the whole page."""
        if "fragment" not in self.live:
            return self.page
        try:
            number = json.loads(version).get("version")
        except (ValueError, AttributeError):
            number = None
        fragment = self.live["fragment"]
        return fragment if number is None else f"{fragment}?v={number}"

    def holds(self, version: bytes, shown: bytes) -> bool:
        """Whether the standings ``shown`` are those of the polled ``version``, or of no
        known version: the page's script keeps the version the standings it got were
        rendered at (their ``data-version``) and fetches them again at the next poll while
        it differs from the polled one (a process still merging answers the previous
        standings meanwhile)."""
        found = re.search(rb'id="simultane-state" data-version="(\d+)"', shown)
        try:
            number = json.loads(version).get("version")
        except (ValueError, AttributeError):
            return True
        return found is None or number is None or int(found.group(1)) >= int(number)

    async def get(
        self, who: str, conn: Connection, figures: Figures, path: str, tag: str = ""
    ) -> tuple[int, dict[str, str], bytes]:
        """A GET timed into ``figures`` (with the last ETag); an error's status counted
        (0: no answer in 30 s, or the connection lost)."""
        headers = {"If-None-Match": tag} if tag else {}
        status, out, body = await timed(conn, figures, "GET", path, OK, headers=headers)
        if status not in OK:
            self.statuses[f"{who} {status}"] += 1
        return status, out, body


async def viewer(run: Run, index: int, arrival: float) -> None:
    rng = random.Random(index)
    conn = run.connect()
    await asyncio.sleep(rng.random() * arrival)
    await run.get("opening", conn, run.opening, run.page)
    await asyncio.sleep(rng.random() * run.period)
    tag, version, polled_body = "", b"", b""
    while run.phase != "done":
        began = time.monotonic()
        if run.phase == "reference":
            await run.get("static", conn, run.reference, STATIC)
        elif run.phase == "load":
            polled = run.live.get("version", run.page)
            status, headers, body = await run.get("poll", conn, run.polls, polled, tag)
            if status == 200:
                tag, polled_body = headers.get("etag", ""), body
            # (a 304 gives the script the body its browser holds: the version polled last)
            if status in OK and polled != run.page and polled_body != version:
                if version:  # the version moved: the standings again, as the script does
                    _, _, shown = await run.get(
                        "reload", conn, run.pages, run.standings(polled_body)
                    )
                if not version or run.holds(polled_body, shown):
                    version = polled_body  # else an earlier version's: asked again next time
        await asyncio.sleep(max(0.0, run.period - (time.monotonic() - began)))
    conn.close()


CSRF_VALUE = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


async def officer(run: Run, cookies: dict[str, str], path: str) -> None:
    conn = run.connect()
    conn.cookies.update(cookies)
    seen = b""
    while run.phase != "done":
        began = time.monotonic()
        if run.phase in ("reference", "load"):
            figures = run.officer if run.phase == "load" else run.officer_before
            _, _, body = await run.get("officer", conn, figures, path)
            shown = CSRF_VALUE.sub(b"", body)  # (each answer's own token)
            if run.phase == "load" and figures.latencies:
                split = run.officer_same if shown == seen else run.officer_changed
                split.append(figures.latencies[-1])
            seen = shown
        await asyncio.sleep(max(0.0, run.period - (time.monotonic() - began)))
    conn.close()


async def static_probe(run: Run) -> None:
    """The static file read every 0.5 s during the uploads: the machine's own delay then."""
    conn = run.connect()
    while run.phase != "done":
        began = time.monotonic()
        if run.phase == "load":
            await run.get("static", conn, run.static_during, STATIC)
        await asyncio.sleep(max(0.0, 0.5 - (time.monotonic() - began)))
    conn.close()


async def centre_upload(
    run: Run, centre: Centre, path: str, at: float, resend: bool, rng: random.Random
) -> None:
    conn = run.connect()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {centre.key}"}
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    status, _, reply = await timed(
        conn, run.uploads, "POST", path, (200,), body=centre.body, headers=headers
    )
    if status == 200 and json.loads(reply).get("status") == "accepted":
        run.accepted[centre.index] = time.monotonic()
    else:
        if status:  # (0: no answer within 30 s, which the centre's outbox sends again)
            run.refused.append(f"{centre.club}: {status} {reply[:160].decode(errors='replace')}")
        else:
            run.unanswered += 1
        resend = False
    if resend:  # the same results again: an outbox that did not get the answer
        await asyncio.sleep(rng.uniform(1.0, 5.0))
        status, _, reply = await timed(
            conn, run.uploads, "POST", path, (200,), body=centre.body, headers=headers
        )
        run.resends.append(status == 200 and json.loads(reply).get("received") == 2)
    conn.close()


async def probe(run: Run, centres: list[Centre], uploading: asyncio.Future[Any]) -> None:
    """A viewer polling every 0.25 s: an upload's effect is the first moment the standings it
    shows (the page, or the fragment the page's script fetches when the version moves) hold
    its centre's witness."""
    conn = run.connect()
    seen: set[int] = set()
    deadline = float("inf")
    version, text = b"", ""
    while True:
        began = time.monotonic()
        finished = uploading.done()  # (read before the page: no upload is accepted after it)
        if "version" in run.live:
            status, _, body = await timed(conn, run.probe_polls, "GET", run.live["version"], OK)
            if status == 200 and body != version:
                status, _, shown = await timed(
                    conn, run.probe_fetches, "GET", run.standings(body), OK
                )
                if status == 200:
                    text = shown.decode("utf-8", errors="replace")
                    if run.holds(body, shown):  # else asked again at the next poll
                        version = body
                    else:
                        run.previous += 1
        else:
            status, _, shown = await timed(conn, Figures(), "GET", run.page, OK)
            text = shown.decode("utf-8", errors="replace") if status == 200 else ""
        now = time.monotonic()
        for index, at in list(run.accepted.items()):
            if index not in seen and centres[index].witness in text:
                run.effect.append((now - at) * 1000)
                seen.add(index)
        if finished:
            deadline = min(deadline, now + SETTLE)
            if len(seen) == len(run.accepted) or now > deadline:
                run.not_seen = len(run.accepted) - len(seen)
                break
        await asyncio.sleep(max(0.0, PROBE_PERIOD - (time.monotonic() - began)))
    if run.not_seen:  # late, or missing? the standings read once more, the whole page
        status, _, body = await timed(conn, Figures(), "GET", run.page, OK)
        text = body.decode("utf-8", errors="replace") if status == 200 else ""
        run.late = sum(centres[i].witness in text for i in run.accepted if i not in seen)
    conn.close()


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """Processor seconds used so far by each process (Linux's ``/proc``)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick
    return out


async def drive(
    run: Run,
    args: argparse.Namespace,
    published: Published,
    watched: dict[str, list[int]],
    proxy: proxy_viewers.Proxy | None = None,
) -> dict[str, dict[int, float]]:
    """The whole run; each process's processor seconds over the uploads' window."""
    cookies = await login(SimpleNamespace(host=run.host, port=run.port), OFFICER)
    python_viewers = 0 if proxy else args.viewers
    arrival = min(10.0, max(1.0, python_viewers / 200))
    tasks = [asyncio.ensure_future(viewer(run, i, arrival)) for i in range(python_viewers)]
    officer_page = f"/federation/simultanes/{published.pk}/"
    tasks.append(asyncio.ensure_future(officer(run, cookies, officer_page)))
    tasks.append(asyncio.ensure_future(static_probe(run)))
    await asyncio.sleep(arrival + run.period)  # every viewer on the page before the measure
    if proxy:  # wrk's viewers, from the reference's start to a little after the window
        wrk = proxy_viewers.start_viewers(
            proxy.url,
            run.live["version"],
            run.live["fragment"],
            args.viewers,
            args.reference + args.window + 3 * run.period + 10,
            run.period,
            nice=args.nice_viewers,
        )
        watched["wrk (the viewers)"] = [wrk.process.pid]
        watched["nginx"] = [proxy.pid]
    run.phase = "reference"
    await asyncio.sleep(args.reference)
    run.phase = "load"
    rng = random.Random(2026)
    t0 = time.monotonic() + run.period

    def pids() -> dict[str, list[int]]:
        return {k: [p for v in watched[k] for p in server_processes(v)] for k in watched}

    before = {k: cpu_seconds(v) for k, v in pids().items()}
    mine = time.process_time()
    path = f"/api/federation/simultanes/{published.uid}/resultats/"
    uploading = asyncio.ensure_future(
        asyncio.gather(
            *(
                centre_upload(
                    run, c, path, t0 + rng.random() * args.window, rng.random() < args.resends, rng
                )
                for c in published.centres
            )
        )
    )
    await probe(run, published.centres, uploading)
    await uploading
    seconds = time.monotonic() - t0
    after = {k: cpu_seconds(v) for k, v in pids().items()}
    mine = time.process_time() - mine
    run.phase = "done"
    await asyncio.gather(*tasks, return_exceptions=True)
    if proxy:
        run.wrk = await asyncio.to_thread(wrk_client.result, wrk)
    # (a process started meanwhile, a PostgreSQL backend or a worker replaced, from zero)
    used = {
        k: {p: (cpu - before[k].get(p, 0.0)) / seconds for p, cpu in after[k].items()}
        for k in after
    }
    used["seconds"] = {0: seconds}
    used["this client (viewers, officer, centres, probe)"] = {os.getpid(): mine / seconds}
    return used


# -- the report ------------------------------------------------------------------------------


def ratio(figures: Figures, reference: Figures) -> str:
    if len(figures.latencies) < 2 or len(reference.latencies) < 2:
        return ""
    q, r = (statistics.quantiles(f.latencies, n=100)[94] for f in (figures, reference))
    m = statistics.median(figures.latencies) / max(statistics.median(reference.latencies), 1e-3)
    return f"  (median {m:.1f}x, p95 {q / max(r, 1e-3):.1f}x the reference)"


def line(name: str, figures: Figures, seconds: float, reference: Figures | None = None) -> str:
    rate = figures.requests / seconds if seconds else 0.0
    return (
        f"{name:9} {quantiles(figures.latencies)} ms  {rate:6.1f} req/s  errors {figures.errors}"
        + (ratio(figures, reference) if reference is not None else "")
    )


def report(run: Run, args: argparse.Namespace, used: dict[str, dict[int, float]]) -> None:
    seconds = used.pop("seconds")[0]
    total = args.centres
    print(
        f"over {seconds:.0f} s of uploads ({args.viewers} viewers polling every {args.period:g} s):"
    )
    print(
        f"uploads   accepted {len(run.accepted)}/{total}  refused {len(run.refused)}  "
        f"no answer in 30 s {run.unanswered}  latency {quantiles(run.uploads.latencies)} ms"
        + (f"\n          first refusal: {run.refused[0]}" if run.refused else "")
    )
    if run.resends:
        print(f"re-sends  {sum(run.resends)}/{len(run.resends)} counted once")
    print(
        f"effect    on the public page {quantiles(run.effect)} ms"
        + (
            f"  (not seen after {SETTLE:.0f} s: {run.not_seen}, on the page read once more "
            f"at the end: {run.late})"
            if run.not_seen
            else ""
        )
    )
    print(f"          the probe given earlier standings than the version polled: {run.previous}")
    if run.probe_polls.latencies:
        print(
            "probe     a viewer at the bench's priority, polling every "
            f"{PROBE_PERIOD:g} s{' through nginx' if run.wrk is not None else ''}:"
        )
        print(line("  polls", run.probe_polls, seconds))
        print(
            line("  fetched", run.probe_fetches, seconds) + "  (the standings, at each new version)"
        )
    if run.wrk is not None:
        print(f"viewers   {proxy_viewers.describe(run.wrk)}")
        print(
            "          (wrk's figures from the reference's start to the end; below, the bench's own"
        )
        print("          clients through nginx's plain HTTP port)")
    print(f"viewers   polling {run.live.get('version', run.page)}")
    print(line("  polls", run.polls, seconds, run.reference))
    if "version" in run.live:
        again = run.live.get("fragment", run.page)
        print(line("  reloads", run.pages, seconds, run.reference) + f"  ({again})")
    print(line("  static", run.static_during, seconds, run.reference) + "  (during the uploads)")
    print(line("officer", run.officer, seconds, run.officer_before))
    print(f"  changed {quantiles(run.officer_changed)} ms  ({len(run.officer_changed)} reads)")
    print(f"  same    {quantiles(run.officer_same)} ms  ({len(run.officer_same)} reads)")
    print("references, the same run before any upload:")
    print(line("  static", run.reference, args.reference) + "  (every viewer polling it)")
    print(line("  officer", run.officer_before, args.reference))
    print(
        f"  opening {quantiles(run.opening.latencies)} ms  errors {run.opening.errors}  "
        "(each viewer's first load of the public page)"
    )
    if run.statuses:
        print("errors    " + ", ".join(f"{k}: {n}" for k, n in sorted(run.statuses.items())))
    for kind, processes in used.items():
        cells = "  ".join(f"{pid}: {cpu:.2f}" for pid, cpu in sorted(processes.items()))
        if kind == "PostgreSQL":
            cells = f"{len(processes)} processes"
        print(
            f"processors used, {kind}: {sum(processes.values()):.2f} of {os.cpu_count()} ({cells})"
        )


# -- set-up ----------------------------------------------------------------------------------


def game_text(args: argparse.Namespace) -> str:
    if args.game:
        return Path(args.game).read_text(encoding="utf-8")
    made = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "duplicate", "autoplay"]
        + ["--seed", str(args.seed), "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    return made.stdout


def postmaster(database_url: str) -> int:
    """PostgreSQL's first process, the one listening on the URL's port (Linux's ``/proc``)."""
    port = database_url.rsplit(":", 1)[1].split("/")[0]
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            words = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue
        if words and words[0].endswith(b"postgres") and b"-p" in words:
            if words[words.index(b"-p") + 1] == port.encode():
                return int(cmdline.parent.name)
    return 0


def ready(port: int, process: Any, processes: int, log: Path) -> None:
    """Waits till the word list is ready and every worker started (gunicorn forks them warm)."""
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server stopped:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            status = asyncio.run(Connection("127.0.0.1", port).request("GET", "/lexique/etat/"))
        except OSError:
            time.sleep(0.5)
            continue
        state = json.loads(status[2]) if status[0] == 200 else {}
        # (its line saying so is printed once every worker started)
        every = processes <= 1 or any(
            said in server_log_text(log) for said in ("Arbitre est prêt", "Arbitre is ready")
        )
        if state.get("state") in ("ready", "idle") and every:
            return
        time.sleep(0.5)
    raise SystemExit("the server did not get ready in 600 s")


def server_log_text(log: Path) -> str:
    return log.read_text(errors="replace") if log.exists() else ""


def server_log(log: Path) -> str:
    """The server's log, summed up: its tracebacks counted, the first one shown, and the
    workers the master replaced."""
    text = server_log_text(log)
    lines = text.splitlines()
    tracebacks = [i for i, t in enumerate(lines) if t.startswith("Traceback")]
    replaced = sum("WORKER TIMEOUT" in t or "was sent SIGKILL" in t for t in lines)
    out = f"server log: {len(tracebacks)} tracebacks, {replaced} workers replaced"
    if tracebacks:
        first = lines[max(0, tracebacks[0] - 2) : tracebacks[0] + 40]
        out += "; the first:\n    " + "\n    ".join(first)
    return out


def drain(stream: Any, log: Path) -> None:
    """The server's output into its log file (a pipe left unread would block it)."""
    with log.open("w") as out:
        for text in stream:
            out.write(text)
            out.flush()


def officer_and_simultane(args: Any, game: str, database_url: str, data: Path) -> Any:
    """The officer's account and the simultané of ``game`` published (:func:`prepare`, with
    ``args``' centres and players) in ``data`` and ``database_url``, this process's
    environment pointed at them."""
    os.environ.update(env_for(data, database_url))
    if os.environ.get("ARBITRE_GC_LOG"):  # the collector's full passes logged (bench/gc_passes)
        gc_passes = str(ROOT / "bench" / "gc_passes")
        os.environ["PYTHONPATH"] = os.pathsep.join((gc_passes, os.environ["PYTHONPATH"]))
    env = {**os.environ, "ARBITRE_ADMIN_PASSWORD": PASSWORD}
    subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "createadmin", OFFICER],
        env=env,
        check=True,
        capture_output=True,
    )
    return prepare(args, game)


def bench(args: argparse.Namespace, database_url: str, data: Path) -> None:
    published = officer_and_simultane(args, game_text(args), database_url, data)
    from django.db import connections

    connections.close_all()
    connects = max(2000, args.viewers + args.centres + 100)
    serve_args = ("--threads", str(args.threads), "--connections", str(connects))
    with arbitre_server(
        data,
        database_url,
        timeout=600,
        args=serve_args,
        processes=args.processes,
        real_password_hashing=True,  # the settings as a federation's server runs them
    ) as server:
        log = data / "server.log"
        threading.Thread(target=drain, args=(server.process.stdout, log), daemon=True).start()
        port = int(server.url.rstrip("/").rsplit(":", 1)[1])
        ready(port, server.process, args.processes, log)
        print(
            f"server: arbitre serve --processes {args.processes} --threads {args.threads} on "
            f"PostgreSQL, code of {bench_festival.SERVED}; load average "
            f"{os.getloadavg()[0]:.1f}",
            flush=True,
        )
        print(memory_lines(server.process.pid, "once ready"))
        page = f"/public/simultanes/{published.uid}/"
        watched = {"server": [server.process.pid]}
        if postmaster(database_url):
            watched["PostgreSQL"] = [postmaster(database_url)]
        with (
            proxy_viewers.nginx(port, free_port(), args.viewers, plain_port=free_port())
            if args.proxy
            else nullcontext()
        ) as proxy:
            target = proxy.plain_port if proxy else port
            run = Run("127.0.0.1", target, page, published.live, args.period)
            if proxy:
                print(f"nginx in front (docs/federation-server.md): {proxy.url}", flush=True)
                if args.nice_viewers:
                    print(f"wrk's viewers at nice {args.nice_viewers}", flush=True)
            if args.pin:
                server_cpus, client_cpus = pinning.split()
                roots = [server.process.pid, postmaster(database_url)] + (
                    [proxy.pid] if proxy else []
                )
                threads = sum(pinning.pin(root, server_cpus) for root in roots if root)
                pinning.pin(os.getpid(), client_cpus)  # (wrk, started by this process, too)
                print(
                    f"pinned: the server's side ({threads} threads: the application, PostgreSQL"
                    f"{', nginx' if proxy else ''}) on processor {sorted(server_cpus)}, the "
                    f"clients on {sorted(client_cpus)}",
                    flush=True,
                )
            with busy(args.busy):
                used = asyncio.run(drive(run, args, published, watched, proxy))
        report(run, args, used)
        print(memory_lines(server.process.pid, "after the load"))
        print(server_log(log))
        pg = postmaster(database_url)
        if pg:  # (its processes in all: a backend per server thread that used the database)
            total = memory_lines(pg, "").splitlines()[-1].split("RSS", 1)[1]
            print(f"  PostgreSQL's {len(server_processes(pg))} processes: RSS{total}")
    print(merged_check(published), flush=True)
    connections.close_all()


@contextmanager
def busy(count: int) -> Iterator[None]:
    """``count`` processes each keeping a processor busy at the server's priority (another
    job of the machine), during the measure; none with 0."""
    spinning = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    if spinning:
        print(f"{count} other processes keeping a processor busy each (nice 0)", flush=True)
    try:
        yield
    finally:
        for process in spinning:
            process.kill()
            process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--centres", type=int, default=300)
    parser.add_argument("--players", type=int, default=6000, help="in all the centres")
    parser.add_argument("--viewers", type=int, default=10000)
    parser.add_argument(
        "--window", type=float, default=300.0, help="seconds over which the centres upload"
    )
    parser.add_argument(
        "--reference", type=float, default=20.0, help="seconds of the static reference"
    )
    parser.add_argument(
        "--period",
        type=float,
        default=PERIOD,
        help="seconds between two polls of a viewer and of the officer (default %(default)s)",
    )
    parser.add_argument("--resends", type=float, default=0.1, help="share of centres re-sending")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument(
        "--pin",
        action="store_true",
        help="the server's side on the first processor, the clients on the others "
        "(bench/pinning.py: as two machines)",
    )
    parser.add_argument(
        "--proxy",
        action="store_true",
        help="behind the documented nginx, the viewers simulated by wrk (both installed)",
    )
    parser.add_argument(
        "--nice-viewers",
        type=int,
        default=0,
        metavar="N",
        help="with --proxy, wrk's viewers at this lower priority (nice N): the processors "
        "they take are not the server's, as on the viewers' own phones (default %(default)s)",
    )
    parser.add_argument(
        "--busy",
        type=int,
        default=0,
        metavar="N",
        help="N other processes keeping a processor busy each during the measure, at the "
        "server's priority: a machine that other jobs share, reproducibly (default 0)",
    )
    parser.add_argument(
        "--served",
        type=Path,
        metavar="DIR",
        help="the server runs the code of this other source tree (another worktree: the code "
        "before a change, compared in the same conditions)",
    )
    parser.add_argument("--processes", type=int, default=default_processes())
    parser.add_argument("--game", help="a game record (default: arbitre duplicate autoplay)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.served:
        bench_festival.SERVED = args.served.resolve()
    if not 0 < args.centres <= args.players:
        parser.error("at least one centre, and a player per centre")
    if args.proxy and proxy_viewers.missing_tools():
        parser.error("--proxy needs " + " and ".join(proxy_viewers.missing_tools()))
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.viewers + 1000)), hard))
    start = os.getloadavg()
    print(
        f"load average {start[0]:.1f} {start[1]:.1f} {start[2]:.1f} at the start, on "
        f"{os.cpu_count()} CPUs (a shared machine); {args.centres} centres, {args.players} "
        f"players, {args.viewers} viewers, uploads over {args.window:.0f} s",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-simultane-") as tmp:
        with throwaway_postgres() as url:
            bench(args, url, Path(tmp))
    end = os.getloadavg()
    print(f"load average {end[0]:.1f} {end[1]:.1f} {end[2]:.1f} at the end")
    if os.environ.get("ARBITRE_GC_LOG"):
        print("the garbage collector's full passes, per process (bench/gc_passes):", flush=True)
        summary = ROOT / "bench" / "gc_passes" / "sitecustomize.py"
        subprocess.run([sys.executable, str(summary), os.environ["ARBITRE_GC_LOG"]], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
