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

from arbitre.classic.tournament.model import Player, Round
from arbitre.common.spreadsheet import neutralise

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
