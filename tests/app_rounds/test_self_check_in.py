"""Player self check-in from a phone (issue 21, part 3): each player declares only themselves
(their licence must match), the director confirms, the page closes when round 1 is paired,
and the hall's QR code leads there until then."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.rounds.checkin import MAX_FAILURES
from arbitre.app.rounds.models import AuditEntry, Entrant, Tournament
from tests.app_rounds.conftest import create_event, import_csv

pytestmark = pytest.mark.django_db

PLAYERS = (
    "nom,classement,club,licence\n"
    "Émile Zola,1500,Paris,12345\n"
    "Anne Martin,1400,Namur,AB-77\n"
    "Zoé Leroy,1300,Liège,\n"
    "Bruno Petit,1200,Mons,55555\n"
)


@pytest.fixture
def event(dclient: Client) -> dict[str, Any]:
    pk = create_event(dclient, "classique")
    import_csv(dclient, pk, PLAYERS)
    ids = {e.name: e.pk for e in Entrant.objects.filter(tournament__event_id=pk)}
    return {"pk": pk, "ids": ids, "page": f"/public/classique/{pk}/pointage/"}


def declare(event: dict[str, Any], name: str, licence: str) -> str:
    """A phone with no account posts the form; the page it lands on."""
    response = Client().post(
        event["page"], {"entrant": event["ids"][name], "licence": licence}, follow=True
    )
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def entrant(event: dict[str, Any], name: str) -> Entrant:
    return Entrant.objects.get(pk=event["ids"][name])


def test_a_player_declares_themselves_with_their_licence_and_the_director_sees_it_ticked(
    event: dict[str, Any], dclient: Client
) -> None:
    form = Client().get(event["page"]).content.decode()
    # names in French order: Émile sorts with E, before Z
    assert form.index("Anne Martin") < form.index("Émile Zola") < form.index("Zoé Leroy")
    page = declare(event, "Anne Martin", " ab 77 ")  # spaces, case and dash do not matter
    assert "votre présence est déclarée" in page
    anne = entrant(event, "Anne Martin")
    assert anne.self_checked_in_at is not None and not anne.checked_in
    # once declared, the name leaves the list
    assert "Anne Martin" not in Client().get(event["page"]).content.decode()
    detail = dclient.get(f"/classique/{event['pk']}/").content.decode()
    row = detail[detail.index(f'data-entrant="{anne.pk}"') :]
    row = row[: row.index("</tr>")]
    assert "checked" in row and "à confirmer" in row
    tournament = Tournament.objects.get(event_id=event["pk"])
    assert AuditEntry.objects.filter(
        tournament=tournament, action="Pointage déclaré par le joueur", target="Anne Martin"
    ).exists()


def test_the_directors_confirmation_keeps_the_ticked_and_clears_the_turned_down(
    event: dict[str, Any], dclient: Client
) -> None:
    declare(event, "Anne Martin", "AB77")
    declare(event, "Émile Zola", "12345")
    # the director confirms Anne and Bruno; Émile's declaration is turned down
    present = [event["ids"]["Anne Martin"], event["ids"]["Bruno Petit"]]
    dclient.post(f"/classique/{event['pk']}/pointage/", {"present": present})
    assert entrant(event, "Anne Martin").checked_in
    assert entrant(event, "Bruno Petit").checked_in
    emile = entrant(event, "Émile Zola")
    assert not emile.checked_in and emile.self_checked_in_at is None
    # turned down, Émile may declare again (the list shows him)
    assert "Émile Zola" in Client().get(event["page"]).content.decode()


def test_a_wrong_licence_is_refused_and_five_lock_the_name(event: dict[str, Any]) -> None:
    page = declare(event, "Bruno Petit", "12345")  # Émile's licence, not Bruno's
    assert "Licence erronée pour Bruno Petit" in page
    assert entrant(event, "Bruno Petit").self_checked_in_at is None
    for _ in range(MAX_FAILURES - 1):
        declare(event, "Bruno Petit", "00000")
    page = declare(event, "Bruno Petit", "55555")  # right, but too late
    assert "Trop d'essais pour Bruno Petit" in page and "directeur" in page
    bruno = entrant(event, "Bruno Petit")
    assert bruno.self_checked_in_at is None and bruno.self_check_in_failures == MAX_FAILURES
    refusals = AuditEntry.objects.filter(action="Pointage par le joueur refusé", target=bruno.name)
    assert refusals.count() == MAX_FAILURES


def test_a_player_with_no_licence_on_record_is_sent_to_the_director(
    event: dict[str, Any],
) -> None:
    page = declare(event, "Zoé Leroy", "")
    assert "Aucune licence n'est enregistrée pour Zoé Leroy" in page
    assert entrant(event, "Zoé Leroy").self_checked_in_at is None


def test_a_bad_request_is_refused_with_a_message_and_changes_nothing(
    event: dict[str, Any],
) -> None:
    response = Client().post(event["page"], {"entrant": "x", "licence": "1"}, follow=True)
    assert "Choisissez votre nom dans la liste." in response.content.decode()
    other = Client().post(event["page"], {"entrant": "999999", "licence": "1"}, follow=True)
    assert "Choisissez votre nom dans la liste." in other.content.decode()
    assert not Entrant.objects.filter(self_checked_in_at__isnull=False).exists()


def test_check_in_closes_when_round_1_is_paired_and_the_hall_qr_moves_to_the_standings(
    event: dict[str, Any], dclient: Client
) -> None:
    pk = event["pk"]
    hall = Client().get(f"/public/classique/{pk}/salle/").content.decode()
    assert "Pointez-vous sur votre téléphone" in hall and f"/classique/{pk}/pointage/" in hall
    state = json.loads(Client().get(f"/public/classique/{pk}/salle.json").content)
    assert state["frame"] == "checkin"
    public = Client().get(f"/public/classique/{pk}/").content.decode()
    assert 'id="self-checkin"' in public

    dclient.post(f"/classique/{pk}/pointage/", {"present": list(event["ids"].values())})
    dclient.post(f"/classique/{pk}/apparier/")
    assert Tournament.objects.get(event_id=pk).round_set.count() == 1

    page = declare(event, "Anne Martin", "AB77")
    assert "Le pointage est clos" in page and 'id="self-checkin-form"' not in page
    hall = Client().get(f"/public/classique/{pk}/salle/").content.decode()
    assert "Suivez en direct sur votre téléphone" in hall and "/pointage/" not in hall
    state = json.loads(Client().get(f"/public/classique/{pk}/salle.json").content)
    assert state["frame"] == "live"
    assert 'id="self-checkin"' not in Client().get(f"/public/classique/{pk}/").content.decode()


def test_backgammon_events_have_the_same_page(dclient: Client) -> None:
    pk = create_event(dclient, "backgammon")
    import_csv(dclient, pk, "nom,classement,club,licence\nAnne Martin,1400,Namur,777\n")
    e = Entrant.objects.get(tournament__event_id=pk)
    response = Client().post(
        f"/public/backgammon/{pk}/pointage/", {"entrant": e.pk, "licence": "777"}, follow=True
    )
    assert "votre présence est déclarée" in response.content.decode()
    e.refresh_from_db()
    assert e.self_checked_in_at is not None
