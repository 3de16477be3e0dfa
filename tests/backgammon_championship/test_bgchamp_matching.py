"""Edmonds' maximum matching against a brute-force oracle on small random graphs."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.championship.matching import has_perfect_matching, maximum_matching
from tests.support import depth


def _brute_force_size(n: int, edges: frozenset[tuple[int, int]]) -> int:
    @cache
    def best(mask: int) -> int:
        if mask == 0:
            return 0
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        result = best(rest)  # i unmatched
        for j in range(n):
            if rest >> j & 1 and (min(i, j), max(i, j)) in edges:
                result = max(result, 1 + best(rest & ~(1 << j)))
        return result

    return best((1 << n) - 1)


@settings(max_examples=depth(200), deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.tuples(st.just(n), st.sets(
    st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] < e[1])
))))  # fmt: skip
def test_maximum_matching_is_maximum(graph: tuple[int, set[tuple[int, int]]]) -> None:
    n, edges = graph
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        adjacency[a].append(b)
        adjacency[b].append(a)
    mate = maximum_matching(n, adjacency)
    for v, m in enumerate(mate):
        if m != -1:
            assert mate[m] == v and (min(v, m), max(v, m)) in edges
    size = sum(1 for m in mate if m != -1) // 2
    assert size == _brute_force_size(n, frozenset(edges))
    names = [str(i) for i in range(n)]
    perfect = has_perfect_matching(
        names, lambda a, b: (min(int(a), int(b)), max(int(a), int(b))) in edges
    )
    assert perfect == (2 * size == n)


def test_odd_cycle_blossom() -> None:
    """A triangle with a pendant path: the augmenting path goes through a blossom."""
    edges = {(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (0, 5)}
    adjacency: list[list[int]] = [[] for _ in range(6)]
    for a, b in edges:
        adjacency[a].append(b)
        adjacency[b].append(a)
    assert all(m != -1 for m in maximum_matching(6, adjacency))
