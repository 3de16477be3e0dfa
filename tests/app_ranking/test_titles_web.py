"""Titles and podiums at an event of the season (issue 20, part 5; seed 002 A.3, A.4)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db

LICENSEES = (
    "licence;nom;prenom;serie;nationalite;categorie\r\n"
    "1000001;DUPONT;Ana;2A;FR;V\r\n"
    "1000002;MARTIN;Léo;4B;FR;V\r\n"
    "1000003;DURAND;Éloïse;6A;FR;S\r\n"
    "2000004;PEETERS;Jan;3A;BE;S\r\n"
)
HEADER = "table;licence;nom;prenom;club;serie;TH1;TH2;total;rang;categorie;tops_perdus;type;parties;date\r\n"


def export(leo_tops: int) -> str:
    return HEADER + (
        "1;2000004;PEETERS;Jan;Bruxelles;3A;500;490;990;1;S;2;TH;2;2014-03-08\r\n"
        "2;1000001;DUPONT;Ana;Vichy;2A;500;480;980;2ex;V;3;TH;2;2014-03-08\r\n"
        f"3;1000002;MARTIN;Léo;Cannes;4B;490;490;980;2ex;V;{leo_tops};TH;2;2014-03-08\r\n"
        "4;1000003;DURAND;Éloïse;Vichy;6A;300;300;600;4;S;12;TH;2;2014-03-08\r\n"
    )


@pytest.fixture
def officer() -> Client:
    from arbitre.app.events.accounts import create_director

    create_director("federation", "Classement-2026!")
    client = Client()
    client.force_login(get_user_model().objects.get(username="federation"))
    confirmed(
        client,
        client.post(
            "/federation/licencies/",
            {"file": SimpleUploadedFile("licencies.csv", LICENSEES.encode("utf-8"))},
        ),
    )
    return client


def imported(client: Client, text: str) -> Any:
    from arbitre.app.ranking.models import RankedEvent

    confirmed(
        client,
        client.post(
            "/federation/saison/",
            {
                "action": "import",
                "name": "Open",
                "file": SimpleUploadedFile("r.csv", text.encode()),
            },
        ),
    )
    return RankedEvent.objects.latest("id")


def podium(page: str, key: str) -> list[tuple[str, str]]:
    """(rank, player) rows of one title's podium."""
    import re

    section = page.split(f'id="title-{key}"')[1].split("</section>")[0]
    rows = re.findall(r"<tr><td>(\d)</td><td>[^<]*</td><td>([^<]*)</td></tr>", section)
    return [(rank, who.split(" (")[0]) for rank, who in rows]


def test_002_A4_a_tie_stays_ex_aequo_outside_the_listed_titles(officer: Client) -> None:
    ev = imported(officer, export(5))
    page = officer.get(f"/federation/epreuves/{ev.pk}/titres/").content.decode()
    assert podium(page, "overall") == [
        ("1", "PEETERS Jan"),
        ("2", "DUPONT Ana"),
        ("2", "MARTIN Léo"),
    ]
    assert podium(page, "categoryv") == [("1", "DUPONT Ana"), ("1", "MARTIN Léo")]


def test_002_A4_national_title_to_nationals_then_fewest_tops_lost(officer: Client) -> None:
    """Championnat de France individuel: the Belgian is left out of the national podium
    (A.3.2), Ana (3 tops lost) beats Léo (5) for the title (A.4); the series titles are
    never tie-broken and each series has its own (A.4)."""
    ev = imported(officer, export(5))
    url = f"/federation/epreuves/{ev.pk}/titres/"
    form = {"action": "settings", "championship": "individual", "national": "on", "country": "fr"}
    page = officer.post(url, form, follow=True).content.decode()
    assert podium(page, "overall") == [
        ("1", "DUPONT Ana"),
        ("2", "MARTIN Léo"),
        ("3", "DURAND Éloïse"),
    ]
    assert "PEETERS" in page.split('id="title-overall"')[1].split("</section>")[0]  # the note
    assert podium(page, "s4") == [("1", "MARTIN Léo")]
    assert podium(page, "s3") == []  # S3's only player is not French


def test_002_A4_playoff_recorded_when_tops_lost_are_level(officer: Client) -> None:
    from arbitre.app.ranking.models import RankingAudit

    ev = imported(officer, export(3))
    url = f"/federation/epreuves/{ev.pk}/titres/"
    form = {"action": "settings", "championship": "individual", "national": "on", "country": "FR"}
    page = officer.post(url, form, follow=True).content.decode()
    assert podium(page, "overall")[:2] == [("1", "DUPONT Ana"), ("1", "MARTIN Léo")]
    assert 'name="winner"' in page
    page = officer.post(
        url,
        {"action": "decide", "title": "overall", "decider": "playoff", "winner": "1000002"},
        follow=True,
    ).content.decode()
    assert podium(page, "overall")[:2] == [("1", "MARTIN Léo"), ("2", "DUPONT Ana")]
    assert RankingAudit.objects.filter(action="Titre départagé").count() == 1
    # a decision for a title without a tie is refused, nothing recorded
    officer.post(
        url,
        {"action": "decide", "title": "S2", "decider": "lots", "winner": "1000001"},
        follow=True,
    )
    assert RankingAudit.objects.filter(action="Titre départagé").count() == 1
