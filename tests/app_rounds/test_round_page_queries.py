"""The director's pages of a round read it in a number of queries that does not grow with its
tables: a round of 32 tables answered in as many queries as one of 4. Before, the round page
read each table's incidents and table code one query per table (71 queries for 32 backgammon
tables), the Classic tables' overview, which the director's screen polls every 2 seconds,
three per table (134), and the backgammon page of the round's clocks two per table (69)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from arbitre.app.events.incident_models import Incident
from tests.app_rounds.conftest import check_in_all, create_event, import_csv, messages_of

pytestmark = pytest.mark.django_db

PREFIX = {"classique": "classique", "backgammon": "backgammon"}


def _round_one(client: Client, kind: str, players: int) -> tuple[int, str]:
    """An event of ``kind`` with ``players`` checked in and round 1 paired: its id and the
    round page's address."""
    eid = create_event(client, kind, name=f"{kind} {players}")
    rating = "cote" if kind == "classique" else "elo"
    rows = "\n".join(f"J{players}x{i:02d},{1500 + i}" for i in range(players))
    assert f"{players} joueurs importés." in messages_of(
        import_csv(client, eid, f"nom,{rating}\n{rows}\n")
    )
    check_in_all(client, eid)
    client.post(f"/{PREFIX[kind]}/{eid}/apparier/", follow=True)
    return eid, f"/{PREFIX[kind]}/{eid}/ronde/1/"


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured.captured_queries)


@pytest.mark.parametrize(
    ("kind", "page"),
    [
        ("classique", ""),
        ("backgammon", ""),
        ("classique", "tables/"),
        ("classique", "tables.json"),
        ("backgammon", "pendules/"),
    ],
)
def test_the_round_pages_read_no_more_for_more_tables(
    dclient: Client, kind: str, page: str
) -> None:
    small, small_url = _round_one(dclient, kind, 8)
    large, large_url = _round_one(dclient, kind, 64)
    small_url, large_url = small_url + page, large_url + page  # ronde/1/ and beside it
    for eid, tables in ((small, (1, 2)), (large, (1, 17, 32))):
        for table in tables:  # an incident at some tables, which the page shows at them
            Incident.objects.create(
                event_id=eid, round=1, table=table, player=f"J{table}", kind="other"
            )
    _queries(dclient, small_url)  # the session and the caches warm
    assert _queries(dclient, large_url) == _queries(dclient, small_url)


def test_the_round_page_shows_each_tables_incidents_at_that_table(dclient: Client) -> None:
    eid, url = _round_one(dclient, "backgammon", 8)
    Incident.objects.create(event_id=eid, round=1, table=3, player="Zoé Témoin", kind="other")
    Incident.objects.create(event_id=eid, round=2, table=1, player="Autre Ronde", kind="other")
    page: Any = dclient.get(url).content.decode()
    table_3 = page.split('id="table-3"', 1)[1].split('id="table-4"', 1)[0]
    assert "Zoé Témoin" in table_3 and page.count("Zoé Témoin") == 1
    assert "Autre Ronde" not in page
