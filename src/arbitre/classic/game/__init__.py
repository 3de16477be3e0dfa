"""The Classic Scrabble game engine (seeds 001 and 000; rulings.md Classic 7-10).

>>> from arbitre.lexicon import Lexicon
>>> from arbitre.classic.game import ClassicGame
>>> game = ClassicGame(Lexicon.from_words(["DIN", "DINS"]), ("alice", "bob"), starter=0,
...                    racks=("DINSEEE", "AAAAAAA"))
>>> game.play("H7 DIN", announced=8).score
8
"""

from arbitre.classic.game.bag import Bag, BagError, rack_value
from arbitre.classic.game.clock import (
    ChessClock,
    ClockError,
    GameClock,
    GlobalCredit,
    ManualTime,
    MoveTimer,
)
from arbitre.classic.game.game import (
    ChallengeResult,
    ClassicGame,
    GameError,
    GameResult,
    OutOfTimeError,
    Overdraw,
    Sanction,
    SheetLine,
    Toss,
    Turn,
    decide_toss,
    toss,
)
from arbitre.classic.game.match import Match, MatchSheet
from arbitre.classic.game.profiles import FBS, FFSC, PROFILES, Profile, ProfileError, get_profile
from arbitre.classic.game.replay import Replay, ReplayError, replay
from arbitre.classic.game.selfplay import selfplay

__all__ = [
    "FBS",
    "FFSC",
    "PROFILES",
    "Bag",
    "BagError",
    "ChallengeResult",
    "ChessClock",
    "ClassicGame",
    "ClockError",
    "GameClock",
    "GameError",
    "GameResult",
    "GlobalCredit",
    "ManualTime",
    "Match",
    "MatchSheet",
    "MoveTimer",
    "OutOfTimeError",
    "Overdraw",
    "Profile",
    "ProfileError",
    "Replay",
    "ReplayError",
    "Sanction",
    "SheetLine",
    "Toss",
    "Turn",
    "get_profile",
    "rack_value",
    "replay",
    "selfplay",
    "decide_toss",
    "toss",
]
