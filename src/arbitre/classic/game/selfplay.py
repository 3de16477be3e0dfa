"""Self-play: two engine players each playing a top move (tests and benchmarks)."""

from __future__ import annotations

from collections.abc import Container, Sequence

from arbitre.classic.game.game import EXCHANGE_MINIMUM, PASSES_TO_END, ClassicGame
from arbitre.classic.game.profiles import Profile


def play_turn(game: ClassicGame, engine: str = "reference") -> None:
    """The player to move plays the first of the top moves (the total order of
    ``generate.ScoredMove``); with no move, exchanges the whole rack when the bag allows it
    (001 4.3.1) and fewer than six turns in a row went by without a word, else passes (so a
    blocked board ends by six passes, 7.2). The mover then reveals a drawn tile (no
    challenge)."""
    tops = game.top_moves(engine)
    scoreless = 0
    for turn in reversed(game.turns):
        if turn.kind == "play" and not turn.withdrawn:
            break
        scoreless += 1
    if tops:
        game.play(tops[0].move, announced=tops[0].score)
        game.close_challenge_window()
    elif (
        len(game.bag) >= EXCHANGE_MINIMUM
        and not game.out_of_time[1 - game.to_move]
        and scoreless < PASSES_TO_END
    ):
        game.exchange(game.rack(game.to_move))
    else:
        game.pass_turn()


def selfplay(
    lexicon: Container[str],
    seed: int = 0,
    names: Sequence[str] = ("ordi1", "ordi2"),
    profile: str | Profile = "ffsc",
    engine: str = "reference",
) -> ClassicGame:
    """A whole game between two engine players; the start is a toss (001 3.1)."""
    game = ClassicGame(lexicon, names, profile=profile, seed=seed)
    while not game.over:
        play_turn(game, engine)
    return game
