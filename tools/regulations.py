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
import unicodedata
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

#: The parts of a seed: its numbered rules (""), seed 003's clock rules ("clock", numbered
#: on their own: "003 clock 1.3" is not "003 1.3"), and the sections named by a title.
RULES, CLOCK, SECTION = "", "clock", "section"
PART_TITLES = {RULES: "Numbered articles", CLOCK: "Clock rules", SECTION: "Named sections"}


def _numbers(text: str) -> tuple[str, ...]:
    return tuple(text.split())


#: Every article of every seed, in the seed's order (the numbers and section titles as the
#: seeds print them; a number the seed skips is skipped here too). Seed 002's B.1.1 and
#: B.1.2 are the items "1)" and "2)" of B.1; seed 000's "Règlement" heads its numbered
#: articles.
ARTICLES: dict[str, dict[str, tuple[str, ...]]] = {
    "000": {
        SECTION: (
            "Préambule",
            "Nombre de matchs",
            "Classement initial",
            "Points de match",
            "Points de départage",
            "Classements intermédiaires",
            "Premier match",
            "Deuxième match",
            "Matches suivants",
            "Permutations",
            "Forfaits provisoires et abandons",
            "Classement final",
            "Temps alloué",
            "Règlement",
        ),
        RULES: _numbers(
            "1 2 2.1 2.2 2.3 2.4 2.5 2.6 3 3.1 3.2 3.2.1 3.2.2 3.3 4 4.1.1 4.1.2 4.1.3 4.2 4.3"
            " 5 5.1 5.2 5.3 5.4 6 6.1 6.3 6.4 7 7.1 7.1.1 7.1.2 7.1.3 7.1.4 7.2 7.3 8 8.1 8.2"
            " 8.3 9 9.1 9.2 9.3 9.4 9.5 9.6 9.7"
        ),
    },
    "001": {
        RULES: _numbers(
            "1 1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 2 2.1 2.1.1 2.1.2 2.2 2.2.1 2.2.2 2.3 2.3.1"
            " 2.3.2 2.4 2.4.1 2.4.2 3 3.1 3.2 3.3 3.4 3.5 3.6 4 4.1 4.1.1 4.1.2 4.1.3 4.1.4"
            " 4.1.5 4.1.6 4.1.7 4.2 4.2.1 4.2.2 4.3 4.3.1 4.3.2 4.3.3 4.3.4 4.3.5 4.3.6 5 5.1"
            " 5.2 5.3 5.4 5.4.1 5.4.2 5.4.3 6 6.1 6.2 6.2.2 6.2.3 6.2.4 6.3 6.3.1 6.3.2 6.4"
            " 6.4.1 6.4.2 6.4.3 7 7.1 7.2 7.3 7.3.1 7.3.2 8 8.1 8.2 9 9.1 9.2 9.3 10 10.1"
            " 10.1.1 10.1.2 10.1.3 10.2 10.3 10.4 10.5 10.6 10.7"
        ),
    },
    "002": {
        RULES: _numbers(
            "A A.1 A.2 A.2.1 A.2.2 A.2.3 A.2.4 A.3 A.3.1 A.3.2 A.4 A.5 B B.1 B.1.1 B.1.2 B.2"
            " B.3 B.3.1 B.3.2 B.3.3 B.3.4"
        ),
    },
    "003": {
        RULES: _numbers(
            "1 1.0 1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 1.9 1.10 1.11 1.12 1.13 1.14 2 2.1 2.2 2.3"
            " 2.4 2.5 3 3.1 3.2 3.3 3.4 3.5 3.6 3.7 3.8 3.9 3.10 3.11 3.12 3.13 3.14 3.15 3.16"
            " 3.17 3.18 3.19 4 4.1 4.2 4.3 4.4 4.5 4.6 4.7 4.8 5 5.1 5.3 5.4 5.5 5.6 5.7 5.8"
            " 5.9 5.10 5.11 5.12 5.13 5.14 5.15 6 6.1 6.2 6.3 6.4 6.5 6.6 6.7 6.8 6.9 6.10"
            " 6.11 6.12 7 7.1 7.2 7.3 7.4 7.5 7.6 8 8.1 8.2 8.3 8.4 8.5 8.6"
        ),
        CLOCK: _numbers(
            "1 1.1 1.2 1.3 1.4 1.5 1.6 2 2.1 2.2 2.3 3 3.1 3.2 3.3 3.4 3.5 3.6 3.7 3.8 3.9"
            " 3.10 3.11 3.12 3.13 3.14 4 4.1 4.2 4.3 4.4 4.5"
        ),
        SECTION: (
            "Préambule",
            "Organisation du CDF",
            "Qualifications",
            "Déroulement du premier tour",
            "Appariements",
            "Qualification pour les quarts de finales et départage",
            "Calcul du départage D",
            "Tableau final",
            "Consolation",
        ),
    },
    "004": {
        RULES: _numbers(
            "1 1.1 1.2 2 2.1 2.2 2.3 2.4 2.5 2.6 2.6.1 2.6.2 2.6.3 2.6.4 2.7 3 3.1 3.2 3.2.1"
            " 3.2.2 3.3 3.3.1 3.3.2 3.3.3 3.3.4 3.4 4 4.1 4.2 4.3 4.4 4.5 4.6 4.7 5 5.1 5.2 5.3"
        ),
    },
}

#: Other names a docstring or a test gives a named section (a sub-heading, a figure it
#: defines, the English word): ``seed 000 "Forfaits provisoires"``, ``test_003_exempt_...``.
ALIASES: dict[tuple[str, str], tuple[str, ...]] = {
    ("000", "Préambule"): ("preamble", "Match en 2 parties gagnantes", "final"),
    ("000", "Classement initial"): ("initial ranking",),
    ("000", "Points de départage"): ("PPM", "Pdep"),
    ("000", "Forfaits provisoires et abandons"): ("Forfaits",),
    ("003", "Appariements"): (
        "1ere ronde",
        "2ème ronde",
        "exempt",
        "floater",
        "two floaters",
        "odd group",
        "rematch",
        "exchange between",
    ),
    ("003", "Qualification pour les quarts de finales et départage"): (
        "qualification",
        "classement",
        "egalite",
        "barrage",
    ),
    ("003", "Calcul du départage D"): ("departage", "performance", "Buchholz"),
    ("003", "Préambule"): ("preamble",),
}

ART = r"(?:[0-9]+|[A-Z])(?:\.[0-9]+)+|[0-9]+(?![0-9.])"
DOTTED = r"(?:[0-9]+|[A-Z])(?:\.[0-9]+)+"
#: an article or a range of articles (``3.5-3.14``), then more after ", " or " and "
ITEMS = rf"(?:{DOTTED})(?:-(?:{DOTTED}))?(?:(?:, | and )(?:{DOTTED})(?:-(?:{DOTTED}))?)*"
CITATION = re.compile(
    rf"\b(?:seed )?(00[0-4]),? ((?!00[0-4]\b)(?:{ART})(?!-|\.?[0-9]| clock)(?:(?:, | and ){ITEMS})?|{ITEMS})"
    r"(?! clock)"
)
#: seed 003's clock rules: ``seed 003, clock rules 2.1``, ``clock rules 4.1-4.3``,
#: ``seed 003 clock 2.1``, ``seed 003, 3.5 clock`` (only seed 003 has clock rules)
CLOCK_CITATION = re.compile(
    rf"\b(?:(?:seed )?003,? [Cc]lock(?: rules?)? |[Cc]lock rules? )({ITEMS})"
    rf"|\b(?:seed )?003,? ({DOTTED}) clock\b"
)
SECTION_CITATION = re.compile(r'\b(?:seed )?(00[0-4]),? ((?:"[^"]+"(?:, | and )?)+)')
ALIAS_CITATION = re.compile(r"\b(?:seed )?(000),? (PPM|Pdep)\b")
TEST_NAME = re.compile(r"^test_(\d{3})_((?:[0-9]+|[A-Z][0-9]*)(?:_(?:[0-9]+|[A-Z][0-9]*))*)(?:_|$)")
CLOCK_TEST_NAME = re.compile(r"^test_(\d{3})_clock_([0-9]+(?:_[0-9]+)*)(?:_|$)")
WORDS_TEST_NAME = re.compile(r"^test_(\d{3})_([a-z0-9_]+)$")

Article = tuple[str, ...]
#: (seed, part, article): ``("003", "clock", ("1", "3"))``, ``("000", "section", ("Premier match",))``
Key = tuple[str, str, Article]


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


def key_label(key: Key) -> str:
    """``003 1.3``, ``003 clock 1.3``, ``000 "Premier match"``."""
    seed, part, article = key
    if part == SECTION:
        return f'{seed} "{article[0]}"'
    return f"{seed} {part + ' ' if part else ''}{article_label(article)}"


def _sort_key(key: Article) -> tuple[tuple[int, int | str], ...]:
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in key)


def _plain(text: str) -> str:
    """Lower case, no accents, words joined by ``_``: ``Deuxième match`` -> ``deuxieme_match``."""
    flat = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "_".join(re.findall(r"[a-z0-9]+", flat))


def known() -> set[Key]:
    """Every article of :data:`ARTICLES` as a key."""
    out: set[Key] = set()
    for seed, parts in ARTICLES.items():
        for part, articles in parts.items():
            for article in articles:
                out.add((seed, part, (article,) if part == SECTION else article_key(article)))
    return out


def _section_names(seed: str) -> list[tuple[str, str]]:
    """(plain name, title) of the seed's sections and their aliases, longest name first."""
    names = [
        (_plain(name), title)
        for title in ARTICLES[seed].get(SECTION, ())
        for name in (title, *ALIASES.get((seed, title), ()))
    ]
    return sorted(names, key=lambda item: -len(item[0]))


def section_of(seed: str, quoted: str) -> str | None:
    """The section a quotation names: its title, or one of its aliases, or their beginning
    (``"Forfaits provisoires"``, ``"Points de départage : Pdep"``)."""
    text = _plain(quoted)
    for name, title in _section_names(seed):
        if text == name or text.startswith(name + "_") or name.startswith(text + "_"):
            return title
    return None


def split_articles(seed: str, part: str, run: str) -> list[Article] | None:
    """A test's run of numbers as the seed's articles, longest first: ``2_1_3_5`` -> 2.1
    and 3.5 (clock rules); ``None`` when the run is not a sequence of articles."""
    pieces = list(article_key(run))
    articles = {k[2] for k in known() if k[0] == seed and k[1] == part}
    out: list[Article] = []
    i = 0
    while i < len(pieces):
        for j in range(len(pieces), i, -1):
            if tuple(pieces[i:j]) in articles:
                out.append(tuple(pieces[i:j]))
                i = j
                break
        else:
            return None
    return out


def _items(seed: str, part: str, run: str) -> set[Key]:
    """``2.1, 3.5-3.7 and 4.1`` -> 2.1, 3.5, 3.6, 3.7, 4.1 (a range in the seed's order)."""
    order = [article_key(a) for a in ARTICLES.get(seed, {}).get(part, ())]
    out: set[Article] = set()
    for item in re.split(r", | and ", run):
        first, _, last = item.partition("-")
        a, b = article_key(first), article_key(last or first)
        if a in order and b in order and order.index(a) <= order.index(b):
            out.update(order[order.index(a) : order.index(b) + 1])
        else:
            out |= {a, b}
    return {(seed, part, article) for article in out}


def citations(doc: str) -> set[Key]:
    """The articles a docstring cites."""
    text = doc.replace("\n", " ")
    found: set[Key] = set()
    for run, single in CLOCK_CITATION.findall(text):
        found |= _items("003", CLOCK, run or single)
    for seed, run in CITATION.findall(text):
        if seed in SEEDS:
            found |= _items(seed, RULES, run)
    for seed, run in SECTION_CITATION.findall(text):
        for quoted in re.findall(r'"([^"]+)"', run):
            title = section_of(seed, quoted) if seed in ARTICLES else None
            found.add((seed, SECTION, (title or quoted,)))
    for seed, alias in ALIAS_CITATION.findall(text):
        title = section_of(seed, alias)
        if title is not None:
            found.add((seed, SECTION, (title,)))
    return found


def test_articles(name: str) -> set[Key]:
    """The articles a test is named after: ``test_003_clock_3_5_...`` (clock rule 3.5),
    ``test_003_4_2_2_4_...`` (4.2 and 2.4), ``test_000_premier_match_...`` (a section)."""
    match = CLOCK_TEST_NAME.match(name)
    if match and match.group(1) in SEEDS:
        split = split_articles(match.group(1), CLOCK, match.group(2))
        if split is not None:
            return {(match.group(1), CLOCK, a) for a in split}
        return {(match.group(1), CLOCK, article_key(match.group(2)))}
    match = TEST_NAME.match(name)
    if match and match.group(1) in SEEDS:
        split = split_articles(match.group(1), RULES, match.group(2))
        if split is not None:
            return {(match.group(1), RULES, a) for a in split}
        return {(match.group(1), RULES, article_key(match.group(2)))}
    match = WORDS_TEST_NAME.match(name)
    if match and match.group(1) in ARTICLES:
        words = match.group(2) + "_"
        for plain, title in _section_names(match.group(1)):
            if words.startswith(plain + "_"):
                return {(match.group(1), SECTION, (title,))}
    return set()


def implementations() -> dict[Key, set[str]]:
    """``key -> {"arbitre.duplicate.decision.judge", ...}`` from docstrings."""
    found: dict[Key, set[str]] = defaultdict(set)
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
                for key in citations(ast.get_docstring(node) or ""):
                    found[key].add(name)
    return found


def proofs() -> dict[Key, set[str]]:
    """``key -> {"tests/x/test_y.py::test_004_4_3_...", ...}`` from test names."""
    found: dict[Key, set[str]] = defaultdict(set)
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                for key in test_articles(node.name):
                    found[key].add(f"{path.relative_to(ROOT).as_posix()}::{node.name}")
    return found


def status(has_code: bool, has_test: bool) -> str:
    if has_code and has_test:
        return "code and test"
    if has_code:
        return "code, no test"
    if has_test:
        return "test, no code"
    return "not cited"


def _cell(names: set[str] | None) -> str:
    return "<br>".join(f"`{n}`" for n in sorted(names or ())) or "—"


def render() -> str:
    code, tests = implementations(), proofs()
    articles = known()
    lines = [
        "# The regulations, article by article",
        "",
        "Written by `tools/regulations.py` from the code (do not edit by hand): every article",
        "of every seed, with the engine code whose docstring cites it (`seed 004, 4.3`,",
        '`seed 003, clock rules 1.3`, `seed 000 "Premier match"`) and the tests named after it',
        "(`test_004_4_3_...`, `test_003_clock_1_3_...`, `test_000_premier_match_...`). Each",
        'seed\'s parts have their own keys: "003 clock 1.3" (the clock rules) is not "003 1.3".',
        'Status: "code and test"; "code, no test" and "test, no code" are gaps to fill; "not',
        'cited" is an article no code claims (often one no software applies: a room, a',
        "spectator). `tests/tools/test_regulations_map.py` checks the file is current.",
        "",
    ]
    for seed, title in SEEDS.items():
        lines += [f"## Seed {seed}: {title}", ""]
        mine = sorted(k for k in articles if k[0] == seed)
        counts: dict[str, int] = defaultdict(int)
        for key in mine:
            counts[status(key in code, key in tests)] += 1
        lines += [
            f"{len(mine)} articles: "
            + ", ".join(
                f"{counts[s]} {s}"
                for s in ("code and test", "code, no test", "test, no code", "not cited")
            )
            + ".",
            "",
        ]
        for part, names in ARTICLES[seed].items():
            lines += [f"### {PART_TITLES[part]}", ""]
            lines += [
                "| article | status | implemented in | proved by |",
                "| --- | --- | --- | --- |",
            ]
            for name in names:
                key = (seed, part, (name,) if part == SECTION else article_key(name))
                lines.append(
                    f"| {key_label(key)} | {status(key in code, key in tests)} "
                    f"| {_cell(code.get(key))} | {_cell(tests.get(key))} |"
                )
            lines.append("")
        strays = sorted(k for k in code.keys() | tests.keys() if k[0] == seed and k not in articles)
        if strays:
            lines += [
                "### Citations matching no article of the seed",
                "",
                "| cited as | in code | in tests |",
                "| --- | --- | --- |",
            ]
            for key in strays:
                lines.append(
                    f"| {key_label(key)} | {_cell(code.get(key))} | {_cell(tests.get(key))} |"
                )
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
