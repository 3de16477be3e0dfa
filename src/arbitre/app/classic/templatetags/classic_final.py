"""The final phase's games at the tables, for the arbiters' final phase page (the public page
shares its rows, not the codes)."""

from __future__ import annotations

from typing import Any

from django import template

from arbitre.app.classic.finalviews import games_by_match, signed_scores
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


@register.simple_tag(takes_context=True)
def final_scores(context: Any, t: Tournament, match_id: str) -> str:
    """``{% final_scores t m.id as typed %}``: the scores of the match's games signed at the
    tables, to start the director's entry with."""
    return signed_scores(t, match_id, final_games(context, t, match_id))
