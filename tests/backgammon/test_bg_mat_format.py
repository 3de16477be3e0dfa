"""Jellyfish .mat export and import (issue 8, item 3)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.board import BackgammonError
from arbitre.backgammon.mat import export_mat, import_mat, read_mat, record_text
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.backgammon.bg_random_match import random_match
from tests.backgammon.gnubg_oracle import gnubg_available, gnubg_commands
from tests.support import depth, refusal_of, refuses, require

DATA = Path(__file__).parent / "data"


def _positions(match):
    return [
        (g.score_before, g.result, [(a.player, a.kind, a.value) for a in g.actions])
        for g in match.games
    ]


@pytest.mark.parametrize("seed", range(6))
def test_export_import_round_trip(seed):
    match = random_match(random.Random(seed), 7, resign_rate=0.01)
    again = import_mat(export_mat(match))
    assert again.score == match.score
    assert again.winner == match.winner
    assert again.names == match.names
    assert _positions(again) == _positions(match)
    assert export_mat(again) == export_mat(match)


def test_reads_a_match_exported_by_gnubg():
    match = read_mat(DATA / "gnubg_selfplay_5pt.mat")
    assert match.length == 5
    assert match.names == ("gnubg", "root")
    assert len(match.games) == 6
    assert match.winner == 1
    # Game 2 is won with a gammon at cube 2 in the record ("Wins 6 points" is game 5).
    assert [g.result.points for g in match.games if g.result] == [1, 2, 1, 1, 1, 6]


def test_illegal_move_in_a_record_names_the_line():
    text = (DATA / "gnubg_selfplay_5pt.mat").read_text()
    bad = text.replace("52: 13/8 24/22", "52: 13/8 24/21", 1)
    refusal = refusal_of(BackgammonError, import_mat, bad)
    assert refusal == Message.of(
        "backgammon.mat.line",
        line=8,
        reason=Message.of("backgammon.illegal_move", move="13/8 24/21", dice="52"),
    )
    assert say(refusal) == "ligne 8 : coup « 13/8 24/21 » illégal pour le jet 52"


def test_wrong_score_and_missing_header_are_reported():
    text = (DATA / "gnubg_selfplay_5pt.mat").read_text()
    wrong = text.replace(
        "gnubg : 0                      root : 1", "gnubg : 0                      root : 2"
    )
    refusal = refusal_of(BackgammonError, import_mat, wrong)
    assert refusal.code == "backgammon.mat.line"
    assert refusal.params["reason"] == Message.of("backgammon.mat.score", score="0-2", games="0-1")
    first = Message.of("backgammon.mat.header_first")
    with refuses(BackgammonError, "backgammon.mat.line", line=1, reason=first):
        import_mat("Game 1\n")
    with refuses(BackgammonError, "backgammon.mat.no_header"):
        import_mat("; a comment\n")


@pytest.mark.parametrize("seed", [2026, 7])
def test_gnubg_imports_and_analyses_an_exported_match_without_warning(tmp_path, seed):
    require(gnubg_available(), "GNU Backgammon (/usr/games/gnubg) is not installed")
    match = random_match(random.Random(seed), 7, resign_rate=0.01)
    path = tmp_path / "export.mat"
    path.write_text(export_mat(match))
    output = gnubg_commands(
        "set analysis chequerplay evaluation plies 0\n"
        "set analysis cubedecision evaluation plies 0\n"
        f"import mat {path}\n"
        "analyse match\n"
        "show score\n"
    )
    assert "WARNING" not in output, output[-3000:]
    games = f"{len(match.games)} game{'s' if len(match.games) > 1 else ''}"
    expected = (
        f"The score (after {games}) is: {match.names[0]} {match.score[0]}, "
        f"{match.names[1]} {match.score[1]} (match to 7 points"
    )
    assert expected in output, output[-1500:]


def test_gnubg_warns_on_a_corrupted_export(tmp_path):
    # Guard for the test above: gnubg does print WARNING when a move is illegal.
    require(gnubg_available(), "GNU Backgammon (/usr/games/gnubg) is not installed")
    text = (
        (DATA / "gnubg_selfplay_5pt.mat").read_text().replace("52: 13/8 24/22", "52: 13/8 24/21", 1)
    )
    path = tmp_path / "bad.mat"
    path.write_text(text)
    assert "WARNING" in gnubg_commands(f"import mat {path}\n")


_NAME = st.one_of(
    st.text(
        st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters=":"),
        min_size=size,
        max_size=90,
    )
    for size in (1, 28)
).filter(lambda n: n.strip() and not re.match(r"\s*(;|\d+\))", n))
"""A player's name; the format leaves out a first name read as a comment (``;``) or as a
numbered line (``1)``), and the colon (the record replaces it)."""


@settings(max_examples=depth(60), deadline=None)
@given(first=_NAME, second=_NAME)
def test_a_record_at_the_table_reads_back_whatever_the_names_length(first, second):
    """A game's line of names (`` Name : 0   Other : 0``) is read back for names of any
    length: a first name of 28 characters or more once left no space before the second
    name, and every action entered at the table was then refused (issue 34, item 8)."""
    text = record_text(7, (first, second), [(0, "31: 8/5 6/5")])
    match = import_mat(text, complete=False)
    assert match.names == (first.strip(), second.strip())
    assert match.score == (0, 0)
    assert len(match.games[0].actions) == 1


def test_a_sixty_character_name_takes_a_whole_game_at_the_table():
    long = "Marie-Christine de La Tour d'Auvergne-Lauraguais-Montmorency"
    assert len(long) >= 60
    cells = [(0, "31: 8/5 6/5"), (1, "Doubles => 2"), (0, "Drops"), (1, "Wins 1 point")]
    match = import_mat(record_text(5, (long, "B"), cells), complete=False)
    assert match.names == (long, "B")
    assert match.score == (0, 1)
