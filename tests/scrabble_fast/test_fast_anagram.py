"""The anagram filter of the fast top search (issue 23, part 4): without a blank, a
placement that takes every rack tile is skipped when no word is an anagram of the rack and
the span's board letters; no top changes."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.lexicon import Lexicon
from arbitre.scrabble.fast import anagram, gaddag_arrays
from tests.scrabble_fast.fast_helpers import check_same_tops, selfplay, small_lexicon
from tests.scrabble_fast.test_fast_full_rack import _search
from tests.support import depth


@settings(max_examples=depth(60), deadline=None)
@given(
    words=st.lists(st.text("ABEQZ", min_size=2, max_size=15), min_size=1, max_size=60),
    data=st.data(),
)
def test_every_anagram_of_a_listed_word_may_be_listed(
    words: list[str], data: st.DataObject
) -> None:
    """ "No" is certain: any order of a listed word's letters answers "maybe"."""
    filt = anagram.build(words)
    for word in words:
        shuffled = "".join(data.draw(st.permutations(word), label="order"))
        assert anagram.maybe(filt, shuffled)


@settings(max_examples=depth(40), deadline=None)
@given(st.lists(st.text("ABCDEFGHIJ", min_size=2, max_size=8), min_size=1, max_size=40))
def test_key_is_the_sum_of_the_letter_keys(words: list[str]) -> None:
    """The key of a multiset does not depend on the order and adds up: the kernel adds the
    board letters' keys to the rack's."""
    for word in words:
        assert anagram.key(word) == anagram.key("".join(sorted(word)))
        left, right = word[: len(word) // 2], word[len(word) // 2 :]
        total = (anagram.key(left) + anagram.key(right)) % 2**64  # 64-bit wrapping sum
        assert anagram.key(word) == (total - 2**64 if total >= 2**63 else total)


def test_filter_says_no_to_most_multisets_that_no_word_has() -> None:
    """On the default list, random seven and eight letter multisets: every one a word has
    answers "maybe", and most of the others answer "no" (the filter prunes)."""
    lexicon = Lexicon.load()
    filt = gaddag_arrays(lexicon).anagrams
    listed = {"".join(sorted(w)) for w in lexicon if 7 <= len(w) <= 8}
    rng = random.Random(5)
    letters = "EEEEEEAAAAIIIIINNNNNOOOORRRRRSSSSSTTTTTUUUULLLLDDDMMGGBBCCPPFHVJQKWXYZ"
    no = maybe_absent = 0
    for _ in range(3000):
        drawn = "".join(sorted(rng.sample(letters, rng.choice((7, 8)))))
        if drawn in listed:
            assert anagram.maybe(filt, drawn)
        elif anagram.maybe(filt, drawn):
            maybe_absent += 1
        else:
            no += 1
    assert no > 0.9 * (no + maybe_absent)


def test_refuses_what_is_not_a_folded_word() -> None:
    with pytest.raises(ValueError, match="folded capitals"):
        anagram.build(["ABc"])


def test_empty_filter_answers_maybe() -> None:
    empty = anagram.empty()
    assert all(anagram.maybe(empty, "".join(w)) for w in itertools.permutations("ZQXW", 3))


@pytest.mark.slow
def test_filter_changes_no_top_and_saves_steps_without_blanks() -> None:
    """On self-play positions of the default list (racks without a blank), the search with
    the filter finds exactly the moves it finds without it (every placement walked), and
    walks fewer steps in all."""
    lexicon = Lexicon.load()
    with_filter = gaddag_arrays(lexicon)
    without = dataclasses.replace(with_filter, anagrams=anagram.empty())
    cases = [(p.board, p.rack) for p in selfplay("default", 12, 5) if "?" not in p.rack]
    assert len(cases) > 150
    steps_with = steps_without = 0
    for board, rack in cases:
        a = _search(board, rack, with_filter)
        b = _search(board, rack, without)
        assert a[:3] == b[:3], f"board {board} rack {rack}"
        steps_with += a[3]
        steps_without += b[3]
    assert steps_with < 0.85 * steps_without


def test_bingos_and_last_tiles_found_through_the_filter() -> None:
    """A seven-tile word through a board letter, and the last tiles of a game going down
    together: found (same tops as the reference)."""
    words = ["MAISON", "MAISONS", "SON", "ON", "OS", "AS", "MA", "MAIS", "ENTRAIS", "SENTIRAS"]
    lexicon = Lexicon.from_words(words + list(small_lexicon())[:3000])
    board = "15/15/15/15/15/15/15/5SON7/15/15/15/15/15/15/15"
    for rack in ("ENTRAIS", "EIRASTN", "QZXWKYJ", "MAIS", "MA"):
        check_same_tops(board, rack, lexicon)
