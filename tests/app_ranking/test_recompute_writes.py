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


def test_only_the_explanations_that_changed_are_rewritten() -> None:
    """The list's figures and the explanations are stored apart in effect: a recompute with
    nothing new writes nothing; an event renamed rewrites the explanations of its players
    and nothing else; the page still shows the series' bar, read from the standings."""
    from arbitre.app.ranking.pages import player_context

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
    _event(season, "Second", dt.date(2013, 11, 9), everyone[30:])
    standings.recompute(None, season)
    standings.recompute(None, season)
    nothing = {"inserted": 0, "updated": 0, "moved": 0, "removed": 0}
    assert RankingAudit.objects.latest("pk").after["standings"] == nothing

    RankedEvent.objects.filter(name="Second").update(name="Coupe d'automne")
    standings.recompute(None, season)
    written = RankingAudit.objects.latest("pk").after["standings"]
    classified = Standing.objects.filter(season=season, licence__in=everyone[30:]).count()
    assert written == {**nothing, "updated": classified}
    for s in Standing.objects.filter(season=season, licence__in=everyone[30:]):
        assert "Coupe d'automne" in [e["event"] for e in s.explanation["events"]]
    assert Standing.objects.filter(explanation__events__0__event="Second").count() == 0

    # every explanation is the engine's, and the page adds the bar of the series
    result = standings.compute(season)
    for s in Standing.objects.filter(season=season):
        engine = standings.explanation(result, result.players[s.licence])
        assert {**s.explanation, "placement": {**s.explanation["placement"], "bar": None}} == {
            **engine,
            "placement": {**engine["placement"], "bar": None},
        }
        placement = player_context(s.licence)["placement"]
        assert placement["bar"] == engine["placement"]["bar"]
        assert type(placement["bar"]) is type(engine["placement"]["bar"])
