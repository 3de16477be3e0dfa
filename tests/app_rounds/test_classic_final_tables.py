"""The Classic final phase played at the tables (issue 35, item 3; seed 000 preamble: the
first four play it off): each game of each match gets its table (code, clock, score sheet)
with its two players, the top player as A, and who starts it (000 3.1 with rulings Classic
7 under FBS: the designation, game 2 by the player who did not start game 1; 001 3.1-3.2
under FFSc: the toss, game 2 by its loser); the signed games decide the match in the
final phase, the final and the match for 3rd place get their tables from the semi-finals,
and a result is corrected (audited before and after), never reopened at the table."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.app import wordlists
from arbitre.app.classic import final, finaltables
from arbitre.app.rounds.models import AuditEntry, KnockoutResult, TableLog, Tournament
from arbitre.classic.tournament.final_phase import final_places
from tests.app_rounds.conftest import check_in_all, messages_of
from tests.app_rounds.test_classic_table_web import LEXICON, act
from tests.app_rounds.test_classic_web import _play_round, pair, setup_event

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def lexicon(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wordlists, "_lexicons", {"": LEXICON})


def final_phase(dclient: Client, size: int, best_of: int, profile: str) -> Tournament:
    eid = setup_event(dclient, rounds=1, final_size=size, final_best_of=best_of, profile=profile)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    _play_round(dclient, 1)
    assert "Phase finale commencée." in messages_of(
        dclient.post(f"/classique/{eid}/phase-finale/generer/", follow=True)
    )
    return Tournament.objects.get(event_id=eid)


def games(t: Tournament, match_id: str) -> list[TableLog]:
    return finaltables.logs(t).get(match_id, [])


def play(dclient: Client, t: Tournament, log: TableLog, winner: int) -> dict[str, Any]:
    """One game at its table: the toss where asked (won by A), the start from the players'
    page (its code), the arbiter ends it (001 4.2.2), ``winner`` keeps the smaller rack,
    both players sign from their page."""
    players = f"/classique/table/{log.code}/action/"
    arbiter = f"/classique/{t.event_id}/phase-finale/table/{log.pk}/action/"
    c = Client()
    state = c.get(f"/classique/table/{log.code}/etat/").json()
    if state["toss_needed"]:
        assert act(c, players, {"kind": "toss", "rounds": [["A", "Z"]]}).status_code == 200
    assert act(c, players, {"kind": "start"}).status_code == 200
    assert act(dclient, arbiter, {"kind": "director_end"}).status_code == 200
    racks = {winner: "EEEEEEE", 1 - winner: "KWXYZJQ"}
    for p in (0, 1):
        act(c, players, {"kind": "declare_rack", "player": p, "tiles": racks[p]})
    act(c, players, {"kind": "sign", "player": 0})
    done = act(c, players, {"kind": "sign", "player": 1})
    assert done.status_code == 200, done.content
    return dict(done.json())


def starter_name(log: TableLog) -> str | None:
    log.refresh_from_db()
    state = Client().get(f"/classique/table/{log.code}/etat/").json()
    return None if state["starter"] is None else str(state["names"][state["starter"]])


def test_000_a_final_phase_of_four_is_played_at_the_tables_to_its_podium(
    dclient: Client,
) -> None:
    t = final_phase(dclient, size=4, best_of=3, profile="fbs")
    q = final.qualified(t)
    rows = {r["id"]: r for r in final.rows(t)}
    # the semi-finals 1-4 and 2-3 have their first game's table, the top player as A
    sf1, sf2 = games(t, "SF1"), games(t, "SF2")
    assert [g.setup["names"] for g in sf1 + sf2] == [[q[0], q[3]], [q[1], q[2]]]
    assert games(t, "F") == [] and games(t, "P3") == []
    # the designated starter the final phase's page announces starts game 1 at the table
    first = starter_name(sf1[0])
    assert f"partie 1 : {first} commence" in rows["SF1"]["starts"]
    page = dclient.get(f"/classique/{t.event_id}/phase-finale/").content.decode()
    assert 'id="ko-SF1-1"' in page and sf1[0].code in page
    assert (
        sf1[0].code
        not in Client().get(f"/public/classique/{t.event_id}/phase-finale/").content.decode()
    )

    # SF1: the top player wins games 1 and 2; game 2 is started by the other (000 3.1)
    play(dclient, t, sf1[0], winner=0)
    assert not KnockoutResult.objects.filter(match_id="SF1").exists()
    second = games(t, "SF1")[1]
    assert second.setup["game"] == 2
    assert starter_name(second) == ({q[0], q[3]} - {first}).pop()
    play(dclient, t, second, winner=0)
    sf1_result = KnockoutResult.objects.get(match_id="SF1")
    assert sf1_result.winner == q[0] and len(games(t, "SF1")) == 2  # no third game at 2-0
    entry = AuditEntry.objects.get(action="Résultat de la phase finale signé à la table")
    assert entry.target == "SF1" and entry.after["vainqueur"] == q[0]
    assert entry.after["scores"] == sf1_result.scores

    # SF2 goes to three games: 1-1, then the bottom player wins game 3
    for number, winner in ((1, 0), (2, 1), (3, 1)):
        log = games(t, "SF2")[number - 1]
        assert log.setup["game"] == number
        play(dclient, t, log, winner=winner)
    assert KnockoutResult.objects.get(match_id="SF2").winner == q[2]

    # the final (winners) and the match for 3rd place (losers) now have their tables
    assert [g.setup["names"] for g in games(t, "F")] == [[q[0], q[2]]]
    assert [g.setup["names"] for g in games(t, "P3")] == [[q[3], q[1]]]
    play(dclient, t, games(t, "F")[0], winner=1)
    play(dclient, t, games(t, "F")[1], winner=1)
    play(dclient, t, games(t, "P3")[0], winner=0)
    play(dclient, t, games(t, "P3")[1], winner=0)
    assert final_places(final.matches(t)) == {q[2]: 1, q[0]: 2, q[3]: 3, q[1]: 4}

    # a typing slip found on P3's second sheet: the director corrects the match's result on
    # the final phase's page (audited before and after); the sheet is not reopened
    p3 = KnockoutResult.objects.get(match_id="P3")
    before = p3.scores
    corrected = f"{before[0][0]}-{before[0][1]} {before[1][1]}-{before[1][0]} 400-380"
    response = dclient.post(
        f"/classique/{t.event_id}/phase-finale/resultat/",
        {"match": "P3", "scores": corrected, "action": "correct"},
        follow=True,
    )
    assert "P3 : résultat corrigé." in messages_of(response)
    entry = AuditEntry.objects.get(action="Correction de résultat de la phase finale")
    assert entry.before == {"vainqueur": q[3], "scores": before}
    assert entry.after["vainqueur"] == q[3] and len(entry.after["scores"]) == 3
    last = games(t, "P3")[1]
    response = dclient.post(
        f"/classique/{t.event_id}/phase-finale/table/{last.pk}/rouvrir/",
        {"reason": "erreur de score"},
        follow=True,
    )
    assert any("corrigez-le depuis la page de la phase finale" in m for m in messages_of(response))
    assert Client().get(f"/classique/table/{last.code}/etat/").json()["signed"] == [True, True]
    assert final_places(final.matches(t))[q[3]] == 3


def test_001_3_1_3_2_under_the_toss_its_loser_starts_game_2_and_game_3_is_tossed_again(
    dclient: Client,
) -> None:
    t = final_phase(dclient, size=2, best_of=3, profile="ffsc")
    first = games(t, "F")[0]
    assert first.setup["starter"] is None  # 001 3.1: a toss decides game 1
    page = dclient.get(f"/classique/{t.event_id}/phase-finale/table/{first.pk}/").content.decode()
    assert "Tirage au sort pour commencer cette partie (001 3.1)." in page
    top, bottom = first.setup["names"]
    play(dclient, t, first, winner=1)  # the toss (A then Z) makes the top player start
    assert starter_name(first) == top
    second = games(t, "F")[1]
    assert starter_name(second) == bottom  # 001 3.2: the loser of the toss starts game 2
    assert (
        "commence cette partie."
        in Client().get(f"/classique/table/{second.code}/").content.decode()
    )
    play(dclient, t, second, winner=0)
    third = games(t, "F")[2]
    assert third.setup["starter"] is None  # 001 3.2: game 3 is tossed again
    play(dclient, t, third, winner=1)
    assert KnockoutResult.objects.get(match_id="F").winner == bottom


def test_a_final_games_call_and_unsigned_sheet_are_in_the_directors_overview(
    dclient: Client,
) -> None:
    from arbitre.app.events import needs
    from arbitre.app.events.models import Event

    t = final_phase(dclient, size=2, best_of=1, profile="ffsc")
    log = games(t, "F")[0]
    top, bottom = log.setup["names"]
    players = f"/classique/table/{log.code}/action/"
    arbiter = f"/classique/{t.event_id}/phase-finale/table/{log.pk}/action/"
    event = Event.objects.get(pk=t.event_id)

    def listed(kind: str) -> list[Any]:
        return [n for n in needs.overview(event).needs if n.kind == kind]

    c = Client()
    assert listed("call") == [] and listed("unsigned") == []
    act(c, players, {"kind": "toss", "rounds": [["A", "Z"]]})
    act(c, players, {"kind": "start"})
    act(c, players, {"kind": "play", "player": 0, "move": "H4 MAISON"})
    # the players stop the clock and call the arbiter (001 4.1.6) at the final's table
    act(c, players, {"kind": "neutralise", "reason": "arbiter"})
    (call,) = listed("call")
    assert call.url == f"/classique/{t.event_id}/phase-finale/table/{log.pk}/"
    assert call.where == f"Finale, partie 1 · {top} — {bottom}"
    act(c, players, {"kind": "resume"})
    assert listed("call") == []
    clock = next(x for x in needs.overview(event).clocks if x.key == f"clock:f{log.pk}")
    assert [s.running for s in clock.sides] == [False, True]  # the bottom player to move
    act(dclient, arbiter, {"kind": "director_end"})
    for p, tiles in ((0, "EEEEEEE"), (1, "KWXYZJQ")):
        act(c, players, {"kind": "declare_rack", "player": p, "tiles": tiles})
    act(c, players, {"kind": "sign", "player": 0})
    (unsigned,) = listed("unsigned")
    assert bottom in unsigned.text and top not in unsigned.text and unsigned.url == call.url
    act(c, players, {"kind": "sign", "player": 1})
    assert listed("unsigned") == [] and listed("result") == []
    assert KnockoutResult.objects.get(match_id="F").winner == top


def test_a_corrected_semi_final_gives_the_final_game_not_started_its_new_player(
    dclient: Client,
) -> None:
    t = final_phase(dclient, size=4, best_of=1, profile="fbs")
    q = final.qualified(t)
    play(dclient, t, games(t, "SF1")[0], winner=0)
    play(dclient, t, games(t, "SF2")[0], winner=0)
    (game,) = games(t, "F")
    assert game.setup["names"] == [q[0], q[1]]
    # the director finds SF1's sheet wrong: the bottom player won it (audited correction)
    response = dclient.post(
        f"/classique/{t.event_id}/phase-finale/resultat/",
        {"match": "SF1", "scores": "380-420", "action": "correct"},
        follow=True,
    )
    assert "SF1 : résultat corrigé." in messages_of(response)
    page = dclient.get(f"/classique/{t.event_id}/phase-finale/").content.decode()
    game.refresh_from_db()
    assert game.setup["names"] == [q[3], q[1]] and game.code in page
    assert [g.setup["names"] for g in games(t, "P3")] == [[q[0], q[2]]]


def test_a_final_games_sheet_is_reopened_with_a_reason_while_its_match_is_open(
    dclient: Client,
) -> None:
    t = final_phase(dclient, size=2, best_of=3, profile="fbs")
    first = games(t, "F")[0]
    play(dclient, t, first, winner=0)
    url = f"/classique/{t.event_id}/phase-finale/table/{first.pk}/rouvrir/"
    refused = messages_of(dclient.post(url, {"reason": " "}, follow=True))
    assert any("Donnez la raison" in m for m in refused)
    assert (
        "Feuille rouverte" in messages_of(dclient.post(url, {"reason": "score"}, follow=True))[-1]
    )
    entry = AuditEntry.objects.get(action="Feuille de table rouverte")
    assert entry.target == "phase finale, F, partie 1" and entry.reason == "score"
    signed = AuditEntry.objects.filter(action="Résultat signé à la table")
    assert {e.target for e in signed} == {"phase finale, F, partie 1"}
    # a final game is its event's: it is not a friendly game's page
    assert dclient.get(f"/classique/amicale/{first.code}/").status_code == 404


def test_a_forfeit_at_a_final_game_is_left_to_the_director_with_the_games_signed(
    dclient: Client,
) -> None:
    from arbitre.app.events import needs
    from arbitre.app.events.models import Event

    t = final_phase(dclient, size=2, best_of=3, profile="ffsc")
    first = play(dclient, t, games(t, "F")[0], winner=0)
    second = games(t, "F")[1]
    arbiter = f"/classique/{t.event_id}/phase-finale/table/{second.pk}/action/"
    # the bottom player does not come back for game 2: the arbiter declares the forfeit
    done = act(dclient, arbiter, {"kind": "forfeit", "player": 1})
    assert done.status_code == 200 and done.json()["result"]["forfeit"] == 1
    assert not KnockoutResult.objects.filter(match_id="F").exists()
    assert len(games(t, "F")) == 2  # no third game: the director decides the match
    (missing,) = [
        n for n in needs.overview(Event.objects.get(pk=t.event_id)).needs if n.kind == "result"
    ]
    assert missing.url == f"/classique/{t.event_id}/phase-finale/"
    assert "à saisir dans la phase finale" in missing.text
    page = dclient.get(f"/classique/{t.event_id}/phase-finale/").content.decode()
    a, b = first["result"]["scores"]
    assert f'value="{a}-{b}"' in page  # the director's entry starts from game 1's scores
    assert "résultat du match à saisir par le directeur" in page


def test_deleting_the_event_takes_its_final_games_with_it(dclient: Client) -> None:
    t = final_phase(dclient, size=2, best_of=1, profile="fbs")
    (game,) = games(t, "F")
    t.event.delete()
    assert not TableLog.objects.filter(pk=game.pk).exists()
