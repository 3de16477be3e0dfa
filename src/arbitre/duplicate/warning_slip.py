"""The warning slip (seed 004, 4.6, "bulletin d'avertissement") as printable HTML.

After each move the arbiter notifies every warning and nullity with its reason; only the
warnings for a score error on the retained word are not sent (4.6).
"""

from __future__ import annotations

from html import escape

from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import Player
from arbitre.scrabble.move import Move

_STYLE = """
@page { size: A6 landscape; margin: 8mm; }
body { font-family: sans-serif; font-size: 11pt; }
.slip { border: 1px solid #000; padding: 4mm; margin-bottom: 6mm; page-break-inside: avoid; }
.slip h1 { font-size: 13pt; margin: 0 0 2mm; }
.slip dt { font-weight: bold; float: left; width: 32mm; }
.slip dd { margin: 0 0 1mm 34mm; }
"""


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


def slip_html(event_name: str, game: str, number: int, player: Player, decision: Decision) -> str:
    """One slip as an HTML fragment."""
    reasons = []
    if decision.sanction.kind is not S.SanctionKind.NONE:
        kind = (
            "Nullité (zéro)"
            if decision.sanction.kind is S.SanctionKind.NULLITY
            else "Avertissement"
        )
        word = f" : {decision.invalid_word}" if decision.invalid_word else ""
        reasons.append(
            f"{kind} : {decision.sanction.label}{word} (article {decision.sanction.rule[4:]})"
        )
    if decision.disciplinary_warning:
        reasons.append(f"Avertissement : {S.DISCIPLINARY_WARNING.label}")
    items = "".join(f"<li>{escape(r)}</li>" for r in reasons)
    table = "" if player.table is None else str(player.table)
    return (
        '<section class="slip">'
        f"<h1>Bulletin d'avertissement — {escape(event_name)}</h1>"
        "<dl>"
        f"<dt>Partie</dt><dd>{escape(game)}, coup {number}</dd>"
        f"<dt>Table</dt><dd>{escape(table)}</dd>"
        f"<dt>Joueur</dt><dd>{escape(player.full_name)} ({escape(player.licence)})</dd>"
        f"<dt>Points</dt><dd>{decision.score}</dd>"
        f"<dt>Motif</dt><dd><ul>{items}</ul></dd>"
        "</dl></section>"
    )


def slips_document(event_name: str, slips: list[str]) -> str:
    """A complete printable page holding the slips."""
    body = "\n".join(slips) or "<p>Aucun bulletin d'avertissement.</p>"
    return (
        '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8">'
        f"<title>Bulletins d'avertissement — {escape(event_name)}</title>"
        f"<style>{_STYLE}</style></head><body>{body}</body></html>"
    )
