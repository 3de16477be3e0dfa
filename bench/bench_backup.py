"""Cost of the automatic backups on result entry (issue 22, part 5).

Enters the results of a Classic round of 64 tables in a temporary SQLite database, with the
automatic backups on and off, and prints the median time per result and their ratio; then the
median time of one backup of that database (made in the background, after the burst).

Run: ``.venv/bin/python bench/bench_backup.py``
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROUNDS = 5


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="arbitre-bench-"))
    os.environ.update(
        ARBITRE_DATA_DIR=str(tmp),
        ARBITRE_DATABASE_URL=f"sqlite:///{tmp / 'bench.sqlite3'}",
        ARBITRE_BACKUP_DIR=str(tmp / "usb"),
    )
    from arbitre.app import setup_django

    setup_django()
    from django.contrib.auth.models import AnonymousUser
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from arbitre.app.classic.game import GAME
    from arbitre.app.events import backups
    from arbitre.app.rounds import results, services
    from arbitre.app.rounds.games import PlayerRow
    from arbitre.app.rounds.models import Table

    nobody = AnonymousUser()
    timings: dict[str, list[float]] = {"on": [], "off": []}
    for i in range(ROUNDS * 2):
        mode = "on" if i % 2 == 0 else "off"
        os.environ["ARBITRE_AUTO_BACKUP"] = "1" if mode == "on" else "0"
        data = {"name": f"Bench {i}", "date": "2026-11-22", "place": "", "rounds": 1}
        t = services.create_tournament(GAME, data, nobody).tournament
        rows = [PlayerRow(f"J{n:03d}", 2000 - n) for n in range(128)]
        services.register(GAME, t, rows, nobody)
        services.check_in(t, {e.pk for e in t.entrants.all()}, nobody)
        services.pair_next_round(GAME, t, nobody)
        for tb in Table.objects.filter(round__tournament=t):
            entry = {"forfeit": "", "score_a": 400, "score_b": 350, "winner": ""}
            start = time.perf_counter()
            results.enter_result(GAME, t, tb.pk, tb.version, entry, nobody)
            timings[mode].append(time.perf_counter() - start)
    copies = []
    for _ in range(7):
        start = time.perf_counter()
        backups.backup(keep=3)
        copies.append(time.perf_counter() - start)
    on, off = statistics.median(timings["on"]), statistics.median(timings["off"])
    size = (tmp / "bench.sqlite3").stat().st_size / 1024 / 1024
    print(
        f"result entry, automatic backups on : median {on * 1000:.2f} ms ({len(timings['on'])} results)"
    )
    print(
        f"result entry, automatic backups off: median {off * 1000:.2f} ms ({len(timings['off'])} results)"
    )
    print(f"ratio on/off: {on / off:.2f}")
    print(
        f"one backup of the database ({size:.1f} MB): median {statistics.median(copies) * 1000:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
