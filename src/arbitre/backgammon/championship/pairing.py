"""Swiss pairing of the first stage (seed 003, "Appariements"; rulings.md Backgammon 1-3).

Round 1 is the one-group case of the general rule: players in ELO order, split into two
equal halves, i-th of the top half against i-th of the bottom half. Later rounds apply the
same rule inside each score group, top group first, without rematch:

1. an odd number of present players: the bye goes first, to the fewest points then the
   lowest ELO among players who have had none (worth 0.5);
2. an odd group sends its lowest-ELO player down to the next group (the floater);
3. when the halves would give a rematch, the lower half is transposed first (permutations
   in lexicographic order), then players are exchanged between the halves, then players
   float down (rulings.md Backgammon 3);
4. a floater plays in a neighbouring group: no pair is more than 1 point apart ("le
   joueur isolé (flotteur) joue dans un groupe voisin (1 point d'écart)"), and a player
   carried down is the last of its new group to float again.

A choice for one group (floaters, bye) is kept only when the players left below can still
all be paired without a rematch and within the round's largest gap (checked with a maximum
matching). That gap is 1 point whenever a rematch-free pairing of the round keeps every
pair within 1 point; when none does, it is the smallest largest gap of any rematch-free
pairing, and each pair beyond 1 point says so (``swiss.gap_forced``). A rematch is kept
only when no rematch-free pairing of the round exists at all (then the gap is not bounded),
and then (small fields) the partner kept is the one met the fewest times, longest ago: the
rematches rotate.

Every table carries its explanation, shown to the director and the players, as a
:class:`~arbitre.common.Message` (codes ``swiss.*``) worded by :mod:`arbitre.i18n`; numbers
of points are numbers (parameters ``points``, ``bye_points``). Refusals are
:class:`~arbitre.backgammon.championship.model.ChampionshipError` with a ``swiss.*`` code.

>>> from arbitre.backgammon.championship import Championship, Player
>>> from arbitre.i18n import word
>>> rp = pair_round(Championship([Player("Ana", 1800), Player("Bob", 1600), Player("Cy", 1500)]))
>>> [word(line) for line in rp.explain_lines()]  # doctest: +NORMALIZE_WHITESPACE
['Table 1 : Ana - Bob : Groupe à 0 pt : n° 1 de la moitié haute contre n° 1 de la moitié
  basse (ELO 1800 contre 1600).',
 'Table 2 : Cy - exempt : Exempt (0,5 pt) : moins de points (0) puis plus faible ELO (1500),
  parmi les joueurs jamais exemptés.']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitre.backgammon.championship.matching import has_perfect_matching
from arbitre.backgammon.championship.model import Championship, ChampionshipError, ResultKind
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(
    f"swiss.{name}"
    for name in (
        # refusals
        "round_start",
        "round_beyond",
        "round_has_results",
        "later_round_has_results",
        "previous_round_unpaired",
        "fewer_than_two",
        # the explanation of a table
        "table",
        "table_bye",
        "pair",
        "pair_notes",
        "notes",
        "group_one",
        "group_many",
        "halves",
        "halves_transposed",
        "halves_exchanged",
        "outside_halves",
        "floater_one",
        "floater_many",
        "floater.odd_group",
        "floater.avoid_rematch",
        "rematch_forced",
        "gap_forced",
        "rematches",
        "bye",
        "bye_passed",
        "bye.never_exempt",
        "bye.all_exempt",
        "bye_passed_one",
        "bye_passed_many",
    )
)
"""The codes of this module: refusals, and the pieces of the tables' explanations."""


def _m(code: str, **params: Param) -> Message:
    return Message.of(f"swiss.{code}", **params)


def _refuse(code: str, **params: Param) -> ChampionshipError:
    return ChampionshipError(_m(code, **params))


#: DFS node budget for one search of transpositions (bounds pathological groups).
_NODE_BUDGET = 20000

#: The largest gap in points between partners that the seed allows ("1 point d'écart").
NEIGHBOUR_GAP = 1.0


@dataclass(frozen=True)
class Pairing:
    """One table of a round; ``b`` is ``None`` for the bye."""

    table: int
    a: str
    b: str | None
    explanation: Message

    @property
    def is_bye(self) -> bool:
        return self.b is None


@dataclass(frozen=True)
class RoundPairing:
    round: int
    pairs: tuple[Pairing, ...]
    #: pairs that repeat a match already played (only when unavoidable).
    rematches: tuple[tuple[str, str], ...] = ()

    def to_json(self, explain: bool = False) -> dict[str, Any]:
        """JSON-ready; with ``explain``, the explanations as messages (``Message.as_dict``)."""
        pairs: list[dict[str, Any]] = []
        for p in self.pairs:
            item: dict[str, Any] = {"table": p.table, "a": p.a, "b": p.b or "BYE"}
            if explain:
                item["explanation"] = p.explanation.as_dict()
            pairs.append(item)
        data: dict[str, Any] = {"round": self.round, "pairs": pairs}
        if explain:
            data["explain"] = [line.as_dict() for line in self.explain_lines()]
        return data

    def explain_lines(self) -> list[Message]:
        """One message per table, "Table 1 : A - B : <explanation>", then the rematches
        kept, if any."""
        lines = [
            _m("table_bye", table=p.table, a=p.a, explanation=p.explanation)
            if p.b is None
            else _m("table", table=p.table, a=p.a, b=p.b, explanation=p.explanation)
            for p in self.pairs
        ]
        if self.rematches:
            lines.append(_m("rematches", pairs=", ".join(f"{a} - {b}" for a, b in self.rematches)))
        return lines

    @property
    def bye(self) -> str | None:
        return next((p.a for p in self.pairs if p.b is None), None)


def _plural(code: str, points: float) -> str:
    """``code_one`` up to one point, ``code_many`` above ("1 pt", "1,5 pts")."""
    return f"{code}_many" if points > 1 else f"{code}_one"


def _notes(notes: Sequence[Message]) -> Message:
    """Several notes as one message: "first ; second ; ..."."""
    out = notes[-1]
    for note in reversed(notes[:-1]):
        out = _m("notes", first=note, then=out)
    return out


@dataclass
class _Context:
    champ: Championship
    points: dict[str, float]
    met: dict[str, set[str]]
    strict: bool
    #: for each pair that met over the board: (times met, last round met)
    history: dict[frozenset[str], tuple[int, int]] = field(default_factory=dict)
    #: the largest gap in points allowed between partners (``None``: no bound)
    max_gap: float | None = None

    def rotation(self, a: str, b: str) -> tuple[int, int]:
        """(times met, last round met) of a pair, (0, 0) if they never met."""
        return self.history.get(frozenset((a, b)), (0, 0))

    def ok(self, a: str, b: str) -> bool:
        return b not in self.met[a]

    def gap(self, a: str, b: str) -> float:
        return abs(self.points[a] - self.points[b])

    def allowed(self, a: str, b: str) -> bool:
        """No rematch, and no more points apart than the round's largest gap."""
        return self.ok(a, b) and (self.max_gap is None or self.gap(a, b) <= self.max_gap)

    def elo(self, name: str) -> int:
        return self.champ.player(name).elo

    def sort(self, names: Sequence[str]) -> list[str]:
        return sorted(names, key=self.champ.elo_key)

    def feasible(self, names: Sequence[str]) -> bool:
        if not self.strict:
            return True
        return has_perfect_matching(list(names), self.allowed)


def pair_round(champ: Championship, round_no: int | None = None) -> RoundPairing:
    """Pair ``round_no`` (default: the next round) from the results recorded before it."""
    rnd = champ.next_round() if round_no is None else round_no
    if rnd < 1:
        raise _refuse("round_start", round=rnd)
    if rnd > champ.settings.rounds:
        raise _refuse("round_beyond", rounds=champ.settings.rounds, round=rnd)
    if champ.round_results(rnd):
        raise _refuse("round_has_results", round=rnd)
    if rnd < champ.rounds_played():
        raise _refuse("later_round_has_results", round=rnd, later=champ.rounds_played())
    if rnd > champ.next_round():
        raise _refuse("previous_round_unpaired", round=rnd, previous=rnd - 1)
    present = champ.present(rnd)
    if len(present) < 2:
        raise _refuse("fewer_than_two", round=rnd)
    points = {n: champ.points(n, rnd - 1) for n in present}
    met = {n: champ.opponents_met(n, rnd - 1) for n in present}
    ctx = _Context(champ, points, met, strict=True, history=meetings(champ, rnd - 1))

    bye: tuple[str, Message] | None = None
    rest = list(present)
    if len(present) % 2:
        bye = _choose_bye(ctx, present, rnd)
        rest.remove(bye[0])
    ctx.strict = has_perfect_matching(rest, ctx.ok)
    if ctx.strict:
        ctx.max_gap = _largest_gap(ctx, rest)

    pairs = _pair_groups(ctx, rest)
    out: list[Pairing] = []
    rematches: list[tuple[str, str]] = []
    for a, b, text in pairs:
        if not ctx.ok(a, b):
            rematches.append((a, b))
        out.append(Pairing(len(out) + 1, a, b, text))
    if bye is not None:
        out.append(Pairing(len(out) + 1, bye[0], None, bye[1]))
    return RoundPairing(rnd, tuple(out), tuple(rematches))


def _largest_gap(ctx: _Context, players: list[str]) -> float:
    """The bound on the points between partners (seed 003, "Appariements": "le joueur isolé
    (flotteur) joue dans un groupe voisin (1 point d'écart)"): 1 point when a rematch-free
    pairing keeps every pair within it, else the smallest largest gap of a rematch-free
    pairing (one exists: the caller checked)."""
    scores = sorted({ctx.points[n] for n in players})
    gaps = sorted({hi - lo for lo in scores for hi in scores if hi - lo > NEIGHBOUR_GAP})
    for bound in [NEIGHBOUR_GAP, *gaps]:
        ctx.max_gap = bound
        if has_perfect_matching(players, ctx.allowed):
            return bound
    raise AssertionError("no rematch-free pairing")  # the caller checked one exists


def meetings(champ: Championship, up_to_round: int) -> dict[frozenset[str], tuple[int, int]]:
    """For each pair that met over the board by ``up_to_round``: (times met, last round)."""
    out: dict[frozenset[str], tuple[int, int]] = {}
    for r in champ.results:
        if r.kind is ResultKind.PLAYED and r.b is not None and r.round <= up_to_round:
            pair = frozenset((r.a, r.b))
            count, last = out.get(pair, (0, 0))
            out[pair] = (count + 1, max(last, r.round))
    return out


def _choose_bye(ctx: _Context, present: list[str], rnd: int) -> tuple[str, Message]:
    """rulings.md Backgammon 2: fewest points, then lowest ELO, once per player."""
    champ = ctx.champ
    order = sorted(
        present,
        key=lambda n: (ctx.points[n], champ.player(n).elo, -champ.registration_index(n)),
    )
    eligible = [n for n in order if champ.byes_of(n, rnd - 1) == 0]
    among = _m("bye.never_exempt")
    if not eligible:
        fewest = min(champ.byes_of(n, rnd - 1) for n in order)
        eligible = [n for n in order if champ.byes_of(n, rnd - 1) == fewest]
        among = _m("bye.all_exempt")
    skipped: list[str] = []
    for name in eligible:
        others = [n for n in present if n != name]
        if has_perfect_matching(others, ctx.ok):
            break
        skipped.append(name)
    else:
        name = eligible[0]
        skipped = []
    params: dict[str, Param] = {
        "bye_points": champ.settings.bye_points,
        "points": ctx.points[name],
        "elo": ctx.elo(name),
        "among": among,
    }
    if not skipped:
        return name, _m("bye", **params)
    passed = _m(
        "bye_passed_one" if len(skipped) == 1 else "bye_passed_many", players=", ".join(skipped)
    )
    return name, _m("bye_passed", **params, passed=passed)


@dataclass
class _Candidate:
    pairs: list[tuple[str, str, Message]]  # (a, b, how)
    floaters: list[str]


def _pair_groups(ctx: _Context, players: list[str]) -> list[tuple[str, str, Message]]:
    scores = sorted({ctx.points[n] for n in players}, reverse=True)
    groups = [ctx.sort([n for n in players if ctx.points[n] == s]) for s in scores]
    carry: list[str] = []
    carry_notes: dict[str, list[Message]] = {}
    result: list[tuple[str, str, Message]] = []
    for gi, group in enumerate(groups):
        label = _m(_plural("group", scores[gi]), points=scores[gi])
        members = ctx.sort(carry + group)
        below = [n for g in groups[gi + 1 :] for n in g]
        last = gi == len(groups) - 1
        chosen = _choose_group(ctx, members, below, last, carry)
        for a, b, how in chosen.pairs:
            notes = [note for n in (a, b) for note in carry_notes.get(n, [])]
            if not ctx.ok(a, b):
                notes.append(_m("rematch_forced"))
            elif ctx.gap(a, b) > NEIGHBOUR_GAP:
                notes.append(_m("gap_forced", gap_points=ctx.gap(a, b)))
            if notes:
                result.append((a, b, _m("pair_notes", group=label, how=how, notes=_notes(notes))))
            else:
                result.append((a, b, _m("pair", group=label, how=how)))
        new_notes = {}
        odd_single = len(members) % 2 == 1 and len(chosen.floaters) == 1
        for f in chosen.floaters:
            why = _m("floater.odd_group") if odd_single else _m("floater.avoid_rematch")
            origin = carry_notes.get(f, []) if f in carry else []
            note = _m(_plural("floater", scores[gi]), player=f, points=scores[gi], reason=why)
            new_notes[f] = [*origin, note]
        carry = chosen.floaters
        carry_notes = new_notes
    if carry:  # cannot happen: the last group floats nobody
        raise AssertionError("players left unpaired")
    return result


def _choose_group(
    ctx: _Context, members: list[str], below: list[str], last: bool, carried: list[str]
) -> _Candidate:
    n = len(members)
    floater_sets: list[list[str]] = []
    if n % 2:
        # the lowest ELO first; a player carried down from above floats again last
        order = [f for f in reversed(members) if f not in carried]
        floater_sets.extend([f] for f in order + [f for f in reversed(members) if f in carried])
    else:
        floater_sets.append([])
    if not last:
        if n % 2 == 0:
            # two floaters: every pair, the nearest the bottom of the group first
            pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
            pairs.sort(key=lambda ij: (2 * n - 2 - ij[0] - ij[1], n - 1 - ij[0]))
            floater_sets.extend([members[i], members[j]] for i, j in pairs)
        start = 3 if n % 2 else 4
        floater_sets.extend(members[n - k :] for k in range(start, n + 1, 2))
    for floaters in floater_sets:
        if last and floaters:
            continue
        if not last and not ctx.feasible(floaters + below):
            continue
        rest = [m for m in members if m not in floaters]
        if last and not ctx.feasible(rest):
            break
        cand = _first_arrangement(ctx, rest)
        if cand is not None:
            return _Candidate(cand, floaters)
    if last:
        return _Candidate(_free_pairing(ctx, members), [])
    return _Candidate([], list(members))


def _first_arrangement(ctx: _Context, members: list[str]) -> list[tuple[str, str, Message]] | None:
    """Halves, then lower-half transpositions, then exchanges between halves."""
    k = len(members) // 2
    if k == 0:
        return []
    top, bottom = members[:k], members[k:]
    perm = _first_permutation(ctx.allowed, top, bottom)
    if perm is not None:
        return _describe(ctx, top, bottom, perm, exchanged=False)
    swaps = sorted(
        ((i, j) for i in range(k) for j in range(k)), key=lambda s: ((k - 1 - s[0]) + s[1], s[1])
    )
    for i, j in swaps:
        new_top = ctx.sort([m for m in top if m != top[i]] + [bottom[j]])
        new_bottom = ctx.sort([m for m in bottom if m != bottom[j]] + [top[i]])
        perm = _first_permutation(ctx.allowed, new_top, new_bottom)
        if perm is not None:
            return _describe(
                ctx, new_top, new_bottom, perm, exchanged=True, swap=(top[i], bottom[j])
            )
    return None


def _first_permutation(
    ok: Callable[[str, str], bool], top: list[str], bottom: list[str]
) -> list[int] | None:
    """First permutation of ``bottom`` (lexicographic) with no rematch against ``top``."""
    if not has_perfect_matching_bipartite(ok, top, bottom):
        return None
    k = len(top)
    used = [False] * k
    chosen: list[int] = []
    budget = [_NODE_BUDGET]

    def rec(i: int) -> bool:
        if i == k:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for j in range(k):
            if not used[j] and ok(top[i], bottom[j]):
                used[j] = True
                chosen.append(j)
                if rec(i + 1):
                    return True
                chosen.pop()
                used[j] = False
        return False

    return chosen if rec(0) else None


def has_perfect_matching_bipartite(
    ok: Callable[[str, str], bool], top: list[str], bottom: list[str]
) -> bool:
    """Kuhn's augmenting paths: can every top player meet a distinct bottom player?"""
    match_of: dict[int, int] = {}

    def try_assign(i: int, seen: set[int]) -> bool:
        for j in range(len(bottom)):
            if j not in seen and ok(top[i], bottom[j]):
                seen.add(j)
                if j not in match_of or try_assign(match_of[j], seen):
                    match_of[j] = i
                    return True
        return False

    return all(try_assign(i, set()) for i in range(len(top)))


def _describe(
    ctx: _Context,
    top: list[str],
    bottom: list[str],
    perm: list[int],
    exchanged: bool,
    swap: tuple[str, str] | None = None,
) -> list[tuple[str, str, Message]]:
    identity = perm == list(range(len(top)))
    out = []
    for i, j in enumerate(perm):
        a, b = top[i], bottom[j]
        how = _m("halves", top=i + 1, bottom=j + 1, elo_a=ctx.elo(a), elo_b=ctx.elo(b))
        if exchanged and swap is not None:
            how = _m("halves_exchanged", halves=how, a=swap[0], b=swap[1])
        elif not identity and i != j:
            how = _m("halves_transposed", halves=how)
        out.append((a, b, how))
    return out


def _free_pairing(ctx: _Context, members: list[str]) -> list[tuple[str, str, Message]]:
    """Last group with no arrangement by halves: pair the highest ELO with the first
    partner (from the bottom-half position onward) that keeps the rest pairable without a
    rematch; when no rematch-free pairing exists, keep the fewest rematches greedily."""
    left = list(members)
    out: list[tuple[str, str, Message]] = []
    while left:
        a = left[0]
        others = left[1:]
        half = len(left) // 2 - 1
        order = others[half:] + list(reversed(others[:half]))
        pick = None
        for b in order:
            rest = [m for m in left if m not in (a, b)]
            if ctx.allowed(a, b) and has_perfect_matching(rest, ctx.allowed):
                pick = b
                break
        if pick is None:
            # no rematch-free choice keeps the rest pairable: a partner not met if any,
            # else the one met the fewest times, longest ago (the rematches rotate)
            pick = min(order, key=lambda b: (ctx.rotation(a, b), order.index(b)))
        out.append((a, pick, _m("outside_halves", elo_a=ctx.elo(a), elo_b=ctx.elo(pick))))
        left = [m for m in left if m not in (a, pick)]
    return out
