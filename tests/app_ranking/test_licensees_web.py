"""The federation's licensees in the web application (issue 20, part 1): the import of the
licensee file (every bad row by line, nothing stored until clean, the audit log) and the
search by name, licence or club."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db

GOOD = (
    "Licence;Nom;Prénom;Club;Série;Palier;Meilleure série;S1 à vie;Nationalité;Email\r\n"
    "1000001;DUPONT;Ana;Vichy;1;A;1;oui;FR;a@x.fr\r\n"
    "1000002;MARTIN;Léo;Cannes;4;B;3;;BE;\r\n"
    "1000003;DURAND;Éloïse;Vichy;6;D;;;FR;\r\n"
)


@pytest.fixture
def manager() -> Client:
    from arbitre.app.events.accounts import create_director

    create_director("federation", "Classement-2026!")
    client = Client()
    client.force_login(get_user_model().objects.get(username="federation"))
    return client


def upload(client: Client, text: str, encoding: str = "latin-1") -> Any:
    return confirmed(
        client,
        client.post(
            "/federation/licencies/",
            {"file": SimpleUploadedFile("licencies.csv", text.encode(encoding))},
            follow=True,
        ),
    )


def test_import_then_reimport_updates_by_licence_with_the_audit_log(manager: Client) -> None:
    from arbitre.app.ranking.models import Licensee, RankingAudit

    page = upload(manager, GOOD).content.decode()
    assert "Licenciés importés : 3 nouveaux, 0 modifiés, 0 inchangés." in page
    ana = Licensee.objects.get(licence="1000001")
    assert (ana.first_name, ana.series, ana.tier, ana.s1_for_life, ana.nationality) == (
        "Ana",
        1,
        "A",
        True,
        "FR",
    )
    assert Licensee.objects.get(licence="1000002").highest_series == 3
    changed = GOOD.replace("1000002;MARTIN;Léo;Cannes;4;B", "1000002;MARTIN;Léo;Nice;4;A")
    page = upload(manager, changed, "utf-8").content.decode()
    assert "Licenciés importés : 0 nouveaux, 1 modifiés, 2 inchangés." in page
    assert Licensee.objects.get(licence="1000002").club == "Nice"
    log = list(
        RankingAudit.objects.filter(action="Fichier des licenciés importé").order_by("at", "id")
    )
    assert [(a.action, a.target, a.after["updated"]) for a in log] == [
        ("Fichier des licenciés importé", "licencies.csv", 0),
        ("Fichier des licenciés importé", "licencies.csv", 1),
    ]
    assert log[0].user.username == "federation"


def test_a_bad_file_is_refused_by_line_and_nothing_is_stored(manager: Client) -> None:
    from arbitre.app.ranking.models import Licensee, RankingAudit

    bad = GOOD + "12x;X;x;;3;;;;FR;\r\n1000005;Y;y;;5;;3;;FR;\r\n"
    page = upload(manager, bad).content.decode()
    assert "Import refusé, rien n&#x27;est enregistré : 2 ligne(s) à corriger." in page
    assert "ligne 5 : licence « 12x » : un numéro de licence est fait de chiffres" in page
    assert "ligne 6 : la série 5 est sous le plancher à vie S4" in page
    assert Licensee.objects.count() == 0 and RankingAudit.objects.count() == 0


def test_search_by_name_licence_or_club(manager: Client) -> None:
    upload(manager, GOOD)

    def found(q: str) -> list[str]:
        page = manager.get("/federation/licencies/", {"q": q}).content.decode()
        return [lic for lic in ("1000001", "1000002", "1000003") if f">{lic}</a></td>" in page]

    assert found("") == ["1000001", "1000002", "1000003"]
    assert found("martin") == ["1000002"]
    assert found("1000003") == ["1000003"]
    assert found("vichy") == ["1000001", "1000003"]
    assert found("vichy ana") == ["1000001"]
    assert found("personne") == []


def test_the_page_in_english(manager: Client) -> None:
    upload(manager, GOOD)
    manager.post("/langue/", {"language": "en", "next": "/"})
    page = manager.get("/federation/licencies/").content.decode()
    assert "<h1>The federation's licensees</h1>" in page and "3 licensees saved." in page
    assert "S1 for life" in page and "Licensee file imported" in page


def test_002_A1_edit_a_licensee_with_the_audit_log(manager: Client) -> None:
    from arbitre.app.ranking.models import Licensee, RankingAudit

    upload(manager, GOOD)
    url = "/federation/licencies/1000002/"
    page = manager.get(url).content.decode()
    assert 'value="MARTIN"' in page and "Aucune modification enregistrée." in page
    form = {
        "name": "MARTIN",
        "first_name": "Léo",
        "club": "Nice",
        "committee": "Côte d'Azur",
        "birth_date": "1970-05-12",
        "category": "v",
        "nationality": "be",
        "federation": "FFSC",
        "series": "4",
        "tier": "a",
        "highest_series": "3",
        "first_season": "2001",
        "affiliated": "on",
        "reason": "Mutation de club",
    }
    page = manager.post(url, form, follow=True).content.decode()
    assert "Licencié modifié." in page
    leo = Licensee.objects.get(licence="1000002")
    assert (leo.club, leo.tier, leo.nationality, leo.category, leo.birth_date.year) == (
        "Nice",
        "A",
        "BE",
        "V",
        1970,
    )
    (entry,) = RankingAudit.objects.filter(action="Licencié modifié")
    assert entry.before["club"] == "Cannes" and entry.after["club"] == "Nice"
    assert entry.before["tier"] == "B" and entry.after["tier"] == "A"
    assert "name" not in entry.after and entry.reason == "Mutation de club"
    assert "Cannes → Nice" in page and "Mutation de club" in page
    # the same values again: nothing changes, nothing logged
    page = manager.post(url, form, follow=True).content.decode()
    assert "Aucune modification." in page
    assert RankingAudit.objects.filter(action="Licencié modifié").count() == 1


def test_002_A1_an_edit_below_the_lifetime_floor_is_refused(manager: Client) -> None:
    """Once S3, never below S4 (002 A.1): S5 is refused; a tier S4 does not have too."""
    from arbitre.app.ranking.models import Licensee, RankingAudit

    upload(manager, GOOD)
    form = {"name": "MARTIN", "series": "5", "tier": "A", "highest_series": "3", "affiliated": "on"}
    response = manager.post("/federation/licencies/1000002/", form)
    page = response.content.decode()
    assert response.status_code == 400
    assert "la série 5 est sous le plancher à vie S4" in page
    form.update(series="4", tier="E")
    page = manager.post("/federation/licencies/1000002/", form).content.decode()
    assert "la série 4 n&#x27;a pas de palier E" in page
    assert Licensee.objects.get(licence="1000002").series == 4
    assert not RankingAudit.objects.filter(action="Licencié modifié").exists()


def test_the_ranking_officer_group_and_nobody_else(manager: Client) -> None:
    from django.contrib.auth.models import Group

    from arbitre.app.ranking.officers import OFFICER_GROUP

    upload(manager, GOOD)
    users = get_user_model().objects
    officer = users.create_user("officier", password="x")
    officer.groups.add(Group.objects.get_or_create(name=OFFICER_GROUP)[0])
    other = users.create_user("autre", password="x")
    client = Client()
    client.force_login(officer)
    assert client.get("/federation/licencies/1000002/").status_code == 200
    client.force_login(other)
    assert client.get("/federation/licencies/1000002/").status_code == 403
    assert Client().get("/federation/licencies/1000002/").status_code == 302


def test_002_A1_reimport_keeps_the_floor_held(manager: Client) -> None:
    from arbitre.app.ranking.models import Licensee

    upload(manager, GOOD)
    # Léo once S3 (file: best S3); next season's file forgets it and puts him in S5
    later = GOOD.replace(
        "1000002;MARTIN;Léo;Cannes;4;B;3;;BE;", "1000002;MARTIN;Léo;Cannes;5;A;;;BE;"
    )
    page = upload(manager, later).content.decode()
    assert "ligne 3 : la série 5 est sous le plancher à vie S4" in page
    assert Licensee.objects.get(licence="1000002").series == 4
    ok = GOOD.replace(
        "1000002;MARTIN;Léo;Cannes;4;B;3;;BE;", "1000002;MARTIN;Léo;Cannes;4;A;4;;BE;"
    )
    upload(manager, ok)
    assert Licensee.objects.get(licence="1000002").highest_series == 3  # kept
