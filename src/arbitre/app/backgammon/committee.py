"""The arbitration committee recorded with each appeal decision of a backgammon
championship (seed 003, preamble; the rule is the engine's
:func:`arbitre.backgammon.championship.committee.committee`): the director and two to four
players of the event, none of them a party to the dispute: the incident's player, the
players of its table or of its final-stage match."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import get_language

from arbitre.app.events.incident_models import Incident
from arbitre.app.rounds.models import Entrant, Table, Tournament
from arbitre.app.rounds.services import ServiceError
from arbitre.backgammon.championship.committee import committee
from arbitre.common import Refusal
from arbitre.i18n import word


def members_of(text: str) -> list[str]:
    """The members typed in one field: separated by commas, semicolons or new lines."""
    return [m.strip() for m in re.split(r"[,;\n]", text) if m.strip()]


def parties(t: Tournament, incident: Incident) -> set[str]:
    """Who is involved in the dispute: the incident's player, and the opponent at its
    table of the rounds or at its match of the final stage."""
    found = {incident.player} if incident.player else set()
    if incident.round and incident.table:
        tb = Table.objects.filter(
            round__tournament=t, round__number=incident.round, number=incident.table
        ).first()
        if tb is not None:
            found |= {p for p in (tb.a, tb.b) if p}
    if incident.match and t.bracket_started:
        from arbitre.app.backgammon.bracket import brackets

        b = brackets(t)
        if incident.match in b.matches:
            found |= {p for p in b.players(incident.match) if p}
    return found


def seat(t: Tournament, incident: Incident, director: str, members: str) -> dict[str, Any]:
    """The committee that decided ``incident``'s appeal, checked (seed 003, preamble)."""
    players = Entrant.objects.filter(tournament=t).values_list("name", flat=True)
    try:
        c = committee(director, members_of(members), players, parties(t, incident))
    except Refusal as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    return c.as_dict()
