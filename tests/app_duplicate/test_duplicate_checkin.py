"""Duplicate check-in (issue 35, item 1): the director's list and the players' self
check-in from a phone, with the server's checks: the licence must be the player's own (the
identity check shared with Classic and backgammon), a few wrong tries send the player to the
chief arbiter, and the check-in closes when game 1 begins (seed 004, 5.1: a player who
arrives then is late)."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import checkin, presence, services, setup
from arbitre.app.duplicate.models import AuditEntry, Presence, Registration
from arbitre.app.events.selfcheckin import MAX_FAILURES
from tests.app_duplicate.test_duplicate_web_flow import login

pytestmark = pytest.mark.django_db


def _player(dup: Any, licence: str) -> Registration:
    return Registration.objects.get(duplicate=dup, licence=licence)


def _declare(client: Client, dup: Any, licence: str, typed: str) -> str:
    url = f"/public/duplicate/{dup.event_id}/pointage/"
    answer = client.post(url, {"entrant": _player(dup, licence).pk, "licence": typed}, follow=True)
    return html.unescape(answer.content.decode())


def test_a_player_declares_themselves_with_their_own_licence(event: Any) -> None:
    phone = Client()  # no login: the page is public
    page = phone.get(f"/public/duplicate/{event.event_id}/pointage/").content.decode()
    assert 'id="self-checkin-form"' in page and "JOUEUR01 Test" in page
    answer = _declare(phone, event, "1004", " 10-04 ")  # spaces and dashes as on a phone
    assert "Merci, JOUEUR04 Test : votre présence est déclarée." in answer
    assert checkin.state(Presence.objects.get(registration=_player(event, "1004"))) == "declared"
    # declared: no longer offered, and a second declaration is refused
    assert ">JOUEUR04 Test<" not in answer
    assert AuditEntry.objects.filter(action="Pointage déclaré par le joueur").count() == 1


def test_a_wrong_licence_is_refused_and_counted_until_the_chief_arbiter(event: Any) -> None:
    phone = Client()
    answer = _declare(phone, event, "1005", "1006")  # another player's licence
    assert "Licence erronée pour JOUEUR05 Test" in answer
    for _ in range(MAX_FAILURES - 2):
        _declare(phone, event, "1005", "9999")
    answer = _declare(phone, event, "1005", "9999")
    assert "Licence erronée. Présentez-vous au juge-arbitre." in answer
    # even the right licence is refused now: only the director checks them in
    answer = _declare(phone, event, "1005", "1005")
    assert "Trop d'essais pour JOUEUR05 Test. Présentez-vous au juge-arbitre." in answer
    presence = Presence.objects.get(registration=_player(event, "1005"))
    assert presence.failures == MAX_FAILURES and presence.declared_at is None
    refused = AuditEntry.objects.filter(action="Pointage par le joueur refusé")
    assert refused.count() == MAX_FAILURES


def test_the_director_confirms_present_and_absent_players(event: Any, director: Any) -> None:
    checkin.declare(event, _player(event, "1001").pk, "1001")
    d = login("directrice", "Tournoi-2026!")
    page = d.get(f"/duplicate/{event.event_id}/pointage/").content.decode()
    assert "20 inscrits : 0 présents, 1 déclarés à confirmer, 0 absents, 19 non pointés." in page
    assert 'id="checkin-search"' in page and 'id="checkin-qr"' in page
    assert f"/public/duplicate/{event.event_id}/pointage/" in page
    present = [p.pk for p in event.players.all() if p.licence not in ("1019", "1020")]
    answer = d.post(
        f"/duplicate/{event.event_id}/pointage/",
        {"action": "confirm", "present": present},
        follow=True,
    ).content.decode()
    assert "Pointage enregistré : 18 présents, 2 absents." in answer
    assert "20 inscrits : 18 présents, 0 déclarés à confirmer, 2 absents, 0 non pointés." in answer
    assert presence.present_ids(event) == set(present)
    logged = AuditEntry.objects.get(action="Pointage")
    assert logged.before == [] and len(logged.after) == 18 and logged.user == director


def test_the_list_is_in_french_order(event: Any, director: Any) -> None:
    for licence, name in (("1001", "ZOLA"), ("1002", "ÉLUARD"), ("1003", "ŒHLER"), ("1004", "EVA")):
        Registration.objects.filter(duplicate=event, licence=licence).update(name=name)
    names = [row.player.name for row in checkin.rows(event)]
    # French order (accents and ligatures apart): ÉLUARD, EVA ... ŒHLER ... ZOLA last
    assert names.index("ÉLUARD") < names.index("EVA") < names.index("JOUEUR05")
    assert names.index("JOUEUR20") < names.index("ŒHLER") < names.index("ZOLA") == 19


def test_the_check_in_closes_when_game_1_begins(event: Any, director: Any) -> None:
    game = event.games.get(number=1)
    services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE")
    assert not checkin.is_open(event)
    phone = Client()
    page = phone.get(f"/public/duplicate/{event.event_id}/pointage/").content.decode()
    assert 'id="checkin-closed"' in page and 'id="self-checkin-form"' not in page
    answer = _declare(phone, event, "1002", "1002")
    assert "Le pointage est clos : la partie 1 est commencée." in answer
    with pytest.raises(services.ServiceError, match="le pointage est clos"):
        checkin.confirm(event, {_player(event, "1002").pk}, director)
    assert not Presence.objects.filter(declared_at__isnull=False).exists()


def test_a_withdrawn_player_is_neither_listed_nor_offered(event: Any, director: Any) -> None:
    reg = _player(event, "1007")
    setup.withdraw_player(event, reg, 1, 1, "malade", director)
    assert reg not in checkin.candidates(event)
    assert reg.pk not in {row.player.pk for row in checkin.rows(event)}
    with pytest.raises(services.ServiceError, match="Choisissez votre nom"):
        checkin.declare(event, reg.pk, "1007")
    with pytest.raises(services.ServiceError, match="Joueur inconnu"):
        checkin.confirm(event, {reg.pk}, director)


def test_a_player_marked_absent_who_comes_after_all_can_declare(event: Any, director: Any) -> None:
    checkin.confirm(event, set(), director)
    assert checkin.state(Presence.objects.get(registration=_player(event, "1003"))) == "absent"
    checkin.declare(event, _player(event, "1003").pk, "1003")
    assert checkin.state(Presence.objects.get(registration=_player(event, "1003"))) == "declared"
