"""Backgammon championship pages (seed 003) through the Django test client: Swiss rounds by
the engine, result checks, lateness, bracket and consolation, exports, match sheets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from arbitre.app.rounds.models import Entrant, Table, Tournament
from arbitre.backgammon import championship as bg
from arbitre.backgammon.championship.bracket import SetScore
from arbitre.backgammon.championship.csvfiles import parse_bracket_results, parse_results
from tests.app_rounds.conftest import check_in_all, create_event, import_csv, messages_of

pytestmark = pytest.mark.django_db

ELO = {f"Bg{i:02d}": 1900 - 20 * i for i in range(1, 17)}
CSV = "nom;elo;club\n" + "\n".join(f"{n};{e};Club{i % 4}" for i, (n, e) in enumerate(ELO.items()))
MAT = Path(__file__).resolve().parents[1] / "backgammon" / "data" / "gnubg_selfplay_5pt.mat"


def setup_event(client: Client, **fields: Any) -> int:
    eid = create_event(client, "backgammon", **fields)
    assert "16 joueurs importés." in messages_of(import_csv(client, eid, CSV))
    check_in_all(client, eid)
    return eid


def pair(client: Client, eid: int) -> list[str]:
    return messages_of(client.post(f"/backgammon/{eid}/apparier/", follow=True))


def result(client: Client, tb: Table, **data: Any) -> str:
    tb.refresh_from_db()
    response = client.post(
        f"/backgammon/{tb.round.tournament.event_id}/table/{tb.pk}/resultat/",
        {"version": tb.version, **data},
        follow=True,
    )
    return messages_of(response)[-1]


def tables(number: int) -> list[Table]:
    return list(Table.objects.filter(round__number=number).order_by("number"))


def play_round(client: Client, number: int, length: int = 5) -> None:
    """The higher ELO wins ``length``-2."""
    for tb in tables(number):
        if tb.b:
            a_wins = ELO[tb.a] > ELO[tb.b]
            score = (length, 2) if a_wins else (2, length)
            msg = result(
                client,
                tb,
                winner=tb.a if a_wins else tb.b,
                score_a=score[0],
                score_b=score[1],
            )
            assert "résultat enregistré" in msg, msg


def test_results_contradicting_the_table_are_refused(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=7)
    pair(dclient, eid)
    tb = tables(1)[0]
    assert "ne joue pas à la table" in result(dclient, tb, winner="Bg16x")
    assert "Indiquez le vainqueur" in result(dclient, tb)
    assert "les deux joueurs ne peuvent pas avoir gagné" in result(
        dclient, tb, winner=tb.a, score_a=7, score_b=7
    )
    assert "ne termine pas un match en 7 points" in result(
        dclient, tb, winner=tb.a, score_a=3, score_b=7
    )
    assert "Score saisi pour un match perdu par forfait" in result(
        dclient, tb, forfeit="a", score_a=0, score_b=7
    )
    assert "ne peut pas gagner" in result(dclient, tb, forfeit="a", winner=tb.a)
    assert "pas de vainqueur" in result(dclient, tb, forfeit="both", winner=tb.a)
    tb.refresh_from_db()
    assert not tb.entered
    # seed 003, 1.10: 35 minutes late in a 7-point match: 4 points, disqualified (forfeit)
    assert "résultat enregistré" in result(dclient, tb, late_b=35)
    tb.refresh_from_db()
    assert tb.forfeit == "b" and tb.winner == tb.a and tb.penalty_a == 4
    # 22 minutes late: one point, the match is played
    other = tables(1)[1]
    assert "résultat enregistré" in result(
        dclient, other, late_a=22, winner=other.b, score_a=3, score_b=7
    )
    other.refresh_from_db()
    assert other.penalty_b == 1 and not other.forfeit


def test_no_announced_absence_in_backgammon(dclient: Client) -> None:
    """Seed 003 has no announced absence: a player absent at a round is paired and loses by
    forfeit. The page offers no absence form and the Classic address does not exist here."""
    eid = setup_event(dclient)
    e = Entrant.objects.get(name="Bg03")
    page = dclient.get(f"/backgammon/{eid}/").content.decode()
    assert "absence-form" not in page
    response = dclient.post(f"/backgammon/{eid}/absence/", {"entrant": e.pk, "round": 1})
    assert response.status_code == 404
    assert not e.absences.exists()


def test_swiss_bracket_and_exports_follow_the_engine(dclient: Client, client: Client) -> None:
    eid = setup_event(dclient)
    champ = bg.Championship(
        [bg.Player(n, e) for n, e in ELO.items()],
        settings=bg.SwissSettings(rounds=3, match_length=5),
    )
    for number in (1, 2, 3):
        assert pair(dclient, eid)[-1] == f"Ronde {number} appariée."
        expected = bg.pair_round(champ, number)
        assert [(tb.a, tb.b or None) for tb in tables(number)] == [
            (p.a, p.b) for p in expected.pairs
        ]
        play_round(dclient, number)
        for tb in tables(number):
            w = tb.a if ELO[tb.a] > ELO[tb.b] else tb.b
            champ.record_match(number, tb.a, tb.b, w, 5, (5, 2) if w == tb.a else (2, 5))
    rows = client.get(f"/public/backgammon/{eid}/").context["rows"]
    want = bg.standings(champ)
    assert [(r["name"], r["rank"], r["performance"]) for r in rows] == [
        (s.name, s.rank, s.performance) for s in want
    ]
    text = client.get(f"/public/backgammon/{eid}/resultats.csv").content.decode("utf-8-sig")
    assert text.splitlines()[0] == "ronde,joueur_a,joueur_b,vainqueur,longueur,score_a,score_b"
    assert parse_results(text) == champ.results
    # the bracket from the standings: 1-8, 4-5, 3-6, 2-7 (rulings Backgammon 5)
    assert "Tableau final généré." in messages_of(
        dclient.post(f"/backgammon/{eid}/phase-finale/generer/", follow=True)
    )
    stages = dclient.get(f"/backgammon/{eid}/phase-finale/").context["stages"]
    final = {m["id"]: m for m in stages[0][1]}
    q = [s.name for s in want[:8]]
    assert (final["QF1"]["top"], final["QF1"]["bottom"]) == (q[0], q[7])
    assert (final["QF2"]["top"], final["QF2"]["bottom"]) == (q[3], q[4])
    assert stages[1][0] == "Consolante" and stages[1][1]

    def ko(match: str, winner: str, scores: str) -> str:
        response = dclient.post(
            f"/backgammon/{eid}/phase-finale/resultat/",
            {"match": match, "winner": winner, "scores": scores},
            follow=True,
        )
        return messages_of(response)[-1]

    assert "ne termine pas un set en 9 points" in ko("QF1", q[0], "9-5 8-3")
    assert "contredisent le vainqueur" in ko("QF1", q[7], "9-5 9-3")
    assert "ne joue pas le match" in ko("QF1", q[1], "9-5 9-3")
    assert "pas encore connus" in ko("SF1", q[0], "9-5 9-3")
    # set by set: the sets so far, then the result
    assert "sets enregistrés, match en cours" in ko("QF1", "", "9-5")
    assert "décident du match" in ko("QF1", "", "9-5 9-7")
    assert "ne termine pas un set en 9 points" in ko("QF1", "", "9-5 8-3")
    public = client.get(f"/public/backgammon/{eid}/phase-finale/").content.decode()
    assert "en cours : 9-5" in public
    text = client.get(f"/public/backgammon/{eid}/phase-finale.csv").content.decode("utf-8-sig")
    assert text == "match,vainqueur,manches\n"  # a match in progress is not a result yet
    assert "sets enregistrés, match en cours" in ko("QF1", "", "9-5 4-9")
    assert "résultat enregistré" in ko("QF1", q[0], "9-5 4-9 11-7")
    assert "résultat enregistré" in ko("QF2", q[4], "2-9 3-9")
    # the final stage's results file is French and read back by the engine
    text = client.get(f"/public/backgammon/{eid}/phase-finale.csv").content.decode("utf-8-sig")
    assert text.splitlines()[0] == "match,vainqueur,manches"
    assert parse_bracket_results(text) == [
        ("QF1", q[0], (SetScore(9, 5), SetScore(4, 9), SetScore(11, 7))),
        ("QF2", q[4], (SetScore(2, 9), SetScore(3, 9))),
    ]
    stages = client.get(f"/public/backgammon/{eid}/phase-finale/").context["stages"]
    sf1 = next(m for m in stages[0][1] if m["id"] == "SF1")
    assert (sf1["top"], sf1["bottom"]) == (q[0], q[4])
    # Swiss rounds are closed once the bracket exists
    assert "closes" in result(dclient, tables(3)[0], winner=tables(3)[0].a)
    # match sheets carry the clock budget: 2.5 min x 9 + 10 min = 32:30 (seed 003 clock 2.1)
    sheet = dclient.get(f"/backgammon/{eid}/phase-finale/feuilles/").content.decode()
    assert "32:30 + 9 s par coup" in sheet and "11 points" in sheet and "39:30" in sheet
    # and, as every print, the QR code of the live public page (issue 21, part 3)
    qr = sheet[sheet.index('id="print-qr"') :]
    assert "<svg" in qr[:200] and f"http://testserver/public/backgammon/{eid}/" in qr
    sheet = dclient.get(f"/backgammon/{eid}/ronde/1/feuilles/").content.decode()
    assert "22:30 + 9 s par coup" in sheet  # 5-point Swiss matches: 12:30 + 10:00


def test_a_match_entered_move_by_move_is_exported_as_mat(dclient: Client, client: Client) -> None:
    eid = setup_event(dclient)
    pair(dclient, eid)
    tb = tables(1)[0]
    text = MAT.read_text(encoding="utf-8")
    bad = text.replace("52: 13/8 24/22", "52: 13/3 24/22", 1)
    msg = messages_of(
        dclient.post(f"/backgammon/{eid}/table/{tb.pk}/mat/", {"mat": bad}, follow=True)
    )
    assert "feuille de match refusée" in msg[-1]
    msg = messages_of(
        dclient.post(f"/backgammon/{eid}/table/{tb.pk}/mat/", {"mat": text}, follow=True)
    )
    assert "feuille de match enregistrée" in msg[-1]
    exported = client.get(f"/public/backgammon/{eid}/table/{tb.pk}/match.mat").content.decode()
    assert "5 point match" in exported and "52: 13/8 24/22" in exported


def test_old_addresses_redirect_to_the_game_pages(dclient: Client, client: Client) -> None:
    """Bookmarks of the former ``tournoi/`` addresses keep working (308 keeps a POST)."""
    eid = setup_event(dclient)
    old = client.get(f"/public/tournoi/{eid}/classement.csv?x=1")
    assert old.status_code == 308
    assert old["Location"] == f"/public/backgammon/{eid}/classement.csv?x=1"
    assert dclient.get(f"/tournoi/{eid}/")["Location"] == f"/backgammon/{eid}/"
    assert dclient.get("/tournoi/backgammon/nouveau/")["Location"] == "/backgammon/nouveau/"
    assert dclient.get("/tournoi/classique/nouveau/")["Location"] == "/classique/nouveau/"
    posted = dclient.post(f"/tournoi/{eid}/apparier/", follow=True)
    assert "Ronde 1 appariée." in messages_of(posted)
    assert client.get("/tournoi/99999/").status_code == 404
    # a backgammon event is not served under the Classic prefix
    assert dclient.get(f"/classique/{eid}/").status_code == 404


def test_a_result_reads_with_the_winners_score_first(dclient: Client) -> None:
    """« B gagne 7-3 », never « B gagne 3-7 » when the second player of the table won."""
    eid = setup_event(dclient, match_length=7)
    pair(dclient, eid)
    tb = tables(1)[0]
    assert "résultat enregistré" in result(dclient, tb, winner=tb.b, score_a=3, score_b=7)
    page = dclient.get(f"/backgammon/{eid}/ronde/1/").content.decode()
    assert f"{tb.b} gagne 7-3" in page
    assert f"{tb.b} gagne 3-7" not in page


def test_the_add_player_form_asks_for_the_elo(dclient: Client) -> None:
    eid = setup_event(dclient, match_length=7)
    page = dclient.get(f"/backgammon/{eid}/").content.decode()
    field = page.index('name="rating"')
    # the field's own label (a window reaching back into the CSRF token, random letters,
    # once held "PL")
    form = page[page.rindex("<label", 0, field) : field]
    assert "ELO" in form and "Classement" not in form and "PL" not in form


def test_the_play_off_form_shows_only_when_a_tie_straddles_the_cut(
    dclient: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitre.app.backgammon import bracket

    eid = setup_event(dclient)
    for number in (1, 2, 3):
        pair(dclient, eid)
        play_round(dclient, number)
    url = f"/backgammon/{eid}/phase-finale/"
    tied, _ = bracket.playoff_needed(Tournament.objects.get(event_id=eid))
    page = dclient.get(url).content.decode()
    if not tied:  # the bracket can be built: no play-off to enter
        assert "Enregistrer le barrage" not in page
    names = [e.name for e in Entrant.objects.order_by("pk")[:2]]
    monkeypatch.setattr(
        bracket, "playoff_needed", lambda t: (names, "barrage nécessaire : " + ", ".join(names))
    )
    page = dclient.get(url).content.decode()
    assert "Enregistrer le barrage" in page and "barrage nécessaire" in page
    form = page[page.index("Barrage en un point") :]
    form = form[: form.index("</form>")]
    others = [e.name for e in Entrant.objects.exclude(name__in=names)]
    assert all(n in form for n in names) and not any(f">{n}<" in form for n in others)
