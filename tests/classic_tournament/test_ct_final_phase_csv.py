"""The Classic final phase's results file (seed 000 preamble; scores below zero, seed 001 7.1
and 8.1): written in French or English, read back the same, bad rows refused by line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.classic.tournament import final_phase
from arbitre.classic.tournament.results_csv import (
    CsvFormatError,
    CsvRefusal,
    FinalResult,
    format_final_results,
    parse_final_results,
    read_final_results,
)
from arbitre.cli import main
from arbitre.i18n import word
from tests.support import depth

FRENCH_FILE = """match;partie;joueur_haut;joueur_bas;score_haut;score_bas
SF1;1;Ana;Éric;-12;-30
SF1;2;Ana;Éric;300;310
SF1;3;Ana;Éric;401;400
"""


def test_001_8_1_a_negative_score_reads_back_and_the_higher_one_wins() -> None:
    (sf1,) = parse_final_results(FRENCH_FILE)
    assert sf1 == FinalResult("SF1", "Ana", "Éric", ((-12, -30), (300, 310), (401, 400)))
    written = format_final_results([sf1])
    assert written.splitlines() == [
        "match,partie,joueur_haut,joueur_bas,score_haut,score_bas",
        "SF1,1,Ana,Éric,-12,-30",
        "SF1,2,Ana,Éric,300,310",
        "SF1,3,Ana,Éric,401,400",
    ]
    assert parse_final_results(written) == [sf1]
    assert format_final_results([sf1], "en").splitlines()[0] == (
        "match,game,top_player,bottom_player,top_score,bottom_score"
    )
    # -12 beats -30: the top player wins game 1, and the match 2-1
    assert final_phase.match_winner(sf1.top, sf1.bottom, sf1.games, 3) == "Ana"


names = st.sampled_from(["Ana", "Éric", "Zoé", "O'Neil, Jr", '=cmd"x', "-Bob"])
scores = st.integers(min_value=-500, max_value=1200)


@settings(max_examples=depth(100))
@given(
    st.lists(
        st.tuples(
            st.sampled_from(final_phase.MATCH_IDS),
            names,
            names,
            st.lists(st.tuples(scores, scores), min_size=1, max_size=4),
        ),
        max_size=4,
        unique_by=lambda m: m[0],
    ),
    st.sampled_from(["fr", "en"]),
)
def test_any_final_phase_written_reads_back_the_same(
    matches: list[tuple[str, str, str, list[tuple[int, int]]]], lang: str
) -> None:
    results = [FinalResult(m, a, b, tuple(g)) for m, a, b, g in matches if a != b]
    assert parse_final_results(format_final_results(results, lang)) == results


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            "F;1;Ana;Éric;400",
            "line 2: six cells expected: match,game,top_player,bottom_player,top_score,"
            "bottom_score (or match,partie,joueur_haut,joueur_bas,score_haut,score_bas)",
        ),
        ("F;1;Ana;Éric;400;abc", "line 2: score “abc” is not a whole number"),
        ("F;un;Ana;Éric;400;300", "line 2: game “un” is not a whole number"),
        ("F;2;Ana;Éric;400;300", "line 2: match F, game 2 where game 1 is expected"),
        ("F;1;Ana;Ana;400;300", "line 2: Ana cannot play themselves"),
        (
            "F;1;Ana;Éric;400;300\nF;2;Ana;Zoé;1;2",
            "line 3: match F is Ana against Éric, not Ana against Zoé",
        ),
    ],
)
def test_a_bad_row_is_refused_with_its_line(row: str, message: str) -> None:
    with pytest.raises(CsvFormatError) as caught:
        parse_final_results("match;partie;joueur_haut;joueur_bas;score_haut;score_bas\n" + row)
    assert word(caught.value.message, "en") == f"final phase, {message}"


def test_an_unknown_header_is_refused_with_both_languages_words() -> None:
    with pytest.raises(CsvRefusal) as caught:
        parse_final_results("match;partie;joueur;joueur_bas;score_haut;score_bas\n")
    assert caught.value.message.params["french"] == "joueur_haut"
    assert caught.value.message.params["english"] == "top_player"


def test_the_cli_reads_the_final_phase_and_refuses_players_the_ranking_does_not_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``arbitre classic final``: the first two of the final ranking play the final; the
    file's game decides the places, a final between other players is refused."""
    (tmp_path / "joueurs.csv").write_text("Ana,1500\nÉric,1400\nZoé,1300\nBob,1200\n", "utf-8")
    (tmp_path / "resultats.csv").write_text("1,Ana,Bob,400,300\n1,Éric,Zoé,380,350\n", "utf-8")
    args = ["classic", "final", "--players", str(tmp_path / "joueurs.csv"), "--rounds", "1"]
    args += ["--results", str(tmp_path / "resultats.csv")]
    good = tmp_path / "finale.csv"
    good.write_text(
        "match,partie,joueur_haut,joueur_bas,score_haut,score_bas\nF,1,Ana,Éric,-5,-2\n", "utf-8"
    )
    assert main([*args, "--final-phase", str(good)]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == ["1. Éric", "2. Ana"]
    bad = tmp_path / "autre.csv"
    bad.write_text("F,1,Ana,Zoé,400,300\n", "utf-8")
    assert main([*args, "--final-phase", str(bad)]) == 2
    assert "le match F oppose Ana à Éric d'après le classement, pas Ana à Zoé" in (
        capsys.readouterr().err
    )
    assert main([*args, "--final-phase", str(bad), "--lang", "en"]) == 2
    assert "match F is Ana against Éric by the ranking, not Ana against Zoé" in (
        capsys.readouterr().err
    )


def test_a_refusal_names_the_file_and_its_line(tmp_path: Path) -> None:
    with pytest.raises(CsvRefusal) as caught:
        parse_final_results("\nmatch;partie;joueur\n")
    assert (caught.value.message.params["source"], caught.value.message.params["line"]) == (
        "final phase",
        2,
    )
    path = tmp_path / "phase-finale.csv"
    path.write_text("match;game;joueur\n", "utf-8")
    with pytest.raises(CsvRefusal) as caught:
        read_final_results(path)
    assert caught.value.message.params["source"] == str(path)
    path.write_text("F;1;Ana;Éric;400\n", "utf-8")
    with pytest.raises(CsvFormatError) as plain:
        read_final_results(path)
    assert word(plain.value.message, "en").startswith(f"{path}, line 1: six cells expected")
