"""Hand-checked tops (seed 004, 2.5-2.6) with 0, 1 and 2 blanks, and the brute-force oracle."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.duplicate.selfplay import selfplay_positions
from arbitre.lexicon import Lexicon
from arbitre.scrabble.board import Board
from arbitre.scrabble.fast import gaddag_arrays, kernel, search_codes, top_moves
from arbitre.scrabble.rack import Rack
from tests.scrabble_fast.fast_helpers import brute_force_top
from tests.support import depth


def tops(board: str, rack: str, words: list[str]) -> tuple[int, set[str]]:
    found = top_moves(Board.from_text(board), Rack.parse(rack), Lexicon.from_words(words))
    scores = {m.score for m in found}
    assert len(scores) <= 1
    return (scores.pop() if scores else -1), {str(m.move) for m in found}


EMPTY = "/".join(["15"] * 15)


def test_first_move_bingo_no_blank() -> None:
    # H4 is a double letter, H8 the star: (2*2 + 6) * 2 + 50 = 70, both directions.
    assert tops(EMPTY, "AIMNOSS", ["MAISONS", "MAISON"]) == (70, {"H4 MAISONS", "8D MAISONS"})


def test_first_move_one_blank_is_kept_off_premiums() -> None:
    # The blank must be an S (one natural S): (2*2 + 1+1+1+1+1 + 0) * 2 + 50 = 68.
    assert tops(EMPTY, "AIMNOS?", ["MAISONS"]) == (
        68,
        {"H4 MAIsONS", "H4 MAISONs", "8D MAIsONS", "8D MAISONs"},
    )


def test_first_move_two_blanks() -> None:
    # O and one S from the blanks: (2*2 + 1+1+1+1) * 2 + 50 = 66.
    assert tops(EMPTY, "AIMNS??", ["MAISONS"]) == (
        66,
        {"H4 MAIsoNS", "H4 MAISoNs", "8D MAIsoNS", "8D MAISoNs"},
    )


def test_issue_board_cross_words_and_ties() -> None:
    # HAbLONS on row H from H4 (the B a blank, worth 0).
    board = "15/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15"
    words = ["HABLONS", "SA", "AS", "OS", "ZO", "ZOO", "OH", "AH"]
    score, moves = tops(board, "ZO", words)
    ref = brute_force_top(Board.from_text(board), "ZO", words)
    assert (score, moves) == ref
    assert score > 0


def test_no_move_gives_empty_list() -> None:
    assert tops(EMPTY, "QK", ["MAISON"]) == (-1, set())
    board = "15/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15"
    assert tops(board, "", ["HABLONS"]) == (-1, set())


def test_single_tile_both_ways_is_listed_once_horizontally() -> None:
    # An A on H8 makes AA with H7 and AA with G8: one move, written horizontally (H7 AA).
    board = "15/15/15/15/15/15/7A7/6A8/15/15/15/15/15/15/15"
    words = ["AA"]
    score, moves = tops(board, "A", words)
    assert (score, moves) == brute_force_top(Board.from_text(board), "A", words)
    assert "H7 AA" in moves and "8G AA" not in moves


def test_search_codes_validates_input() -> None:
    arrays = gaddag_arrays(Lexicon.from_words(["AA"]))
    grid = np.full((15, 15), -1, dtype=np.int8)
    with pytest.raises(ValueError, match="at most 7"):
        search_codes(grid, np.full(27, 1), arrays)
    with pytest.raises(ValueError, match="15x15"):
        search_codes(np.zeros((3, 3)), np.zeros(27), arrays)
    negative = np.zeros(27)
    negative[3] = -1
    with pytest.raises(ValueError, match="non-negative"):
        search_codes(grid, negative, arrays)
    low = grid.copy()
    low[4, 9] = -2
    with pytest.raises(ValueError, match="codes"):
        search_codes(low, np.zeros(27), arrays)
    bad = grid.copy()
    bad[0, 0] = 60
    with pytest.raises(ValueError, match="codes"):
        search_codes(bad, np.zeros(27), arrays)


def test_many_tied_tops_overflow_the_first_buffer() -> None:
    # Two blanks on an empty board with every two-letter word: hundreds of equal tops.
    words = sorted(
        {a + b for a in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    )
    arrays = gaddag_arrays(Lexicon.from_words(words))
    counts = np.zeros(27, dtype=np.int32)
    counts[26] = 2
    best, found = search_codes(np.full((15, 15), -1, dtype=np.int8), counts, arrays, capacity=4)
    # 26*26 words x 2 spans x 2 directions, all scoring 0.
    assert best == 0 and len(found) == 26 * 26 * 2 * 2
    assert len({(f.horizontal, f.row, f.col, f.word) for f in found}) == len(found)


# -- brute force on a tiny list -----------------------------------------------------------

TINY = sorted(
    {
        "AA", "AI", "AN", "AS", "AU", "BA", "BE", "BU", "CA", "CE", "DA", "DE", "DO", "EH", "EN",
        "ES", "ET", "EU", "FA", "FI", "IL", "IN", "JE", "KA", "LA", "LE", "LI", "LU", "MA", "ME",
        "MI", "MU", "NE", "NI", "NU", "OH", "ON", "OS", "OU", "PI", "QI", "RE", "RI", "SA", "SE",
        "SI", "SU", "TA", "TE", "TU", "UN", "US", "VA", "VU", "WU", "XI", "ZO", "AIE", "AIR",
        "AME", "AMI", "ANE", "ANS", "ARE", "BAS", "BEL", "BUT", "CAS", "DES", "EAU", "ELU",
        "ETE", "EUS", "FIN", "ILE", "ILS", "JEU", "LAS", "LES", "LIT", "LUE", "MAI", "MER",
        "MIS", "MOT", "NEZ", "NID", "NUE", "OSE", "OUI", "PAS", "PIE", "QUI", "RAT", "RIS",
        "RUE", "SAC", "SEL", "SUR", "TAS", "THE", "TIR", "TUE", "UNE", "VIE", "ZOO", "AIME",
        "AMIE", "ARTS", "DENT", "ETES", "LIEN", "LITS", "MAIS", "MERE", "NOTE", "OSER", "PAIN",
        "RATS", "RIEN", "SAIN", "SEIN", "TARE", "TIRE", "VENT", "ZONE", "AIMER", "AMIES",
        "DENTS", "LIENS", "MAISON", "NOTES", "PAINS", "RIENS", "SAINE", "TIRES", "ZONES",
        "MAISONS", "SARIENT", "TRAINES", "ENTRAIS", "ETAINS",
    }
)  # fmt: skip


@pytest.fixture(scope="module")
def tiny_positions() -> list[tuple[str, str]]:
    lexicon = Lexicon.from_words(TINY)
    positions = selfplay_positions(lexicon, games=4, seed=11)
    return [(p.board, p.rack) for p in positions]


@settings(
    max_examples=depth(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_fast_equals_brute_force_on_tiny_list(
    tiny_positions: list[tuple[str, str]], data: st.DataObject
) -> None:
    board, _ = data.draw(st.sampled_from(tiny_positions), label="position")
    pool = data.draw(st.permutations("AAEEIIOUSSNRTLMD??ZQX"), label="pool")
    size = data.draw(st.integers(1, 7), label="size")
    rack = "".join(pool[:size])
    assert tops(board, rack, TINY) == brute_force_top(Board.from_text(board), rack, TINY)


@settings(max_examples=depth(25), deadline=None)
@given(st.lists(st.text("ABCDEZ", min_size=2, max_size=6), min_size=1, max_size=30))
def test_subtree_summary_is_the_letters_and_lengths_of_the_paths_below(words: list[str]) -> None:
    """The pruning table: for each GADDAG node, exactly the letters on paths below it, and
    exactly the numbers of symbols of the paths from it to a terminal node."""
    arrays = gaddag_arrays(Lexicon.from_words(words))
    paths: dict[int, tuple[set[int], set[int]]] = {}

    def below(node: int) -> tuple[set[int], set[int]]:
        if node not in paths:
            letters: set[int] = set()
            lengths = {0} if arrays.terminal[node] else set()
            for e in range(arrays.first_edge[node], arrays.first_edge[node + 1]):
                letter = int(arrays.edge_letter[e])
                if letter < 26:
                    letters.add(letter)
                sub_letters, sub_lengths = below(int(arrays.edge_target[e]))
                letters |= sub_letters
                lengths |= {d + 1 for d in sub_lengths}
            paths[node] = (letters, lengths)
        return paths[node]

    for node in range(len(arrays.terminal)):
        letters, lengths = below(node)
        summary = int(arrays.below[node])
        assert summary & ((1 << 26) - 1) == sum(1 << x for x in letters)
        assert summary >> kernel.LENGTHS_SHIFT == sum(1 << d for d in lengths)
    # The root: every word of n letters is n + 1 symbols away (separator included).
    assert int(arrays.below[0]) >> kernel.LENGTHS_SHIFT == sum(
        1 << (n + 1) for n in {len(w) for w in words}
    )


def test_plain_word_container_gets_its_own_gaddag() -> None:
    """A set of words without compiled graphs works like the lexicon built from it."""
    words = ["MAISON", "MAISONS", "SON", "SONS", "ON", "OS", "AS", "MA", "MAIS", "HABLONS"]
    board = Board.from_text("15/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15")
    rack = Rack.parse("MAIS?ON")
    plain = top_moves(board, rack, set(words))
    assert plain == top_moves(board, rack, Lexicon.from_words(words))
    assert {str(m.move) for m in plain} == brute_force_top(board, "MAIS?ON", words)[1]


def _packed_path(graph: np.ndarray, symbols: list[int]) -> int:
    """The record reached from the root of the packed graph by ``symbols``, -1 off it."""
    at = 0
    for symbol in symbols:
        labels = int(graph[at]) & kernel.NODE_LETTERS
        if not (labels >> symbol) & 1:
            return -1
        at = int(graph[at + kernel.NODE_CHILDREN + bin(labels & ((1 << symbol) - 1)).count("1")])
    return at


@settings(max_examples=depth(25), deadline=None)
@given(
    st.lists(st.text("ABCDEZ", min_size=2, max_size=6), min_size=1, max_size=30),
    st.lists(st.text("ABCDEZ", min_size=1, max_size=7), max_size=20),
)
def test_packed_graph_holds_the_gaddag_paths_of_the_words_and_no_other(
    words: list[str], others: list[str]
) -> None:
    """The kernel's packed records: from the root, ``reversed(w[:i]) + SEPARATOR + w[i:]``
    ends on a terminal record for every listed word ``w`` and every i, on none for a word
    not listed; each record's summary is its node's; a record of at most a cache line
    never straddles two."""
    arrays = gaddag_arrays(Lexicon.from_words(words))
    graph = arrays.graph
    sep = kernel.SEPARATOR

    def paths(word: str) -> list[list[int]]:
        codes = [ord(x) - 65 for x in word]
        return [codes[:i][::-1] + [sep] + codes[i:] for i in range(1, len(codes) + 1)]

    for w in set(words) | set(others):
        for path in paths(w):
            at = _packed_path(graph, path)
            terminal = at >= 0 and int(graph[at]) & kernel.NODE_TERMINAL != 0
            assert terminal == (w in words), (w, path)
    packed, offset = kernel.pack_graph(
        arrays.first_edge, arrays.edge_target, arrays.letter_mask, arrays.terminal, arrays.below
    )
    assert offset[0] == 0 and (packed == graph).all()
    for node, at in enumerate(offset.tolist()):
        if at < 0:
            continue
        degree = int(arrays.first_edge[node + 1] - arrays.first_edge[node])
        assert int(graph[at + kernel.NODE_BELOW]) == int(arrays.below[node]) & ((1 << 26) - 1)
        assert int(graph[at + kernel.NODE_LENGTHS]) == int(arrays.below[node]) >> 32
        size = kernel.NODE_CHILDREN + degree
        if size <= kernel.LINE_WORDS:
            assert at // kernel.LINE_WORDS == (at + size - 1) // kernel.LINE_WORDS
    assert graph.ctypes.data % 64 == 0
