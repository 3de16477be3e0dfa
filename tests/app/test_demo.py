"""``arbitre demo`` (issue 23, part 1): demo events of each game, in progress, written
through the application's services; the same seed gives the same events."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arbitre.app import demo
from tests.shared_data import demo_events, for_a_test

pytestmark = pytest.mark.django_db

PASSWORD = "Démonstration-2026"


def _populate(seed: int = 7) -> demo.DemoReport:
    return demo.populate(demo.demo_director(PASSWORD), demo.SMALL, seed)


#: The demo built from seed 7, once for the module (:mod:`tests.shared_data`).
demo_report = demo_events("demo_report", seed=7, password=PASSWORD)


@pytest.fixture
def built(demo_report: demo.DemoReport) -> demo.DemoReport:
    return for_a_test(demo_report)


def test_the_demo_builds_one_event_of_each_game_in_progress(built: demo.DemoReport) -> None:
    from arbitre.app.duplicate.models import BallotEntry, DuplicateEvent
    from arbitre.app.events.models import Event
    from arbitre.app.events.roles import DIRECTOR, has_role
    from arbitre.app.rounds.models import Round, Table

    size = demo.SMALL
    report = built
    assert set(report.events) == {"duplicate", "classic", "backgammon"}
    assert demo.existing_events() == {
        Event.objects.get(pk=pk).name: pk for pk in report.events.values()
    }
    user = demo.demo_director(PASSWORD)
    for pk in report.events.values():  # the demo account directs every demo event
        assert has_role(user, DIRECTOR, pk)

    # Classic and backgammon: rounds entered, then the next round paired and half entered
    for kind, entered in (
        ("classic", size.classic_rounds_entered),
        ("backgammon", size.backgammon_rounds_entered),
    ):
        rounds = list(Round.objects.filter(tournament__event_id=report.events[kind]))
        assert [r.number for r in rounds] == list(range(1, entered + 2))
        for r in rounds:
            tables = Table.objects.filter(round=r).exclude(b="")
            done = tables.filter(entered=True).count()
            if r.number <= entered:
                assert done == tables.count() > 0
            else:
                assert done == tables.count() // 2
    # Duplicate: game 1 played, game 2 under way with a draw on the chief's screen, every
    # ballot of every move entered and judged
    dup = DuplicateEvent.objects.get(event_id=report.events["duplicate"])
    games = list(dup.games.order_by("number"))
    moves = [len((g.record or {}).get("moves", [])) for g in games]
    assert moves[0] == demo.FIRST_GAME_MOVES_WHEN_SHORT
    assert moves[1] == size.duplicate_moves_in_game_two
    assert dup.players.count() == size.duplicate_players
    assert BallotEntry.objects.filter(game__duplicate=dup).count() == report.ballots
    assert report.ballots == size.duplicate_players * (moves[0] + moves[1])
    assert dup.players.exclude(arbiter=None).count() == size.duplicate_players
    scores = set(BallotEntry.objects.filter(game__duplicate=dup).values_list("score", flat=True))
    assert len(scores) > 5  # tops, lower moves, zeros: not every ballot is the top


def test_the_demo_pages_show(client: Client, built: demo.DemoReport) -> None:
    report = built
    for kind, pk in report.events.items():
        prefix = {"duplicate": "duplicate", "classic": "classique", "backgammon": "backgammon"}
        public = client.get(f"/public/{prefix[kind]}/{pk}/", follow=True)
        assert public.status_code == 200, kind
        assert "Démo" in public.content.decode()


def test_the_same_seed_gives_the_same_events(built: demo.DemoReport) -> None:
    from arbitre.app.duplicate.models import BallotEntry
    from arbitre.app.rounds.models import Table

    def snapshot(report: demo.DemoReport) -> Any:
        ballots = list(
            BallotEntry.objects.filter(game__duplicate__event_id=report.events["duplicate"])
            .order_by("game__number", "move_number", "registration__table")
            .values_list("text", "score")
        )
        tables = list(
            Table.objects.filter(round__tournament__event_id=report.events["classic"])
            .order_by("round__number", "number")
            .values_list("a", "b", "score_a", "score_b")
        )
        return ballots, tables

    # the module's demo and a second one built beside it (other events), from the same seed
    again = _populate(seed=7)
    assert set(again.events.values()).isdisjoint(built.events.values())
    first, second = snapshot(built), snapshot(again)
    assert first[0] and first[1] and first == second


def test_the_command_fills_a_fresh_database_once(tmp_path: Any) -> None:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    src = Path(__file__).resolve().parents[2] / "src"
    env = {
        **os.environ,
        "ARBITRE_DATA_DIR": str(tmp_path),
        "PYTHONPATH": str(src),
        "ARBITRE_DATABASE_URL": "",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    command = [sys.executable, "-m", "arbitre.cli", "demo", "--small", "--json"]
    first = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr
    out = json.loads(first.stdout)
    assert out["created"] and set(out["events"]) == {"duplicate", "classic", "backgammon"}
    assert len(out["password"]) >= 10 and out["director"] == "demo"
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["created"] is False  # start.sh --demo twice: no copies
    assert len(json.loads(again.stdout)["events"]) == 3
