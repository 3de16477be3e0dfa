"""The officer's corrections of a ranked event (issue 33): its overseas mark (seed 002, A.5:
M at least 100, overseas residents' points doubled), and its withdrawal from the season (an
event counted twice, or not official); each audited with its reason, the season recomputed."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from arbitre.app.ranking import results, standings
from arbitre.app.ranking.models import RankedEvent, RankingAudit, Season


def _open(ranked: RankedEvent) -> None:
    if ranked.season.closed:
        raise results.ResultsRefused(
            gettext_noop("La saison %(season)s est close."), season=str(ranked.season)
        )


def _reason(reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise results.ResultsRefused(gettext_noop("Donnez le motif : il reste dans le journal."))
    return reason[:300]


@transaction.atomic
def set_overseas(user: Any, ranked: RankedEvent, overseas: bool, reason: str) -> bool:
    """Mark a ranked event as an overseas club's, or not (seed 002, A.5), then recompute its
    season; False when it already was."""
    _open(ranked)
    reason = _reason(reason)
    if ranked.overseas == overseas:
        return False
    before = {"overseas": ranked.overseas}
    ranked.overseas = overseas
    ranked.save(update_fields=["overseas"])
    RankingAudit.log(
        user,
        gettext_noop("Épreuve marquée outre-mer")
        if overseas
        else gettext_noop("Marque outre-mer retirée"),
        str(ranked),
        before=before,
        after={"overseas": overseas},
        reason=reason,
    )
    standings.recompute(user, ranked.season)
    return True


@transaction.atomic
def withdraw(user: Any, ranked: RankedEvent, reason: str) -> Season:
    """Withdraw an event from its season (its results no longer count), audited with what it
    was and the reason; the season recomputed. A club's upload attached to it stays in the
    list of uploads, without its event."""
    _open(ranked)
    reason = _reason(reason)
    season = ranked.season
    before = {
        "event": ranked.pk,
        "name": ranked.name,
        "date": ranked.date.isoformat(),
        "type": ranked.type_code,
        "games": ranked.games,
        "overseas": ranked.overseas,
        "rows": ranked.rows.count(),
        "source": ranked.source_name or ranked.source,
        "uid": ranked.uid,
    }
    target = str(ranked)
    ranked.delete()
    RankingAudit.log(
        user, gettext_noop("Épreuve retirée de la saison"), target, before=before, reason=reason
    )
    standings.recompute(user, season)
    return season
