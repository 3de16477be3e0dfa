"""A loss whatever the score on a Classic table's result (seed 001 10.x and 9.2, seed 000 9.x
and 8.2) and negative scores in the final phase (001 8.1), through the Django test client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from arbitre.app.rounds.models import AuditEntry, Table
from arbitre.cli import main
from tests.app_rounds.conftest import check_in_all, messages_of
from tests.app_rounds.test_classic_web import CSV, PLAYERS, pair, result, setup_event, tables

pytestmark = pytest.mark.django_db


def test_001_10_2_a_loss_whatever_the_score_is_recorded_and_ranked(dclient: Client) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    msg = result(dclient, tb, score_a=450, score_b=300, loss="a", loss_cause="board")
    assert "résultat enregistré" in msg[-1]
    tb.refresh_from_db()
    assert (tb.score_a, tb.score_b, tb.loss, tb.loss_cause) == (450, 300, "a", "board")
    rows = {r["name"]: r for r in dclient.get(f"/public/classique/{eid}/").context["rows"]}
    assert (rows[tb.a]["pm"], rows[tb.b]["pm"]) == (1, 3)
    ratings = dict(PLAYERS)
    assert rows[tb.b]["pdep"] == max(ratings[tb.a], ratings[tb.b])
    # the round page and the public pages show the sheet's scores and the sanction
    page = dclient.get(f"/classique/{eid}/ronde/1/").content.decode()
    assert f"450 - 300 · perte de la partie pour {tb.a}" in page
    public = dclient.get(f"/public/classique/{eid}/ronde/1/").content.decode()
    assert f"perte de la partie pour {tb.a}" in public
    entry = AuditEntry.objects.filter(action="Résultat").latest("pk")
    assert entry.after["perte"] == [tb.a, "board"]
    # the player's history keeps the scores with the loss
    entrant = tb.round.tournament.entrants.get(name=tb.a)
    (line,) = dclient.get(f"/public/classique/{eid}/joueur/{entrant.pk}/").context["lines"]
    assert (line.result, line.score, line.points) == ("perdu", "450 - 300", "1 PM")
    # the results file a director downloads is in French, the cause in its French word
    text = dclient.get(f"/public/classique/{eid}/resultats.csv").content.decode("utf-8-sig")
    lines = text.splitlines()
    assert lines[0] == "ronde,joueur_a,joueur_b,score_a,score_b,commence,perdant,cause_perte"
    assert f"1,{tb.a},{tb.b},450,300," in text and lines[1].endswith(f",{tb.a},grille")


def test_a_loss_without_its_cause_or_beside_a_forfeit_is_refused(dclient: Client) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    msg = result(dclient, tb, score_a=450, score_b=300, loss="a")
    assert "demande le joueur sanctionné et son motif" in msg[-1]
    msg = result(dclient, tb, score_b=300, forfeit="a", loss="b", loss_cause="board")
    assert "ne peut pas aussi être perdue par sanction" in msg[-1]
    # FBS event: an overdraw found by an arbiter costs points, not the game (000 9.1)
    msg = result(dclient, tb, score_a=450, score_b=300, loss="a", loss_cause="overdraw")
    assert "Au règlement FBS" in msg[-1]
    tb.refresh_from_db()
    assert not tb.entered and tb.loss == ""


def test_clearing_a_result_clears_its_loss(dclient: Client) -> None:
    eid = setup_event(dclient, profile="ffsc")
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    msg = result(dclient, tb, score_a=450, score_b=300, loss="b", loss_cause="overdraw")
    assert "résultat enregistré" in msg[-1]
    tb.refresh_from_db()
    dclient.post(
        f"/classique/{eid}/table/{tb.pk}/resultat/",
        {"version": tb.version, "action": "clear"},
        follow=True,
    )
    tb = Table.objects.get(pk=tb.pk)
    assert not tb.entered and (tb.loss, tb.loss_cause) == ("", "")


def test_001_8_1_the_final_phase_takes_negative_scores(
    dclient: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    eid = setup_event(dclient, rounds=1, final_size=2, final_best_of=1)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    for tb in tables(1):
        if tb.b:
            result(dclient, tb, score_a=400, score_b=350)
    dclient.post(f"/classique/{eid}/phase-finale/generer/", follow=True)
    response = dclient.post(
        f"/classique/{eid}/phase-finale/resultat/", {"match": "F", "scores": "-12--30"}, follow=True
    )
    assert "résultat enregistré" in messages_of(response)[-1]
    (final,) = dclient.get(f"/classique/{eid}/phase-finale/").context["stages"][0][1]
    assert final["scores"] == "-12 – -30" and final["winner"] == final["top"]
    text = dclient.get(f"/public/classique/{eid}/phase-finale.csv").content.decode("utf-8-sig")
    top, bottom = final["top"], final["bottom"]
    assert text.splitlines() == [
        "match,partie,joueur_haut,joueur_bas,score_haut,score_bas",
        f"F,1,{top},{bottom},-12,-30",
    ]
    # the director reads the downloaded files back with the command line: same winner
    for name, url in (("phase-finale.csv", "phase-finale.csv"), ("resultats.csv", "resultats.csv")):
        body = dclient.get(f"/public/classique/{eid}/{url}").content
        (tmp_path / name).write_bytes(body)
    (tmp_path / "joueurs.csv").write_text(CSV, "utf-8")
    args = ["classic", "final", "--players", str(tmp_path / "joueurs.csv"), "--rounds", "1"]
    args += ["--results", str(tmp_path / "resultats.csv"), "--json"]
    assert main([*args, "--final-phase", str(tmp_path / "phase-finale.csv")]) == 0
    read = json.loads(capsys.readouterr().out)
    assert read["matches"] == [
        {"match": "F", "top": top, "bottom": bottom, "games": [[-12, -30]], "winner": top}
    ]
    assert read["places"] == {top: 1, bottom: 2}


def test_001_3_1_under_ffsc_the_toss_at_the_table_decides_who_starts(dclient: Client) -> None:
    eid = setup_event(dclient, profile="ffsc", best_of=3)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    assert tb.starts == []  # no designation: a toss at the table (001 3.1)
    sheet = dclient.get(f"/classique/{eid}/ronde/1/imprimer/").content.decode()
    assert "tirage au sort" in sheet
    form = dclient.get(f"/classique/{eid}/ronde/1/").content.decode()
    assert "Tirage au sort gagné par" in form
    msg = result(dclient, tb, score_a=2, score_b=1, toss="z")
    assert "choisissez un joueur de la table" in msg[-1]
    assert "résultat enregistré" in result(dclient, tb, score_a=2, score_b=1, toss="b")[-1]
    tb.refresh_from_db()
    assert tb.starts == [tb.b, tb.a]  # the toss loser starts game 2 (001 3.2)


def test_000_3_1_under_fbs_the_tournament_designates_and_no_toss_is_asked(
    dclient: Client,
) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    designated = list(tb.starts)
    assert len(designated) == 1
    assert (
        "Tirage au sort gagné par" not in dclient.get(f"/classique/{eid}/ronde/1/").content.decode()
    )
    assert "résultat enregistré" in result(dclient, tb, score_a=400, score_b=300, toss="b")[-1]
    tb.refresh_from_db()
    assert tb.starts == designated
