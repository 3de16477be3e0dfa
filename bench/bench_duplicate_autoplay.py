"""Benchmark: whole Duplicate games played by the engine (draws + tops + end of game).

    python bench/bench_duplicate_autoplay.py [--games 200] [--lexicon FILE] [--reference 5]

Prints games per second and the median time per game and per move with the fast generator,
and, measured in the same run on the first few seeds, the reference generator and the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from arbitre.cli.duplicate_game import load_lexicon
from arbitre.duplicate.game import DuplicateGame


def play(lexicon: Any, seeds: range, engine: str) -> tuple[list[float], list[float], int]:
    per_game: list[float] = []
    per_move: list[float] = []
    moves = 0
    for seed in seeds:
        start = time.perf_counter()
        game = DuplicateGame(lexicon, seed=seed, engine=engine)
        game.autoplay()
        elapsed = time.perf_counter() - start
        per_game.append(elapsed)
        per_move.append(elapsed / max(1, len(game.moves)))
        moves += len(game.moves)
    return per_game, per_move, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--reference", type=int, default=5, help="games with the reference")
    parser.add_argument("--lexicon", help="word list file (default: the shipped list)")
    args = parser.parse_args()

    t0 = time.perf_counter()
    lexicon = load_lexicon(args.lexicon)
    print(
        f"word list {getattr(lexicon, 'name', '?')}: {len(lexicon)} words, "
        f"loaded in {time.perf_counter() - t0:.2f} s"
    )
    # warm-up (compilation, graph loading) outside the measure
    DuplicateGame(lexicon, seed=10**6, engine="fast").autoplay()

    start = time.perf_counter()
    games, moves_t, moves = play(lexicon, range(args.games), "fast")
    wall = time.perf_counter() - start
    print(
        f"fast: {args.games} games, {moves} moves in {wall:.2f} s: "
        f"{args.games / wall:.2f} games/s; median {statistics.median(games) * 1000:.1f} ms/game, "
        f"{statistics.median(moves_t) * 1000:.2f} ms/move"
    )
    if args.reference:
        lexicon.dawg  # noqa: B018 - compile or load the forward graph outside the measure
        seeds = range(args.reference)
        ref_games, ref_moves, _ = play(lexicon, seeds, "reference")
        fast_same = games[: args.reference]
        ratio = statistics.median(ref_games) / statistics.median(fast_same)
        print(
            f"reference: {args.reference} games, median "
            f"{statistics.median(ref_games) * 1000:.1f} ms/game, "
            f"{statistics.median(ref_moves) * 1000:.2f} ms/move; "
            f"fast is {ratio:.1f}x faster on the same seeds"
        )


if __name__ == "__main__":
    main()
