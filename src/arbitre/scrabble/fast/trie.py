"""A plain (non-minimised) GADDAG for small word containers that carry no compiled graph.

Same array layout as ``arbitre.lexicon.graph.Automaton`` built by ``build_gaddag``: for a
word ``w`` of ``n`` letters and each ``i`` in 1..n, the path
``reversed(w[:i]) + SEPARATOR + w[i:]``, terminal at its end. Size grows with the square of
the word length, so this is meant for test lists and ad-hoc containers of a few thousand
words; real lists use the lexicon's minimised graph.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from arbitre.lexicon.graph import SEPARATOR


def gaddag_arrays_from_words(
    words: Iterator[str],
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(first_edge, edge_letter, edge_target, terminal, letter_mask)`` of the words'
    GADDAG. Words are folded capitals A-Z; anything else raises ``ValueError``."""
    children: list[dict[int, int]] = [{}]
    terminal = [False]

    def add(path: list[int]) -> None:
        node = 0
        for code in path:
            nxt = children[node].get(code)
            if nxt is None:
                nxt = len(children)
                children[node][code] = nxt
                children.append({})
                terminal.append(False)
            node = nxt
        terminal[node] = True

    for word in words:
        if not (word.isascii() and word.isalpha() and word.isupper()):
            raise ValueError(f"word {word!r} is not written in capitals A-Z")
        codes = [ord(ch) - 65 for ch in word]
        for i in range(1, len(codes) + 1):
            add(codes[:i][::-1] + [SEPARATOR] + codes[i:])
    first, letters, targets = [0], [], []
    mask = np.zeros(len(children), dtype=np.uint32)
    for n, edges in enumerate(children):
        for code in sorted(edges):
            letters.append(code)
            targets.append(edges[code])
            mask[n] |= np.uint32(1 << code)
        first.append(len(letters))
    return (
        np.array(first, dtype=np.int32),
        np.array(letters, dtype=np.uint8),
        np.array(targets, dtype=np.int32),
        np.array(terminal, dtype=np.bool_),
        mask,
    )
