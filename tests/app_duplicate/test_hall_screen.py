"""The Duplicate hall screen's figures (issue 35, item 2; issue 33, item 9), read through the
JSON the screen polls: the solos announced at a game's end (seed 004, 2.6.4), a move scored
above its top on appeal marked until the chief arbiter decides (5.3, 5.2), the screen in
English when asked."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import services
from arbitre.app.duplicate.models import Game, Registration
from arbitre.app.events import live
from tests.app_duplicate.test_duplicate_above_top import MARK, appeal_above_the_top
from tests.app_duplicate.test_duplicate_web_flow import login, post_ballot

pytestmark = pytest.mark.django_db


def hall(event: Any, language: str = "") -> dict[str, Any]:
    live.clear()
    client = Client()
    if language:
        client.cookies["django_language"] = language
    data: dict[str, Any] = client.get(f"/public/duplicate/{event.event_id}/salle.json").json()
    return data


def text(fragment: str) -> str:
    """What a fragment says, tags taken away."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", fragment))).strip()


def one_move_game(event: Any) -> Game:
    """Game 1 over after one move: a bag of MAISON only, drawn and played (H4 MAISON, 18
    points, every letter on the board: 2.7, the end of the game)."""
    from arbitre.duplicate.draws import Bag
    from arbitre.duplicate.game import DuplicateGame
    from arbitre.duplicate.record import to_record

    engine = DuplicateGame(services.lexicon_of(event), random_draws=False, bag=Bag.of("MAISON"))
    engine.draw("MAISON")
    engine.play()
    assert engine.phase == "over"
    game = event.games.get(number=1)
    Game.objects.filter(pk=game.pk).update(record=to_record(engine), version=5)
    return Game.objects.get(pk=game.pk)


def test_004_2_6_4_the_solos_are_announced_at_the_end_of_the_game(event: Any) -> None:
    one_move_game(event)
    a = login("arbitre-a", "Arbitrage-2026")
    b = login("arbitre-b", "Arbitrage-2026")
    post_ballot(a, event, 1, "top")
    for table in range(2, 11):
        post_ballot(a, event, table, "10")
    for table in range(11, 20):
        post_ballot(b, event, table, "aucun")
    # one ballot still missing: not announced yet, and the screen says why
    data = hall(event)
    stage = text(data["stage"])
    assert "Partie terminée" in stage
    assert "Solos (2.6.4) : annoncés quand le dernier bulletin sera saisi (1 à saisir)" in stage
    assert [p["id"] for p in data["panels"]] == ["standings-1", "standings-2"]
    post_ballot(b, event, 20, "aucun")
    # 20 players (16 or more): table 1, alone with 18 on move 1, has the solo; its panel
    # comes first in the turn
    data = hall(event)
    assert "Solos (2.6.4) : 1 solo (tableau ci-dessous)" in text(data["stage"])
    solos = data["panels"][0]
    assert (solos["id"], solos["title"]) == ("solos-1", "Solos de TH1 (2.6.4)")
    cells = [
        re.findall(r"<td[^>]*>(.*?)</td>", r) for r in re.findall(r"<tr>(.*?)</tr>", solos["html"])
    ]
    assert [c for c in cells if c] == [["JOUEUR01 Test", "1", "18"]]
    # the board and the last top stay in view at the end
    assert "MAISON" in text(data["regions"]["hall-last"])
    assert data["regions"]["hall-board"].count(" new") == 6


def test_004_2_6_4_no_solo_under_sixteen_players(event: Any) -> None:
    Registration.objects.filter(duplicate=event, table__gt=15).delete()
    one_move_game(event)
    a = login("arbitre-a", "Arbitrage-2026")
    b = login("arbitre-b", "Arbitrage-2026")
    post_ballot(a, event, 1, "top")
    for table in range(2, 11):
        post_ballot(a, event, table, "10")
    for table in range(11, 16):
        post_ballot(b, event, table, "aucun")
    data = hall(event)
    assert "Solos (2.6.4) : pas de solo : moins de 16 joueurs." in text(data["stage"])
    assert data["panels"][0]["id"] == "standings-1"


def test_004_5_3_the_hall_marks_a_move_above_the_top_until_the_chief_decides(
    event: Any, director: Any
) -> None:
    before = hall(event)
    assert before["regions"]["hall-notice"] == ""
    chief, _ = appeal_above_the_top(event, director)
    data = hall(event)
    notice = text(data["regions"]["hall-notice"])
    assert "Coup au-dessus du top, décision en attente (5.3)" in notice and MARK in notice
    assert 'class="above-top-mark"' in data["regions"]["hall-last"]
    # the player concerned (table 1, 70 points) marked in the standings, nobody else
    standings = "".join(p["html"] for p in data["panels"])
    marked = re.findall(r'<tr class="above-top">(.*?)</tr>', standings)
    assert len(marked) == 1 and "JOUEUR01 Test" in marked[0]
    assert standings.count('class="above-top-mark"') == 1
    # the public page of the move being played says it too
    move_page = Client().get(f"/public/duplicate/{event.event_id}/partie/1/").content.decode()
    assert MARK in html.unescape(move_page)
    # the chief keeps the points, with a reason: the marks go
    game = event.games.get(number=1)
    chief.post(
        f"/duplicate/{event.event_id}/recours/top-garde/",
        {"game": game.number, "move": 1, "reason": "mot valide", "next": 1},
    )
    after = hall(event)
    assert after["regions"]["hall-notice"] == ""
    assert "above-top" not in "".join(p["html"] for p in after["panels"])
    assert "above-top" not in after["regions"]["hall-last"]
    move_page = Client().get(f"/public/duplicate/{event.event_id}/partie/1/").content.decode()
    assert MARK not in html.unescape(move_page)


def test_the_hall_speaks_english_when_asked(event: Any, director: Any) -> None:
    services.chief_action(event.games.get().pk, 0, "draw_entered", director, "AIMNOSE")
    page = Client()
    page.cookies["django_language"] = "en"
    screen = page.get(f"/public/duplicate/{event.event_id}/salle/").content.decode()
    assert '<html lang="en">' in screen and 'id="hall-language"' in screen
    data = hall(event, "en")
    assert "move 1" in data["stage"] and "Waiting for the start" in data["stage"]
    assert data["panels"][0]["title"] == "Standings (1/2)"
    french = hall(event)
    assert "coup 1" in french["stage"] and french["panels"][0]["title"] == "Classement (1/2)"


def test_before_game_1_the_hall_shows_the_self_check_in_code_until_the_first_draw(
    event: Any, director: Any
) -> None:
    """Issue 35: while the check-in is open the screen's code is the self check-in's (the
    address the director's page shows), large and with its address under it; the first
    draw of game 1 closes the check-in and the screen turns to the live standings' code."""
    checkin_path = f"/public/duplicate/{event.event_id}/pointage/"
    standings_path = f"/public/duplicate/{event.event_id}/"
    chief = login("directrice", "Tournoi-2026!")
    director_page = chief.get(f"/duplicate/{event.event_id}/pointage/").content.decode()
    shown_url = re.search(r'id="self-checkin-url">([^<]+)<', director_page)
    assert shown_url is not None and shown_url.group(1).endswith(checkin_path)

    live.clear()
    before = Client().get(f"/public/duplicate/{event.event_id}/salle/").content.decode()
    assert 'class="hall hall-dup hall-checkin"' in before and 'data-frame="checkin"' in before
    url = re.search(r'<p class="hall-url">([^<]+)</p>', before)
    assert url is not None and url.group(1) == shown_url.group(1)
    assert "Pointez-vous sur votre téléphone" in before
    assert hall(event)["frame"] == "checkin"

    services.chief_action(event.games.get().pk, 0, "draw_entered", director, "AIMNOSE")
    live.clear()
    after = Client().get(f"/public/duplicate/{event.event_id}/salle/").content.decode()
    assert "hall-checkin" not in after and 'data-frame="live"' in after
    url = re.search(r'<p class="hall-url">([^<]+)</p>', after)
    assert url is not None and url.group(1).endswith(standings_path)
    assert hall(event)["frame"] == "live"


def test_an_event_without_players_shows_the_live_code(event: Any) -> None:
    """Nobody to check in: the screen keeps the live standings' code."""
    Registration.objects.filter(duplicate=event).delete()
    live.clear()
    page = Client().get(f"/public/duplicate/{event.event_id}/salle/").content.decode()
    assert 'data-frame="live"' in page and "hall-checkin" not in page
