"""Seed 003, preamble: "Un comité d'arbitrage est constitué du directeur du tournoi et de 2
à 4 joueurs du CDF [...] Si l'un ou plusieurs membres du comité sont impliqués dans un
litige, ils sont remplacés en cas de réunion du comité." """

from __future__ import annotations

import pytest

from arbitre.backgammon.championship.committee import committee
from arbitre.backgammon.championship.model import ChampionshipError

PLAYERS = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay"]


def refused(director: str, members: list[str], involved: list[str]) -> str:
    with pytest.raises(ChampionshipError) as exc:
        committee(director, members, PLAYERS, involved)
    return exc.value.message.code


def test_003_preamble_the_director_and_2_to_4_players() -> None:
    for count in (2, 3, 4):
        c = committee("Dir", PLAYERS[:count], PLAYERS, ["Fay"])
        assert c.director == "Dir" and len(c.members) == count
    assert refused("Dir", PLAYERS[:1], []) == "committee.size"
    assert refused("Dir", PLAYERS[:5], []) == "committee.size"
    assert refused(" ", PLAYERS[:2], []) == "committee.director"
    assert refused("Dir", ["Ana", "ana"], []) == "committee.twice"
    assert refused("Dir", ["Ana", "Zed"], []) == "committee.not_player"


def test_003_preamble_a_member_involved_in_the_dispute_is_replaced() -> None:
    assert refused("Dir", ["Ana", "Bob"], ["Bob", "Cy"]) == "committee.involved"
    replaced = committee("Dir", ["Ana", "Dee"], PLAYERS, ["Bob", "Cy"])
    assert replaced.members == ("Ana", "Dee")
    assert refused("Bob", ["Ana", "Dee"], ["Bob", "Cy"]) == "committee.director_involved"
