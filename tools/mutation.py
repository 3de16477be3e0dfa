"""Mutation testing of the rule engines (issue 24): run mutmut on some modules, print the score.

Usage (from the repository root, after ``./test.sh`` has made ``.venv``)::

    .venv/bin/python tools/mutation.py ranking.classification     # one module
    .venv/bin/python tools/mutation.py ranking                      # every rule module of an engine
    .venv/bin/python tools/mutation.py all                          # every rule module
    .venv/bin/python tools/mutation.py --report ranking             # last results, no new run
    .venv/bin/python tools/mutation.py --survivors ranking          # diffs of the faults not caught
    .venv/bin/python tools/mutation.py --full ranking               # re-run every mutant

A run re-tests only the mutants not caught yet (and new ones); ``--full`` re-tests them all.

The modules under test and the tests that may kill a mutant are set in ``[tool.mutmut]`` of
``pyproject.toml``. Three kinds of mutant are not counted in the score:

- equivalent mutants, listed with a one-line reason in ``mutation-equivalents.txt`` (they cannot
  change any result, whatever the input);
- wording mutants that survive: the fault only changes the text of an exception message (a
  plain string literal inside a ``raise`` statement, changed or replaced by ``None``). The
  refusal itself, its exception type and when it happens, is a result and stays counted; a
  wording mutant that a test catches counts as caught.

Score = caught / (all - equivalent - wording), where caught counts killed mutants, time-outs
(an infinite loop is caught) and mutants refused by the type checker.
"""

from __future__ import annotations

import argparse
import ast
import functools
import io
import json
import os
import subprocess
import sys
import tokenize
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "mutation-equivalents.txt"
MUTANTS = ROOT / "mutants"
CAUGHT = {1, 3, 36, 37, -24, 24, 152, 255, -9, -11}
"""mutmut's exit codes of a caught mutant: a failing test, a time-out, the type checker, or
a test process killed (an endless loop that ate the memory)."""
SURVIVED = {0, 5, 33}


def rule_modules() -> list[str]:
    """The dotted names (``ranking.classification``) of the modules configured for mutation."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mutmut"]
    names = []
    for path in config["only_mutate"]:
        rel = Path(path).relative_to("src/arbitre").with_suffix("")
        names.append(".".join(rel.parts))
    return names


def select(args: list[str]) -> list[str]:
    """Expand ``all`` and engine prefixes (``ranking``) into module names; refuse unknown ones."""
    known = rule_modules()
    if not args or args == ["all"]:
        return known
    chosen: list[str] = []
    for arg in args:
        matches = [m for m in known if m == arg or m.startswith(arg + ".")]
        if not matches:
            raise SystemExit(f"unknown module {arg!r}; configured: {', '.join(known)}")
        chosen += [m for m in matches if m not in chosen]
    return chosen


def read_equivalents() -> dict[str, str]:
    """``mutant name -> reason`` from the equivalents file (``#`` starts a comment line)."""
    out: dict[str, str] = {}
    if not EQUIVALENTS.exists():
        return out
    for number, line in enumerate(EQUIVALENTS.read_text("utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, reason = line.partition(" ")
        if not reason.strip():
            raise SystemExit(f"{EQUIVALENTS.name}:{number}: {name} has no reason")
        out[name] = reason.strip()
    return out


@functools.cache
def raise_lines(source: str) -> frozenset[int]:
    """Line numbers covered by ``raise`` statements of ``source``."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and node.end_lineno is not None:
            lines.update(range(node.lineno, node.end_lineno + 1))
    return frozenset(lines)


def _tokens(text: str) -> list[tuple[int, str]]:
    try:
        return [
            (t.type, t.string)
            for t in tokenize.generate_tokens(io.StringIO(text.strip() + "\n").readline)
            if t.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER)
        ]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return []


def is_wording(diff: str, source: str) -> bool:
    """True when the mutant only changes string literals of a line that, wherever it stands in
    ``source``, belongs to a ``raise`` statement.

    mutmut shows the mutated function alone (hunks numbered from its start, methods
    dedented), so the line is found by its text: every line of ``source`` equal to it, but
    for indentation, must lie inside a ``raise``.
    """
    removed = [
        line[1:]
        for line in diff.splitlines()
        if line.startswith("-") and not line.startswith("---")
    ]
    added = [
        line[1:]
        for line in diff.splitlines()
        if line.startswith("+") and not line.startswith("+++")
    ]
    if len(removed) != 1 or len(added) != 1:
        return False
    raises = raise_lines(source)
    places = [
        number
        for number, line in enumerate(source.splitlines(), start=1)
        if line.strip() == removed[0].strip()
    ]
    if not places or not all(number in raises for number in places):
        return False
    before, after = _tokens(removed[0]), _tokens(added[0])
    if not before or len(before) != len(after):
        return False
    changed = [(b, a) for b, a in zip(before, after, strict=True) if b != a]
    return bool(changed) and all(
        b[0] == tokenize.STRING
        and not _formatted(b[1])
        and (a[0] == tokenize.STRING or a == (tokenize.NAME, "None"))
        for b, a in changed
    )


def _formatted(literal: str) -> bool:
    """True for an f-string: a change inside it may change an expression, not only text."""
    prefix = literal[: min(i for i in (literal.find('"'), literal.find("'")) if i >= 0)]
    return "f" in prefix.lower()


@dataclass
class Tally:
    module: str
    path: Path
    caught: int = 0
    survived: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    equivalent: int = 0
    wording: int = 0
    unchecked: int = 0

    @property
    def counted(self) -> int:
        return self.caught + len(self.survived)

    @property
    def score(self) -> float | None:
        return 100.0 * self.caught / self.counted if self.counted else None


def mutmut_diff(name: str, path: Path) -> str:
    """The unified diff of one mutant against the original source (mutmut's own rendering)."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        return f"# {name}\n" + get_diff_for_mutant(name, path=path)
    finally:
        os.chdir(cwd)


def tally(module: str, equivalents: dict[str, str]) -> Tally:
    rel = Path("src/arbitre", *module.split("."))
    meta = MUTANTS / rel.with_suffix(".py.meta")
    result = Tally(module, rel.with_suffix(".py"))
    if not meta.exists():
        return result
    codes = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
    source = (ROOT / rel.with_suffix(".py")).read_text("utf-8")
    for name, code in sorted(codes.items()):
        if name in equivalents and code in CAUGHT:
            result.stale.append(name)  # a test catches it: the line names another mutant now
            result.caught += 1
        elif name in equivalents:
            result.equivalent += 1
        elif code in CAUGHT:
            result.caught += 1
        elif code is None:
            result.unchecked += 1
        elif code in SURVIVED and is_wording(mutmut_diff(name, result.path), source):
            result.wording += 1
        else:
            result.survived.append(name)
    return result


def _codes(module: str) -> dict[str, int | None] | None:
    meta = MUTANTS / Path("src/arbitre", *module.split(".")).with_suffix(".py.meta")
    if not meta.exists():
        return None
    codes: dict[str, int | None] = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
    return codes


def _mutmut(names: list[str]) -> None:
    (Path.home() / ".gnubg").mkdir(exist_ok=True)  # gnubg's own mkdir races under parallel runs
    env = dict(os.environ, PYTHONHASHSEED="0")
    mutmut = str(Path(sys.executable).parent / "mutmut")
    code = subprocess.call([mutmut, "run", *names], cwd=ROOT, env=env)
    if code != 0:
        raise SystemExit(f"mutmut run failed (exit {code})")


def _to_retry(module: str, retry: set[int | None], equivalents: dict[str, str]) -> list[str]:
    """The mutants of ``module`` to run again: not caught yet, neither listed as equivalent
    nor wording (those are set aside until a ``--full`` run)."""
    path = Path("src/arbitre", *module.split(".")).with_suffix(".py")
    source = (ROOT / path).read_text("utf-8")
    out = []
    for name, code in (_codes(module) or {}).items():
        if code not in retry or name in equivalents:
            continue
        if code is not None and is_wording(mutmut_diff(name, path), source):
            continue
        out.append(name)
    return out


def run_mutmut(modules: list[str], full: bool) -> None:
    """Run mutmut on ``modules``: every mutant with ``full`` or on a first run, otherwise only
    the mutants not caught yet and those new since the last run (a changed function gets new
    mutants). A test removed or weakened is only seen by a ``full`` run."""
    first = [m for m in modules if full or _codes(m) is None]
    if first:
        _mutmut([f"arbitre.{m}.*" for m in first])
    retry = SURVIVED | {None}
    equivalents = read_equivalents()
    for _ in range(2):  # the second pass takes the mutants generated by the first (changed code)
        names = sorted(
            name for m in modules if m not in first for name in _to_retry(m, retry, equivalents)
        )
        if not names:
            return
        _mutmut(names)
        first, retry = [], {None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "modules", nargs="*", help="module (ranking.season), engine (ranking) or all"
    )
    parser.add_argument("--report", action="store_true", help="read the last results, run nothing")
    parser.add_argument(
        "--full", action="store_true", help="re-run every mutant, not only those not caught yet"
    )
    parser.add_argument("--survivors", action="store_true", help="print each survivor's diff")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    modules = select(args.modules)
    if not args.report:
        run_mutmut(modules, args.full)
    equivalents = read_equivalents()
    tallies = [tally(m, equivalents) for m in modules]
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "module": t.module,
                        "caught": t.caught,
                        "survived": len(t.survived),
                        "equivalent": t.equivalent,
                        "wording": t.wording,
                        "unchecked": t.unchecked,
                        "score": None if t.score is None else round(t.score, 1),
                    }
                    for t in tallies
                ],
                indent=2,
            )
        )
    else:
        print(f"{'module':42} {'caught':>7} {'missed':>7} {'equiv':>6} {'wording':>8} {'score':>7}")
        for t in tallies:
            note = f"  ({t.unchecked} not run)" if t.unchecked else ""
            score = "-" if t.score is None else f"{t.score:.1f}%"
            print(
                f"{t.module:42} {t.caught:7} {len(t.survived):7} {t.equivalent:6} "
                f"{t.wording:8} {score:>7}{note}"
            )
    for t in tallies:
        for name in t.stale:
            print(f"stale line in {EQUIVALENTS.name}: {name} is caught by a test", file=sys.stderr)
    if args.survivors:
        for t in tallies:
            for name in t.survived:
                print(mutmut_diff(name, t.path))
    return 0 if all(t.score is not None and t.score >= 95.0 for t in tallies) else 1


if __name__ == "__main__":
    sys.exit(main())
