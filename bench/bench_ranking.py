"""Benchmark of the federation ranking (issue 11): a season of 20,000 licensees, 1,500 events.

Run: ``python bench/bench_ranking.py [--licensees 20000] [--events 1500] [--repeat 3]``.
Prints medians (wall and CPU) of: loading the event CSV files; computing the season (events,
totals, decay, classification) by the fast path, against the 1 s target of issue 23 part 5
(and, once, what the fast path builds only when read: the classification list, one
licensee's explanation, every licensee's figures as objects);
the same season by the plain reference implementation (``arbitre.ranking.reference``),
measured in the same run, interleaved with the fast path, with the ratio of the two; and one
plain Python pass over every result row as a yardstick of the machine's speed. The fast and
the reference results are checked equal. The machine's load average is printed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from arbitre.ranking import (
    Entry,
    Event,
    Licensee,
    Reliquat,
    compute_season,
    event_type,
    explanation,
)
from arbitre.ranking.csvformat import (
    format_event_csv,
    format_licensees_csv,
    parse_licensees,
    read_events_dir,
)
from arbitre.ranking.reference import compute_season_reference

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


def timed(func: Callable[[], object]) -> tuple[float, float, object]:
    """Wall and CPU time of one call, and its result."""
    t0, c0 = time.perf_counter(), time.process_time()
    out = func()
    return time.perf_counter() - t0, time.process_time() - c0, out


def median_time(func: Callable[[], object], repeat: int) -> tuple[float, float, object]:
    """Median wall and CPU times of ``repeat`` calls, and the last result."""
    runs = [timed(func) for _ in range(repeat)]
    wall = statistics.median(r[0] for r in runs)
    return wall, statistics.median(r[1] for r in runs), runs[-1][2]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--licensees", type=int, default=20000)
    ap.add_argument("--events", type=int, default=1500)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    people, events, previous = generate(args.licensees, args.events)
    rows = sum(len(e.entries) for e in events)
    print(f"season: {len(people)} licensees, {len(events)} events, {rows} result rows")
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))

    def yardstick() -> int:
        total = 0
        for e in events:
            for en in e.entries:
                total += en.place * en.series
        return total

    t_yard, c_yard, _ = median_time(yardstick, args.repeat)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "events"
        folder.mkdir()
        for e in events:
            (folder / f"{e.name}.csv").write_text(format_event_csv(e), encoding="utf-8")
        lic_text = format_licensees_csv(people)

        def load() -> tuple[list[Licensee], list[Event]]:
            return parse_licensees(lic_text), read_events_dir(folder)

        t_load, c_load, loaded = median_time(load, args.repeat)
    lic2, ev2 = loaded  # type: ignore[misc]

    # the fast path and the reference alternate, so that both see the same load
    fast_runs, ref_runs = [], []
    fast = reference = None
    for _ in range(args.repeat):
        wall, cpu, fast = timed(lambda: compute_season(lic2, ev2, previous, season=SEASON))
        fast_runs.append((wall, cpu))
        wall, cpu, reference = timed(
            lambda: compute_season_reference(lic2, ev2, previous, season=SEASON)
        )
        ref_runs.append((wall, cpu))
    # what the fast path leaves to be built when read, on the last fast result: the
    # classification list, one licensee's explanation (the first one also sorts every row
    # by licensee), and every licensee's PlayerSeason (what comparing with the reference reads)
    last = fast
    t_list, c_list, _ = timed(lambda: last.classification())  # type: ignore[attr-defined]
    someone = next(iter(last.players))  # type: ignore[attr-defined]
    t_one, c_one, _ = timed(lambda: explanation(last, last.players[someone]))  # type: ignore[arg-type, attr-defined]
    t_all, c_all, _ = timed(lambda: last.ordered())  # type: ignore[attr-defined]
    if fast != reference:
        raise SystemExit("the fast season differs from the reference")
    t_fast = statistics.median(w for w, _ in fast_runs)
    c_fast = statistics.median(c for _, c in fast_runs)
    t_ref = statistics.median(w for w, _ in ref_runs)
    c_ref = statistics.median(c for _, c in ref_runs)
    placed = sum(1 for p in fast.players.values() if p.placement)  # type: ignore[attr-defined]
    print(f"{'':32} {'wall median':>12} {'cpu median':>11} {'x fast':>7}")
    print(f"{'yardstick: one pass over rows':32} {t_yard:11.3f}s {c_yard:10.3f}s")
    print(f"{'load CSV licensees+events':32} {t_load:11.3f}s {c_load:10.3f}s")
    print(f"{'season, fast path':32} {t_fast:11.3f}s {c_fast:10.3f}s {1:7.2f}")
    print(f"{'season, reference':32} {t_ref:11.3f}s {c_ref:10.3f}s {t_ref / t_fast:7.2f}")
    print("built when read, after the fast path (one run each):")
    print(f"{'  the classification list':32} {t_list:11.3f}s {c_list:10.3f}s")
    print(f"{'  one explanation (first)':32} {t_one:11.3f}s {c_one:10.3f}s")
    print(f"{'  every PlayerSeason':32} {t_all:11.3f}s {c_all:10.3f}s")
    print(
        f"reference / fast: {t_ref / t_fast:.2f} wall, {c_ref / c_fast:.2f} cpu; "
        f"fast path {t_fast:.2f} s wall (target 1 s); "
        f"fast / yardstick: {t_fast / t_yard:.0f}"
    )
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"classified {placed} licensees")


if __name__ == "__main__":
    main()
