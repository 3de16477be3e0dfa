"""Issue 35, item 6: the ranking officer (« responsable du classement »), created from
« Comptes » by an administrator only; their home at ``/federation/`` and its menu link; the
event types named as seed 002 names them; every player's figures on an event's page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client

from tests.app_ranking import test_season_web
from tests.app_ranking.test_season_web import EXPORT, send

officer = test_season_web.officer

pytestmark = pytest.mark.django_db

PASSWORD = "Classement-fédéral-2026"


def admin_client() -> Client:
    from arbitre.app.events.accounts import create_director

    create_director("admin", "Administration-2026!")
    client = Client()
    client.force_login(get_user_model().objects.get(username="admin"))
    return client


def test_issue_35_an_administrator_creates_a_ranking_officer_who_reaches_the_federation() -> None:
    admin = admin_client()
    page = admin.get("/comptes/").content.decode()
    assert 'value="classement"' in page and "responsable du classement" in page
    form = {"username": "classement1", "password": PASSWORD, "role": "classement"}
    page = admin.post("/comptes/", form, follow=True).content.decode()
    assert "Compte « classement1 » créé." in page
    assert re.search(
        r'id="account-classement1"><td>classement1</td>\s*<td>responsable du classement', page
    )
    user = get_user_model().objects.get(username="classement1")
    assert list(user.groups.values_list("name", flat=True)) == ["classement"]
    assert not user.is_superuser
    me = Client()
    assert (
        me.post("/compte/connexion/", {"username": "classement1", "password": PASSWORD}).status_code
        == 302
    )
    home = me.get("/federation/")
    assert home.status_code == 200
    text = home.content.decode()
    assert 'id="federation-link"' in text and 'id="accounts-link"' not in text
    for url in (
        "/federation/licencies/",
        "/federation/saison/",
        "/federation/classement/",
        "/federation/envois/",
        "/federation/clubs/",
    ):
        assert f'href="{url}"' in text
        assert me.get(url).status_code == 200
    # the officer manages no account and creates no event
    assert me.get("/comptes/").status_code == 403


def test_issue_35_a_director_neither_creates_nor_manages_a_ranking_officer() -> None:
    from arbitre.app.events import staff
    from arbitre.app.events.roles import DIRECTOR

    admin_client()
    admin = get_user_model().objects.get(username="admin")
    officer_account = staff.create_account(admin, "classement1", PASSWORD, "classement")
    director = get_user_model().objects.create_user("directeur", password=PASSWORD)
    director.groups.add(Group.objects.get_or_create(name=DIRECTOR)[0])
    client = Client()
    client.force_login(director)
    page = client.get("/comptes/").content.decode()
    assert 'value="classement"' not in page
    form = {"username": "classement2", "password": PASSWORD, "role": "classement"}
    client.post("/comptes/", form)
    assert not get_user_model().objects.filter(username="classement2").exists()
    with pytest.raises(staff.StaffError, match="Seul un administrateur"):
        staff.create_account(director, "classement3", PASSWORD, "classement")
    # an account of the whole server: its password is the administrator's business
    answer = client.post(
        f"/comptes/{officer_account.pk}/",
        {"action": "password", "password": "Prise-de-controle-2026"},
        follow=True,
    ).content.decode()
    assert "seul un administrateur peut le modifier" in answer
    officer_account.refresh_from_db()
    assert officer_account.check_password(PASSWORD)


def test_issue_35_the_federation_home_lists_what_waits(officer: Client) -> None:
    send(officer, EXPORT)
    page = officer.get("/federation/").content.decode()
    assert "3 licenciés" in page
    assert "1 licence inconnue à rapprocher" in page  # NOUVEAU, 1000009
    assert "Saison 2013-2014" in page and "1 épreuve" in page
    assert Client().get("/federation/").status_code == 302  # a login first


def test_issue_35_event_types_are_named_as_the_seed_names_them(officer: Client) -> None:
    send(officer, EXPORT)
    page = officer.get("/federation/saison/").content.decode()
    assert '<option value="TH">TH — Tournoi homologué (2 manches ou plus)</option>' in page
    assert '<option value="SF">SF — Simultané fédéral / de France en 1 partie</option>' in page
    assert "<td>TH — Tournoi homologué (2 manches ou plus)</td>" in page


def test_issue_35_an_events_page_lists_every_players_figures(officer: Client) -> None:
    """Seed 002 on the imported TH (2 games, 4 players: DUPONT 2A and MARTIN 4B first ex
    aequo, NOUVEAU third, DURAND 6A fourth):
    B.3: D = 2, M = n x D = 8; m = M - D(P - 1): 8, 8, 4, 2 (ex aequo share the place).
    B.2: Y = 2 players of series 1-4, raised to the TH2 floor 32 (coefficient 1, ruling 5):
    PP4 = Y - X + 1: 32, 32, 30, 29.
    B.1: A2 = 1 (DUPONT alone in S2): %S2 = (A - P + 1) / A = 100 % for DUPONT, and for
    MARTIN, in the S2 band (ruling 1); the two below it have none; weight 2 x 1 (a < 15/2)."""
    from arbitre.app.ranking.models import RankedEvent

    send(officer, EXPORT)
    page = officer.get(f"/federation/epreuves/{RankedEvent.objects.get().pk}/").content.decode()
    assert "4 joueurs, M = 8, D = 2, Y = 2 joueurs des séries 1 à 4." in page
    assert "Poids S2 : 2." in page
    table = page.split('id="figures"')[1].split("</table>")[0]
    rows = [re.findall(r"<td>(.*?)</td>", r) for r in re.findall(r"<tr>(.*?)</tr>", table)[1:]]
    got = {r[1]: (r[0], r[4], r[5], r[6], r[8]) for r in rows}
    assert got == {
        "1000001": ("1", "980", "8", "32", "100,00 (rang 1)"),
        "1000002": ("1", "980", "8", "32", "100,00 (rang 1)"),
        "1000009": ("3", "800", "4", "30", "—"),
        "1000003": ("4", "600", "2", "29", "—"),
    }


def test_event_types_are_named_in_the_pages_language(officer: Client) -> None:
    """On an English page the type's name is the English wording, not the seed's French."""
    send(officer, EXPORT)
    officer.cookies["django_language"] = "en"
    page = officer.get("/federation/saison/").content.decode()
    assert '<option value="TH">TH — Approved tournament (2 games or more)</option>' in page
    assert "<td>TH — Approved tournament (2 games or more)</td>" in page
    assert "Tournoi homologué" not in page
