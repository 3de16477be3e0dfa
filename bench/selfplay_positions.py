"""Positions of realistic Duplicate self-play games, for the move-generator benchmark.

    python bench/selfplay_positions.py [--games 200] [--seed 1] [--lexicon FILE] [--out FILE]

Plays ``--games`` Duplicate games (``arbitre.duplicate.selfplay``: the Duplicate game's own
draws, seed 004 2.2, and end, 2.7; the top played each move, chosen as spec/rulings.md 2 says)
with the fast search and writes one line per position: ``BOARD RACK game move`` (the batch format of
``arbitre scrabble top --batch``). Deterministic for a seed and a word list.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from arbitre.duplicate.selfplay import Position, selfplay_positions
from arbitre.lexicon import Lexicon


def load_lexicon(path: str | None) -> Lexicon:
    """The word list given, else the shipped default list (graphs from the cache)."""
    return Lexicon.load(path) if path else Lexicon.load()


def generate(lexicon: Lexicon, games: int, seed: int) -> list[Position]:
    return selfplay_positions(lexicon, games, seed=seed)


def write(positions: list[Position], out: Path) -> None:
    lines = [f"{p.board} {p.rack or '-'} {p.game} {p.number}\n" for p in positions]
    out.write_text("".join(lines), encoding="ascii")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lexicon", help="word list file (default: the shipped list)")
    parser.add_argument("--out", type=Path, default=Path("selfplay_positions.txt"))
    args = parser.parse_args(argv)
    lexicon = load_lexicon(args.lexicon)
    t0 = time.perf_counter()
    positions = generate(lexicon, args.games, args.seed)
    write(positions, args.out)
    blanks = [sum(1 for p in positions if p.blanks == k) for k in range(3)]
    print(
        f"{len(positions)} positions from {args.games} games in "
        f"{time.perf_counter() - t0:.1f} s (racks with 0/1/2 blanks: {blanks}) -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
