"""A recompute that changes the published classification is shown to the officer before it
replaces it (issue 33): the licensees whose series or tier would change, before and after;
the officer confirms, and the new standings are written (:func:`standings.recompute`) and
the change audited. The confirmation carries a digest of the changes it was shown: if the
season moved meanwhile (an event imported, a licensee edited), nothing is written and the
new changes are shown instead."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from arbitre.app.ranking import standings
from arbitre.app.ranking.models import Licensee, RankingAudit, Season, Standing


@dataclass(frozen=True)
class Change:
    """A licensee whose series or tier the recompute changes ("" : not classified)."""

    licence: str
    name: str
    before: str
    after: str


@dataclass(frozen=True)
class Preview:
    season: Season
    changes: list[Change]
    digest: str


def _label(series: int, tier: str) -> str:
    return f"S{series}{tier}"


def preview(season: Season) -> Preview:
    """What a recompute of ``season`` would change in its stored classification's series
    and tiers (nothing written)."""
    result = standings.compute(season)
    stored = {
        lic: _label(series, tier)
        for lic, series, tier in Standing.objects.filter(season=season).values_list(
            "licence", "series", "tier"
        )
    }
    moved: list[tuple[str, str, str]] = []
    for row in result.classification():
        after = _label(row.series, row.tier)
        before = stored.pop(row.licence, "")
        if before and before != after:
            moved.append((row.licence, before, after))
    moved += [(lic, before, "") for lic, before in stored.items()]
    moved.sort()
    people = Licensee.objects.filter(licence__in=[lic for lic, _, _ in moved])
    names = {p.licence: f"{p.name} {p.first_name}".strip() for p in people}
    changes = [Change(lic, names.get(lic, ""), before, after) for lic, before, after in moved]
    digest = hashlib.sha256(json.dumps([season.pk, moved]).encode()).hexdigest()
    return Preview(season, changes, digest)


@transaction.atomic
def confirm(user: Any, season: Season, digest: str) -> Preview | None:
    """Write the recompute the officer saw (``digest``): None when written; the new
    preview when the changes are no longer those shown (nothing written)."""
    now = preview(season)
    if now.digest != digest:
        return now
    standings.recompute(user, season)
    RankingAudit.log(
        user,
        gettext_noop("Classement remplacé après aperçu"),
        str(season),
        before={c.licence: c.before for c in now.changes},
        after={c.licence: c.after for c in now.changes},
    )
    return None
