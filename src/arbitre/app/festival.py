"""A festival-sized Duplicate event for the benchmarks (issue 37, item 1).

:func:`build_festival` creates one Duplicate event as a festival such as Vichy's stands at
the start of a day: 1,500 players in one hall, 40 arbiters each given a range of tables
(``arbitre-01`` tables 1 to 38, ``arbitre-02`` 39 to 76, ...), the first game pre-drawn by
the engine's autoplay (the draws of ``arbitre duplicate autoplay``) and its first moves
played, every ballot entered and judged through the same services as the entry page. The
game is left after its last move revealed, so that the next move's draw is the chief's.

The players, draws and ballots are those of :mod:`arbitre.app.demo` (the same ``seed`` gives
the same event).
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arbitre.app.demo import DEMO_PREFIX, _ballot, _people

FESTIVAL_NAME = DEMO_PREFIX + "Festival de Vichy"
"""The festival event's name (the demo's prefix: it is a demo event)."""

FESTIVAL_PLAYERS = 1500
FESTIVAL_ARBITERS = 40
FESTIVAL_MOVES = 2
"""Moves of the first game played (all ballots entered) when the event is built."""

ARBITER_NAME = "arbitre-{:02d}"
"""The arbiters' accounts, numbered from 1."""


@dataclass
class FestivalReport:
    """What :func:`build_festival` created."""

    event: int = 0
    game: int = 1
    players: int = 0
    moves: int = 0
    ballots: int = 0
    arbiters: dict[str, tuple[int, int]] = field(default_factory=dict)


def table_ranges(players: int, arbiters: int) -> list[tuple[int, int]]:
    """The tables ``1..players`` cut into at most ``arbiters`` consecutive ranges of equal
    size (the last one shorter).

    >>> table_ranges(10, 3)
    [(1, 4), (5, 8), (9, 10)]
    >>> table_ranges(2, 5)
    [(1, 1), (2, 2)]
    """
    per = -(-players // arbiters)
    return [(low, min(players, low + per - 1)) for low in range(1, players + 1, per)]


def build_festival(
    user: Any,
    arbiter_password: str,
    players: int = FESTIVAL_PLAYERS,
    arbiters: int = FESTIVAL_ARBITERS,
    moves: int = FESTIVAL_MOVES,
    seed: int = 2026,
    progress: Callable[[str], None] = lambda step: None,
) -> FestivalReport:
    """Create the festival (see the module) as ``user``; the arbiters' accounts are created
    with ``arbiter_password`` when new. ``progress`` is told each step."""
    from arbitre.app.duplicate import services, setup
    from arbitre.app.duplicate.ballots import enter_ballot
    from arbitre.app.duplicate.models import Game
    from arbitre.app.events.models import Event
    from arbitre.duplicate import record as game_record
    from arbitre.duplicate.game import DuplicateGame
    from arbitre.scrabble.generate import all_moves

    rng = random.Random(seed)
    report = FestivalReport(players=players)
    event = setup.create_event(
        {
            "name": FESTIVAL_NAME,
            "date": datetime.date.today(),
            "place": "Palais des congrès, grande salle",
            "games_planned": 7,
            "seconds_per_move": 180,
        },
        None,
        user,
    )
    report.event = int(event.pk)
    dup = Event.objects.get(pk=event.pk).duplicate
    skills: dict[int, float] = {}
    started = time.perf_counter()
    for table, (surname, first, club) in enumerate(_people(rng, players), 1):
        series = min(7, 1 + int(rng.random() ** 0.7 * 7))
        reg = setup.add_player(
            dup,
            {
                "licence": f"F{table:05d}",
                "name": surname,
                "first_name": first,
                "club": club,
                "series": series,
                "tier": rng.choice("ABCD"),
                "category": rng.choice(["", "", "V", "D", "S", "J"]),
                "table": table,
            },
            user,
        )
        skills[reg.pk] = 0.95 - 0.09 * series + rng.uniform(-0.05, 0.05)
        if table % 250 == 0 or table == players:
            progress(f"joueurs : {table}/{players} ({time.perf_counter() - started:.0f} s)")
    for i, (low, high) in enumerate(table_ranges(players, arbiters), 1):
        name = ARBITER_NAME.format(i)
        setup.assign_arbiter(dup, name, arbiter_password, (low, high), user)
        report.arbiters[name] = (low, high)
    progress(f"arbitres : {len(report.arbiters)} (tables par plages)")

    game = Game.objects.filter(duplicate=dup).order_by("number").first()
    assert game is not None  # create_event creates the planned games
    report.game = game.number
    lexicon = services.lexicon_of(dup)
    drawn = DuplicateGame(lexicon, seed=rng.randrange(2**62))
    drawn.autoplay()  # the draws of ``arbitre duplicate autoplay``, as festivals pre-draw
    services.load_predrawn(game.pk, game_record.dumps(game_record.to_record(drawn)), user)
    progress(f"partie 1 prétirée ({len(drawn.moves)} coups)")
    started = time.perf_counter()
    for number in range(1, moves + 1):
        game = Game.objects.get(pk=game.pk)
        game = services.chief_action(game.pk, game.version, "draw_random", user)
        if services.engine_of(game).over:
            break
        game = services.chief_action(game.pk, game.version, "reveal", user)
        report.moves = number
        turn = services.turns(game)[-1]
        candidates = all_moves(turn.board, turn.draw, lexicon)
        for done, (reg_pk, skill) in enumerate(skills.items(), 1):
            enter_ballot(game.pk, reg_pk, number, _ballot(rng, skill, candidates), 0, user)
            report.ballots += 1
            if done % 250 == 0 or done == players:
                seconds = time.perf_counter() - started
                progress(
                    f"coup {number}/{moves} : {done}/{players} bulletins "
                    f"({report.ballots / seconds:.0f} par seconde)"
                )
    return report
