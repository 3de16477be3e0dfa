"""``arbitre serve --https`` in headless Chromium (issue 34, item 5): a browser that accepted
this server's certificate (and no other) logs a director in over TLS, keeps its cookies for
HTTPS only, and is sent from a plain ``http://`` address to the HTTPS one."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server, director_data
from tests.app_duplicate.test_duplicate_browser import expect, login

PASSWORD = "Tournoi-2026!"


def accepted(data: Path) -> str:
    """Chromium's switch that accepts the server's key only, as a phone that accepted its
    certificate: the base64 SHA-256 of the certificate's public key."""
    cert = x509.load_pem_x509_certificate((data / "https" / "certificate.pem").read_bytes())
    spki = cert.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    digest = base64.b64encode(hashlib.sha256(spki).digest()).decode()
    return f"--ignore-certificate-errors-spki-list={digest}"


@pytest.mark.browser
def test_a_browser_logs_in_over_https_and_plain_http_is_sent_there(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    with arbitre_server(data, args=("--https",)) as server:
        port = server.url.rstrip("/").rsplit(":", 1)[1]
        url = f"https://127.0.0.1:{port}/"
        with headless_chromium((accepted(data),)) as browser:
            context = browser.new_context()
            page = context.new_page()
            response = page.goto(url + "compte/connexion/")
            assert response is not None and response.ok
            assert response.headers["strict-transport-security"] == "max-age=86400"
            login(page, url, "directrice", PASSWORD)
            expect(page.get_by_text("directrice").first).to_be_visible()
            assert page.url.startswith(url)
            cookies = {c["name"]: c for c in context.cookies()}
            assert cookies["sessionid"]["secure"] and cookies["sessionid"]["httpOnly"]
            assert cookies["csrftoken"]["secure"]
            # someone typing the plain address lands on the HTTPS page, still logged in
            page.goto(f"http://127.0.0.1:{port}/a-propos/")
            assert page.url == url + "a-propos/"
            expect(page.get_by_text("directrice").first).to_be_visible()
            context.close()
