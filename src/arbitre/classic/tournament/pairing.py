"""Pairing of the Belgian formula (seed 000 "Premier match", "Deuxième match", "Matches
suivants", "Permutations", "Forfaits provisoires"; rulings Classic 2, 3, 4, 6, 7, 8).

Every pair records the rule that produced it, so that the director can explain a pairing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from arbitre.classic.tournament.model import Player, Round, TournamentError
from arbitre.classic.tournament.standings import HeadToHead, compute_standings, initial_ranking


class Rule(StrEnum):
    """Which rule of seed 000 produced a pair."""

    GROUP_A = "group_a"
    GROUP_B = "group_b"
    BYE = "bye"
    EVEN_GROUP = "even_group"
    ODD_GROUP = "odd_group"
    PERMUTATION_UP = "permutation_up"
    PERMUTATION_DOWN = "permutation_down"
    REMATCH_KEPT = "rematch_kept"


@dataclass(frozen=True)
class Pair:
    """One table of a round to be played. ``b is None`` is a bye.

    ``nominal`` is the opponent designated by the group rule before any permutation;
    ``starters`` gives who starts each game of the match (one, or three for best of three).
    """

    table: int
    a: str
    b: str | None
    rule: Rule
    explanation: str
    nominal: str | None = None
    starters: tuple[str, ...] = ()

    @property
    def starts(self) -> str | None:
        return self.starters[0] if self.starters else None

    @property
    def is_bye(self) -> bool:
        return self.b is None


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of one round: its tables (bye last), absent players and explanations."""

    round: int
    pairs: tuple[Pair, ...]
    absent: tuple[str, ...]
    order: tuple[str, ...]
    explain: tuple[str, ...]

    def opponent(self, name: str) -> str | None:
        for pair in self.pairs:
            if pair.a == name:
                return pair.b
            if pair.b == name:
                return pair.a
        raise KeyError(name)

    def pair_set(self) -> set[frozenset[str | None]]:
        return {frozenset((p.a, p.b)) for p in self.pairs}


def first_round_groups(present: int) -> tuple[int, int]:
    """Sizes of groups A and B for round 1 (seed 000 "Premier match"; rulings Classic 2).

    A is the even number closest to two thirds of the present players (ties: the larger).
    """
    if present < 0:
        raise TournamentError(f"negative number of present players: {present}")
    target = 2 * present / 3
    low = int(target) // 2 * 2
    high = low + 2
    size_a = high if (high - target) <= (target - low) else low
    size_a = min(size_a, present - present % 2)
    return size_a, present - size_a


class _History:
    """What the pairing needs to know about the rounds already played."""

    def __init__(self, rounds: Sequence[Round]) -> None:
        self.h2h = HeadToHead(rounds)
        self.absent_wins: dict[str, int] = {}
        self.started: dict[str, int] = {}
        self.started_last: dict[str, bool] = {}
        for rnd in sorted(rounds, key=lambda r: r.number):
            for game in rnd.games:
                for name in game.players:
                    if game.absent_win(name):
                        self.absent_wins[name] = self.absent_wins.get(name, 0) + 1
                if game.played:
                    assert game.b is not None
                    starter = game.starts or game.a
                    for name in (game.a, game.b):
                        did = name == starter
                        self.started[name] = self.started.get(name, 0) + int(did)
                        self.started_last[name] = did

    def who_starts(self, x: str, y: str, rank: dict[str, int]) -> tuple[str, str]:
        """Rulings Classic 7 (seed 000, 3.1): fewer games started; then the one who did not
        start their previous game; then the higher-ranked player. Returns the name and
        the criterion that decided."""
        sx, sy = self.started.get(x, 0), self.started.get(y, 0)
        if sx != sy:
            return (
                x if sx < sy else y
            ), f"fewer games started: {min(sx, sy)} against {max(sx, sy)}"
        lx, ly = self.started_last.get(x, False), self.started_last.get(y, False)
        if lx != ly:
            return (y if lx else x), "did not start their previous game"
        return (x if rank[x] < rank[y] else y), "higher-ranked"


def who_starts(rounds: Sequence[Round], higher: str, lower: str) -> str:
    """Who starts a game between ``higher`` and ``lower`` (the higher-ranked first) after
    ``rounds`` (rulings Classic 7; seed 000, 3.1). A game without a recorded starter is
    taken as started by its player A."""
    return _History(rounds).who_starts(higher, lower, {higher: 0, lower: 1})[0]


def _match_starters(first: str, other: str, best_of: int) -> tuple[str, ...]:
    """Seed 000, 3.1: in a best-of-three match the player who did not start game 1 starts
    game 2; game 3 is designated again by rulings Classic 7, which (both having started
    one more game, the other having started the previous one) gives the game-1 starter."""
    if best_of == 1:
        return (first,)
    return (first, other, first)


def _choose_bye(order: Sequence[str], history: _History) -> tuple[str, str]:
    """Rulings Classic 3: the lowest-ranked present player with the fewest games against an
    absent player (bye or opponent's forfeit)."""
    fewest = min(history.absent_wins.get(n, 0) for n in order)
    for name in reversed(order):
        count = history.absent_wins.get(name, 0)
        if count == fewest:
            if count == 0:
                reason = "lowest-ranked present player not yet paired against an absent player"
            else:
                reason = (
                    f"every present player has had a bye or forfeit win; lowest-ranked "
                    f"among those with the fewest ({count})"
                )
            return name, reason
    raise AssertionError("empty pairing list")


def pair_round(
    players: Iterable[Player],
    rounds: Sequence[Round],
    *,
    absent: Iterable[str] = (),
    best_of: int = 1,
) -> RoundPairing:
    """Pair the round after ``rounds`` with every player not in ``absent``.

    Round 1: groups A and B from the initial ranking. Later rounds: score groups of the
    intermediate ranking, top down, with the permutations of seed 000.
    """
    if best_of not in (1, 3):
        raise TournamentError("a match is one game or best of three")
    roster = list(players)
    names = {p.name for p in roster}
    absent_set = set(absent)
    unknown = sorted(absent_set - names)
    if unknown:
        raise TournamentError(f"unknown absent player {unknown[0]!r}")
    number = max((r.number for r in rounds), default=0) + 1
    history = _History(rounds)
    explain: list[str] = []
    if not rounds:
        full_order = [p.name for p in initial_ranking(roster)]
        pm: dict[str, int] = dict.fromkeys(full_order, 0)
        explain.append("Pairing list: initial ranking (rating descending, then name).")
    else:
        standings = compute_standings(roster, rounds, final=False)
        full_order = [s.name for s in standings]
        pm = {s.name: s.pm for s in standings}
        explain.append(
            f"Pairing list: intermediate ranking after round {number - 1} "
            "(PM, PPM if all tied players met, Pdep, initial ranking)."
        )
    order = [n for n in full_order if n not in absent_set]
    absent_list = tuple(n for n in full_order if n in absent_set)
    if absent_list:
        explain.append(
            "Absent, left out of the pairing (they keep their points): "
            + ", ".join(absent_list)
            + "."
        )
    if not order:
        raise TournamentError("no present player to pair")
    explain.append(
        "Present: " + ", ".join(f"{i}. {n} ({pm[n]} PM)" for i, n in enumerate(order, 1)) + "."
    )
    rank = {n: i for i, n in enumerate(full_order)}

    bye: tuple[str, str] | None = None
    to_pair = list(order)
    if len(to_pair) % 2 == 1:
        bye = _choose_bye(to_pair, history)
        to_pair.remove(bye[0])

    raw: list[tuple[str, str, Rule, str, str]] = []
    if not rounds:
        raw = _pair_first(order, bye[0] if bye else None, explain)
    else:
        raw = _pair_later(to_pair, pm, history.h2h)

    pairs: list[Pair] = []
    for table, (a, b, rule, text, nominal) in enumerate(raw, start=1):
        first, why = history.who_starts(a, b, rank)
        other = b if first == a else a
        pairs.append(
            Pair(
                table=table,
                a=a,
                b=b,
                rule=rule,
                explanation=f"Table {table}: {a} - {b}: {text} {first} starts ({why}).",
                nominal=nominal,
                starters=_match_starters(first, other, best_of),
            )
        )
    if bye is not None:
        text = f"Table {len(pairs) + 1}: {bye[0]} - BYE: odd number of present players; {bye[1]} (3 PM, own rating as Pdep)."
        pairs.append(Pair(table=len(pairs) + 1, a=bye[0], b=None, rule=Rule.BYE, explanation=text))
    explain.extend(p.explanation for p in pairs)
    return RoundPairing(
        round=number,
        pairs=tuple(pairs),
        absent=absent_list,
        order=tuple(order),
        explain=tuple(explain),
    )


def _pair_first(
    order: Sequence[str], bye: str | None, explain: list[str]
) -> list[tuple[str, str, Rule, str, str]]:
    """Round 1 (seed 000 "Premier match"; rulings Classic 2). The bye, when there is one,
    is the last player of the initial ranking and is taken out of group B."""
    size_a, size_b = first_round_groups(len(order))
    group_a = list(order[:size_a])
    group_b = [n for n in order[size_a:] if n != bye]
    explain.append(
        f"Group A: the first {size_a} of {len(order)} present players (the even number "
        f"closest to two thirds); group B: the other {size_b}"
        + (" (the last one has the bye)." if bye else ".")
    )
    out: list[tuple[str, str, Rule, str, str]] = []
    for i in range(size_a // 2):
        a, b = group_a[i], group_a[size_a - 1 - i]
        out.append(
            (
                a,
                b,
                Rule.GROUP_A,
                f"group A, no. {i + 1} against no. {size_a - i} of {size_a}.",
                b,
            )
        )
    for i in range(0, len(group_b) - 1, 2):
        a, b = group_b[i], group_b[i + 1]
        out.append((a, b, Rule.GROUP_B, f"group B, no. {i + 1} against no. {i + 2}.", b))
    return out


def _players(count: int) -> str:
    return f"{count} player" if count == 1 else f"{count} players"


def _pair_later(
    order: list[str], pm: dict[str, int], h2h: HeadToHead
) -> list[tuple[str, str, Rule, str, str]]:
    """Rounds 2 and after (seed 000; rulings Classic 4).

    The unpaired players are taken top down. A is the first of them; within A's score
    group (its unpaired players), an even group pairs first against last, an odd group
    sends its first against the first of the next group down. If A has already met that
    opponent B, the first unpaired player who has not met A is searched upward from B's
    place, then downward; if there is none, the rematch is kept.
    """
    remaining = list(order)
    out: list[tuple[str, str, Rule, str, str]] = []
    while remaining:
        a = remaining[0]
        group = [n for n in remaining if pm[n] == pm[a]]
        if len(group) % 2 == 0:
            b = group[-1]
            rule = Rule.EVEN_GROUP
            text = (
                f"group of {pm[a]} PM has {_players(len(group))} unpaired (even): "
                "first against last."
            )
        else:
            lower = [n for n in remaining if pm[n] < pm[a]]
            if not lower:  # impossible with an even number of players; kept for safety
                raise AssertionError("odd last group")
            b = lower[0]
            rule = Rule.ODD_GROUP
            text = (
                f"group of {pm[a]} PM has {_players(len(group))} unpaired (odd): its first "
                f"meets the first of the next group, {b} ({pm[b]} PM)."
            )
        nominal = b
        if h2h.met(a, b):
            pos = remaining.index(b)
            choice: str | None = None
            for i in range(pos - 1, 0, -1):
                if not h2h.met(a, remaining[i]):
                    choice = remaining[i]
                    rule = Rule.PERMUTATION_UP
                    text += (
                        f" {a} has already met {b}: {choice} is the first unpaired player "
                        f"above {b} who has not met {a} (permutation upward)."
                    )
                    break
            if choice is None:
                for i in range(pos + 1, len(remaining)):
                    if not h2h.met(a, remaining[i]):
                        choice = remaining[i]
                        rule = Rule.PERMUTATION_DOWN
                        text += (
                            f" {a} has already met {b} and every unpaired player above "
                            f"{b}: {choice} is the first unpaired player below {b} who "
                            f"has not met {a} (permutation downward)."
                        )
                        break
            if choice is None:
                rule = Rule.REMATCH_KEPT
                text += (
                    f" {a} has already met {b} and every other unpaired player: "
                    "the rematch is kept."
                )
            else:
                b = choice
        out.append((a, b, rule, text, nominal))
        remaining.remove(a)
        remaining.remove(b)
    return out
