"""A table's result as an arbiter enters it, checked against the table (seed 000), and a
player's history of results.

The entry names the table's two players, who was forfeit (seed 000 9.5: "Forfaits"), the
scores (for a best-of-three match, the games each won) and, optionally, the winner the
arbiter read on the score sheet. :func:`check_result` refuses an entry that contradicts
the table with a :class:`~arbitre.common.Refusal` whose message is a code, and returns the
engine's :class:`~arbitre.classic.tournament.Game` otherwise.

>>> game = check_result(ResultEntry(1, "Ana", "Bea", score_a=412, score_b=388))
>>> game.winner(), game.match_points("Bea")
('Ana', 1)
>>> check_result(ResultEntry(1, "Ana", "Bea", score_a=412))
Traceback (most recent call last):
...
arbitre.common.messages.Refusal: classic_result.score_missing(name='Bea')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from arbitre.classic.tournament.model import Game, LossCause, Round, TournamentError
from arbitre.common.messages import Message, Refusal

MESSAGE_CODES = (
    "classic_result.forfeit_unknown",
    "classic_result.not_at_table",
    "classic_result.score_for_absent",
    "classic_result.score_missing",
    "classic_result.score_implausible",
    "classic_result.best_of_three",
    "classic_result.winner_contradicted",
    "classic_result.refused",
    "classic_result.loss_unknown",
    "classic_result.loss_cause_unknown",
    "classic_result.loss_cause_missing",
    "classic_result.loss_of_absent",
    "classic_result.loss_best_of_three",
    "classic_result.loss_overdraw_fbs",
)

SCORE_LOW, SCORE_HIGH = -1000, 2000
"""Scores outside this range are typing errors (a Scrabble game score, penalties included)."""

FORFEITS = ("", "a", "b", "both")
"""Who was forfeit at the table: nobody, player A, player B, both."""

LOSS_SIDES = ("", "a", "b")
"""Who lost the game whatever the score: nobody, player A, player B."""


@dataclass(frozen=True)
class ResultEntry:
    """What the arbiter entered at table ``table`` of round ``round`` (``b`` is never a bye)."""

    round: int
    a: str
    b: str
    score_a: int | None = None
    score_b: int | None = None
    forfeit: str = ""
    winner: str = ""
    starts: str | None = None
    table: int = 0
    loss: str = ""
    loss_cause: str = ""


def check_result(entry: ResultEntry, best_of: int = 1, profile: str = "fbs") -> Game:
    """The game of a table's entry, or a :class:`Refusal` saying what contradicts the table.

    A forfeit side has no score and every present side has one (seed 000 9.5); a best-of-three
    match is entered as games won (2-0, 2-1, 1-2, 0-2; seed 000 "Match en 2 parties
    gagnantes"); a claimed winner must be the one the scores give.

    A loss whatever the score (``loss`` "a" or "b" with its :class:`LossCause`; seed 001 10.x
    and 9.2, seed 000 9.x and 8.2) is the sanctioned player's over the board: both scores stay
    on record, the player was present. It is a game's sanction: a best-of-three match enters
    that game in the games won instead. Over-drawing found by an arbiter costs the game only
    under the ``ffsc`` profile (001 10.1.3; 000 9.1 gives a point penalty).
    """
    if entry.forfeit not in FORFEITS:
        raise Refusal(Message.of("classic_result.forfeit_unknown", value=entry.forfeit))
    if entry.winner and entry.winner not in (entry.a, entry.b):
        raise Refusal(
            Message.of("classic_result.not_at_table", name=entry.winner, table=entry.table)
        )
    for side, name, score in (("a", entry.a, entry.score_a), ("b", entry.b, entry.score_b)):
        absent = entry.forfeit in (side, "both")
        if absent and score is not None:
            raise Refusal(Message.of("classic_result.score_for_absent", name=name))
        if not absent and score is None:
            raise Refusal(Message.of("classic_result.score_missing", name=name))
        if score is not None and not SCORE_LOW <= score <= SCORE_HIGH:
            raise Refusal(Message.of("classic_result.score_implausible", name=name, score=score))
    loss, cause = _loss(entry, best_of, profile)
    if best_of == 3 and entry.score_a is not None and entry.score_b is not None:
        a, b = entry.score_a, entry.score_b
        if (a, b) not in ((2, 0), (2, 1), (1, 2), (0, 2)):
            raise Refusal(Message.of("classic_result.best_of_three", a=a, b=b))
    try:
        game = Game(
            entry.round,
            entry.a,
            entry.b,
            entry.score_a,
            entry.score_b,
            forfeit_a=entry.forfeit in ("a", "both"),
            forfeit_b=entry.forfeit in ("b", "both"),
            starts=entry.starts,
            loss=loss,
            loss_cause=cause,
        )
    except TournamentError as exc:
        raise Refusal(Message.of("classic_result.refused", reason=str(exc))) from None
    if entry.winner and game.winner() != entry.winner:
        raise Refusal(Message.of("classic_result.winner_contradicted", name=entry.winner))
    return game


def _loss(entry: ResultEntry, best_of: int, profile: str) -> tuple[str | None, LossCause | None]:
    """The player who lost whatever the score, and why (see :func:`check_result`)."""
    if entry.loss not in LOSS_SIDES:
        raise Refusal(Message.of("classic_result.loss_unknown", value=entry.loss))
    if not entry.loss:
        if entry.loss_cause:
            raise Refusal(Message.of("classic_result.loss_cause_missing"))
        return None, None
    name = entry.a if entry.loss == "a" else entry.b
    try:
        cause = LossCause(entry.loss_cause)
    except ValueError:
        if not entry.loss_cause:
            raise Refusal(Message.of("classic_result.loss_cause_missing")) from None
        raise Refusal(
            Message.of("classic_result.loss_cause_unknown", value=entry.loss_cause)
        ) from None
    if entry.forfeit:
        raise Refusal(Message.of("classic_result.loss_of_absent", name=name))
    if best_of != 1:
        raise Refusal(Message.of("classic_result.loss_best_of_three", name=name))
    if cause is LossCause.OVERDRAW and profile != "ffsc":
        raise Refusal(Message.of("classic_result.loss_overdraw_fbs", name=name))
    return name, cause


class Outcome(Enum):
    """How a round ended for one player."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"
    FORFEIT = "forfeit"  # the player was forfeit
    FORFEIT_WIN = "forfeit_win"  # the opponent was forfeit
    BYE = "bye"


@dataclass(frozen=True)
class HistoryEntry:
    """One round of a player: opponent (``None`` for a bye), outcome, scores, PM earned."""

    round: int
    opponent: str | None
    outcome: Outcome
    score: int | None
    opponent_score: int | None
    match_points: int


def history(rounds: list[Round], name: str) -> list[HistoryEntry]:
    """``name``'s results round by round, with the PM of each (seed 000 "Points de match";
    a bye is a win, rulings Classic 3).

    >>> r1 = Round(1, (Game(1, "Ana", "Bea", 400, 380), Game(1, "Cy", None)))
    >>> [(h.opponent, h.outcome.value, h.match_points) for h in history([r1], "Bea")]
    [('Ana', 'lost', 1)]
    >>> [(h.opponent, h.outcome.value, h.match_points) for h in history([r1], "Cy")]
    [(None, 'bye', 3)]
    """
    out: list[HistoryEntry] = []
    for rnd in rounds:
        game = rnd.game_of(name)
        if game is None:
            continue
        points = game.match_points(name)
        if game.is_bye:
            out.append(HistoryEntry(rnd.number, None, Outcome.BYE, None, None, points))
            continue
        me_a = name == game.a
        mine, theirs = (game.score_a, game.score_b) if me_a else (game.score_b, game.score_a)
        forfeit_me = game.forfeit_a if me_a else game.forfeit_b
        if forfeit_me:
            outcome = Outcome.FORFEIT
        elif game.absent_win(name):
            outcome = Outcome.FORFEIT_WIN
        elif game.winner() is None:
            outcome = Outcome.DRAWN
        else:
            outcome = Outcome.WON if game.winner() == name else Outcome.LOST
        out.append(HistoryEntry(rnd.number, game.opponent(name), outcome, mine, theirs, points))
    return out
