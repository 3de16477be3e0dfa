"""A small pre-drawn game for the simultané tests (the word list of tests/app_duplicate)."""

from __future__ import annotations

from typing import Any

from arbitre.duplicate import record as game_record
from arbitre.duplicate.game import DuplicateGame
from arbitre.lexicon import Lexicon
from tests.app_duplicate.conftest import WORDS

#: The draws of :func:`predrawn`, which no sealed file may show before the start.
DRAWS = ("AIMNOSE", "RUTSEA")


def lexicon() -> Lexicon:
    return Lexicon.from_words(WORDS, name="mots-de-test")


def predrawn(lx: Lexicon | None = None) -> dict[str, Any]:
    """A two-move game as a pre-drawn record (``arbitre duplicate autoplay`` makes the same
    kind of record)."""
    source = DuplicateGame(lx or lexicon(), seed=None, random_draws=False)
    for draw in DRAWS:
        source.draw(draw)
        source.play()
    return game_record.as_predrawn(game_record.to_record(source))
