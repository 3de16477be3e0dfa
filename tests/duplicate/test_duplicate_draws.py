"""Draw validity and the bag (seed 004, 2.1, 2.2, 2.7; rulings.md Duplicate 1 and 3)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.duplicate.draws import (
    STRONG,
    WEAK,
    Bag,
    BagError,
    Minimum,
    can_meet,
    letters_only_end,
    meets,
    required_minimum,
)
from arbitre.scrabble.tiles import sort_tiles
from tests.duplicate.wording import refused
from tests.support import depth

TILES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ?"


def brute_meets(tiles: str, minimum: Minimum) -> bool:
    """Oracle: try every vowel/consonant assignment of the Y and the blanks."""
    flex = [i for i, t in enumerate(tiles) if t in "Y?"]
    for choice in itertools.product("VC", repeat=len(flex)):
        kinds = ["V" if t in "AEIOU" else "C" for t in tiles]
        for i, k in zip(flex, choice, strict=True):
            kinds[i] = k
        if kinds.count("V") >= minimum.vowels and kinds.count("C") >= minimum.consonants:
            return True
    return False


def brute_can_meet(pool: str, minimum: Minimum) -> bool:
    """Oracle: every draw of min(7, len(pool)) tiles of the pool."""
    k = min(7, len(pool))
    return any(brute_meets("".join(c), minimum) for c in itertools.combinations(pool, k))


@pytest.mark.parametrize(
    ("tiles", "strong", "weak"),
    [
        ("AEBCDFG", True, True),
        ("ABCDFGH", False, True),  # one vowel only
        ("AEIOUAB", False, True),  # one consonant only
        ("AEIOUAE", False, False),
        ("AYBCDFG", True, True),  # Y as a vowel
        ("AEIOUYB", True, True),  # Y as a consonant
        ("A?BCDFG", True, True),  # blank as a vowel
        ("AEIOU?B", True, True),  # blank as a consonant
        ("AEIOUY?", True, True),  # Y and blank both consonants
        ("BCDFGY?", True, True),  # Y and blank both vowels
        ("AEIOUAY", False, True),  # Y cannot be both
        ("BCDFGHY", False, True),
    ],
)
def test_meets_with_y_and_blank_either_way(tiles: str, strong: bool, weak: bool) -> None:
    assert meets(tiles, STRONG) is strong
    assert meets(tiles, WEAK) is weak


@settings(max_examples=depth(300), deadline=None)
@given(st.text(alphabet=TILES, min_size=0, max_size=7))
def test_meets_matches_brute_force(tiles: str) -> None:
    for minimum in (STRONG, WEAK):
        assert meets(tiles, minimum) == brute_meets(tiles, minimum)


@settings(max_examples=depth(150), deadline=None)
@given(st.text(alphabet="AEBCY?", min_size=1, max_size=10))
def test_can_meet_matches_brute_force(pool: str) -> None:
    for minimum in (STRONG, WEAK):
        assert can_meet(pool, minimum) == brute_can_meet(pool, minimum)


def test_strong_rule_until_move_15_weak_from_16() -> None:
    pool = Bag().tiles()
    assert required_minimum(1, pool) == STRONG
    assert required_minimum(15, pool) == STRONG
    assert required_minimum(16, pool) == WEAK
    assert required_minimum(30, pool) == WEAK
    # a valid draw at move 16 can be invalid at move 15
    draw = "ABCDFGH"
    assert not meets(draw, required_minimum(15, pool) or WEAK)
    assert meets(draw, required_minimum(16, pool) or STRONG)


def test_weaker_rule_early_when_the_remaining_tiles_cannot_help() -> None:
    # one vowel left in bag + leave: 2 vowels are impossible, 1 and 1 applies at move 5
    assert required_minimum(5, "ABCDFGHJLMN") == WEAK
    # one consonant left
    assert required_minimum(5, "AEIOUAEIB") == WEAK
    # the Y rescues the strong rule
    assert required_minimum(5, "AYBCDFG") == STRONG
    # seven tiles or fewer left: the draw is all of them
    assert required_minimum(3, "AEBC") == STRONG
    assert required_minimum(3, "AEB") == WEAK
    # nothing possible: the end of game applies
    assert required_minimum(3, "AEIOU") is None
    assert required_minimum(20, "BCD") is None


@pytest.mark.parametrize(
    ("pool", "ends"),
    [
        ("", False),
        ("A", True),  # a single letter, whatever it is
        ("B", True),
        ("?", True),
        ("Y", True),
        ("AEIOU", True),
        ("BCDFG", True),
        ("AB", False),
        ("AEY", False),  # the Y among two or more letters keeps the game going
        ("BC?", False),  # so does a blank
        ("??", False),
        ("BCDY", False),
    ],
)
def test_letters_only_end(pool: str, ends: bool) -> None:
    assert letters_only_end(pool) is ends
    if pool:
        # consistency: the end applies exactly when not even 1 vowel + 1 consonant is possible
        assert ends == (not can_meet(pool, WEAK))


def test_bag_is_the_french_set_and_take_is_all_or_nothing() -> None:
    bag = Bag()
    assert len(bag) == 102
    assert bag.count("E") == 15 and bag.count("?") == 2 and bag.count("K") == 1
    bag.take("KW")
    with refused(BagError, "K"):
        bag.take("AK")
    assert len(bag) == 100 and bag.count("A") == 9
    bag.put_back("KW")
    assert bag == Bag()
    with pytest.raises(BagError):
        bag.take("A1")
    with refused(BagError, "the game has 1"):
        Bag.of("KK")
    with refused(BagError, "^Lettre K : 2 fois, le jeu n'en a que 1 \\(règlement, 1.2\\)$", "fr"):
        Bag.of("KK")


def test_random_draw_is_seedable_and_uniform() -> None:
    a = Bag().draw_random(7, random.Random(5))
    b = Bag().draw_random(7, random.Random(5))
    assert a == b and len(a) == 7
    # uniformity: over many single draws the frequency of E is about 15/102
    rng = random.Random(1)
    counts: Counter[str] = Counter(Bag().draw_random(1, rng) for _ in range(20000))
    assert abs(counts["E"] / 20000 - 15 / 102) < 0.01
    assert abs(counts["?"] / 20000 - 2 / 102) < 0.005
    # drawing more than the bag holds gives the whole bag
    small = Bag.of("AB?")
    assert sorted(small.draw_random(7, rng)) == sorted("AB?") and len(small) == 0


def test_sort_tiles_puts_blank_last() -> None:
    assert sort_tiles("S?EA") == "AES?"
