"""Compile, once, what the test processes would otherwise each compile at the same moment.

``./test.sh`` runs ``python -m tests.warm_kernels`` in the background while ruff and mypy
run (each of those uses one core): it compiles the default word list into the user cache
(once per machine, kept between clones) and every numba kernel signature the tests reach into
numba's cache (``arbitre.jit``: once per clone, as numba keys its cache by the source
files' paths). Without it, in a fresh clone, both pytest workers and the first servers the
browser tests start compiled the same kernels at the same time (about 30 s of processor each
on a 2-core machine), and a scenario's first draw waited minutes for its server's compile.

The signatures: graphs built in memory (writable arrays) and loaded from the cache
(memory-mapped, read-only), a first move and moves on a filled board, the text path of
``top --batch``, a compiled list large enough to grow the builder's hash table. Nothing
here is a test: a kernel it misses is compiled by the test that needs it, as before.
"""

from __future__ import annotations

import sys
import time
from typing import Any


def warm() -> dict[str, float]:
    """Compile (or load) the default list and the kernels; the seconds each step took."""
    from arbitre.duplicate.selfplay import selfplay_positions
    from arbitre.lexicon import Lexicon
    from arbitre.scrabble.fast import anagram
    from arbitre.scrabble.generate import fast_engine

    spent: dict[str, float] = {}
    started = time.perf_counter()

    def step(name: str) -> None:
        nonlocal started
        now = time.perf_counter()
        spent[name] = round(now - started, 1)
        started = now

    default = Lexicon.load()
    default.compile()  # from the cache, or compiled into it (memory-mapped, read-only)
    step("default list")
    fast = fast_engine()
    if fast is None:
        return spent
    fast.warm_up()
    anagram.maybe(anagram.build(["AB"]), "BA")
    step("kernel")
    words = list(default)
    Lexicon.from_words(words[::20], name="warm-large").compile()  # the builder's table grows
    step("list builder")
    small = Lexicon.from_words(words[::200], name="warm-small")  # in memory, writable
    for lexicon in (small, default):
        _searches(lexicon, selfplay_positions(lexicon, 1, seed=1))
    step("searches")
    return spent


def _searches(lexicon: Any, positions: list[Any]) -> None:
    """Top searches of each position, blanks in the rack too, by the object and text paths."""
    from tests.scrabble_fast.fast_helpers import check_same_tops, with_blanks

    for p in positions[:6]:
        check_same_tops(p.board, p.rack, lexicon)
    for board, rack in with_blanks(positions[:6], 2, seed=2):
        check_same_tops(board, rack, lexicon)


if __name__ == "__main__":
    began = time.perf_counter()
    figures = warm()
    steps = ", ".join(f"{name} {seconds} s" for name, seconds in figures.items())
    print(f"kernels warm in {time.perf_counter() - began:.0f} s ({steps})", file=sys.stderr)
