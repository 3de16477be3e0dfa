"""Guards of the Classic tables (issue 35, item 5), through the Django test client: a clock
outside the usual values is kept with a warning saying why, an impossible one refused with
the engine's reason; the tables' clock changes are in the event's journal with before and
after, worded; an imposed clock is in a friendly game's journal with before and after; a
signed sheet is reopened only with a reason."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.app.rounds.models import AuditEntry, Table
from tests.app_rounds.conftest import messages_of
from tests.app_rounds.test_classic_table_web import (  # noqa: F401 (autouse fixtures)
    act,
    clock,
    code_of,
    ffsc_round,
    lexicon,
    play_game,
)

pytestmark = pytest.mark.django_db


def set_clock(dclient: Client, eid: int, **data: Any) -> list[str]:
    return messages_of(dclient.post(f"/classique/{eid}/pendule/", data, follow=True))


def test_a_twelve_second_credit_is_kept_with_a_warning_and_the_journal_words_it(
    dclient: Client,
) -> None:
    eid, tb = ffsc_round(dclient)
    said = set_clock(dclient, eid, kind="chess", minutes="0,2")
    assert "Pendule des tables enregistrée." in said
    warning = [m for m in said if "hors des valeurs habituelles" in m]
    assert warning and "12 s" in warning[0] and "10 min à 90 min" in warning[0]
    assert not [
        m
        for m in set_clock(dclient, eid, kind="chess", minutes="25")
        if "hors des valeurs habituelles" in m
    ]
    per_move = set_clock(dclient, eid, kind="move", minutes="20", warning="15")
    assert any("Temps par coup : 20 min" in m for m in per_move)
    # impossible: the alarm after the end of the move (001 6.3.1), refused with the reason
    refused = set_clock(dclient, eid, kind="move", minutes="1", warning="90")
    assert "Pendule des tables enregistrée." not in refused and refused
    entries = AuditEntry.objects.filter(action="Pendule des tables").order_by("pk")
    assert entries.count() == 3
    assert entries[1].before == {"pendule": "chess", "secondes": 12, "alarme": 0}
    assert entries[1].after == {"pendule": "chess", "secondes": 1500, "alarme": 0}
    page = dclient.get(f"/classique/{eid}/").content.decode()
    assert "durée (s) : 12 → 1500" in page
    assert "pendule : pendule d&#x27;échecs → minuterie par coup" in page


def test_an_imposed_clock_shows_before_and_after_in_the_friendly_games_journal(
    dclient: Client,
) -> None:
    response = dclient.post(
        "/classique/amicale/",
        {"a": "Éric", "b": "Ana", "profile": "ffsc", "kind": "global", "minutes": "60"},
    )
    assert response.status_code == 302
    code = response["Location"].rstrip("/").rsplit("/", 1)[1]
    url = f"/classique/amicale/{code}/action/"
    assert act(dclient, url, {"kind": "start"}).status_code == 200
    imposed = {"kind": "impose_clock", "clock": "chess", "seconds": 300, "reason": "lent"}
    assert act(dclient, url, imposed).status_code == 200
    page = dclient.get(f"/classique/amicale/{code}/").content.decode()
    assert "crédit-temps global → pendule d&#x27;échecs" in page and "3600 → 300" in page


def test_a_signed_sheet_is_reopened_only_with_a_reason(dclient: Client) -> None:
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    players, arbiter = f"/classique/table/{code}/action/", f"/classique/{eid}/table/{tb.pk}/action/"
    c = Client()
    play_game(c, players)
    assert act(dclient, arbiter, {"kind": "director_end"}).status_code == 200
    for p, rack in ((0, "EEEEEEE"), (1, "BCDFGHJ")):
        declared = act(c, players, {"kind": "declare_rack", "player": p, "tiles": rack})
        assert declared.status_code == 200, declared.content
    for p in (0, 1):
        assert act(c, players, {"kind": "sign", "player": p}).status_code == 200
    tb = Table.objects.get(pk=tb.pk)
    assert tb.entered
    for blank in ("", "   "):
        said = messages_of(
            dclient.post(f"/classique/{eid}/table/{tb.pk}/rouvrir/", {"reason": blank}, follow=True)
        )
        assert any("Donnez la raison de la réouverture" in m for m in said)
    tb.refresh_from_db()
    assert tb.entered  # nothing reopened, the result stands
    assert not AuditEntry.objects.filter(action="Feuille de table rouverte").exists()
    page = dclient.get(f"/classique/{eid}/table/{tb.pk}/").content.decode()
    assert 'name="reason" required' in page
    said = messages_of(
        dclient.post(f"/classique/{eid}/table/{tb.pk}/rouvrir/", {"reason": "erreur"}, follow=True)
    )
    assert "Feuille rouverte : les signatures sont retirées." in said
    assert AuditEntry.objects.get(action="Feuille de table rouverte").reason == "erreur"
