"""Duplicate self-play on raw arrays: realistic positions for tests and benchmarks.

Each game follows seed 004 as spec/rulings.md reads it: draws completed to seven tiles from
the bag (102 tiles, blanks included), a draw is valid with at least two vowels and two
consonants on moves 1-15 and one and one from move 16 (2.2, Y and blanks counting as either),
the weaker rule applying when the letters left cannot satisfy the stronger one; an invalid
draw goes back to the bag whole (ruling 1). The top is played each move (2.4), chosen among
equal tops as ruling 2 says: moves using no blank first, then moves ending the game, then the
first in a fixed order. A move with no positive score puts the draw back (5.2). The game ends
as 2.7 says (ruling 3).

Every position (board before the move, draw) is recorded. Deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from arbitre.scrabble.fast import FoundMove, GaddagArrays, search_codes
from arbitre.scrabble.tiles import TILE_COUNTS

VOWEL_CODES = frozenset(ord(c) - 65 for c in "AEIOU")
Y_CODE = ord("Y") - 65
BLANK = 26
MAX_REDRAWS = 1000

SearchFn = Callable[[np.ndarray, np.ndarray], tuple[int, list[FoundMove]]]


@dataclass(frozen=True)
class Position:
    """A board (text format) and a draw (``?`` for a blank), before move ``number``."""

    game: int
    number: int
    board: str
    rack: str
    blanks: int


def full_bag() -> list[int]:
    """The 102 tiles as codes (0..25, 26 = blank), facts.md."""
    bag: list[int] = []
    for letter, count in TILE_COUNTS.items():
        bag.extend([BLANK if letter == "?" else ord(letter) - 65] * int(count))
    return bag


def _kinds(tiles: list[int]) -> tuple[int, int, int]:
    vowels = sum(1 for t in tiles if t in VOWEL_CODES)
    flex = sum(1 for t in tiles if t in (Y_CODE, BLANK))
    return vowels, len(tiles) - vowels - flex, flex


def draw_is_valid(tiles: list[int], vowels_needed: int, consonants_needed: int) -> bool:
    """Seed 004, 2.2: some choice of Y and blanks as vowel or consonant meets the minimum."""
    v, c, f = _kinds(tiles)
    return (
        v + f >= vowels_needed
        and c + f >= consonants_needed
        and v + c + f >= vowels_needed + consonants_needed
    )


def game_over(remaining: list[int]) -> bool:
    """Seed 004, 2.7 (ruling 3): no letter left, or only vowels or only consonants left,
    unless a blank or the Y remains among two letters or more."""
    if not remaining:
        return True
    v, c, f = _kinds(remaining)
    if f and len(remaining) >= 2:
        return False
    return len(remaining) == 1 or v == 0 or c == 0


def grid_to_text(grid: np.ndarray) -> str:
    """The board text format: rows A..O separated by ``/``, runs of empty squares as their
    length, tiles in capitals, blanks in lower case."""
    rows = []
    for r in range(15):
        out, run = [], 0
        for c in range(15):
            code = int(grid[r, c])
            if code < 0:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(chr(65 + code) if code < 26 else chr(97 + code - 26))
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)


def rack_to_text(tiles: list[int]) -> str:
    return "".join("?" if t == BLANK else chr(65 + t) for t in sorted(tiles))


def choose_top(
    grid: np.ndarray, moves: list[FoundMove], ends_game: Callable[[FoundMove], bool]
) -> FoundMove:
    """Ruling 2: no blank placed if possible, then game-ending, then the first in the order
    horizontal first, row, column, word."""

    def uses_blank(m: FoundMove) -> bool:
        return any(code >= 26 for _, _, code in _placed(grid, m))

    pool = [m for m in moves if not uses_blank(m)] or moves
    pool = [m for m in pool if ends_game(m)] or pool
    return min(pool, key=lambda m: (not m.horizontal, m.row, m.col, m.word))


def play_game(
    game: int,
    rng: random.Random,
    search: SearchFn,
    on_position: Callable[[Position, np.ndarray, np.ndarray], None] | None = None,
) -> list[Position]:
    """Play one Duplicate game playing the top each move; return its positions."""
    grid = np.full((15, 15), -1, dtype=np.int8)
    bag = full_bag()
    rng.shuffle(bag)
    leave: list[int] = []
    positions: list[Position] = []
    number = 1
    rejected_moves = 0
    while True:
        if game_over(bag + leave):
            break
        strong = (2, 2) if number <= 15 else (1, 1)
        pool = bag + leave
        need = min(7, len(pool))
        rule = strong
        if not _can_meet(pool, need, *strong):
            rule = (1, 1) if _can_meet(pool, need, 1, 1) else (0, 0)
        rack = list(leave)
        for _ in range(MAX_REDRAWS):
            while len(rack) < 7 and bag:
                rack.append(bag.pop(rng.randrange(len(bag))))
            if draw_is_valid(rack, *rule):
                break
            bag.extend(rack)
            rack = []
        counts = np.zeros(27, dtype=np.int32)
        for t in rack:
            counts[t] += 1
        position = Position(game, number, grid_to_text(grid), rack_to_text(rack), int(counts[26]))
        positions.append(position)
        if on_position is not None:
            on_position(position, grid, counts)
        best, moves = search(grid, counts)
        if best <= 0:
            # 5.2: no positive score possible; the draw goes back to the bag.
            bag.extend(rack)
            leave = []
            rejected_moves += 1
            if not bag or rejected_moves > 20:
                break  # 2.7: no placement possible
            continue

        def leave_after(m: FoundMove, rack: list[int] = rack) -> list[int]:
            left = list(rack)
            for _, _, code in _placed(grid, m):
                left.remove(BLANK if code >= 26 else code)
            return left

        chosen = choose_top(grid, moves, lambda m: game_over(bag + leave_after(m)))
        leave = leave_after(chosen)
        for r, c, code in _placed(grid, chosen):
            grid[r, c] = code
        number += 1
        rejected_moves = 0
    return positions


def _placed(grid: np.ndarray, m: FoundMove) -> list[tuple[int, int, int]]:
    out = []
    for i, code in enumerate(m.codes):
        r, c = (m.row, m.col + i) if m.horizontal else (m.row + i, m.col)
        if grid[r, c] < 0:
            out.append((r, c, code))
    return out


def _can_meet(pool: list[int], size: int, vowels: int, consonants: int) -> bool:
    if vowels + consonants > size:
        return False
    return draw_is_valid(pool, vowels, consonants)


def selfplay_positions(
    gaddag: GaddagArrays, games: int, seed: int = 0, search: SearchFn | None = None
) -> list[Position]:
    """Positions of ``games`` self-played games (deterministic for ``seed``)."""
    rng = random.Random(seed)
    if search is None:

        def search(grid: np.ndarray, counts: np.ndarray) -> tuple[int, list[FoundMove]]:
            return search_codes(grid, counts, gaddag)

    out: list[Position] = []
    for g in range(games):
        out.extend(play_game(g, rng, search))
    return out
