"""Pure parts of the paired games: the players CSV reader of each game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.app.backgammon.game import GAME as BACKGAMMON
from arbitre.app.classic.game import GAME as CLASSIC
from tests.support import depth

NAMES = st.text(
    alphabet=st.characters(whitelist_categories=("L",), max_codepoint=0x24F),
    min_size=1,
    max_size=12,
)


@settings(max_examples=depth(60), deadline=None)
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
    # the words of the results files for a bye, English and French, are no player's name
    # (refused: tests/common/test_players_csv.py); the letters drawn here make no other
    rows = [r for r in rows if r[0].casefold() not in ("bye", "exempt")]
    text = "\n".join(f"{n}{delimiter}{r}{'*' if s else ''}" for n, r, s in rows) + "\n"
    report = CLASSIC.parse_players(text.encode("utf-8"))
    assert not report.errors or not rows
    assert [(p.name, p.rating, p.starred) for p in report.rows] == rows


def test_players_csv_reports_every_bad_line() -> None:
    text = "nom,elo\nA,1500\nB,5000\nC\n,1200\nA,1400\n"
    report = BACKGAMMON.parse_players(text.encode("latin-1"))
    assert [e.line for e in report.errors] == [3, 4, 5, 6]
    assert not report.rows
