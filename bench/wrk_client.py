"""``wrk`` (Debian's package ``wrk``, a load generator written in C) as the benches' polling
client, for the thousands of phones a Python client cannot simulate without taking the
processors the server needs (issues 37 and 38).

A bench gives a Lua script (``wrk``'s API: ``init``, ``delay``, ``request``, ``response``),
connections, and a duration or a stop by SIGINT; the script's ``done`` writes the figures
as one JSON line (:data:`DONE`), which :func:`result` reads. Latencies are ``wrk``'s own,
from the request written to the response read, in milliseconds here.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from bench_live import server_cpu

DONE = r"""
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

function done(summary, latency, requests)
  local counts = {}
  for _, t in ipairs(threads) do
    for _, k in ipairs(COUNTERS) do counts[k] = (counts[k] or 0) + (tonumber(t:get(k)) or 0) end
  end
  local e = summary.errors
  local extra = ""
  for _, k in ipairs(COUNTERS) do extra = extra .. string.format(', "%s": %d', k, counts[k] or 0) end
  io.write(string.format(
    '\nWRK-RESULT {"requests": %d, "duration_us": %d, "bytes": %d, "p50": %d, "p95": %d, '
    .. '"p99": %d, "max": %d, "connect": %d, "read": %d, "write": %d, "status": %d, '
    .. '"timeout": %d%s}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50),
    latency:percentile(95), latency:percentile(99), latency.max, e.connect, e.read, e.write,
    e.status, e.timeout, extra))
end
"""
"""The script's end: the counters named in the script's ``COUNTERS`` (each thread keeps
its own with ``wrk.thread:set``) summed over the threads, and ``wrk``'s figures."""


def which(tool: str) -> str | None:
    return shutil.which(tool) or shutil.which(tool, path="/usr/sbin:/usr/local/sbin")


def raise_open_files(limit: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))


def _prepared(open_files: int, nice: int) -> None:
    raise_open_files(open_files)
    if nice:
        os.nice(nice)


@dataclass
class Started:
    process: subprocess.Popen[str]
    script: Path
    connections: int


@dataclass
class Result:
    """``wrk``'s figures (latencies in milliseconds) and the script's counters."""

    connections: int
    seconds: float
    requests: int
    p50: float
    p95: float
    p99: float
    worst: float
    errors: dict[str, int]
    megabytes: float
    counters: dict[str, int] = field(default_factory=dict)
    cpu: float = 0.0  # wrk's processor seconds

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def start(
    base: str,
    script: str,
    arguments: list[str],
    connections: int,
    seconds: float = 24 * 3600,
    threads: int = 2,
    nice: int = 0,
) -> Started:
    """``wrk`` started against ``base`` with ``script`` (its ``COUNTERS`` and :data:`DONE`
    appended) and ``arguments`` given to the script's ``init``; it stops after ``seconds``
    or at :func:`stop`. ``nice`` lowers its priority (a simulated crowd of phones is not the
    server's work: on their own machines the server would not share its processors with
    them; ``wrk``'s latencies then count the waits its own lower priority adds)."""
    binary = which("wrk")
    if binary is None:
        raise SystemExit("wrk is needed: apt-get install wrk")
    path = Path(tempfile.mkstemp(prefix="arbitre-wrk-", suffix=".lua")[1])
    path.write_text(script + DONE)
    command = [binary, f"-t{threads}", f"-c{connections}", f"-d{max(1, round(seconds))}s"]
    command += ["--timeout", "30s", "-s", str(path), base, "--", *arguments]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=lambda: _prepared(connections + 1024, nice),  # noqa: PLW1509
    )
    return Started(process, path, connections)


def stop(started: Started) -> Result:
    """Stop ``wrk`` now (SIGINT: it stops and writes its figures) and read them, with the
    processor it used."""
    cpu = server_cpu(started.process.pid)  # (wrk and any process it started)
    if started.process.poll() is None:
        started.process.send_signal(signal.SIGINT)
    return result(started, cpu)


def result(started: Started, cpu: float = 0.0) -> Result:
    """Wait for ``wrk`` to end and read its figures."""
    out, _ = started.process.communicate()
    started.script.unlink(missing_ok=True)
    found = re.search(r"WRK-RESULT (\{.*\})", out)
    if not found:
        raise SystemExit(f"wrk gave no figures:\n{out[-2000:]}")
    r = json.loads(found.group(1))
    base = ("requests", "duration_us", "bytes", "p50", "p95", "p99", "max")
    kinds = ("connect", "read", "write", "status", "timeout")
    return Result(
        connections=started.connections,
        seconds=r["duration_us"] / 1e6,
        requests=r["requests"],
        p50=r["p50"] / 1000,
        p95=r["p95"] / 1000,
        p99=r["p99"] / 1000,
        worst=r["max"] / 1000,
        errors={k: r[k] for k in kinds if r[k]},
        megabytes=r["bytes"] / 1e6,
        counters={k: v for k, v in r.items() if k not in base and k not in kinds},
        cpu=cpu,
    )


def errors_text(result: Result) -> str:
    total = sum(result.errors.values())
    return f"{total}" + (f" {result.errors}" if result.errors else "")


PHONES = r"""
-- phones polling one address every period with the ETag they hold (bench/wrk_client.py):
-- a phone whose last poll came before the address's last change holds an older ETag
-- (answered 200); one whose last poll came after holds the latest (answered 304). A thread
-- cannot tell its connections apart, so it sends the latest ETag only once the address
-- held it for a whole period (a phone polls once a period), and none before.
COUNTERS = { "ok", "not_modified" }
local path, period
local etag, since = nil, 0
local ok, not_modified = 0, 0

function init(args)
  path, period = args[1], tonumber(args[2])
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000))
end

function delay()
  return math.floor(period * (0.5 + math.random()))
end

function request()
  local headers = { ["Accept-Encoding"] = "gzip, deflate" }
  if etag and os.time() - since >= math.ceil(period / 1000) then
    headers["If-None-Match"] = etag
  end
  return wrk.format("GET", path, headers)
end

function response(status, headers, body)
  if status == 304 then
    not_modified = not_modified + 1
  elseif status == 200 then
    ok = ok + 1
    local tag = headers["ETag"] or headers["etag"]
    if tag and tag ~= etag then etag, since = tag, os.time() end
  end
  wrk.thread:set("ok", ok)
  wrk.thread:set("not_modified", not_modified)
end
"""
"""Phones polling one address (``init``'s arguments: the path, the period in ms)."""


def start_phones(base: str, path: str, phones: int, period: float, threads: int = 2) -> Started:
    """``phones`` connections polling ``path`` every ``period`` seconds (give or take a
    half, so that they spread) until :func:`stop`."""
    return start(base, PHONES, [path, str(round(period * 1000))], phones, threads=threads)
