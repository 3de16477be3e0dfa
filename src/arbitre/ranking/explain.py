"""The chain of figures behind a player's series, as data and as text (issue 11, item 5)."""

from __future__ import annotations

import datetime as dt
import json
from hashlib import blake2b
from typing import Any
from zlib import crc32

import numpy as np
import numpy.typing as npt

from arbitre.ranking.classification import Placement
from arbitre.ranking.events import EntryScore, EventScore
from arbitre.ranking.season import PlayerSeason, SeasonColumns, SeasonResult, collector_paused


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


def explanation(result: SeasonResult, player: PlayerSeason, bar: bool = True) -> dict[str, Any]:
    """Every figure behind ``player``'s classification; without ``bar``, the placement
    leaves out the series' admission bar (a figure of the whole series, which the
    application keeps apart: see :func:`digests`)."""
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
        "placement": None if pl is None else _placement(pl, bar),
    }


def _placement(pl: Placement, bar: bool) -> dict[str, Any]:
    out = {
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
    }
    if not bar:
        del out["bar"]
    return out


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


_U64 = npt.NDArray[np.uint64]
_PRIME = np.uint64(0x100000001B3)
_SPREAD = np.uint64(0xBF58476D1CE4E5B9)
_DIGEST_BITS = 0x7FFF_FFFF_FFFF_FFFF  # a signed 64-bit database column holds it


def _bits(values: npt.NDArray[Any]) -> _U64:
    if values.dtype.kind == "f":
        return np.ascontiguousarray(values, np.float64).view(np.uint64)
    return values.astype(np.uint64)


def _mix(h: _U64, *columns: npt.NDArray[Any]) -> _U64:
    """``h`` with ``columns`` mixed in, value by value (each step a bijection of ``h``)."""
    for values in columns:
        h = (h ^ _bits(values)) * _PRIME
    h = h ^ (h >> np.uint64(31))
    return h * _SPREAD


def _hash(text: str) -> int:
    return int.from_bytes(blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


def digests(result: SeasonResult) -> dict[str, int]:
    """A number per classified licensee that changes whenever their explanation without the
    series' bar (``explanation(result, player, bar=False)``) changes: what lets the
    application rewrite only the explanations that changed without building the others
    (issue 20, part 3). Deterministic from one process to the next."""
    if result.columns is None:
        return {
            lic: _hash(json.dumps(explanation(result, p, bar=False), default=str)) & _DIGEST_BITS
            for lic, p in result.players.items()
            if p.placement is not None
        }
    with collector_paused():
        return _column_digests(result.columns)


def _column_digests(c: SeasonColumns) -> dict[str, int]:
    """:func:`digests` from the columns: each result row mixes its event's figures with its
    own; a licensee's rows are added up (their order does not matter: the explanation lists
    them by date), then mixed with the licensee's own figures and placement."""
    ev = c.events
    event_hash = np.array(
        [
            _hash(
                repr(
                    (
                        e.name,
                        e.date,
                        e.type.code,
                        e.games,
                        ev.n[j],
                        ev.m_winner[j],
                        ev.d_hundredths[j],
                        ev.present[:, j].tolist(),
                        ev.weight[:, j].tolist(),
                    )
                )
            )
            for j, e in enumerate(ev.events)
        ],
        np.uint64,
    )
    rows = _mix(
        event_hash[ev.event_of],
        ev.place,
        ev.points,
        ev.pp4_tenths,
        *(col[s] for s in (1, 2, 3) for col in (ev.has, ev.in_band, ev.rank, ev.pct, ev.bonus)),
    )
    count = len(c.ranked)
    summed = np.zeros(count + 1, np.uint64)
    np.add.at(summed, c.owner, rows)
    pl = c.placements
    people = np.array(
        [
            crc32(f"{p.licence}\x1f{p.name}\x1f{p.tier}\x1f{src}".encode())
            for p, src in zip(c.ranked, c.sources, strict=True)
        ],
        np.uint64,
    )
    previous = np.array([r.pct for r in c.reliquats], np.float64).reshape(count, 3).T
    h = _mix(
        summed[:count] ^ people,
        *(
            np.array(values, np.int64)
            for values in (
                [p.series for p in c.ranked],
                [p.highest_series for p in c.ranked],
                [p.s1_for_life for p in c.ranked],
                c.points,
                c.doubled,
                [r.points for r in c.reliquats],
                c.points_final,
                c.pp4_tenths,
                [r.pp4 for r in c.reliquats],
                c.pp4_final,
                pl.series,
                pl.tier_code,
                pl.reason_code,
                pl.criterion_code,
                pl.super_flags,
            )
        ),
        *(col[s] for s in (1, 2, 3) for col in (c.shown, c.num, c.weight, c.divisor, c.final)),
        *previous,
    )
    return dict(zip(c.index, (h & np.uint64(_DIGEST_BITS)).tolist(), strict=True))
