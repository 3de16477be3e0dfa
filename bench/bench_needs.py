"""Benchmark of the director's live overview (issue 35, item 4): the time to read what needs
the director in each demo event, as every poll of the page does.

    python bench/bench_needs.py [--repeat 20] [--data DIR]

Builds the demo events (``arbitre demo``: a Duplicate festival of 120 players in its second
game, a Classic tournament of 40 players in round 4, a backgammon championship of 64 players
in round 5) in a fresh data directory (or uses ``--data``), starts the game at every Classic
table of the current round without a result (a toss and the start: each table's log is then
replayed by the engine at every poll) and every backgammon clock, then times
:func:`arbitre.app.events.needs.overview` for each event: the median and the slowest of
``--repeat`` reads, with the items found.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def build(data: Path) -> None:
    env = dict(os.environ, ARBITRE_DATA_DIR=str(data))
    env.pop("ARBITRE_DATABASE_URL", None)
    subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "demo", "--password", "Banc-d-essai-2026"],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
    )


def start_tables() -> None:
    """A toss and the start at every Classic table of the current round still in play, the
    clock started at every backgammon table of the current round still in play."""
    from django.contrib.auth.models import AnonymousUser

    from arbitre.app.classic import tables
    from arbitre.app.rounds import tablelog
    from arbitre.app.rounds.models import TableLog
    from arbitre.app.rounds.services import last_round_number

    for log in TableLog.objects.select_related("table__round__tournament").exclude(table=None):
        tb = log.table
        assert tb is not None
        t = tb.round.tournament
        if tb.entered or log.events or tb.round.number != last_round_number(t):
            continue
        if log.kind == tables.KIND:
            for i, event in enumerate(
                ({"kind": "toss", "rounds": [["A", "Z"]]}, {"kind": "start"})
            ):
                try:
                    tables.act(log, event, f"b{i}", AnonymousUser(), arbiter=True)
                except Exception:  # a profile without a toss: the start alone
                    continue
                log.refresh_from_db()
        else:
            tablelog.append(log.pk, {"kind": "start", "player": 0}, "b0")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--data", type=Path)
    args = parser.parse_args()
    data = args.data or Path(tempfile.mkdtemp(prefix="arbitre-needs-"))
    if args.data is None:
        build(data)
    os.environ["ARBITRE_DATA_DIR"] = str(data)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitre.app.settings")
    import django

    django.setup()
    from django.utils import translation

    from arbitre.app.events import needs
    from arbitre.app.events.models import Event

    translation.activate("fr")
    start_tables()
    for event in Event.objects.order_by("kind"):
        times = []
        found = needs.overview(event)
        for _ in range(args.repeat):
            began = time.perf_counter()
            found = needs.overview(event)
            times.append((time.perf_counter() - began) * 1000)
        print(
            f"{event.kind:11} {found.round_label:9} items {len(found.needs):3} "
            f"clocks {len(found.clocks):3}  median {statistics.median(times):7.1f} ms  "
            f"max {max(times):7.1f} ms"
        )


if __name__ == "__main__":
    main()
