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


def test_seed_003_clock_rules_have_their_own_keys() -> None:
    """Seed 003's clock rules are numbered on their own: clock rule 3.5 (the opening roll
    starts the clock) is not rule 3.5 (mobile phones)."""
    clock, rules = tool.CLOCK, tool.RULES
    assert tool.test_articles("test_003_clock_3_5_higher_die_plays") == {("003", clock, ("3", "5"))}
    assert tool.test_articles("test_003_3_5_phones") == {("003", rules, ("3", "5"))}
    assert tool.test_articles("test_003_clock_2_1_3_5_presses_stored") == {
        ("003", clock, ("2", "1")),
        ("003", clock, ("3", "5")),
    }
    assert tool.citations("(seed 003, clock rules 2.1, 3.5-3.7; rulings.md 6)") == {
        ("003", clock, ("2", "1")),
        ("003", clock, ("3", "5")),
        ("003", clock, ("3", "6")),
        ("003", clock, ("3", "7")),
    }
    assert tool.citations("Each player rolls one die (seed 003, 3.5 clock).") == {
        ("003", clock, ("3", "5"))
    }
    assert tool.citations("Lateness (seed 003, 1.8 and 1.10; clock rules 1.3).") == {
        ("003", rules, ("1", "8")),
        ("003", rules, ("1", "10")),
        ("003", clock, ("1", "3")),
    }
    assert tool.key_label(("003", clock, ("1", "3"))) == "003 clock 1.3"
    assert tool.key_label(("003", rules, ("1", "3"))) == "003 1.3"


def test_a_run_of_numbers_names_several_articles() -> None:
    """``test_003_4_2_2_4_1_13_...`` pins 4.2, 2.4 and 1.13: the longest article first."""
    assert tool.test_articles("test_003_4_2_2_4_1_13_a_bracket_match") == {
        ("003", tool.RULES, ("4", "2")),
        ("003", tool.RULES, ("2", "4")),
        ("003", tool.RULES, ("1", "13")),
    }
    assert tool.test_articles("test_004_3_3_4_blanks") == {("004", tool.RULES, ("3", "3", "4"))}
    assert tool.citations("Classic Scrabble (seeds 000, 001): the game") == set()
    assert tool.citations("(seed 001, 10.1.3, 10.2, 10.3; seed 000, 9.2, 9.3)") == {
        ("001", tool.RULES, ("10", "1", "3")),
        ("001", tool.RULES, ("10", "2")),
        ("001", tool.RULES, ("10", "3")),
        ("000", tool.RULES, ("9", "2")),
        ("000", tool.RULES, ("9", "3")),
    }


def test_named_sections_of_seeds_000_and_003() -> None:
    """Seed 000's formula and seed 003's organisation are sections with a title."""
    section = tool.SECTION
    assert tool.citations('(seed 000 "Forfaits provisoires"; rulings Classic 3)') == {
        ("000", section, ("Forfaits provisoires et abandons",))
    }
    assert tool.citations('seed 000 "Premier match", "Deuxième match"') == {
        ("000", section, ("Premier match",)),
        ("000", section, ("Deuxième match",)),
    }
    assert tool.test_articles("test_000_premier_match_group_sizes") == {
        ("000", section, ("Premier match",))
    }
    assert tool.test_articles("test_000_pdep_of_a_loss") == {
        ("000", section, ("Points de départage",))
    }
    assert tool.test_articles("test_003_appariements_round_1") == {
        ("003", section, ("Appariements",))
    }
    assert tool.test_articles("test_003_tiebreak") == set()


def test_every_article_of_every_seed_is_listed_with_its_status() -> None:
    text = tool.render()
    rows = {line.split(" | ")[0].removeprefix("| "): line for line in text.splitlines()}
    for seed, part, article in tool.known():
        label = tool.key_label((seed, part, article))
        assert label in rows, label
    assert "test_003_clock_3_5_" in rows["003 clock 3.5"]
    assert "| code and test |" in rows["003 clock 3.5"]
    assert "test_003_clock_3_5_" not in rows["003 3.5"]
    assert "| not cited |" in rows["003 1.5"]
    assert "test_000_premier_match_" in rows['000 "Premier match"']
