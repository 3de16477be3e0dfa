"""Pairing of the Belgian formula (seed 000 "Premier match", "Deuxième match", "Matches
suivants", "Permutations", "Forfaits provisoires"; rulings Classic 2, 3, 4, 6, 7, 8).

Every pair records the rule that produced it, so that the director can explain a pairing.
Explanations are :class:`~arbitre.common.Message` values (codes ``pairing.*``), worded by
:mod:`arbitre.i18n` in the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from arbitre.classic.tournament.model import Player, Round, TournamentRefused
from arbitre.classic.tournament.standings import HeadToHead, compute_standings, initial_ranking
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(
    f"pairing.{name}"
    for name in (
        "list_initial",
        "list_intermediate",
        "absent",
        "present",
        "groups",
        "groups_bye",
        "table",
        "group_a",
        "group_b",
        "even_group",
        "odd_group",
        "players_one",
        "players_many",
        "with_permutation",
        "permutation_up",
        "permutation_down",
        "rematch_kept",
        "starts_fewer",
        "starts_not_previous",
        "starts_higher",
        "bye_table",
        "bye_lowest",
        "bye_fewest",
        "rule.group_a",
        "rule.group_b",
        "rule.bye",
        "rule.even_group",
        "rule.odd_group",
        "rule.permutation_up",
        "rule.permutation_down",
        "rule.rematch_kept",
        "rule.override",
        "refused.present_count",
        "refused.best_of",
        "refused.unknown_absent",
        "refused.nobody_present",
        "refused.toss_self",
        "refused.toss_third",
    )
)
"""The codes of the pairing's explanations, of the rules' names (``pairing.rule.*``) and of
the requests it refuses (``pairing.refused.*``)."""


class PairingRefused(TournamentRefused):
    """A pairing request the formula cannot take; a :class:`TournamentError` whose reason is
    a message (``pairing.refused.*``), worded by the interface."""


def _refuse(code: str, /, **params: Param) -> PairingRefused:
    return PairingRefused(Message.of(f"pairing.refused.{code}", **params))


def _m(code: str, **params: str | int | Message) -> Message:
    return Message.of(f"pairing.{code}", **params)


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

    @property
    def label(self) -> Message:
        """The rule's name, to be worded."""
        return _m(f"rule.{self.value}")


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
    explanation: Message
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
    explain: tuple[Message, ...]

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
        raise _refuse("present_count", present=present)
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

    def who_starts(self, x: str, y: str, rank: dict[str, int]) -> tuple[str, Message]:
        """Rulings Classic 7 (seed 000, 3.1): fewer games started; then the one who did not
        start their previous game; then the higher-ranked player. Returns the name and
        the criterion that decided."""
        sx, sy = self.started.get(x, 0), self.started.get(y, 0)
        if sx != sy:
            return (x if sx < sy else y), _m("starts_fewer", fewer=min(sx, sy), more=max(sx, sy))
        lx, ly = self.started_last.get(x, False), self.started_last.get(y, False)
        if lx != ly:
            return (y if lx else x), _m("starts_not_previous")
        return (x if rank[x] < rank[y] else y), _m("starts_higher")


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


def _choose_bye(order: Sequence[str], history: _History) -> tuple[str, Message]:
    """Rulings Classic 3: the lowest-ranked present player with the fewest games against an
    absent player (bye or opponent's forfeit)."""
    fewest = min(history.absent_wins.get(n, 0) for n in order)
    for name in reversed(order):
        count = history.absent_wins.get(name, 0)
        if count == fewest:
            reason = _m("bye_lowest") if count == 0 else _m("bye_fewest", count=count)
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
        raise _refuse("best_of", best_of=best_of)
    roster = list(players)
    names = {p.name for p in roster}
    absent_set = set(absent)
    unknown = sorted(absent_set - names)
    if unknown:
        raise _refuse("unknown_absent", player=unknown[0])
    number = max((r.number for r in rounds), default=0) + 1
    history = _History(rounds)
    explain: list[Message] = []
    if not rounds:
        full_order = [p.name for p in initial_ranking(roster)]
        pm: dict[str, int] = dict.fromkeys(full_order, 0)
        explain.append(_m("list_initial"))
    else:
        standings = compute_standings(roster, rounds, final=False)
        full_order = [s.name for s in standings]
        pm = {s.name: s.pm for s in standings}
        explain.append(_m("list_intermediate", round=number - 1))
    order = [n for n in full_order if n not in absent_set]
    absent_list = tuple(n for n in full_order if n in absent_set)
    if absent_list:
        explain.append(_m("absent", names=", ".join(absent_list)))
    if not order:
        raise _refuse("nobody_present")
    explain.append(
        _m("present", players=", ".join(f"{i}. {n} ({pm[n]} PM)" for i, n in enumerate(order, 1)))
    )
    rank = {n: i for i, n in enumerate(full_order)}

    bye: tuple[str, Message] | None = None
    to_pair = list(order)
    if len(to_pair) % 2 == 1:
        bye = _choose_bye(to_pair, history)
        to_pair.remove(bye[0])

    raw: list[tuple[str, str, Rule, Message, str]] = []
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
                explanation=_m("table", table=table, a=a, b=b, reason=text, starter=first, why=why),
                nominal=nominal,
                starters=_match_starters(first, other, best_of),
            )
        )
    if bye is not None:
        table = len(pairs) + 1
        text = _m("bye_table", table=table, player=bye[0], reason=bye[1])
        pairs.append(Pair(table=table, a=bye[0], b=None, rule=Rule.BYE, explanation=text))
    explain.extend(p.explanation for p in pairs)
    return RoundPairing(
        round=number,
        pairs=tuple(pairs),
        absent=absent_list,
        order=tuple(order),
        explain=tuple(explain),
    )


def _pair_first(
    order: Sequence[str], bye: str | None, explain: list[Message]
) -> list[tuple[str, str, Rule, Message, str]]:
    """Round 1 (seed 000 "Premier match"; rulings Classic 2). The bye, when there is one,
    is the last player of the initial ranking and is taken out of group B."""
    size_a, size_b = first_round_groups(len(order))
    group_a = list(order[:size_a])
    group_b = [n for n in order[size_a:] if n != bye]
    code = "groups_bye" if bye else "groups"
    explain.append(_m(code, size_a=size_a, present=len(order), size_b=size_b))
    out: list[tuple[str, str, Rule, Message, str]] = []
    for i in range(size_a // 2):
        a, b = group_a[i], group_a[size_a - 1 - i]
        out.append(
            (
                a,
                b,
                Rule.GROUP_A,
                _m("group_a", number=i + 1, against=size_a - i, size=size_a),
                b,
            )
        )
    for i in range(0, len(group_b) - 1, 2):
        a, b = group_b[i], group_b[i + 1]
        text = _m("group_b", number=i + 1, against=i + 2)
        out.append((a, b, Rule.GROUP_B, text, b))
    return out


def _players(count: int) -> Message:
    return _m("players_one" if count == 1 else "players_many", count=count)


def _pair_later(
    order: list[str], pm: dict[str, int], h2h: HeadToHead
) -> list[tuple[str, str, Rule, Message, str]]:
    """Rounds 2 and after (seed 000; rulings Classic 4).

    The unpaired players are taken top down. A is the first of them; within A's score
    group (its unpaired players), an even group pairs first against last, an odd group
    sends its first against the first of the next group down. If A has already met that
    opponent B, the first unpaired player who has not met A is searched upward from B's
    place, then downward; if there is none, the rematch is kept.
    """
    remaining = list(order)
    out: list[tuple[str, str, Rule, Message, str]] = []
    while remaining:
        a = remaining[0]
        group = [n for n in remaining if pm[n] == pm[a]]
        if len(group) % 2 == 0:
            b = group[-1]
            rule = Rule.EVEN_GROUP
            text = _m("even_group", pm=pm[a], players=_players(len(group)))
        else:
            lower = [n for n in remaining if pm[n] < pm[a]]
            if not lower:  # impossible with an even number of players; kept for safety
                raise AssertionError("odd last group")
            b = lower[0]
            rule = Rule.ODD_GROUP
            text = _m("odd_group", pm=pm[a], players=_players(len(group)), next=b, next_pm=pm[b])
        nominal = b
        if h2h.met(a, b):
            pos = remaining.index(b)
            choice: str | None = None
            for i in range(pos - 1, 0, -1):
                if not h2h.met(a, remaining[i]):
                    choice = remaining[i]
                    rule = Rule.PERMUTATION_UP
                    note = _m("permutation_up", a=a, b=b, choice=choice)
                    text = _m("with_permutation", group=text, permutation=note)
                    break
            if choice is None:
                for i in range(pos + 1, len(remaining)):
                    if not h2h.met(a, remaining[i]):
                        choice = remaining[i]
                        rule = Rule.PERMUTATION_DOWN
                        note = _m("permutation_down", a=a, b=b, choice=choice)
                        text = _m("with_permutation", group=text, permutation=note)
                        break
            if choice is None:
                rule = Rule.REMATCH_KEPT
                note = _m("rematch_kept", a=a, b=b)
                text = _m("with_permutation", group=text, permutation=note)
            else:
                b = choice
        out.append((a, b, rule, text, nominal))
        remaining.remove(a)
        remaining.remove(b)
    return out


def toss_starters(
    toss_winner: str, toss_loser: str, best_of: int = 1, third_toss: str | None = None
) -> tuple[str | None, ...]:
    """Who starts each game of a match when the toss decides (seed 001, 3.1-3.2; the FFSc
    profile): the toss winner starts game 1; in a best-of-three match the player who lost
    the toss starts game 2, and game 3 is tossed again (``third_toss``: its winner, ``None``
    until it is drawn).

    >>> toss_starters("Bea", "Ana", best_of=3)
    ('Bea', 'Ana', None)
    """
    if toss_winner == toss_loser:
        raise _refuse("toss_self", player=toss_winner)
    if third_toss is not None and third_toss not in (toss_winner, toss_loser):
        raise _refuse("toss_third", player=third_toss)
    if best_of == 1:
        return (toss_winner,)
    return (toss_winner, toss_loser, third_toss)


def match_starters(
    rounds: Sequence[Round], order: Sequence[str], a: str, b: str, best_of: int = 1
) -> tuple[str, ...]:
    """Who starts each game of a match between ``a`` and ``b`` set by hand (a director's
    change of the pairing), by the same rule as a paired table: rulings Classic 7 (seed 000,
    3.1) with ``order`` the ranking the round was paired from (a player missing from it
    ranks last).

    >>> match_starters([], ["Ana", "Bea"], "Bea", "Ana", best_of=3)
    ('Ana', 'Bea', 'Ana')
    """
    rank = {n: i for i, n in enumerate(order)}
    higher, lower = sorted((a, b), key=lambda n: rank.get(n, len(order)))
    first = who_starts(rounds, higher, lower)
    return _match_starters(first, lower if first == higher else higher, best_of)
