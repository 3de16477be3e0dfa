"""The compiled word graphs against plain sets and a brute-force GADDAG (issue 3, item 4)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.lexicon import SEPARATOR, Automaton, Lexicon, build_dawg, build_gaddag
from arbitre.lexicon.graph import encode
from tests.support import depth

words_st = st.text(alphabet="ABCDEFZ", min_size=1, max_size=15)
lists_st = st.lists(words_st, min_size=0, max_size=60)


def gaddag_paths(words: set[str]) -> set[tuple[int, ...]]:
    """Brute force from the contract: reversed(w[:i]) + SEPARATOR + w[i:] for i in 1..n."""
    paths = set()
    for word in words:
        for i in range(1, len(word) + 1):
            paths.add(tuple(encode(word[:i][::-1])) + (SEPARATOR,) + tuple(encode(word[i:])))
    return paths


def decode(path: tuple[int, ...]) -> str:
    return "".join(chr(65 + c) for c in path)


def assert_well_formed(automaton: Automaton) -> None:
    automaton.check_shape()
    first = automaton.first_edge
    assert first[0] == 0 and np.all(np.diff(first) >= 0)
    for node in range(automaton.n_nodes):
        letters = automaton.edge_letter[first[node] : first[node + 1]]
        assert np.all(np.diff(letters.astype(int)) > 0), "letters sorted and unique per node"
        mask = sum(1 << int(k) for k in letters)
        assert int(automaton.letter_mask[node]) == mask
    assert np.all(automaton.edge_target > 0), "no edge leads back to the root"
    assert np.all(automaton.edge_target < automaton.n_nodes)


def assert_minimal(automaton: Automaton) -> None:
    """No two nodes with the same right language: equal (terminal, edges) signatures."""
    signatures = {
        (bool(automaton.terminal[n]), tuple(automaton.children(n)))
        for n in range(automaton.n_nodes)
    }
    assert len(signatures) == automaton.n_nodes


@settings(max_examples=depth(60), deadline=None)
@given(lists_st, st.lists(words_st, max_size=30))
def test_dawg_membership_matches_a_set(words: list[str], probes: list[str]) -> None:
    dawg = build_dawg(words)
    expected = set(words)
    assert {decode(p) for p in dawg.paths()} == expected
    for word in list(expected) + probes:
        assert dawg.accepts(encode(word)) == (word in expected)
    assert_well_formed(dawg)
    assert_minimal(dawg)


@settings(max_examples=depth(40), deadline=None)
@given(lists_st)
def test_gaddag_paths_match_brute_force(words: list[str]) -> None:
    gaddag = build_gaddag(words)
    assert set(gaddag.paths()) == gaddag_paths(set(words))
    assert_well_formed(gaddag)
    assert_minimal(gaddag)


def test_worked_example_small_gaddag() -> None:
    gaddag = build_gaddag(["CAR"])
    # RAC^ ... : C^AR, AC^R, RAC^ are the three paths of CAR.
    assert sorted(decode(p).replace("[", "^") for p in gaddag.paths()) == [
        "AC^R",
        "C^AR",
        "RAC^",
    ]
    node = gaddag.walk(encode("AC"))
    assert gaddag.child(node, SEPARATOR) >= 0
    assert gaddag.child(node, 25) == -1
    assert not gaddag.accepts(encode("AC"))
    assert gaddag.accepts(encode("AC") + [SEPARATOR] + encode("R"))


def test_empty_list_gives_a_lone_root() -> None:
    dawg = build_dawg([])
    assert dawg.n_nodes == 1 and dawg.n_edges == 0 and not dawg.terminal[0]
    assert dawg.child(Automaton.ROOT, 0) == -1


def test_large_random_list_against_set() -> None:
    """Random sub-list of 20,000 words: every word accepted, random strings as a set says."""
    rng = np.random.default_rng(7)
    words: set[str] = set()
    while len(words) < 20_000:
        n = int(rng.integers(2, 16))
        words.add("".join(chr(65 + int(c)) for c in rng.integers(0, 6, n)))
    lexicon = Lexicon.from_words(words)
    for word in words:
        codes = encode(word)
        assert lexicon.dawg.accepts(codes)
        assert lexicon.gaddag.accepts(codes[::-1] + [SEPARATOR])
    for _ in range(5000):
        n = int(rng.integers(1, 16))
        probe = "".join(chr(65 + int(c)) for c in rng.integers(0, 6, n))
        assert lexicon.dawg.accepts(encode(probe)) == (probe in words)
        assert (probe in lexicon) == (probe in words)


def test_bad_words_are_refused() -> None:
    for bad in (["chat"], ["CHAT S"], ["A" * 16], ["ÉTÉ"]):
        try:
            build_dawg(bad)
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad!r}")
