"""Points and rankings of the Belgian formula (seed 000; rulings Classic 5 and 6).

- PM are summed over the rounds; an absent player scores 0 for that round.
- Pdep are summed over the rounds.
- PPM are computed afresh for each ranking, inside each group tied on PM, from the
  head-to-head results of the tied players (rulings Classic 5).
- Intermediate ranking: PM, then PPM only if every pair of the tied group has met, then
  Pdep; players equal on all of these keep their initial-ranking order (rulings Classic 6)
  and are shown ex aequo.
- Final ranking: PM, PPM (always), Pdep; full ties are ex aequo (seed 000 "Classement final").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from arbitre.classic.tournament.model import Player, Round, refuse
from arbitre.common.collation import french_key


def initial_ranking(players: Iterable[Player]) -> list[Player]:
    """Seed 000 "Classement initial": rating descending, equal ratings alphabetically (in
    French order: É with E, :func:`~arbitre.common.collation.french_key`)."""
    return sorted(players, key=lambda p: (-p.rating, french_key(p.name)))


@dataclass(frozen=True)
class Standing:
    """One row of a ranking. ``rank`` is shared by ex aequo players."""

    rank: int
    player: Player
    pm: int
    ppm: int
    ppm_used: bool
    pdep: int
    games: int
    wins: int
    draws: int
    losses: int
    absent_wins: int
    forfeits: int
    absences: int
    ex_aequo: bool = False

    @property
    def name(self) -> str:
        return self.player.name


class HeadToHead:
    """Results of the games played over the board between each pair of players."""

    def __init__(self, rounds: Iterable[Round]) -> None:
        self._wins: dict[tuple[str, str], int] = defaultdict(int)
        self._met: dict[str, set[str]] = defaultdict(set)
        for rnd in rounds:
            for game in rnd.games:
                if not game.played:
                    continue
                assert game.b is not None
                self._met[game.a].add(game.b)
                self._met[game.b].add(game.a)
                winner = game.winner()
                if winner is not None:
                    loser = game.b if winner == game.a else game.a
                    self._wins[(winner, loser)] += 1

    def met(self, x: str, y: str) -> bool:
        """True when ``x`` and ``y`` have played each other over the board."""
        return y in self._met.get(x, ())

    def opponents(self, x: str) -> set[str]:
        return set(self._met.get(x, ()))

    def ppm_pair(self, x: str, y: str) -> tuple[int, int]:
        """PPM given by the pair (rulings Classic 5): 3/1 to the winner/loser, else 2/2.

        Players who met more than once: the one with more wins over the other gets 3.
        """
        if not self.met(x, y):
            return 2, 2
        wx, wy = self._wins.get((x, y), 0), self._wins.get((y, x), 0)
        if wx > wy:
            return 3, 1
        if wy > wx:
            return 1, 3
        return 2, 2


def group_ppm(names: Sequence[str], h2h: HeadToHead) -> tuple[dict[str, int], bool]:
    """PPM of each player of a group tied on PM, and whether every pair of it has met."""
    ppm = dict.fromkeys(names, 0)
    all_met = True
    for x, y in combinations(names, 2):
        px, py = h2h.ppm_pair(x, y)
        ppm[x] += px
        ppm[y] += py
        all_met = all_met and h2h.met(x, y)
    return ppm, all_met


def compute_standings(
    players: Iterable[Player], rounds: Sequence[Round], *, final: bool = False
) -> list[Standing]:
    """The intermediate (``final=False``) or final ranking after ``rounds``.

    The rounds must be numbered 1, 2, ... without gap or repeat (seed 000: a tournament is
    a sequence of rounds from the first match on); anything else is refused.
    """
    numbers = sorted(rnd.number for rnd in rounds)
    if numbers != list(range(1, len(numbers) + 1)):
        raise refuse("round_sequence", count=len(numbers), numbers=", ".join(map(str, numbers)))
    order = initial_ranking(players)
    ratings = {p.name: p.rating for p in order}
    seed_index = {p.name: i for i, p in enumerate(order)}
    stats: dict[str, dict[str, int]] = {
        p.name: dict.fromkeys(
            ("pm", "pdep", "games", "wins", "draws", "losses", "absent_wins", "forfeits"), 0
        )
        | {"absences": 0}
        for p in order
    }
    for rnd in rounds:
        present = rnd.participants()
        unknown = sorted(present - ratings.keys())
        if unknown:
            raise refuse("unknown_in_round", round=rnd.number, player=unknown[0])
        for game in rnd.games:
            for name in game.players:
                s = stats[name]
                s["pm"] += game.match_points(name)
                s["pdep"] += game.pdep(name, ratings)
                if game.played:
                    s["games"] += 1
                    winner = game.winner()
                    if winner is None:
                        s["draws"] += 1
                    elif winner == name:
                        s["wins"] += 1
                    else:
                        s["losses"] += 1
                elif game.absent_win(name):
                    s["absent_wins"] += 1
                else:
                    s["forfeits"] += 1
        for name in ratings.keys() - present:
            stats[name]["absences"] += 1

    h2h = HeadToHead(rounds)
    by_pm: dict[int, list[str]] = defaultdict(list)
    for p in order:
        by_pm[stats[p.name]["pm"]].append(p.name)
    ppm: dict[str, int] = {}
    used: dict[str, bool] = {}
    for names in by_pm.values():
        values, all_met = group_ppm(names, h2h)
        ppm.update(values)
        for name in names:
            used[name] = final or all_met

    def criteria(name: str) -> tuple[int, int, int]:
        s = stats[name]
        return (s["pm"], ppm[name] if used[name] else 0, s["pdep"])

    ranked = sorted(
        (p.name for p in order),
        key=lambda n: (tuple(-c for c in criteria(n)), seed_index[n]),
    )
    counts: dict[tuple[int, int, int], int] = defaultdict(int)
    for name in ranked:
        counts[criteria(name)] += 1
    rows: list[Standing] = []
    rank = 0
    previous: tuple[int, int, int] | None = None
    for position, name in enumerate(ranked, start=1):
        key = criteria(name)
        if key != previous:
            rank = position
            previous = key
        s = stats[name]
        rows.append(
            Standing(
                rank=rank,
                player=order[seed_index[name]],
                pm=s["pm"],
                ppm=ppm[name],
                ppm_used=used[name],
                pdep=s["pdep"],
                games=s["games"],
                wins=s["wins"],
                draws=s["draws"],
                losses=s["losses"],
                absent_wins=s["absent_wins"],
                forfeits=s["forfeits"],
                absences=s["absences"],
                ex_aequo=counts[key] > 1,
            )
        )
    return rows
