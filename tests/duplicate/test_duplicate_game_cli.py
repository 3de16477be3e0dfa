"""``arbitre duplicate autoplay`` and ``arbitre duplicate replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre.cli import main
from tests.duplicate.duplicate_words import filler, words


@pytest.fixture(scope="module")
def word_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lex") / "mots.txt"
    path.write_text("\n".join(words() + filler()) + "\n", encoding="utf-8")
    return path


def test_autoplay_sheet_and_replay(
    word_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["duplicate", "autoplay", "--seed", "3", "--lexicon", str(word_file)]) == 0
    sheet = capsys.readouterr().out
    assert "Graine 3" in sheet and "Fin de partie" in sheet
    first = next(line for line in sheet.splitlines() if line.strip().startswith("1 "))
    assert first.split()[2].startswith("H")  # first top horizontal

    assert (
        main(["duplicate", "autoplay", "--seed", "3", "--lexicon", str(word_file), "--json"]) == 0
    )
    record = json.loads(capsys.readouterr().out)
    assert record["seed"] == 3 and record["moves"]
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["duplicate", "replay", str(path), "--lexicon", str(word_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Partie vérifiée : {len(record['moves'])} coups, total ")
    assert (
        main(["--lang", "en", "duplicate", "replay", str(path), "--lexicon", str(word_file)]) == 0
    )
    out = capsys.readouterr().out
    assert out.startswith(f"Record checked: {len(record['moves'])} moves, total ")
    assert "\nNo.  Rack " in out and "End of the game: " in out

    record["moves"][2]["top"]["score"] += 2
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["duplicate", "replay", str(path), "--lexicon", str(word_file)]) == 2
    err = capsys.readouterr().err
    assert "arbitre : erreur : coup 3 : " in err and len(err.strip().splitlines()) == 1


def test_replay_of_a_non_record(
    tmp_path: Path, word_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.json"
    path.write_text("[1, 2]", encoding="utf-8")
    assert main(["duplicate", "replay", str(path), "--lexicon", str(word_file)]) == 2
    assert "ce n'est pas une partie de Duplicate enregistrée" in capsys.readouterr().err
    assert (
        main(["--lang", "en", "duplicate", "replay", str(path), "--lexicon", str(word_file)]) == 2
    )
    assert capsys.readouterr().err == (
        f"arbitre: error: {path}: not a Duplicate game record (format arbitre.duplicate.game)\n"
    )
    assert (
        main(["duplicate", "replay", str(tmp_path / "missing.json"), "--lexicon", str(word_file)])
        == 2
    )
