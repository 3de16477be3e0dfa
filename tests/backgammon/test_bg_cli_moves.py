"""``arbitre backgammon moves|clock|check-mat|id`` (issue 8, item 6)."""

from __future__ import annotations

import json
from pathlib import Path

from arbitre.cli import main

DATA = Path(__file__).parent / "data"


def test_moves_json(capsys):
    assert main(["backgammon", "moves", "4HPwATDgc/ABMA", "6-5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["count"] == 7 == len(data["moves"])
    by_move = {item["move"]: item["position_id"] for item in data["moves"]}
    assert by_move["24/13"] == "4HPwATDgc/ADIA"
    assert "24/18 13/8" in by_move


def test_moves_text(capsys):
    assert main(["backgammon", "moves", "4HPwATDgc/ABMA", "31"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 16
    assert any(line.startswith("8/5 6/5") for line in lines)


def test_moves_batch(tmp_path, capsys):
    batch = tmp_path / "batch.txt"
    batch.write_text("4HPwATDgc/ABMA 31\n\n4HPwATDgc/ABMA 66\n")
    assert main(["backgammon", "moves", "--batch", str(batch)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [len(item["position_ids"]) for item in lines] == [16, 11]
    assert lines[0]["position_ids"] == sorted(lines[0]["position_ids"])


def test_moves_errors_are_one_line(tmp_path, capsys):
    assert main(["backgammon", "moves", "4HPwATDgc/ABMA", "71"]) == 2
    assert capsys.readouterr().err == (
        "arbitre : erreur : dés « 71 » invalides : deux valeurs de 1 à 6 attendues, comme 31 ou 6-5\n"
    )
    assert main(["--lang", "en", "backgammon", "moves", "4HPwATDgc/ABMA", "71"]) == 2
    assert "invalid dice “71”: expected two values 1-6" in capsys.readouterr().err
    assert main(["backgammon", "moves", "nonsense", "31"]) == 2
    batch = tmp_path / "batch.txt"
    batch.write_text("4HPwATDgc/ABMA 31\n4HPwATDgc/ABMA\n")
    assert main(["backgammon", "moves", "--batch", str(batch)]) == 2
    assert "ligne 2 : « POSITION_ID DICE » attendu" in capsys.readouterr().err
    assert main(["backgammon", "moves", "--batch", str(batch), "--lang", "en"]) == 2
    assert "line 2: expected 'POSITION_ID DICE'" in capsys.readouterr().err


def test_clock(capsys):
    assert main(["backgammon", "clock", "--length", "9"]) == 0
    assert "32:30" in capsys.readouterr().out
    assert main(["backgammon", "clock", "--length", "11", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["budget_seconds"] == 2370 and data["increment_seconds"] == 9
    assert main(["backgammon", "clock", "--length", "0"]) == 2


def test_check_mat_and_id(capsys):
    assert main(["backgammon", "check-mat", str(DATA / "gnubg_selfplay_5pt.mat"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winner"] == "root" and data["games"] == 6
    assert (
        main(["backgammon", "id", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:9:10", "--json"])
        == 0
    )
    assert json.loads(capsys.readouterr().out)["position_id"] == "4HPwATDgc/ABMA"
    assert main(["backgammon", "id", "MIEFAAAAAAAA", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["dice"] == [3, 1]


def test_an_id_of_no_known_kind_is_refused_saying_the_three_kinds(capsys):
    """A text that is neither a Position ID (14 characters), a Match ID (12) nor an XGID is
    refused with the reason, in the reader's language, and nothing is printed on stdout."""
    assert main(["backgammon", "id", "MIEFAAAAAAAB1"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert "identifiant « MIEFAAAAAAAB1 » invalide" in out.err
    assert "un Position ID a 14 caractères, un Match ID 12" in out.err
    assert main(["--lang", "en", "backgammon", "id", "zzz"]) == 2
    assert "invalid ID “zzz”: a Position ID has 14 characters" in capsys.readouterr().err
