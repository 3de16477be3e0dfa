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
import threading
from pathlib import Path
from typing import Any

from arbitre import system
from arbitre.cli import CliError
from arbitre.cli import _startup as startup
from arbitre.cli import _tls as tls
from arbitre.cli._i18n import tr

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_CONNECTIONS = 2000
MAX_PROCESSES = 4
STOP_SECONDS = 1.0
"""At a stop, how long the requests under way are given to end (then their threads are left:
a request cut short writes nothing, each write being one transaction)."""


def register(subparsers: Any) -> None:
    serve = subparsers.add_parser(
        "serve",
        help="apply the database migrations and serve the web application",
        description="Apply the database migrations, then serve the web application: with "
        "cheroot (a production WSGI server) in one process, or with gunicorn's master and "
        "--processes workers forked once the word list is loaded (Linux, macOS). Ctrl-C "
        "stops it cleanly.",
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
    serve.add_argument(
        "--https",
        action="store_true",
        help="serve HTTPS with a self-signed certificate for this machine's names and "
        "addresses, made once and kept in the data directory (its fingerprint is printed)",
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
    serve.add_argument(
        "--processes",
        type=int,
        default=0,
        help="server processes, each with its threads: gunicorn's workers, forked from a "
        f"master that loaded the word list (default: one per processor, up to {MAX_PROCESSES}, "
        "on Linux and macOS; one, cheroot's, on Windows)",
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
    if system.linux():
        out += _linux_ipv4()
        out += _linux_ipv6()
    if not out and system.posix():
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


def venue_urls(port: int, scheme: str = "http") -> list[str]:
    """The addresses to give the arbiters' phones (``ARBITRE_ALLOWED_HOSTS`` less this
    machine's own loopback names)."""
    hosts = os.environ.get("ARBITRE_ALLOWED_HOSTS", "").split(",")
    return [
        f"{scheme}://{h}:{port}/"
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


def web_server(
    host: str,
    port: int,
    threads: int,
    connections: int,
    shared_port: bool = False,
    certificate: tls.ServerCertificate | None = None,
    listener: socket.socket | None = None,
) -> Any:
    """The WSGI server of :mod:`arbitre.app.wsgi`: cheroot, whose connections wait in the
    system's selector (epoll on Linux) while idle, so that a hall of phones each keeping its
    connection open costs nothing between their polls, and ``threads`` threads answer the
    requests; the process may open ``connections`` connections at once. With
    ``shared_port`` the port is shared with the other processes of the server
    (``SO_REUSEPORT``: the system deals the new connections out among them); with a
    ``listener`` it serves on that listening socket (a worker's, inherited from gunicorn's
    master, :mod:`arbitre.cli._serve_workers`). With a ``certificate`` it serves HTTPS
    (:mod:`arbitre.cli._tls`)."""
    from cheroot import wsgi

    from arbitre.app.wsgi import application

    class Server(wsgi.Server):  # type: ignore[misc]
        def bind(self, family: int, type: int, proto: int = 0) -> socket.socket:
            if listener is None:
                return super().bind(family, type, proto)  # type: ignore[no-any-return]
            self.socket = listener
            return listener

    server = Server(
        (host, port),
        application,
        numthreads=threads,
        request_queue_size=max(1024, connections),
        timeout=IDLE_SECONDS,
        reuse_port=shared_port,
    )
    # no limit of its own on the idle connections (its check takes a lock at every answer):
    # the number of open files is the limit, raised to ``connections`` where the system lets
    server.keep_alive_conn_limit = None  # type: ignore[assignment]  # (cheroot reads None so)
    server.version = "arbitre"
    server.shutdown_timeout = STOP_SECONDS  # type: ignore[assignment]
    if certificate is not None:
        server.ssl_adapter = tls.ssl_adapter(certificate)
    allow_open_files(connections + 256)
    return server


def default_processes() -> int:
    """One process per processor, up to :data:`MAX_PROCESSES`, where the server can fork
    its workers (Linux and macOS, :mod:`arbitre.cli._serve_workers`); one elsewhere."""
    if not system.forking():
        return 1
    return max(1, min(MAX_PROCESSES, os.cpu_count() or 1))


def refuse_taken_port(host: str, port: int) -> None:
    """``OSError`` when ``host:port`` is already listened on, by anyone: the processes of
    one server share their port, but two servers must not."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host or None, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0, socket.AI_PASSIVE
    )[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server's own
        probe.bind(address)


def allow_open_files(wanted: int) -> None:
    """Raise this process's limit of open files (each connection is one) towards
    ``wanted``, as far as the system's hard limit allows (a desktop's default soft limit of
    1,024 would refuse a hall of phones). Nothing on Windows."""
    if not system.posix():
        return  # Windows: no such limit (its sockets are not counted as files)
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            pass  # the system refuses: the connections beyond its limit wait


def run_serve(args: argparse.Namespace, console: startup.Console | None = None) -> int:
    if "ARBITRE_ALLOWED_HOSTS" not in os.environ:
        os.environ["ARBITRE_ALLOWED_HOSTS"] = allowed_hosts(args.host, args.allow_any_host)
    certificate = https_certificate(args.host) if args.https else None
    processes = args.processes or default_processes()
    if args.processes < 0:
        raise CliError(tr("--processes must be 1 or more"))
    if processes > 1 and (args.port == 0 or not system.forking()):
        processes = 1  # a port chosen by the system, or no fork (Windows): one process

    console = console or startup.Console(bar=False)
    setup_database(args.database_url)
    from django.conf import settings

    from arbitre.app.duplicate import preparation

    # The default word list is loaded (and compiled on the first start) in the background;
    # the pages show its progress meanwhile, the console tells its steps.
    if processes > 1 or settings.PREPARE_AT_START:
        console.preparing()
        preparation.start()
    signal.signal(signal.SIGTERM, _interrupt)
    from arbitre.app.events import backups
    from arbitre.app.federation import outbox

    with backups.serving(), outbox.sending():
        if processes > 1:
            _serve_workers(args, processes, certificate, console)
        else:
            _serve(args, certificate, console)
    print(tr("Arbitre stopped."), flush=True)
    _leave(0)
    return 0


def _serve_workers(
    args: argparse.Namespace,
    processes: int,
    certificate: tls.ServerCertificate | None,
    console: startup.Console,
) -> None:
    """Serve with gunicorn's master and ``processes`` workers (:mod:`arbitre.cli._serve_workers`)
    once the word list and the kernel are ready and warm in this process, which the workers
    are forked from; until then Ctrl-C stops at once. A word list that cannot be prepared:
    one process, whose pages say why."""
    from arbitre.app.events import backups
    from arbitre.app.simultane import prerender
    from arbitre.cli import _serve_workers as serve_workers

    try:
        if not console.follow():
            _serve(args, certificate, console)
            return
        figures = startup.check(certificate is not None)
        refuse_taken_port(args.host, args.port)
        allow_open_files(args.connections + 256)
        plan = serve_workers.Plan(
            bind=f"{_url_host(args.host)}:{args.port}",
            processes=processes,
            connections=args.connections,
            stop_seconds=STOP_SECONDS,
            make_server=lambda listener: web_server(
                args.host,
                args.port,
                args.threads,
                args.connections,
                shared_port=listener is None,
                certificate=certificate,
                listener=listener,
            ),
            own_sockets=system.port_sharing(),
            renderer=prerender.federation_server(),
        )

        def ready() -> None:
            print(console.summary(figures, processes), flush=True)
            _ready(args, processes, certificate)

        serve_workers.serve(plan, ready)
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        raise CliError(
            tr("cannot listen on %(address)s: %(reason)s")
            % {"address": f"{args.host}:{args.port}", "reason": exc.strerror or exc}
        ) from exc
    finally:
        backups.DEBOUNCER.flush()  # the last change before Ctrl-C ends in a backup too


def leave_if_loading(status: int = 0) -> None:
    """End the process now when the preparation thread is still loading or compiling (a
    stop during the first start): the server is stopped and its last change backed up, and
    what the thread writes, the compiled caches, is published whole or not at all; waiting
    for it would hold the stop for tens of seconds."""
    from arbitre.app.duplicate import preparation

    if preparation.running():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def https_certificate(host: str) -> tls.ServerCertificate:
    """The certificate of ``arbitre serve --https`` (:func:`arbitre.cli._tls.server_certificate`)
    for every name and address the server answers to, in the data directory; the settings
    told that the server speaks HTTPS itself (Secure cookies, HSTS)."""
    from arbitre.paths import data_dir

    os.environ["ARBITRE_HTTPS"] = HTTPS_DIRECT
    hosts = allowed_hosts(host).split(",") + os.environ["ARBITRE_ALLOWED_HOSTS"].split(",")
    try:
        return tls.server_certificate(data_dir(), hosts)
    except OSError as exc:
        raise CliError(
            tr("cannot write the HTTPS certificate: %(error)s") % {"error": exc}
        ) from exc


HTTPS_DIRECT = "direct"
"""``ARBITRE_HTTPS`` when ``arbitre serve --https`` serves HTTPS itself (no proxy whose
``X-Forwarded-Proto`` is to be trusted)."""


def _serve(
    args: argparse.Namespace,
    certificate: tls.ServerCertificate | None = None,
    console: startup.Console | None = None,
) -> None:
    """Serve in this one process (cheroot) until interrupted: it listens at once, the pages
    telling the preparation's progress, and says it is ready once warm; the last change
    ends in a backup."""
    from arbitre.app.events import backups

    stop = threading.Event()
    try:
        server = web_server(
            args.host, args.port, args.threads, args.connections, certificate=certificate
        )
        try:
            server.prepare()
            scheme = "https" if certificate else "http"
            url = f"{scheme}://{_url_host(args.host)}:{args.port}/"
            print(tr("Arbitre listens on %(url)s; getting ready…") % {"url": url}, flush=True)
            threading.Thread(
                target=_announce,
                args=(args, certificate, console or startup.Console(), stop),
                name="arbitre-ready",
                daemon=True,
            ).start()
            server.serve()
        finally:
            stop.set()
            server.stop()
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        raise CliError(
            tr("cannot listen on %(address)s: %(reason)s")
            % {"address": f"{args.host}:{args.port}", "reason": exc.strerror or exc}
        ) from exc
    finally:
        backups.DEBOUNCER.flush()  # the last change before Ctrl-C ends in a backup too


def _announce(
    args: argparse.Namespace,
    certificate: tls.ServerCertificate | None,
    console: startup.Console,
    stop: threading.Event,
) -> None:
    """One process's way to "ready": the preparation told on the console, a first page, a
    draw and a top search answered; then the figures and the addresses."""
    if not console.follow(stop):
        # the word list failed (told: the pages say why), or is left to the first search
        # (``PREPARE_AT_START``)
        if not stop.is_set():
            _ready(args, 1, certificate)
        return
    figures = startup.check(certificate is not None)
    if stop.is_set():
        return
    print(console.summary(figures, 1), flush=True)
    _ready(args, 1, certificate)


def _ready(
    args: argparse.Namespace, processes: int, certificate: tls.ServerCertificate | None = None
) -> None:
    scheme = "https" if certificate else "http"
    url = f"{scheme}://{_url_host(args.host)}:{args.port}/"
    if processes > 1:
        line = tr("Arbitre is ready: %(url)s  (Ctrl-C to stop, %(processes)d processes)")
    else:
        line = tr("Arbitre is ready: %(url)s  (Ctrl-C to stop)")
    lines = [line % {"url": url, "processes": processes}]
    venue = venue_urls(args.port, scheme) if args.host in ("0.0.0.0", "::") else []
    lines += [tr("  on the venue's network: %(url)s") % {"url": address} for address in venue]
    if certificate is not None:
        # the QR code of an address a phone can open: not of this machine's loopback
        local = args.host in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::", "")
        phones = venue[0] if venue else (None if local else url)
        lines.append(https_notice(certificate, phones))
    # one write, its line end included: a Ctrl-C right after « ready » neither cuts the
    # addresses and the certificate's fingerprint off (they followed it in writes of their
    # own) nor puts the stop's message between the fingerprint and its line end (print
    # writes the end apart, and the stop is said by another thread)
    sys.stdout.write("\n".join(lines) + "\n")
    sys.stdout.flush()


def https_notice(certificate: tls.ServerCertificate, url: str | None) -> str:
    """What the console says of the HTTPS certificate: its fingerprint (a phone's browser
    shows it before accepting it, see docs/security.md) and, with a ``url`` on the venue's
    network, its QR code for the phones."""
    if certificate.made:
        made = tr("  HTTPS certificate (new: the phones accept it again): %(path)s")
    else:
        made = tr("  HTTPS certificate: %(path)s")
    lines = [
        made % {"path": certificate.certificate},
        tr("  SHA-256 fingerprint: %(fingerprint)s") % {"fingerprint": certificate.fingerprint},
    ]
    if url:
        import io

        import segno

        out = io.StringIO()
        segno.make(url, error="m", micro=False).terminal(out=out, compact=True)
        lines += [tr("  QR code of %(url)s:") % {"url": url}, out.getvalue().rstrip("\n")]
    return "\n".join(lines)


def _leave(status: int) -> None:
    """End the process now that it has stopped serving, backed up its last change and
    released its lock: its daemon threads (the preparation, the outbox's) are not waited
    for, nor the interpreter's teardown of the word list and the compiled
    kernel (1.5 s measured)."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def run_createadmin(args: argparse.Namespace) -> int:
    setup_database(args.database_url)
    from arbitre.app.events.accounts import AccountError, create_director

    password = os.environ.get("ARBITRE_ADMIN_PASSWORD")
    if not password:
        if not sys.stdin.isatty():
            raise CliError(tr("no password: set ARBITRE_ADMIN_PASSWORD or run in a terminal"))
        password = getpass.getpass(tr("Password: "))
        if getpass.getpass(tr("Password (again): ")) != password:
            raise CliError(tr("the two passwords differ"))
    try:
        create_director(args.username, password, args.email)
    except AccountError as exc:
        raise CliError(str(exc)) from exc
    print(tr("Director's account “%(name)s” created.") % {"name": args.username})
    return 0


def run_unlock(args: argparse.Namespace) -> int:
    setup_database(args.database_url)
    from arbitre.app.events.accounts import unlock

    done = unlock(args.username)
    if args.json:
        print(json.dumps({"username": args.username, "unlocked": done}))
    elif done:
        print(tr("Account “%(name)s” unlocked.") % {"name": args.username})
    else:
        print(tr("The account “%(name)s” was not locked.") % {"name": args.username})
    return 0
