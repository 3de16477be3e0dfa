"""Sanctions of the register in the final stage (issue 19, part 4; seed 003, 3.15, 4.2,
2.4, 1.13, "Tableau final"): a sanction given at a match of the bracket or the consolation
changes that match as at a Swiss table, set by set, and the bracket's progression follows;
annulled by the committee, the bracket is as it was."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.app.events.models import Incident
from tests.app_rounds.conftest import messages_of
from tests.app_rounds.test_backgammon_incidents import appeal, incident
from tests.app_rounds.test_backgammon_web import pair, play_round, setup_event

pytestmark = pytest.mark.django_db


def started(client: Client) -> int:
    eid = setup_event(client, match_length=5)
    for number in (1, 2, 3):
        pair(client, eid)
        play_round(client, number)
    client.post(f"/backgammon/{eid}/phase-finale/generer/", follow=True)
    return eid


def matches(client: Client, eid: int) -> dict[str, Any]:
    stages = client.get(f"/backgammon/{eid}/phase-finale/").context["stages"]
    return {m["id"]: m for _, rows in stages for m in rows}


def ko(client: Client, eid: int, match: str, winner: str, scores: str) -> str:
    response = client.post(
        f"/backgammon/{eid}/phase-finale/resultat/",
        {"match": match, "winner": winner, "scores": scores},
        follow=True,
    )
    return messages_of(response)[-1]


def test_003_4_2_a_bracket_match_lost_by_sanction_sends_the_opponent_on(dclient: Client) -> None:
    """4.2: top of QF1 leads 1-0 in sets (9-5) and loses the match by the director's
    decision: bottom wins QF1 with the sets kept and plays SF1; top, a quarter-final
    loser, goes to the consolation. The committee annuls it: QF1 is undecided again."""
    eid = started(dclient)
    before = matches(dclient, eid)
    top, bottom = before["QF1"]["top"], before["QF1"]["bottom"]
    assert "match en cours" in ko(dclient, eid, "QF1", "", "9-5")
    msgs = incident(dclient, eid, player=top, match="qf1", sanction="loss")
    assert "Incident enregistré." in msgs[-1] or msgs, msgs
    made = Incident.objects.get()
    assert made.match == "QF1" and made.applied["bracket"]["winner"] == [None, bottom]
    after = matches(dclient, eid)
    assert after["QF1"]["winner"] == bottom and after["QF1"]["scores"] == "9-5"
    assert after["SF1"]["top"] == bottom
    assert top in {m["top"] for m in after.values()} | {m["bottom"] for m in after.values()}
    assert "déjà un résultat" in ko(dclient, eid, "QF1", top, "9-5 9-3")
    cleared = dclient.post(
        f"/backgammon/{eid}/phase-finale/resultat/",
        {"match": "QF1", "action": "clear"},
        follow=True,
    )
    assert "décidé par une sanction du registre" in messages_of(cleared)[-1]
    page = dclient.get(f"/evenement/{eid}/incidents/").content.decode()
    assert "QF1" in page and "résultat modifié" in page
    appeal(dclient, eid, made, "annulled", "Décision annulée.")
    again = matches(dclient, eid)
    assert again["QF1"]["winner"] is None and again["SF1"]["top"] != bottom


def test_003_3_15_a_point_penalty_flips_the_last_set_and_the_match(dclient: Client) -> None:
    """3.15 in a quarter-final entered 2-1 for top (9-3, 4-9, 11-9): 3 points against top,
    given in that last set, bring bottom to 12: the set and the match are bottom's, the
    semi-final follows. Given while a set is played, a penalty waits on the score sheet."""
    eid = started(dclient)
    qf = matches(dclient, eid)
    top, bottom = qf["QF2"]["top"], qf["QF2"]["bottom"]
    assert "résultat enregistré" in ko(dclient, eid, "QF2", top, "9-3 4-9 11-9")
    incident(dclient, eid, player=top, match="QF2", sanction="points", amount=3, kind="other")
    after = matches(dclient, eid)
    assert after["QF2"]["winner"] == bottom and after["QF2"]["scores"] == "9-3 4-9 11-12"
    assert after["SF1"]["bottom"] == bottom
    top3 = qf["QF3"]["top"]
    incident(dclient, eid, player=top3, match="QF3", sanction="points", amount=2, kind="other")
    assert Incident.objects.get(match="QF3").applied.get("pending") is True
    assert matches(dclient, eid)["QF3"]["winner"] is None


def test_003_2_4_disqualified_in_the_bracket_loses_the_later_matches_too(dclient: Client) -> None:
    """2.4: disqualified at QF1 after winning it, the player loses QF1 and plays no more:
    the opponent goes on. A sanction changing a winner whose next match has a result is
    refused until that result is deleted; a match named with a table, or unknown, too."""
    eid = started(dclient)
    qf = matches(dclient, eid)
    top, bottom = qf["QF1"]["top"], qf["QF1"]["bottom"]
    ko(dclient, eid, "QF1", top, "9-3 9-4")
    ko(dclient, eid, "QF2", qf["QF2"]["top"], "9-3 9-4")
    ko(dclient, eid, "SF1", top, "9-3 9-4")
    refused = incident(dclient, eid, player=top, match="QF1", sanction="disqualification")
    assert any("un match suivant a déjà son résultat" in m for m in refused)
    assert not Incident.objects.exists()
    dclient.post(f"/backgammon/{eid}/phase-finale/resultat/", {"match": "SF1", "action": "clear"})
    incident(dclient, eid, player=top, match="QF1", sanction="disqualification")
    after = matches(dclient, eid)
    assert after["QF1"]["winner"] == bottom and after["SF1"]["top"] == bottom
    # the QF1 loser's place in the consolation: once the opponent is known, they win it
    later = [m for m in after.values() if m["id"] != "QF1" and top in (m["top"], m["bottom"])]
    assert len(later) == 1 and later[0]["winner"] is None
    for qf in ("QF3", "QF4"):
        ko(dclient, eid, qf, after[qf]["top"], "9-3 9-4")
    played = matches(dclient, eid)[later[0]["id"]]
    assert played["winner"] not in (None, top) and top in (played["top"], played["bottom"])
    assert any("Match inconnu" in m for m in incident(dclient, eid, player=top, match="ZZ9"))
    both = incident(dclient, eid, player=top, match="QF1", round=3, table=1)
    assert any("pas les deux" in m for m in both)
    elsewhere = incident(dclient, eid, player=bottom, match="QF2", sanction="loss")
    assert any("ne joue pas le match" in m for m in elsewhere)
