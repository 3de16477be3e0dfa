"""The chain of figures behind a player's series, as data and as text (issue 11, item 5)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from arbitre.ranking.events import EntryScore, EventScore
from arbitre.ranking.season import PlayerSeason, SeasonResult


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.2f}%"


def event_line(es: EventScore, sc: EntryScore) -> dict[str, Any]:
    """One event's figures for one player."""
    ev = es.event
    return {
        "event": ev.name,
        "date": ev.date.isoformat() if ev.date else None,
        "type": ev.type.code,
        "games": ev.games,
        "players": es.n,
        "place": sc.place,
        "M": es.m_winner,
        "D": round(es.d, 4),
        "points": sc.points,
        "pp4": sc.pp4,
        "pct": [
            {
                "series": f.series,
                "present": f.present,
                "rank_in_band": f.rank_in_band,
                "pct": f.pct,
                "weight": f.weight,
                "num": f.num,
                "bonus": f.bonus,
            }
            for f in sc.pct
        ],
    }


def explanation(result: SeasonResult, player: PlayerSeason) -> dict[str, Any]:
    """Every figure behind ``player``'s classification."""
    pl = player.placement
    lic = player.licensee
    return {
        "licence": lic.licence,
        "name": lic.name,
        "season": f"{result.season}-{result.season + 1}",
        "current_series": f"S{lic.series}{lic.tier}",
        "reliquat_source": player.reliquat_source,
        "events": [
            event_line(es, sc)
            for es, sc in sorted(
                player.scores, key=lambda r: (r[0].event.date or dt.date.min, r[0].event.name)
            )
        ],
        "points": {
            "season": player.points_season,
            "overseas_doubling": player.points_doubled,
            "inherited": player.points_inherited,
            "after_decay": player.points_final,
        },
        "pp4": {
            "season": player.pp4_season_tenths / 10,
            "inherited": player.pp4_inherited,
            "after_decay": player.pp4_final,
        },
        "pct": [
            {
                "series": t.series,
                "num": t.num,
                "weight": t.weight,
                "divisor": t.divisor,
                "season": t.season,
                "previous": t.previous,
                "published": t.final,
            }
            for t in player.pct
        ],
        "placement": None
        if pl is None
        else {
            "series": pl.series,
            "tier": pl.tier,
            "label": pl.label,
            "reason": pl.reason,
            "criterion": pl.criterion,
            "value": pl.value,
            "bar": pl.bar,
            "super_series": pl.super_series,
            "s1_for_life": pl.s1_for_life,
            "highest_series": pl.highest_series,
        },
    }


_REASONS = {
    "quota": "within the series' quota on {criterion} ({value})",
    "priority": "priority rule: {criterion} {value} at least {ratio} of the bar above",
    "descent limit": "lifetime descent limit (highest series S{highest}{life})",
    "points": "ranking points, S6 split in three equal tiers",
    "no point": "no ranking point: S6D",
    "beginner": "first affiliation this season after the summer festival: stays S7",
}


def format_explanation(result: SeasonResult, player: PlayerSeason) -> str:
    """The explanation as readable text."""
    data = explanation(result, player)
    out = [
        f"{data['licence']} {data['name']} - season {data['season']}, "
        f"series during the season {data['current_series']}",
    ]
    if player.reliquat_source == "series floor":
        out.append(
            "  returning or assimilated: inherits the figures of the last player of the series"
        )
    out.append("Events:")
    if not data["events"]:
        out.append("  (none)")
    for e in data["events"]:
        out.append(
            f"  {e['date'] or '----------'} {e['type']:<6} {e['event']}: {e['games']} game{'s' if e['games'] > 1 else ''}, "
            f"{e['players']} players, place {e['place']}, M={e['M']} D={e['D']:g} "
            f"-> m={e['points']}, PP4={e['pp4']:g}"
        )
        for f in e["pct"]:
            out.append(
                f"      %S{f['series']}: A={f['present']} P={f['rank_in_band'] or '-'} "
                f"%={_pct(f['pct'])} weight={f['weight']:g} num={f['num']:.3f} "
                f"bonus={f['bonus']:.3f}"
            )
    pts = data["points"]
    out.append(
        f"Points: season {pts['season']} + overseas doubling {pts['overseas_doubling']}, "
        f"inherited {pts['inherited']} -> after decay floor(2/3 x "
        f"{pts['season'] + pts['overseas_doubling']} + 1/3 x {pts['inherited']}) = "
        f"{pts['after_decay']}"
    )
    pp4 = data["pp4"]
    out.append(
        f"PP4: season {pp4['season']:g}, inherited {pp4['inherited']} -> after decay "
        f"{pp4['after_decay']}"
    )
    for t in data["pct"]:
        out.append(
            f"%S{t['series']}: sum Num' {t['num']:.3f} / divisor {t['divisor']:g} "
            f"(sum Poids' {t['weight']:g}) = {_pct(t['season'])}; published 3/4 x "
            f"{_pct(t['season'])} + 1/4 x {_pct(t['previous'])} = {_pct(t['published'])}"
        )
    pl = data["placement"]
    if pl is None:
        out.append("Not classified.")
    else:
        value = _pct(pl["value"]) if pl["criterion"].startswith("%") else f"{pl['value']:g}"
        ratio = "70%" if pl["series"] <= 3 else "50%"
        life = ", S1 for life" if player.licensee.s1_for_life else ""
        why = _REASONS[pl["reason"]].format(
            criterion=pl["criterion"],
            value=value,
            ratio=ratio,
            highest=player.licensee.highest_series,
            life=life,
        )
        bar = ""
        if pl["bar"] is not None:
            shown = _pct(pl["bar"]) if pl["series"] <= 3 else f"{pl['bar']:g}"
            bar = f"; admission bar of S{pl['series']}: {shown}"
        extra = " (super-series)" if pl["super_series"] else ""
        out.append(f"Classified {pl['label']}{extra}: {why}{bar}")
    return "\n".join(out)
