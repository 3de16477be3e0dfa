"""The rows of the printed game sheet (issue 35): every move with, before it, the draws that
led to no move: rejected (seed 004, 2.2), no positive score (5.2, first paragraph) or
annulled by the chief arbiter (5.2, second paragraph, with the annulled top and its score),
as the engine's own sheet (:mod:`arbitre.duplicate.sheet`) lists them; an appeal (5.3)
needs them."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import ngettext

from arbitre.app.duplicate.services import language
from arbitre.duplicate.game import Attempt, DuplicateGame
from arbitre.duplicate.sheet import sheet_message
from arbitre.i18n import word

#: the engine's reason for a draw under the minimum (2.2): ``fewer than 2 vowel(s) and 2
#: consonant(s)`` (:class:`arbitre.duplicate.draws.Minimum`, the same count of each), or
#: ``fewer than 2`` in records written before
_FEWER = re.compile(r"fewer than (\d+)(?: vowel\(s\) and \1 consonant\(s\))?")
_ENGINE_REASONS = ("no positive score", "annulled")


def reason_shown(attempt: Attempt) -> str:
    """The reason of an attempt as the sheet prints it: the engine's own (2.2, 5.2) worded,
    the chief arbiter's typed reason as typed."""
    found = _FEWER.fullmatch(attempt.reason)
    if found:
        count = int(found.group(1))
        return ngettext(
            "moins de %(count)s voyelle ou de %(count)s consonne (2.2)",
            "moins de %(count)s voyelles ou de %(count)s consonnes (2.2)",
            count,
        ) % {"count": count}
    if attempt.reason in _ENGINE_REASONS:
        return ""
    return attempt.reason


def _attempt_row(attempt: Attempt, lang: str) -> dict[str, Any]:
    return {
        "kind": "attempt",
        "outcome": attempt.outcome,
        "label": word(sheet_message(f"outcome.{attempt.outcome}"), lang),
        "draw": f"{attempt.leave}+{attempt.drawn}" if attempt.leave else attempt.drawn,
        "reason": reason_shown(attempt),
        "coordinate": attempt.move.coordinate if attempt.move is not None else "",
        "word": attempt.move.word if attempt.move is not None else "",
        "score": attempt.score if attempt.move is not None else None,
    }


def sheet_rows(engine: DuplicateGame) -> list[dict[str, Any]]:
    """The sheet's rows in the game's order: for each move, its attempts then the move;
    at the end the attempts of the move being drawn."""
    lang = language()
    rows: list[dict[str, Any]] = []
    for e in engine.moves:
        rows.extend(_attempt_row(a, lang) for a in e.attempts)
        rows.append(
            {
                "kind": "move",
                "number": e.number,
                "draw": f"{e.leave}+{e.drawn}" if e.leave else e.drawn,
                "coordinate": e.move.coordinate,
                "word": e.move.word,
                "score": e.score,
                "total": e.total,
            }
        )
    rows.extend(_attempt_row(a, lang) for a in engine.attempts)
    return rows
