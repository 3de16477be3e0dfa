"""A player's results, read from the championship's index, equal the plain reading of every
result (the reference): the standings read them for each player at every change."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.championship import Championship, MatchResult, Player, ResultKind
from arbitre.common import Refusal
from tests.support import depth

NAMES = [f"P{i}" for i in range(7)]


def reference(c: Championship, name: str, up_to: int | None) -> list[MatchResult]:
    return [r for r in c.results if name in r.players and (up_to is None or r.round <= up_to)]


def agrees(c: Championship) -> None:
    for name in NAMES:
        for up_to in (None, 0, 1, 2, 3, 4):
            assert c.results_of(name, up_to) == reference(c, name, up_to)


@settings(max_examples=depth(60), deadline=None)
@given(st.data())
def test_a_players_results_are_those_the_plain_reading_finds(data: st.DataObject) -> None:
    c = Championship(players=[Player(n, 1500) for n in NAMES])
    for round_no in range(1, 5):
        order = data.draw(st.permutations(NAMES))
        for i in range(0, len(order) - 1, 2):
            a, b = order[i], order[i + 1]
            if data.draw(st.booleans()):
                c.record_match(round_no, a, b, data.draw(st.sampled_from([a, b])), 7, None)
        if len(order) % 2:
            c.record_bye(round_no, order[-1])
        agrees(c)
        # a player already with a result this round cannot get another one
        with pytest.raises(Refusal):
            c.record_bye(round_no, c.round_results(round_no)[0].a)
        agrees(c)
    # the list changed directly, not through record(): the index follows it
    kept = data.draw(st.integers(0, len(c.results)))
    c.results = c.results[:kept]
    agrees(c)
    if c.results:
        c.results.pop()
        agrees(c)
    c.results.append(MatchResult(9, NAMES[0], NAMES[1], NAMES[0], ResultKind.PLAYED, 7))
    agrees(c)
