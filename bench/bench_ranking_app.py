"""Benchmark of the season recomputed in the application (issue 20, part 3): 20,000
licensees and their events in a fresh SQLite database, then
:func:`arbitre.app.ranking.standings.recompute` (read everything from the database, the
engine's season, every licensee's standing and explanation written) as after each event.

Run: ``python bench/bench_ranking_app.py [--licensees 20000] [--events 300] [--repeat 3]``.
Prints the median of each part: reading the database, the engine, writing the standings.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--licensees", type=int, default=20000)
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="bench-ranking-app-")
    os.environ["ARBITRE_DATA_DIR"] = data
    os.environ.pop("ARBITRE_DATABASE_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "arbitre.app.settings"
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from bench_ranking import SEASON, generate

    from arbitre.app.ranking import standings
    from arbitre.app.ranking.models import Licensee, RankedEvent, ResultRow, Season
    from arbitre.ranking import compute_season

    people, events, _ = generate(args.licensees, args.events)
    Licensee.objects.bulk_create(
        (
            Licensee(
                licence=p.licence,
                name=p.name,
                series=p.series,
                tier=p.tier,
                highest_series=p.highest_series,
                first_season=p.first_season,
                overseas=p.overseas,
                affiliated=p.affiliated,
                after_festival=p.after_festival,
            )
            for p in people
        ),
        batch_size=2000,
    )
    season = Season.objects.create(year=SEASON)
    rows = 0
    for ev in events:
        ranked = RankedEvent.objects.create(
            season=season,
            name=ev.name or ev.type.code,
            type_code=ev.type.code,
            games=ev.games,
            date=ev.date,
            overseas=ev.overseas,
            source="import",
        )
        ResultRow.objects.bulk_create(
            (
                ResultRow(
                    event=ranked,
                    line=i + 2,
                    place=e.place,
                    licence=e.licence,
                    name=e.name,
                    series=e.series,
                    tier=e.tier,
                    pair=e.pair,
                )
                for i, e in enumerate(ev.entries)
            ),
            batch_size=2000,
        )
        rows += len(ev.entries)
    print(f"{args.licensees} licensees, {len(events)} events, {rows} result rows")
    read, engine, total = [], [], []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        inputs = (
            standings.engine_licensees(),
            standings.engine_events(season),
            standings.previous_figures(season),
        )
        t1 = time.perf_counter()
        compute_season(*inputs, standings.settings_of(season), season=season.year)
        t2 = time.perf_counter()
        standings.recompute(None, season)
        t3 = time.perf_counter()
        read.append(t1 - t0)
        engine.append(t2 - t1)
        total.append(t3 - t2)
    print(f"read the database: median {statistics.median(read):.2f} s")
    print(f"engine (compute_season): median {statistics.median(engine):.2f} s")
    print(
        f"recompute (read, engine, write every standing): median {statistics.median(total):.2f} s"
    )


if __name__ == "__main__":
    main()
