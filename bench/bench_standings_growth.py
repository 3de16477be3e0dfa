"""The Duplicate standings' cost per change as the field grows (issue 37, item 3).

    python bench/bench_standings_growth.py [--sizes 120,500,1500,5000] [--changes 30]
                                           [--reference-changes 5] [--database-url URL]

For each size, an event of that many players at the end of a whole pre-drawn game (about 25
moves: players and ballots written in bulk, each ballot judged by the engine, written an hour
"before" as a morning game would be) in a fresh database (SQLite in a temporary data
directory, or ``--database-url``). Then, ballot after ballot, a ballot of a random player and
move is corrected as the entry page's service writes it (its decision, score, version and
time), and the processor time of the standings the public page publishes (the event, its standings table, their
JSON) are computed by:

- **kept**: :func:`arbitre.app.duplicate.standings.current_event`, brought up to date from
  the change (what the server runs), timed alone ("update") and with the table and JSON
  ("publish");
- **reference**: :func:`arbitre.app.duplicate.services.build_event` from scratch, the
  computation before issue 37 and the reference of the kept one.

The two JSON texts are compared after every change (the bench stops on a difference). It
prints, per size, the medians per change, their ratio (measured in the same run) and the
growth from the first size, and this process's resident memory with the event kept.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

PASSWORD = "Banc-d-essai-2026"


def generate(players: int, seed: int) -> object:
    """A Duplicate event of ``players`` at the end of a whole pre-drawn game: players and
    ballots written in bulk (not through the entry page: only the standings are measured),
    each ballot judged by the engine."""
    from arbitre.app import demo
    from arbitre.app.duplicate import services, setup
    from arbitre.app.duplicate.models import BallotEntry, Game, Registration
    from arbitre.app.events.models import Event
    from arbitre.duplicate import record as game_record
    from arbitre.duplicate.ballot import parse_ballot
    from arbitre.duplicate.decision import judge
    from arbitre.duplicate.game import DuplicateGame
    from arbitre.scrabble.generate import all_moves

    rng = random.Random(seed)
    user = demo.demo_director(PASSWORD)
    event = setup.create_event(
        {
            "name": f"Taille {players}",
            "date": datetime.date.today(),
            "place": "Salle",
            "games_planned": 1,
            "seconds_per_move": 180,
        },
        None,
        user,
    )
    dup = Event.objects.get(pk=event.pk).duplicate
    people = demo._people(rng, players)
    Registration.objects.bulk_create(
        Registration(
            duplicate=dup,
            licence=f"G{i:05d}",
            name=surname,
            first_name=first,
            club=club,
            series=1 + i % 7,
            table=i,
        )
        for i, (surname, first, club) in enumerate(people, 1)
    )
    regs = list(dup.players.values_list("pk", flat=True))
    game = Game.objects.get(duplicate=dup)
    lexicon = services.lexicon_of(dup)
    drawn = DuplicateGame(lexicon, seed=seed)  # the same game whatever the size
    drawn.autoplay()
    services.load_predrawn(game.pk, game_record.dumps(game_record.to_record(drawn)), user)
    number = 0
    while True:
        game = Game.objects.get(pk=game.pk)
        if services.engine_of(game).over:
            break
        game = services.chief_action(game.pk, game.version, "draw_random", user)
        if services.engine_of(game).over:
            break
        game = services.chief_action(game.pk, game.version, "reveal", user)
        number += 1
        turn = services.turns(game)[-1]
        candidates = all_moves(turn.board, turn.draw, lexicon)
        texts = [demo._ballot(rng, 0.6, candidates) for _ in range(40)]
        judged = {}
        for text in set(texts):
            try:
                judged[text] = judge(parse_ballot(text), turn).to_json()
            except Exception:  # a ballot the engine refuses: not kept
                continue
        kept = [t for t in texts if t in judged]
        BallotEntry.objects.bulk_create(
            (
                BallotEntry(
                    game=game,
                    registration_id=reg,
                    move_number=number,
                    text=(text := rng.choice(kept)),
                    decision=judged[text],
                    score=int(judged[text]["score"]),
                )
                for reg in regs
            ),
            batch_size=2000,
        )
    # the game was entered in the morning: its ballots are older than any reading's slack
    morning = datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=1)
    BallotEntry.objects.filter(game__duplicate=dup).update(updated_at=morning)
    return dup


def clock() -> float:
    """This process's processor time: on a shared machine, the time this process waited
    for a processor is not counted (SQLite runs in the process, so its work is; a PostgreSQL
    server's is not)."""
    return time.process_time()


def resident_mib() -> float:
    """This process's resident memory (Linux's ``/proc``; 0 elsewhere)."""
    try:
        text = Path("/proc/self/status").read_text()
    except OSError:
        return 0.0
    line = next((x for x in text.splitlines() if x.startswith("VmRSS:")), "VmRSS: 0 kB")
    return int(line.split()[1]) / 1024


def measure(sizes: list[int], changes: int, reference_changes: int, seed: int) -> None:
    """Run in a child process whose database is fresh (see :func:`main`)."""
    from arbitre.cli.serve import setup_database

    setup_database(None)
    from django.db import connection
    from django.utils import timezone

    from arbitre.app.duplicate import services, standings
    from arbitre.app.duplicate.models import BallotEntry, Game

    print(
        f"  database {connection.vendor}; medians per change, processor ms (kept: the server's "
        "path; reference: from scratch, as before)"
    )
    print(
        "  players  ballots   kept update  kept publish   reference   ratio   growth "
        "(kept, ref.)  resident"
    )
    first: tuple[float, float] | None = None
    for players in sizes:
        t = time.perf_counter()
        dup = generate(players, seed)
        built = time.perf_counter() - t
        game = Game.objects.get(duplicate=dup)  # type: ignore[misc]
        rows = list(
            BallotEntry.objects.filter(game=game).values_list("pk", "version", "move_number")
        )
        decisions = list(
            {
                json.dumps(d, sort_keys=True): d
                for d in BallotEntry.objects.filter(game=game).values_list("decision", flat=True)[
                    :2000
                ]
            }.values()
        )
        rng = random.Random(seed)
        standings.forget()
        t = clock()
        standings.current_event(dup)  # type: ignore[arg-type]
        first_build = (clock() - t) * 1000
        update, publish, reference = [], [], []
        versions = {pk: version for pk, version, _ in rows}
        for k in range(changes):
            pk, _, _ = rng.choice(rows)
            decision = rng.choice(decisions)
            versions[pk] += 1
            BallotEntry.objects.filter(pk=pk).update(
                decision=decision,
                score=int(decision["score"]),
                version=versions[pk],
                updated_at=timezone.now(),
            )
            t = clock()
            event = standings.current_event(dup)  # type: ignore[arg-type]
            reading = standings.last_reading(dup)  # type: ignore[arg-type]
            t1 = clock()
            kept = json.dumps(event.standings_table().to_json())
            t2 = clock()
            assert reading["built"] == 0 and reading["games"] == 0, reading
            update.append((t1 - t) * 1000)
            publish.append((t2 - t) * 1000)
            if k < reference_changes:
                t = clock()
                fresh = json.dumps(services.build_event(dup).standings_table().to_json())  # type: ignore[arg-type]
                reference.append((clock() - t) * 1000)
                if fresh != kept:
                    raise SystemExit(
                        f"{players} players: the kept standings differ from the reference"
                    )
        ballots = len(rows)
        up, pub, ref = (statistics.median(x) for x in (update, publish, reference))
        first = first or (pub, ref)
        print(
            f"  {players:7d}  {ballots:7d}  {up:10.2f}  {pub:12.2f}  {ref:10.1f}  {ref / pub:6.1f}x"
            f"   {pub / first[0]:5.1f}x {ref / first[1]:5.1f}x     {resident_mib():5.0f} MiB"
            f"   [generated in {built:.0f} s; kept built once in {first_build:.0f} ms]",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="120,500,1500,5000")
    parser.add_argument("--changes", type=int, default=30, help="changes timed per size")
    parser.add_argument(
        "--reference-changes", type=int, default=5, help="of them, also from scratch"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--database-url", help="a PostgreSQL database (default: SQLite)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",") if x]
    if args.child:
        measure(sizes, args.changes, max(1, min(args.reference_changes, args.changes)), args.seed)
        return 0
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (a shared machine)")
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-growth-") as data:
        env = {
            **os.environ,
            "ARBITRE_DATA_DIR": data,
            "PYTHONPATH": str(ROOT / "src"),
            "ARBITRE_AUTO_BACKUP": "0",
        }
        env.pop("ARBITRE_DATABASE_URL", None)
        if args.database_url:
            env["ARBITRE_DATABASE_URL"] = args.database_url
        subprocess.run(
            [sys.executable, __file__, "--child", "--sizes", args.sizes]
            + ["--changes", str(args.changes), "--reference-changes", str(args.reference_changes)]
            + ["--seed", str(args.seed)],
            env=env,
            check=True,
        )
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
