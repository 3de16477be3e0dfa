"""Legal moves against GNU Backgammon on 20,000 positions (issue 8, item 2), at full depth
(CI); a developer's run checks a quarter of them (:func:`tests.support.depth`).

Random positions of every kind (contact, race, bear-off, checkers on the bar), positions
reached by random self-play, and fixtures for the larger-die rule and bear-offs; each with a
random roll. The set of resulting positions (Position IDs, mover still on roll) must equal
gnubg's for every one, and each move must be written exactly as gnubg writes it.
"""

from __future__ import annotations

import random

import pytest

from arbitre.backgammon.board import POSITION_KINDS, Dice, Position, random_position
from arbitre.backgammon.ids import position_from_id, position_id
from tests.backgammon.gnubg_oracle import gnubg_available, gnubg_ids, gnubg_moves
from tests.support import depth, require

RANDOM_PER_KIND = depth(3200)
SELF_PLAY = depth(7200)

# Fixtures (each side in its own numbering, roll): larger-die rule and bear-offs.
FIXTURES: list[tuple[dict[int, int], dict[int, int], tuple[int, int]]] = [
    ({24: 1, 1: 14}, {12: 2}, (6, 5)),  # either die alone, not both: the 6 (24/18)
    ({24: 1, 1: 14}, {12: 2, 7: 2}, (6, 5)),  # only the 5 can be played
    ({24: 1, 1: 14}, {7: 2}, (6, 5)),  # the 6 only after the 5: 24/13
    ({24: 1, 1: 14}, {12: 2, 6: 2}, (6, 5)),  # only the 6
    ({5: 1, 2: 1}, {24: 15}, (6, 1)),  # higher die from the highest point only
    ({6: 2, 1: 1}, {20: 15}, (6, 6)),  # bear off with doubles
    ({4: 1, 3: 1}, {1: 15}, (6, 5)),
    ({8: 1, 3: 2}, {1: 10}, (5, 6)),  # 8/3 or 8/2, then bear off
    ({25: 1, 6: 5}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1}, (6, 6)),  # entry only on a blot
    ({25: 2, 13: 5}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2}, (6, 2)),  # one checker enters
    ({25: 1, 10: 3}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, (4, 4)),  # closed board
    ({2: 1, 1: 1}, {10: 1}, (1, 1)),
    ({6: 1, 5: 1}, {22: 2}, (4, 3)),  # my 3 point blocked
    ({6: 3}, {20: 2}, (5, 2)),  # 6/1 6/4 or ... no higher-die bear-off while 6 occupied
]


def _fixture_positions() -> list[tuple[Position, Dice]]:
    return [(Position.from_points(me, opp), Dice(*dice)) for me, opp, dice in FIXTURES]


def _self_play_positions(rng: random.Random, count: int) -> list[tuple[Position, Dice]]:
    items: list[tuple[Position, Dice]] = []
    position = Position.initial()
    while len(items) < count:
        if position.is_game_over():
            position = Position.initial()
        dice = Dice.roll(rng)
        items.append((position, dice))
        moves = position.legal_moves(dice)
        position = position.play(rng.choice(moves)) if moves else position.swap()
    return items


@pytest.mark.slow
def test_legal_moves_equal_gnubg_on_20000_positions(tmp_path):
    require(gnubg_available(), "GNU Backgammon (/usr/games/gnubg) is not installed")
    rng = random.Random(20261122)
    items = _fixture_positions()
    for kind in POSITION_KINDS:
        items += [(random_position(rng, kind), Dice.roll(rng)) for _ in range(RANDOM_PER_KIND)]
    items += _self_play_positions(rng, SELF_PLAY)
    assert len(items) >= depth(20000)
    ours: list[dict[str, str]] = []

    def compute_ours() -> None:  # runs while the gnubg processes work
        for position, dice in items:
            ours.append({position_id(m.position): m.notation for m in position.legal_moves(dice)})

    answers = gnubg_moves(
        [(position_id(p), d.die1, d.die2) for p, d in items], tmp_path, 16, compute_ours
    )
    mismatches = []
    notation_differences = []
    total_moves = 0
    for (position, dice), answer, mine in zip(items, answers, ours, strict=True):
        pid = position_id(position)
        assert answer["id"] == pid, "gnubg read the position differently"
        theirs = dict(answer["moves"])
        if list(theirs) == [pid] and not mine:
            theirs = {}  # gnubg lists the unchanged position when no checker can move
        total_moves += len(mine)
        if sorted(mine) != sorted(theirs):
            mismatches.append((pid, str(dice), len(mine), len(theirs)))
        else:
            notation_differences += [(m, theirs[k]) for k, m in mine.items() if m != theirs[k]]
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:5]}"
    assert not notation_differences, notation_differences[:5]  # the same notation as gnubg
    assert total_moves > depth(100000)  # the sample is rich, not a list of blocked positions


def test_position_ids_equal_gnubg(tmp_path):
    require(gnubg_available(), "GNU Backgammon (/usr/games/gnubg) is not installed")
    rng = random.Random(7)
    positions = [random_position(rng, POSITION_KINDS[i % 4]) for i in range(400)]
    positions.append(Position.initial())
    answers = gnubg_ids(
        [{"board": [list(p.opponent), list(p.player)]} for p in positions], tmp_path
    )
    for position, answer in zip(positions, answers, strict=True):
        assert position_id(position) == answer["id"]
        back = position_from_id(answer["id"])
        assert [list(back.opponent), list(back.player)] == answer["back"]
