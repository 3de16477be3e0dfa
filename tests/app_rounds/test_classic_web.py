"""Classic Scrabble tournament pages (seed 000) through the Django test client: set-up,
check-in, pairing by the engine, result checks, overrides, standings, exports."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.app.events.roles import ARBITER, grant
from arbitre.app.rounds.models import AuditEntry, Entrant, Table, Tournament
from arbitre.classic import tournament as cl
from arbitre.classic.tournament.results_csv import parse_results
from tests.app_rounds.conftest import (
    check_in_all,
    create_event,
    import_csv,
    messages_of,
)

pytestmark = pytest.mark.django_db

PLAYERS = [(f"Joueur{i:02d}", 1900 - 25 * i) for i in range(1, 13)]
CSV = "nom,cote,club,licence\n" + "\n".join(
    f"{n},{r},Club{i % 3},L{i}" for i, (n, r) in enumerate(PLAYERS)
)


def setup_event(client: Client, **fields: Any) -> int:
    eid = create_event(client, "classique", **fields)
    response = import_csv(client, eid, CSV)
    assert "12 joueurs importés." in messages_of(response)
    return eid


def pair(client: Client, eid: int) -> list[str]:
    return messages_of(client.post(f"/classique/{eid}/apparier/", follow=True))


def result(client: Client, tb: Table, **data: Any) -> list[str]:
    tb.refresh_from_db()
    payload = {"version": tb.version, **data}
    return messages_of(
        client.post(
            f"/classique/{tb.round.tournament.event_id}/table/{tb.pk}/resultat/",
            payload,
            follow=True,
        )
    )


def tables(number: int) -> list[Table]:
    return list(Table.objects.filter(round__number=number).order_by("number"))


def engine_players() -> list[cl.Player]:
    return [cl.Player(n, r) for n, r in PLAYERS]


def test_roles_are_checked_on_the_server(
    client: Client, aclient: Client, dclient: Client, arbiter: Any
) -> None:
    assert client.get("/classique/nouveau/")["Location"].startswith("/compte/connexion/")
    assert aclient.get("/backgammon/nouveau/").status_code == 403
    eid = setup_event(dclient)
    # an arbiter not assigned to the event sees only its public pages
    assert aclient.get(f"/classique/{eid}/")["Location"] == f"/public/classique/{eid}/"
    assert aclient.get(f"/classique/{eid}/ronde/1/").status_code == 403
    grant(eid, arbiter, ARBITER)
    assert aclient.post(f"/classique/{eid}/apparier/").status_code == 403
    assert client.post(f"/classique/{eid}/apparier/").status_code == 302  # to the login page
    assert aclient.get(f"/classique/{eid}/").status_code == 200
    assert client.get(f"/classique/{eid}/")["Location"] == f"/public/classique/{eid}/"
    assert client.get(f"/public/classique/{eid}/").status_code == 200
    assert not Tournament.objects.get(event_id=eid).round_set.exists()


def test_bad_csv_rows_are_reported_by_line_and_nothing_is_imported(dclient: Client) -> None:
    eid = create_event(dclient, "classique")
    text = "nom,cote\nAlice,1800\nBruno,abc\nAlice,1700\nBYE,1500\nChloé,1600*,Club,L1,extra\n"
    msgs = messages_of(import_csv(dclient, eid, text))
    assert any("ligne 3" in m and "abc" in m for m in msgs)
    assert any("ligne 4" in m and "ligne 2" in m for m in msgs)  # duplicate name
    assert any("ligne 5" in m and "réservé" in m for m in msgs)
    assert any("ligne 6" in m for m in msgs)
    assert "Aucun joueur n'a été importé" in msgs[-1]
    assert not Entrant.objects.exists()
    msgs = messages_of(import_csv(dclient, eid, "nom;cote\nAlice;1800\nChloé;1600*\n"))
    assert "2 joueurs importés." in msgs
    assert Entrant.objects.get(name="Chloé").starred


def test_round_one_pairs_checked_in_players_as_the_engine_does(dclient: Client) -> None:
    eid = setup_event(dclient)
    assert "Il faut au moins deux joueurs pointés" in pair(dclient, eid)[-1]
    check_in_all(dclient, eid, except_names=("Joueur05",))
    assert pair(dclient, eid)[-1] == "Ronde 1 appariée."
    present = [p for p in engine_players() if p.name != "Joueur05"]
    expected = cl.pair_round(present, [])
    got = [(tb.a, tb.b or None) for tb in tables(1)]
    assert got == [(p.a, p.b) for p in expected.pairs]
    # 11 present: the last of group B gets the bye (rulings Classic 3), entered at once
    bye = tables(1)[-1]
    assert bye.b == "" and bye.a == "Joueur12" and bye.entered
    t = Tournament.objects.get(event_id=eid)
    assert t.rounds == 4  # rulings Classic 1: 4 rounds up to 16 players
    page = dclient.get(f"/classique/{eid}/ronde/1/").content.decode()
    assert "groupe A, n° 1 contre n° 8 sur 8" in page  # the engine's reason, in French
    assert "exempt : nombre impair de joueurs présents" in page
    # a late arrival plays from round 2 on
    late = Entrant.objects.get(name="Joueur05")
    dclient.post(f"/classique/{eid}/joueur/{late.pk}/", {"action": "late"})
    late.refresh_from_db()
    assert late.checked_in and late.first_round == 2


def _play_round(client: Client, number: int) -> None:
    """Higher-rated player wins 400-350, except table 2 which is a draw."""
    rating = dict(PLAYERS)
    for tb in tables(number):
        if tb.b:
            if tb.number == 2:
                assert "résultat enregistré" in result(client, tb, score_a=380, score_b=380)[-1]
            else:
                hi = rating[tb.a] >= rating[tb.b]
                result(client, tb, score_a=400 if hi else 350, score_b=350 if hi else 400)


def test_results_contradicting_the_table_are_refused(dclient: Client) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    assert "Score manquant pour" in result(dclient, tb, score_a=400)[-1]
    msg = result(dclient, tb, forfeit="a", score_a=300, score_b=400)[-1]
    assert f"Score saisi pour un joueur absent (forfait) : {tb.a}" in msg
    assert (
        "ne joue pas à la table" in result(dclient, tb, score_a=1, score_b=2, winner="Inconnu")[-1]
    )
    assert "Score invraisemblable" in result(dclient, tb, score_a=99999, score_b=2)[-1]
    tb.refresh_from_db()
    assert not tb.entered
    # a stale form (another arbiter saved first) is refused
    stale = tb.version
    assert "résultat enregistré" in result(dclient, tb, score_a=420, score_b=380)[-1]
    response = dclient.post(
        f"/classique/{eid}/table/{tb.pk}/resultat/",
        {"version": stale, "score_a": 1, "score_b": 2},
        follow=True,
    )
    assert "a changé depuis l'affichage" in messages_of(response)[-1]
    tb.refresh_from_db()
    assert (tb.score_a, tb.score_b) == (420, 380)
    # a forfeit: the present player wins, no score for the absent one
    other = tables(1)[1]
    assert "résultat enregistré" in result(dclient, other, forfeit="b", score_a=350)[-1]


def test_best_of_three_takes_games_won(dclient: Client) -> None:
    eid = setup_event(dclient, best_of=3)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    assert len(tb.starts) == 3 and tb.starts[0] == tb.starts[2] != tb.starts[1]
    assert "meilleur des trois" in result(dclient, tb, score_a=420, score_b=380)[-1]
    assert "résultat enregistré" in result(dclient, tb, score_a=2, score_b=1)[-1]


def test_undo_and_override_of_a_pairing(dclient: Client) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    first = tables(1)
    a, b = first[0].a, first[1].b
    assert (
        "raison"
        in messages_of(
            dclient.post(
                f"/classique/{eid}/ronde/1/modifier/",
                {"first": a, "second": b, "reason": " "},
                follow=True,
            )
        )[-1]
    )
    msgs = messages_of(
        dclient.post(
            f"/classique/{eid}/ronde/1/modifier/",
            {"first": a, "second": b, "reason": "joueurs de la même famille"},
            follow=True,
        )
    )
    assert "Appariement modifié" in msgs[-1]
    t1, t2 = tables(1)[0], tables(1)[1]
    assert t1.a == b and t2.b == a and t1.overridden and t1.rule == "override"
    entry = AuditEntry.objects.filter(action="Appariement modifié").get()
    assert entry.reason == "joueurs de la même famille" and entry.before != entry.after
    # who starts is designated again by the engine (rulings Classic 7): the higher-ranked
    assert t1.starts == [min((t1.a, t1.b), key=lambda n: -dict(PLAYERS)[n])]
    result(dclient, t1, score_a=400, score_b=300)
    assert (
        "trop tard"
        in messages_of(
            dclient.post(
                f"/classique/{eid}/ronde/1/modifier/",
                {"first": t2.a, "second": t2.b, "reason": "x"},
                follow=True,
            )
        )[-1]
    )
    assert (
        "déjà des résultats"
        in messages_of(dclient.post(f"/classique/{eid}/ronde/1/annuler/", follow=True))[-1]
    )
    t1.refresh_from_db()
    dclient.post(
        f"/classique/{eid}/table/{t1.pk}/resultat/", {"version": t1.version, "action": "clear"}
    )
    assert (
        "annulé" in messages_of(dclient.post(f"/classique/{eid}/ronde/1/annuler/", follow=True))[-1]
    )
    assert not Table.objects.exists()
    assert AuditEntry.objects.filter(action="Appariement annulé").exists()
    # the number of rounds fixed from the players at round 1 is counted again
    assert Tournament.objects.get(event_id=eid).rounds == 0


def test_four_rounds_with_absence_and_withdrawal_match_the_engine(dclient: Client) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    absent = Entrant.objects.get(name="Joueur03")
    dclient.post(
        f"/classique/{eid}/absence/", {"entrant": absent.pk, "round": 2, "action": "absent"}
    )
    rounds: list[cl.Round] = []
    for number in range(1, 5):
        if number == 3:
            quitter = Entrant.objects.get(name="Joueur11")
            dclient.post(f"/classique/{eid}/joueur/{quitter.pk}/", {"action": "withdraw"})
        assert pair(dclient, eid)[-1] == f"Ronde {number} appariée."
        absent_now = {"Joueur03"} if number == 2 else set()
        if number >= 3:
            absent_now.add("Joueur11")
        expected = cl.pair_round(engine_players(), rounds, absent=absent_now)
        assert [(tb.a, tb.b or None) for tb in tables(number)] == [
            (p.a, p.b) for p in expected.pairs
        ]
        _play_round(dclient, number)
        rounds.append(cl.Round(number, tuple(services_game(tb, number) for tb in tables(number))))
    assert "4 rondes sont appariées" in pair(dclient, eid)[-1]
    page = dclient.get(f"/public/classique/{eid}/")
    rows = page.context["rows"]
    expected_rows = cl.compute_standings(engine_players(), rounds, final=True)
    assert [(r["name"], r["rank"], r["pm"], r["ppm"], r["pdep"]) for r in rows] == [
        (s.name, s.rank, s.pm, s.ppm, s.pdep) for s in expected_rows
    ]
    assert page.context["final"]
    # exports: the results CSV is read back by the engine; the .t file has one line each
    text = dclient.get(f"/public/classique/{eid}/resultats.csv").content.decode("utf-8-sig")
    assert parse_results(text, engine_players()) == rounds
    tsh = dclient.get(f"/public/classique/{eid}/tournoi.t").content.decode().splitlines()
    assert len(tsh) == 12
    line = next(x for x in tsh if x.startswith("Joueur03 "))
    opponents, scores = line.split(" ", 2)[2].split("; ")
    assert opponents.split()[1] == "0" and scores.split()[1] == "-50"  # absent in round 2
    csv_rows = dclient.get(f"/public/classique/{eid}/classement.csv").content.decode("utf-8-sig")
    assert csv_rows.splitlines()[1].split(";")[2] == expected_rows[0].name
    player = Entrant.objects.get(name="Joueur03")
    history = dclient.get(f"/public/classique/{eid}/joueur/{player.pk}/").context["lines"]
    assert [h.round for h in history] == [1, 3, 4]


def services_game(tb: Table, number: int) -> cl.Game:
    from arbitre.app.classic.services import game_of as classic_game

    return classic_game(tb, number)


def test_final_phase_of_the_four_first(dclient: Client) -> None:
    eid = setup_event(dclient, rounds=1, final_size=4, final_best_of=1)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    _play_round(dclient, 1)
    rows = dclient.get(f"/public/classique/{eid}/").context["rows"]
    top4 = [r["name"] for r in rows[:4]]
    assert "Phase finale commencée." in messages_of(
        dclient.post(f"/classique/{eid}/phase-finale/generer/", follow=True)
    )
    page = dclient.get(f"/classique/{eid}/phase-finale/").context
    sf = {m["id"]: m for m in page["stages"][0][1]}
    assert (sf["SF1"]["top"], sf["SF1"]["bottom"]) == (top4[0], top4[3])
    assert (sf["SF2"]["top"], sf["SF2"]["bottom"]) == (top4[1], top4[2])

    def ko(match: str, scores: str) -> str:
        response = dclient.post(
            f"/classique/{eid}/phase-finale/resultat/",
            {"match": match, "scores": scores},
            follow=True,
        )
        return messages_of(response)[-1]

    assert "pas encore connus" in ko("F", "400-300")
    assert "départage" in ko("SF1", "400-400")
    assert "résultat enregistré" in ko("SF1", "300-420")  # the 4th beats the 1st
    assert "résultat enregistré" in ko("SF2", "410-300")
    assert "résultat enregistré" in ko("F", "380-390")
    assert "résultat enregistré" in ko("P3", "400-390")
    rows = dclient.get(f"/public/classique/{eid}/").context["rows"]
    assert [r["name"] for r in rows[:4]] == [top4[1], top4[3], top4[0], top4[2]]
    assert [r["final_place"] for r in rows[:4]] == [1, 2, 3, 4]


def test_every_change_bumps_the_version_for_live_pages(dclient: Client, client: Client) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    v0 = client.get(f"/public/classique/{eid}/etat.json").json()["version"]
    pair(dclient, eid)
    v1 = client.get(f"/public/classique/{eid}/etat.json").json()["version"]
    result(dclient, tables(1)[0], score_a=400, score_b=390)
    v2 = client.get(f"/public/classique/{eid}/etat.json").json()["version"]
    assert v0 < v1 < v2


def test_late_entry_after_round_one_plays_from_the_next_round(dclient: Client) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    response = dclient.post(
        f"/classique/{eid}/joueurs/ajout/", {"name": "Tardif", "rating": 1999}, follow=True
    )
    assert "Tardif inscrit." in messages_of(response)
    late = Entrant.objects.get(name="Tardif")
    assert late.checked_in and late.first_round == 2
    assert (
        "déjà inscrit"
        in messages_of(
            dclient.post(
                f"/classique/{eid}/joueurs/ajout/", {"name": "Tardif", "rating": 1}, follow=True
            )
        )[-1]
    )
    # the check-in is closed once round 1 is paired
    msg = messages_of(dclient.post(f"/classique/{eid}/pointage/", {"present": []}, follow=True))
    assert "inscription tardive" in msg[-1]
    assert Entrant.objects.filter(checked_in=True).count() == 13
    _play_round(dclient, 1)
    pair(dclient, eid)
    assert any("Tardif" in (tb.a, tb.b) for tb in tables(2))
    history = dclient.get(f"/public/classique/{eid}/joueur/{late.pk}/").context["lines"]
    assert [h.round for h in history] == [2]


def test_pairing_waits_for_every_result(dclient: Client) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    result(dclient, tables(1)[0], score_a=400, score_b=300)
    msg = pair(dclient, eid)[-1]
    assert "La ronde 1 n'est pas terminée" in msg and "2, 3, 4, 5, 6" in msg


def test_arbiters_enter_results_but_do_not_pair(
    aclient: Client, dclient: Client, arbiter: Any
) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = tables(1)[0]
    url = f"/classique/{eid}/table/{tb.pk}/resultat/"
    payload = {"version": tb.version, "score_a": 400, "score_b": 300}
    assert aclient.post(url, payload).status_code == 403  # not an arbiter of this event
    grant(eid, arbiter, ARBITER)
    assert "résultat enregistré" in result(aclient, tb, score_a=400, score_b=300)[-1]
    assert aclient.post(f"/classique/{eid}/ronde/1/annuler/").status_code == 403
    assert aclient.post(f"/classique/{eid}/ronde/1/modifier/", {"reason": "x"}).status_code == 403
    entry = AuditEntry.objects.filter(action="Résultat").get()
    assert entry.user.username == "arbitre" and entry.after["score"] == [400, 300]


def test_tsh_file_leaves_out_a_round_still_being_played(dclient: Client) -> None:
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    _play_round(dclient, 1)
    pair(dclient, eid)
    first, waiting = tables(2)[0], tables(2)[1]
    result(dclient, first, score_a=400, score_b=300)
    tsh = dclient.get(f"/public/classique/{eid}/tournoi.t").content.decode().splitlines()
    assert len(tsh) == 12
    for name in (waiting.a, waiting.b, first.a):
        line = next(x for x in tsh if x.startswith(f"{name} "))
        opponents, scores = line.split(" ", 2)[2].split("; ")
        # round 1 only: the unfinished round 2 is not written, least of all as a loss
        assert len(opponents.split()) == 1 and len(scores.split()) == 1
        assert scores.split()[0] != "-50"


def test_exports_neutralise_formulas(dclient: Client, client: Client) -> None:
    """Issue 22, part 4: a name that a spreadsheet would run is exported as text."""
    eid = create_event(dclient, "classique")
    import_csv(dclient, eid, "nom,cote\n=1+1,1500\n@SUM(A1),1400\nBea,1300\nCy,1200\n")
    check_in_all(dclient, eid)
    pair(dclient, eid)
    for tb in tables(1):
        result(dclient, tb, score_a=-5, score_b=300)
    standings = client.get(f"/public/classique/{eid}/classement.csv").content.decode("utf-8-sig")
    assert "'=1+1" in standings and "'@SUM(A1)" in standings
    assert "\n=" not in standings and ";=" not in standings
    results = client.get(f"/public/classique/{eid}/resultats.csv").content.decode("utf-8-sig")
    assert "'=1+1" in results and ",-5," in results
    tsh = client.get(f"/public/classique/{eid}/tournoi.t").content.decode()
    assert not any(line.startswith(("=", "@")) for line in tsh.splitlines())


def test_a_round_with_every_player_absent_is_refused_in_french(dclient: Client) -> None:
    """Seed 000, "forfaits provisoires": absent players are not paired; with every player
    announced absent there is nobody to pair, and the director reads why, in French (the
    engine's refusal worded by the catalogue); nothing is paired."""
    eid = setup_event(dclient)
    check_in_all(dclient, eid)
    assert pair(dclient, eid)[-1] == "Ronde 1 appariée."
    _play_round(dclient, 1)
    for entrant in Entrant.objects.filter(tournament__event_id=eid):
        dclient.post(
            f"/classique/{eid}/absence/", {"entrant": entrant.pk, "round": 2, "action": "absent"}
        )
    said = pair(dclient, eid)[-1]
    assert "aucun joueur présent à apparier : tous les joueurs sont marqués absents" in said
    assert not tables(2)
