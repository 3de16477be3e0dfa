"""The final phase's games at the tables, for the arbiters' final phase page (the public page
shares its rows, not the codes)."""

from __future__ import annotations

from typing import Any

from django import template

from arbitre.app.classic.finalviews import games_by_match
from arbitre.app.rounds.models import Tournament

register = template.Library()
MEMO = "classic_final_games"


@register.simple_tag(takes_context=True)
def final_games(context: Any, t: Tournament, match_id: str) -> list[dict[str, Any]]:
    """``{% final_games t m.id as games %}``: the match's games at the tables (read once per
    page)."""
    memo = context.render_context.get(MEMO)
    if memo is None:
        memo = context.render_context[MEMO] = games_by_match(t)
    return list(memo.get(match_id, []))
