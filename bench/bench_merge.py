"""The CPU of one merge of a simultané after one new upload, at full size (issue 38: 300
centres, 6,000 players, one game of ~22 moves), before and after the merge became
incremental, in the same run.

- before: the whole recomputation from every ballot of every centre
  (``merged.reference``: what ``merged._compute`` did until the summaries; the uploads
  already parsed, as the server kept them);
- after: the new upload summed up (``merged.summed``: ``centre_summary.summarise`` and its rows), then the merge from the
  300 summaries (``merged.combine``), as ``merged._compute`` does now.

The database reads (the list of uploads, the corrections), the same before and after, are
not timed. Also a process holding none of the uploads (started during them, or meeting another
process's): every payload parsed and summed up (before) against every stored summary read
(after, ``CentreUpload.summary``). Also one series' standings at that version: sorted again from the rows (before)
and taken from the whole standings in their order (after). Prints the medians, their ratio
and the load average.

    .venv/bin/python bench/bench_merge.py [--centres 300] [--players 20] [--moves 22]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--centres", type=int, default=300)
    parser.add_argument("--players", type=int, default=20, help="players per centre")
    parser.add_argument("--moves", type=int, default=22)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    os.environ["ARBITRE_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-merge-")
    os.environ.pop("ARBITRE_DATABASE_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "arbitre.app.settings"
    import django

    django.setup()
    from arbitre.app.simultane import merged
    from arbitre.duplicate import centre_results
    from arbitre.duplicate.centre_results import BallotResult, CentreResults, PlayerResult
    from arbitre.ranking.simultane import merge

    rng = random.Random(38)
    names = ["MARTIN", "BERNARD", "DUBOIS", "THOMAS", "ROBERT", "RICHARD", "PETIT", "DURAND"]

    def centre(index: int, seed: int) -> CentreResults:
        local = random.Random(seed)
        players, ballots = [], []
        for p in range(args.players):
            licence = f"{index:03d}{p:03d}"
            scores = [local.choice((0, 12, 24, 36, 48, 60, 72, 90)) for _ in range(args.moves)]
            for move, score in enumerate(scores, start=1):
                ballots.append(BallotResult(licence, 1, move, score, "", False))
            players.append(
                PlayerResult(
                    licence,
                    local.choice(names),
                    f"Prénom{p}",
                    local.randint(1, 7),
                    local.choice(("S", "V", "D", "J")),
                    (sum(scores),),
                    sum(scores),
                    0,
                    0,
                )
            )
        return CentreResults("sim-bench", "", (1,), tuple(players), tuple(ballots))

    parsed = {f"Club {i:03d}": centre(i, rng.randrange(10**9)) for i in range(args.centres)}
    summaries = {club: merged.summed(club, r) for club, r in parsed.items()}
    before, after, series_before, series_after = [], [], [], []
    for run in range(args.repeat):
        club = f"Club {run % args.centres:03d}"
        parsed[club] = centre(run % args.centres, rng.randrange(10**9))  # one new upload
        start = time.perf_counter()
        expected = merged.reference(parsed, frozenset(), [])
        before.append(time.perf_counter() - start)
        start = time.perf_counter()
        summaries[club] = merged.summed(club, parsed[club])
        found = merged.combine(list(summaries.values()), [])
        after.append(time.perf_counter() - start)
        assert found.standings == expected.standings and found.solos == expected.solos
        start = time.perf_counter()
        wanted = merge(expected.rows, series=3)
        series_before.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert found.filtered(3) == wanted
        series_after.append(time.perf_counter() - start)
    # a process meeting the simultané with none of its uploads in memory (started or
    # restarted during the uploads, or another process's uploads): before, every payload
    # read and parsed (centre_results.loads of its JSON) and summed up; after, every stored
    # summary read (centre_summary.from_data of its JSON)
    import json

    from arbitre.duplicate import centre_summary

    def payload(r: CentreResults) -> str:
        """The centre's upload as it sends it (format ``centre_results``)."""
        players = [{**p.__dict__, "games": list(p.games)} for p in r.players]
        ballots = [b.__dict__ for b in r.ballots]
        return json.dumps(
            {
                "format": centre_results.FORMAT,
                "version": centre_results.VERSION,
                "simultane": r.simultane,
                "proof": r.proof,
                "games_ended": list(r.games_ended),
                "players": players,
                "ballots": ballots,
            }
        )

    payloads = {club: payload(r) for club, r in parsed.items()}
    stored = {club: json.dumps(centre_summary.as_data(s.summary)) for club, s in summaries.items()}
    cold_before, cold_after = [], []
    for _ in range(max(3, args.repeat // 3)):
        start = time.perf_counter()
        every = [
            merged.summed(club, centre_results.loads(json.loads(text), 1))
            for club, text in payloads.items()
        ]
        merged.combine(every, [])
        cold_before.append(time.perf_counter() - start)
        start = time.perf_counter()
        every = [
            merged._summed(centre_summary.from_data(json.loads(text)))  # type: ignore[arg-type]
            for text in stored.values()
        ]
        cold = merged.combine(every, [])
        cold_after.append(time.perf_counter() - start)
        assert cold.standings == merged.combine(list(summaries.values()), []).standings
    b, a = statistics.median(before), statistics.median(after)
    players = args.centres * args.players
    print(
        f"{args.centres} centres, {players} players, {args.moves} moves, {args.repeat} runs; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(f"whole recomputation (before): median {b * 1000:.0f} ms")
    print(f"incremental merge (after):    median {a * 1000:.0f} ms")
    print(f"ratio {b / a:.1f}")
    sb, sa = statistics.median(series_before), statistics.median(series_after)
    print(f"one series' standings: sorted again {sb * 1000:.0f} ms, filtered {sa * 1000:.0f} ms")
    cb, ca = statistics.median(cold_before), statistics.median(cold_after)
    print(
        f"a process holding no upload: payloads parsed {cb * 1000:.0f} ms, "
        f"stored summaries read {ca * 1000:.0f} ms (ratio {cb / ca:.1f})"
    )


if __name__ == "__main__":
    main()
