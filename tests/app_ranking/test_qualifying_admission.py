"""Championships with a qualifying phase (issue 33, item 5; seed 002, A.3.2): "En ce qui
concerne les joueurs licenciés hors FFSc et n'ayant pas la nationalité française [...]
soit il s'agit d'épreuves ayant donné lieu à une phase qualificative (Individuel, Vermeil,
Promotion) : dans ce cas ces joueurs, logiquement, ne sont pas admis". Warned at
registration and import, refused at the closure of the phase unless a reason is recorded."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move
from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db

NOT_ADMITTED = "licensed at FBS, nationality BE"  # the engine's words, in French below
WORDS = "licencié à la FBS, nationalité BE : non admis à un championnat CF1"


def texts(response: Any) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def licensees() -> None:
    """1001: licensed in Belgium, Belgian (not admitted); 1003: licensed in Belgium, French
    (admitted, A.3.2); 1005: FFSc licensee, Belgian (admitted, no title); 1007: no
    federation in the file (the FFSc's own file: admitted)."""
    from arbitre.app.ranking.models import Licensee

    for licence, federation, nationality in (
        ("1001", "FBS", "BE"),
        ("1003", "FBS", "FR"),
        ("1005", "FFSC", "BE"),
        ("1007", "", "BE"),
    ):
        Licensee.objects.create(
            licence=licence,
            name=f"JOUEUR{licence[-2:]}",
            series=4,
            highest_series=4,
            federation=federation,
            nationality=nationality,
        )


def test_002_A3_2_registration_and_players_import_warn(event: Any, director: Any) -> None:
    from arbitre.app.duplicate import setup

    licensees()
    event.players.filter(licence__in=["1001", "1003"]).delete()
    d = login("directrice", "Tournoi-2026!")
    add = f"/duplicate/{event.event_id}/joueurs/ajout/"
    # an open event: no warning
    answer = d.post(add, {"licence": "1001", "name": "JOUEUR01"}, follow=True)
    assert not [t for t in texts(answer) if "non admis" in t]
    event.players.filter(licence="1001").delete()
    setup.set_ranking(event, "CF1", False, director)
    answer = d.post(add, {"licence": "1001", "name": "JOUEUR01"}, follow=True)
    warned = [t for t in texts(answer) if "non admis" in t]
    assert len(warned) == 1 and WORDS in warned[0] and "1001" in warned[0]
    assert event.players.filter(licence="1001").exists()  # warned, still registered
    answer = d.post(add, {"licence": "1003", "name": "JOUEUR03"}, follow=True)
    assert not [t for t in texts(answer) if "non admis" in t]  # French: admitted
    event.players.filter(licence__in=["1001", "1003"]).delete()
    data = b"licence;nom;table\n1001;JOUEUR01;21\n1003;JOUEUR03;22\n"
    file = SimpleUploadedFile("joueurs.csv", data, content_type="text/csv")
    answer = d.post(f"/duplicate/{event.event_id}/joueurs/import/", {"file": file}, follow=True)
    warned = [t for t in texts(answer) if "non admis" in t]
    assert len(warned) == 1 and "1001" in warned[0]


def test_002_A3_2_the_closure_refuses_unless_a_reason_is_recorded(
    event: Any, director: Any
) -> None:
    from arbitre.app.ranking.models import RankedEvent, RankingAudit

    licensees()
    play_first_move(event, director)
    d = login("directrice", "Tournoi-2026!")
    url = f"/federation/duplicate/{event.event_id}/cloture/"
    answer = confirmed(d, d.post(url, {"type_code": "CF1"}, follow=True))
    assert not RankedEvent.objects.exists()
    said = texts(answer)
    assert any("Clôture refusée : 1 joueur(s) non admis à ce championnat" in t for t in said)
    assert sum(WORDS in t for t in said) == 1
    # an open championship (pairs, blitz...) or another event admits them (A.3.2)
    confirmed(d, d.post(url, {"type_code": "SF"}))
    assert RankedEvent.objects.get().type_code == "SF"
    confirmed(d, d.post(url, {"type_code": "CF1", "reason": "Dérogation de la commission"}))
    ranked = RankedEvent.objects.get()
    assert ranked.type_code == "CF1" and ranked.rows.filter(licence="1001").exists()
    record = RankingAudit.objects.get(action="Joueurs non admis maintenus avec un motif")
    assert record.reason == "Dérogation de la commission"
    assert record.after == {"licences": ["1001"]}


def test_002_A3_2_the_results_import_warns(event: Any, director: Any) -> None:
    from arbitre.app.ranking.models import RankedEvent

    licensees()
    text = (
        "place;licence;nom\r\n1;1001;JOUEUR01\r\n2;1003;JOUEUR03\r\n3;1005;JOUEUR05\r\n"
        "4;1007;JOUEUR07\r\n"
    )
    mapping = '[columns]\nplace = "place"\nlicence = "licence"\nname = "nom"\n'
    d = login("directrice", "Tournoi-2026!")
    file = SimpleUploadedFile("cf1.csv", text.encode(), content_type="text/csv")
    answer = confirmed(
        d,
        d.post(
            "/federation/saison/",
            {
                "file": file,
                "name": "Championnat de France, phase 1",
                "mapping": mapping,
                "type_code": "CF1",
                "games": 3,
                "date": "2026-11-22",
            },
            follow=True,
        ),
    )
    assert RankedEvent.objects.get().rows.count() == 4  # warned, stored
    warned = [t for t in texts(answer) if "non admis" in t]
    assert len(warned) == 1 and WORDS in warned[0]
