"""Migration 0006: a game's single time per move is kept as the one-range schedule of the
same time (seed 004, 2.3), and the games without their own time keep the event's."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("duplicate", "0005_official_title_tie_break")]
AFTER = [("duplicate", "0006_game_time_schedule")]


def test_a_games_single_time_becomes_a_one_range_schedule() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    event = apps.get_model("events", "Event").objects.create(
        name="Ancien", kind="duplicate", date=datetime.date(2026, 1, 4)
    )
    dup = apps.get_model("duplicate", "DuplicateEvent").objects.create(event=event)
    game = apps.get_model("duplicate", "Game")
    game.objects.create(duplicate=dup, number=1, seconds_per_move=60)
    game.objects.create(duplicate=dup, number=2)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    games = apps.get_model("duplicate", "Game").objects.filter(duplicate_id=dup.pk)
    assert {g.number: g.time_schedule for g in games} == {1: "60", 2: ""}
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
