"""Classic game self-play: time per game with the fast and the reference move generators,
and the time to replay a game's GCG record (``python bench/bench_classic_selfplay.py``).

Prints medians over seeded games on the shipped word list and the ratio of the reference
generator's median to the fast one's, both measured in this run.
"""

from __future__ import annotations

import argparse
import statistics
import time

from arbitre.classic.game import gcg
from arbitre.classic.game.replay import replay
from arbitre.classic.game.selfplay import selfplay
from arbitre.lexicon import Lexicon


def timed_games(lexicon: Lexicon, engine: str, seeds: range) -> tuple[list[float], list[int]]:
    times, turns = [], []
    for seed in seeds:
        start = time.perf_counter()
        game = selfplay(lexicon, seed=seed, engine=engine)
        times.append(time.perf_counter() - start)
        turns.append(len(game.turns))
    return times, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30, help="games with the fast generator")
    parser.add_argument("--reference-games", type=int, default=3, help="games with the reference")
    parser.add_argument("--lexicon", metavar="FILE", help="word list (default: shipped list)")
    args = parser.parse_args()

    lexicon = Lexicon.load(args.lexicon)
    start = time.perf_counter()
    lexicon.compile()
    print(
        f"word list {lexicon.name}: {len(lexicon)} words, graphs ready in "
        f"{time.perf_counter() - start:.2f} s"
    )
    start = time.perf_counter()
    selfplay(lexicon, seed=10_000, engine="fast")  # warm-up (numba compile or cache load)
    print(f"warm-up game (fast): {time.perf_counter() - start:.2f} s")

    fast, turns = timed_games(lexicon, "fast", range(args.games))
    fast_median = statistics.median(fast)
    print(
        f"fast: {args.games} games, median {fast_median * 1000:.1f} ms per game, "
        f"median {statistics.median(turns)} turns, "
        f"{sum(turns) / sum(fast):.0f} turns/s"
    )

    replays = []
    for seed in range(min(args.games, 10)):
        text = gcg.write(selfplay(lexicon, seed=seed, engine="fast"))
        start = time.perf_counter()
        result = replay(gcg.parse(text), lexicon)
        replays.append(time.perf_counter() - start)
        assert result.ok
    print(f"replay of a GCG record: median {statistics.median(replays) * 1000:.1f} ms")

    if args.reference_games:
        ref, _ = timed_games(lexicon, "reference", range(args.reference_games))
        ref_median = statistics.median(ref)
        print(
            f"reference: {args.reference_games} games, median {ref_median:.2f} s per game; "
            f"ratio reference / fast = {ref_median / fast_median:.0f}x"
        )


if __name__ == "__main__":
    main()
