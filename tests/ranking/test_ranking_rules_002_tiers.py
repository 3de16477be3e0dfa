"""Seed 002, A.1: the tiers of S4 and S5, the S6 tranches and the complement of a tier that is
not full (rulings 9 and 10 of the Duplicate ranking), against an oracle written from the
article.

The article: S4 holds four tiers of 3.5% of the licensees, S5 four tiers of 6% (counts
rounded up), S6 A/B/C "répartis en trois tranches égales"; "au cas où l'un de ces paliers ne
serait pas saturé, le complément serait reporté sur le palier suivant". Ruling 9 reads the
ties: every player counts toward the tier's size, the players tied at its last place all stay
in it, and the next tier starts after them with its full size.

The oracle does not walk a sorted list: a player's rank in a group is 1 + the number of the
group's players strictly better than them, and a tier of room ``r`` holds the players whose
rank among those still unplaced is at most ``r`` (players tied at the r-th place share a rank
no greater than r, the next one's rank is beyond it).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.ranking import Candidate, Settings, classify
from tests.ranking.helpers import cand, refused
from tests.support import depth

S = Settings()


def within_rank(group: list[Candidate], value: Callable[[Candidate], float], room: int) -> set[str]:
    """The players of ``group`` whose rank (1 + the number strictly better) is at most
    ``room``."""
    return {
        c.licence for c in group if 1 + sum(1 for other in group if value(other) > value(c)) <= room
    }


def share(licensees: int, percent: str) -> int:
    """A quota of A.1: ``percent`` of the licensees, rounded up (exact arithmetic)."""
    return math.ceil(Fraction(licensees) * Fraction(percent) / 100)


def oracle(people: list[Candidate]) -> dict[str, str]:
    """Each licensee's series and tier read from A.1 for players of S6 who never held a
    better series (no priority rule, no descent limit applies to them)."""
    n = len(people)
    out: dict[str, str] = {}
    unplaced = [c for c in people if not c.beginner]
    out |= {c.licence: "S7" for c in people if c.beginner}
    criteria: list[tuple[int, Callable[[Candidate], float], list[int]]] = [
        (1, lambda c: c.pct[0], [share(n, "1")]),
        (2, lambda c: c.pct[1], [share(n, "2")]),
        (3, lambda c: c.pct[2], [share(n, "3")]),
        (4, lambda c: c.pp4, [share(n, "3.5")] * 4),
        (5, lambda c: c.points, [share(n, "6")] * 4),
    ]
    complement = 0
    for series, value, sizes in criteria:
        if series != 5:
            complement = 0  # only S4D's places go on, to S5A (ruling 10)
        held: list[set[str]] = []
        for size in sizes:
            room = size + complement
            group = [c for c in unplaced if value(c) > 0]
            tier = within_rank(group, value, room)
            complement = max(room - len(tier), 0)
            held.append(tier)
            unplaced = [c for c in unplaced if c.licence not in tier]
        if series <= 3:  # the A/B halves, A holding the odd one
            members = [c for c in people if c.licence in held[0]]
            first = within_rank(members, value, math.ceil(len(members) / 2))
            out |= {lic: f"S{series}{'A' if lic in first else 'B'}" for lic in held[0]}
        else:
            out |= {lic: f"S{series}{'ABCD'[k]}" for k, tier in enumerate(held) for lic in tier}
    scored = [c for c in unplaced if c.points > 0]
    third = math.ceil(len(scored) / 3)
    for name in "AB":
        tranche = within_rank(scored, lambda c: c.points, third)
        out |= {lic: f"S6{name}" for lic in tranche}
        scored = [c for c in scored if c.licence not in tranche]
    out |= {c.licence: "S6C" for c in scored}
    out |= {c.licence: "S6D" for c in unplaced if c.points <= 0}
    return out


few_values = st.tuples(
    st.integers(0, 3).map(lambda v: v / 4),
    st.integers(0, 2).map(lambda v: v / 4),
    st.integers(0, 2).map(lambda v: v / 4),
)


@st.composite
def fields(draw: st.DrawFn) -> list[Candidate]:
    """Small fields of S6 players with whole-number PP4 and points drawn from a few values
    (many ties), some beginners."""
    size = draw(st.integers(0, 90))
    top = draw(st.sampled_from([2, 4, 9]))
    return [
        cand(
            f"L{i:03d}",
            6,
            draw(few_values) if draw(st.booleans()) else (0, 0, 0),
            pp4=draw(st.integers(0, top)),
            points=draw(st.integers(0, top)),
            beginner=draw(st.integers(0, 9)) == 0,
        )
        for i in range(size)
    ]


@settings(max_examples=depth(300), deadline=None)
@given(fields())
def test_002_A1_tiers_and_complement_match_the_article(people: list[Candidate]) -> None:
    """A.1 with rulings 9 and 10: every licensee's series and tier as the rank oracle reads
    them, on small fields full of ties (the classification is also held equal to the
    reference by the test configuration)."""
    placed = classify(people, S)
    assert {lic: p.label for lic, p in placed.items()} == oracle(people)


def labels_of(people: list[Candidate], prefix: str) -> list[str]:
    placed = classify(people, S)
    return [placed[c.licence].label for c in people if c.licence.startswith(prefix)]


def hundred(*kinds: list[Candidate]) -> list[Candidate]:
    """100 licensees (quotas: S4 tiers of 4, S5 tiers of 6): ``kinds`` and players without
    any figure (S6D)."""
    people = [c for kind in kinds for c in kind]
    return people + [cand(f"Z{i:03d}", 6) for i in range(100 - len(people))]


S4_FULL = [cand(f"G{i:02d}", 4, pp4=500 - i) for i in range(16)]
S5_FULL = [cand(f"H{i:02d}", 5, points=1000 - i) for i in range(24)]


def test_002_A1_s6_nine_players_with_a_tie_split_three_three_three() -> None:
    """A.1 "trois tranches égales": 9 players left for S6 with points 9, 9, 8, 7, 6, 5, 4, 3, 2
    make three tranches of 3; the tie inside S6A does not make it bigger."""
    six = [cand(f"P{i}", 6, points=v) for i, v in enumerate([9, 9, 8, 7, 6, 5, 4, 3, 2])]
    assert labels_of(hundred(S4_FULL, S5_FULL, six), "P") == ["S6A"] * 3 + ["S6B"] * 3 + ["S6C"] * 3


def test_002_A1_ties_at_a_tier_s_last_place_go_over_it() -> None:
    """Ruling 9: S4A has 4 places; the 4th and 5th by PP4 are tied, both stay in S4A, and S4B
    still gets its 4 places after them."""
    pp4 = [100, 90, 80, 70, 70, 60, 50, 40, 30, 20]
    four = [cand(f"P{i}", 6, pp4=v) for i, v in enumerate(pp4)]
    assert labels_of(hundred(four), "P") == ["S4A"] * 5 + ["S4B"] * 4 + ["S4C"]


def test_002_A1_a_tie_inside_a_tier_does_not_enlarge_it() -> None:
    """Ruling 9: the two first by PP4 are tied; S4A still holds 4 players, not 5."""
    pp4 = [100, 100, 90, 80, 70, 60, 50, 40, 30]
    four = [cand(f"P{i}", 6, pp4=v) for i, v in enumerate(pp4)]
    assert labels_of(hundred(four), "P") == ["S4A"] * 4 + ["S4B"] * 4 + ["S4C"]


def test_002_A1_whole_tiers_of_one_tie_each() -> None:
    """Ruling 9 on whole-number figures: 7 players on 5 PP4 then 3 on 4: S4A takes the 7 (all
    tied at its last place), S4B the 3 and 1 more (4 places)."""
    pp4 = [5] * 7 + [4] * 3 + [3, 2, 2]
    four = [cand(f"P{i:02d}", 6, pp4=v) for i, v in enumerate(pp4)]
    assert labels_of(hundred(four), "P") == ["S4A"] * 7 + ["S4B"] * 4 + ["S4C"] * 2


def test_002_A1_complement_of_an_unfilled_s4_goes_to_s5a() -> None:
    """A.1 "le complément serait reporté sur le palier suivant", ruling 10: 10 PP4-holders for
    the 16 places of S4 (tiers of 4): S4A 4, S4B 4, S4C 2; the 2 places S4C leaves go to
    S4D, which has no one, and its 6 go to S5A: 6 + 6 = 12 places, S5 holds 24 + 6 = 30."""
    four = [cand(f"G{i:02d}", 4, pp4=500 - i) for i in range(10)]
    five = [cand(f"H{i:02d}", 5, points=1000 - i) for i in range(40)]
    placed = classify(hundred(four, five), S)
    assert [placed[c.licence].label for c in four] == ["S4A"] * 4 + ["S4B"] * 4 + ["S4C"] * 2
    assert [placed[c.licence].label for c in five] == (
        ["S5A"] * 12 + ["S5B"] * 6 + ["S5C"] * 6 + ["S5D"] * 6 + ["S6A"] * 4 + ["S6B"] * 4
    ) + ["S6C"] * 2
    assert placed["H29"].bar == 971  # S5's bar: the last player it holds


def test_002_A1_a_full_s4_leaves_no_complement() -> None:
    """Ruling 10, the other side: with S4 full, S5A keeps its 6 places."""
    five = [cand(f"H{i:02d}", 5, points=1000 - i) for i in range(30)]
    assert (
        labels_of(hundred(S4_FULL, five), "H")
        == (["S5A"] * 6 + ["S5B"] * 6 + ["S5C"] * 6 + ["S5D"] * 6 + ["S6A"] * 2 + ["S6B"] * 2)
        + ["S6C"] * 2
    )


def test_002_A1_a_tier_without_places_holds_no_one_even_tied() -> None:
    """A tier's ties go over its last place: a tier of no place has no last place, so players
    tied at the top stay out of it (a federation whose settings give S4 no share)."""
    four = [cand(f"P{i}", 6, pp4=50, points=9 - i) for i in range(2)]
    placed = classify(hundred(four), Settings(share_s4_tier=0.0))
    assert [placed[c.licence].label for c in four] == ["S5A", "S5A"]


def test_a_licence_twice_among_the_candidates_is_refused() -> None:
    with refused("a licence appears twice among the players to classify"):
        classify([cand("P1", 6, points=3), cand("P1", 5, points=2)], S)


def test_002_B3_priority_needs_a_positive_pp4_even_with_a_zero_ratio() -> None:
    """B.3: S5 players are classified first by their PP4 when it reaches a ratio of the S4
    bar; a player without any PP4 is never classified by it, even with a ratio of zero."""
    none = cand("N5", 5, pp4=0, points=1)
    some = cand("Y5", 5, pp4=1, points=1)
    placed = classify(hundred(S4_FULL, [none, some]), Settings(priority_lower=0.0))
    assert placed["Y5"].reason == "priority"
    assert placed["N5"].reason == "quota" and placed["N5"].criterion == "points"
