"""The TSH ``.t`` file of a Classic tournament (the format Scrabble tournament software reads).

One line per player, in the order given (line numbers are the players' numbers)::

    name rating opp1 opp2 ...; score1 score2 ...

Opponents are line numbers; a round without an opponent has opponent ``0`` and a score of
``+50`` (a bye or a win by forfeit) or ``-50`` (a forfeit loss, or absent from the round): the
spread convention of TSH. Only the rounds given are written: pass the finished ones, since a
table still waiting for its result is not a loss. Best-of-three scores are games won.

>>> from arbitre.classic.tournament.model import Game, Player, Round
>>> players = [Player("Ana", 1500), Player("Bob", 1400), Player("Cid", 1300)]
>>> rounds = [Round(1, (Game(1, "Ana", "Bob", 420, 380), Game(1, "Cid", None)))]
>>> print(format_tsh(players, rounds), end="")
Ana 1500 2; 420
Bob 1400 1; 380
Cid 1300 0; 50
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitre.classic.tournament.model import Player, Round, TournamentRefused
from arbitre.common.messages import Message, Param
from arbitre.common.spreadsheet import neutralise, restore

BYE_SPREAD = 50
"""The score TSH writes for a round won without an opponent (its opposite for one lost)."""


def format_tsh(players: Sequence[Player], rounds: Sequence[Round]) -> str:
    """The ``.t`` text of ``players`` (in line order) over ``rounds``."""
    index = {p.name: i for i, p in enumerate(players, start=1)}
    lines = []
    for player in players:
        opponents: list[str] = []
        scores: list[str] = []
        for rnd in rounds:
            game = rnd.game_of(player.name)
            if game is None:  # absent from the round: a loss without opponent
                opponents.append("0")
                scores.append(str(-BYE_SPREAD))
                continue
            other = game.opponent(player.name)
            forfeited = (player.name == game.a and game.forfeit_a) or (
                player.name == game.b and game.forfeit_b
            )
            if other is None or not game.played:
                opponents.append("0")
                scores.append(str(-BYE_SPREAD if forfeited else BYE_SPREAD))
                continue
            opponents.append(str(index[other]))
            scores.append(str(game.score_a if player.name == game.a else game.score_b))
        name = neutralise(player.name.replace(";", ","))
        lines.append(f"{name} {player.rating} {' '.join(opponents)}; {' '.join(scores)}".rstrip())
    return "\n".join(lines) + "\n"


MESSAGE_CODES = frozenset(
    f"tsh.{name}" for name in ("semicolon", "name_rating", "numbers", "counts", "opponent")
)
"""Refusals of a ``.t`` text (``tsh.*``), each naming its line."""


class TshFormatError(TournamentRefused):
    """A ``.t`` text that cannot be read; the message (``tsh.*``) names the line."""


def _refuse(code: str, /, **params: Param) -> TshFormatError:
    return TshFormatError(Message.of(f"tsh.{code}", **params))


@dataclass(frozen=True)
class TshLine:
    """One player of a ``.t`` file: name, rating, opponents (line numbers, 0 for none) and
    the score of each round."""

    name: str
    rating: int
    opponents: tuple[int, ...]
    scores: tuple[int, ...]


def parse_tsh(text: str) -> list[TshLine]:
    """The players of a ``.t`` text (what :func:`format_tsh` writes, or another program's
    file): the name runs up to the first whole number, the rating; opponents and scores are
    as many on each side of ``;``, and an opponent names an existing line.

    >>> parse_tsh("Ana Lou 1500 2; 420\\nBob 1400 1; 380\\n")[0]
    TshLine(name='Ana Lou', rating=1500, opponents=(2,), scores=(420,))
    """
    out: list[TshLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        left, sep, right = line.partition(";")
        if not sep:
            raise _refuse("semicolon", line=number)
        tokens = left.split()
        first_number = next((i for i, t in enumerate(tokens) if _is_int(t)), None)
        if not first_number:
            raise _refuse("name_rating", line=number)
        name = restore(" ".join(tokens[:first_number]))
        numbers = tokens[first_number:]
        scores = right.split()
        if not all(_is_int(t) for t in numbers[1:] + scores):
            raise _refuse("numbers", line=number)
        opponents = tuple(int(t) for t in numbers[1:])
        if len(opponents) != len(scores) or any(o < 0 for o in opponents):
            raise _refuse("counts", line=number, opponents=len(opponents), scores=len(scores))
        out.append(TshLine(name, int(numbers[0]), opponents, tuple(int(s) for s in scores)))
    for number, player in enumerate(out, start=1):
        for rnd, opponent in enumerate(player.opponents):
            if opponent > len(out) or opponent == number:
                raise _refuse("opponent", line=number, round=rnd + 1, opponent=opponent)
    return out


def _is_int(token: str) -> bool:
    body = token[1:] if token[:1] in "+-" else token
    return body.isascii() and body.isdigit()
