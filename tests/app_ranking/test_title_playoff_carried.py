"""Seed 002, A.4: "les joueurs (ou paires) sont départagés par une épreuve en « mort
subite » ... 3 coups en blitz, suite en 40 secondes"; "ce départage est limité à une partie
complète, si à l'issue de cette partie l'égalité subsiste les joueurs concernés sont
définitivement ex aequo". The play-off played in Arbitre decides the title of the original
event in the ranking (its winner recorded as the decision, with the score), in one click of
the officer, or by itself when the event is closed into the ranking."""

from __future__ import annotations

import re
from typing import Any

import pytest

from arbitre.app.duplicate import ballots, playoff
from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.ranking.titles import PlayoffResult, sudden_death
from tests.app_duplicate.test_duplicate_playoff import _tie
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move
from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db


def test_002_A4_sudden_death_the_first_player_behind_is_eliminated() -> None:
    """Level on move 1; on move 2 B scores less: B is out, A wins, whatever follows."""
    moves = [{"A": 20, "B": 20}, {"A": 30, "B": 12}, {"A": 0, "B": 95}]
    assert sudden_death(moves) == PlayoffResult("A", 2, {"A": 50, "B": 32})


def test_002_A4_three_players_one_out_then_the_last_two_until_one_is_left() -> None:
    moves = [{"A": 20, "B": 20, "C": 10}, {"A": 8, "B": 8, "C": 99}, {"A": 5, "B": 7}]
    assert sudden_death(moves) == PlayoffResult("B", 3, {"A": 33, "B": 35, "C": 10})


def test_002_A4_still_level_after_the_full_game_is_ex_aequo_for_good() -> None:
    moves = [{"A": 20, "B": 20}, {"A": 30, "B": 30}]
    assert sudden_death(moves) == PlayoffResult(None, None, {"A": 50, "B": 50})


def _playoff(event: Any, director: Any) -> DuplicateEvent:
    event.title_tie_break = True
    _tie(event, director)
    created = playoff.create_title_playoff(event, director)
    return DuplicateEvent.objects.get(event=created)


def _move(played: DuplicateEvent, director: Any, texts: dict[str, str]) -> None:
    game = play_first_move(played, director)
    for reg in played.players.all():
        ballots.enter_ballot(game.pk, reg.pk, 1, texts[reg.licence], 0, director)


def test_002_A4_the_playoff_is_undecided_while_level_and_decided_by_the_first_gap(
    event: Any, director: Any
) -> None:
    played = _playoff(event, director)
    assert playoff.playoffs_of(event) == [played]
    assert playoff.playoff_result(played) is None  # nothing played
    game = play_first_move(played, director)
    regs = {r.licence: r for r in played.players.all()}
    ballots.enter_ballot(game.pk, regs["1001"].pk, 1, "top", 0, director)
    assert playoff.playoff_result(played) is None  # a ballot of the move still missing
    ballots.enter_ballot(game.pk, regs["1002"].pk, 1, "5", 0, director)
    result = playoff.playoff_result(played)
    assert result == PlayoffResult("1001", 1, {"1001": 18, "1002": 5})


def test_002_A4_level_after_a_move_the_playoff_goes_on(event: Any, director: Any) -> None:
    played = _playoff(event, director)
    _move(played, director, {"1001": "top", "1002": "top"})
    assert playoff.playoff_result(played) is None  # the game is not over: it goes on


def test_002_A4_the_winner_is_carried_to_the_title_of_the_original_event(
    event: Any, director: Any
) -> None:
    """The original event closed into the ranking: its overall title awaits the play-off
    (level for first on the tops lost, the officer said it is the Championnat de France
    individuel). The play-off won by 1001 is offered in one click, then recorded with its
    score; the title goes to 1001, 1002 gets silver."""
    from arbitre.app.ranking.models import RankedEvent, RankingAudit

    played = _playoff(event, director)
    _move(played, director, {"1001": "top", "1002": "5"})
    d = login("directrice", "Tournoi-2026!")
    confirmed(d, d.post(f"/federation/duplicate/{event.event_id}/cloture/", {"type_code": "SF"}))
    ranked = RankedEvent.objects.get()
    url = f"/federation/epreuves/{ranked.pk}/titres/"
    d.post(url, {"action": "settings", "championship": "individual", "country": "FR"})
    page = d.get(url).content.decode()
    assert 'id="carry-playoff"' in page
    assert "est terminée : 1001 18 – 1002 5." in page
    page = d.post(url, {"action": "playoff"}, follow=True).content.decode()
    assert "Départage enregistré." in page
    ranked.refresh_from_db()
    decision = ranked.title_decisions["overall"]
    assert (decision["decider"], decision["winner"], decision["score"]) == (
        "playoff",
        "1001",
        "1001 18 – 1002 5",
    )
    assert 'id="carry-playoff"' not in page
    assert "Épreuve de départage jouée dans Arbitre : 1001 18 – 1002 5." in page
    overall = page.split('id="title-overall"')[1].split("</section>")[0]
    assert re.search(r"<td>1</td><td>or</td><td>[^<]*\(1001\)</td>", overall)
    assert re.search(r"<td>2</td><td>argent</td><td>[^<]*\(1002\)</td>", overall)
    assert RankingAudit.objects.filter(
        action="Titre départagé par l'épreuve de départage d'Arbitre"
    ).exists()
