"""The reference move generator against a brute-force enumeration (issue 4, item 4).

The brute force tries every line, start and length on the board, every word of the list
of that length that fits the tiles already there, every way of taking its new letters from
the rack (blanks included), and keeps what :meth:`Board.score` accepts.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.scrabble.board import Board, IllegalMoveError
from arbitre.scrabble.generate import all_moves, top_moves
from arbitre.scrabble.move import Move, ScoredMove
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import TILE_COUNTS
from tests.scrabble.scrabble_words_helper import make_lexicon
from tests.support import depth, require

WORDS = """
AA AH AI AN AS AU AY BA BE BI BU CA CE CI DA DE DO DU EH EN ES ET EU EX FA FI GO HA HE HI
HO IF IL IN JE KA LA LE LI LU MA ME MI MU NA NE NI NO NU OC OH OM ON OR OS OU PI PU QI RA
RE RI RU SA SE SI SU TA TE TU UN US UT VA VE VU WU XI
AIR AIS ANE ARC ART BAS BEC BLE BOA BUT CAR CES DES DIS DOS EAU ELU ETE EUS FEE FER FIL
GEL ILE ILS JEU KIR LAC LES LIS LOT LUE MAI MER MIS MOT NEZ NID NUE OIE ONT ORE OSE OUI
PAS PIE POT QUE RAS RIS RUE SAC SEL SOL SUR TAS TES TOI TRI UNE USE VAS VIE VIN ZOO
AIRE AMIS ARTS BAIE BRAS CAPE DIRE DOTE ETES FILE GARE IDEE JOUE LIRE LOTS MAIN MARE
NOTE OSER PARI QUAI RATE RIEN RIRE RITE ROSE SAIN SIRE SORT TARE TIRE TOIT UNIS VASE ZONE
AIMER ARBRE AVION CRIER DANSE ETAIT FILER GRISE LAINE MAISON NOTER OISEAU PARIS RATES
RESTE ROUTE SAINT SALON SERAI TIRES TRAIN USINE VOILE ZESTE ENTRAIS RATIONS SENATEUR
""".split()


def brute_force(board: Board, rack: Rack, lexicon: object, words: list[str]) -> list[ScoredMove]:
    by_length: dict[int, list[str]] = {}
    for w in words:
        by_length.setdefault(len(w), []).append(w)
    naturals = Counter(t for t in rack if t != "?")
    found: set[ScoredMove] = set()
    for horizontal in (True, False):
        for line in range(15):
            for start in range(15):
                for length in range(2, 16 - start):
                    row, col = (line, start) if horizontal else (start, line)
                    squares = Move(row, col, horizontal, "A" * length).squares()
                    fixed = [board[sq] for sq in squares]
                    new = [i for i, x in enumerate(fixed) if x is None]
                    if not new or len(new) > len(rack):
                        continue
                    if not _may_connect(board, squares, fixed):
                        continue  # (board.score would say so too: this only saves time)
                    for word in by_length.get(length, []):
                        if any(
                            x is not None and x.upper() != w
                            for x, w in zip(fixed, word, strict=True)
                        ):
                            continue
                        for k in range(rack.blanks + 1):
                            for blanked in itertools.combinations(new, k):
                                need = Counter(word[i] for i in new if i not in blanked)
                                if any(naturals[t] < n for t, n in need.items()):
                                    continue
                                text = "".join(
                                    w.lower() if i in blanked else w for i, w in enumerate(word)
                                )
                                move = Move(row, col, horizontal, text)
                                try:
                                    result = board.score(move, lexicon, rack)  # type: ignore[arg-type]
                                except IllegalMoveError:
                                    continue
                                found.add(ScoredMove(result.move, result.score))
    # A single tile forming a word each way is one placement: keep the horizontal move.
    unique = set()
    for sm in found:
        m = sm.move
        if not m.horizontal and len(board.score(m).tiles_placed) == 1:
            ((r, c, _),) = board.score(m).tiles_placed
            if board.occupied(r, c - 1) or board.occupied(r, c + 1):
                continue
        unique.add(sm)
    return sorted(unique)


def _may_connect(board: Board, squares: list[tuple[int, int]], fixed: list[str | None]) -> bool:
    if board.is_empty:
        return (7, 7) in squares
    if any(x is not None for x in fixed):
        return True
    return any(
        board.occupied(r + dr, c + dc)
        for r, c in squares
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
    )


def self_play_positions(lexicon: object, seed: int, turns: int) -> list[tuple[Board, Rack]]:
    """Positions from a game where each turn plays a random move among the best five."""
    rng = random.Random(seed)
    bag = [t for t, n in TILE_COUNTS.items() for _ in range(n)]
    rng.shuffle(bag)
    board, rack_tiles = Board(), []
    positions = []
    for _ in range(turns):
        while len(rack_tiles) < 7 and bag:
            rack_tiles.append(bag.pop())
        rack = Rack(rack_tiles)
        positions.append((board.copy(), rack))
        moves = all_moves(board, rack, lexicon)
        if not moves:
            bag.extend(rack_tiles)
            rng.shuffle(bag)
            rack_tiles = []
            continue
        chosen = rng.choice(moves[:5])
        result = board.play(chosen.move, rack, lexicon)  # type: ignore[arg-type]
        for tile in result.rack_tiles:
            rack_tiles.remove(tile)
    return positions


@pytest.fixture(scope="module")
def small_lexicon() -> object:
    return make_lexicon(WORDS)


def test_first_moves_match_brute_force(small_lexicon: object) -> None:
    board = Board()
    for text in ("ENTRAIS", "SENATUR", "MAISON?", "ZO?", "??A"):
        rack = Rack.parse(text)
        expected = brute_force(board, rack, small_lexicon, WORDS)
        got = all_moves(board, rack, small_lexicon)
        assert got == expected, text
        # Horizontal and vertical placements are both moves on the empty board.
        assert sum(m.move.horizontal for m in got) * 2 == len(got)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_self_play_positions_match_brute_force(small_lexicon: object, seed: int) -> None:
    positions = self_play_positions(small_lexicon, seed, turns=8)
    for board, rack in positions[1::2]:
        expected = brute_force(board, rack, small_lexicon, WORDS)
        got = all_moves(board, rack, small_lexicon)
        assert len(got) == len(set(got)), "a placement listed twice"
        assert got == expected, (board.to_text(), str(rack))
        tops = top_moves(board, rack, small_lexicon, engine="reference")
        assert tops == [m for m in expected if m.score == expected[0].score]


def test_blanks_in_rack_match_brute_force(small_lexicon: object) -> None:
    board = Board()
    board.play(Move.parse("H4 MAISON"))
    board.play(Move.parse("8G NOTE"))
    for text in ("RIS?", "??", "E?T", "ZEST"):
        rack = Rack.parse(text)
        assert all_moves(board, rack, small_lexicon) == brute_force(
            board, rack, small_lexicon, WORDS
        ), text


def test_single_tile_both_ways_listed_once_horizontally(small_lexicon: object) -> None:
    board = Board()
    board[7, 7] = "A"  # H8
    board[8, 6] = "L"  # I7
    # S on I8: "LS"? no; U on I8 forms LU across and AU down: one placement.
    moves = [m for m in all_moves(board, Rack.parse("U"), small_lexicon)]
    placements = [str(m.move) for m in moves if "U" in m.move.word]
    assert "I7 LU" in placements and "8H AU" not in placements
    lu = next(m for m in moves if str(m.move) == "I7 LU")
    assert lu.score == board.score(Move.parse("8H AU")).score


def test_scored_move_order() -> None:
    a = ScoredMove(Move.parse("H4 MAISON"), 30)
    b = ScoredMove(Move.parse("4H MAISON"), 30)
    c = ScoredMove(Move.parse("A1 MAISON"), 20)
    d = ScoredMove(Move.parse("H4 MAiSON"), 30)
    assert sorted([c, b, d, a]) == [a, d, b, c]


def test_no_legal_move_gives_empty_lists(small_lexicon: object) -> None:
    assert all_moves(Board(), Rack.parse("QQ"[:1] + "K"), small_lexicon) == []
    assert top_moves(Board(), Rack.parse("QK"), small_lexicon, engine="reference") == []
    with pytest.raises(ValueError, match="unknown engine"):
        top_moves(Board(), Rack.parse("QK"), small_lexicon, engine="eliot")


WFRENCH = Path("/usr/share/dict/french")


@pytest.mark.slow
def test_reference_top_matches_brute_force_on_wfrench() -> None:
    require(WFRENCH.exists(), "Debian's wfrench list (/usr/share/dict/french)")
    words = sorted(
        {
            w.strip().upper()
            for w in WFRENCH.read_text(encoding="utf-8").split()
            if w.isascii() and w.isalpha() and w.islower() and 2 <= len(w) <= 7
        }
    )
    lexicon = make_lexicon(words)
    board = Board()
    board.play(Move.parse("H4 MAISON"))
    board.play(Move.parse("8G NOTE"))
    for text in ("ERTS?", "ZAX"):
        rack = Rack.parse(text)
        expected = brute_force(board, rack, lexicon, words)
        assert all_moves(board, rack, lexicon) == expected


def test_fast_engine_missing_falls_back_to_reference(
    small_lexicon: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from arbitre.scrabble.generate import fast_engine

    monkeypatch.setitem(sys.modules, "arbitre.scrabble.fast", None)
    assert fast_engine() is None
    board, rack = Board(), Rack.parse("ENTRAIS")
    assert top_moves(board, rack, small_lexicon) == top_moves(
        board, rack, small_lexicon, engine="reference"
    )


@settings(max_examples=depth(8), deadline=None)
@given(seed=st.integers(100, 10**6), blanks=st.integers(0, 2))
def test_random_positions_match_brute_force(seed: int, blanks: int) -> None:
    lexicon = make_lexicon(WORDS)
    positions = self_play_positions(lexicon, seed, turns=6)
    board, rack = positions[-1]
    letters = [t for t in rack if t != "?"][: 7 - blanks]
    rack = Rack([*letters, *["?"] * blanks])
    assert all_moves(board, rack, lexicon) == brute_force(board, rack, lexicon, WORDS)


def test_generator_scores_shared_premium_in_both_words(small_lexicon: object) -> None:
    """Seed 004, 2.6.2: S on D4 (double word) doubles US and LES (4 + 6)."""
    board = Board()
    board[3, 1], board[3, 2] = "L", "E"  # D2, D3
    moves = {str(m.move): m.score for m in all_moves(board, Rack.parse("US"), small_lexicon)}
    assert moves["4C US"] == 10
