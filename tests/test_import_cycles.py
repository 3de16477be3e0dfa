"""No import cycle anywhere in ``src/arbitre``, and the engines keep their layering.

The import graph is read from the source (AST), so imports inside functions count, and so
does ``importlib.import_module("arbitre....")`` with a literal name. A package's own
``__init__`` is not an edge of its submodules (Python runs it first whatever they import).
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "arbitre"


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted((SRC / ROOT).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The longest module of ``src/arbitre`` that ``name`` names or lies in."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def import_graph() -> dict[str, set[str]]:
    """Module -> modules of ``src/arbitre`` it imports (anywhere in its body)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        is_package = path.name == "__init__.py"
        package = module if is_package else module.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")
                    parent = parent[: len(parent) - node.level + 1]
                    base = ".".join(parent + ([base] if base else []))
                # ``from pkg import sub`` imports the submodule ``pkg.sub`` when there is one.
                names = [f"{base}.{alias.name}" for alias in node.names] or [base]
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "import_module"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                names = [node.args[0].value]
            for name in names:
                if name.split(".")[0] != ROOT:
                    continue
                target = _resolve(name, modules)
                # The package's own __init__ (a submodule importing from its package) is
                # run before the submodule anyway.
                if target is not None and target != module and not module.startswith(target + "."):
                    targets.add(target)
        graph[module] = targets
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected component of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_one_cycle(graph, set(c)) for c in components]


def _one_cycle(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A cycle through the first module of a strongly connected component."""
    start = min(component)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & component):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return sorted(component)  # pragma: no cover - a component always has a cycle


def test_the_import_graph_is_read() -> None:
    graph = import_graph()
    assert "arbitre.scrabble.tiles" in graph["arbitre.scrabble.board"]
    assert "arbitre.lexicon.graph" in graph["arbitre.lexicon.lexicon"]


def test_cycle_finder_reports_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycles(graph) == [["a", "b", "c", "a"]]


def test_no_import_cycle_in_src() -> None:
    cycles = find_cycles(import_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


#: Engines and the engines each may import (issue 17; spec/architecture.md).
LAYERS = {
    "lexicon": set(),
    "scrabble": {"lexicon"},
    "duplicate": {"lexicon", "scrabble"},
    "classic": {"lexicon", "scrabble"},
    "backgammon": set(),
    "ranking": set(),
}


def test_engines_import_only_lower_layers() -> None:
    wrong = []
    for module, targets in import_graph().items():
        parts = module.split(".")
        if len(parts) < 2 or parts[1] not in LAYERS:
            continue
        allowed = LAYERS[parts[1]] | {parts[1]}
        for target in sorted(targets):
            layer = target.split(".")[1] if target.count(".") else ""
            if layer in {"app", "cli"} or (layer in LAYERS and layer not in allowed):
                wrong.append(f"{module} -> {target}")
    assert not wrong, "\n".join(wrong)
