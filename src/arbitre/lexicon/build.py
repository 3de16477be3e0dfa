"""Building the word graphs of a list: :func:`build_dawg` and :func:`build_gaddag`.

Construction sorts the (encoded) strings and minimises incrementally (register of
equivalent states, checked as each state is left for good), compiled with numba
(:mod:`arbitre.lexicon._compile`, imported on the first build only, so that loading a list
whose graphs are cached does not load numba); the default list's GADDAG (about 4.5 million
paths) builds in seconds.

Progress is reported through an optional callback ``progress(done, total)``: the number of
paths minimised so far and the number of paths, from ``(0, total)`` to ``(total, total)``.

>>> dawg = build_dawg(["CHAT", "CHATS"])
>>> dawg.accepts([2, 7, 0, 19]), dawg.accepts([2, 7, 0])
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal

from arbitre.lexicon.graph import Automaton

Progress = Callable[[int, int], None]
"""``progress(done, total)``: paths minimised so far, of ``total``."""

GraphKind = Literal["dawg", "gaddag"]


def build_dawg(words: Iterable[str], progress: Progress | None = None) -> Automaton:
    """Minimised automaton of the folded words (letters A-Z), forward."""
    return build_graph("dawg", words, progress)


def build_gaddag(words: Iterable[str], progress: Progress | None = None) -> Automaton:
    """Minimised GADDAG: for word ``w`` of ``n`` letters and each ``i`` in 1..n, the path
    ``reversed(w[:i]) + SEPARATOR + w[i:]``, terminal at its end."""
    return build_graph("gaddag", words, progress)


def build_graph(
    kind: GraphKind, words: Iterable[str], progress: Progress | None = None
) -> Automaton:
    """The graph ``kind`` ("dawg" or "gaddag") of the folded words."""
    from arbitre.lexicon import _compile  # numba: loaded on the first build only

    return _compile.build(words, gaddag=kind == "gaddag", progress=progress)
