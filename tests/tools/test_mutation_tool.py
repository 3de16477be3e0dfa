"""The mutation-testing harness (tools/mutation.py): what it leaves out of the score."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("mutation_tool", ROOT / "tools" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutation_tool"] = module
    spec.loader.exec_module(module)
    return module


tool = load_tool()

SOURCE = """def check(n):
    if n < 1:
        raise ValueError(
            "round must be positive"
        )
    label = "S1"
    return label
"""


def diff(line: int, old: str, new: str) -> str:
    return f"--- a.py\n+++ a.py\n@@ -{line},1 +{line},1 @@\n-{old}\n+{new}\n"


def test_message_text_inside_a_raise_is_wording() -> None:
    d = diff(4, '            "round must be positive"', '            "XXround must be positiveXX"')
    assert tool.is_wording(d, SOURCE)


def test_wording_is_found_whatever_the_hunk_numbers() -> None:
    """mutmut numbers hunks from the start of the mutated function, not of the file."""
    d = diff(1, '        "round must be positive"', '        "ROUND MUST BE POSITIVE"')
    assert tool.is_wording(d, SOURCE)


def test_an_expression_inside_an_f_string_is_not_wording() -> None:
    source = 'def f(xs):\n    raise ValueError(f"bad {xs[0]}")\n'
    d = diff(2, '    raise ValueError(f"bad {xs[0]}")', '    raise ValueError(f"bad {xs[1]}")')
    assert not tool.is_wording(d, source)


def test_a_message_replaced_by_none_is_wording() -> None:
    d = diff(4, '            "round must be positive"', "            None")
    assert tool.is_wording(d, SOURCE)


def test_a_result_string_is_not_wording() -> None:
    assert not tool.is_wording(diff(6, '    label = "S1"', '    label = "XXS1XX"'), SOURCE)


def test_a_condition_is_not_wording() -> None:
    assert not tool.is_wording(diff(2, "    if n < 1:", "    if n <= 1:"), SOURCE)


def test_a_dropped_message_is_not_wording() -> None:
    """Removing the argument changes more than a string token: it is counted."""
    d = diff(3, "        raise ValueError(", "        raise ValueError()")
    assert not tool.is_wording(d, SOURCE)


def test_every_configured_module_exists_and_has_an_equivalents_section() -> None:
    text = (ROOT / "mutation-equivalents.txt").read_text("utf-8")
    for module in tool.rule_modules():
        assert (ROOT / "src" / "arbitre" / Path(*module.split("."))).with_suffix(".py").exists()
        assert f"# == {module}\n" in text and f"# == end {module}\n" in text


def test_equivalents_name_real_mutants_of_their_section() -> None:
    """Each listed mutant belongs to the module of its section and has a reason."""
    section = None
    for line in (ROOT / "mutation-equivalents.txt").read_text("utf-8").splitlines():
        if line.startswith("# == end "):
            section = None
        elif line.startswith("# == "):
            section = line[5:]
        elif line and not line.startswith("#"):
            name, _, reason = line.partition(" ")
            assert section is not None, f"{name} is outside any module section"
            assert name.startswith(f"arbitre.{section}.x"), f"{name} listed under {section}"
            assert reason.strip(), f"{name} has no reason"
    assert tool.read_equivalents() is not None


def test_unknown_module_is_refused() -> None:
    with pytest.raises(SystemExit, match="unknown module"):
        tool.select(["ranking.nothing"])
    assert tool.select(["ranking"]) == [
        "ranking.events",
        "ranking.season",
        "ranking.classification",
        "ranking.titles",
    ]
