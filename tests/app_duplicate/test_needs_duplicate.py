"""The director's live overview of a Duplicate game (issue 35, item 4): the ballots missing
on the move being entered (per arbiter) and on earlier moves, a score above the top after an
appeal waiting for the chief's decision (004 5.3), the move's time over (2.3), players no
arbiter enters; each built from the real game and gone once resolved."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from arbitre.app.duplicate import appeals, ballots, services, setup
from arbitre.app.duplicate.models import Game, Registration
from arbitre.app.events import needs
from arbitre.app.events.needs_model import ALERT, WATCH
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move

pytestmark = pytest.mark.django_db


def listed(dup: Any, kind: str = "", number: int | None = None) -> list[Any]:
    found = needs.overview(dup.event, number).needs
    return [n for n in found if not kind or n.kind == kind]


def enter(dup: Any, director: Any, tables: range, move: int = 1) -> None:
    game = dup.games.get(number=1)
    for table in tables:
        reg = Registration.objects.get(duplicate=dup, table=table)
        ballots.enter_ballot(game.pk, reg.pk, move, "top", 0, director)


def test_004_the_ballots_missing_on_the_move_being_entered_per_arbiter(
    event: Any, director: Any
) -> None:
    assert listed(event, "ballots") == []  # nothing revealed, nothing awaited
    play_first_move(event, director)
    found = listed(event, "ballots")
    assert [(n.level, n.text) for n in found] == [
        (WATCH, "arbitre-a : 10 bulletins manquants (tables 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)."),
        (
            WATCH,
            "arbitre-b : 10 bulletins manquants (tables 11, 12, 13, 14, 15, 16, 17, 18, 19, 20).",
        ),
    ]
    assert found[0].where == "TH1, coup 1"
    assert found[0].url == f"/duplicate/{event.event_id}/partie/1/saisie/?coup=1"
    enter(event, director, range(1, 11))
    found = listed(event, "ballots")
    assert len(found) == 1 and found[0].text.startswith("arbitre-b : 10 bulletins")
    # a player arrived for move 2 (5.1) is not waited for on move 1
    late = Registration.objects.get(duplicate=event, table=20)
    setup.mark_late(event.games.get(number=1), late, 2, director)
    found = listed(event, "ballots")
    assert found[0].text.startswith("arbitre-b : 9 bulletins") and "20" not in found[0].text
    enter(event, director, range(11, 20))
    assert listed(event, "ballots") == []


def test_004_ballots_still_missing_on_an_earlier_move_are_an_alert(
    event: Any, director: Any
) -> None:
    play_first_move(event, director)
    enter(event, director, range(1, 19))  # tables 19 and 20 not entered on move 1
    game = event.games.get(number=1)
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSE")
    services.chief_action(game.pk, game.version, "reveal", director)
    earlier = [n for n in listed(event, "ballots") if n.where == "TH1, coup 1"]
    assert [(n.level, n.text) for n in earlier] == [
        (ALERT, "2 bulletins manquants (tables 19, 20).")
    ]
    enter(event, director, range(19, 21))
    assert [n for n in listed(event, "ballots") if n.where == "TH1, coup 1"] == []
    assert len(listed(event, "ballots")) == 2  # move 2: both arbiters still entering


def test_004_5_3_a_score_above_the_top_waits_for_the_chiefs_decision(
    event: Any, director: Any
) -> None:
    play_first_move(event, director)
    game = event.games.get(number=1)
    reg = Registration.objects.get(duplicate=event, table=1)
    ballots.enter_ballot(game.pk, reg.pk, 1, "H4 MAISONE 70", 0, director)
    assert listed(event, "above_top") == []
    ballots.accept_word(event, "maisone", "ODS en vigueur", director)
    found = listed(event, "above_top")
    assert len(found) == 1 and found[0].level == ALERT
    assert "70 points" in found[0].text and found[0].where == "TH1, coup 1"
    assert found[0].url == f"/duplicate/{event.event_id}/partie/1/ja/"
    appeals.keep(event, event.games.get(number=1), 1, "ODS en vigueur", director)
    assert listed(event, "above_top") == []


def test_004_2_3_the_moves_time_over_asks_for_the_top(event: Any, director: Any) -> None:
    game = event.games.get(number=1)
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE")
    game = services.chief_action(game.pk, game.version, "start_timer", director)
    found = needs.overview(event.event)
    assert [c.sides[0].running for c in found.clocks] == [True]
    assert listed(event, "clock") == []
    Game.objects.filter(pk=game.pk).update(
        timer_started_at=timezone.now() - datetime.timedelta(seconds=181)
    )
    over = listed(event, "clock")
    assert len(over) == 1 and "le top est à annoncer" in over[0].text
    game.refresh_from_db()
    services.chief_action(game.pk, game.version, "reveal", director)
    assert listed(event, "clock") == []


def test_players_no_arbiter_enters(event: Any, director: Any) -> None:
    Registration.objects.filter(duplicate=event, table=3).update(arbiter=None)
    Registration.objects.filter(duplicate=event, table=4).update(table=None)
    texts = [n.text for n in listed(event, "setup")]
    assert texts == [
        "1 joueur sans table : JOUEUR04 Test.",
        "1 joueur sans arbitre pour ses bulletins (tables 3).",
    ]


def test_the_page_and_its_json_for_the_chief_only(event: Any, director: Any) -> None:
    play_first_move(event, director)
    chief = login("directrice", "Tournoi-2026!")
    page = chief.get(f"/duplicate/{event.event_id}/")
    assert f'href="/evenement/{event.event_id}/direction/"' in page.content.decode()
    page = chief.get(f"/evenement/{event.event_id}/direction/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "arbitre-a : 10 bulletins manquants" in html and 'id="needs-initial"' in html
    data = chief.get(f"/evenement/{event.event_id}/direction/etat/?ronde=1").json()
    assert data["round_label"] == "TH1" and data["needs"][0]["label"] == "Bulletins manquants"
    assert chief.get(f"/evenement/{event.event_id}/direction/?ronde=9").status_code == 404
    arbiter = login("arbitre-a", "Arbitrage-2026")
    assert arbiter.get(f"/evenement/{event.event_id}/direction/").status_code == 403
    assert arbiter.get(f"/evenement/{event.event_id}/direction/etat/").status_code == 403
    assert Client().get(f"/evenement/{event.event_id}/direction/").status_code == 302


def test_the_overview_does_not_await_a_player_absent_at_the_check_in(
    event: Any, director: Any
) -> None:
    """The overview and the chief's screen read the ballots awaited the same way: a player
    confirmed absent at the check-in is not waited for (issue 35, items 1 and 4)."""
    from arbitre.app.duplicate import checkin, missing

    checkin.confirm(event, {p.pk for p in event.players.exclude(table=20)}, director)
    game = play_first_move(event, director)
    found = listed(event, "ballots")
    assert found[1].text.startswith("arbitre-b : 9 bulletins") and "20" not in found[1].text
    assert sum(n.missing for n in missing.missing_by_arbiter(game)) == 19


def test_a_player_absent_at_the_check_in_needs_no_table_unless_late(
    event: Any, director: Any
) -> None:
    """The placement items leave out the players the check-in found absent (they sit at no
    table), but a player marked late for a game needs a table again (seed 004, 5.1)."""
    from arbitre.app.duplicate import checkin

    absent = Registration.objects.get(duplicate=event, table=20)
    checkin.confirm(event, {p.pk for p in event.players.exclude(pk=absent.pk)}, director)
    Registration.objects.filter(pk=absent.pk).update(table=None)
    assert listed(event, "setup") == []
    setup.mark_late(event.games.get(number=1), absent, 2, director)
    assert [n.text for n in listed(event, "setup")] == ["1 joueur sans table : JOUEUR20 Test."]


def test_the_summary_does_not_repeat_the_games_name(event: Any, director: Any) -> None:
    play_first_move(event, director)
    found = needs.overview(event.event, None)
    assert found.round_label == "TH1"
    assert found.summary == "1 coup joué, 20 joueurs."


def test_the_clocks_table_says_when_no_clock_runs(event: Any, director: Any) -> None:
    chief = login("directrice", "Tournoi-2026!")
    html = chief.get(f"/evenement/{event.event_id}/direction/").content.decode()
    assert "Aucune pendule en marche." in html


def test_the_overview_reads_the_kept_event_instead_of_building_it_at_each_poll(
    event: Any, director: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chief's overview is polled every 3 s; building the event from every ballot costs
    0.3 s at 1,500 players (issue 37): it reads the event kept for the public pages."""
    play_first_move(event, director)
    listed(event)  # (the kept event built once, as the public pages build it)

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the event built from scratch")

    monkeypatch.setattr(appeals, "build_event", refused)
    monkeypatch.setattr(services, "build_event", refused)
    game = event.games.get(number=1)
    reg = Registration.objects.get(duplicate=event, table=1)
    ballots.enter_ballot(game.pk, reg.pk, 1, "H4 MAISONE 70", 0, director)
    ballots.accept_word(event, "maisone", "ODS en vigueur", director)
    for _ in range(2):
        found = listed(event, "above_top")
        assert len(found) == 1 and "70 points" in found[0].text
