"""Login hardening (issue 22, part 3): throttling and lock-out after repeated failures, the
director's unlock, strict password validators, cookies and allowed hosts."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.cli.serve import allowed_hosts
from tests.app.server import migrated_data
from tests.app.world import PASSWORD


def _post_login(client: Client, username: str, password: str) -> Any:
    return client.post("/compte/connexion/", {"username": username, "password": password})


def test_an_account_is_locked_after_five_wrong_passwords(world: dict[str, Any]) -> None:
    client = Client()
    for _ in range(5):
        response = _post_login(client, "arbitre", "mauvais-mot-de-passe")
        assert response.status_code in (200, 429)
    locked = _post_login(client, "arbitre", PASSWORD)  # the right one, too late
    assert locked.status_code == 429
    assert "Compte bloqué" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # another account is not locked: at a venue everyone shares one address
    assert _post_login(Client(), "directrice", PASSWORD).status_code == 302

    # a director sees the lock and lifts it from the accounts page
    manager = Client()
    manager.force_login(world["users"]["director"])
    page = manager.get("/comptes/").content.decode()
    assert 'id="unlock-arbitre"' in page
    user_id = world["users"]["arbiter"].pk
    response = manager.post(f"/comptes/{user_id}/", {"action": "unlock"}, follow=True)
    assert "Compte « arbitre » débloqué." in response.content.decode()
    assert _post_login(client, "arbitre", PASSWORD).status_code == 302


def test_a_success_before_the_limit_resets_the_count(world: dict[str, Any]) -> None:
    client = Client()
    for _ in range(4):
        _post_login(client, "arbitre", "faux")
    assert _post_login(client, "arbitre", PASSWORD).status_code == 302
    for _ in range(4):
        _post_login(Client(), "arbitre", "faux")
    assert _post_login(Client(), "arbitre", PASSWORD).status_code == 302


@pytest.mark.parametrize(
    "password",
    ["arbitre1", "court", "1234567890123", "motdepasse", "arbitre-compte"],
)
def test_weak_passwords_are_refused(world: dict[str, Any], password: str) -> None:
    from arbitre.app.events import staff

    with pytest.raises(staff.StaffError) as info:
        staff.create_account(world["users"]["admin"], "arbitre-compte", password, "arbitre")
    assert str(info.value).startswith("Mot de passe refusé")


def test_createadmin_refuses_a_weak_password(db: None) -> None:
    from arbitre.app.events.accounts import AccountError, create_director

    with pytest.raises(AccountError):
        create_director("directeur", "arbitre1")
    create_director("directeur", "Un-mot-de-passe-solide-2026")


def test_allowed_hosts_follow_how_the_server_is_started() -> None:
    assert allowed_hosts("127.0.0.1") == "localhost,127.0.0.1,[::1]"
    venue = allowed_hosts("0.0.0.0").split(",")
    assert "*" not in venue and "localhost" in venue and len(venue) > 3
    assert "192.168.1.20" in allowed_hosts("192.168.1.20").split(",")
    assert allowed_hosts("0.0.0.0", any_host=True) == "*"


def test_the_default_settings_answer_this_machine_only() -> None:
    from django.conf import settings

    assert "*" not in settings.ALLOWED_HOSTS
    assert settings.SESSION_COOKIE_HTTPONLY
    assert settings.SESSION_COOKIE_SECURE is settings.HTTPS


def test_six_wrong_passwords_then_the_right_one_is_refused_whatever_the_way_in(
    world: dict[str, Any],
) -> None:
    from django.contrib.auth import authenticate

    from arbitre.app.events.accounts import is_locked, unlock

    client = Client()
    for _ in range(6):
        _post_login(client, "arbitre", "pas-le-bon-mot-de-passe")
    refused = _post_login(client, "arbitre", PASSWORD)
    assert refused.status_code == 429 and "Compte bloqué" in refused.content.decode()
    assert is_locked("arbitre")
    # no way round the lock: a login without a page (test client, script) is refused too
    assert authenticate(None, username="arbitre", password=PASSWORD) is None
    assert not Client().login(username="arbitre", password=PASSWORD)
    assert unlock("arbitre") is True
    assert unlock("arbitre") is False  # nothing left to lift
    assert Client().login(username="arbitre", password=PASSWORD)
    assert _post_login(Client(), "arbitre", PASSWORD).status_code == 302


LOCK = """
import sys
from arbitre.app import setup_django
setup_django()
from django.test import Client
if sys.argv[1] == "lock":
    for _ in range(6):
        Client().post("/compte/connexion/", {"username": "directrice", "password": "faux-faux-faux"})
response = Client().post("/compte/connexion/", {"username": "directrice", "password": sys.argv[2]})
print(response.status_code)
"""


def test_arbitre_unlock_lifts_the_lock(tmp_path: Any) -> None:
    import json
    import os
    import subprocess
    import sys

    env = {
        **os.environ,
        "ARBITRE_DATA_DIR": str(migrated_data(tmp_path)),
        "ARBITRE_ALLOWED_HOSTS": "testserver",
        "ARBITRE_ADMIN_PASSWORD": PASSWORD,
        "ARBITRE_AUTO_BACKUP": "0",
    }
    env.pop("ARBITRE_DATABASE_URL", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)

    def run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, *args], env=env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.strip().splitlines()[-1]

    run("-m", "arbitre.cli", "createadmin", "directrice")
    assert run("-c", LOCK, "lock", PASSWORD) == "429"
    assert json.loads(run("-m", "arbitre.cli", "unlock", "directrice", "--json")) == {
        "username": "directrice",
        "unlocked": True,
    }
    assert run("-c", LOCK, "check", PASSWORD) == "302"
    assert run("-m", "arbitre.cli", "unlock", "directrice") == (
        "Le compte « directrice » n'était pas bloqué."
    )


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("arbitre1", "trop court"),
        ("directrice2026", "trop semblable"),  # like the user name
        ("12345678901234", "entièrement numérique"),
        ("azertyuiop", "trop courant"),
    ],
)
def test_createadmin_refuses_a_weak_password_in_french(
    tmp_path: Any, password: str, reason: str
) -> None:
    import os
    import subprocess
    import sys

    data = migrated_data(tmp_path)
    env = {**os.environ, "ARBITRE_DATA_DIR": str(data), "ARBITRE_ADMIN_PASSWORD": password}
    env.pop("ARBITRE_DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "createadmin", "directrice"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("arbitre : erreur : Mot de passe refusé : ")
    assert reason in done.stderr


def test_allowed_hosts_bracket_ipv6_and_list_every_interface(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from arbitre.cli import serve

    assert "[fd00::2]" in allowed_hosts("fd00::2").split(",")
    # a laptop that is itself the venue's hotspot has no route out: its addresses still count
    monkeypatch.setattr(serve, "_linux_ipv4", lambda: ["127.0.0.1", "10.42.0.1"])
    monkeypatch.setattr(serve, "_linux_ipv6", lambda: ["[2001:db8::7]"])
    venue = allowed_hosts("0.0.0.0").split(",")
    assert "10.42.0.1" in venue and "[2001:db8::7]" in venue and "*" not in venue
    monkeypatch.setenv("ARBITRE_ALLOWED_HOSTS", ",".join(venue))
    assert "http://10.42.0.1:8000/" in serve.venue_urls(8000)
    assert "http://localhost:8000/" not in serve.venue_urls(8000)


def test_the_server_refuses_a_host_name_it_was_not_started_for(tmp_path: Any) -> None:
    import urllib.error
    import urllib.request

    from tests.app.server import arbitre_server, migrated_data

    with arbitre_server(migrated_data(tmp_path)) as server:
        ok = urllib.request.Request(server.url, headers={"Host": "localhost"})
        assert urllib.request.urlopen(ok, timeout=10).status == 200
        forged = urllib.request.Request(server.url, headers={"Host": "arbitre.example.org"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(forged, timeout=10)
        assert refused.value.code == 400
