"""Issue 38: the officer's page of a simultané at full size shows its standings and its
centres 100 lines a page (places those of the whole simultané), sums up the centres
(admitted, received, withdrawn, awaited by name), and at a version already merged by its
process reads no centre's results again."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from arbitre.app.federation import services as federation
from arbitre.app.simultane import merge, merged, publish
from arbitre.app.simultane.models import Simultane
from tests.simultane.uploads import create_simultane, register, results, signed

pytestmark = pytest.mark.django_db

CLUBS = [f"Club {n:03d}" for n in range(101)]


@pytest.fixture
def full(director: Any) -> Simultane:
    """101 centres admitted; the first two sent 60 players each (totals 1 … 120, all
    different), the others are awaited."""
    simultane = create_simultane()
    keys = {club: federation.create_token(director, club) for club in CLUBS}
    for club in CLUBS:
        publish.admit(director, simultane, club)
    for index, club in enumerate(CLUBS[:2]):
        key = keys[club]
        players = [(f"{index}{n:03d}", f"JOUEUR{n}", [1 + index + 2 * n]) for n in range(60)]
        register(*players)
        merge.receive(
            federation.authenticate(key),
            simultane.uid,
            signed(results(simultane.uid, players), key),
        )  # type: ignore[arg-type]
    return simultane


def places(html: str) -> list[int]:
    body = html.split('id="standings"')[1].split("</table>")[0]
    return [int(p) for p in re.findall(r'<tr><td class="num">(\d+)', body)]


def test_the_standings_and_the_centres_by_pages_of_100(full: Simultane, director: Any) -> None:
    client = Client()
    client.force_login(director)
    page = f"/federation/simultanes/{full.pk}/"
    first = client.get(page).content.decode()
    assert places(first) == list(range(1, 101))
    second = client.get(f"{page}?page=2").content.decode()
    assert places(second) == list(range(101, 121))
    whole = merged.current(full).standings
    assert [m.row.licence for m in whole[100:]] == re.findall(
        r"<td>(\d{4})</td>", second.split('id="standings"')[1].split("</table>")[0]
    )
    assert places(client.get(f"{page}?page=99").content.decode()) == list(range(101, 121))
    assert places(client.get(f"{page}?page=x").content.decode()) == list(range(1, 101))
    assert 'href="?page=2#standings" rel="next"' in first
    centres = first.split('id="centres"')[1].split("</table>")[0]
    assert centres.count("<tr><td>Club ") == 100 and "Club 100" not in centres
    last = client.get(f"{page}?page=2&centres=2").content.decode()
    assert last.split('id="centres"')[1].split("</table>")[0].count("<tr><td>Club ") == 1
    assert places(last) == list(range(101, 121))  # the other table's page kept
    summary = first.split('id="centres-summary"')[1].split("</ul>")[0]
    assert "<strong>101</strong>" in summary and "<strong>2</strong>" in summary
    awaited = first.split('id="awaited">')[1].split("</span>")[0].split(", ")
    assert awaited == CLUBS[2:]


def test_a_version_already_merged_reads_no_results_again(full: Simultane, director: Any) -> None:
    client = Client()
    client.force_login(director)
    page = f"/federation/simultanes/{full.pk}/"
    client.get(page)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(page).status_code == 200
    assert not [q["sql"] for q in queries if "payload" in q["sql"]]
