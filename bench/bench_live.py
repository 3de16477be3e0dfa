"""Benchmark of the live public pages under a hall of phones (issue 23, part 2).

    python bench/bench_live.py [--viewers 50,200,1000] [--seconds 20] [--arbiters 20]
                               [--small] [--threads 8] [--processes N]

Builds the demo events (``arbitre demo``) in a fresh data directory, starts ``arbitre
serve`` on it, then for each number of viewers runs for ``--seconds``:

- **viewers**, each a phone on its own keep-alive connection, opening the public page, then
  polling every 2 seconds what the page's script polls (the Duplicate standings JSON, the
  Classic or backgammon page's content, ``?fragment=1``) with the last ETag, as the script
  does;
- **arbiters**, logged in once before any measure, entering results all the time: Duplicate ballots through the entry
  page's API, Classic and backgammon table results through the round's form, each arbiter
  one entry every 0.5 to 1.5 seconds.

It prints, per level, the viewers' requests per second, their p50 / p95 / p99 latency and
errors (any status other than 200, 302 and 304, or no answer within 30 s), the arbiters'
latency beside the same figure measured with no viewer in the same run (the reference), and
the processors the server and this client used meanwhile (the phones are simulated on the
same machine as the server: with the whole machine busy, their own delays count as the
server's), each server process's share with the connections it held (how the system dealt
the phones out among the workers), and the server's warnings and errors (a worker the master
replaced for a missed heartbeat shows there). ``--processes`` defaults to the server's own
default on this machine.

Each process's memory (resident set and unique set: the pages no other process shares) is
printed once the server is ready, before any request, and after the load: gunicorn's master
and its workers with several processes (docs/tournaments-web.md has the figures that chose
it over the home-made supervisor it replaced).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
from arbitre.cli.serve import default_processes  # noqa: E402  (the server's own default)

PERIOD = 2.0  # seconds between two polls of a viewer
ARRIVAL = 10.0  # the viewers open the page over this many seconds, before the measure
TIMEOUT = 30.0
PASSWORD = "Banc-d-essai-2026"


# -- a small HTTP/1.1 client (keep-alive, cookies) ----------------------------------------------


class Connection:
    """One keep-alive connection, as a phone's browser keeps one."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            try:
                return await self._exchange(method, path, body, headers or {})
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(
        self, method: str, path: str, body: bytes, headers: dict[str, str]
    ) -> tuple[int, dict[str, str], bytes]:
        assert self.reader is not None and self.writer is not None
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        for k, v in headers.items():
            lines.append(f"{k}: {v}")
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        out: dict[str, str] = {}
        while True:
            line = (await self.reader.readline()).decode("latin-1").rstrip("\r\n")
            if not line:
                break
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
            out[name] = value
        length = int(out.get("content-length", "0"))
        data = await self.reader.readexactly(length) if length else b""
        if out.get("connection", "").lower() == "close":
            self.close()
        return status, out, data

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


# -- the load ------------------------------------------------------------------------------------


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    requests: int = 0

    measure_from: float = 0.0  # requests started before this moment are not counted

    def add(self, ms: float, ok: bool, started: float) -> None:
        if started < self.measure_from:
            return
        self.requests += 1
        self.latencies.append(ms)
        if not ok:
            self.errors += 1

    def line(self, seconds: float) -> str:
        if not self.latencies:
            return "no request"
        q = statistics.quantiles(self.latencies, n=100) if len(self.latencies) > 1 else [0] * 99
        return (
            f"{self.requests / seconds:7.1f} req/s  p50 {statistics.median(self.latencies):7.1f} ms"
            f"  p95 {q[94]:7.1f} ms  p99 {q[98]:7.1f} ms  errors {self.errors}"
        )


@dataclass
class Site:
    host: str
    port: int
    events: dict[str, int]
    database: Path
    #: The arbiters' cookies (session, CSRF), logged in once before any measure: an arbiter
    #: logs in once in the morning, and a login's password hash is made slow on purpose.
    sessions: list[dict[str, str]] = field(default_factory=list)
    server_pid: int = 0


ANSWERED = (200, 302, 304, 409)
"""Statuses of an answered request; 409: another arbiter's entry of the same ballot came
first (the page says so)."""


async def timed(
    conn: Connection,
    figures: Figures,
    method: str,
    path: str,
    answered: tuple[int, ...] = ANSWERED,
    **kw: object,
) -> tuple[int, dict[str, str], bytes]:
    start = time.perf_counter()
    began = time.monotonic()
    try:
        status, headers, body = await asyncio.wait_for(conn.request(method, path, **kw), TIMEOUT)  # type: ignore[arg-type]
    except (TimeoutError, OSError, ValueError):
        conn.close()
        figures.add((time.perf_counter() - start) * 1000, False, began)
        return 0, {}, b""
    figures.add((time.perf_counter() - start) * 1000, status in answered, began)
    return status, headers, body


async def viewer(site: Site, index: int, stop: float, figures: Figures, pages: Figures) -> None:
    """A phone following one event's public page (``pages``: its loads of the whole page)."""
    conn = Connection(site.host, site.port)
    kind = ("duplicate", "classic", "backgammon")[index % 3]
    pk = site.events[kind]
    if kind == "duplicate":
        page, poll = f"/public/duplicate/{pk}/", f"/public/duplicate/{pk}/classement.json"
    else:
        # the page's script polls its content itself (tournaments.js)
        prefix = "classique" if kind == "classic" else "backgammon"
        page = f"/public/{prefix}/{pk}/"
        poll = page + "?fragment=1"
    await asyncio.sleep(random.random() * ARRIVAL)  # phones come in over a few seconds
    await timed(conn, pages, "GET", page)
    tag = ""
    while time.monotonic() < stop:
        began = time.monotonic()
        status, headers, _ = await timed(
            conn, figures, "GET", poll, headers={"If-None-Match": tag} if tag else {}
        )
        if status == 200:
            tag = headers.get("etag", "")
        await asyncio.sleep(max(0.0, PERIOD - (time.monotonic() - began)))
    conn.close()


async def login(site: Site) -> Connection:
    conn = Connection(site.host, site.port)
    await conn.request("GET", "/compte/connexion/")
    token = conn.cookies["csrftoken"]
    body = urlencode({"username": "demo", "password": PASSWORD, "csrfmiddlewaretoken": token})
    status, _, _ = await conn.request(
        "POST",
        "/compte/connexion/",
        body.encode(),
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": f"http://{site.host}:{site.port}/",
        },
    )
    if status != 302:
        raise SystemExit(f"login refused ({status})")
    return conn


async def log_in_all(site: Site, arbiters: int) -> list[dict[str, str]]:
    """Each arbiter's cookies after logging in (one after the other, before the measure)."""
    sessions = []
    for _ in range(arbiters):
        conn = await login(site)
        sessions.append(dict(conn.cookies))
        conn.close()
    return sessions


def entry_targets(site: Site) -> dict[str, list[tuple[int, int, str]]]:
    """What arbiters enter: Duplicate (registration, ballot version, "") of the last move
    played, Classic and backgammon (table, version, first player) of the round in progress."""
    db = sqlite3.connect(f"file:{site.database}?mode=ro", uri=True)
    dup = db.execute(
        "select g.id, max(b.move_number) from duplicate_game g join duplicate_ballotentry b "
        "on b.game_id = g.id join duplicate_duplicateevent d on g.duplicate_id = d.id "
        "where d.event_id = ? and g.number = 2",
        (site.events["duplicate"],),
    ).fetchone()
    ballots = db.execute(
        "select registration_id, version, '' from duplicate_ballotentry where game_id = ? and "
        "move_number = ?",
        dup,
    ).fetchall()
    out: dict[str, list[tuple[int, int, str]]] = {"duplicate": ballots, "move": [(*dup, "")]}
    for kind in ("classic", "backgammon"):
        out[kind] = db.execute(
            "select tb.id, tb.version, tb.a from tournaments_table tb join tournaments_round r on "
            "tb.round_id = r.id join tournaments_tournament t on r.tournament_id = t.id where "
            "t.event_id = ? and tb.b != '' and r.number = (select max(number) from "
            "tournaments_round where tournament_id = t.id)",
            (site.events[kind],),
        ).fetchall()
    db.close()
    return out


def read_version(site: Site, sql: str, *params: int) -> int:
    """A version as the database holds it now (run off the event loop: it blocks)."""
    db = sqlite3.connect(f"file:{site.database}?mode=ro", uri=True)
    try:
        return int(db.execute(sql, params).fetchone()[0])
    finally:
        db.close()


async def arbiter(
    site: Site,
    index: int,
    stop: float,
    figures: Figures,
    targets: dict[str, list[tuple[int, int, str]]],
    versions: dict[tuple[str, int], int],
) -> None:
    """An arbiter entering results one after another."""
    conn = Connection(site.host, site.port)
    conn.cookies.update(site.sessions[index])
    kind = ("duplicate", "classic", "backgammon")[index % 3]
    rng = random.Random(index)
    while time.monotonic() < stop:
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        token = conn.cookies["csrftoken"]
        if kind == "duplicate":
            game, move, _ = targets["move"][0]
            registration, _, _ = rng.choice(targets["duplicate"])
            key = ("duplicate", registration)
            payload = json.dumps(
                {
                    "registration": registration,
                    "move": move,
                    "version": versions[key],
                    "text": rng.choice(["top", "aucun", "vide"]),
                }
            ).encode()
            status, _, body = await timed(
                conn,
                figures,
                "POST",
                f"/duplicate/{site.events['duplicate']}/partie/2/saisie/api/",
                body=payload,
                headers={"Content-Type": "application/json", "X-CSRFToken": token},
            )
            if status == 200:
                versions[key] = json.loads(body)["version"]
            elif status == 409:  # another arbiter's entry came first: read its version
                versions[key] = await asyncio.to_thread(
                    read_version,
                    site,
                    "select version from duplicate_ballotentry where game_id = ? and "
                    "registration_id = ? and move_number = ?",
                    game,
                    registration,
                    move,
                )
        else:
            table, _, a = rng.choice(targets[kind])
            key = (kind, table)
            if kind == "classic":
                fields = {"score_a": rng.randint(300, 500), "score_b": rng.randint(300, 500)}
                prefix = "classique"
            else:
                fields = {"winner": a, "score_a": 7, "score_b": rng.randint(0, 6)}
                prefix = "backgammon"
            form = {
                "csrfmiddlewaretoken": token,
                "version": versions[key],
                "action": "save",
                **fields,
            }
            await timed(
                conn,
                figures,
                "POST",
                f"/{prefix}/{site.events[kind]}/table/{table}/resultat/",
                body=urlencode(form).encode(),
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )
            versions[key] = await asyncio.to_thread(  # saved, or refused as stale: read it
                read_version, site, "select version from tournaments_table where id = ?", table
            )
    conn.close()


def process_cpu(pid: int) -> dict[int, float]:
    """Processor seconds used so far by each of the server's processes (the first and those
    it started), from Linux's ``/proc``; empty elsewhere."""
    out: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if stat.parent.name == str(pid) or fields[1] == str(pid):
            out[int(stat.parent.name)] = (int(fields[11]) + int(fields[12])) / tick
    return out


def server_cpu(pid: int) -> float:
    """Processor seconds used so far by the server's processes, all together."""
    return sum(process_cpu(pid).values())


def connections_by_process(pid: int, port: int) -> dict[int, int]:
    """How many established connections to ``port`` each of the server's processes holds
    (Linux's ``/proc``: the sockets of its descriptors matched with ``/proc/net/tcp``;
    empty elsewhere): how the system dealt the phones out among the processes."""
    established: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if fields[3] == "01" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                established.add(fields[9])
    out: dict[int, int] = {}
    for each in server_processes(pid):
        count = 0
        try:
            for fd in Path(f"/proc/{each}/fd").iterdir():
                try:
                    target = os.readlink(fd)
                except OSError:
                    continue
                if target.startswith("socket:[") and target[8:-1] in established:
                    count += 1
        except OSError:
            continue
        out[each] = count
    return out


@dataclass
class Use:
    """The processors used during a measure: by the server (each process's share too) and by
    this client, and the connections each server process held in its middle."""

    server: float
    client: float
    by_process: dict[int, float]
    connections: dict[int, int]

    def lines(self) -> str:
        cpus = os.cpu_count()
        out = [
            f"    processors used: server {self.server:.2f}, this client (the phones) "
            f"{self.client:.2f}, of {cpus}"
        ]
        if len(self.by_process) > 1:
            share = ", ".join(
                f"{pid} {use:.2f} cpu {self.connections.get(pid, 0)} conn"
                for pid, use in self.by_process.items()
            )
            out.append(f"    by process: {share}")
        return "\n".join(out)


async def processor_use(server: int, port: int, begin: float, stop: float) -> Use:
    """The server's and this client's processor use during the measure, in processors."""
    await asyncio.sleep(max(0.0, begin - time.monotonic()))
    s0, c0 = process_cpu(server), time.process_time()
    await asyncio.sleep(max(0.0, (begin + stop) / 2 - time.monotonic()))
    connections = connections_by_process(server, port)
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    seconds = stop - begin
    s1 = process_cpu(server)
    by_process = {pid: (s1[pid] - s0.get(pid, 0.0)) / seconds for pid in s1}
    return Use(
        sum(by_process.values()),
        (time.process_time() - c0) / seconds,
        by_process,
        connections,
    )


async def run_level(
    site: Site, viewers: int, arbiters: int, seconds: float
) -> tuple[Figures, Figures, Figures, Use]:
    targets = entry_targets(site)
    versions = {("duplicate", r): v for r, v, _ in targets["duplicate"]}
    for kind in ("classic", "backgammon"):
        versions.update({(kind, t): v for t, v, _ in targets[kind]})
    warm = ARRIVAL if viewers else 0.0
    begin = time.monotonic() + warm
    seen, pages, entered = (Figures(measure_from=begin) for _ in range(3))
    stop = begin + seconds
    use, *_ = await asyncio.gather(
        processor_use(site.server_pid, site.port, begin, stop),
        *(viewer(site, i, stop, seen, pages) for i in range(viewers)),
        *(arbiter(site, i, stop, entered, targets, versions) for i in range(arbiters)),
    )
    return seen, pages, entered, use


# -- memory ------------------------------------------------------------------------------------


def server_processes(pid: int) -> list[int]:
    """The server's processes: the first one and those it started (Linux's ``/proc``)."""
    found = [pid]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == str(pid):
            found.append(int(stat.parent.name))
    return found


def memory(pid: int) -> tuple[float, float]:
    """A process's resident set and unique set (its pages no other process shares), in MiB:
    psutil's figures where it is installed, else Linux's ``smaps_rollup``."""
    try:
        import psutil  # type: ignore[import-untyped]

        info = psutil.Process(pid).memory_full_info()
        return info.rss / 2**20, info.uss / 2**20
    except ImportError:
        pass
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0])
    unique = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
    return fields.get("Rss", 0) / 1024, unique / 1024


def _cmdline(pid: int) -> bytes:
    """A process's command line as it shows it (gunicorn names its processes so)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def memory_lines(pid: int, when: str) -> str:
    lines = [f"  memory {when} (MiB):"]
    total_rss = total_uss = 0.0
    for number, each in enumerate(server_processes(pid)):
        try:
            rss, uss = memory(each)
        except OSError:
            continue
        total_rss, total_uss = total_rss + rss, total_uss + uss
        role = "first/master" if number == 0 else "worker"
        if number and b"renderer" in _cmdline(each):  # (src/arbitre/cli/_renderer.py)
            role = "renderer"
        lines.append(f"    pid {each:>7} {role:12} RSS {rss:7.1f}  USS {uss:7.1f}")
    lines.append(f"    all          {'':12} RSS {total_rss:7.1f}  USS {total_uss:7.1f}")
    return "\n".join(lines)


def server_warnings(log: Path) -> str:
    """The server's warnings and errors (gunicorn's ``[CRITICAL]``, ``[ERROR]``, ``[WARNING]``
    lines: a worker that timed out and was replaced; tracebacks), counted, the last few
    quoted: a server that lost a worker during the measure has not served as steadily."""
    told = [
        line
        for line in log.read_text(errors="replace").splitlines()
        if any(mark in line for mark in ("[CRITICAL]", "[ERROR]", "[WARNING]", "Traceback"))
    ]
    lines = [f"  server warnings and errors: {len(told)}"]
    lines += ["    " + line for line in told[-5:]]
    return "\n".join(lines)


# -- set-up ----------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def build(args: argparse.Namespace, data: Path) -> dict[str, int]:
    """The demo events in ``data``: their ids by kind."""
    env = {**os.environ, "ARBITRE_DATA_DIR": str(data), "PYTHONPATH": str(ROOT / "src")}
    env.pop("ARBITRE_DATABASE_URL", None)
    t = time.perf_counter()
    demo = [sys.executable, "-m", "arbitre.cli", "demo", "--json", "--password", PASSWORD]
    out = subprocess.run(
        demo + (["--small"] if args.small else []),
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    events: dict[str, int] = json.loads(out.stdout)["events"]
    print(f"demo events built in {time.perf_counter() - t:.0f} s: {events}")
    return events


def start(
    args: argparse.Namespace, data: Path, events: dict[str, int]
) -> tuple[Site, subprocess.Popen[bytes]]:
    env = {**os.environ, "ARBITRE_DATA_DIR": str(data), "PYTHONPATH": str(ROOT / "src")}
    env.pop("ARBITRE_DATABASE_URL", None)
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "arbitre.cli",
            "serve",
            "--port",
            str(port),
            "--threads",
            str(args.threads),
            "--processes",
            str(args.processes),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=(data / "server.log").open("wb"),
    )
    site = Site("127.0.0.1", port, events, data / "arbitre.sqlite3", server_pid=server.pid)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if server.poll() is not None:
            log = (data / "server.log").read_text(errors="replace")
            raise SystemExit(f"the server stopped ({server.returncode}):\n{log[-3000:]}")
        try:
            status = asyncio.run(Connection(site.host, port).request("GET", "/lexique/etat/"))
        except OSError:
            time.sleep(0.5)
            continue
        state = json.loads(status[2]) if status[0] == 200 else {}
        # gunicorn's workers are forked warm from the master (Linux: counted)
        every = args.processes <= 1 or len(server_processes(server.pid)) > args.processes
        if state.get("state") in ("ready", "idle") and every:
            break
        time.sleep(0.5)
    return site, server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", default="50,200,1000")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--arbiters", type=int, default=20)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument(
        "--processes",
        type=int,
        default=default_processes(),
        help="server processes (default: the server's own default here, %(default)s)",
    )
    parser.add_argument("--small", action="store_true", help="the small demo events")
    args = parser.parse_args(argv)
    levels = [int(x) for x in args.viewers.split(",")]
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-live-") as tmp:
        data = Path(tmp) / "data"
        events = build(args, data)
        measure(args, data, events, levels)
    return 0


def measure(
    args: argparse.Namespace, data: Path, events: dict[str, int], levels: list[int]
) -> None:
    site, server = start(args, data, events)
    try:
        print(
            f"server: arbitre serve --threads {args.threads} --processes {args.processes}, "
            f"{os.cpu_count()} CPUs, SQLite"
        )
        print(memory_lines(server.pid, "once ready, before any request"))
        site.sessions = asyncio.run(log_in_all(site, args.arbiters))
        _, _, alone, _ = asyncio.run(run_level(site, 0, args.arbiters, args.seconds))
        print(
            f"  reference: {args.arbiters} arbiters, no viewer\n    arbiters {alone.line(args.seconds)}"
        )
        for n in levels:
            seen, pages, entered, use = asyncio.run(run_level(site, n, args.arbiters, args.seconds))
            ratio = (
                statistics.median(entered.latencies) / statistics.median(alone.latencies)
                if entered.latencies and alone.latencies
                else float("nan")
            )
            print(f"  {n} viewers polling every {PERIOD:.0f} s, {args.arbiters} arbiters entering")
            print(f"    polls    {seen.line(args.seconds)}")
            print(f"    pages    {pages.line(args.seconds)}")
            print(f"    arbiters {entered.line(args.seconds)}  (median {ratio:.2f}x the reference)")
            print(use.lines())
        print(memory_lines(server.pid, "after the load"))
        print(server_warnings(data / "server.log"))
    finally:
        if server.poll() is not None:
            log = (data / "server.log").read_text(errors="replace")
            print(f"the server stopped ({server.returncode}):\n{log[-3000:]}")
        server.send_signal(signal.SIGINT)  # Ctrl-C: every process of either server stops
        server.wait(30)


if __name__ == "__main__":
    sys.exit(main())
