"""``arbitre demo --festival`` (issue 37, item 1): one Duplicate event in one hall, its
arbiters given consecutive ranges of tables, the first game pre-drawn by the engine's
autoplay and its first moves entered ballot by ballot; and ``bench/bench_festival.py``
running end to end at a tiny scale."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from arbitre.app import demo, festival
from tests.app.server import migrated_data

PASSWORD = "Démonstration-2026"
ROOT = Path(__file__).resolve().parents[2]


def _env(data: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "ARBITRE_DATA_DIR": str(data),
        "PYTHONPATH": str(ROOT / "src"),
        "ARBITRE_DATABASE_URL": "",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


@pytest.mark.django_db
def test_a_reduced_festival_is_a_valid_event_in_one_hall(client: Client) -> None:
    from arbitre.app.duplicate import services
    from arbitre.app.duplicate.models import BallotEntry, DuplicateEvent
    from arbitre.app.events.roles import ARBITER, has_role

    players, arbiters, moves = 60, 7, 2
    report = festival.build_festival(
        demo.demo_director(PASSWORD), PASSWORD, players, arbiters, moves, seed=5
    )
    dup = DuplicateEvent.objects.get(event_id=report.event)
    regs = list(dup.players.select_related("arbiter").order_by("table"))
    # every player at their own table, 1..players, each with an arbiter
    assert [r.table for r in regs] == list(range(1, players + 1))
    assert len({r.licence for r in regs}) == players
    # the arbiters hold consecutive ranges covering the hall, each one arbiter of the event
    owners = [r.arbiter.get_username() for r in regs]
    assert len(set(owners)) == arbiters == len(report.arbiters)
    changes = [i for i in range(1, players) if owners[i] != owners[i - 1]]
    assert len(changes) == arbiters - 1  # one block each: ranges, not scattered tables
    for name, (low, high) in report.arbiters.items():
        assert {r.table for r in regs if r.arbiter.get_username() == name} == set(
            range(low, high + 1)
        )
        assert has_role(regs[low - 1].arbiter, ARBITER, report.event)
    # the first game follows its pre-drawn (autoplayed) game, its first moves revealed
    game = dup.games.order_by("number").first()
    assert game is not None and game.predrawn
    assert len(services.engine_of(game).moves) == moves == report.moves
    played, drawn = game.record["moves"], game.predrawn["moves"]
    assert len(drawn) > moves  # a whole game pre-drawn, its first moves played
    for i in range(moves):
        assert played[i]["drawn"] == drawn[i]["drawn"]
        assert played[i]["top"] == drawn[i]["top"]
    # every ballot of those moves entered and judged
    ballots = BallotEntry.objects.filter(game=game)
    assert ballots.count() == players * moves == report.ballots
    assert set(ballots.values_list("move_number", flat=True)) == set(range(1, moves + 1))
    # an arbiter logs in with the password given and sees their tables only
    name, (low, high) = next(iter(report.arbiters.items()))
    assert client.login(username=name, password=PASSWORD)
    page = client.get(f"/duplicate/{report.event}/partie/{game.number}/saisie/")
    assert page.status_code == 200
    shown = page.content.decode()
    rows = {r.pk for r in regs if f'data-registration="{r.pk}"' in shown}
    assert rows == {r.pk for r in regs[low - 1 : high]}


def test_table_ranges_cover_every_table_once() -> None:
    for players in (1, 2, 39, 40, 41, 1500):
        for arbiters in (1, 3, 40):
            ranges = festival.table_ranges(players, arbiters)
            tables = [t for low, high in ranges for t in range(low, high + 1)]
            assert tables == list(range(1, players + 1))
            assert len(ranges) <= arbiters
            sizes = [high - low + 1 for low, high in ranges]
            assert all(s == sizes[0] for s in sizes[:-1]) and sizes[-1] <= sizes[0]


def test_the_festival_command_refuses_an_empty_hall(tmp_path: Any) -> None:
    command = [sys.executable, "-m", "arbitre.cli", "demo", "--festival", "--players", "0"]
    out = subprocess.run(command, env=_env(tmp_path), capture_output=True, text=True, timeout=600)
    assert out.returncode != 0
    assert "--players" in out.stderr
    assert not (tmp_path / "arbitre.sqlite3").exists()  # refused before the database is made


@pytest.mark.slow
def test_the_festival_bench_runs_end_to_end(tmp_path: Any) -> None:
    command = [sys.executable, str(ROOT / "bench" / "bench_festival.py")]
    command += ["--players", "24", "--arbiters", "3", "--phones", "4", "--moves", "2"]
    command += ["--window", "3", "--sizes", "12,24", "--changes", "3", "--processes", "1"]
    command += ["--data", str(migrated_data(tmp_path))]  # (the migrations: test_serve_smoke)
    out = subprocess.run(command, env=_env(tmp_path), capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stdout + out.stderr
    moves = [line.split() for line in out.stdout.splitlines() if "/24 " in line]
    assert [m[1] for m in moves] == ["24/24", "24/24"]  # every ballot of both moves accepted
    assert [m[0] for m in moves] == ["3", "4"]  # the two moves after the festival's two
    assert "not seen" not in out.stdout  # every ballot reached the public standings
    assert "server process" in out.stdout
    sizes = [line.split()[0] for line in out.stdout.splitlines() if "MiB" in line and "x" in line]
    assert "12" in sizes and "24" in sizes  # the standings' cost per change at both sizes
