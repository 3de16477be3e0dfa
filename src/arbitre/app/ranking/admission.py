"""Who a championship with a qualifying phase admits (seed 002, A.3.2), read from the
federation's licensee file: warned at registration and at import, refused at the closure
of the phase unless a reason is recorded (issue 33)."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import get_language

from arbitre.app.ranking.models import Licensee
from arbitre.common.messages import Message
from arbitre.i18n import word
from arbitre.ranking.events import EVENT_TYPES, QUALIFYING_CHAMPIONSHIPS, Admission, not_admitted


def refused(type_code: str, players: Iterable[tuple[str, str]]) -> list[Message]:
    """The players (licence, name) the championship ``type_code`` does not admit (A.3.2), as
    the licensee file knows them; none for another event type or a licence it does not know."""
    code = type_code.strip().upper()
    if code not in QUALIFYING_CHAMPIONSHIPS:
        return []
    given = {lic: name for lic, name in players if lic}
    rows = Licensee.objects.filter(licence__in=list(given)).values_list(
        "licence", "federation", "nationality"
    )
    people = (Admission(lic, given[lic], fed, nat) for lic, fed, nat in sorted(rows))
    return not_admitted(EVENT_TYPES[code], people)


def worded(problems: list[Message]) -> list[str]:
    """The refusals in the page's language."""
    lang = get_language()
    return [word(p, lang) for p in problems]
