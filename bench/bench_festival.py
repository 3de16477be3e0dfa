"""Benchmark of a festival in one hall on one laptop (issue 37, item 2).

    python bench/bench_festival.py [--players 1500] [--arbiters 40] [--phones 300]
                                   [--moves 5] [--window 150] [--threads 8] [--processes N]
                                   [--sizes 120,500,1500,5000] [--data DIR]
                                   [--database sqlite|postgresql|both]

Builds the festival (``arbitre demo --festival``: one Duplicate event of ``--players`` in one
hall, ``--arbiters`` arbiters given consecutive ranges of tables, the first game pre-drawn by
autoplay and its first two moves entered) in a fresh data directory (or uses ``--data``,
where it was built before), starts ``arbitre serve`` on it, and drives it as the hall would:

- **arbiters**, each logged in once as their own account before any measure, entering every
  ballot of their tables through the entry page's API as the page's script calls it (JSON,
  the CSRF token, one keep-alive connection each), spread over ``--window`` seconds: 1,500
  ballots in 150 s is about 10 a second;
- **phones** (``--phones``), each on its own keep-alive connection, opening the public
  standings, then every 2 s polling what the pages' scripts poll: the standings JSON with
  the last ETag, and the state of the move being played; as a phone's browser, they accept
  compressed answers (``Accept-Encoding: gzip``), and the bytes they receive are counted;
- **the chief**: their live overview (the ballots still missing per arbiter) every 3 s as its
  page polls it, and each move's draw and reveal through the chief arbiter's page (the
  version its forms carry);
- **two hall screens**, polling the hall's JSON every 2 s with the last ETag;
- each arbiter's entry page, polling the arbiters' progress on the move every 3 s.

For each of ``--moves`` consecutive moves it prints the ballots accepted, the entry latency
p50 / p95 / p99, the time from a ballot's acceptance to its effect on the public standings
(a probe reads the standings every 0.25 s: the first read where the player's total holds
the ballot's score), the phones' p50 / p95 / p99, their share of 304 answers, the
megabytes a second they receive and errors (any status other than 200 and 304, or no answer
within 30 s), the chief's and the hall screens' latency, and the
processors the server and this client used meanwhile; then the memory of each server process.

``--served DIR`` runs the server on another source tree (another worktree: its code, this
bench and the same data), to compare two versions in the same run of the machine.

``--database both`` runs the whole festival on SQLite, then on a throwaway PostgreSQL cluster
(the tests' ``tests/app/postgres.py``: initdb and pg_ctl on a free port, ``fsync=off``), and
prints each move's figures beside each other, with each server process's resident memory.

Last, the standings' cost per change as the field grows (``--sizes``):
``bench/bench_standings_growth.py``, the kept standings the server runs and the from-scratch
reference timed in the same run. The phones run on the same machine as the server: with the
machine shared, their own delays count as the server's. ``--phones-client wrk`` simulates
them with ``wrk`` (``bench/wrk_client.py``: a load generator written in C, the standings and
the move's state polled every 2 s on two connections per phone, the ETag a phone would hold)
instead of this process's Python connections, which used about as much processor as the
server: its latencies are wrk's, each address apart, and its processors count as the
client's.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
import wrk_client  # noqa: E402
from bench_live import (  # noqa: E402  (the same client, figures and server probes)
    Connection,
    Figures,
    free_port,
    server_cpu,
    server_processes,
    timed,
)

from arbitre.cli.serve import default_processes  # noqa: E402

PASSWORD = "Banc-d-essai-2026"
PERIOD = 2.0  # the phones' and hall screens' polling period (duplicate.js, hall.js)
ACCEPT = {"Accept-Encoding": "gzip, deflate"}  # what a phone's browser sends
CHIEF_PERIOD = 3.0  # the chief's live overview (needs.js)
PROGRESS_PERIOD = 3.0  # the arbiters' progress on their entry page (duplicate.js)
PROBE_PERIOD = 0.25  # the probe reading the standings for the ballots' effect
TIMEOUT = 30.0
SETTLE = 30.0  # at most this long after the last ballot for the standings to show them all


@dataclass
class Festival:
    host: str
    port: int
    event: int
    game: int
    database: Path
    server_pid: int
    #: registration ids and licences per arbiter's account
    tables: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    sessions: dict[str, dict[str, str]] = field(default_factory=dict)


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    q = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else values * 99
    return (
        f"p50 {statistics.median(values):7.1f}  p95 {q[94]:7.1f}  p99 {q[98]:7.1f}  "
        f"max {max(values):7.1f}"
    )


async def fetch(
    conn: Connection, figures: Figures, method: str, path: str, **kw: object
) -> tuple[int, dict[str, str], bytes]:
    """One request, timed into ``figures`` (an error: no answer, or a status not 200/302/304)."""
    return await timed(conn, figures, method, path, (200, 302, 304), **kw)


# -- who polls what --------------------------------------------------------------------------


@dataclass
class Load:
    """The figures of one move, and when it stops."""

    stop: float
    phones: Figures = field(default_factory=Figures)
    hall: Figures = field(default_factory=Figures)
    progress: Figures = field(default_factory=Figures)
    chief: Figures = field(default_factory=Figures)
    entries: Figures = field(default_factory=Figures)
    accepted: int = 0
    refused: list[str] = field(default_factory=list)
    effect: list[float] = field(default_factory=list)
    not_seen: int = 0
    #: bytes of the bodies received and answers "304 Not Modified", per poller
    received: dict[str, int] = field(default_factory=dict)
    unchanged: dict[str, int] = field(default_factory=dict)


class Stage:
    """The current move's :class:`Load`, which the pollers write their figures into."""

    def __init__(self) -> None:
        self.load = Load(stop=float("inf"))
        self.running = True
        self.move = 0  # the move being entered (the entry pages' progress)


async def poller(
    stage: Stage,
    path: str | Callable[[], str],
    period: float,
    which: str,
    conn: Connection,
    delay: float,
) -> None:
    """A page's script polling ``path`` (or the path it gives at each poll) every ``period``
    with the last ETag (if any), as a browser does: accepting a compressed answer."""
    await asyncio.sleep(delay)
    tag = ""
    while stage.running:
        began = time.monotonic()
        load = stage.load
        status, headers, body = await fetch(
            conn,
            getattr(load, which),
            "GET",
            path() if callable(path) else path,
            headers={**ACCEPT, **({"If-None-Match": tag} if tag else {})},
        )
        load.received[which] = load.received.get(which, 0) + len(body)
        if status == 304:
            load.unchanged[which] = load.unchanged.get(which, 0) + 1
        if status == 200:
            tag = headers.get("etag", "")
        await asyncio.sleep(max(0.0, period - (time.monotonic() - began)))
    conn.close()


async def phone(site: Festival, stage: Stage, index: int, arrival: float) -> None:
    """A phone: the public standings page once, then its two polls every 2 s."""
    conn = Connection(site.host, site.port)
    await asyncio.sleep(random.Random(index).random() * arrival)
    await fetch(conn, Figures(), "GET", f"/public/duplicate/{site.event}/")
    standings = f"/public/duplicate/{site.event}/classement.json"
    move = f"/public/duplicate/{site.event}/partie/{site.game}/etat.json"
    other = Connection(site.host, site.port)  # (a browser runs two fetches on two sockets)
    await asyncio.gather(
        poller(stage, standings, PERIOD, "phones", conn, 0.0),
        poller(stage, move, PERIOD, "phones", other, PERIOD / 2),
    )


def start_wrk_phones(site: Festival, args: argparse.Namespace) -> list[wrk_client.Started]:
    """The phones as ``wrk``'s connections (``--phones-client wrk``): ``--phones`` polling the
    standings JSON and as many the move's state, every 2 s, as the two fetches of each
    phone's page (``wrk_client.PHONES``)."""
    base = f"http://{site.host}:{site.port}"
    return [
        wrk_client.start_phones(
            base, f"/public/duplicate/{site.event}/classement.json", args.phones, PERIOD
        ),
        wrk_client.start_phones(
            base,
            f"/public/duplicate/{site.event}/partie/{site.game}/etat.json",
            args.phones,
            PERIOD,
        ),
    ]


async def login(site: Festival, username: str) -> dict[str, str]:
    conn = Connection(site.host, site.port)
    await conn.request("GET", "/compte/connexion/")
    token = conn.cookies["csrftoken"]
    body = urlencode({"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token})
    status, _, _ = await conn.request(
        "POST",
        "/compte/connexion/",
        body.encode(),
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": f"http://{site.host}:{site.port}/",
        },
    )
    conn.close()
    if status != 302:
        raise SystemExit(f"login of {username} refused ({status})")
    return dict(conn.cookies)


async def chief_move(site: Festival, conn: Connection) -> int:
    """The chief's draw and reveal of the next move, through their page (the version its
    forms carry); the move's number, once the public state shows it."""
    page = f"/duplicate/{site.event}/partie/{site.game}/ja/"

    async def version() -> int:
        _, _, body = await conn.request("GET", page)
        found = re.search(rb'name="version" value="(\d+)"', body)
        if found is None:
            raise SystemExit("the chief's page has no form")
        return int(found.group(1))

    for action in ("draw_random", "reveal"):
        form = {
            "csrfmiddlewaretoken": conn.cookies["csrftoken"],
            "version": await version(),
            "action": action,
        }
        status, _, _ = await conn.request(
            "POST",
            page,
            urlencode(form).encode(),
            {"Content-Type": "application/x-www-form-urlencoded"},
        )
        if status != 302:
            raise SystemExit(f"the chief's {action} refused ({status})")
    now = await version()
    state_path = f"/public/duplicate/{site.event}/partie/{site.game}/etat.json"
    while True:  # (the phones' state may hold the previous one a second)
        _, _, body = await conn.request("GET", state_path)
        state = json.loads(body)
        if state["version"] == now:
            return int(state["moves_played"])
        await asyncio.sleep(PROBE_PERIOD)


async def standings_totals(conn: Connection, site: Festival) -> dict[str, int]:
    _, headers, body = await conn.request(
        "GET", f"/public/duplicate/{site.event}/classement.json", headers=ACCEPT
    )
    if headers.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    return {row["licence"]: int(row["total"]) for row in json.loads(body)["standings"]}


async def arbiter(
    site: Festival,
    name: str,
    move: int,
    window: float,
    start: float,
    load: Load,
    accepted: dict[str, tuple[float, int]],
) -> None:
    """An arbiter entering each of their tables' ballots of ``move``, spread over the window."""
    conn = Connection(site.host, site.port)
    conn.cookies.update(site.sessions[name])
    rng = random.Random(f"{name}-{move}")
    mine = site.tables[name]
    api = f"/duplicate/{site.event}/partie/{site.game}/saisie/api/"
    for k, (registration, licence) in enumerate(mine):
        at = start + (k + rng.random()) * window / len(mine)
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        text = "top" if rng.random() < 0.95 else rng.choice(["aucun", "vide"])
        payload = {"registration": registration, "move": move, "version": 0, "text": text}
        status, _, body = await fetch(
            conn,
            load.entries,
            "POST",
            api,
            body=json.dumps(payload).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": conn.cookies["csrftoken"]},
        )
        if status == 200:
            load.accepted += 1
            accepted[licence] = (time.monotonic(), int(json.loads(body)["score"]))
        else:
            load.refused.append(f"{status} {body[:120]!r}")
    conn.close()


async def probe(
    site: Festival,
    before: dict[str, int],
    accepted: dict[str, tuple[float, int]],
    load: Load,
    entering: asyncio.Task[object],
) -> None:
    """Reads the standings every 0.25 s: a ballot's effect is the first read where its
    player's total holds its score."""
    conn = Connection(site.host, site.port)
    seen_already: set[str] = set()
    deadline = float("inf")
    while True:
        began = time.monotonic()
        try:
            totals = await asyncio.wait_for(standings_totals(conn, site), TIMEOUT)
        except (TimeoutError, OSError, ValueError):
            conn.close()
            totals = {}
        seen = time.monotonic()
        finished = entering.done()  # (read before the ballots: none is added after it)
        for licence, (at, score) in list(accepted.items()):
            if licence in seen_already:
                continue
            if score <= 0:  # a zero does not move the total: nothing to see
                seen_already.add(licence)
            elif totals.get(licence, -1) >= before.get(licence, 0) + score:
                load.effect.append((seen - at) * 1000)
                seen_already.add(licence)
        if finished:
            deadline = min(deadline, seen + SETTLE)
            if len(seen_already) == len(accepted):
                break
            if seen > deadline:
                load.not_seen = len(accepted) - len(seen_already)
                break
        await asyncio.sleep(max(0.0, PROBE_PERIOD - (time.monotonic() - began)))
    conn.close()


# -- the run ---------------------------------------------------------------------------------


async def drive(site: Festival, args: argparse.Namespace) -> list[dict[str, str]]:
    names = sorted(site.tables)
    for name in ["demo", *names]:  # each logs in once, in the morning, before any measure
        site.sessions[name] = await login(site, name)
    stage = Stage()
    python_phones = args.phones if args.phones_client == "python" else 0
    arrival = min(10.0, max(1.0, python_phones / 200))
    pollers = [asyncio.ensure_future(phone(site, stage, i, arrival)) for i in range(python_phones)]
    for i in range(2):
        pollers.append(
            asyncio.ensure_future(
                poller(
                    stage,
                    f"/public/duplicate/{site.event}/salle.json",
                    PERIOD,
                    "hall",
                    Connection(site.host, site.port),
                    i * PERIOD / 2,
                )
            )
        )
    chief = Connection(site.host, site.port)
    chief.cookies.update(site.sessions["demo"])
    overview = Connection(site.host, site.port)
    overview.cookies.update(site.sessions["demo"])
    pollers.append(
        asyncio.ensure_future(
            poller(
                stage,
                f"/evenement/{site.event}/direction/etat/",
                CHIEF_PERIOD,
                "chief",
                overview,
                0,
            )
        )
    )
    progress = f"/duplicate/{site.event}/partie/{site.game}/saisie/progression.json?coup="

    def progress_path() -> str:
        return f"{progress}{stage.move}"

    for k, name in enumerate(names):  # each arbiter's entry page: its progress counters
        page = Connection(site.host, site.port)
        page.cookies.update(site.sessions[name])
        pollers.append(
            asyncio.ensure_future(
                poller(
                    stage,
                    progress_path,
                    PROGRESS_PERIOD,
                    "progress",
                    page,
                    k * PROGRESS_PERIOD / len(names),
                )
            )
        )
    await asyncio.sleep(arrival + PERIOD)  # every phone on the page before the first move
    print(
        f"  {args.phones} phones, 2 hall screens, the chief's overview; {len(names)} arbiters "
        f"entering {sum(len(t) for t in site.tables.values())} ballots a move over "
        f"{args.window:.0f} s, their pages polling their progress"
    )
    print(
        "  move  accepted  entry ms (p50/p95/p99/max)                   effect on standings ms"
        " (p50/p95/p99/max)"
    )
    summaries = []
    for _ in range(args.moves):
        stage.load = Load(stop=float("inf"))  # (between two moves: not counted)
        move = await chief_move(site, chief)
        stage.move = move
        prober = Connection(site.host, site.port)
        await asyncio.sleep(1.1)  # the version the public pages read is at most 1 s old
        before = await standings_totals(prober, site)
        prober.close()
        load = Load(stop=float("inf"))
        stage.load = load
        phones = start_wrk_phones(site, args) if args.phones_client == "wrk" else []
        cpu0, t0, mine0 = server_cpu(site.server_pid), time.monotonic(), time.process_time()
        accepted: dict[str, tuple[float, int]] = {}
        entering = asyncio.ensure_future(
            asyncio.gather(
                *(arbiter(site, n, move, args.window, t0, load, accepted) for n in names)
            )
        )
        await probe(site, before, accepted, load, entering)
        await entering
        seconds = time.monotonic() - t0
        cpu = (server_cpu(site.server_pid) - cpu0) / seconds
        client = (time.process_time() - mine0) / seconds
        wrk_results = [await asyncio.to_thread(wrk_client.stop, p) for p in phones]
        if wrk_results:  # the phones' figures are wrk's: its processors count as theirs
            client += sum(r.cpu for r in wrk_results) / seconds
            load.phones.requests = sum(r.requests for r in wrk_results)
            load.phones.errors = sum(sum(r.errors.values()) for r in wrk_results)
            load.unchanged["phones"] = sum(r.counters["not_modified"] for r in wrk_results)
            load.received["phones"] = round(sum(r.megabytes for r in wrk_results) * 1e6)
        total = sum(len(t) for t in site.tables.values())
        print(
            f"  {move:4d}  {load.accepted:4d}/{total:<4d} {quantiles(load.entries.latencies)}"
            f"   {quantiles(load.effect)}"
            + (f"  (not seen after {SETTLE:.0f} s: {load.not_seen})" if load.not_seen else "")
        )
        phones_line = (
            "  ".join(
                f"{name} p50 {r.p50:.1f} p95 {r.p95:.1f} p99 {r.p99:.1f} max {r.worst:.0f}"
                for name, r in zip(("standings", "state"), wrk_results, strict=True)
            )
            if wrk_results
            else quantiles(load.phones.latencies)
        )
        print(
            f"        phones {phones_line}  "
            f"({load.phones.requests / seconds:.0f} req/s, "
            f"{load.unchanged.get('phones', 0) / max(1, load.phones.requests):.0%} 304, "
            f"{load.received.get('phones', 0) / seconds / 1e6:.1f} MB/s received, "
            f"errors {load.phones.errors})"
        )
        print(
            f"        hall   {quantiles(load.hall.latencies)}  chief {quantiles(load.chief.latencies)}"
            f"  errors {load.hall.errors + load.chief.errors}"
        )
        print(
            f"        arbiters' progress {quantiles(load.progress.latencies)}"
            f"  errors {load.progress.errors}"
        )
        print(
            f"        entry errors {load.entries.errors}  server processors {cpu:.2f} of "
            f"{os.cpu_count()} over {seconds:.0f} s (this client, the phones: {client:.2f})"
            + (f"  first refusal: {load.refused[0]}" if load.refused else "")
        )
        summaries.append(
            {
                "move": str(move),
                "accepted": f"{load.accepted}/{total}",
                "entry p50/p95": pair(load.entries.latencies),
                "effect p50/p95": pair(load.effect),
                "phones p50/p95": (
                    ", ".join(f"{r.p50:.0f}/{r.p95:.0f}" for r in wrk_results)
                    if wrk_results
                    else pair(load.phones.latencies)
                ),
                "phones MB/s": f"{load.received.get('phones', 0) / seconds / 1e6:.1f}",
                "hall, chief p95": f"{p95(load.hall.latencies):.0f}, {p95(load.chief.latencies):.0f}",
                "progress p95": f"{p95(load.progress.latencies):.0f}",
                "errors": str(
                    load.entries.errors
                    + load.phones.errors
                    + load.hall.errors
                    + load.chief.errors
                    + load.progress.errors
                ),
                "server CPUs": f"{cpu:.2f}",
                "server MiB": " ".join(f"{mib:.0f}" for _, mib in memory(site.server_pid)),
            }
        )
    stage.running = False
    for task in pollers:
        task.cancel()
    await asyncio.gather(*pollers, return_exceptions=True)
    chief.close()
    return summaries


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def pair(values: list[float]) -> str:
    if not values:
        return "none"
    return f"{statistics.median(values):.0f}/{p95(values):.0f}"


def memory(pid: int) -> list[tuple[int, float]]:
    """(pid, resident MiB) of the server's processes (the first and those it started), from
    Linux's ``/proc``; empty elsewhere."""
    out = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        if status.parent.name == str(pid) or fields.get("PPid", "").strip() == str(pid):
            rss = fields.get("VmRSS", "0 kB").split()[0]
            out.append((int(status.parent.name), int(rss) / 1024))
    return sorted(out)


# -- set-up ----------------------------------------------------------------------------------


SERVED = ROOT
"""The tree whose code the server runs (``--served``: another worktree's, to compare)."""


def env_for(data: Path, database_url: str | None = None) -> dict[str, str]:
    env = {
        **os.environ,
        "ARBITRE_DATA_DIR": str(data),
        "PYTHONPATH": str(SERVED / "src"),
        "ARBITRE_AUTO_BACKUP": "0",
    }
    env.pop("ARBITRE_DATABASE_URL", None)
    if database_url:
        env["ARBITRE_DATABASE_URL"] = database_url
    return env


def build(args: argparse.Namespace, data: Path, database_url: str | None) -> int:
    """The festival's event id (built now unless ``data`` holds one)."""
    t = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "demo", "--festival", "--json"]
        + ["--password", PASSWORD, "--players", str(args.players)]
        + ["--arbiters", str(args.arbiters), "--seed", str(args.seed)],
        env=env_for(data, database_url),
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    report = json.loads(out.stdout)
    if report.get("created"):
        print(f"festival built in {time.perf_counter() - t:.0f} s: {report['players']} players")
    return int(next(iter(report["events"].values())))


def read_site(
    data: Path, event: int, port: int, server_pid: int, database_url: str | None
) -> Festival:
    if database_url:
        import psycopg

        db: Any = psycopg.connect(database_url)
        mark = "%s"
    else:
        db = sqlite3.connect(f"file:{data / 'arbitre.sqlite3'}?mode=ro", uri=True)
        mark = "?"
    (dup,) = db.execute(
        f"select id from duplicate_duplicateevent where event_id = {mark}", (event,)
    ).fetchone()
    (game,) = db.execute(
        f"select min(number) from duplicate_game where duplicate_id = {mark}", (dup,)
    ).fetchone()
    site = Festival("127.0.0.1", port, event, game, data / "arbitre.sqlite3", server_pid)
    for reg, licence, username in db.execute(
        "select r.id, r.licence, u.username from duplicate_registration r join auth_user u on "
        f'r.arbiter_id = u.id where r.duplicate_id = {mark} order by r."table"',
        (dup,),
    ).fetchall():
        site.tables.setdefault(username, []).append((reg, licence))
    db.close()
    return site


def serve(
    args: argparse.Namespace, data: Path, database_url: str | None
) -> tuple[int, subprocess.Popen[bytes]]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "arbitre.cli", "serve", "--port", str(port)]
        + ["--threads", str(args.threads), "--processes", str(args.processes)],
        env=env_for(data, database_url),
        stdout=subprocess.DEVNULL,
        stderr=(data / "server.log").open("wb"),
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if server.poll() is not None:
            log = (data / "server.log").read_text(errors="replace")
            raise SystemExit(f"the server stopped ({server.returncode}):\n{log[-3000:]}")
        try:
            status = asyncio.run(Connection("127.0.0.1", port).request("GET", "/lexique/etat/"))
        except OSError:
            time.sleep(0.5)
            continue
        state = json.loads(status[2]) if status[0] == 200 else {}
        # gunicorn's workers are forked warm from the master (Linux: counted)
        every = args.processes <= 1 or len(server_processes(server.pid)) > args.processes
        if state.get("state") in ("ready", "idle") and every:
            return port, server
        time.sleep(0.5)
    raise SystemExit("the server did not get ready in 300 s")


def run(args: argparse.Namespace, database_url: str | None) -> list[dict[str, str]]:
    """One festival on one database: built, served, driven; its moves' figures."""
    kind = "PostgreSQL" if database_url else "SQLite"
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-festival-") as tmp:
        data = args.data or Path(tmp)
        data.mkdir(parents=True, exist_ok=True)
        event = build(args, data, database_url)
        port, server = serve(args, data, database_url)
        try:
            print(
                f"server: arbitre serve --threads {args.threads} --processes "
                f"{args.processes}, {kind}, code of {SERVED}; load average "
                f"{os.getloadavg()[0]:.1f}",
                flush=True,
            )
            site = read_site(data, event, port, server.pid, database_url)
            summaries = asyncio.run(drive(site, args))
            for pid, mib in memory(server.pid):
                print(f"  server process {pid}: {mib:.0f} MiB resident")
        finally:
            if server.poll() is not None:
                log = (data / "server.log").read_text(errors="replace")
                print(f"the server stopped ({server.returncode}):\n{log[-3000:]}")
            server.terminate()
            server.wait(30)
    return summaries


def side_by_side(results: dict[str, list[dict[str, str]]]) -> None:
    """Each move's figures on each database, beside each other (ms unless said)."""
    print(
        "figures side by side (ms; server MiB: each process's resident memory at the end "
        "of the move)"
    )
    kinds = list(results)
    keys = [k for k in next(iter(results.values()))[0] if k != "move"] if results else []
    width = 26
    print("  move  " + "figure".ljust(18) + "".join(k.ljust(width) for k in kinds))
    moves = max(len(v) for v in results.values())
    for m in range(moves):
        for key in keys:
            cells = [
                (results[k][m].get(key, "") if m < len(results[k]) else "").ljust(width)
                for k in kinds
            ]
            move = next(results[k][m]["move"] for k in kinds if m < len(results[k]))
            print(f"  {move:>4}  {key.ljust(18)}" + "".join(cells))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1500)
    parser.add_argument("--arbiters", type=int, default=40)
    parser.add_argument("--phones", type=int, default=300, help="the issue's target: 2000")
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--window", type=float, default=150.0, help="seconds to enter a move")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--processes", type=int, default=default_processes())
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--data", type=Path, help="a data directory to build in or reuse")
    parser.add_argument(
        "--served",
        type=Path,
        default=ROOT,
        help="the source tree the server runs (another worktree: its code under the same load)",
    )
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgresql", "both"),
        default="sqlite",
        help="postgresql: a throwaway cluster (PostgreSQL's binaries); both: one run on each",
    )
    parser.add_argument(
        "--sizes",
        default="120,500,1500,5000",
        help="the standings' cost per change (bench_standings_growth.py); '' to skip",
    )
    parser.add_argument("--changes", type=int, default=30)
    parser.add_argument(
        "--phones-client",
        choices=("python", "wrk"),
        default="python",
        help="wrk: the phones simulated by wrk (a C client, Debian's package) instead of this "
        "process's asyncio connections, which take the processors the server needs",
    )
    args = parser.parse_args(argv)
    global SERVED
    SERVED = args.served.resolve()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (a shared machine)")
    results: dict[str, list[dict[str, str]]] = {}
    if args.database in ("sqlite", "both"):
        results["SQLite"] = run(args, None)
    if args.database in ("postgresql", "both"):
        from tests.app.postgres import throwaway_postgres  # (the tests' throwaway cluster)

        with throwaway_postgres() as url:
            results["PostgreSQL"] = run(args, url)
    if len(results) > 1:
        side_by_side(results)
    if args.sizes:
        print("the standings' cost per change as the field grows:", flush=True)
        subprocess.run(
            [sys.executable, str(ROOT / "bench" / "bench_standings_growth.py")]
            + ["--sizes", args.sizes, "--changes", str(args.changes), "--seed", str(args.seed)],
            check=True,
        )
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
