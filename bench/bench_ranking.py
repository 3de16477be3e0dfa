"""Benchmark of the federation ranking (issue 11): a season of 20,000 licensees, 1,500 events.

Run: ``python bench/bench_ranking.py [--licensees 20000] [--events 1500] [--repeat 3]``.
Prints medians of: loading the event CSV files, computing the season (events, totals, decay,
classification), and both together against the 10 s target; plus a reference (one plain
Python pass over every result row) measured in the same run, and the ratios to it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import tempfile
import time
from pathlib import Path

from arbitre.ranking import Entry, Event, Licensee, Reliquat, compute_season, event_type
from arbitre.ranking.csvformat import (
    format_event_csv,
    format_licensees_csv,
    parse_licensees,
    read_events_dir,
)

SEASON = 2013


def generate(
    n_licensees: int, n_events: int, seed: int = 11
) -> tuple[list[Licensee], list[Event], list[Reliquat]]:
    rng = random.Random(seed)
    shares = [(1, 0.01), (2, 0.02), (3, 0.03), (4, 0.14), (5, 0.24), (6, 0.46), (7, 0.10)]
    people = []
    skill = {}
    i = 0
    for series, share in shares:
        for _ in range(round(share * n_licensees)):
            lic = f"{100000 + i}"
            i += 1
            first = SEASON if series == 7 else rng.randint(1980, SEASON - 1)
            people.append(
                Licensee(
                    lic,
                    f"Joueur {i}",
                    series,
                    "ABCD"[rng.randrange(2 if series <= 3 else 4)] if series < 7 else "",
                    first,
                    max(1, series - rng.choice([0, 0, 0, 1])) if series < 7 else 7,
                    rng.random() < 0.01,
                    rng.random() > 0.02,
                    series == 7 and rng.random() < 0.2,
                )
            )
            skill[lic] = -series + rng.gauss(0, 0.8)
    previous = [
        Reliquat(
            p.licence,
            p.series,
            p.tier,
            (rng.random() * 0.6 if p.series == 1 else 0.0, rng.random() * 0.5, 0.0),
            rng.randint(0, 300),
            rng.randint(0, 3000),
        )
        for p in people
        if p.series < 7
    ]
    licences = [p.licence for p in people]
    start = dt.date(SEASON, 9, 1)
    kinds = ["TH"] * 60 + ["SF"] * 15 + ["CENTRES"] * 10 + ["PAIRS"] * 5 + ["ICQ"] * 5
    kinds += ["TSAP"] * 3 + ["GC"] * 2
    events = []
    for k in range(n_events):
        code = rng.choice(kinds)
        etype = event_type(code)
        games = 1 if etype.one_game else rng.choice([2, 3, 3, 4, 5] if code != "TSAP" else [2])
        size = rng.randint(100, 500) if code in ("SF", "ICQ") else rng.randint(20, 160)
        players = rng.sample(licences, size)
        players.sort(key=lambda x: -(skill[x] + rng.gauss(0, 0.7)))
        series_of = {p.licence: p.series for p in people}
        entries = []
        if code == "PAIRS":
            for j, x in enumerate(players[: size // 2 * 2]):
                place = j // 2 * 2 + 1
                entries.append(Entry(place, x, "", series_of[x], "", f"p{j // 2}"))
        else:
            for j, x in enumerate(players):
                entries.append(Entry(j + 1, x, "", series_of[x], ""))
        day = start + dt.timedelta(days=rng.randrange(365))
        events.append(Event(etype, games, tuple(entries), day, f"E{k:04d}", rng.random() < 0.01))
    return people, events, previous


CPU: list[float] = []


def median_time(func: object, repeat: int) -> tuple[float, object]:
    """Median wall time; the median CPU time of the same runs is appended to ``CPU``."""
    times, cpu = [], []
    out: object = None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        out = func()  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    CPU.append(statistics.median(cpu))
    return statistics.median(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--licensees", type=int, default=20000)
    ap.add_argument("--events", type=int, default=1500)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    people, events, previous = generate(args.licensees, args.events)
    rows = sum(len(e.entries) for e in events)
    print(f"season: {len(people)} licensees, {len(events)} events, {rows} result rows")

    def reference() -> int:
        total = 0
        for e in events:
            for en in e.entries:
                total += en.place * en.series
        return total

    t_ref, _ = median_time(reference, args.repeat)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "events"
        folder.mkdir()
        for e in events:
            (folder / f"{e.name}.csv").write_text(format_event_csv(e), encoding="utf-8")
        lic_text = format_licensees_csv(people)

        def load() -> tuple[list[Licensee], list[Event]]:
            return parse_licensees(lic_text), read_events_dir(folder)

        t_load, loaded = median_time(load, args.repeat)
    lic2, ev2 = loaded  # type: ignore[misc]
    t_season, result = median_time(
        lambda: compute_season(lic2, ev2, previous, season=SEASON), args.repeat
    )
    placed = sum(1 for p in result.players.values() if p.placement)  # type: ignore[attr-defined]
    total = t_load + t_season
    c_ref, c_load, c_season = CPU
    print(f"{'':28} {'wall median':>12} {'cpu median':>11} {'x ref':>6}")
    print(f"{'reference pass over rows':28} {t_ref:11.3f}s {c_ref:10.3f}s {1:6.0f}")
    print(f"{'load CSV licensees+events':28} {t_load:11.3f}s {c_load:10.3f}s {t_load / t_ref:6.0f}")
    print(
        f"{'season + classification':28} {t_season:11.3f}s {c_season:10.3f}s {t_season / t_ref:6.0f}"
    )
    print(f"load + season: {total:.2f} s wall, {c_load + c_season:.2f} s cpu (target 10 s)")
    print(f"classified {placed} licensees")


if __name__ == "__main__":
    main()
