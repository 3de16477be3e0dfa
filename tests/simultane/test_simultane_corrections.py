"""Issue 38: the officer withdraws a centre's upload (kept, shown « retiré » with the reason,
restorable), corrects a player's score for a game or removes the player from the ranking,
each with a reason, audited (who, when, before, after, why); a re-send from the centre does
not undo a correction (it stands, and the centre is told); nothing changes after closing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.federation import services as federation
from arbitre.app.simultane import corrections, merge, publish
from arbitre.app.simultane.models import Centre, Correction, Simultane, SimultaneAudit
from arbitre.app.simultane.publish import PublishRefused
from tests.simultane.uploads import create_simultane, register, results, signed

pytestmark = pytest.mark.django_db

NAMUR = [("101", "DUPONT", [50, 20]), ("102", "MARTIN", [30, 30])]
LIEGE = [("201", "BERNARD", [64, 10]), ("202", "ZOLA", [12, 12])]


@pytest.fixture
def simultane(director: Any) -> Simultane:
    """Two centres whose results arrived: by hand, BERNARD 74, DUPONT 70, MARTIN 60, ZOLA 24
    (eight players in all: no solo)."""
    made = create_simultane()
    register(*NAMUR, *LIEGE)
    for club, players in (("Namur", NAMUR), ("Liège", LIEGE)):
        key = federation.create_token(director, club)
        publish.admit(director, made, club)
        assert upload(key, made, players).status_code == 200
    return Simultane.objects.get()


def upload(key: str, simultane: Simultane, players: list[tuple[str, str, list[int]]]) -> Any:
    return Client().post(
        f"/api/federation/simultanes/{simultane.uid}/resultats/",
        json.dumps(signed(results(simultane.uid, players), key)),
        "application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )


def ranked(simultane: Simultane) -> list[tuple[str, int, int]]:
    return [(m.row.name, m.place, m.row.total) for m in merge.standings(Simultane.objects.get())]


def officer(director: Any) -> Client:
    client = Client()
    client.force_login(director)
    return client


def test_a_withdrawn_centre_leaves_the_standings_is_shown_retire_and_comes_back(
    simultane: Simultane, director: Any
) -> None:
    liege = Centre.objects.get(club="Liège")
    page = f"/federation/simultanes/{simultane.pk}/corrections/"
    client = officer(director)
    client.post(page, {"action": "withdraw", "centre": liege.pk, "reason": "tirage ouvert tôt"})
    assert ranked(simultane) == [("DUPONT", 1, 70), ("MARTIN", 2, 60)]
    public = Client().get(f"/public/simultanes/{simultane.uid}/").content.decode()
    centres = public.split('id="public-centres"')[1].split("</ul>")[0]
    assert "retiré</strong> (tirage ouvert tôt)" in centres
    assert "BERNARD" not in public.split('id="public-standings"')[1]
    entry = SimultaneAudit.objects.get()
    assert (entry.user, entry.target, entry.reason) == (director, "Liège", "tirage ouvert tôt")
    assert (entry.before, entry.after) == ({"classé": True}, {"classé": False})
    client.post(page, {"action": "restore", "centre": liege.pk, "reason": "vérifié"})
    assert [name for name, _, _ in ranked(simultane)] == ["BERNARD", "DUPONT", "MARTIN", "ZOLA"]
    journal = client.get(page).content.decode().split('id="journal"')[1]
    assert "Résultats d&#x27;un centre rétablis au classement" in journal
    assert "vérifié" in journal and "tirage ouvert tôt" in journal


def test_every_change_needs_its_reason(simultane: Simultane, director: Any) -> None:
    liege = Centre.objects.get(club="Liège")
    with pytest.raises(PublishRefused, match="Indiquez le motif"):
        corrections.withdraw(director, liege, "   ")
    answer = officer(director).post(
        f"/federation/simultanes/{simultane.pk}/corrections/",
        {"action": "withdraw", "centre": liege.pk, "reason": ""},
        follow=True,
    )
    assert "Indiquez le motif : il est gardé au journal." in answer.content.decode()
    assert len(ranked(simultane)) == 4 and not SimultaneAudit.objects.exists()


def test_a_corrected_score_changes_the_standings_and_is_audited(
    simultane: Simultane, director: Any
) -> None:
    client = officer(director)
    namur = Centre.objects.get(club="Namur")
    client.post(
        f"/federation/simultanes/{simultane.pk}/corrections/",
        {
            "action": "correct",
            "centre": namur.pk,
            "licence": "102",
            "game": 1,
            "score": 80,
            "reason": "feuille mal reportée",
        },
    )
    assert ranked(simultane) == [
        ("MARTIN", 1, 80),
        ("BERNARD", 2, 74),
        ("DUPONT", 3, 70),
        ("ZOLA", 4, 24),
    ]
    entry = SimultaneAudit.objects.get()
    assert entry.target == "Namur — MARTIN  (102)"
    assert (entry.before, entry.after) == ({"partie": 1, "score": 60}, {"partie": 1, "score": 80})
    assert entry.reason == "feuille mal reportée" and entry.user == director
    # the season's file takes the corrected score too
    from arbitre.app.simultane import season

    line = next(r for r in season.results_text(simultane).splitlines() if "MARTIN" in r)
    assert ";80;80;1;" in line


def test_a_player_removed_from_the_ranking(simultane: Simultane, director: Any) -> None:
    namur = Centre.objects.get(club="Namur")
    corrections.remove_player(director, namur, "101", "a joué deux fois")
    assert [name for name, _, _ in ranked(simultane)] == ["BERNARD", "MARTIN", "ZOLA"]
    with pytest.raises(PublishRefused, match="déjà retiré"):
        corrections.remove_player(director, namur, "101", "encore")
    with pytest.raises(PublishRefused, match="Aucun joueur de licence « 999 »"):
        corrections.correct(director, namur, "999", 1, 10, "inconnu")
    removal = Correction.objects.get()
    corrections.undo(director, removal, "erreur de ma part")
    assert len(ranked(simultane)) == 4
    assert [e.action for e in SimultaneAudit.objects.order_by("pk")] == [
        corrections.REMOVED,
        corrections.UNDONE,
    ]


def test_a_resend_keeps_the_officers_correction_and_the_centre_is_told(
    simultane: Simultane, director: Any
) -> None:
    """Decision: the centre's re-send is merged (its other results may have changed), the
    officer's correction stays applied over it, and the federation's answer, which the
    centre's page shows, says so; only the officer undoes the correction."""
    namur = Centre.objects.get(club="Namur")
    corrections.correct(director, namur, "102", 1, 80, "feuille mal reportée")
    key = federation.create_token(director, "Namur")
    again = [("101", "DUPONT", [50, 25]), ("102", "MARTIN", [30, 30])]
    answer = upload(key, simultane, again)
    assert answer.status_code == 200
    assert answer.json()["reason"] == (
        "Résultats fusionnés : 2 joueurs. "
        "1 correction de l'arbitre fédéral reste appliquée à ces résultats."
    )
    assert ranked(simultane)[:3] == [("MARTIN", 1, 80), ("DUPONT", 2, 75), ("BERNARD", 3, 74)]


def test_a_resend_of_a_withdrawn_centre_stays_withdrawn(
    simultane: Simultane, director: Any
) -> None:
    corrections.withdraw(director, Centre.objects.get(club="Liège"), "tirage ouvert tôt")
    key = federation.create_token(director, "Liège")
    answer = upload(key, simultane, [("201", "BERNARD", [64, 11]), ("202", "ZOLA", [12, 12])])
    assert answer.json()["reason"].endswith(
        "Ce centre reste retiré du classement par l'arbitre fédéral : tirage ouvert tôt."
    )
    assert [name for name, _, _ in ranked(simultane)] == ["DUPONT", "MARTIN"]


def test_nothing_is_corrected_after_closing(simultane: Simultane, director: Any) -> None:
    merge.close(director, simultane)
    namur = Centre.objects.get(club="Namur")
    for change in (
        lambda: corrections.withdraw(director, namur, "trop tard"),
        lambda: corrections.correct(director, namur, "101", 1, 1, "trop tard"),
        lambda: corrections.remove_player(director, namur, "101", "trop tard"),
    ):
        with pytest.raises(PublishRefused, match="Le simultané est clos"):
            change()
    page = officer(director).get(f"/federation/simultanes/{simultane.pk}/corrections/")
    assert 'id="correction-form"' not in page.content.decode()
    assert len(ranked(simultane)) == 4 and not SimultaneAudit.objects.exists()


def test_a_centre_with_results_is_withdrawn_not_deleted(
    simultane: Simultane, director: Any
) -> None:
    liege = Centre.objects.get(club="Liège")
    answer = officer(director).post(
        f"/federation/simultanes/{simultane.pk}/", {"remove": liege.pk}, follow=True
    )
    assert "retirez-les du classement" in answer.content.decode()
    assert Centre.objects.filter(pk=liege.pk).exists() and len(ranked(simultane)) == 4


def test_the_public_list_of_centres_read_as_values_is_the_models_list(
    simultane: Simultane, director: Any
) -> None:
    """The public pages list the centres from four columns (``Centre.objects.listed``),
    not from the models with their uploads: the same items for a centre whose results
    arrived, one withdrawn with its reason, and one awaited, in the same order."""
    from arbitre.app.simultane.tables import public_centres_items

    federation.create_token(director, "Arlon")
    publish.admit(director, simultane, "Arlon")
    corrections.withdraw(director, Centre.objects.get(club="Liège"), "Feuilles <illisibles>")
    centres = Centre.objects.filter(simultane=simultane)
    listed = centres.listed()
    assert [c.club for c in listed] == ["Arlon", "Liège", "Namur"]
    assert public_centres_items(listed) == public_centres_items(list(centres.with_upload()))
    html = str(public_centres_items(listed))
    assert "Feuilles &lt;illisibles&gt;" in html and "2 joueurs" in html
    assert "résultats attendus" in html
