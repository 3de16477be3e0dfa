"""Classic Scrabble tournament, Belgian formula (seed 000; rulings Classic 1-8).

Pure engine: players and rounds in, pairings (with explanations) and rankings out.

- :class:`Tournament`: the event's state; ``pair_next_round``, ``record_round``,
  ``undo_round``, ``withdraw``, ``standings``.
- :func:`pair_round`, :func:`compute_standings`: the same as pure functions.
- :mod:`.players_csv` and :mod:`.results_csv`: the two file formats.
"""

from arbitre.classic.tournament.model import (
    Game,
    LossCause,
    Player,
    Round,
    TournamentError,
    number_of_rounds,
)
from arbitre.classic.tournament.pairing import (
    Pair,
    RoundPairing,
    Rule,
    first_round_groups,
    pair_round,
    who_starts,
)
from arbitre.classic.tournament.standings import (
    HeadToHead,
    Standing,
    compute_standings,
    initial_ranking,
)
from arbitre.classic.tournament.state import Tournament

__all__ = [
    "Game",
    "HeadToHead",
    "LossCause",
    "Pair",
    "Player",
    "Round",
    "RoundPairing",
    "Rule",
    "Standing",
    "Tournament",
    "TournamentError",
    "compute_standings",
    "first_round_groups",
    "initial_ranking",
    "number_of_rounds",
    "pair_round",
    "who_starts",
]
