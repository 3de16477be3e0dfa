"""A player the check-in found absent plays no move (issue 35, the whole-day run): the
standings do not wait for their ballots (they were provisional all day with 3 absents:
"132 bulletins à saisir") and do not rank them, unless they arrive, marked late for a game
(seed 004, 5.1): from then on they are ranked, with 0 on every move before their arrival.
The standings kept change by change read the same (:mod:`arbitre.app.duplicate.standings`)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import ballots, checkin, services, setup, standings
from arbitre.app.duplicate.models import Registration
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move

pytestmark = pytest.mark.django_db


def _enter_all_present(dup: Any, director: Any, absent: set[int]) -> None:
    game = dup.games.get(number=1)
    for reg in Registration.objects.filter(duplicate=dup).exclude(table__in=absent):
        ballots.enter_ballot(game.pk, reg.pk, 1, "top", 0, director)


def _kept_equals_reference(dup: Any) -> Any:
    standings.forget()
    reference = services.build_event(dup).standings_table().to_json()
    assert standings.current_event(dup).standings_table().to_json() == reference
    return reference


def test_absent_players_are_not_awaited_nor_ranked(event: Any, director: Any) -> None:
    checkin.confirm(event, {p.pk for p in event.players.exclude(table__in=(19, 20))}, director)
    play_first_move(event, director)
    _enter_all_present(event, director, {19, 20})
    table = _kept_equals_reference(event)
    assert table["missing_ballots"] == 0  # not provisional: every present player is in
    ranked = {row["licence"] for row in table["standings"]}
    assert len(ranked) == 18 and not ranked & {"1019", "1020"}
    # the pages of a player who never came: not found, rather than an error
    assert Client().get(f"/public/duplicate/{event.event_id}/joueur/1020/").status_code == 404
    chief = login("directrice", "Tournoi-2026!")
    assert chief.get(f"/duplicate/{event.event_id}/imprimer/joueur/1020/").status_code == 404


def test_an_absent_player_marked_late_is_ranked_with_0_before_arriving(
    event: Any, director: Any
) -> None:
    checkin.confirm(event, {p.pk for p in event.players.exclude(table=20)}, director)
    game = play_first_move(event, director)
    _enter_all_present(event, director, {20})
    late = Registration.objects.get(duplicate=event, table=20)
    setup.mark_late(event.games.get(number=1), late, 2, director)
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSE")
    services.chief_action(game.pk, game.version, "reveal", director)
    table = _kept_equals_reference(event)
    assert table["missing_ballots"] == 20  # move 2: the late player's ballot is awaited too
    row = next(r for r in table["standings"] if r["licence"] == "1020")
    assert row["total"] == 0
    ballots.enter_ballot(game.pk, late.pk, 2, "top", 0, director)
    again = _kept_equals_reference(event)
    assert next(r for r in again["standings"] if r["licence"] == "1020")["total"] > 0


def test_the_kept_standings_follow_a_check_in_and_a_ballot_for_an_absent_player(
    event: Any, director: Any
) -> None:
    """Kept standings built before the check-in drop the absent player once it is confirmed;
    a ballot entered for them after all brings them back (they were there)."""
    standings.forget()
    assert len(standings.current_event(event).standings_table().rows) == 20
    checkin.confirm(event, {p.pk for p in event.players.exclude(table=20)}, director)
    assert len(standings.current_event(event).standings_table().rows) == 19
    game = play_first_move(event, director)
    assert len(standings.current_event(event).standings_table().rows) == 19
    late = Registration.objects.get(duplicate=event, table=20)
    ballots.enter_ballot(game.pk, late.pk, 1, "top", 0, director)
    kept = standings.current_event(event).standings_table().to_json()
    assert len(kept["standings"]) == 20
    assert kept == services.build_event(event).standings_table().to_json()
