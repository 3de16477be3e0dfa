"""Players and results CSV files, and ``arbitre classic pair`` / ``standings``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre.classic.tournament import Player
from arbitre.classic.tournament.players_csv import CsvFormatError, PlayersFileError, parse_players
from arbitre.classic.tournament.results_csv import parse_results
from arbitre.cli import main
from arbitre.i18n import word

PLAYERS = """name,rating,club,licence
Alice,1900,Charleroi,B001
Bruno,1850
Chloé,1800
David,1750
Emma,1700
Félix,1650
"""

ROSTER = parse_players(PLAYERS)


def test_players_csv_fields_and_pl_star() -> None:
    players = parse_players("Zoé;1500*;Liège;L7\n# comment\n\nMarc;1600\n")
    assert players == [Player("Zoé", 1500, True, "Liège", "L7"), Player("Marc", 1600)]
    assert ROSTER[0] == Player("Alice", 1900, False, "Charleroi", "B001")


@pytest.mark.parametrize(
    ("text", "line", "code"),
    [
        ("name,rating\nAlice,abc\n", 2, "players_csv.not_integer"),
        ("Alice,1500\nBob\n", 2, "players_csv.required"),
        ("Alice,1500\nalice,1400\n", 2, "players_csv.duplicate"),
        ("Alice,1500\nBye,1400\n", 2, "players_csv.reserved_name"),
        ("Alice,-3\n", 1, "players_csv.too_small"),
        ("Alice,1500,Mons,L1,extra\n", 1, "players_csv.cell_count"),
        ("name,rating\n", 2, "players_csv.no_players"),
    ],
)
def test_players_csv_bad_rows(text: str, line: int, code: str) -> None:
    with pytest.raises(PlayersFileError) as caught:
        parse_players(text)
    assert [(e.line, e.message.code) for e in caught.value.errors] == [(line, code)]


def test_results_csv_forfeit_bye_and_starts() -> None:
    rounds = parse_results(
        "round,player_a,player_b,score_a,score_b\n"
        "1,Alice,David,412,380,David\n"
        "1,bruno,Emma,forfeit,\n"
        "1,Chloé,Félix,350,forfeit\n"
        "2,Alice,bye\n",
        ROSTER,
    )
    g1, g2, g3 = rounds[0].games
    assert (g1.winner(), g1.starts) == ("Alice", "David")
    assert (g2.a, g2.forfeit_a, g2.winner()) == ("Bruno", True, "Emma")
    assert (g3.forfeit_b, g3.score_a, g3.winner()) == (True, 350, "Chloé")
    assert rounds[1].games[0].is_bye


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1,Alice,Zed,1,2\n", "results, line 1: unknown player “Zed”"),
        ("1,Alice,Bruno,1\n", "results, line 1: both scores are needed (or “forfait”)"),
        ("one,Alice,Bruno,1,2\n", "results, line 1: round “one” is not a whole number"),
        (
            "1,Alice,Bruno,1,2\n1,Alice,David,1,2\n",
            "results, line 2: Alice already has a game in round 1 (line 1)",
        ),
        ("1,Alice,Alice,1,2\n", "results, line 1: Alice cannot play themselves"),
        ("1,Alice,Bruno,1,2\n3,Chloé,David,1,2\n", "results: round 2 is missing (round 3 found)"),
        ("1,Alice,bye,3,\n", "results, line 1: a bye has no score and no starter"),
        ("1,Alice,Bruno,1,2,Emma\n", "results, line 1: Emma is not one of the two players"),
        ("0,Alice,Bruno,1,2\n", "results, line 1: the rounds are numbered from 1, not 0"),
    ],
)
def test_results_csv_bad_rows(text: str, message: str) -> None:
    with pytest.raises(CsvFormatError) as refused:
        parse_results(text, ROSTER)
    assert word(refused.value.message, "en") == message


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    results = tmp_path / "results.csv"
    # Round 1 (6 players: A = 4): Alice-David, Bruno-Chloé; B: Emma-Félix.
    results.write_text(
        "round,player_a,player_b,score_a,score_b\n"
        "1,Alice,David,400,300\n"
        "1,Bruno,Chloé,300,300\n"
        "1,Emma,Félix,200,400\n",
        encoding="utf-8",
    )
    return players, results


def test_cli_pair_first_round_json(files, capsys) -> None:
    players, _ = files
    assert main(["classic", "pair", "--players", str(players), "--json", "--explain"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["explain"][0] == {
        "text": "Liste d'appariement : classement initial (cote décroissante, puis nom).",
        "code": "pairing.list_initial",
        "params": {},
    }
    assert out["round"] == 1
    assert [(p["table"], p["a"], p["b"], p["starts"]) for p in out["pairs"]] == [
        (1, "Alice", "David", "Alice"),
        (2, "Bruno", "Chloé", "Bruno"),
        (3, "Emma", "Félix", "Emma"),
    ]
    assert any(line["text"].startswith("Groupe A : les 4 premiers") for line in out["explain"])


def test_cli_pair_next_round_with_absent(files, capsys) -> None:
    players, results = files
    status = main(
        [
            "classic",
            "pair",
            "--players",
            str(players),
            "--results",
            str(results),
            "--absent",
            "bruno",
            "--json",
        ]
    )
    assert status == 0
    out = json.loads(capsys.readouterr().out)
    # Ranking: Alice, Félix (3 PM); Chloé (2, Pdep 1800); David, Emma (1). Bruno absent:
    # 5 present, bye to Emma. Alice-Félix; Chloé (odd) meets David.
    assert out["round"] == 2
    assert [(p["a"], p["b"]) for p in out["pairs"]] == [
        ("Alice", "Félix"),
        ("Chloé", "David"),
        ("Emma", "BYE"),
    ]
    assert out["absent"] == ["Bruno"]
    assert out["explain"] == []


def test_cli_pair_text_explain(files, capsys) -> None:
    players, results = files
    assert main(["--lang", "en", "classic", "pair", "--players", str(players), "--results",
                 str(results), "--explain"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert out.startswith("Round 2 of 4")
    assert "first against last" in out
    assert main(["classic", "pair", "--players", str(players), "--results", str(results),
                 "--explain"]) == 0  # fmt: skip
    assert "premier contre dernier" in capsys.readouterr().out


def test_cli_standings_json(files, capsys) -> None:
    players, results = files
    assert main(["classic", "standings", "--players", str(players), "--results",
                 str(results), "--json"]) == 0  # fmt: skip
    rows = json.loads(capsys.readouterr().out)
    assert [(r["rank"], r["name"], r["pm"], r["pdep"], r["games"]) for r in rows] == [
        (1, "Alice", 3, 1900, 1),
        (2, "Félix", 3, 1700, 1),
        (3, "Bruno", 2, 1850, 1),
        (4, "Chloé", 2, 1800, 1),
        (5, "David", 1, 1750, 1),
        (6, "Emma", 1, 1650, 1),
    ]


def test_cli_reports_override_and_bad_file(files, tmp_path, capsys) -> None:
    players, results = files
    other = tmp_path / "other.csv"
    other.write_text("1,Alice,Bruno,400,300\n1,Chloé,David,1,2\n1,Emma,Félix,1,2\n", "utf-8")
    assert main(["classic", "standings", "--players", str(players), "--results",
                 str(other)]) == 0  # fmt: skip
    err = capsys.readouterr().err
    # the CLI speaks French by default (issue 36), the engine's difference worded too
    assert "attention : ronde 1 : Alice - Bruno diffère de la formule (Alice - David" in err
    assert main(["classic", "standings", "--players", str(players), "--results",
                 str(other), "--lang", "en"]) == 0  # fmt: skip
    err = capsys.readouterr().err
    assert "warning: round 1: Alice - Bruno differs from the formula (Alice - David" in err
    bad = tmp_path / "bad.csv"
    bad.write_text("1,Alice,Bruno,400,300\n1,Chloé,Nobody,1,2\n", "utf-8")
    assert main(["classic", "standings", "--players", str(players), "--results",
                 str(bad)]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert err.strip().endswith("ligne 2 : joueur inconnu « Nobody »")
    assert len(err.strip().splitlines()) == 1


def test_cli_refuses_unknown_absent_and_complete_tournament(files, capsys) -> None:
    players, results = files
    base = ["classic", "pair", "--players", str(players), "--results", str(results)]
    assert main([*base, "--absent", "Zed"]) == 2
    assert "--absent : joueur inconnu « Zed »" in capsys.readouterr().err
    assert main([*base, "--absent", "Zed", "--lang", "en"]) == 2
    assert "--absent: unknown player “Zed”" in capsys.readouterr().err
    assert main([*base, "--rounds", "1", "--lang", "en"]) == 2
    assert "all 1 rounds are recorded" in capsys.readouterr().err


def test_cli_best_of_three_and_withdrawn(files, capsys) -> None:
    players, results = files
    base = ["classic", "pair", "--players", str(players), "--results", str(results)]
    assert main([*base, "--best-of", "3", "--withdrawn", "Emma", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # Emma withdrawn: 5 present, the bye goes first to David (the lowest). Alice-Félix;
    # Bruno and Chloé drew in round 1 but nobody else is left: the rematch is kept.
    assert out["absent"] == ["Emma"]
    pairs = {(p["a"], p["b"]): p for p in out["pairs"]}
    assert list(pairs) == [("Alice", "Félix"), ("Bruno", "Chloé"), ("David", "BYE")]
    assert pairs[("Bruno", "Chloé")]["rule"] == "rematch_kept"
    for p in out["pairs"]:
        if p["b"] != "BYE":
            assert p["starters"] == [p["starts"], ({p["a"], p["b"]} - {p["starts"]}).pop(),
                                     p["starts"]]  # fmt: skip
