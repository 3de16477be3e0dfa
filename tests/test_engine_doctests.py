"""The examples in the engines' docstrings run (``doctest``)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "arbitre.common",
    "arbitre.i18n",
    "arbitre.duplicate",
    "arbitre.classic",
    "arbitre.backgammon",
    "arbitre.ranking",
    "arbitre.lexicon",
    "arbitre.lexicon.build",
    "arbitre.scrabble",
    "arbitre.scrabble.tiles",
    "arbitre.duplicate.selfplay",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
