"""``arbitre serve --https`` (issue 34, items 5 and 8): a real server over TLS on 127.0.0.1,
verified against the certificate it made in its data directory; a director logs in through
it and gets Secure cookies and HSTS; plain HTTP on the port is sent to HTTPS."""

from __future__ import annotations

import argparse
import hashlib
import http.client
import re
import shutil
import signal
import ssl
import subprocess
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

from arbitre.cli import _tls as tls
from arbitre.cli import serve
from tests.app.server import RunningServer, arbitre_server, director_data, migrated_data
from tests.app.test_serve_processes import forking_only, wait_for, workers
from tests.support import require

PASSWORD = "Tournoi-2026!"


def port_of(server: RunningServer) -> int:
    return int(server.url.rstrip("/").rsplit(":", 1)[1])


def trusting(data: Path) -> ssl.SSLContext:
    """A client that trusts only the server's own certificate, as a phone that accepted it,
    and checks the host name against it."""
    context = ssl.create_default_context(cafile=data / "https" / "certificate.pem")
    assert context.check_hostname and context.verify_mode == ssl.CERT_REQUIRED
    return context


@contextmanager
def https_connection(
    data: Path, port: int, host: str = "127.0.0.1"
) -> Iterator[http.client.HTTPSConnection]:
    connection = http.client.HTTPSConnection(host, port, context=trusting(data), timeout=30)
    try:
        yield connection
    finally:
        connection.close()


@contextmanager
def told(server: RunningServer) -> Iterator[None]:
    """A failure inside comes with what the server printed (stopped for it)."""
    try:
        yield
    except BaseException as exc:
        if server.process.poll() is None:
            server.process.send_signal(signal.SIGINT)
            try:
                server.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.process.kill()
                server.process.wait()
        output = server.process.stdout.read() if server.process.stdout else ""
        raise AssertionError(f"{exc!r}\n--- arbitre serve printed ---\n{output}") from exc


def set_cookies(response: http.client.HTTPResponse) -> dict[str, str]:
    """Each cookie the response sets, by name: its whole ``Set-Cookie`` line."""
    found = {}
    for line in response.headers.get_all("Set-Cookie") or []:
        name = next(iter(SimpleCookie(line)))
        found[name] = line
    return found


def secure(line: str) -> bool:
    return "secure" in [part.strip().lower() for part in line.split(";")]


def test_a_director_logs_in_over_https_with_secure_cookies_and_hsts(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    with arbitre_server(data, args=("--https",)) as server, told(server):
        port = port_of(server)
        with https_connection(data, port) as connection:
            connection.request("GET", "/compte/connexion/")
            page = connection.getresponse()
            html = page.read().decode()
            assert page.status == 200
            # HSTS for a day, for this host only, not offered for preloading
            assert page.headers["Strict-Transport-Security"] == "max-age=86400"
            csrf_line = set_cookies(page)["csrftoken"]
            assert secure(csrf_line)
            token = SimpleCookie(csrf_line)["csrftoken"].value
            assert 'name="csrfmiddlewaretoken"' in html
            form = urllib.parse.urlencode(
                {"csrfmiddlewaretoken": token, "username": "directrice", "password": PASSWORD}
            )
            connection.request(
                "POST",
                "/compte/connexion/",
                body=form,
                headers={
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": f"csrftoken={token}",
                    "Origin": f"https://127.0.0.1:{port}",  # as a browser sends it
                    "Referer": f"https://127.0.0.1:{port}/compte/connexion/",
                },
            )
            logged = connection.getresponse()
            logged.read()
            assert logged.status == 302, "the login is accepted"
            cookies = set_cookies(logged)
            assert secure(cookies["sessionid"]) and "httponly" in cookies["sessionid"].lower()
            assert secure(cookies["csrftoken"])
            assert logged.headers["Strict-Transport-Security"] == "max-age=86400"
            session = SimpleCookie(cookies["sessionid"])["sessionid"].value
            connection.request("GET", "/", headers={"Cookie": f"sessionid={session}"})
            home = connection.getresponse()
            assert "directrice" in home.read().decode()  # logged in, over TLS
        # the certificate names localhost too
        with https_connection(data, port, "localhost") as connection:
            connection.request("GET", "/a-propos/")
            assert connection.getresponse().status == 200
        # "ready" (with the certificate's fingerprint) once every process is warm
        assert server.process.stdout is not None
        printed_so_far = []
        for line in server.process.stdout:
            printed_so_far.append(line)
            if "Arbitre est prêt" in line:
                break
        server.process.send_signal(signal.SIGINT)
        server.process.wait(timeout=60)
        output = "".join(printed_so_far) + server.process.stdout.read()
    assert f"Arbitre est prêt : https://127.0.0.1:{port}/" in output
    # the fingerprint printed is the certificate's, as a phone's browser shows it
    der = ssl.PEM_cert_to_DER_cert((data / "https" / "certificate.pem").read_text())
    printed = re.search(r"empreinte SHA-256 : ([0-9A-F:]+)", output)
    assert printed and printed.group(1) == ":".join(
        f"{b:02X}" for b in hashlib.sha256(der).digest()
    )


@pytest.fixture(scope="module")
def https_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RunningServer, Path]]:
    """``arbitre serve --https`` on a data folder with no certificate yet, shared by the
    tests that only make requests to it (none stops it or changes what it serves); the
    folder."""
    folder = tmp_path_factory.mktemp("https")
    data = migrated_data(folder, folder / "data")  # its migrations: test_serve_smoke's
    with arbitre_server(data, args=("--https",)) as server:
        yield server, data


def test_a_client_that_does_not_trust_the_certificate_is_refused(
    https_server: tuple[RunningServer, Path],
) -> None:
    server, data = https_server
    connection = http.client.HTTPSConnection(
        "127.0.0.1", port_of(server), context=ssl.create_default_context(), timeout=30
    )
    with pytest.raises(ssl.SSLCertVerificationError):
        connection.request("GET", "/")
    connection.close()
    # the refused handshake costs the others nothing
    with https_connection(data, port_of(server)) as trusted:
        trusted.request("GET", "/a-propos/")
        assert trusted.getresponse().status == 200


def test_plain_http_on_the_port_is_sent_to_https(https_server: tuple[RunningServer, Path]) -> None:
    server, _ = https_server
    port = port_of(server)
    plain = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    plain.request("GET", "/a-propos/?langue=fr")
    answer = plain.getresponse()
    assert answer.status == 302  # not 301: browsers would keep it for good
    assert answer.headers["Location"] == f"https://127.0.0.1:{port}/a-propos/?langue=fr"
    plain.close()
    # a request whose host is not a host's form is refused, not redirected
    plain = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    plain.request("GET", "/", headers={"Host": "evil.example/x"})
    refused = plain.getresponse()
    assert refused.status == 400
    assert "https://" in refused.read().decode()
    plain.close()


def test_connections_that_say_nothing_do_not_stop_the_others(tmp_path: Path) -> None:
    """The handshake is made by the thread that reads the connection, not by the one that
    accepts them all: silent connections (a phone on a poor Wi-Fi) leave the others served."""
    import socket

    data = migrated_data(tmp_path)
    with arbitre_server(data, args=("--https", "--threads", "8")) as server:
        port = port_of(server)
        silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
        try:
            with https_connection(data, port) as connection:
                connection.request("GET", "/a-propos/")
                assert connection.getresponse().status == 200
        finally:
            for sock in silent:
                sock.close()


@forking_only
def test_every_process_of_the_port_serves_https(tmp_path: Path) -> None:
    data = migrated_data(tmp_path)
    with arbitre_server(data, args=("--https", "--processes", "2")) as server:
        port = port_of(server)
        wait_for(lambda: len(workers(server.process.pid)) == 2)
        # the workers take the connections as they come: each is served over TLS
        for _ in range(30):
            with https_connection(data, port) as connection:
                connection.request("GET", "/a-propos/")
                assert connection.getresponse().status == 200


def test_behind_a_proxy_arbitre_https_1_gives_the_same_protection(tmp_path: Path) -> None:
    """``ARBITRE_HTTPS=1``: the proxy terminates TLS and says so in ``X-Forwarded-Proto``;
    the application then sends Secure cookies and HSTS, as with ``--https``."""
    with arbitre_server(migrated_data(tmp_path), extra_env={"ARBITRE_HTTPS": "1"}) as server:
        plain = http.client.HTTPConnection("127.0.0.1", port_of(server), timeout=30)
        plain.request("GET", "/compte/connexion/", headers={"X-Forwarded-Proto": "https"})
        answer = plain.getresponse()
        answer.read()
        assert answer.headers["Strict-Transport-Security"] == "max-age=86400"
        assert secure(set_cookies(answer)["csrftoken"])
        # a request the proxy says came in plain HTTP gets no HSTS (browsers ignore it there)
        plain.request("GET", "/compte/connexion/", headers={"X-Forwarded-Proto": "http"})
        answer = plain.getresponse()
        answer.read()
        assert answer.headers["Strict-Transport-Security"] is None
        plain.close()


def test_with_https_served_directly_no_forwarded_header_is_trusted(
    https_server: tuple[RunningServer, Path],
) -> None:
    """``--https`` has no proxy in front: a client's ``X-Forwarded-Proto`` changes nothing."""
    server, data = https_server
    with https_connection(data, port_of(server)) as connection:
        connection.request("GET", "/compte/connexion/", headers={"X-Forwarded-Proto": "http"})
        answer = connection.getresponse()
        answer.read()
        assert answer.headers["Strict-Transport-Security"] == "max-age=86400"


def scanned(text: str, path: Path) -> str:
    """What a QR decoder (zbarimg) reads off a code printed on a dark terminal with half
    blocks (their ink is the light modules), drawn as an image of 8 pixels a module."""
    require(shutil.which("zbarimg") is not None, "zbarimg is missing (apt-get install zbar-tools)")
    rows: list[list[int]] = []
    for line in text.splitlines():
        rows.append([255 if c in "█▀" else 0 for c in line])
        rows.append([255 if c in "█▄" else 0 for c in line])
    scale = 8
    width = max(len(r) for r in rows)
    pixels = bytearray()
    for row in rows:
        line = bytearray()
        for value in row + [255] * (width - len(row)):
            line += bytes([value]) * scale
        pixels += bytes(line) * scale
    path.write_bytes(b"P5 %d %d 255\n" % (width * scale, len(rows) * scale) + bytes(pixels))
    out = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(path)], capture_output=True, text=True, timeout=30
    )
    return out.stdout.strip()


def test_the_console_shows_a_qr_code_of_the_halls_address(tmp_path: Path) -> None:
    certificate = tls.server_certificate(tmp_path, ["localhost", "10.0.0.5"])
    notice = serve.https_notice(certificate, "https://10.0.0.5:8000/")
    assert f"empreinte SHA-256 : {certificate.fingerprint}" in notice
    assert "nouveau" in notice  # made now: the phones accept it again
    code = notice.split("QR code de https://10.0.0.5:8000/ :\n", 1)[1]
    assert scanned(code, tmp_path / "qr.pgm") == "https://10.0.0.5:8000/"
    # the same certificate at the next start: nothing new for the phones, no address no code
    again = serve.https_notice(tls.server_certificate(tmp_path, ["localhost"]), None)
    assert "nouveau" not in again and "QR" not in again
    assert certificate.fingerprint in again


@pytest.mark.parametrize(
    ("host", "qr"),
    [
        ("0.0.0.0", "https://10.0.0.5:8443/"),  # the first address on the hall's network
        ("10.0.0.7", "https://10.0.0.7:8443/"),  # the one address it listens on
        ("127.0.0.1", None),  # this machine only: no phone could open it
    ],
)
def test_the_qr_code_is_of_an_address_phones_can_open(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    host: str,
    qr: str | None,
) -> None:
    monkeypatch.setenv("ARBITRE_ALLOWED_HOSTS", "localhost,127.0.0.1,salle,10.0.0.5,[fd00::2]")
    certificate = tls.server_certificate(tmp_path, ["localhost"])
    serve._ready(argparse.Namespace(host=host, port=8443), 1, certificate)
    output = capsys.readouterr().out
    assert f"Arbitre est prêt : https://{host}:8443/" in output
    assert certificate.fingerprint in output
    if qr is None:
        assert "QR code" not in output
    else:
        assert f"QR code de {qr} :" in output
