"""The certificate of ``arbitre serve --https`` (issue 34, item 5): made once in the data
directory for every name and address of the machine, kept while it still fits, made again
when an address is added or its end nears; the private key readable by its owner only."""

from __future__ import annotations

import datetime as dt
import hashlib
import ipaddress
import ssl
import stat
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from arbitre.cli import _tls as tls

NOW = dt.datetime(2026, 11, 28, 9, 0, tzinfo=dt.UTC)
HALL = ["localhost", "127.0.0.1", "[::1]", "salle-arbitrage", "salle-arbitrage.local", "10.0.0.5"]


def load(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def san(cert: x509.Certificate) -> tuple[set[str], set[str]]:
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return (
        set(names.get_values_for_type(x509.DNSName)),
        {str(a) for a in names.get_values_for_type(x509.IPAddress)},
    )


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_certificate_names_every_host_and_address_of_the_machine(tmp_path: Path) -> None:
    made = tls.server_certificate(tmp_path, [*HALL, "*", ".example.org"], now=NOW)
    assert made.made
    cert = load(made.certificate)
    assert san(cert) == (
        {"localhost", "salle-arbitrage", "salle-arbitrage.local"},
        {"127.0.0.1", "::1", "10.0.0.5"},
    )
    # a server certificate, not an authority that could sign for other sites
    constraints = cert.extensions.get_extension_for_class(x509.BasicConstraints)
    assert constraints.critical and not constraints.value.ca
    usage = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(usage) == [x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]
    assert cert.issuer == cert.subject  # self-signed
    cert.verify_directly_issued_by(cert)


def test_the_certificate_is_valid_a_year_from_an_hour_ago(tmp_path: Path) -> None:
    cert = load(tls.server_certificate(tmp_path, HALL, now=NOW).certificate)
    assert cert.not_valid_before_utc == dt.datetime(2026, 11, 28, 8, 0, tzinfo=dt.UTC)
    assert cert.not_valid_after_utc == dt.datetime(2027, 11, 28, 9, 0, tzinfo=dt.UTC)
    # Apple's devices refuse a server certificate valid for more than 825 days
    assert cert.not_valid_after_utc - cert.not_valid_before_utc < dt.timedelta(days=825)


def test_the_private_key_is_its_owners_only_and_matches(tmp_path: Path) -> None:
    made = tls.server_certificate(tmp_path, HALL, now=NOW)
    assert made.private_key.parent == tmp_path / "https"
    assert mode(made.private_key) == 0o600
    assert mode(made.private_key.parent) == 0o700
    key = serialization.load_pem_private_key(made.private_key.read_bytes(), password=None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    assert key.public_key() == load(made.certificate).public_key()
    # Python's own TLS loads the pair as a server's
    ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(
        made.certificate, made.private_key
    )


def test_the_fingerprint_is_the_sha256_of_the_certificate(tmp_path: Path) -> None:
    made = tls.server_certificate(tmp_path, HALL, now=NOW)
    der = ssl.PEM_cert_to_DER_cert(made.certificate.read_text())
    digest = hashlib.sha256(der).hexdigest().upper()
    assert made.fingerprint.replace(":", "") == digest
    assert len(made.fingerprint.split(":")) == 32
    assert tls.existing_certificate(tmp_path).fingerprint == made.fingerprint


def test_a_second_start_serves_the_same_certificate(tmp_path: Path) -> None:
    first = tls.server_certificate(tmp_path, HALL, now=NOW)
    pem, key = first.certificate.read_bytes(), first.private_key.read_bytes()
    later = NOW + dt.timedelta(days=200)
    # the same hosts, or fewer (the laptop off the hall's network): the same certificate
    for hosts in (HALL, HALL[:3]):
        again = tls.server_certificate(tmp_path, hosts, now=later)
        assert not again.made
        assert again.fingerprint == first.fingerprint
        assert first.certificate.read_bytes() == pem
        assert first.private_key.read_bytes() == key


def test_an_address_added_makes_a_new_certificate(tmp_path: Path) -> None:
    first = tls.server_certificate(tmp_path, HALL, now=NOW)
    old_key = first.private_key.read_bytes()
    moved = tls.server_certificate(tmp_path, [*HALL[:5], "192.168.1.20"], now=NOW)
    assert moved.made
    assert moved.fingerprint != first.fingerprint
    assert "192.168.1.20" in san(load(moved.certificate))[1]
    assert "10.0.0.5" not in san(load(moved.certificate))[1]  # only this network's addresses
    assert moved.private_key.read_bytes() != old_key  # a new key with it
    assert mode(moved.private_key) == 0o600
    named = tls.server_certificate(tmp_path, [*HALL[:5], "192.168.1.20", "arbitre.lan"], now=NOW)
    assert named.made and "arbitre.lan" in san(load(named.certificate))[0]
    assert not list((tmp_path / "https").glob("*.new"))


@pytest.mark.parametrize(
    ("days", "made"),
    [(300, False), (335, False), (336, True), (400, True)],
)
def test_a_certificate_is_made_again_a_month_before_its_end(
    tmp_path: Path, days: int, made: bool
) -> None:
    """Valid for 365 days, made again when less than 30 remain (a tournament never meets its
    end): at day 335 exactly 30 remain, at day 336 fewer."""
    first = tls.server_certificate(tmp_path, HALL, now=NOW)
    again = tls.server_certificate(tmp_path, HALL, now=NOW + dt.timedelta(days=days))
    assert again.made is made
    assert (again.fingerprint == first.fingerprint) is not made


def test_a_certificate_from_the_future_is_made_again(tmp_path: Path) -> None:
    """The clock was set back (a laptop's battery): a certificate not yet valid is replaced."""
    tls.server_certificate(tmp_path, HALL, now=NOW)
    assert tls.server_certificate(tmp_path, HALL, now=NOW - dt.timedelta(days=2)).made


def test_a_damaged_or_mismatched_pair_is_made_again(tmp_path: Path) -> None:
    first = tls.server_certificate(tmp_path, HALL, now=NOW)
    first.certificate.write_text("not a certificate")
    assert tls.server_certificate(tmp_path, HALL, now=NOW).made
    # a key that is not the certificate's (one file copied from another laptop)
    (tmp_path / "other").mkdir()
    other = tls.server_certificate(tmp_path / "other", HALL, now=NOW)
    first.private_key.write_bytes(other.private_key.read_bytes())
    repaired = tls.server_certificate(tmp_path, HALL, now=NOW)
    assert repaired.made
    key = serialization.load_pem_private_key(repaired.private_key.read_bytes(), password=None)
    assert key.public_key() == load(repaired.certificate).public_key()
    first.private_key.unlink()
    assert tls.server_certificate(tmp_path, HALL, now=NOW).made


def test_a_key_left_readable_by_others_is_closed_again(tmp_path: Path) -> None:
    made = tls.server_certificate(tmp_path, HALL, now=NOW)
    made.private_key.chmod(0o644)
    made.private_key.parent.chmod(0o755)
    again = tls.server_certificate(tmp_path, HALL, now=NOW)
    assert not again.made
    assert mode(again.private_key) == 0o600
    assert mode(again.private_key.parent) == 0o700


def test_subject_names_keep_dns_names_and_addresses_only() -> None:
    names, addresses = tls.subject_names(
        ["Salle.LOCAL", "[fd00::2]", "fd00::2", "192.168.1.20", "bad_name", "é.fr", "a..b", ""]
    )
    assert names == ["salle.local"]
    assert addresses == [ipaddress.ip_address("fd00::2"), ipaddress.ip_address("192.168.1.20")]


def test_the_modules_examples_hold() -> None:
    import doctest

    assert doctest.testmod(tls).failed == 0
