"""The arbiter's view of each move of a recorded game: board before the move, draw, top.

:func:`turns_of` lives in :mod:`arbitre.duplicate.game` (``DuplicateGame.turns()`` and
``DuplicateGame.judge()`` use it); this module keeps its older import path.
"""

from __future__ import annotations

from arbitre.duplicate.game import turns_of

__all__ = ["turns_of"]
