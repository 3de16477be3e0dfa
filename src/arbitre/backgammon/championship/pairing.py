"""Swiss pairing of the first stage (seed 003, "Appariements"; rulings.md Backgammon 1-3).

Round 1 is the one-group case of the general rule: players in ELO order, split into two
equal halves, i-th of the top half against i-th of the bottom half. Later rounds apply the
same rule inside each score group, top group first, without rematch:

1. an odd number of present players: the bye goes first, to the fewest points then the
   lowest ELO among players who have had none (worth 0.5);
2. an odd group sends its lowest-ELO player down to the next group (the floater);
3. when the halves would give a rematch, the lower half is transposed first (permutations
   in lexicographic order), then players are exchanged between the halves, then players
   float down (rulings.md Backgammon 3).

A choice for one group (floaters, bye) is kept only when the players left below can still
all be paired without a rematch (checked with a maximum matching); a rematch is kept only
when no rematch-free pairing of the round exists at all.

Explanations are in French: they are shown to the director and the players.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from arbitre.backgammon.championship.matching import has_perfect_matching
from arbitre.backgammon.championship.model import Championship, ChampionshipError

#: DFS node budget for one search of transpositions (bounds pathological groups).
_NODE_BUDGET = 20000


@dataclass(frozen=True)
class Pairing:
    """One table of a round; ``b`` is ``None`` for the bye."""

    table: int
    a: str
    b: str | None
    explanation: str

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
        pairs: list[dict[str, Any]] = []
        for p in self.pairs:
            item: dict[str, Any] = {"table": p.table, "a": p.a, "b": p.b or "BYE"}
            if explain:
                item["explanation"] = p.explanation
            pairs.append(item)
        data: dict[str, Any] = {"round": self.round, "pairs": pairs}
        if explain:
            data["explain"] = self.explain_lines()
        return data

    def explain_lines(self) -> list[str]:
        """One line per table: "Table 1 : A - B : <explanation>"."""
        return [
            f"Table {p.table} : {p.a} - {p.b or 'exempt'} : {p.explanation}" for p in self.pairs
        ]

    @property
    def bye(self) -> str | None:
        return next((p.a for p in self.pairs if p.b is None), None)


def fmt_points(x: float) -> str:
    """French number for points: 3, 3,5."""
    return str(int(x)) if x == int(x) else f"{x:.1f}".replace(".", ",")


def _pt(x: float) -> str:
    return "pts" if x > 1 else "pt"


def _ordinal(i: int) -> str:
    return "1er" if i == 1 else f"{i}e"


@dataclass
class _Context:
    champ: Championship
    points: dict[str, float]
    met: dict[str, set[str]]
    strict: bool

    def ok(self, a: str, b: str) -> bool:
        return b not in self.met[a]

    def elo(self, name: str) -> int:
        return self.champ.player(name).elo

    def sort(self, names: Sequence[str]) -> list[str]:
        return sorted(names, key=self.champ.elo_key)

    def feasible(self, names: Sequence[str]) -> bool:
        if not self.strict:
            return True
        return has_perfect_matching(list(names), self.ok)


def pair_round(champ: Championship, round_no: int | None = None) -> RoundPairing:
    """Pair ``round_no`` (default: the next round) from the results recorded before it."""
    rnd = champ.next_round() if round_no is None else round_no
    if rnd < 1:
        raise ChampionshipError("round numbers start at 1")
    if rnd > champ.settings.rounds:
        raise ChampionshipError(
            f"the first stage has {champ.settings.rounds} rounds; round {rnd} cannot be paired"
        )
    if champ.round_results(rnd):
        raise ChampionshipError(f"round {rnd} already has results")
    if rnd < champ.rounds_played():
        raise ChampionshipError(
            f"round {rnd} cannot be paired: round {champ.rounds_played()} already has results"
        )
    if rnd > champ.next_round():
        raise ChampionshipError(f"round {rnd - 1} has no results yet: pair it first")
    present = champ.present(rnd)
    if len(present) < 2:
        raise ChampionshipError(f"round {rnd}: fewer than two players present")
    points = {n: champ.points(n, rnd - 1) for n in present}
    met = {n: champ.opponents_met(n, rnd - 1) for n in present}
    ctx = _Context(champ, points, met, strict=True)

    bye: tuple[str, str] | None = None
    rest = list(present)
    if len(present) % 2:
        bye = _choose_bye(ctx, present, rnd)
        rest.remove(bye[0])
    ctx.strict = has_perfect_matching(rest, ctx.ok)

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


def _choose_bye(ctx: _Context, present: list[str], rnd: int) -> tuple[str, str]:
    """rulings.md Backgammon 2: fewest points, then lowest ELO, once per player."""
    champ = ctx.champ
    order = sorted(
        present,
        key=lambda n: (ctx.points[n], champ.player(n).elo, -champ.registration_index(n)),
    )
    eligible = [n for n in order if champ.byes_of(n, rnd - 1) == 0]
    note = "parmi les joueurs jamais exemptés"
    if not eligible:
        fewest = min(champ.byes_of(n, rnd - 1) for n in order)
        eligible = [n for n in order if champ.byes_of(n, rnd - 1) == fewest]
        note = "tous les joueurs présents ayant déjà été exemptés"
    skipped: list[str] = []
    for name in eligible:
        others = [n for n in present if n != name]
        if has_perfect_matching(others, ctx.ok):
            break
        skipped.append(name)
    else:
        name = eligible[0]
        skipped = []
    text = (
        f"Exempt ({fmt_points(champ.settings.bye_points)} pt) : moins de points "
        f"({fmt_points(ctx.points[name])}) puis plus faible ELO ({ctx.elo(name)}), {note}"
    )
    if skipped:
        text += (
            f" ; {', '.join(skipped)} non exempté(s) car les autres joueurs n'auraient pas pu "
            "être appariés sans rencontre répétée"
        )
    return name, text + "."


@dataclass
class _Candidate:
    pairs: list[tuple[str, str, str]]  # (a, b, how)
    floaters: list[str]


def _pair_groups(ctx: _Context, players: list[str]) -> list[tuple[str, str, str]]:
    scores = sorted({ctx.points[n] for n in players}, reverse=True)
    groups = [ctx.sort([n for n in players if ctx.points[n] == s]) for s in scores]
    carry: list[str] = []
    carry_note: dict[str, str] = {}
    result: list[tuple[str, str, str]] = []
    for gi, group in enumerate(groups):
        label = f"Groupe à {fmt_points(scores[gi])} {_pt(scores[gi])}"
        members = ctx.sort(carry + group)
        below = [n for g in groups[gi + 1 :] for n in g]
        last = gi == len(groups) - 1
        chosen = _choose_group(ctx, members, below, last)
        for a, b, how in chosen.pairs:
            parts = [f"{label} : {how}"]
            for n in (a, b):
                if n in carry_note:
                    parts.append(carry_note[n])
            if not ctx.ok(a, b):
                parts.append("rencontre répétée inévitable (aucun appariement sans répétition)")
            result.append((a, b, " ; ".join(parts) + "."))
        new_note = {}
        odd_single = len(members) % 2 == 1 and len(chosen.floaters) == 1
        for f in chosen.floaters:
            why = (
                "plus faible ELO possible d'un groupe impair"
                if odd_single
                else "descendu pour éviter une rencontre déjà jouée"
            )
            origin = carry_note.get(f, "") if f in carry else ""
            base = (
                f"{f} flotteur venu du groupe à {fmt_points(scores[gi])} {_pt(scores[gi])} ({why})"
            )
            new_note[f] = base if not origin else origin + " ; " + base
        carry = chosen.floaters
        carry_note = new_note
    if carry:  # cannot happen: the last group floats nobody
        raise ChampionshipError("internal pairing error: players left unpaired")
    return result


def _choose_group(ctx: _Context, members: list[str], below: list[str], last: bool) -> _Candidate:
    n = len(members)
    floater_sets: list[list[str]] = []
    if n % 2:
        floater_sets.extend([[f] for f in reversed(members)])
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


def _first_arrangement(ctx: _Context, members: list[str]) -> list[tuple[str, str, str]] | None:
    """Halves, then lower-half transpositions, then exchanges between halves."""
    k = len(members) // 2
    if k == 0:
        return []
    top, bottom = members[:k], members[k:]
    perm = _first_permutation(ctx.ok, top, bottom)
    if perm is not None:
        return _describe(ctx, top, bottom, perm, exchanged=False)
    swaps = sorted(
        ((i, j) for i in range(k) for j in range(k)), key=lambda s: ((k - 1 - s[0]) + s[1], s[1])
    )
    for i, j in swaps:
        new_top = ctx.sort([m for m in top if m != top[i]] + [bottom[j]])
        new_bottom = ctx.sort([m for m in bottom if m != bottom[j]] + [top[i]])
        perm = _first_permutation(ctx.ok, new_top, new_bottom)
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
) -> list[tuple[str, str, str]]:
    identity = perm == list(range(len(top)))
    out = []
    for i, j in enumerate(perm):
        a, b = top[i], bottom[j]
        how = (
            f"{_ordinal(i + 1)} de la moitié haute contre {_ordinal(j + 1)} de la moitié basse "
            f"(ELO {ctx.elo(a)} contre {ctx.elo(b)})"
        )
        if exchanged and swap is not None:
            how += f", {swap[0]} et {swap[1]} échangés entre les moitiés pour éviter une rencontre déjà jouée"
        elif not identity and i != j:
            how += ", moitié basse transposée pour éviter une rencontre déjà jouée"
        out.append((a, b, how))
    return out


def _free_pairing(ctx: _Context, members: list[str]) -> list[tuple[str, str, str]]:
    """Last group with no arrangement by halves: pair the highest ELO with the first
    partner (from the bottom-half position onward) that keeps the rest pairable without a
    rematch; when no rematch-free pairing exists, keep the fewest rematches greedily."""
    left = list(members)
    out: list[tuple[str, str, str]] = []
    while left:
        a = left[0]
        others = left[1:]
        half = len(left) // 2 - 1
        order = others[half:] + list(reversed(others[:half]))
        pick = None
        for b in order:
            rest = [m for m in left if m not in (a, b)]
            if ctx.ok(a, b) and has_perfect_matching(rest, ctx.ok):
                pick = b
                break
        if pick is None:
            pick = next((b for b in order if ctx.ok(a, b)), order[0])
        out.append(
            (
                a,
                pick,
                f"appariement hors moitiés (ELO {ctx.elo(a)} contre {ctx.elo(pick)}) "
                "pour éviter une rencontre déjà jouée",
            )
        )
        left = [m for m in left if m not in (a, pick)]
    return out
