"""Benchmark of the season recomputed in the application (issue 20, part 3): 20,000
licensees and their events in a fresh SQLite database, then
:func:`arbitre.app.ranking.standings.recompute` (read everything from the database, the
engine's season, every licensee's standing and explanation written) as after each event.

Run: ``python bench/bench_ranking_app.py [--licensees 20000] [--events 300] [--repeat 3]``.
The season is loaded without its last ``repeat`` events; prints the time of the first
recompute (every standing written), then the medians, over ``repeat`` events added one at a
time, of: reading the database, the engine, and the whole recompute after the event (read,
engine, standings compared and only the changed ones written), with the writes it made and
the machine's load average.
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
    from arbitre.app.ranking.models import Licensee, RankedEvent, RankingAudit, ResultRow, Season
    from arbitre.ranking import Event, compute_season

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

    def add(ev: Event) -> int:
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
        return len(ev.entries)

    later = events[len(events) - args.repeat :]
    rows = sum(add(ev) for ev in events[: len(events) - args.repeat])
    print(f"{args.licensees} licensees, {len(events) - args.repeat} events, {rows} result rows")
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    t0 = time.perf_counter()
    standings.recompute(None, season)
    first = time.perf_counter() - t0
    print(f"first recompute (every standing written): {first:.2f} s")
    read, engine, total, writes = [], [], [], []
    for ev in later:
        add(ev)
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
        writes.append(RankingAudit.objects.latest("pk").after["standings"])
    print(f"after each of {len(later)} more events (medians):")
    print(f"  read the database: {statistics.median(read):.2f} s")
    print(f"  engine (compute_season): {statistics.median(engine):.2f} s")
    print(f"  recompute (read, engine, write what changed): {statistics.median(total):.2f} s")
    print(f"  writes: {writes}")
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
