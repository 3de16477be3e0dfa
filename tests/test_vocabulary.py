"""One tile vocabulary: each shared name is defined in one module of ``src/arbitre`` only
(``scrabble/tiles.py``, the separator in ``lexicon/graph.py``), and imported everywhere else."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "arbitre"

HOMES = {
    "SEPARATOR": "lexicon/graph.py",
    "RACK_SIZE": "scrabble/tiles.py",
    "BINGO_BONUS": "scrabble/tiles.py",
    "TILE_COUNTS": "scrabble/tiles.py",
    "TILE_VALUES": "scrabble/tiles.py",
    "LETTER_VALUES": "scrabble/tiles.py",
    "TILE_ORDER": "scrabble/tiles.py",
    "VOWELS": "scrabble/tiles.py",
    "ALL_LETTERS": "scrabble/tiles.py",
    "BLANK": "scrabble/tiles.py",
    "sort_tiles": "scrabble/tiles.py",
}


def definitions() -> dict[str, list[str]]:
    """Shared name -> files defining it at module level (assignment, function or class)."""
    found: dict[str, list[str]] = {name: [] for name in HOMES}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.parse(path.read_text("utf-8")).body:
            names: list[str] = []
            if isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            for name in names:
                # Private copies under another spelling count too (``_RACK_SIZE``).
                key = name.lstrip("_")
                if key in found:
                    found[key].append(path.relative_to(SRC).as_posix())
    return found


def test_each_shared_name_is_defined_once_in_its_home() -> None:
    assert definitions() == {name: [home] for name, home in HOMES.items()}
