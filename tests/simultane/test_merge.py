"""The simultané's standings merged from every centre (issue 38): by total, ties ex aequo,
a place in the whole simultané and one in the centre, the same whatever the order in which
the centres uploaded; a centre's re-send replaces its rows."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from arbitre.ranking.simultane import (
    CentreRow,
    licences_elsewhere,
    merge,
    ranked,
    ranked_reference,
)


def row(centre: str, licence: str, name: str, total: int) -> CentreRow:
    return CentreRow(centre, licence, name, "", 2, "S", total)


def test_a_small_case_computed_by_hand() -> None:
    centres = {
        "Namur": [row("Namur", "1", "DUPONT", 800), row("Namur", "2", "MARTIN", 750)],
        "Liège": [
            row("Liège", "3", "ÉTIENNE", 800),
            row("Liège", "4", "BERNARD", 700),
            row("Liège", "5", "ZOLA", 750),
        ],
    }
    merged = merge(centres)
    # by hand: 800 DUPONT, 800 ÉTIENNE (1 ex, D before É), 750 MARTIN, 750 ZOLA (3 ex),
    # 700 BERNARD (5); in Liège: ÉTIENNE 1, ZOLA 2, BERNARD 3; in Namur: DUPONT 1, MARTIN 2
    assert [(m.row.name, m.place, m.ex_aequo, m.centre_place) for m in merged] == [
        ("DUPONT", 1, True, 1),
        ("ÉTIENNE", 1, True, 1),
        ("MARTIN", 3, True, 2),
        ("ZOLA", 3, True, 2),
        ("BERNARD", 5, False, 3),
    ]


def test_a_resend_replaces_the_centres_rows() -> None:
    centres = {"Namur": [row("Namur", "1", "DUPONT", 800)]}
    centres["Namur"] = [row("Namur", "1", "DUPONT", 810)]
    assert [m.row.total for m in merge(centres)] == [810]


def test_a_player_ranked_by_two_centres_is_found() -> None:
    centres = {"A": [row("A", "1", "X", 1)], "B": [row("B", "1", "X", 2), row("B", "2", "Y", 1)]}
    assert licences_elsewhere(centres, "B") == ["1"]
    assert licences_elsewhere(centres, "C") == []


names = st.sampled_from(["DUPONT", "DUPRÉ", "MARTIN", "ÉTIENNE", "ZOLA", "BERNARD"])


@st.composite
def simultanes(draw: st.DrawFn) -> dict[str, list[CentreRow]]:
    count = draw(st.integers(1, 5))
    licence = iter(range(1, 1000))
    out = {}
    for c in range(count):
        centre = f"Centre {c}"
        out[centre] = [
            row(centre, str(next(licence)), draw(names), draw(st.integers(0, 30)))
            for _ in range(draw(st.integers(0, 8)))
        ]
    return out


@given(simultanes(), st.randoms())
def test_any_order_of_uploads_gives_the_same_standings(
    centres: dict[str, list[CentreRow]], rnd: random.Random
) -> None:
    order = list(centres)
    rnd.shuffle(order)
    shuffled = {c: rnd.sample(centres[c], len(centres[c])) for c in order}
    assert merge(shuffled) == merge(centres)


@given(simultanes())
def test_places_against_a_count_of_better_totals(centres: dict[str, list[CentreRow]]) -> None:
    """Oracle: a player's place is 1 + the number of players with a strictly higher total,
    in the whole simultané and in the centre; ex aequo when another has the same total."""
    every = [r for rows in centres.values() for r in rows]
    merged = merge(centres)
    assert sorted((m.row for m in merged), key=repr) == sorted(every, key=repr)
    for m in merged:
        assert m.place == 1 + sum(r.total > m.row.total for r in every)
        assert m.centre_place == 1 + sum(r.total > m.row.total for r in centres[m.row.centre])
        assert m.ex_aequo == (sum(r.total == m.row.total for r in every) > 1)


@given(simultanes(), st.sampled_from([None, 1, 2]), st.sampled_from([None, "S", "V"]))
def test_a_series_or_category_is_ranked_among_its_own_players(
    centres: dict[str, list[CentreRow]], series: int | None, category: str | None
) -> None:
    """The same oracle on the band's players alone: places counted among them only."""
    from dataclasses import replace

    # give the rows series 1-2 and categories S/V by their licence, so that bands mix
    centres = {
        c: [
            replace(r, series=1 + int(r.licence) % 2, category="SV"[int(r.licence) % 3 % 2])
            for r in rows
        ]
        for c, rows in centres.items()
    }

    def kept(r: CentreRow) -> bool:
        return (series is None or r.series == series) and (
            category is None or r.category == category
        )

    band = [r for rows in centres.values() for r in rows if kept(r)]
    merged = merge(centres, series=series, category=category)
    assert sorted((m.row for m in merged), key=repr) == sorted(band, key=repr)
    for m in merged:
        assert m.place == 1 + sum(r.total > m.row.total for r in band)
        local = [r for r in centres[m.row.centre] if kept(r)]
        assert m.centre_place == 1 + sum(r.total > m.row.total for r in local)


@given(simultanes(), st.randoms())
def test_the_one_pass_places_are_the_plain_counts(
    centres: dict[str, list[CentreRow]], rnd: random.Random
) -> None:
    """``ranked`` (one pass, the merge's hot path) gives what ``ranked_reference`` counts
    plainly, for rows in any order (a part of a standings keeps its order, sorted or not)
    and for the rows in the merge's order."""
    every = [r for rows in centres.values() for r in rows]
    rnd.shuffle(every)
    assert ranked(every) == ranked_reference(every)
    in_order = [m.row for m in merge(centres)]
    assert ranked(in_order) == ranked_reference(in_order)


def test_ties_across_centres_by_hand() -> None:
    """Places shared by equal totals, in the simultané and in each centre: A 90, B 90,
    A 80, B 70, A 70, A 60 give places 1 1 3 4 4 6; in A 1 2 3 4, in B 1 2."""
    every = [
        row("A", "1", "W", 90),
        row("B", "2", "X", 90),
        row("A", "3", "Y", 80),
        row("B", "4", "Z", 70),
        row("A", "5", "V", 70),
        row("A", "6", "U", 60),
    ]
    assert [(m.place, m.ex_aequo, m.centre_place) for m in ranked(every)] == [
        (1, True, 1),
        (1, True, 1),
        (3, False, 2),
        (4, True, 2),
        (4, True, 3),
        (6, False, 4),
    ]
