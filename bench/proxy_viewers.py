"""Viewers by the ten thousand, through the federation's reverse proxy (issue 38, item 5).

A Python client offering 5,000 polls a second needs the processors the server needs, so the
simultané's viewers at full size are simulated by ``wrk`` (a C load generator: Debian's
package ``wrk``) through ``nginx`` (Debian's ``nginx-light`` or ``nginx``), configured with the
very configuration ``docs/federation-server.md`` gives the federation (its ``conf.d`` block,
read from the page: the bench runs what the documentation says), the certificate and the
server's address replaced by the bench's. Used by ``bench_simultane.py --proxy``.

Each of ``wrk``'s connections is a viewer, as the public page's script
(``static/arbitre/simultane.js``) behaves: every ``period`` (give or take a half, so that the
viewers spread) it asks the simultané's version with the ETag it holds; after a change of
version, each viewer's next poll finds news and is followed at once by a fetch of the
standings at that version. ``wrk`` cannot tell its connections apart in its script, so a
thread counts its viewers instead: after its polls see a new version, its next
``viewers / threads`` polls (one per viewer) each owe a fetch of the standings.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import wrk_client
from wrk_client import raise_open_files, which

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "federation-server.md"

WRK_SCRIPT = r"""
-- a thread's viewers of a simultané's public page (bench/proxy_viewers.py)
COUNTERS = { "polls", "fetches", "changes", "not_modified" }
local version_path, fragment_path, period, viewers
local current, etag = nil, nil
local owed, fresh = 0, 0
local polls, fetches, changes, not_modified = 0, 0, 0, 0

function init(args)
  version_path, fragment_path = args[1], args[2]
  period, viewers = tonumber(args[3]), tonumber(args[4])
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000))
end

function delay()
  if owed > 0 then return 0 end
  return math.floor(period * (0.5 + math.random()))
end

function request()
  local headers = { ["Accept-Encoding"] = "gzip" }
  if owed > 0 and current then
    owed = owed - 1
    fetches = fetches + 1
    local sep = fragment_path:find("?", 1, true) and "&" or "?"
    return wrk.format("GET", fragment_path .. sep .. "v=" .. current, headers)
  end
  polls = polls + 1
  if etag then headers["If-None-Match"] = etag end
  return wrk.format("GET", version_path, headers)
end

function response(status, headers, body)
  local version = nil
  if status == 304 then
    not_modified = not_modified + 1
  elseif status == 200 and body then
    version = body:match('^{"version": *(%d+)')
  end
  if version then
    if version ~= current then
      current, fresh, changes = version, viewers, changes + 1
    end
    etag = headers["ETag"] or headers["etag"] or etag
  end
  if (status == 304 or version) and fresh > 0 then
    fresh = fresh - 1
    owed = owed + 1
  end
  wrk.thread:set("polls", polls)
  wrk.thread:set("fetches", fetches)
  wrk.thread:set("changes", changes)
  wrk.thread:set("not_modified", not_modified)
end
"""


def documented_config() -> str:
    """The ``conf.d`` block of ``docs/federation-server.md`` (the fenced ``nginx`` block that
    declares the cache of the live parts)."""
    blocks = re.findall(r"```nginx\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    for block in blocks:
        if "proxy_cache_path" in block:
            return block
    raise SystemExit(f"no nginx block with proxy_cache_path in {DOC}")


def bench_config(
    upstream_port: int, listen_port: int, folder: Path, viewers: int, plain_port: int = 0
) -> str:
    """The documented configuration for a bench on the loopback: the upstream at
    ``upstream_port``, HTTPS on ``listen_port`` with a self-signed certificate (and plain
    HTTP on ``plain_port`` if given, for the bench's own Python clients), the cache in
    ``folder``, the HTTP redirect dropped, and the main context nginx needs to run as this
    user with ``viewers`` connections."""
    site = documented_config()
    site = site.replace("127.0.0.1:8000", f"127.0.0.1:{upstream_port}")
    site = site.replace("/var/cache/nginx/arbitre", str(folder / "cache"))
    listen = f"listen 127.0.0.1:{listen_port} ssl;"
    if plain_port:
        listen += f"\n    listen 127.0.0.1:{plain_port};"
    site = re.sub(r"listen 443 ssl( http2)?;", listen, site)
    site = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {folder / 'cert.pem'};", site)
    site = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {folder / 'key.pem'};", site)
    # the port-80 server that redirects to HTTPS: not needed on the loopback
    site = re.sub(r"server \{\n    listen 80;.*?\n\}\n", "", site, flags=re.S)
    if "listen 80" in site:
        raise SystemExit("the documented nginx block changed: the bench cannot adapt it")
    connections = viewers + 1024
    return (
        f"worker_processes auto;\nworker_rlimit_nofile {2 * connections};\n"
        f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\n"
        f"events {{ worker_connections {connections}; }}\n"
        f"http {{\n  access_log off;\n"
        f"  client_body_temp_path {folder / 'body'};\n  proxy_temp_path {folder / 'proxy'};\n"
        f"  fastcgi_temp_path {folder / 'fcgi'};\n  uwsgi_temp_path {folder / 'uwsgi'};\n"
        f"  scgi_temp_path {folder / 'scgi'};\n{site}\n}}\n"
    )


def self_signed(folder: Path) -> None:
    """A certificate for 127.0.0.1 (the ``cryptography`` package the simultanés use)."""
    import datetime as dt
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "arbitre.bench")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=2))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "key.pem").write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )


def missing_tools() -> list[str]:
    return [tool for tool in ("nginx", "wrk") if not which(tool)]


@dataclass
class Proxy:
    port: int
    pid: int
    folder: Path
    plain_port: int = 0

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"


@contextmanager
def nginx(
    upstream_port: int, listen_port: int, viewers: int, plain_port: int = 0
) -> Iterator[Proxy]:
    """nginx running the documented configuration in front of ``upstream_port`` (HTTPS on
    ``listen_port``, plain HTTP on ``plain_port`` if given)."""
    binary = which("nginx")
    if binary is None:
        raise SystemExit("nginx is needed: apt-get install nginx-light")
    with tempfile.TemporaryDirectory(prefix="arbitre-nginx-") as tmp:
        folder = Path(tmp)
        for sub in ("cache", "body", "proxy", "fcgi", "uwsgi", "scgi"):
            (folder / sub).mkdir()
        if os.geteuid() == 0:  # nginx's workers then run as nobody: give them their folders
            import pwd

            nobody = pwd.getpwnam("nobody")
            folder.chmod(0o755)
            for sub in ("cache", "body", "proxy", "fcgi", "uwsgi", "scgi"):
                os.chown(folder / sub, nobody.pw_uid, nobody.pw_gid)
        self_signed(folder)
        conf = folder / "nginx.conf"
        conf.write_text(bench_config(upstream_port, listen_port, folder, viewers, plain_port))
        test = subprocess.run(
            [binary, "-t", "-p", str(folder), "-c", str(conf)], capture_output=True, text=True
        )
        if test.returncode:
            raise SystemExit(f"nginx refused the documented configuration:\n{test.stderr}")
        process = subprocess.Popen(
            [binary, "-p", str(folder), "-c", str(conf), "-g", "daemon off;"],
            preexec_fn=lambda: raise_open_files(4 * viewers + 4096),  # noqa: PLW1509
        )
        try:
            _wait_listening(listen_port, process)
            yield Proxy(listen_port, process.pid, folder, plain_port)
        finally:
            process.send_signal(signal.SIGQUIT)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def _wait_listening(port: int, process: subprocess.Popen[bytes]) -> None:
    import socket

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("nginx stopped at its start")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("nginx did not listen within 10 s")


def start_viewers(
    base: str,
    version_path: str,
    fragment_path: str,
    connections: int,
    seconds: float,
    period: float,
    threads: int = 2,
    nice: int = 0,
) -> wrk_client.Started:
    """``wrk`` started: ``connections`` viewers for ``seconds`` (their figures:
    ``wrk_client.result``), at priority ``nice`` (``wrk_client.start``)."""
    per_thread = max(1, connections // threads)
    arguments = [version_path, fragment_path, str(round(period * 1000)), str(per_thread)]
    return wrk_client.start(base, WRK_SCRIPT, arguments, connections, seconds, threads, nice)


def describe(v: wrk_client.Result) -> str:
    c = v.counters
    return (
        f"{v.connections} viewers through nginx (wrk): {v.requests} requests in "
        f"{v.seconds:.0f} s ({v.rate:.0f}/s: {c['polls']} version polls, {c['not_modified']} "
        f"of them 304, {c['fetches']} standings fetched, {c['changes']} versions seen by the "
        f"threads), p50 {v.p50:.1f} ms, p95 {v.p95:.1f} ms, p99 {v.p99:.1f} ms, worst "
        f"{v.worst:.0f} ms, {v.megabytes / v.seconds if v.seconds else 0:.1f} MB/s, errors "
        f"{wrk_client.errors_text(v)}"
    )
