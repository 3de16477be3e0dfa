"""Random but legal matches for tests: random dice, moves, doubles, takes and drops."""

from __future__ import annotations

import random

from arbitre.backgammon.board import BAR
from arbitre.backgammon.match import GAMMON, Match, Phase


def random_match(rng: random.Random, length: int, resign_rate: float = 0.0) -> Match:
    match = Match(length, ("Alice Martin", "Bruno Petit"))
    while match.phase is not Phase.MATCH_OVER:
        phase = match.phase
        if phase in (Phase.OPENING, Phase.GAME_OVER):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            if a != b:
                match.opening_roll(a, b)
        elif phase is Phase.ROLL:
            if rng.random() < resign_rate:
                match.resign(1 - match.player_on_roll, rng.choice([1, GAMMON]))
            elif match.can_double() and rng.random() < 0.06:
                match.double()
            else:
                match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif phase is Phase.RESIGNATION:
            match.accept_resignation()
        elif phase is Phase.DOUBLED:
            if rng.random() < 0.7:
                match.take()
            else:
                match.drop()
        elif phase is Phase.MOVE:
            moves = match.legal_moves()
            match.move(rng.choice(moves) if moves else "")
    return match


def blitz_match(rng: random.Random, length: int) -> Match:
    """A match where each player makes home points and hits whenever they can, so that
    closed-out players are frequent; they pass without rolling (clock rules 3.11)."""
    match = Match(length, ("Alice Martin", "Bruno Petit"))
    while match.phase is not Phase.MATCH_OVER:
        phase = match.phase
        if phase in (Phase.OPENING, Phase.GAME_OVER):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            if a != b:
                match.opening_roll(a, b)
        elif phase is Phase.ROLL:
            if match.closed_out:
                match.pass_closed_out()
            else:
                match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif phase is Phase.MOVE:
            moves = match.legal_moves()
            if not moves:
                match.move("")
                continue
            keys = [
                (sum(1 for n in m.position.player[:6] if n >= 2), m.position.opponent[BAR])
                for m in moves
            ]
            best = max(keys)
            match.move(rng.choice([m for m, k in zip(moves, keys, strict=True) if k == best]))
    return match
