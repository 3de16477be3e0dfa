"""The match record of a backgammon table checked against its result, for the round page
(issue 19, part 6: a mismatch is shown to the director, not silently accepted)."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from arbitre.app.backgammon import services
from arbitre.app.rounds.models import Table
from arbitre.backgammon.board import BackgammonError
from arbitre.backgammon.mat import import_mat
from arbitre.i18n import word

register = template.Library()


@register.simple_tag
def record_problems(tb: Table) -> list[str]:
    """What the table's ``.mat`` (uploaded or entered at the table) says that its entered
    result does not, worded; nothing without a record or a result."""
    if not tb.mat or not tb.entered:
        return []
    try:
        record = import_mat(tb.mat, complete=False)
    except BackgammonError as exc:
        return [word(exc.message, get_language())]
    t = tb.round.tournament
    return [word(m, get_language()) for m in services.record_problems(t, tb, record)]
