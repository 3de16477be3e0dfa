"""A score above the top after an appeal (seed 004, 5.3 and 5.2).

The top of a move is the best score the event's word list allows (2.4). A word missing from
that list and accepted on appeal (5.3) can give a ballot more than the retained top: the top
is then wrong, and every percentage of the move with it. The seed leaves the remedy to the
chief arbiter: 5.2 lets them "exceptionnellement" annul the move in cause for an error on
"l'acceptation d'un mot" (its points are cancelled, all its letters, leave included, go back
to the bag and seven new letters are drawn), which
:meth:`~arbitre.duplicate.game.DuplicateGame.annul_last_move` does while the move is the last
one played and the next draw not made; or they keep the score, a decision recorded with its
reason (the project's reading, ``docs/duplicate-arbitration.md``).

Until they decide, the move is reported here as a value (:class:`AboveTop`), never silently:
the chief's screen words :meth:`AboveTop.message`, the standings and the prints
:meth:`AboveTop.mark`.

>>> from arbitre.duplicate.decision import Decision
>>> from arbitre.duplicate import sanctions as S
>>> from arbitre.duplicate.event import GameRecordScores
>>> game = GameRecordScores("TH1", [18], ["H4 RUSE"], {"L1": [Decision(70, S.NONE)]})
>>> [found] = above_top([game])
>>> found.message.code, found.score, found.top, found.licences
('duplicate.appeal.above_top', 70, 18, ('L1',))
>>> above_top([game], kept=[KeptScore("TH1", 1, "H4 RUSE", 70)])
[]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from arbitre.common.messages import Message
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import GameRecordScores
from arbitre.duplicate.game import DuplicateGame

MESSAGE_CODES = frozenset({"duplicate.appeal.above_top", "duplicate.appeal.above_top_mark"})
"""The warning of the chief's screen and the mark of the standings and prints."""


@dataclass(frozen=True)
class KeptScore:
    """The chief arbiter kept the scores above the top of move ``move`` of ``game`` (whose top
    was ``top_move``), up to ``score``. A higher score awarded later, or another top (the move
    undone and played again), is reported again."""

    game: str
    move: int
    top_move: str
    score: int


@dataclass(frozen=True)
class AboveTop:
    """Move ``move`` of ``game`` has ballots scoring above its top ``top`` (``top_move``),
    the chief arbiter's decision pending: ``score`` is the highest, ``licences`` the players
    concerned (in the event's order)."""

    game: str
    move: int
    top: int
    top_move: str
    score: int
    licences: tuple[str, ...]

    @property
    def message(self) -> Message:
        """The chief's warning: the top is now wrong (5.3), with the score and the top."""
        return Message.of(
            "duplicate.appeal.above_top",
            game=self.game,
            move=self.move,
            score=self.score,
            top=self.top,
        )

    @property
    def mark(self) -> Message:
        """The mark of the standings and the prints until the chief decides."""
        return Message.of("duplicate.appeal.above_top_mark", game=self.game, move=self.move)

    def kept(self) -> KeptScore:
        """The chief's decision to keep these scores."""
        return KeptScore(self.game, self.move, self.top_move, self.score)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "move": self.move,
            "top": self.top,
            "top_move": self.top_move,
            "score": self.score,
            "licences": list(self.licences),
        }


def beats_the_top(decision: Decision, top: int | None) -> bool:
    """Whether ``decision`` scores strictly above the move's top (``None``: unknown): only a
    word the list lacks, accepted on appeal, can do it (5.3)."""
    return top is not None and decision.score > top


def above_top(games: Iterable[GameRecordScores], kept: Iterable[KeptScore] = ()) -> list[AboveTop]:
    """The moves of ``games`` where a player at the table scores above the top, in game and
    move order, except those whose scores the chief arbiter kept (``kept``: same game, move
    and top, a score as high)."""
    decided = {(k.game, k.move, k.top_move): k.score for k in kept}
    found = []
    for game in games:
        for index, top in enumerate(game.tops):
            number = index + 1
            over = []
            for licence, row in game.decisions.items():
                decision = row[index] if index < len(row) else None
                if (
                    decision is not None
                    and beats_the_top(decision, top)
                    and game.plays(licence, number)
                ):
                    over.append((licence, decision.score))
            if not over:
                continue
            top_move = game.top_moves[index] if index < len(game.top_moves) else ""
            highest = max(score for _, score in over)
            kept_score = decided.get((game.name, number, top_move))
            if kept_score is not None and kept_score >= highest:
                continue
            licences = tuple(licence for licence, _ in over)
            found.append(AboveTop(game.name, number, top, top_move, highest, licences))
    return found


def annulment_possible(game: DuplicateGame, move: int) -> bool:
    """Whether the chief arbiter can still annul move ``move`` (5.2): it is the last move
    played and the next draw is not made (what
    :meth:`~arbitre.duplicate.game.DuplicateGame.annul_last_move` accepts)."""
    return (
        bool(game.moves)
        and game.moves[-1].number == move
        and game.phase != "play"
        and not game.attempts
    )
