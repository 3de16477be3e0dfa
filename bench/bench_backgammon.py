"""Backgammon legal-move generation speed (issue 8: median <= 100 us per position).

Positions: a mix of contact, race, bear-off and bar positions, plus positions from random
self-play, each with a random roll. Prints the median time per position for each kind and
overall, and the ratio against a naive reference generator (every die order, every checker,
de-duplicated only at the end) measured in the same run on the same positions.

Run: .venv/bin/python bench/bench_backgammon.py [--count N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from arbitre.backgammon.board import BAR, Dice, Position, random_position
from arbitre.backgammon.ids import position_id


def naive_moves(position: Position, dice: Dice) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Reference: depth-first over every order and checker, keep the longest, then the larger die."""
    orders = [dice.steps()] if dice.is_double else [(dice.die1, dice.die2), (dice.die2, dice.die1)]
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]] = {}

    def walk(own: list[int], opp: list[int], rest: tuple[int, ...], used: int, pips: int) -> None:
        moved = False
        if rest:
            die = rest[0]
            sources = [BAR] if own[BAR] else [i for i in range(24) if own[i]]
            home = all(own[i] == 0 for i in range(6, 25))
            highest = max((i for i in range(25) if own[i]), default=-1)
            for src in sources:
                dst = src - die
                if dst >= 0 and opp[23 - dst] < 2:
                    o, p = own[:], opp[:]
                    o[src] -= 1
                    o[dst] += 1
                    if p[23 - dst] == 1:
                        p[23 - dst] = 0
                        p[BAR] += 1
                    walk(o, p, rest[1:], used + 1, pips + die)
                    moved = True
                elif dst < 0 and home and (dst == -1 or src == highest):
                    o = own[:]
                    o[src] -= 1
                    walk(o, opp[:], rest[1:], used + 1, pips + die)
                    moved = True
        if not moved:
            found[(tuple(own), tuple(opp))] = (used, pips)

    for order in orders:
        walk(list(position.player), list(position.opponent), order, 0, 0)
    best = max(found.values())
    return {key for key, value in found.items() if value == best and value[0] > 0}


def sample(rng: random.Random, count: int) -> list[tuple[str, Position, Dice]]:
    items: list[tuple[str, Position, Dice]] = []
    per_kind = count // 5
    for kind in ("contact", "race", "bearoff", "bar"):
        items += [(kind, random_position(rng, kind), Dice.roll(rng)) for _ in range(per_kind)]
    position = Position.initial()
    while len(items) < count:
        if position.is_game_over():
            position = Position.initial()
        dice = Dice.roll(rng)
        items.append(("self-play", position, dice))
        moves = position.legal_moves(dice)
        position = position.play(rng.choice(moves)) if moves else position.swap()
    return items


def timed(function, position: Position, dice: Dice, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function(position, dice)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    items = sample(random.Random(8), args.count)
    ours: dict[str, list[float]] = {}
    ratio: list[float] = []
    for index, (kind, position, dice) in enumerate(items):
        t = timed(Position.legal_moves, position, dice, args.repeat)
        ours.setdefault(kind, []).append(t)
        if index % 10 == 0:  # the naive reference is slow: one position in ten
            r = timed(naive_moves, position, dice, 1)
            ratio.append(r / t)
            mine = {(m.position.player, m.position.opponent) for m in position.legal_moves(dice)}
            assert mine == naive_moves(position, dice), position_id(position)
    everything = [t for times in ours.values() for t in times]
    print(f"positions: {len(everything)} (best of {args.repeat} runs each)")
    for kind, times in ours.items():
        print(
            f"  {kind:<10} median {statistics.median(times) * 1e6:7.1f} us   "
            f"p90 {statistics.quantiles(times, n=10)[-1] * 1e6:7.1f} us   n={len(times)}"
        )
    print(
        f"overall median: {statistics.median(everything) * 1e6:.1f} us per position "
        f"(target <= 100 us); mean {statistics.mean(everything) * 1e6:.1f} us"
    )
    issue_mix = [t for kind in ("contact", "race", "bearoff") for t in ours.get(kind, [])]
    print(
        f"median over the issue's mix (contact, race, bear-off only): "
        f"{statistics.median(issue_mix) * 1e6:.1f} us per position (target <= 100 us)"
    )
    print(
        f"naive reference / ours: median ratio {statistics.median(ratio):.1f}x "
        f"on {len(ratio)} positions"
    )


if __name__ == "__main__":
    main()
