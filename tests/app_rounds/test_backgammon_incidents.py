"""The register of incidents and sanctions in a backgammon championship (issue 19, part 4):
sanctions that change a result apply themselves, the committee's annulment undoes them,
every entry is in the audit log, on the player's page and on the printable report."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.app.backgammon import services
from arbitre.app.events.models import Incident
from arbitre.app.rounds.models import AuditEntry, Entrant, Tournament
from tests.app_rounds.conftest import messages_of
from tests.app_rounds.test_backgammon_web import pair, play_round, result, setup_event, tables

pytestmark = pytest.mark.django_db


def incident(client: Client, eid: int, **data: Any) -> list[str]:
    fields = {"kind": "conduct", "description": "Incident à la table", **data}
    if isinstance(fields.get("player"), str):
        fields["player"] = Entrant.objects.get(tournament__event_id=eid, name=fields["player"]).pk
    return messages_of(client.post(f"/evenement/{eid}/incidents/", fields, follow=True))


def bystanders(eid: int, inc: Incident, count: int = 2) -> list[str]:
    """Players of the event with no part in ``inc``'s dispute (seed 003, preamble: the
    committee's members are not involved): not its player, not at its table or match."""
    from arbitre.app.backgammon.bracket import brackets
    from arbitre.app.rounds.models import Table

    out = {inc.player}
    tb = Table.objects.filter(
        round__tournament__event_id=eid, round__number=inc.round, number=inc.table
    ).first()
    if tb is not None:
        out |= {tb.a, tb.b}
    t = Tournament.objects.get(event_id=eid)
    if inc.match and t.bracket_started:
        out |= set(brackets(t).players(inc.match))
    names = Entrant.objects.filter(tournament=t).order_by("pk").values_list("name", flat=True)
    return [n for n in names if n not in out][:count]


def appeal(
    client: Client,
    eid: int,
    inc: Incident,
    decision: str,
    text: str = "",
    members: list[str] | None = None,
) -> list[str]:
    """An appeal, decided (upheld, annulled) by the director and two players not involved
    unless ``members`` says who sat."""
    chosen = bystanders(eid, inc) if members is None else members
    return messages_of(
        client.post(
            f"/evenement/{eid}/incidents/appel/",
            {
                "incident": inc.pk,
                "decision": decision,
                "text": text,
                "committee_director": "Directeur",
                "committee_members": ", ".join(chosen),
            },
            follow=True,
        )
    )


def test_003_3_15_point_penalty_changes_the_result_and_the_standings(dclient: Client) -> None:
    """A table entered 5-3 for its first player; a 2-point score penalty against them after
    their third illegal move notified (3.15) brings the opponent to 5: the opponent wins,
    the real score 5-5 kept; the standings follow; the committee annuls it: 5-3 again."""
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    assert "résultat enregistré" in result(dclient, tb, winner=tb.a, score_a=5, score_b=3)
    where = {"player": tb.a, "round": 1, "table": tb.number, "kind": "illegal_move"}
    msgs = incident(dclient, eid, **where, sanction="points", amount=2)
    assert any("après 3 notifications" in m and "n° 1" in m for m in msgs)
    assert not Incident.objects.exists()
    assert any("Incident enregistré" in m for m in incident(dclient, eid, **where))
    assert any("Incident enregistré" in m for m in incident(dclient, eid, **where))
    msgs = incident(dclient, eid, **where, sanction="loss")
    assert any("au temps ou au score" in m for m in msgs)
    assert Incident.objects.count() == 2  # a loss is no sanction of 3.15
    incident(dclient, eid, **where, sanction="points", amount=2)
    tb.refresh_from_db()
    assert (tb.winner, tb.score_a, tb.score_b, tb.ended) == (tb.b, 5, 5, "penalty")
    t = Tournament.objects.get(event_id=eid)
    champ = services.championship(t)
    assert champ.points(tb.b) == 1 and champ.points(tb.a) == 0
    sanction = Incident.objects.get(sanction="points")
    audit = AuditEntry.objects.filter(action="Incident").order_by("pk").last()
    assert audit is not None and audit.after["sanction"] == "points"
    assert audit.after["applied"]["table"]["after"]["winner"] == tb.b
    assert (
        "gagne 5-5 — sanction du directeur"
        in dclient.get(f"/backgammon/{eid}/ronde/1/").content.decode()
    )

    assert any("décision du comité" in m for m in appeal(dclient, eid, sanction, "annulled"))
    assert "Appel enregistré." in appeal(dclient, eid, sanction, "pending")
    assert "Appel enregistré." in appeal(dclient, eid, sanction, "annulled", "Coup légal.")
    tb.refresh_from_db()
    assert (tb.winner, tb.score_a, tb.score_b, tb.ended) == (tb.a, 5, 3, "")
    assert services.championship(t).points(tb.a) == 1
    assert any("sans appel" in m for m in appeal(dclient, eid, sanction, "upheld", "Non."))
    assert AuditEntry.objects.filter(action="Appel au comité d'arbitrage").count() == 2


def test_003_2_4_disqualification_loses_the_match_the_event_and_the_prizes(
    dclient: Client,
) -> None:
    """2.4: a signal with a spectator; the player is disqualified: the table not entered
    yet is won by the opponent, the player plays no later round, their page says the
    prizes are lost, the report lists it."""
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[1]
    msgs = incident(
        dclient,
        eid,
        player=tb.b,
        round=1,
        table=tb.number,
        kind="spectator",
        description="Signal avec un spectateur",
        sanction="disqualification",
    )
    assert any("Incident enregistré" in m for m in msgs)
    tb.refresh_from_db()
    assert (tb.entered, tb.winner, tb.ended) == (True, tb.a, "disqualification")
    e = Entrant.objects.get(tournament__event_id=eid, name=tb.b)
    assert e.withdrawn_after == 1
    page = dclient.get(f"/evenement/{eid}/incidents/joueur/{e.pk}/").content.decode()
    assert "perd le droit de recevoir tout prix" in page and "Signal avec un spectateur" in page
    report = dclient.get(f"/evenement/{eid}/incidents/rapport/").content.decode()
    assert (
        "rapport d’incidents" in report
        or "rapport d&#x27;incidents" in report
        or "rapport d'incidents" in report
    )
    assert "1 incident" in report and "disqualification et perte des prix" in report
    assert "retiré du tournoi" in report
    t = Tournament.objects.get(event_id=eid)
    assert services.championship(t).excluded == {tb.b}  # out of the final stage too
    appeal(dclient, eid, Incident.objects.get(), "annulled", "Pas de signal établi.")
    e.refresh_from_db()
    tb.refresh_from_db()
    assert e.withdrawn_after is None and not tb.entered
    assert services.championship(t).excluded == set()


def test_003_clock_2_3_abandoned_table_5_minutes_to_the_player_present(dclient: Client) -> None:
    """Clock rules 2.3: A stayed, B left while the clock was neutralised: 5 minutes off A's
    clock only; both gone with 4 and 3 minutes left: both flags fall, both score 0."""
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    first, second = tables(1)[0], tables(1)[1]
    base = {"kind": "abandoned_table", "round": 1, "description": "Table vide"}
    incident(dclient, eid, **base, table=first.number, present_a="on")
    made = Incident.objects.get()
    assert (made.player, made.sanction, made.amount) == (first.a, "time", 300)
    incident(dclient, eid, **base, table=second.number, remaining_a=4, remaining_b=3)
    assert sorted(
        Incident.objects.filter(table=second.number).values_list("player", "amount")
    ) == sorted([(second.a, 300), (second.b, 300)])
    second.refresh_from_db()
    assert (second.entered, second.winner, second.ended) == (True, "", "both_time")
    champ = services.championship(Tournament.objects.get(event_id=eid))
    assert champ.points(second.a) == champ.points(second.b) == 0
    msgs = incident(dclient, eid, **base, table=first.number, present_a="on", present_b="on")
    assert any("pas de sanction" in m for m in msgs)


def test_incidents_are_refused_with_a_clear_message(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    other = tables(1)[1]
    assert any(
        "ne joue pas à la table" in m
        for m in incident(dclient, eid, player=other.a, round=1, table=tb.number, sanction="loss")
    )
    assert any(
        "pas de table 99" in m for m in incident(dclient, eid, player=tb.a, round=1, table=99)
    )
    assert any("Choisissez le joueur" in m for m in incident(dclient, eid))
    assert any(
        "quantité positive" in m
        for m in incident(dclient, eid, player=tb.a, round=1, table=tb.number, sanction="points")
    )
    assert any(
        "porte sur un match" in m
        for m in incident(dclient, eid, player=tb.a, sanction="points", amount=1)
    )
    assert not Incident.objects.exists()
    assert incident(dclient, eid, player=tb.a, sanction="warning")  # a warning needs no table
    assert Incident.objects.get().sanction == "warning"


def test_the_register_is_the_directors_the_arbiter_reads_it(
    dclient: Client, aclient: Client, arbiter: Any
) -> None:
    from arbitre.app.events.roles import ARBITER, grant

    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    incident(dclient, eid, player=tb.a, sanction="warning", description="Téléphone")
    assert aclient.get(f"/evenement/{eid}/incidents/").status_code == 403
    grant(eid, arbiter, ARBITER)
    page = aclient.get(f"/evenement/{eid}/incidents/").content.decode()
    assert "Téléphone" in page and 'id="incident-form"' not in page
    aclient.post(f"/evenement/{eid}/incidents/", {"kind": "other", "description": "x"})
    assert Incident.objects.count() == 1


def test_003_clock_3_9_dice_picked_up_before_the_clock_cost_30_seconds(dclient: Client) -> None:
    """Clock rules 3.9: the director penalises the player who picked up the dice before
    the opponent pressed the clock by 30 seconds."""
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[0]
    incident(dclient, eid, player=tb.b, round=1, table=tb.number, kind="dice_touched")
    made = Incident.objects.get()
    assert (made.player, made.sanction, made.amount) == (tb.b, "time", 30)
    page = dclient.get(f"/evenement/{eid}/incidents/").content.decode()
    assert "pénalité de temps (0:30)" in page
    msgs = incident(dclient, eid, player=tb.b, kind="dice_touched")
    assert any("porte sur un match" in m for m in msgs)


def test_003_2_4_a_disqualification_in_the_final_stage_leaves_the_bracket_as_built(
    dclient: Client,
) -> None:
    """Once the bracket is built, the Swiss results no longer change: a sanction at a
    Swiss table is refused with what to do instead; a disqualification without a table is
    recorded for the final stage and the bracket keeps its players."""
    eid = setup_event(dclient, match_length=5)
    for number in (1, 2, 3):
        pair(dclient, eid)
        play_round(dclient, number)
    dclient.post(f"/backgammon/{eid}/phase-finale/generer/", follow=True)
    qf1 = dclient.get(f"/backgammon/{eid}/phase-finale/").context["stages"][0][1][0]
    top = qf1["top"]
    tb = next(x for x in tables(3) if top in (x.a, x.b))
    msgs = incident(dclient, eid, player=top, round=3, table=tb.number, sanction="loss")
    assert any("Le tableau final est commencé" in m for m in msgs)
    incident(dclient, eid, player=top, sanction="disqualification", kind="spectator")
    made = Incident.objects.get()
    assert made.applied == {"final_stage": True}
    again = dclient.get(f"/backgammon/{eid}/phase-finale/").context["stages"][0][1][0]
    assert (again["top"], again["bottom"]) == (top, qf1["bottom"])
    page = dclient.get(f"/evenement/{eid}/incidents/").content.decode()
    assert "le match perdu se saisit dans le tableau" in page


def test_003_1_13_exclusion_of_a_troublemaker(dclient: Client) -> None:
    """1.13: "Le directeur du tournoi se réserve le droit d'exclure tout fauteur de
    trouble": excluded at a table not yet entered, the player loses that match, plays no
    later round and is out of the final stage; unlike a disqualification (2.4) the page
    says nothing of prizes. The audit log, the player's page and the report have it."""
    eid = setup_event(dclient, match_length=5)
    pair(dclient, eid)
    tb = tables(1)[2]
    msgs = incident(
        dclient,
        eid,
        player=tb.a,
        round=1,
        table=tb.number,
        kind="conduct",
        description="Trouble répété dans la salle",
        sanction="exclusion",
    )
    assert any("Incident enregistré" in m for m in msgs)
    tb.refresh_from_db()
    assert (tb.entered, tb.winner) == (True, tb.b)
    e = Entrant.objects.get(tournament__event_id=eid, name=tb.a)
    assert e.withdrawn_after == 1
    logged = AuditEntry.objects.filter(after__sanction="exclusion")
    assert logged.count() == 1 and logged.get().after["player"] == tb.a
    page = dclient.get(f"/evenement/{eid}/incidents/joueur/{e.pk}/").content.decode()
    assert "Trouble répété dans la salle" in page and "perd le droit de recevoir" not in page
    report = dclient.get(f"/evenement/{eid}/incidents/rapport/").content.decode()
    assert "exclusion" in report and "retiré du tournoi" in report
    t = Tournament.objects.get(event_id=eid)
    assert services.championship(t).excluded == {tb.a}
    play_round(dclient, 1)
    pair(dclient, eid)
    assert tb.a not in {p for r in tables(2) for p in (r.a, r.b)}
