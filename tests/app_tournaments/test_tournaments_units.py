"""Pure parts of the tournament app: the Classic final phase (seed 000 preamble), the French
wording of the pairing explanations, the players CSV reader."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.app.tournaments.explain_fr import french
from arbitre.app.tournaments.services import parse_players_csv
from arbitre.classic import tournament as cl

ENGLISH = re.compile(
    r"\b(against|starts|group|unpaired|already met|Pairing list|Absent|Present|odd|even|"
    r"player|rematch|permutation upward|permutation downward|higher-ranked|bye)\b"
)


@settings(max_examples=40, deadline=None)
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
            text = french(line)
            assert not ENGLISH.search(text), (line, text)
        games = []
        for p in pairing.pairs:
            if p.b is None:
                games.append(cl.Game(pairing.round, p.a, None))
            else:
                a, b = rng.randrange(250, 500), rng.randrange(250, 500)
                games.append(cl.Game(pairing.round, p.a, p.b, a, b, starts=p.starts))
        t.record_round(games)


NAMES = st.text(
    alphabet=st.characters(whitelist_categories=("L",), max_codepoint=0x24F),
    min_size=1,
    max_size=12,
)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.lists(
        st.tuples(NAMES, st.integers(min_value=0, max_value=4000), st.booleans()),
        min_size=1,
        max_size=15,
        unique_by=lambda r: r[0].casefold(),
    ),
    delimiter=st.sampled_from([",", ";"]),
)
def test_players_csv_reads_back_what_was_written(
    rows: list[tuple[str, int, bool]], delimiter: str
) -> None:
    rows = [r for r in rows if r[0].casefold() != "bye"]
    text = "\n".join(f"{n}{delimiter}{r}{'*' if s else ''}" for n, r, s in rows) + "\n"
    report = parse_players_csv(text.encode("utf-8"), classic=True)
    assert not report.errors or not rows
    assert [(p.name, p.rating, p.starred) for p in report.rows] == rows


def test_players_csv_reports_every_bad_line() -> None:
    text = "nom,elo\nA,1500\nB,5000\nC\n,1200\nA,1400\n"
    report = parse_players_csv(text.encode("latin-1"), classic=False)
    assert [e.line for e in report.errors] == [3, 4, 5, 6]
    assert not report.rows
