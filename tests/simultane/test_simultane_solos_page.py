"""Issue 38: the solos of the whole simultané (seed 004, 2.6.4: « tout joueur réalisant seul,
sur un coup, un score supérieur à celui de tous les autres joueurs … pas accordée si le
nombre des joueurs est inférieur à seize ») on a public page and on the officer's page:
game, move, player, centre, score. A withdrawn centre's players and a player removed from
the ranking are no players of the simultané: they count neither for the sixteen nor
against a solo."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.federation import services as federation
from arbitre.app.simultane import corrections, publish
from arbitre.app.simultane.models import Centre, Simultane
from tests.simultane.uploads import create_simultane, register, results, signed

pytestmark = pytest.mark.django_db

# move 1: A0 alone at 60 (a solo once sixteen play); move 2: A1 and B0 both at 40 (none)
HALL_A = [("A0", "ARNAUD", [60, 5]), ("A1", "BLANC", [20, 40])] + [
    (f"A{i}", f"JOUEUR A{i}", [10, 5]) for i in range(2, 10)
]
HALL_B = [("B0", "CARON", [30, 40])] + [(f"B{i}", f"JOUEUR B{i}", [10, 5]) for i in range(1, 7)]


@pytest.fixture
def simultane(director: Any) -> Simultane:
    """Ten players at A, seven at B: seventeen in all, neither centre has sixteen."""
    made = create_simultane()
    register(*HALL_A, *HALL_B)
    for club, players in (("A", HALL_A), ("B", HALL_B)):
        key = federation.create_token(director, club)
        publish.admit(director, made, club)
        answer = Client().post(
            f"/api/federation/simultanes/{made.uid}/resultats/",
            json.dumps(signed(results(made.uid, players), key)),
            "application/json",
            HTTP_AUTHORIZATION=f"Bearer {key}",
        )
        assert answer.status_code == 200
    return Simultane.objects.get()


def solos_shown(html: str) -> list[list[str]]:
    table = html.split('id="solos"')[1].split("</table>")[0]
    return [
        [c.split(">", 1)[1].split("<")[0] for c in row.split("<td")[1:]]
        for row in table.split("<tr>")[2:]
    ]


def test_004_2_6_4_the_public_page_shows_the_solo_of_the_whole_simultane(
    simultane: Simultane,
) -> None:
    html = Client().get(f"/public/simultanes/{simultane.uid}/solos/").content.decode()
    assert solos_shown(html) == [["1", "1", "ARNAUD ", "A", "60"]]
    standings = Client().get(f"/public/simultanes/{simultane.uid}/").content.decode()
    first = standings.split('id="public-standings"')[1].split("</tr>")[1]
    assert "ARNAUD" in first and ">75<" in first  # 60 + 5 and the solo's ten points


def test_004_2_6_4_the_officer_sees_the_solos_too(simultane: Simultane, director: Any) -> None:
    client = Client()
    client.force_login(director)
    html = client.get(f"/federation/simultanes/{simultane.pk}/").content.decode()
    assert solos_shown(html) == [["1", "1", "ARNAUD ", "A", "60"]]


def test_004_2_6_4_no_solo_under_sixteen_once_a_centre_is_withdrawn(
    simultane: Simultane, director: Any
) -> None:
    corrections.withdraw(director, Centre.objects.get(club="B"), "hors délai")
    html = Client().get(f"/public/simultanes/{simultane.uid}/solos/").content.decode()
    assert solos_shown(html) == [["Aucun solo : 10 joueurs classés en tout, moins de seize."]]


def test_004_2_6_4_a_removed_players_score_no_longer_shares_the_top(
    simultane: Simultane, director: Any
) -> None:
    corrections.remove_player(director, Centre.objects.get(club="B"), "B0", "inscrit à tort")
    html = Client().get(f"/public/simultanes/{simultane.uid}/solos/").content.decode()
    # sixteen players left; BLANC now alone at 40 on move 2
    assert solos_shown(html) == [["1", "1", "ARNAUD ", "A", "60"], ["1", "2", "BLANC ", "A", "40"]]
