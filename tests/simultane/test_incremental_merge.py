"""The incremental merge (each centre's upload summed up once per content, the whole
simultané merged from the summaries: arbitre.duplicate.centre_summary, merged.combine)
gives what the whole recomputation from every ballot gives (merged.reference: the engine's
whole_solo_scores, whole_totals and ranking.simultane.merge as they are), for any sequence
of uploads, replacements, withdrawals, restorations, players removed and scores corrected.
Seed 004, 2.6.4: a solo is a player alone above every other player of every centre on a
move, none under sixteen players in all."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from arbitre.app.simultane import merged
from arbitre.app.simultane.models import Correction
from arbitre.duplicate import centre_summary
from arbitre.duplicate.centre_results import BallotResult, CentreResults, PlayerResult
from arbitre.ranking.simultane import merge
from tests.support import depth

GAMES = 2
MOVES = 3
CENTRES = ("A", "B", "C", "D")
#: names that tie in the French order but for accents and case, so that the order of
#: equal totals is exercised
NAMES = ("Élan", "elan", "ELAN", "Bé", "be", "Zoé")

player_st = st.tuples(
    st.sampled_from(NAMES),
    st.sampled_from(NAMES),
    st.sampled_from((1, 2, None)),
    st.sampled_from(("S", "V", "")),
    # each move's score: few values, so that ties between centres are common
    st.lists(st.sampled_from((0, 10, 20, 25)), min_size=GAMES * MOVES, max_size=GAMES * MOVES),
    # the moves the centre judged a solo of this player (its own judgment)
    st.sets(st.integers(0, GAMES * MOVES - 1), max_size=2),
    st.booleans(),
)


def upload(centre: str, version: int, players: list[Any]) -> CentreResults:
    rows, ballots = [], []
    for index, (name, first, series, category, scores, solos, unlicensed) in enumerate(players):
        licence = f"{centre}{index}"
        games = [0] * GAMES
        for slot, score in enumerate(scores):
            game, move = divmod(slot, MOVES)
            bonus = 10 if slot in solos else 0
            games[game] += score + bonus
            ballots.append(
                BallotResult(licence, game + 1, move + 1, score, "", False, slot in solos)
            )
        rows.append(
            PlayerResult(
                licence, name, first, series, category, tuple(games), sum(games), 0, 0, unlicensed
            )
        )
    return CentreResults(f"sim-{version}", "", (1, 2), tuple(rows), tuple(ballots))


step_st = st.one_of(
    st.tuples(
        st.just("upload"), st.sampled_from(CENTRES), st.lists(player_st, min_size=0, max_size=9)
    ),
    st.tuples(st.just("withdraw"), st.sampled_from(CENTRES), st.just(None)),
    st.tuples(st.just("restore"), st.sampled_from(CENTRES), st.just(None)),
    st.tuples(st.just("remove"), st.sampled_from(CENTRES), st.integers(0, 8)),
    st.tuples(
        st.just("correct"),
        st.sampled_from(CENTRES),
        st.tuples(st.integers(0, 8), st.integers(1, GAMES), st.integers(0, 200)),
    ),
    st.tuples(st.just("cancel"), st.sampled_from(CENTRES), st.integers(0, 8)),
)


def same(found: merged.Merged, expected: merged.Merged) -> None:
    assert found.standings == expected.standings
    assert found.rows == expected.rows
    assert found.games == expected.games
    assert found.solos == expected.solos
    assert (found.players, found.series, found.categories) == (
        expected.players,
        expected.series,
        expected.categories,
    )
    for series in (None, 1, 2):
        for category in (None, "S", "V"):
            wanted = merge(expected.rows, series=series, category=category)
            assert found.filtered(series, category) == wanted
            for centre in CENTRES:
                assert found.filtered(series, category, centre) == [
                    m for m in wanted if m.row.centre == centre
                ]


@settings(max_examples=depth(150), deadline=None)
@given(st.lists(step_st, min_size=1, max_size=14))
def test_004_2_6_4_the_incremental_merge_equals_the_whole_recomputation(
    steps: list[Any],
) -> None:
    parsed: dict[str, CentreResults] = {}
    withdrawn: set[str] = set()
    corrections: dict[tuple[str, str, int], int | None] = {}
    # the summaries kept by content, as each server process keeps them
    kept: dict[tuple[str, CentreResults, frozenset[str]], merged.Summed] = {}
    for version, (action, centre, arg) in enumerate(steps):
        if action == "upload":
            parsed[centre] = upload(centre, version, arg)
        elif action == "withdraw":
            withdrawn.add(centre)
        elif action == "restore":
            withdrawn.discard(centre)
        elif action == "remove":
            corrections[(centre, f"{centre}{arg}", Correction.REMOVED)] = None
        elif action == "correct":
            index, game, score = arg
            corrections[(centre, f"{centre}{index}", game)] = score
        else:
            for key in [k for k in corrections if k[:2] == (centre, f"{centre}{arg}")]:
                del corrections[key]
        listed = [(c, lic, game, score) for (c, lic, game), score in corrections.items()]
        removed = merged._removed(listed)
        summaries = []
        for club, results in parsed.items():
            if club in withdrawn:
                continue
            key = (club, results, removed.get(club, frozenset()))
            if key not in kept:
                kept[key] = merged.summed(club, *key[1:])
                # the summary stored beside the upload gives it back whole
                stored = json.loads(json.dumps(centre_summary.as_data(kept[key].summary)))
                assert centre_summary.from_data(stored) == kept[key].summary
            summaries.append(kept[key])
        same(
            merged.combine(summaries, listed),
            merged.reference(dict(parsed), frozenset(withdrawn), listed),
        )


def test_004_2_6_4_a_solo_across_centres_from_the_summaries() -> None:
    """Sixteen players over two centres: the best score of move 1 reached by one player
    of one centre is a solo (10 points), though that centre alone has eight players; the
    centre's own solo on move 2, matched in the other centre, is none (its 10 points go)."""
    a = [("A", "", 2, "S", [30, 20, 0, 0, 0, 0], {1}, False)] + [
        ("A", "", 2, "S", [10, 10, 0, 0, 0, 0], set(), False)
    ] * 7
    b = [("B", "", 2, "S", [20, 20, 0, 0, 0, 0], set(), True)] * 8
    summaries = [merged.summed("A", upload("A", 1, a)), merged.summed("B", upload("B", 1, b))]
    found = merged.combine(summaries, [])
    assert [(s.game, s.move, s.centre, s.licence, s.score) for s in found.solos] == [
        (1, 1, "A", "A0", 30)
    ]
    assert found.games[("A", "A0")] == (30 + 20 + 10, 0)
    assert found.standings[0].row.total == 60
    assert all(m.row.unlicensed for m in found.standings if m.row.centre == "B")


parts_st = st.text(alphabet=st.sampled_from("\x00\x01\x02\x03aAéZ "), max_size=5)


@settings(max_examples=depth(400))
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(*[st.tuples(parts_st, parts_st)] * n)))
@example((("a", "a\x00"), ("b", "")))  # joined by NUL alone, ("a", "b") would follow
@example((("a", "a\x01"), ("\x02", "")))
def test_the_merges_sort_text_orders_as_the_tuple_of_its_parts(pairs: Any) -> None:
    """``merged.sortable`` (the order of equal totals as one text, for a faster sort) puts
    any two tuples of as many texts in Python's order of the tuples, a part that begins
    another (``"a"``, ``"a\\x00"``) and the separators' own characters included."""
    first = tuple(a for a, _ in pairs)
    second = tuple(b for _, b in pairs)
    a, b = merged.sortable(first), merged.sortable(second)
    assert (a < b, a == b, a > b) == (first < second, first == second, first > second)
