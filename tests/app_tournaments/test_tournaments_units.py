"""Pure parts of the tournament app: the Classic final phase (seed 000 preamble), the French
wording of the pairing explanations, the players CSV reader."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.app.tournaments import final_phase as fp
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


def test_final_of_two_and_of_four() -> None:
    assert fp.plan(["A", "B", "C"], 2) == [("F", "Finale", "A", "B")]
    matches = fp.resolve(["A", "B", "C", "D"], 4, 3, {"SF1": [(400, 300), (300, 400), (420, 380)]})
    by_id = {m.id: m for m in matches}
    assert (by_id["SF1"].top, by_id["SF1"].bottom, by_id["SF1"].winner) == ("A", "D", "A")
    assert (by_id["SF2"].top, by_id["SF2"].bottom) == ("B", "C")
    assert by_id["F"].top == "A" and by_id["F"].bottom is None
    assert by_id["P3"].top == "D"


def test_match_winner_best_of_three() -> None:
    assert fp.match_winner("A", "B", [(400, 300), (410, 300)], 3) == "A"
    assert fp.match_winner("A", "B", [(300, 400), (410, 300), (350, 360)], 3) == "B"
    with pytest.raises(fp.FinalPhaseError, match="de trop"):
        fp.match_winner("A", "B", [(400, 300), (410, 300), (300, 400)], 3)
    with pytest.raises(fp.FinalPhaseError, match="pas de vainqueur"):
        fp.match_winner("A", "B", [(400, 300)], 3)
    # a drawn game counts half: 1.5 - 0.5 after two games is not decided yet (a third
    # game may tie the match), and a tie after three games needs a deciding game
    with pytest.raises(fp.FinalPhaseError, match="pas de vainqueur"):
        fp.match_winner("A", "B", [(400, 400), (410, 300)], 3)
    assert fp.match_winner("A", "B", [(400, 400), (410, 300), (400, 300)], 3) == "A"
    tied = [(400, 400), (410, 300), (300, 400)]
    with pytest.raises(fp.FinalPhaseError, match="1.5 - 1.5"):
        fp.match_winner("A", "B", tied, 3)
    assert fp.match_winner("A", "B", [*tied, (300, 420)], 3) == "B"
    with pytest.raises(fp.FinalPhaseError, match="pas de vainqueur"):
        fp.match_winner("A", "B", [(400, 400)], 1)


def test_final_places() -> None:
    results = {
        "SF1": [(300, 400)],
        "SF2": [(400, 300)],
        "F": [(380, 390)],
        "P3": [(400, 390)],
    }
    matches = fp.resolve(["A", "B", "C", "D"], 4, 1, results)
    assert fp.final_places(matches) == {"B": 1, "D": 2, "A": 3, "C": 4}


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
