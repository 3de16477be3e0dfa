"""Maximum cardinality matching in a general graph (Edmonds' blossom algorithm).

Used by the Swiss pairing to know whether the players still to be paired can all be
paired without a rematch, so that a choice made for one score group never forces a
rematch further down (rulings.md Backgammon 3).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence


def maximum_matching(n: int, adjacency: Sequence[Sequence[int]]) -> list[int]:
    """Return ``mate`` with ``mate[v]`` the vertex matched to ``v`` or -1.

    ``adjacency[v]`` lists the neighbours of ``v`` (vertices ``0 .. n-1``, symmetric).
    """
    mate = [-1] * n
    for v in range(n):  # greedy start, then augment
        if mate[v] == -1:
            for u in adjacency[v]:
                if mate[u] == -1 and u != v:
                    mate[v], mate[u] = u, v
                    break
    for root in range(n):
        if mate[root] == -1:
            _augment_from(root, n, adjacency, mate)
    return mate


def _augment_from(root: int, n: int, adjacency: Sequence[Sequence[int]], mate: list[int]) -> bool:
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adjacency[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark_path(v, cur, to, blossom)
                mark_path(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    w = to
                    while w != -1:
                        pv = parent[w]
                        ppv = mate[pv]
                        mate[w] = pv
                        mate[pv] = w
                        w = ppv
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
    return False


def has_perfect_matching(vertices: Sequence[str], compatible: Callable[[str, str], bool]) -> bool:
    """True when ``vertices`` can all be paired two by two with compatible pairs."""
    n = len(vertices)
    if n % 2:
        return False
    if n == 0:
        return True
    adjacency = [
        [j for j in range(n) if j != i and compatible(vertices[i], vertices[j])] for i in range(n)
    ]
    if any(not adj for adj in adjacency):
        return False
    return all(m != -1 for m in maximum_matching(n, adjacency))
