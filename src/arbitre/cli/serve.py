"""``arbitre serve`` and ``arbitre createadmin``: the web application."""

from __future__ import annotations

import argparse
import getpass
import json
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from arbitre.cli import CliError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_CONNECTIONS = 2000


def register(subparsers: Any) -> None:
    serve = subparsers.add_parser(
        "serve",
        help="apply the database migrations and serve the web application",
        description="Apply the database migrations, then serve the web application with "
        "cheroot (a production WSGI server). Ctrl-C stops it cleanly.",
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help="address to listen on (default %(default)s; 0.0.0.0 for the venue's network)",
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default %(default)s)")
    serve.add_argument(
        "--allow-any-host",
        action="store_true",
        help="answer requests whatever host name they give (default: only this machine's "
        "names and addresses)",
    )
    serve.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
    serve.add_argument(
        "--threads", type=int, default=8, help="worker threads (default %(default)s)"
    )
    serve.add_argument(
        "--connections",
        type=int,
        default=DEFAULT_CONNECTIONS,
        help="open connections served at once (default %(default)s: a hall of phones "
        "following the live pages keeps one each)",
    )
    serve.set_defaults(func=run_serve)

    admin = subparsers.add_parser(
        "createadmin",
        help="create the tournament director's account",
        description="Create the director's account (the password is asked for, or read from ARBITRE_ADMIN_PASSWORD).",
    )
    admin.add_argument("username")
    admin.add_argument("--email", default="")
    admin.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
    admin.set_defaults(func=run_createadmin)

    unlock = subparsers.add_parser(
        "unlock",
        help="unlock an account locked after failed logins",
        description="Lift the lock that too many wrong passwords put on an account.",
    )
    unlock.add_argument("username")
    unlock.add_argument("--database-url", help="database URL (overrides ARBITRE_DATABASE_URL)")
    unlock.add_argument("--json", action="store_true", help="print the result as JSON")
    unlock.set_defaults(func=run_unlock)


LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]")


def allowed_hosts(host: str, any_host: bool = False) -> str:
    """The host names the server answers to (Django's ``ALLOWED_HOSTS``), from how it is
    started: this machine only by default; with ``--host 0.0.0.0`` (the venue's network) also
    the machine's name and addresses; every name only with ``--allow-any-host``."""
    if any_host:
        return "*"
    names = list(LOCAL_NAMES)
    if host not in ("127.0.0.1", "localhost", "::1"):
        machine = socket.gethostname()
        names += [machine, f"{machine}.local"]
        try:
            names += socket.gethostbyname_ex(machine)[2]
        except OSError:
            pass
        if host not in ("0.0.0.0", "::", ""):
            names.append(_url_host(host))
        names += _addresses()
    return ",".join(dict.fromkeys(names))


def _url_host(address: str) -> str:
    """An address as it appears in a URL's host: IPv6 in brackets."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


def _addresses() -> list[str]:
    """This machine's addresses on its networks, any of which a phone at the venue may use:
    every interface's IPv4 and global IPv6 address (also on a laptop that is itself the
    venue's hotspot, with no route out), and the outgoing address."""
    out: list[str] = []
    out += _linux_ipv4()
    out += _linux_ipv6()
    if not out:
        out += _ifconfig()
    for family, probe_address in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((probe_address, 9))  # no packet is sent: picks the outgoing address
                out.append(_url_host(probe.getsockname()[0]))
        except OSError:
            pass
    return [a for a in dict.fromkeys(out) if a not in ("127.0.0.1", "[::1]")]


def _linux_ipv4() -> list[str]:
    """Local IPv4 addresses from the kernel's routing table (``/proc/net/fib_trie``)."""
    try:
        lines = Path("/proc/net/fib_trie").read_text().splitlines()
    except OSError:
        return []
    found = []
    for previous, line in zip(lines, lines[1:], strict=False):
        if line.strip() == "/32 host LOCAL" and "|--" in previous:
            found.append(previous.split("|--")[1].strip())
    return found


def _linux_ipv6() -> list[str]:
    """Global IPv6 addresses (``/proc/net/if_inet6``; link-local ones need a zone in a URL)."""
    try:
        rows = Path("/proc/net/if_inet6").read_text().splitlines()
    except OSError:
        return []
    found = []
    for row in rows:
        fields = row.split()
        if len(fields) >= 4 and fields[3] == "00" and len(fields[0]) == 32:
            packed = bytes.fromhex(fields[0])
            found.append(_url_host(socket.inet_ntop(socket.AF_INET6, packed)))
    return found


def _ifconfig() -> list[str]:
    """IPv4 addresses from ``ifconfig`` (macOS and the BSDs)."""
    try:
        text = subprocess.run(
            ["ifconfig"], capture_output=True, text=True, timeout=5, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return re.findall(r"\binet (\d+\.\d+\.\d+\.\d+)", text)


def venue_urls(port: int) -> list[str]:
    """The addresses to give the arbiters' phones (``ARBITRE_ALLOWED_HOSTS`` less this
    machine's own loopback names)."""
    hosts = os.environ.get("ARBITRE_ALLOWED_HOSTS", "").split(",")
    return [
        f"http://{h}:{port}/"
        for h in hosts
        if h and h not in LOCAL_NAMES and h != "*" and (h[0].isdigit() or h.startswith("["))
    ]


def setup_database(database_url: str | None) -> None:
    """Django on the database (``--database-url`` or the environment), migrated."""
    if database_url:
        os.environ["ARBITRE_DATABASE_URL"] = database_url
    from django.core.management import call_command

    from arbitre.app import setup_django

    setup_django()
    call_command("migrate", interactive=False, verbosity=0)


IDLE_SECONDS = 30
"""How long a connection with no request is kept open (a phone polls every 2 seconds)."""


def web_server(host: str, port: int, threads: int, connections: int) -> Any:
    """The WSGI server of :mod:`arbitre.app.wsgi`: cheroot, whose connections wait in the
    system's selector (epoll on Linux) while idle, so that a hall of phones each keeping its
    connection open costs nothing between their polls, and ``threads`` threads answer the
    requests; the process may open ``connections`` connections at once."""
    from cheroot import wsgi

    from arbitre.app.wsgi import application

    server = wsgi.Server(
        (host, port),
        application,
        numthreads=threads,
        request_queue_size=max(1024, connections),
        timeout=IDLE_SECONDS,
    )
    # no limit of its own on the idle connections (its check takes a lock at every answer):
    # the number of open files is the limit, raised to ``connections`` where the system lets
    server.keep_alive_conn_limit = None  # type: ignore[assignment]  # (cheroot reads None so)
    server.version = "arbitre"
    allow_open_files(connections + 256)
    return server


def allow_open_files(wanted: int) -> None:
    """Raise this process's limit of open files (each connection is one) towards
    ``wanted``, as far as the system's hard limit allows (a desktop's default soft limit of
    1,024 would refuse a hall of phones). Nothing on Windows."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            pass  # the system refuses: the connections beyond its limit wait


def run_serve(args: argparse.Namespace) -> int:
    if "ARBITRE_ALLOWED_HOSTS" not in os.environ:
        os.environ["ARBITRE_ALLOWED_HOSTS"] = allowed_hosts(args.host, args.allow_any_host)

    setup_database(args.database_url)
    from arbitre.app.duplicate import preparation

    # The default word list is loaded (and compiled on the first start) in the background;
    # the pages show its progress meanwhile.
    preparation.start()

    def _stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    url = f"http://{args.host}:{args.port}/"
    print(f"Arbitre est prêt : {url}  (Ctrl-C pour arrêter)", flush=True)
    if args.host in ("0.0.0.0", "::"):
        for address in venue_urls(args.port):
            print(f"  sur le réseau de la salle : {address}", flush=True)
    from arbitre.app.events import backups
    from arbitre.app.federation import outbox

    try:
        with backups.serving(), outbox.sending():
            server = web_server(args.host, args.port, args.threads, args.connections)
            try:
                server.start()
            finally:
                server.stop()
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        raise CliError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from exc
    finally:
        backups.DEBOUNCER.flush()  # the last change before Ctrl-C ends in a backup too
    print("Arbitre arrêté.", flush=True)
    return 0


def run_createadmin(args: argparse.Namespace) -> int:
    setup_database(args.database_url)
    from arbitre.app.events.accounts import AccountError, create_director

    password = os.environ.get("ARBITRE_ADMIN_PASSWORD")
    if not password:
        if not sys.stdin.isatty():
            raise CliError("no password: set ARBITRE_ADMIN_PASSWORD or run in a terminal")
        password = getpass.getpass("Mot de passe : ")
        if getpass.getpass("Mot de passe (confirmation) : ") != password:
            raise CliError("the two passwords differ")
    try:
        create_director(args.username, password, args.email)
    except AccountError as exc:
        raise CliError(str(exc)) from exc
    print(f"Compte directeur « {args.username} » créé.")
    return 0


def run_unlock(args: argparse.Namespace) -> int:
    setup_database(args.database_url)
    from arbitre.app.events.accounts import unlock

    done = unlock(args.username)
    if args.json:
        print(json.dumps({"username": args.username, "unlocked": done}))
    elif done:
        print(f"Compte « {args.username} » débloqué.")
    else:
        print(f"Le compte « {args.username} » n'était pas bloqué.")
    return 0
