"""The Duplicate pages word the engine's codes: sanctions (also as stored before they were
codes), refusals, the end of a game; nothing shows a raw code."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import services
from arbitre.app.duplicate.models import BallotEntry, Game, Registration

pytestmark = pytest.mark.django_db


def login(username: str, password: str) -> Client:
    client = Client()
    assert client.login(username=username, password=password)
    return client


def first_move(dup: Any, director: Any) -> Game:
    game = dup.games.get(number=1)
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE")
    return services.chief_action(game.pk, game.version, "reveal", director)


def post_ballot(client: Client, dup: Any, table: int, text: str) -> Any:
    reg = Registration.objects.get(duplicate=dup, table=table)
    return client.post(
        f"/duplicate/{dup.event_id}/partie/1/saisie/api/",
        data=json.dumps({"registration": reg.pk, "move": 1, "version": 0, "text": text}),
        content_type="application/json",
    ).json()


def test_the_entry_api_words_the_decision(event: Any, director: Any) -> None:
    first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    answer = post_ballot(a, event, 1, "H4 MAISONS 20")
    assert answer["ok"] and answer["sanction"] == {
        "kind": "nullity",
        "code": "letters_not_in_draw",
        "rule": "004 4.2",
    }
    assert answer["sanction_label"] == "Mot ne pouvant être formé avec les lettres du tirage"
    assert answer["explanation_text"] == (
        "Mot ne pouvant être formé avec les lettres du tirage (004 4.2)"
    )
    assert answer["explanation"]["code"] == "duplicate.decision.sanction"
    refused = post_ballot(a, event, 2, "H4 MAISON 18 19")
    assert refused == {
        "ok": False,
        "error": "deux scores dans « H4 MAISON 18 19 » : séparez les solutions par /",
    }


def test_player_sheets_word_the_sanction_not_its_code(event: Any, director: Any) -> None:
    first_move(event, director)
    a = login("arbitre-a", "Arbitrage-2026")
    post_ballot(a, event, 1, "H4 MAISONS 20")
    public = Client().get(f"/public/duplicate/{event.event_id}/joueur/1001/").content.decode()
    assert "Mot ne pouvant être formé avec les lettres du tirage" in public
    assert "letters_not_in_draw" not in public
    printed = a.get(f"/duplicate/{event.event_id}/imprimer/joueur/1001/").content.decode()
    assert "Mot ne pouvant être formé avec les lettres du tirage" in printed
    assert "letters_not_in_draw" not in printed


def test_decisions_stored_with_french_labels_still_display(event: Any, director: Any) -> None:
    """A ballot stored before sanctions and explanations were codes."""
    game = first_move(event, director)
    reg = Registration.objects.get(duplicate=event, table=1)
    BallotEntry.objects.create(
        game=game,
        registration=reg,
        move_number=1,
        text="H4 MAISONE 20",
        score=0,
        decision={
            "score": 0,
            "sanction": {
                "kind": "nullity",
                "code": "invalid_word",
                "label": "Mot non admis",
                "rule": "004 4.2",
            },
            "move": "H4 MAISONE",
            "candidates": [],
            "disciplinary_warning": False,
            "explanation": "Mot non admis : MAISONE (004 4.2)",
            "invalid_word": "MAISONE",
        },
    )
    a = login("arbitre-a", "Arbitrage-2026")
    entry = a.get(f"/duplicate/{event.event_id}/partie/1/saisie/?coup=1").content.decode()
    assert '<td class="decision">Mot non admis</td>' in entry
    slips = a.get(f"/duplicate/{event.event_id}/partie/1/avertissements/").content.decode()
    assert "Nullité (zéro) : Mot non admis : MAISONE (article 4.2)" in slips
    sheet = Client().get(f"/public/duplicate/{event.event_id}/joueur/1001/").content.decode()
    assert "Mot non admis" in sheet and "invalid_word" not in sheet


def test_chief_arbiter_sees_refusals_and_the_end_worded(event: Any, director: Any) -> None:
    client = login("directrice", "Tournoi-2026!")
    url = f"/duplicate/{event.event_id}/partie/1/ja/"
    page = client.post(
        url, {"action": "draw_entered", "value": "AIM", "version": 0}, follow=True
    ).content.decode()
    assert "Nombre de lettres incorrect : le tirage en demande 7, lettres saisies : 3" in page
    page = client.post(url, {"action": "reveal", "version": 0}, follow=True).content.decode()
    assert "Choix du top impossible maintenant : faites d&#x27;abord le tirage" in page
    game = event.games.get(number=1)
    game.record = None
    game.save()
    from arbitre.duplicate.draws import Bag
    from arbitre.duplicate.game import DuplicateGame
    from arbitre.duplicate.record import to_record

    engine = DuplicateGame(services.lexicon_of(event), random_draws=False, bag=Bag.of("MAISON"))
    engine.draw("MAISON")
    engine.play()
    Game.objects.filter(pk=game.pk).update(record=to_record(engine), version=5)
    page = client.get(url).content.decode()
    assert "Partie terminée (toutes les lettres sont posées)." in page
    # the heading names the moves played, not a move after the last
    assert f"{game.name} — terminée en 1 coup</h1>" in page and "— coup 2" not in page


def test_sheets_standings_and_log_read_as_french(event: Any, director: Any) -> None:
    """Issue 21, part 4 (French wording): no empty club between two dots, percentages with
    two decimals everywhere, the log's values as « clé : valeur » (not a raw dictionary),
    one player and one table in the singular."""
    from arbitre.app.duplicate import ballots, setup
    from arbitre.duplicate.event import Player

    game = first_move(event, director)  # H4 MAISON, 18
    for reg in event.players.all():
        ballots.enter_ballot(game.pk, reg.pk, 1, "top" if reg.table == 1 else "6", 0, director)
    services.register_players(event, [Player("2002", "IMPORTE", table=22)], director)
    setup.assign_arbiter(event, "arbitre-c", "Tables-du-fond-2026", (22, 22), director)
    public = Client().get(f"/public/duplicate/{event.event_id}/joueur/1002/").content.decode()
    assert "<p>série 3 · table 2 ·" in public  # no club: no « · · »
    assert "TH1 : 6 points (top 18, 33,33 %)" in public
    d = login("directrice", "Tournoi-2026!")
    printed = d.get(f"/duplicate/{event.event_id}/imprimer/joueur/2002/").content.decode()
    assert "Licence 2002 · série — · table 22" in printed and "0,00 %" in printed
    standings = Client().get(f"/public/duplicate/{event.event_id}/").content.decode()
    assert '<td class="num">0,00</td>' in standings and '<td class="num">33,33</td>' in standings
    detail = d.get(f"/duplicate/{event.event_id}/").content.decode()
    assert "<td>Import des joueurs</td><td>1 joueur</td>" in detail
    assert "<td>arbitre-c : table 22</td><td></td><td>joueurs : 1</td>" in detail
    assert "<td>bulletin : top · points : 18</td>" in detail
    assert "coups joués : 1 · dernier top : H4 MAISON · tirage : —" in detail
