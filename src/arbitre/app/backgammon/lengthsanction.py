"""A match played at a length other than the round's (seed 003, 4.2; the rule is the
engine's :func:`arbitre.backgammon.championship.sanctions.wrong_length`): the director is
offered a sanction of both players at the next round, and decides. The sanction chosen is
recorded in the register for each player at that round (their table when it is paired),
where it applies and is appealed as any other; the decision itself, sanction or none, goes
to the audit log. The result of the match is left as played: the loser cannot demand
redress.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import get_language, gettext, gettext_noop

from arbitre.app.events import incidents
from arbitre.app.events.incident_models import Incident
from arbitre.app.rounds.models import Entrant, Table, Tournament
from arbitre.app.rounds.services import ROUND_TABLE_TARGET, ServiceError, audit
from arbitre.backgammon.championship.sanctions import SanctionKind, WrongLength, wrong_length
from arbitre.common import Refusal
from arbitre.i18n import word

DECISION_ACTION = gettext_noop("Match joué dans une autre longueur (art. 4.2)")


def offer(t: Tournament, tb: Table, played: int) -> WrongLength:
    """The engine's offer for table ``tb`` played to ``played`` points; refused when the
    match was played at the round's length."""
    try:
        found = wrong_length(t.match_length, played, tb.round.number)
    except Refusal as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    if found is None:
        raise ServiceError(
            gettext(
                "Ce match s'est joué en %(length)s points, la longueur prévue : rien à sanctionner."
            )
            % {"length": played}
        )
    return found


def _next_table(t: Tournament, player: str, number: int) -> int | None:
    tb = (
        Table.objects.filter(round__tournament=t, round__number=number).filter(a=player).first()
        or Table.objects.filter(round__tournament=t, round__number=number, b=player).first()
    )
    return tb.number if tb is not None and not tb.is_bye else None


@transaction.atomic
def decide(
    t: Tournament, tb: Table, played: int, sanction: str, amount: int, user: Any
) -> list[Incident]:
    """The director's decision on a match played at the wrong length (4.2): ``sanction``
    empty for none, else the same sanction for both players at the next round."""
    found = offer(t, tb, played)
    made: list[Incident] = []
    why = word(found.explanation, get_language())
    if sanction:
        try:
            kind = SanctionKind(sanction)
            found.sanctions(kind, amount if kind in (SanctionKind.TIME, SanctionKind.POINTS) else 0)
        except (ValueError, Refusal) as exc:
            message = word(exc.message, get_language()) if isinstance(exc, Refusal) else ""
            raise ServiceError(message or gettext("Sanction inconnue.")) from None
        if (
            kind is SanctionKind.POINTS
            and not Table.objects.filter(round__tournament=t, round__number=found.at_round).exists()
        ):
            raise ServiceError(
                gettext(
                    "Une pénalité de points se donne au match de la ronde %(round)s : "
                    "appariez-la d'abord."
                )
                % {"round": found.at_round}
            )
        refs = {e.name: e.pk for e in Entrant.objects.filter(tournament=t)}
        for player in (tb.a, tb.b):
            entry = incidents.Entry(
                kind=str(Incident.Kind.SCORE),
                description=why,
                player_ref=refs.get(player),
                round=found.at_round,
                table=_next_table(t, player, found.at_round),
                sanction=sanction,
                amount=amount,
            )
            try:
                made.extend(incidents.record(t.event, entry, user))
            except incidents.IncidentError as exc:
                raise ServiceError(str(exc)) from None
    audit(
        t,
        user,
        DECISION_ACTION,
        ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number},
        {"played": played, "scheduled": found.scheduled},
        {"sanction": sanction, "amount": amount, "round": found.at_round},
        why,
    )
    return made
