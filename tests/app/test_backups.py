"""Backups (issue 22, part 5): a backup taken mid-event is restored into a fresh database and
the event continues; automatic backups follow the changes; the commands work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.app.server import migrated_database

ROOT = Path(__file__).resolve().parents[2]

EVENT = textwrap.dedent(
    """
    import json, sys, time
    from arbitre.app import setup_django
    setup_django()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    from arbitre.app.classic.game import GAME
    from arbitre.app.events import backups
    from arbitre.app.rounds import results, services
    from arbitre.app.rounds.games import PlayerRow
    from arbitre.app.rounds.models import Table, Tournament

    def play(t, number):
        for tb in Table.objects.filter(round__tournament=t, round__number=number, entered=False):
            results.enter_result(GAME, t, tb.pk, tb.version,
                                 {"forfeit": "", "score_a": 400, "score_b": 350, "winner": ""}, nobody)

    from django.contrib.auth.models import AnonymousUser
    nobody = AnonymousUser()
    step = sys.argv[1]
    if step == "start":
        data = {"name": "Open", "date": "2026-11-22", "place": "", "rounds": 4}
        event = services.create_tournament(GAME, data, nobody)
        t = event.tournament
        services.register(GAME, t, [PlayerRow(f"J{i}", 1500 - i) for i in range(8)], nobody)
        services.check_in(t, {e.pk for e in t.entrants.all()}, nobody)
        services.pair_next_round(GAME, t, nobody)
        play(t, 1)
        services.pair_next_round(GAME, t, nobody)
        copy = backups.backup()
        def idle():
            with backups.DEBOUNCER.cond:
                return backups.DEBOUNCER.first is None and not backups.DEBOUNCER.in_flight
        deadline = time.monotonic() + 60  # the automatic backup of the burst, made
        while not (backups.DEBOUNCER.count >= 1 and idle()) and time.monotonic() < deadline:
            time.sleep(0.05)
        play(t, 2)  # entered after the copy: lost with the laptop
        print(json.dumps({"copy": str(copy), "auto": backups.DEBOUNCER.count}))
    else:
        t = Tournament.objects.get()
        before = [tb.entered for tb in Table.objects.filter(round__number=2)]
        play(t, 2)
        services.pair_next_round(GAME, t, nobody)
        print(json.dumps({"round2_entered_before": before, "rounds": t.round_set.count()}))
    """
)


STRONG = "Sauvegarde-du-club-2026"


def _env(tmp: Path, db: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    environment = {
        **os.environ,
        "ARBITRE_DATA_DIR": str(tmp / "data"),
        "ARBITRE_DATABASE_URL": f"sqlite:///{db}",
        "ARBITRE_BACKUP_DIR": str(tmp / "usb"),
        "PYTHONPATH": str(ROOT / "src"),
        **(env or {}),
    }
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    return environment


def _run(tmp: Path, db: Path, *args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [sys.executable, *args], env=_env(tmp, db, env), capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_a_backup_taken_mid_event_is_restored_and_the_event_continues(tmp_path: Path) -> None:
    laptop = migrated_database(tmp_path, tmp_path / "laptop.sqlite3")
    started = json.loads(_run(tmp_path, laptop, "-c", EVENT, "start").strip().splitlines()[-1])
    copy = Path(started["copy"])
    assert copy.parent == tmp_path / "usb" and copy.exists()
    assert started["auto"] >= 1  # the pairing and results made an automatic backup
    # the laptop dies; on another machine the copy is restored with the command
    spare = tmp_path / "spare.sqlite3"
    restored = _run(tmp_path, spare, "-m", "arbitre.cli", "restore", str(copy), "--json")
    assert json.loads(restored)["database"] == str(spare)
    resumed = json.loads(_run(tmp_path, spare, "-c", EVENT, "resume").strip().splitlines()[-1])
    assert resumed["round2_entered_before"] == [False, False, False, False]
    assert resumed["rounds"] == 3


def test_backup_keeps_the_last_copies_and_restore_refuses_a_stranger(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    missing = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "backup"],
        env=_env(tmp_path, db),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert missing.returncode == 2 and "Base introuvable" in missing.stderr  # no empty copy
    assert not db.exists()
    migrated_database(tmp_path, db)  # (the migrations of a first start: test_serve_smoke)
    _run(
        tmp_path,
        db,
        "-m",
        "arbitre.cli",
        "createadmin",
        "chef",
        env={"ARBITRE_ADMIN_PASSWORD": STRONG},
    )
    _run(tmp_path, db, "-m", "arbitre.cli", "backup", "--json")
    for _ in range(3):
        _run(
            tmp_path, db, "-m", "arbitre.cli", "backup", "--keep", "2", "--to", str(tmp_path / "k")
        )
    assert len(list((tmp_path / "k").glob("arbitre-*.sqlite3"))) == 2
    stranger = tmp_path / "not-a-backup.sqlite3"
    stranger.write_bytes(b"not a database at all" * 100)
    environment = {
        **os.environ,
        "ARBITRE_DATA_DIR": str(tmp_path / "data"),
        "ARBITRE_DATABASE_URL": f"sqlite:///{db}",
        "PYTHONPATH": str(ROOT / "src"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "restore", str(stranger)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0 and "n'est pas une sauvegarde" in done.stderr
    assert db.exists()
