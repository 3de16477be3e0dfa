"""The warning slip (seed 004, 4.6, "bulletin d'avertissement") as printable HTML.

After each move the arbiter notifies every warning and nullity with its reason; only the
warnings for a score error on the retained word are not sent (4.6).

The slip is a printed document: :func:`slip_reasons` gives its reasons as messages
(``duplicate.slip.*``); :func:`slip_html` and :func:`slips_document` word it through the
catalogue (``arbitre.i18n``) in ``lang``, French by default.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from arbitre.common.messages import Message, Param
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import Player
from arbitre.i18n import DEFAULT_LANGUAGE, word
from arbitre.scrabble.move import Move

MESSAGE_CODES = frozenset(
    f"duplicate.slip.{name}"
    for name in (
        "title",
        "page_title",
        "none",
        "game",
        "game_move",
        "table",
        "player",
        "points",
        "reason",
        "nullity",
        "nullity_word",
        "warning",
        "warning_word",
        "disciplinary",
        "count",
        "count_value",
        "count_penalty",
        "signature",
    )
)
"""The headings and sentences of a warning slip (``duplicate.slip.*``)."""

_STYLE = """
@page { size: A6 landscape; margin: 8mm; }
body { font-family: sans-serif; font-size: 11pt; }
.slip { border: 1px solid #000; padding: 4mm; margin-bottom: 6mm; page-break-inside: avoid; }
.slip h1 { font-size: 13pt; margin: 0 0 2mm; }
.slip dt { font-weight: bold; float: left; width: 32mm; }
.slip dd { margin: 0 0 1mm 34mm; }
.slip .signature { margin-top: 6mm; border-top: 1px dotted #000; padding-top: 1mm; width: 60mm; }
"""


def _message(code: str, /, **params: Param) -> Message:
    return Message.of(f"duplicate.slip.{code}", **params)


def _text(text: str) -> str:
    """Text for an HTML element (``<``, ``>`` and ``&`` escaped; quotes kept)."""
    return escape(text, quote=False)


def must_notify(decision: Decision, top: Move | None = None) -> bool:
    """4.6: every sanction is notified, except a warning for a score error on the retained
    word (the top, ``top``)."""
    if decision.disciplinary_warning:
        return True
    if decision.sanction.kind is S.SanctionKind.NONE:
        return False
    if decision.sanction in (S.SCORE_WRONG, S.SCORE_MISSING):
        return top is None or decision.move is None or decision.move != top
    return True


def slip_reasons(decision: Decision) -> list[Message]:
    """The reasons a slip gives: the sanction with its article (and the refused word), then a
    disciplinary warning."""
    reasons = []
    sanction = decision.sanction
    if sanction.kind is not S.SanctionKind.NONE:
        kind = "nullity" if sanction.kind is S.SanctionKind.NULLITY else "warning"
        params: dict[str, Param] = {"sanction": sanction.label, "article": sanction.rule[4:]}
        if decision.invalid_word:
            reasons.append(_message(f"{kind}_word", word=decision.invalid_word, **params))
        else:
            reasons.append(_message(kind, **params))
    if decision.disciplinary_warning:
        reasons.append(_message("disciplinary", sanction=S.DISCIPLINARY_WARNING.label))
    return reasons


def slip_html(
    event_name: str,
    game: str,
    number: int,
    player: Player,
    decision: Decision,
    lang: str = DEFAULT_LANGUAGE,
    count: int | None = None,
    free_warnings: int = 3,
    penalty: int = 5,
) -> str:
    """One slip as an HTML fragment, worded in ``lang``. ``count`` is the player's running
    count of warnings in the game by this move (4.7: from the ``free_warnings + 1``-th on,
    each costs ``penalty`` points at the end of the game, and the slip says so); the slip
    ends with the arbiter's signature line (4.6: the arbiter notifies the decision)."""

    def say(code: str, /, **params: Param) -> str:
        return _text(word(_message(code, **params), lang))

    items = "".join(f"<li>{_text(word(r, lang))}</li>" for r in slip_reasons(decision))
    table = "" if player.table is None else str(player.table)
    return (
        '<section class="slip">'
        f"<h1>{say('title', event=event_name)}</h1>"
        "<dl>"
        f"<dt>{say('game')}</dt><dd>{say('game_move', game=game, number=number)}</dd>"
        f"<dt>{say('table')}</dt><dd>{escape(table)}</dd>"
        f"<dt>{say('player')}</dt><dd>{escape(player.full_name)} ({escape(player.licence)})</dd>"
        f"<dt>{say('points')}</dt><dd>{decision.score}</dd>"
        f"<dt>{say('reason')}</dt><dd><ul>{items}</ul></dd>"
        f"{_count_html(say, count, free_warnings, penalty)}"
        f'</dl><p class="signature">{say("signature")}</p></section>'
    )


def _count_html(say: Callable[..., str], count: int | None, free: int, penalty: int) -> str:
    """The running count of warnings (4.7), with the penalty it costs once past ``free``."""
    if count is None:
        return ""
    if count > free:
        value = say("count_penalty", count=count, points=penalty)
    else:
        value = say("count_value", count=count, first=free + 1, points=penalty)
    return f'<dt>{say("count")}</dt><dd class="warning-count">{value}</dd>'


def slips_document(event_name: str, slips: list[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """A complete printable page holding the slips."""
    body = "\n".join(slips) or f"<p>{_text(word(_message('none'), lang))}</p>"
    title = _text(word(_message("page_title", event=event_name), lang))
    return (
        f'<!DOCTYPE html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
        f"<title>{title}</title>"
        f"<style>{_STYLE}</style></head><body>{body}</body></html>"
    )
