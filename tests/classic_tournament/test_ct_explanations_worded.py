"""The pairing's explanations are messages, worded in French by default (arbitre.i18n)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.classic import tournament as cl
from arbitre.i18n import word
from tests.support import depth

ENGLISH = re.compile(
    r"\b(against|starts|group|unpaired|already met|Pairing list|Absent|Present|odd|even|"
    r"player|rematch|permutation upward|permutation downward|higher-ranked|bye)\b"
)


@settings(max_examples=depth(40), deadline=None)
@given(
    count=st.integers(min_value=3, max_value=14),
    seed=st.integers(min_value=0, max_value=10_000),
    rounds=st.integers(min_value=1, max_value=5),
)
def test_every_explanation_of_the_engine_reads_in_french(
    count: int, seed: int, rounds: int
) -> None:
    import random

    rng = random.Random(seed)
    players = [cl.Player(f"J{i}", rng.randrange(1000, 2000)) for i in range(count)]
    t = cl.Tournament(players, rounds=rounds)
    for _ in range(rounds):
        absent = {p.name for p in players if rng.random() < 0.1}
        if len(players) - len(absent) < 2:
            absent = set()
        pairing = t.pair_next_round(absent=absent)
        for line in pairing.explain:
            text = word(line)
            assert not ENGLISH.search(text), (line, text)
            assert "{" not in text and "{" not in word(line, "en"), line
        games = []
        for p in pairing.pairs:
            if p.b is None:
                games.append(cl.Game(pairing.round, p.a, None))
            else:
                a, b = rng.randrange(250, 500), rng.randrange(250, 500)
                games.append(cl.Game(pairing.round, p.a, p.b, a, b, starts=p.starts))
        t.record_round(games)
