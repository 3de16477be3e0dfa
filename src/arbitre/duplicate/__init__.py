"""Duplicate Scrabble (seed 004): the game, its record, ballots, decisions, event standings.

The façade, in the style of python-chess: a :class:`DuplicateGame` runs the chief arbiter's
procedure and keeps typed records of what happened (:class:`MoveEntry`, :class:`Attempt`);
:meth:`DuplicateGame.judge` decides a player's ballot for a move played (a
:class:`Decision`); an :class:`Event` gathers the players' decisions game by game and gives
the standings as values (:class:`Standings`, :class:`StandingRow`, :class:`Solo`). Every
value has one ``to_json``, which the web application and the command line both serialise.
Refusals raise :class:`arbitre.common.Refusal` subclasses; explanations and refusals are
:class:`arbitre.common.Message` values that :func:`arbitre.i18n.word` words.

>>> from arbitre.lexicon import Lexicon
>>> from arbitre import duplicate
>>> from arbitre.i18n import word
>>> game = duplicate.DuplicateGame(Lexicon.from_words(["CHAT", "CHATS", "TA"]), random_draws=False)
>>> game.draw("CHATSEE")
'CHATSEE'
>>> entry = game.play()  # the top
>>> str(entry.move), entry.score, game.total
('H4 CHATS', 26, 26)
>>> entry.to_json()["top"]
{'coordinate': 'H4', 'word': 'CHATS', 'score': 26, 'bingo': False}

Judging the players' ballots for that move (seed 004, chapters 3 and 4):

>>> ana = game.judge("H4 CHATS 26")
>>> ana.score, ana.sanction.code
(26, 'none')
>>> bob = game.judge("CHAT")  # first move: the best placement, but no score written
>>> bob.score, bob.sanction.code
(18, 'score_missing')
>>> word(bob.explanation)
'Premier coup : meilleur placement H5 CHAT = 18 ; avertissement : Score absent (004 4.3)'
>>> word(bob.sanction.label, "en")
'Score missing'

A refusal is a value too:

>>> try:
...     game.draw("ZZ")
... except duplicate.InvalidDrawError as refusal:
...     message = refusal.message
>>> message.code
'duplicate.draw.wrong_count'
>>> word(message, "en")
'2 letter(s) entered, the draw needs 5 (leave EE, 95 in the bag)'

The event's standings:

>>> players = [duplicate.Player("1", "ANA"), duplicate.Player("2", "BOB")]
>>> scores = duplicate.GameRecordScores.from_game("TH1", game, {"1": [ana], "2": [bob]})
>>> standings = duplicate.Event("Open", players, [scores]).standings_table()
>>> [(row.rank, row.player.name, row.total) for row in standings.rows]
[(1, 'ANA', 26), (2, 'BOB', 18)]
>>> standings.to_json()["standings"][1]["percentage"]
69.23
"""

from arbitre.duplicate.ballot import Ballot, BallotKind, BallotParseError, Solution, parse_ballot
from arbitre.duplicate.decision import Decision, DecisionError, Turn, judge, override
from arbitre.duplicate.draws import Bag, BagError, InvalidDrawError
from arbitre.duplicate.event import (
    Event,
    EventError,
    EventSettings,
    GameRecordScores,
    GameSheet,
    MoveLine,
    Player,
    Solo,
    StandingRow,
    Standings,
)
from arbitre.duplicate.event_file import EventFileError, load_event
from arbitre.duplicate.game import (
    Attempt,
    DuplicateGame,
    DuplicateSettings,
    GameStateError,
    MoveChoiceError,
    MoveEntry,
    SettingsError,
    TopChoice,
    turns_of,
)
from arbitre.duplicate.record import RecordError, replay, to_record
from arbitre.duplicate.sanctions import Sanction, SanctionKind

__all__ = [
    "Attempt",
    "Bag",
    "BagError",
    "Ballot",
    "BallotKind",
    "BallotParseError",
    "Decision",
    "DecisionError",
    "DuplicateGame",
    "DuplicateSettings",
    "Event",
    "EventError",
    "EventFileError",
    "EventSettings",
    "GameRecordScores",
    "GameSheet",
    "GameStateError",
    "InvalidDrawError",
    "MoveChoiceError",
    "MoveEntry",
    "MoveLine",
    "Player",
    "RecordError",
    "Sanction",
    "SanctionKind",
    "SettingsError",
    "Solo",
    "Solution",
    "StandingRow",
    "Standings",
    "TopChoice",
    "Turn",
    "judge",
    "load_event",
    "override",
    "parse_ballot",
    "replay",
    "to_record",
    "turns_of",
]
