"""Titles from the files a federation has (issue 20, part 5): a Duplicate event run in
Arbitre, its results export and the federation's licensee file (seed 002 A.3, A.4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre.cli import main
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import Event, GameRecordScores, Player
from arbitre.duplicate.results_csv import encode_results, results_csv
from arbitre.ranking.licensees import read_licensees
from arbitre.ranking.results_import import import_results
from arbitre.ranking.titles import Championship, TitleSettings, contenders_from, designate

LICENSEES = (
    "licence;nom;prenom;serie;nationalite;categorie\n"
    "101;DUPONT;Ana;2A;FR;V\n102;MARTIN;Léo;4B;FR;\n103;PEETERS;Jan;4A;BE;\n"
    "104;OEIL;Zoé;4C;FR;J\n"
)


def event() -> Event:
    """Ana and Léo level on 60 (1 and 2 tops lost), Jan 55, Zoé 40."""
    scores = {
        "101": [20, 20, 10],
        "102": [20, 15, 15],
        "103": [20, 20, 5],
        "104": [10, 10, 10],
    }
    players = [
        Player("101", "DUPONT", "Ana", "", 2, "A"),
        Player("102", "MARTIN", "Léo", "", 4, "B"),
        Player("103", "PEETERS", "Jan", "", 4, "A"),
        Player("104", "OEIL", "Zoé", "", 4, "C", "J"),
    ]
    g1 = GameRecordScores(
        "TH1",
        [20, 20, 20],
        decisions={k: [Decision(x, S.NONE) for x in v] for k, v in scores.items()},
    )
    g2 = GameRecordScores("TH2", [10], decisions={k: [Decision(10, S.NONE)] for k in scores})
    return Event("Championnat", players, [g1, g2])


def podiums(kind: Championship) -> dict[str, list[tuple[str, int]]]:
    imported = import_results(results_csv(event()))
    people = {r.licence: r for r in read_licensees(LICENSEES)}
    titles = designate(contenders_from(imported.rows, people), TitleSettings(kind))
    return {t.key: [("+".join(m.licences), m.rank) for m in t.medallists] for t in titles}


def test_individual_championship_from_the_export_and_the_licensee_file() -> None:
    assert podiums(Championship.INDIVIDUAL) == {
        # 002 A.4: the tie on 60 goes to Ana (1 top lost); A.3: Jan (BE) has no podium
        "overall": [("101", 1), ("102", 2), ("104", 3)],
        "S2": [("101", 1)],
        "S4": [("102", 1), ("104", 2)],
        "category:J": [("104", 1)],  # the category of the event's file
        "category:V": [("101", 1)],  # the category of the licensee file
    }


def test_elsewhere_the_tie_the_export_broke_is_ex_aequo_again() -> None:
    # the export's rang says 1 and 2 (the Duplicate standings break it), the totals are level
    assert podiums(Championship.OTHER)["overall"] == [("101", 1), ("102", 1), ("104", 3)]


def test_cli_titles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "r.csv").write_bytes(encode_results(results_csv(event()), "latin-1"))
    (tmp_path / "l.csv").write_text(LICENSEES, encoding="utf-8")
    base = [
        "ranking",
        "titles",
        str(tmp_path / "r.csv"),
        "--licensees-file",
        str(tmp_path / "l.csv"),
    ]
    assert main([*base, "--championship", "individual"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "titre du classement général\n  1. DUPONT Ana (101)\n  2. MARTIN Léo (102)\n"
    )
    assert "PEETERS Jan (103), nationalité BE : ni titre ni podium national (002 A.3)" in out
    assert main(["--lang", "en", *base, "--championship", "other", "--open", "--json"]) == 0
    overall = json.loads(capsys.readouterr().out)[0]
    assert [p["licences"] for p in overall["podium"]] == [["101"], ["102"], ["103"]]
    assert overall["notes"] == [
        "DUPONT Ana (101), MARTIN Léo (102) ex aequo: this title is not decided between them (002 A.4)"
    ]
    assert main([*base, "--championship", "individual", "--decide", "overall=lots:102"]) == 2
    assert "il n'y a pas d'égalité à départager" in capsys.readouterr().err
