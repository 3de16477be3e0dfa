"""HTTPS in the hall (``arbitre serve --https``): the server's certificate and its TLS sockets.

The certificate is self-signed, made once and kept in the data directory (``https/``), for
every name and address a phone may use to reach this machine (the ones ``arbitre serve
--host`` prints). It is made again when one of them is not in it (the laptop moved to
another network) or when it nears its end; otherwise the same one is served, so that a
phone that accepted it once (comparing the printed SHA-256 fingerprint, see
docs/security.md) keeps it. No certificate authority is made: a CA installed on phones would
let whoever copies the laptop's key impersonate any website to them.

The TLS handshake is made in the worker thread that reads the connection's first request,
not in the server's thread that accepts the connections (cheroot's own adapter does it
there): one phone on a poor Wi-Fi, or one connection that says nothing, would otherwise stop
every new connection for as long as the server waits. A plain-HTTP request on the port is
sent to the same address in HTTPS.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import ipaddress
import os
import re
import secrets
import socket
import ssl
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DIRECTORY = "https"
CERTIFICATE_FILE = "certificate.pem"
KEY_FILE = "private-key.pem"
VALIDITY = dt.timedelta(days=365)
"""How long a certificate is valid (Apple's devices refuse more than 825 days)."""
RENEWAL = dt.timedelta(days=30)
"""A certificate with less than this left is made again (a tournament never meets its end)."""
CLOCK_SKEW = dt.timedelta(hours=1)
"""A certificate is valid from this long before it is made (a phone's clock a little late)."""
_DNS_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class ServerCertificate:
    """The certificate and private key files, and the certificate's SHA-256 fingerprint."""

    certificate: Path
    private_key: Path
    fingerprint: str
    made: bool
    """Whether it was made at this start (a new one: phones accept it again)."""


def subject_names(hosts: Iterable[str]) -> tuple[list[str], list[Address]]:
    """The DNS names and IP addresses a certificate names, from host names as Django's
    ``ALLOWED_HOSTS`` spells them (IPv6 in brackets, ``.example.org`` patterns and ``*``
    left out, as any name that is not a plain DNS name).

    >>> subject_names(["localhost", "[::1]", "10.0.0.5", "*", ".example.org", "Salle.local"])
    (['localhost', 'salle.local'], [IPv6Address('::1'), IPv4Address('10.0.0.5')])
    """
    names: list[str] = []
    addresses: list[Address] = []
    for host in hosts:
        host = host.strip().lower()
        try:
            address = ipaddress.ip_address(host.strip("[]"))
        except ValueError:
            if _DNS_NAME.match(host) and host not in names:
                names.append(host)
            continue
        if address not in addresses:
            addresses.append(address)
    return names, addresses


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256 fingerprint as browsers show it: hexadecimal pairs.

    >>> fingerprint(b"x")[:11]
    '2D:71:16:42'
    """
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def server_certificate(
    data_dir: Path, hosts: Iterable[str], now: dt.datetime | None = None
) -> ServerCertificate:
    """The certificate for ``hosts`` kept in ``data_dir``: the one there if it names every
    host, is valid at ``now`` and for :data:`RENEWAL` more, and matches its key; a new one
    (with a new key) otherwise. The key file is readable by its owner only."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    now = now or dt.datetime.now(dt.UTC)
    names, addresses = subject_names(hosts)
    folder = data_dir / DIRECTORY
    folder.mkdir(mode=0o700, exist_ok=True)
    folder.chmod(0o700)  # also one made by hand, or copied
    cert_path, key_path = folder / CERTIFICATE_FILE, folder / KEY_FILE
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    except (OSError, ValueError, TypeError):
        cert = None
    if cert is not None and _still_good(cert, key, names, addresses, now):
        key_path.chmod(0o600)
        der = cert.public_bytes(serialization.Encoding.DER)
        return ServerCertificate(cert_path, key_path, fingerprint(der), made=False)
    der = _make(cert_path, key_path, names, addresses, now)
    return ServerCertificate(cert_path, key_path, fingerprint(der), made=True)


def existing_certificate(data_dir: Path) -> ServerCertificate:
    """The certificate kept in ``data_dir`` as it is (the port's other processes serve the
    one the first process made); ``FileNotFoundError`` when there is none."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    folder = data_dir / DIRECTORY
    cert = x509.load_pem_x509_certificate((folder / CERTIFICATE_FILE).read_bytes())
    der = cert.public_bytes(serialization.Encoding.DER)
    return ServerCertificate(
        folder / CERTIFICATE_FILE, folder / KEY_FILE, fingerprint(der), made=False
    )


def _still_good(
    cert: Any, key: Any, names: list[str], addresses: list[Address], now: dt.datetime
) -> bool:
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    if not cert.not_valid_before_utc <= now <= cert.not_valid_after_utc - RENEWAL:
        return False
    public = serialization.PublicFormat.SubjectPublicKeyInfo
    pem = serialization.Encoding.PEM
    if cert.public_key().public_bytes(pem, public) != key.public_key().public_bytes(pem, public):
        return False
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    return set(names) <= set(san.get_values_for_type(x509.DNSName)) and set(addresses) <= set(
        san.get_values_for_type(x509.IPAddress)
    )


def _make(
    cert_path: Path, key_path: Path, names: list[str], addresses: list[Address], now: dt.datetime
) -> bytes:
    """A new key and self-signed certificate written to the two files (the key created
    readable by its owner only, each file replaced whole); returns the certificate (DER)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Arbitre"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"Arbitre {socket.gethostname()}"[:64]),
        ]
    )
    general: list[x509.GeneralName] = [x509.DNSName(n) for n in names]
    general += [x509.IPAddress(a) for a in addresses]
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(int.from_bytes(secrets.token_bytes(16), "big") >> 1)
        .not_valid_before(now - CLOCK_SKEW)
        .not_valid_after(now + VALIDITY)
        .add_extension(x509.SubjectAlternativeName(general), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=False,
                crl_sign=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    _replace(key_path, key_pem, 0o600)
    _replace(cert_path, cert.public_bytes(serialization.Encoding.PEM), 0o644)
    return cert.public_bytes(serialization.Encoding.DER)


def _replace(path: Path, data: bytes, mode: int) -> None:
    """Write ``path`` whole through a new file created with ``mode`` (never readable by
    others in between), then moved over the old one."""
    temporary = path.with_name(path.name + ".new")
    temporary.unlink(missing_ok=True)
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


def tls_context(cert: ServerCertificate) -> ssl.SSLContext:
    """The server's TLS context: TLS 1.2 or newer, Python's default ciphers, and sockets
    that make their handshake when first read (:class:`HandshakeOnFirstRead`)."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert.certificate, cert.private_key)
    context.sslsocket_class = HandshakeOnFirstRead
    return context


def ssl_adapter(cert: ServerCertificate) -> Any:
    """cheroot's adapter for ``cert`` (:func:`tls_context`), which wraps each accepted
    connection without its handshake."""
    from cheroot import errors
    from cheroot.ssl.builtin import BuiltinSSLAdapter

    class Adapter(BuiltinSSLAdapter):  # type: ignore[misc]
        def wrap(self, sock: socket.socket) -> tuple[ssl.SSLSocket, dict[str, str]]:
            try:
                wrapped = self.context.wrap_socket(
                    sock, server_side=True, do_handshake_on_connect=False
                )
            except OSError as exc:
                raise errors.FatalSSLAlert(*exc.args) from exc
            # what the request's WSGI environment needs (cheroot's own would read the
            # cipher of a handshake not made yet)
            return wrapped, {"wsgi.url_scheme": "https", "HTTPS": "on"}

    adapter = Adapter(str(cert.certificate), str(cert.private_key))
    adapter.context = tls_context(cert)
    return adapter


TLS_HANDSHAKE = 0x16
"""The first byte a TLS client sends (a handshake record)."""
PLAIN_REQUEST_LIMIT = 8192
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")


class HandshakeOnFirstRead(ssl.SSLSocket):
    """A server's TLS socket whose handshake is made by its first read, in the thread that
    reads it. A plain-HTTP request is answered with a redirection to HTTPS (302, which
    browsers do not keep: the same port may serve plain HTTP another day), and a failed
    handshake (a phone that has not accepted the certificate yet) closes the connection
    quietly, as cheroot's own adapter does."""

    _shaken = False

    def recv_into(self, buffer: Any, nbytes: int | None = None, flags: int = 0) -> int:
        if not self._shaken:
            self._handshake()
        return super().recv_into(buffer, nbytes, flags)  # type: ignore[arg-type]

    def recv(self, buflen: int = 1024, flags: int = 0) -> bytes:
        if not self._shaken:
            self._handshake()
        return super().recv(buflen, flags)

    def _handshake(self) -> None:
        from cheroot import errors

        try:
            first = socket.socket.recv(self, 1, socket.MSG_PEEK)
            if first and first[0] != TLS_HANDSHAKE:
                self._redirect_plain_request()
                raise errors.FatalSSLAlert("plain HTTP request sent to HTTPS")
            self.do_handshake()
        except OSError as exc:  # ssl.SSLError, a timeout, a reset: the connection is lost
            raise errors.FatalSSLAlert(*exc.args) from exc
        self._shaken = True

    def _redirect_plain_request(self) -> None:
        """Answer the plain-HTTP request waiting on the socket with a redirection to the
        same host and path in HTTPS (a host or path not of their forms: a plain refusal)."""
        head = b""
        while b"\r\n\r\n" not in head and len(head) < PLAIN_REQUEST_LIMIT:
            chunk = socket.socket.recv(self, PLAIN_REQUEST_LIMIT - len(head))
            if not chunk:
                break
            head += chunk
        lines = head.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        path = parts[1] if len(parts) == 3 else ""
        host = next(
            (
                line.split(":", 1)[1].strip()
                for line in lines[1:]
                if line.lower().startswith("host:")
            ),
            "",
        )
        body = b""
        if _HOST.match(host) and path.startswith("/") and not path.startswith("//"):
            head_lines = f"HTTP/1.1 302 Found\r\nLocation: https://{host}{path}\r\n"
        else:
            body = b"Ce serveur ne parle que HTTPS : ouvrez l'adresse en https://."
            head_lines = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
        head_lines += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        socket.socket.sendall(self, head_lines.encode("latin-1") + body)
