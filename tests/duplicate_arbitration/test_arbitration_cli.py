"""``arbitre duplicate judge`` and ``arbitre duplicate standings`` on real files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from arbitre.duplicate import record as game_record
from arbitre.duplicate.game import DuplicateGame
from arbitre.lexicon import Lexicon
from tests.app_duplicate.test_duplicate_browser import word_list


def run(*args: str, lang: str = "fr") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "--lang", lang, "duplicate", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def make_record(tmp_path: Path) -> tuple[Path, Path]:
    words = word_list(tmp_path / "mots.txt")
    lexicon = Lexicon.load(words)
    game = DuplicateGame(lexicon, seed=None, random_draws=False)
    game.draw("AIMNOSE")
    game.play()  # H4 MAISON 18
    game.draw("RUTSEA")
    game.play()
    path = tmp_path / "partie.json"
    path.write_text(game_record.dumps(game_record.to_record(game)), encoding="utf-8")
    return path, words


def test_judge_prints_the_decision_as_json(tmp_path: Path) -> None:
    record, words = make_record(tmp_path)
    result = run(
        "judge",
        "--record",
        str(record),
        "--move",
        "1",
        "--ballot",
        "H4 MAISON 20",
        "--lexicon",
        str(words),
        "--json",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["score"] == 18 and data["move"] == "H4 MAISON"
    assert data["sanction"] == {"kind": "warning", "code": "score_wrong", "rule": "004 4.3"}
    assert data["explanation"]["code"] == "duplicate.decision.first_move"
    nullity = json.loads(
        run(
            "judge",
            "--record",
            str(record),
            "--move",
            "1",
            "--ballot",
            "H4 MAISONS 20",
            "--lexicon",
            str(words),
            "--json",
        ).stdout
    )
    assert nullity["score"] == 0 and nullity["sanction"]["kind"] == "nullity"


def test_judge_prints_the_decision_in_the_chosen_language(tmp_path: Path) -> None:
    record, words = make_record(tmp_path)
    args = ["judge", "--record", str(record), "--move", "1", "--ballot", "H4 MAISON 20"]
    french = run(*args, "--lexicon", str(words))
    assert french.stdout.splitlines() == [
        "Coup 1 : tirage AEIMNOS, top H4 MAISON",
        "Bulletin : H4 MAISON 20",
        "Points : 18",
        "Sanction : Erreur de calcul des points (004 4.3)",
        "Motif : Premier coup : meilleur placement H4 MAISON = 18 ; avertissement : "
        "Erreur de calcul des points (004 4.3)",
    ]
    english = run(*args, "--lexicon", str(words), lang="en")
    assert english.stdout.splitlines() == [
        "Move 1: draw AEIMNOS, top H4 MAISON",
        "Ballot: H4 MAISON 20",
        "Points: 18",
        "Sanction: Points miscounted (004 4.3)",
        "Reason: First move: best placement H4 MAISON = 18; warning: Points miscounted (004 4.3)",
    ]


def test_judge_errors_are_one_line(tmp_path: Path) -> None:
    record, words = make_record(tmp_path)
    bad_move = run(
        "judge", "--record", str(record), "--move", "9", "--ballot", "top", "--lexicon", str(words)
    )
    assert (
        bad_move.returncode == 2
        and bad_move.stderr.strip() == "arbitre : erreur : coup 9 : la partie a les coups 1 à 2"
    )
    bad_ballot = run(
        "judge",
        "--record",
        str(record),
        "--move",
        "1",
        "--ballot",
        "H4 X 1 2",
        "--lexicon",
        str(words),
    )
    assert bad_ballot.returncode == 2 and "deux scores" in bad_ballot.stderr
    assert len(bad_ballot.stderr.strip().splitlines()) == 1


def test_standings_of_an_event_file_with_ballots(tmp_path: Path) -> None:
    record, words = make_record(tmp_path)
    event = {
        "format": "arbitre.duplicate.event",
        "version": 1,
        "name": "Open",
        "players": [
            {"licence": "1", "name": "UN", "series": 1},
            {"licence": "2", "name": "DEUX", "series": 2},
        ],
        "games": [
            {
                "name": "TH1",
                "record": "partie.json",
                "ballots": {"1": ["top", "top"], "2": ["H4 MAISON", "aucun"]},
            }
        ],
    }
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    result = run("standings", str(path), "--lexicon", str(words), "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["standings"]
    assert [(r["name"], r["rank"]) for r in rows] == [("UN", 1), ("DEUX", 2)]
    assert rows[1]["total"] == 18 and rows[0]["total"] == rows[0]["top_total"]
    csv_out = run("standings", str(path), "--lexicon", str(words), "--csv", "--encoding", "latin-1")
    assert csv_out.stdout.splitlines()[0] == (
        "table;licence;nom;prenom;club;serie;TH1;total;rang;categorie;tops_perdus;type;parties;date;"
        "outremer;epreuve"
    )
