"""``arbitre scrabble top|score`` (issue 4, item 6), with the shipped word list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre.cli import main
from arbitre.scrabble.board import Board
from arbitre.scrabble.move import Move

HABLONS = "15/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15"


@pytest.fixture(scope="module")
def lexicon() -> object:
    from arbitre.lexicon import Lexicon

    return Lexicon.load()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["scrabble", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_top_json_lists_legal_moves_of_the_top_score(
    capsys: pytest.CaptureFixture[str], lexicon: object, engine: str
) -> None:
    status, out, _ = run(
        capsys, "top", "--board", HABLONS, "--rack", "EAIS?RT", "--json", "--engine", engine
    )
    assert status == 0
    data = json.loads(out)
    assert data["count"] == len(data["moves"]) > 0
    board = Board.from_text(HABLONS)
    for item in data["moves"]:
        result = board.score(Move.parse(item["move"]), lexicon)  # type: ignore[arg-type]
        assert result.score == item["score"] == data["score"]
    status, out, _ = run(capsys, "top", "--board", HABLONS, "--rack", "EAIS?RT", "--all", "--json")
    every = json.loads(out)
    assert every["score"] == data["score"] and every["count"] > data["count"]
    assert [m["move"] for m in every["moves"][: data["count"]]] == [
        m["move"] for m in data["moves"]
    ]


def test_top_text_output(capsys: pytest.CaptureFixture[str], lexicon: object) -> None:
    status, out, _ = run(capsys, "top", "--rack", "ZEST", "--engine", "reference")
    assert status == 0
    first = out.splitlines()[0].split()
    assert first[1].startswith("H") and int(first[0]) > 0  # horizontal first on the empty board


def test_batch_writes_one_json_line_per_position(
    capsys: pytest.CaptureFixture[str], lexicon: object, tmp_path: Path
) -> None:
    batch = tmp_path / "positions.txt"
    batch.write_text(
        f"{HABLONS} EAIS?RT 78 extra fields\n\n{'/'.join(['15'] * 15)} ZEST\n{HABLONS} ABC1\n"
    )
    status, out, err = run(capsys, "top", "--batch", str(batch))
    lines = [json.loads(x) for x in out.splitlines()]
    assert len(lines) == 3 and status == 1 and "1 ligne(s) illisible(s)" in err
    first, second, bad = lines
    assert set(first) == {"score", "moves", "ms"} and first["ms"] >= 0
    board = Board.from_text(HABLONS)
    for text in first["moves"]:
        assert board.score(Move.parse(text), lexicon).score == first["score"]  # type: ignore[arg-type]
    assert second["moves"] and all(" " in m for m in second["moves"])
    assert bad["line"] == 4 and "« 1 » n'est pas une lettre" in bad["error"]


def test_batch_fast_and_reference_write_the_same_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The fast text path and the reference (Board, Rack, top_moves) answer every line
    alike, refusals included: two Z on a board, a rack character, no tile, no move."""
    batch = tmp_path / "positions.txt"
    positions = [
        f"{HABLONS} EAIS?RT",
        f"{HABLONS} -",
        f"{'/'.join(['15'] * 7)}/ZZ13/{'/'.join(['15'] * 7)} EAI",
        f"{HABLONS} EA1",
        f"{HABLONS} QQ",
        "2SOLEIL7/15/15/15/15/15/15/3HAbLONS5/15/15/15/15/15/15/15 W",
    ]
    batch.write_text("\n".join(positions) + "\n")
    answers = {}
    for engine in ("fast", "reference"):
        status, out, _ = run(capsys, "top", "--batch", str(batch), "--engine", engine)
        lines = [json.loads(x) for x in out.splitlines()]
        assert status == 1 and all(x.pop("ms", 0) >= 0 for x in lines)
        answers[engine] = lines
    assert answers["fast"] == answers["reference"]
    assert [set(x) for x in answers["fast"]][2:5] == [{"line", "error"}] * 3
    assert answers["fast"][1] == {"score": 0, "moves": []}


def test_score_legal_and_illegal(capsys: pytest.CaptureFixture[str], lexicon: object) -> None:
    status, out, _ = run(capsys, "score", "--move", "H4 MAiSON")
    assert status == 0 and out.strip() == "H4 MAiSON : 16 points (MAiSON 16)"
    status, out, _ = run(capsys, "score", "--move", "H4 MAiSON", "--lang", "en")
    assert status == 0 and out.strip() == "H4 MAiSON: 16 points (MAiSON 16)"
    status, out, _ = run(capsys, "score", "--board", HABLONS, "--move", "A1 MAISON", "--json")
    data = json.loads(out)
    assert status == 1 and data["legal"] is False and data["rule"] == "not_connected"
    status, out, _ = run(capsys, "score", "--move", "H4 MAISON", "--rack", "MAISO?")
    assert (
        status == 1
        and "H4 MAISON: N n'est pas sur le chevalet AIMOS? (nécessaire : 1) (tile_not_in_rack)"
        in out
    )
    status, out, _ = run(capsys, "score", "--move", "H4 HAbLONS", "--json")
    data = json.loads(out)
    assert (
        data["score"] == 76
        and data["bingo"]
        and data["words"] == [{"word": "HAbLONS", "score": 26}]
    )


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["top", "--board", "15/15", "--rack", "A"], "la grille a 2 rangées"),
        (["top", "--rack", "ABCDEFGH"], "un chevalet porte au plus 7 lettres"),
        (["top"], "--rack est requis"),
        (["top", "--board", "no-such-file", "--rack", "A"], "ni un texte de grille ni un fichier"),
        (["score", "--move", "Z9 MAISON"], "coordonnée"),
        (["top", "--batch", "x", "--rack", "A"], "retirez --board"),
    ],
)
def test_errors_are_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and fragment in err and len(err.strip().splitlines()) == 1
