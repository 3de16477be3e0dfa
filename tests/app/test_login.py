"""Login hardening (issue 22, part 3): throttling and lock-out after repeated failures, the
director's unlock, strict password validators, cookies and allowed hosts."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.cli.serve import allowed_hosts
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
