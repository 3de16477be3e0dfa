"""Write ``docs/regulations.md``: each seed article, the engine code that implements it, and
the tests that prove it.

The map is read from the code itself, so it stays true:

- an engine function, class or module implements an article when its docstring cites it as
  ``seed 004, 4.3`` or ``004 4.3`` (also ``seed 002, A.1``, ``(001 5.3; 000 5.3)``);
- a test proves an article when it is named after it: ``test_004_4_3_...``,
  ``test_002_A1_...``, ``test_000_3_1_...`` (docs/contributing.md).

Usage::

    .venv/bin/python tools/regulations.py           # rewrite docs/regulations.md
    .venv/bin/python tools/regulations.py --check   # exit 1 when the file is not current
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("lexicon", "scrabble", "duplicate", "classic", "backgammon", "ranking")
OUTPUT = ROOT / "docs" / "regulations.md"
SEEDS = {
    "000": "Belgian federation: Classic Scrabble tournament formula and game regulation",
    "001": "French federation: Classic Scrabble game regulation",
    "002": "French federation: Duplicate ranking rules",
    "003": "French backgammon championship",
    "004": "Duplicate Scrabble regulation",
}
CITATION = re.compile(r"\b(?:seed )?(00[0-4]),? ((?:[0-9]+|[A-Z])(?:\.[0-9]+)+|[0-9]+(?![0-9.]))")
TEST_NAME = re.compile(r"^test_(\d{3})_((?:[0-9]+|[A-Z][0-9]*)(?:_(?:[0-9]+|[A-Z][0-9]*))*)(?:_|$)")

Article = tuple[str, ...]


def article_key(text: str) -> Article:
    """``4.3`` -> ``("4", "3")``; ``A.1`` and the test form ``A1`` -> ``("A", "1")``."""
    parts: list[str] = []
    for piece in re.split(r"[._]", text.strip(".")):
        parts += [p for p in re.split(r"(?<=[A-Z])(?=[0-9])", piece) if p]
    return tuple(parts)


def article_label(key: Article) -> str:
    out = ""
    for part in key:
        out += ("." if out else "") + part
    return out


def _sort_key(key: Article) -> tuple[tuple[int, int | str], ...]:
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in key)


def implementations() -> dict[tuple[str, Article], set[str]]:
    """``(seed, article) -> {"arbitre.duplicate.decision.judge", ...}`` from docstrings."""
    found: dict[tuple[str, Article], set[str]] = defaultdict(set)
    for engine in ENGINES:
        for path in sorted((ROOT / "src" / "arbitre" / engine).rglob("*.py")):
            module = ".".join(path.relative_to(ROOT / "src").with_suffix("").parts)
            module = module.removesuffix(".__init__")
            tree = ast.parse(path.read_text("utf-8"))
            nodes: list[tuple[str, ast.AST]] = [(module, tree)]
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    nodes.append((f"{module}.{node.name}", node))
                    for item in node.body:
                        if isinstance(item, ast.FunctionDef):
                            nodes.append((f"{module}.{node.name}.{item.name}", item))
            for node in tree.body:
                if isinstance(node, ast.FunctionDef):
                    nodes.append((f"{module}.{node.name}", node))
            for name, node in nodes:
                assert isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                doc = ast.get_docstring(node) or ""
                for seed, article in CITATION.findall(doc.replace("\n", " ")):
                    if seed in SEEDS:
                        found[(seed, article_key(article))].add(name)
    return found


def proofs() -> dict[tuple[str, Article], set[str]]:
    """``(seed, article) -> {"tests/x/test_y.py::test_004_4_3_...", ...}`` from test names."""
    found: dict[tuple[str, Article], set[str]] = defaultdict(set)
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                match = TEST_NAME.match(node.name)
                if match and match.group(1) in SEEDS:
                    where = f"{path.relative_to(ROOT).as_posix()}::{node.name}"
                    found[(match.group(1), article_key(match.group(2)))].add(where)
    return found


def render() -> str:
    code, tests = implementations(), proofs()
    lines = [
        "# The regulations, article by article",
        "",
        "Written by `tools/regulations.py` from the code (do not edit by hand): for each seed",
        "article, the engine code whose docstring cites it (`seed 004, 4.3`) and the tests named",
        "after it (`test_004_4_3_...`). An article with code and no test, or a test and no code,",
        "is a gap to fill. `tests/tools/test_regulations_map.py` checks the file is current.",
        "",
    ]
    for seed, title in SEEDS.items():
        keys = sorted({k for s, k in code.keys() | tests.keys() if s == seed}, key=_sort_key)
        lines += [f"## Seed {seed}: {title}", ""]
        if not keys:
            lines += ["No article cited yet.", ""]
            continue
        lines += ["| article | implemented in | proved by |", "| --- | --- | --- |"]
        for key in keys:
            impl = "<br>".join(f"`{n}`" for n in sorted(code.get((seed, key), ()))) or "—"
            proof = "<br>".join(f"`{t}`" for t in sorted(tests.get((seed, key), ()))) or "—"
            lines.append(f"| {article_label(key)} | {impl} | {proof} |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail when the file is not current")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_text("utf-8") != text:
            print(f"{OUTPUT.relative_to(ROOT)} is not current: run tools/regulations.py")
            return 1
        return 0
    OUTPUT.write_text(text, "utf-8")
    print(OUTPUT.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
