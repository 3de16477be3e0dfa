"""Seed 003, 3.16 at a backgammon table (issue 33): "Si l'un des deux joueurs s'aperçoit
d'une erreur dans la position initiale des pions, il peut la corriger avant le quatrième
lancer de dés de la partie." The director or an arbiter corrects the game in progress in
the record kept at the table's tablet; the correction shows in the table's .mat and in the
audit log; from the fourth roll on it is refused, in French, citing the article."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import F
from django.test import Client

from arbitre.app.rounds.models import AuditEntry, Table, TableLog
from arbitre.backgammon.board import Position
from arbitre.backgammon.ids import START_POSITION_ID, position_id
from arbitre.backgammon.mat import import_mat
from tests.app_rounds.conftest import messages_of
from tests.app_rounds.test_backgammon_clock import clock, press  # noqa: F401 - clock: autouse
from tests.app_rounds.test_backgammon_clock_results import open_clock, state
from tests.app_rounds.test_backgammon_web import pair, setup_event, tables

pytestmark = pytest.mark.django_db

ACTION = "Position de départ corrigée (art. 3.16)"
# Hand-counted from the standard start: A played 31 as 8/5 6/5, B 52 as 13/11 13/8; A on roll.
A_AFTER = {24: 2, 13: 5, 8: 2, 6: 4, 5: 2}
B_AFTER = {24: 2, 13: 3, 11: 1, 8: 4, 6: 5}


def _table(client: Client) -> tuple[int, Table, str]:
    eid = setup_event(client, match_length=7)
    pair(client, eid)
    tb = tables(1)[0]
    return eid, tb, open_clock(client, eid, tb)


def _cells(client: Client, url: str, cells: list[tuple[int, str]]) -> None:
    for n, (player, text) in enumerate(cells):
        done = press(client, url, f"c{n}", kind="record", player=player, cell=text, at=1)
        assert done.status_code == 200, done.content


WRONG_START = [
    (0, "; 3.17 player 1: -8 +7"),  # A's start was wrong: a checker of her 8 point on her 7
    (0, "31: 8/5 6/5"),
    (1, "52: 13/11 13/8"),
]


def _correct(client: Client, eid: int, tb: Table, **data: Any) -> list[str]:
    url = f"/backgammon/{eid}/table/{tb.pk}/depart/"
    return messages_of(client.post(url, data, follow=True))


def test_003_3_16_the_standard_start_restored_before_the_fourth_roll(
    dclient: Client, aclient: Client, arbiter: Any
) -> None:
    """Two rolls made: an arbiter restores the standard start; the moves played stay, the
    record (the table's .mat) holds the corrected board where it was corrected, and the
    audit log says who did it, the board before and after."""
    from arbitre.app.events.roles import ARBITER, grant

    eid, tb, url = _table(dclient)
    grant(eid, arbiter, ARBITER)
    _cells(dclient, url, WRONG_START)
    page = aclient.get(f"/backgammon/{eid}/table/{tb.pk}/depart/").content.decode()
    assert 'id="start-correction-form"' in page and "Lancers de dés faits" in page
    said = _correct(aclient, eid, tb, choice="standard")
    expected = Position.from_points(A_AFTER, B_AFTER)
    assert said[-1] == f"Position de départ corrigée (art. 3.16) : {position_id(expected)}."
    tb.refresh_from_db()
    assert f"; 3.16 position {position_id(expected)}" in tb.mat
    record = import_mat(tb.mat, complete=False)
    assert record.position == expected and record.player_on_roll == 0
    assert f"; 3.16 position {position_id(expected)}" in state(aclient, url)["record"]
    entry = AuditEntry.objects.get(action=ACTION)
    assert entry.user is not None and entry.user.username == "arbitre"
    assert entry.after["position"] == position_id(expected)
    assert entry.target == f"ronde 1, table {tb.number}"
    # the game goes on from the corrected board
    _cells(aclient, url, [(0, "43: 24/20 13/10")])


def test_003_3_16_refused_from_the_fourth_roll_on(dclient: Client) -> None:
    """Four moves played, four rolls made: the correction is refused in French with the
    article; nothing is written, nothing audited."""
    eid, tb, url = _table(dclient)
    _cells(dclient, url, [*WRONG_START, (0, "43: 24/20 13/10"), (1, "61: 13/7 8/7")])
    events = len(TableLog.objects.get(table=tb).events)
    said = _correct(dclient, eid, tb, choice="standard")
    assert "quatrième lancer de dés" in said[-1] and "art. 3.16" in said[-1]
    assert "4 lancers" in said[-1]
    assert len(TableLog.objects.get(table=tb).events) == events
    assert not AuditEntry.objects.filter(action=ACTION).exists()
    tb.refresh_from_db()
    assert "3.16" not in tb.mat


def test_003_3_16_a_board_typed_as_a_gnubg_position_id(dclient: Client) -> None:
    """The director may type the corrected board; an ID that is no position, or none, is
    refused in French and nothing is written."""
    eid, tb, url = _table(dclient)
    _cells(dclient, url, WRONG_START[1:])
    events = len(TableLog.objects.get(table=tb).events)
    assert "identifiant" in _correct(dclient, eid, tb, choice="position", position="")[-1]
    bad = _correct(dclient, eid, tb, choice="position", position="pas-un-id")[-1]
    assert "gnubg" in bad or "Position ID" in bad or "identifiant" in bad.lower()
    assert len(TableLog.objects.get(table=tb).events) == events
    said = _correct(dclient, eid, tb, choice="position", position=START_POSITION_ID)
    assert said[-1].endswith(f"{START_POSITION_ID}.")
    tb.refresh_from_db()
    assert import_mat(tb.mat, complete=False).position == Position.initial()


def test_003_3_16_without_a_record_at_the_table_nothing_to_correct(dclient: Client) -> None:
    eid, tb, _ = _table(dclient)
    page = dclient.get(f"/backgammon/{eid}/table/{tb.pk}/depart/").content.decode()
    assert 'id="start-no-record"' in page
    said = _correct(dclient, eid, tb, choice="standard")
    assert "Aucune feuille de match" in said[-1]
    assert not AuditEntry.objects.filter(action=ACTION).exists()


def test_the_correction_page_is_the_arbiters_not_the_players(dclient: Client) -> None:
    """The clock page of the arbiters links to it; the players' page (their table's code)
    does not, and the page itself needs an account."""
    eid, tb, url = _table(dclient)
    assert 'id="start-correction-link"' in dclient.get(url).content.decode()
    code = TableLog.objects.get(table=tb).code
    assert (
        'id="start-correction-link"'
        not in Client().get(f"/backgammon/table/{code}/").content.decode()
    )
    anonymous = Client().post(f"/backgammon/{eid}/table/{tb.pk}/depart/", {"choice": "standard"})
    assert anonymous.status_code in (302, 403)
    assert not AuditEntry.objects.filter(action=ACTION).exists()


def test_a_final_stage_match_before_the_bracket_has_no_correction_page(dclient: Client) -> None:
    eid, _, _ = _table(dclient)
    response = dclient.get(f"/backgammon/{eid}/phase-finale/QF1/depart/")
    assert response.status_code == 404 and "pas encore généré" in response.content.decode()


def test_003_3_16_at_a_final_stage_match(dclient: Client) -> None:
    """A quarter-final's record (entered on its clock page) is corrected the same way; the
    audit log names the match."""
    from tests.app_rounds.test_backgammon_bracket_sanctions import started

    eid = started(dclient)
    url = f"/backgammon/{eid}/phase-finale/QF1/pendule/"
    page = dclient.get(url).content.decode()
    assert f"/backgammon/{eid}/phase-finale/QF1/depart/" in page
    TableLog.objects.filter(table__isnull=True).update(epoch=F("epoch") - 100)
    _cells(dclient, url, WRONG_START)
    said = messages_of(
        dclient.post(
            f"/backgammon/{eid}/phase-finale/QF1/depart/", {"choice": "standard"}, follow=True
        )
    )
    expected = position_id(Position.from_points(A_AFTER, B_AFTER))
    assert said[-1].endswith(f"{expected}.")
    assert f"; 3.16 position {expected}" in state(dclient, url)["record"]
    assert AuditEntry.objects.get(action=ACTION).target == "QF1"
