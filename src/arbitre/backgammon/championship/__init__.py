"""The French backgammon championship (seed 003, "Organisation du CDF").

A Swiss first stage seeded by ELO, ranked by points then D = 20·B + P, an 8-player
knock-out in sets and a progressive consolation, plus the lateness penalties (1.8, 1.10
and the clock rules, 1.3). Pure Python: no database, no web, no I/O beyond reading a
path it is given.
"""

from arbitre.backgammon.championship.bracket import (
    Brackets,
    BracketSettings,
    SetScore,
    build_brackets,
    consolation_bracket,
    final_bracket,
    plan_consolation,
    qualified,
)
from arbitre.backgammon.championship.lateness import (
    LatenessSettings,
    clock_lateness,
    point_penalty,
)
from arbitre.backgammon.championship.model import (
    Championship,
    ChampionshipError,
    MatchResult,
    Player,
    ResultKind,
    SwissSettings,
)
from arbitre.backgammon.championship.pairing import Pairing, RoundPairing, pair_round
from arbitre.backgammon.championship.tiebreak import (
    Standing,
    dp,
    performance,
    player_tiebreak,
    standings,
    tiebreak_d,
)

__all__ = [
    "BracketSettings",
    "Brackets",
    "LatenessSettings",
    "SetScore",
    "build_brackets",
    "clock_lateness",
    "consolation_bracket",
    "final_bracket",
    "plan_consolation",
    "point_penalty",
    "qualified",
    "Championship",
    "ChampionshipError",
    "MatchResult",
    "Pairing",
    "Player",
    "ResultKind",
    "RoundPairing",
    "Standing",
    "SwissSettings",
    "dp",
    "pair_round",
    "performance",
    "player_tiebreak",
    "standings",
    "tiebreak_d",
]
