"""Who may change which account (issue 34, item 2).

An administrator manages every account. A director of the global group manages only the staff
of their own events: they never reset the password of, disable, enable or unlock an account
that holds a role in an event where they are not a director (nor an administrator, nor another
global director), and they create arbiter accounts only. Otherwise one director of a shared
federation server could take over the events of another club by resetting its director's
password and logging in as them.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.app.world import PASSWORD

NEW_PASSWORD = "Nouvelle-phrase-de-passe-42"
REFUSAL = "seul un administrateur peut le modifier"


@pytest.fixture
def accounts(world: dict[str, Any], django_user_model: Any) -> dict[str, Any]:
    """The world's accounts, and: a director of the other events (another club), an arbiter
    of both the director's event and another one, accounts with no role made by the director
    and by the administrator."""
    from django.contrib.auth.models import Group

    from arbitre.app.events import staff
    from arbitre.app.events.roles import ARBITER, DIRECTOR, grant

    users = dict(world["users"])
    other_director = django_user_model.objects.create_user("directeur-ailleurs", password=PASSWORD)
    other_director.groups.add(Group.objects.get(name=DIRECTOR))
    mixed = django_user_model.objects.create_user("arbitre-partout", password=PASSWORD)
    for kind in ("duplicate", "classic", "backgammon"):
        grant(world["events"][f"{kind}-other"].pk, other_director, DIRECTOR)
    grant(world["events"]["classic-mine"].pk, mixed, ARBITER)
    grant(world["events"]["classic-other"].pk, mixed, ARBITER)
    users["other_director"] = other_director
    users["mixed"] = mixed
    users["made_by_director"] = staff.create_account(
        users["director"], "arbitre-neuf", PASSWORD, ARBITER
    )
    users["made_by_admin"] = staff.create_account(
        users["admin"], "arbitre-admin", PASSWORD, ARBITER
    )
    return users


OUT_OF_SCOPE = ("stranger", "other_director", "mixed", "admin", "made_by_admin")
IN_SCOPE = ("arbiter", "made_by_director")


def _lock(username: str) -> None:
    for _ in range(5):
        Client().post("/compte/connexion/", {"username": username, "password": "faux"})


def _post(client: Client, user: Any, action: str) -> str:
    data = {"action": action}
    if action == "password":
        data["password"] = NEW_PASSWORD
    response = client.post(f"/comptes/{user.pk}/", data, follow=True)
    assert response.status_code in (200, 403)
    return response.content.decode()


def _state(user: Any) -> tuple[bool, bool, bool]:
    """(active, still the old password, locked) of the account, read from the database."""
    from arbitre.app.events.accounts import is_locked

    user.refresh_from_db()
    return user.is_active, user.check_password(PASSWORD), is_locked(user.get_username())


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("target", OUT_OF_SCOPE)
@pytest.mark.parametrize("action", ["disable", "password", "unlock", "enable"])
def test_a_director_changes_no_account_outside_their_events(
    accounts: dict[str, Any], target: str, action: str
) -> None:
    user = accounts[target]
    if action == "unlock":
        _lock(user.get_username())
    if action == "enable":
        user.is_active = False
        user.save()
    before = _state(user)
    page = _post(_client(accounts["director"]), user, action)
    assert _state(user) == before
    assert (
        REFUSAL in page or "Seul un administrateur peut modifier un compte administrateur" in page
    )


@pytest.mark.parametrize("target", OUT_OF_SCOPE + IN_SCOPE)
def test_an_administrator_changes_every_account(accounts: dict[str, Any], target: str) -> None:
    user = accounts[target]
    admin = _client(accounts["admin"])
    if target != "admin":  # nobody disables their own account
        _post(admin, user, "disable")
        assert _state(user)[0] is False
        _post(admin, user, "enable")
        assert _state(user)[0] is True
    _lock(user.get_username())
    assert _state(user)[2] is True
    assert "débloqué" in _post(admin, user, "unlock")
    assert _state(user)[2] is False
    assert "changé" in _post(admin, user, "password")
    assert _state(user)[1] is False


@pytest.mark.parametrize("target", IN_SCOPE)
def test_a_director_manages_the_staff_of_their_events(
    accounts: dict[str, Any], target: str
) -> None:
    """The arbiter of their events only, or the account they created and placed nowhere yet."""
    user = accounts[target]
    director = _client(accounts["director"])
    _post(director, user, "disable")
    assert _state(user)[0] is False
    _post(director, user, "enable")
    assert _state(user)[0] is True
    _lock(user.get_username())
    assert "débloqué" in _post(director, user, "unlock")
    assert _state(user)[2] is False
    assert "changé" in _post(director, user, "password")
    assert _state(user)[1] is False


def test_an_arbiter_given_a_role_elsewhere_leaves_the_directors_reach(
    accounts: dict[str, Any],
) -> None:
    from arbitre.app.events.roles import ARBITER, grant

    user = accounts["arbiter"]
    grant(_other_event(accounts), user, ARBITER)
    page = _post(_client(accounts["director"]), user, "password")
    assert REFUSAL in page
    assert _state(user)[1] is True


def _other_event(accounts: dict[str, Any]) -> int:
    from arbitre.app.events.models import EventRole

    return EventRole.objects.filter(user=accounts["other_director"]).first().event_id


def test_the_takeover_of_another_clubs_director_fails(accounts: dict[str, Any]) -> None:
    """The attack of the issue: reset the other director's password, log in as them."""
    _post(_client(accounts["director"]), accounts["other_director"], "password")
    response = Client().post(
        "/compte/connexion/", {"username": "directeur-ailleurs", "password": NEW_PASSWORD}
    )
    assert response.status_code != 302
    assert accounts["other_director"].check_password(PASSWORD)


def test_a_director_creates_arbiter_accounts_only(accounts: dict[str, Any]) -> None:
    from django.contrib.auth import get_user_model

    from arbitre.app.events import staff

    director = _client(accounts["director"])
    page = director.get("/comptes/").content.decode()
    assert 'value="arbitre"' in page
    assert 'value="directeur"' not in page
    data = {"username": "nouveau-directeur", "password": NEW_PASSWORD, "role": "directeur"}
    director.post("/comptes/", data)
    assert not get_user_model().objects.filter(username="nouveau-directeur").exists()
    with pytest.raises(staff.StaffError, match="Seul un administrateur peut créer"):
        staff.create_account(accounts["director"], "nouveau-directeur", NEW_PASSWORD, "directeur")
    director.post("/comptes/", {**data, "role": "arbitre"})
    assert get_user_model().objects.filter(username="nouveau-directeur").exists()

    admin = _client(accounts["admin"])
    assert 'value="directeur"' in admin.get("/comptes/").content.decode()
    admin.post("/comptes/", {**data, "username": "directeur-neuf"})
    made = get_user_model().objects.get(username="directeur-neuf")
    assert made.groups.filter(name="directeur").exists()


def test_the_accounts_page_offers_actions_on_managed_accounts_only(
    accounts: dict[str, Any],
) -> None:
    page = _client(accounts["director"]).get("/comptes/").content.decode()
    for name in OUT_OF_SCOPE:
        row = _row(page, accounts[name].get_username())
        assert "account_action" not in row and f"/comptes/{accounts[name].pk}/" not in row
    for name in IN_SCOPE:
        assert f"/comptes/{accounts[name].pk}/" in _row(page, accounts[name].get_username())
    admin_page = _client(accounts["admin"]).get("/comptes/").content.decode()
    for name in OUT_OF_SCOPE + IN_SCOPE:
        row = _row(admin_page, accounts[name].get_username())
        assert f"/comptes/{accounts[name].pk}/" in row


def _row(page: str, username: str) -> str:
    start = page.index(f'<tr id="account-{username}">')
    return page[start : page.index("</tr>", start)]


def test_the_accounts_journal_of_a_director_shows_their_events_only(
    accounts: dict[str, Any],
) -> None:
    from arbitre.app.events import staff

    other_event = _other_event(accounts)
    staff.assign(accounts["other_director"], other_event, "arbitre-admin", "arbitre")
    journal = _client(accounts["director"]).get("/comptes/").content.decode().split("Journal")[-1]
    assert "arbitre-neuf" in journal  # the account the director created
    assert "arbitre-admin" not in journal  # created by the administrator, placed elsewhere
    admin_journal = _client(accounts["admin"]).get("/comptes/").content.decode()
    assert "arbitre-admin" in admin_journal.split("Journal")[-1]


def test_a_director_adds_and_removes_staff_of_their_event_only(accounts: dict[str, Any]) -> None:
    from arbitre.app.events.models import Event, EventRole

    director = _client(accounts["director"])
    own = Event.objects.get(name="classic mine")
    other = Event.objects.get(name="classic other")
    director.post(f"/evenement/{own.pk}/equipe/", {"username": "arbitre-neuf", "role": "directeur"})
    assert EventRole.objects.get(event=own, user=accounts["made_by_director"]).role == "directeur"
    director.post(
        f"/evenement/{own.pk}/equipe/",
        {"action": "remove", "user": accounts["made_by_director"].pk},
    )
    assert not EventRole.objects.filter(event=own, user=accounts["made_by_director"]).exists()
    refused = director.post(
        f"/evenement/{other.pk}/equipe/", {"username": "directrice", "role": "directeur"}
    )
    assert refused.status_code == 403
    assert not EventRole.objects.filter(event=other, user=accounts["director"]).exists()
