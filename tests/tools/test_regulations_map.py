"""docs/regulations.md is generated from the code by tools/regulations.py and kept current."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "regulations_tool", ROOT / "tools" / "regulations.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["regulations_tool"] = module
    spec.loader.exec_module(module)
    return module


tool = load_tool()


def test_article_names_of_docstrings_and_tests_meet() -> None:
    assert tool.article_key("4.3") == tool.article_key("4_3") == ("4", "3")
    assert tool.article_key("A.1") == tool.article_key("A1") == ("A", "1")
    assert tool.article_key("A.2.4") == tool.article_key("A2_4") == ("A", "2", "4")
    assert tool.TEST_NAME.match("test_002_A1_s1_for_life").group(2) == "A1"
    assert tool.TEST_NAME.match("test_004_3_3_4_blanks").group(2) == "3_3_4"
    assert tool.TEST_NAME.match("test_003_tiebreak") is None


def test_the_committed_map_is_current() -> None:
    """After changing a cited docstring or an article-named test: run tools/regulations.py."""
    assert tool.main(["--check"]) == 0
