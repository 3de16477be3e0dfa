"""The word list a Classic event's challenges are judged by, for its pages."""

from __future__ import annotations

from django import template

from arbitre.app import wordlists
from arbitre.app.classic.tables import event_word_list
from arbitre.app.rounds.models import Tournament

register = template.Library()


@register.simple_tag
def word_list_of(t: Tournament) -> wordlists.StoredList:
    """``{% word_list_of t as chosen %}``: the event's list (name, word count)."""
    return event_word_list(t)
