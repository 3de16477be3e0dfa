"""The season recomputed after each event writes only what changed (issue 20, part 3): the
stored standings are those a recompute from nothing gives, and the standings that did not
change keep their rows."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from arbitre.app.ranking import standings
from arbitre.app.ranking.models import (
    Licensee,
    RankedEvent,
    RankingAudit,
    ResultRow,
    Season,
    Standing,
)

pytestmark = pytest.mark.django_db


def _event(season: Season, name: str, day: dt.date, licences: list[str]) -> None:
    ranked = RankedEvent.objects.create(
        season=season, name=name, type_code="TH", games=3, date=day, source="import"
    )
    series = {lic.licence: lic.series for lic in Licensee.objects.all()}
    ResultRow.objects.bulk_create(
        ResultRow(event=ranked, line=i + 2, place=i + 1, licence=lic, series=series[lic])
        for i, lic in enumerate(licences)
    )


def _stored(season: Season) -> dict[str, tuple[Any, ...]]:
    return {
        row[0]: row[1:]
        for row in Standing.objects.filter(season=season).values_list(*standings.STANDING_FIELDS)
    }


def test_recompute_after_an_event_stores_what_a_full_recompute_stores() -> None:
    Licensee.objects.bulk_create(
        Licensee(
            licence=f"{100 + i}",
            name=f"Joueur {i}",
            series=1 + i % 7,
            highest_series=1 + i % 7,
            first_season=2000,
        )
        for i in range(60)
    )
    season = Season.objects.create(year=2013)
    everyone = [f"{100 + i}" for i in range(60)]
    _event(season, "Premier", dt.date(2013, 10, 5), everyone[:40])
    standings.recompute(None, season)
    ids_before = dict(Standing.objects.filter(season=season).values_list("licence", "id"))
    rows_before = _stored(season)

    # a second event of a few players: their figures change, most standings do not
    _event(season, "Second", dt.date(2013, 11, 9), ["145", "146", "147", "101"])
    standings.recompute(None, season)
    after = _stored(season)
    written = RankingAudit.objects.latest("pk").after["standings"]
    assert written["inserted"] == 0 and written["removed"] == 0
    assert 0 < written["updated"] + written["moved"] < len(after)

    # untouched standings kept their rows; the whole list equals a recompute from nothing
    unchanged = [lic for lic, row in after.items() if rows_before.get(lic) == row]
    assert unchanged
    ids_after = dict(Standing.objects.filter(season=season).values_list("licence", "id"))
    assert all(ids_after[lic] == ids_before[lic] for lic in unchanged)
    Standing.objects.filter(season=season).delete()
    standings.recompute(None, season)
    assert _stored(season) == after
    assert RankingAudit.objects.latest("pk").after["standings"]["inserted"] == len(after)

    # a licensee no longer affiliated leaves the classification and its standing goes
    Licensee.objects.filter(licence="101").update(affiliated=False)
    standings.recompute(None, season)
    assert "101" not in _stored(season)
    assert RankingAudit.objects.latest("pk").after["standings"]["removed"] == 1
