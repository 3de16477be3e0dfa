"""Demo events, in progress, for a newcomer and for the benchmarks (issue 23, part 1).

:func:`populate` fills the database with one event of each game as it stands in the middle of
a real day, every write going through the same services as the pages (so the audit log, the
backups and the standings are those of a real event):

- a Duplicate festival of 120 players in its second game: the first game played to its end
  and the second to its eighth move, every ballot entered and judged (tops, lower moves,
  wrong scores, a few missing ballots), the ninth draw on the chief's screen;
- a Classic Scrabble tournament of 40 players in round 4: rounds 1 to 3 entered, round 4
  paired with half of its results in;
- a backgammon championship of 64 players in round 5 of 7, the bracket of the best eight
  ahead: rounds 1 to 4 entered, round 5 paired with half of its results in.

The players are made up (first names and surnames drawn at random from common French ones);
the same ``seed`` gives the same events. :data:`SMALL` is a quick version for the tests.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from django.contrib.auth import get_user_model

FIRST_NAMES = (
    "Alice Amélie Anne Bernard Brigitte Camille Catherine Charles Chantal Claire Claude "
    "Colette Daniel Denise Didier Dominique Édith Élise Émile Étienne Fabienne François "
    "Françoise Gérard Gilles Hélène Henri Hugo Inès Isabelle Jacqueline Jacques Jean Jeanne "
    "Joëlle Josette Julien Laure Léa Léon Louis Lucie Marc Marcel Margot Marie Martine "
    "Michel Monique Nadine Nathalie Nicole Noël Odile Olivier Pascal Patrick Paul Pierre "
    "Raymond Renée Robert Sébastien Simone Sophie Suzanne Sylvie Thérèse Thierry Valérie "
    "Victor Yves Zoé"
).split()
SURNAMES = (
    "Arnaud Aubert Barbier Benoît Bertrand Blanc Boyer Brun Carré Chevalier Clément Colin "
    "Dubois Dufour Dumas Dupont Durand Émery Fabre Faure Fontaine Fournier François Garnier "
    "Gauthier Girard Guérin Henry Hubert Joly Lambert Laurent Leclerc Lefèvre Legrand Lemaire "
    "Leroy Lucas Marchand Martin Masson Mathieu Mercier Meunier Michel Morel Moulin Muller "
    "Noël Perrin Petit Picard Renard Richard Rivière Robin Roche Rousseau Roussel Roux "
    "Schmitt Simon Thomas Vasseur Vidal Vincent Œillet Ébrard Écuyer"
).split()
CLUBS = (
    "Aix-les-Bains Angers Annecy Besançon Bordeaux Caen Dijon Grenoble Lille Lyon Metz Nancy "
    "Nantes Nice Orléans Pau Reims Rennes Rouen Strasbourg Toulouse Tours Vichy"
).split()

DEMO_PREFIX = "Démo — "
"""The demo events' names begin so."""

DEMO_DIRECTOR = "demo"
"""The account the demo events are created by (their director)."""


@dataclass(frozen=True)
class DemoSize:
    """How big the demo events are and how far each has gone."""

    duplicate_players: int = 120
    duplicate_moves_in_game_two: int = 8
    duplicate_full_first_game: bool = True
    classic_players: int = 40
    classic_rounds_entered: int = 3
    backgammon_players: int = 64
    backgammon_rounds_entered: int = 4
    backgammon_rounds: int = 7


FULL = DemoSize()
"""The demo of the README and the benchmarks."""

SMALL = DemoSize(
    duplicate_players=18,
    duplicate_moves_in_game_two=2,
    duplicate_full_first_game=False,
    classic_players=12,
    classic_rounds_entered=2,
    backgammon_players=16,
    backgammon_rounds_entered=2,
    backgammon_rounds=5,
)
"""A quick demo of the same shape, for the tests."""

FIRST_GAME_MOVES_WHEN_SHORT = 5
"""Moves of the first game when ``duplicate_full_first_game`` is off."""


@dataclass
class DemoReport:
    """What :func:`populate` created: the events' ids by game, and counts."""

    events: dict[str, int] = field(default_factory=dict)
    ballots: int = 0
    results: int = 0
    director: str = DEMO_DIRECTOR


def _people(rng: random.Random, count: int) -> list[tuple[str, str, str]]:
    """``count`` distinct (surname, first name, club)."""
    seen: set[tuple[str, str]] = set()
    out: list[tuple[str, str, str]] = []
    while len(out) < count:
        person = (rng.choice(SURNAMES).upper(), rng.choice(FIRST_NAMES))
        if person not in seen:
            seen.add(person)
            out.append((*person, rng.choice(CLUBS)))
    return out


def existing_events() -> dict[str, int]:
    """The demo events already in the database: name -> id."""
    from arbitre.app.events.models import Event

    return dict(Event.objects.filter(name__startswith=DEMO_PREFIX).values_list("name", "pk"))


def demo_director(password: str) -> Any:
    """The demo's director account (created with ``password`` when missing)."""
    from arbitre.app.events.accounts import create_director

    User = get_user_model()
    user = User.objects.filter(username=DEMO_DIRECTOR).first()
    if user is None:
        create_director(DEMO_DIRECTOR, password)
        user = User.objects.get(username=DEMO_DIRECTOR)
    return user


def populate(
    user: Any,
    size: DemoSize = FULL,
    seed: int = 2026,
    progress: Callable[[str], None] = lambda step: None,
) -> DemoReport:
    """Create the three demo events (see the module) as ``user``; ``progress`` is told each
    step. The same ``seed`` gives the same players, draws, ballots and results."""
    report = DemoReport(director=user.get_username())
    rng = random.Random(seed)
    progress("Scrabble classique")
    _classic(user, size, rng, report)
    progress("backgammon")
    _backgammon(user, size, rng, report)
    progress("Scrabble duplicate")
    _duplicate(user, size, rng, report, progress)
    return report


# -- Classic Scrabble and backgammon: rounds ---------------------------------------------------


def _rounds_event(
    game: Any,
    data: dict[str, Any],
    players: list[tuple[str, str, str]],
    ratings: list[int],
    rounds_entered: int,
    result: Callable[[Any, random.Random], dict[str, str]],
    user: Any,
    rng: random.Random,
    report: DemoReport,
) -> int:
    from arbitre.app.rounds import results, services
    from arbitre.app.rounds.games import PlayerRow
    from arbitre.app.rounds.models import Table

    event = services.create_tournament(game, data, user)
    t = event.tournament
    rows = [
        PlayerRow(f"{first} {surname}", rating, club=club)
        for (surname, first, club), rating in zip(players, ratings, strict=True)
    ]
    services.register(game, t, rows, user)
    services.check_in(t, {e.pk for e in t.entrants.all()}, user)
    for number in range(1, rounds_entered + 2):
        rnd = services.pair_next_round(game, t, user)
        tables = [tb for tb in Table.objects.filter(round=rnd).order_by("number") if not tb.is_bye]
        if number == rounds_entered + 1:
            tables = tables[: len(tables) // 2]  # the round in progress: half of it entered
        for tb in tables:
            request = SimpleNamespace(POST=result(tb, rng))
            entry = game.read_result(request)
            results.enter_result(game, t, tb.pk, tb.version, entry, user)
            report.results += 1
    return int(event.pk)


def _classic_result(tb: Any, rng: random.Random) -> dict[str, str]:
    """Two plausible Classic scores (never a draw: seed 000 allows one, the demo shows none)."""
    a, b = rng.randint(290, 520), rng.randint(290, 520)
    if a == b:
        a += 1
    return {"score_a": str(a), "score_b": str(b)}


def _classic(user: Any, size: DemoSize, rng: random.Random, report: DemoReport) -> None:
    from arbitre.app.classic.game import GAME

    ratings = sorted((rng.randint(900, 2100) for _ in range(size.classic_players)), reverse=True)
    report.events["classic"] = _rounds_event(
        GAME,
        {
            "name": DEMO_PREFIX + "Open de Scrabble classique",
            "date": datetime.date.today(),
            "place": "Salle des fêtes",
            "rounds": 6 if size is FULL else 4,
        },
        _people(rng, size.classic_players),
        ratings,
        size.classic_rounds_entered,
        _classic_result,
        user,
        rng,
        report,
    )


def _backgammon_result(match_length: int) -> Callable[[Any, random.Random], dict[str, str]]:
    def result(tb: Any, rng: random.Random) -> dict[str, str]:
        winner = tb.a if rng.random() < 0.55 else tb.b
        loser_score = rng.randint(0, match_length - 1)
        a, b = (match_length, loser_score) if winner == tb.a else (loser_score, match_length)
        return {"winner": winner, "score_a": str(a), "score_b": str(b)}

    return result


def _backgammon(user: Any, size: DemoSize, rng: random.Random, report: DemoReport) -> None:
    from arbitre.app.backgammon.game import GAME

    match_length = 7
    elos = sorted((rng.randint(1350, 1950) for _ in range(size.backgammon_players)), reverse=True)
    report.events["backgammon"] = _rounds_event(
        GAME,
        {
            "name": DEMO_PREFIX + "Championnat régional de backgammon",
            "date": datetime.date.today(),
            "place": "Club house",
            "rounds": size.backgammon_rounds,
            "match_length": match_length,
        },
        _people(rng, size.backgammon_players),
        elos,
        size.backgammon_rounds_entered,
        _backgammon_result(match_length),
        user,
        rng,
        report,
    )


# -- Duplicate Scrabble: draws and ballots -----------------------------------------------------


def _duplicate(
    user: Any,
    size: DemoSize,
    rng: random.Random,
    report: DemoReport,
    progress: Callable[[str], None],
) -> None:
    from arbitre.app.duplicate import services, setup
    from arbitre.app.duplicate.models import Game
    from arbitre.app.events.models import Event

    event = setup.create_event(
        {
            "name": DEMO_PREFIX + "Festival de Scrabble duplicate",
            "date": datetime.date.today(),
            "place": "Palais des congrès",
            "games_planned": 3,
            "seconds_per_move": 180,
        },
        None,
        user,
    )
    dup = Event.objects.get(pk=event.pk).duplicate
    skills = {}
    for table, (surname, first, club) in enumerate(_people(rng, size.duplicate_players), 1):
        series = min(7, 1 + int(rng.random() ** 0.7 * 7))
        reg = setup.add_player(
            dup,
            {
                "licence": f"D{table:05d}",
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
    per_arbiter = -(-size.duplicate_players // 3)
    for i in range(3):
        low, high = i * per_arbiter + 1, min(size.duplicate_players, (i + 1) * per_arbiter)
        setup.assign_arbiter(dup, f"arbitre-demo-{i + 1}", "Tables-de-démo-2026", (low, high), user)
    games = list(Game.objects.filter(duplicate=dup).order_by("number"))
    first_moves = None if size.duplicate_full_first_game else FIRST_GAME_MOVES_WHEN_SHORT
    progress("Scrabble duplicate : partie 1")
    _play_game(games[0], first_moves, skills, user, rng, report)
    progress("Scrabble duplicate : partie 2")
    _play_game(games[1], size.duplicate_moves_in_game_two, skills, user, rng, report)
    game = Game.objects.get(pk=games[1].pk)
    services.chief_action(game.pk, game.version, "draw_random", user)  # the next move's draw
    report.events["duplicate"] = int(event.pk)


def _play_game(
    game: Any,
    moves: int | None,
    skills: dict[int, float],
    user: Any,
    rng: random.Random,
    report: DemoReport,
) -> None:
    """Play ``moves`` moves of ``game`` (``None``: to its end), each with every ballot."""
    from arbitre.app.duplicate import services
    from arbitre.app.duplicate.ballots import enter_ballot
    from arbitre.app.duplicate.models import Game
    from arbitre.duplicate import record as game_record
    from arbitre.duplicate.game import DuplicateGame
    from arbitre.scrabble.generate import all_moves

    # a pre-drawn game (as festivals play them), drawn here so that the seed decides the draws
    lexicon = services.lexicon_of(game.duplicate)
    drawn = DuplicateGame(lexicon, seed=rng.randrange(2**62))
    drawn.autoplay()
    services.load_predrawn(game.pk, game_record.dumps(game_record.to_record(drawn)), user)
    played = 0
    while moves is None or played < moves:
        game = Game.objects.get(pk=game.pk)
        if services.engine_of(game).over:
            break
        game = services.chief_action(game.pk, game.version, "draw_random", user)
        if services.engine_of(game).over:  # the draw ended the game (no letters left)
            break
        game = services.chief_action(game.pk, game.version, "reveal", user)
        played += 1
        turn = services.turns(game)[-1]
        candidates = all_moves(turn.board, turn.draw, lexicon)
        for reg_pk, skill in skills.items():
            text = _ballot(rng, skill, candidates)
            enter_ballot(game.pk, reg_pk, played, text, 0, user)
            report.ballots += 1


def _ballot(rng: random.Random, skill: float, candidates: list[Any]) -> str:
    """What a player of ``skill`` (0..1) hands in: the top most often, else a lower move, now
    and then a miscounted score or no ballot at all."""
    r = rng.random()
    if r < 0.01:
        return "aucun"
    if not candidates:
        return "vide"
    if r < skill:
        chosen = candidates[0]
    else:
        chosen = candidates[min(len(candidates) - 1, int(rng.expovariate(0.15)) + 1)]
    if rng.random() < 0.03:  # a miscounted score: a warning, or a zero (seed 004, 4.3)
        return f"{chosen.move} {chosen.score + rng.choice((-2, -1, 1, 2, 10))}"
    return str(chosen)
