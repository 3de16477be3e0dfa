"""Pure parts of the tournament app: the players CSV reader."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.app.tournaments.services import parse_players_csv

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
