"""The game sheet of a Duplicate game: one line per move (text).

A printed document: its headings and sentences are messages (``duplicate.sheet.*``, and the
ends of a game ``duplicate.game.end.*``), worded through the catalogue (``arbitre.i18n``) in
``lang``, French by default.
"""

from __future__ import annotations

from arbitre.common.messages import Message, Param
from arbitre.duplicate.game import OUTCOMES, Attempt, DuplicateGame, end_label
from arbitre.i18n import DEFAULT_LANGUAGE, word

COLUMNS = ("number", "draw", "coordinate", "word", "score", "total")
MESSAGE_CODES = frozenset(
    f"duplicate.sheet.{name}"
    for name in (
        *(f"column.{column}" for column in COLUMNS),
        *(f"outcome.{outcome}" for outcome in OUTCOMES),
        "end",
        "left",
        "equal_tops",
        "seed",
    )
)
"""The headings and sentences of the game sheet (``duplicate.sheet.*``)."""


def sheet_message(code: str, /, **params: Param) -> Message:
    """The message ``duplicate.sheet.<code>``."""
    return Message.of(f"duplicate.sheet.{code}", **params)


def game_sheet(game: DuplicateGame, lang: str = DEFAULT_LANGUAGE) -> str:
    """The game sheet: move, draw, coordinate, word, score, total; rejects on their own line."""

    def say(code: str, /, **params: Param) -> str:
        return word(sheet_message(code, **params), lang)

    def attempt_line(a: Attempt) -> str:
        text = f"      {say(f'outcome.{a.outcome}'):<11} {_draw_text(a.leave, a.drawn)}"
        if a.move is not None:
            text += f"  ({a.move} {a.score})"
        return text

    number, draw, coordinate, letters, score, total = (say(f"column.{c}") for c in COLUMNS)
    lines = [f"{number:>3}  {draw:<16} {coordinate:<5} {letters:<15} {score:>5} {total:>6}"]
    for e in game.moves:
        lines.extend(attempt_line(a) for a in e.attempts)
        played = e.move.word + (" *" if len(e.equal_tops) > 1 else "")
        lines.append(
            f"{e.number:>3}  {_draw_text(e.leave, e.drawn):<16} {e.move.coordinate:<5} "
            f"{played:<15} {e.score:>5} {e.total:>6}"
        )
    lines.extend(attempt_line(a) for a in game.attempts)
    if game.over:
        left = game.pool()
        reason = end_label(game.end_reason or "no_move")
        rest = sheet_message("left", letters=left) if left else None
        lines.append(say("end", reason=reason, left=rest, total=game.total))
    if any(len(e.equal_tops) > 1 for e in game.moves):
        lines.append(say("equal_tops"))
    return "\n".join(lines)


def _draw_text(leave: str, drawn: str) -> str:
    return f"{leave}+{drawn}" if leave else drawn
