"""``arbitre ranking explain`` as text in the command line's language: the chain of figures
of :func:`arbitre.ranking.explanation` (seed 002, A.1, B.1-B.3), worded through the catalogue."""

from __future__ import annotations

from typing import Any

from arbitre.cli._i18n import language, tr
from arbitre.i18n.numbers import DECIMAL_MARK, decimal

#: Why the engine placed a player (``Placement.reason``), with the figures that decided.
REASONS = {
    "quota": "within the series' quota on %(criterion)s (%(value)s)",
    "priority": "priority rule: %(criterion)s %(value)s at least %(ratio)s of the bar above",
    "descent limit": "lifetime descent limit (highest series S%(highest)s%(life)s)",
    "points": "ranking points, S6 split in three equal tiers",
    "no point": "no ranking point: S6D",
    "beginner": "first affiliation this season after the summer festival: stays S7",
}


def _fixed(value: float, digits: int) -> str:
    return f"{value:.{digits}f}".replace(".", DECIMAL_MARK[language()])


def _pct(value: float | None) -> str:
    return "-" if value is None else tr("%(percent)s%%") % {"percent": _fixed(100 * value, 2)}


def _num(value: float) -> str:
    return decimal(value, language())


def explanation_text(data: dict[str, Any]) -> str:
    """``data`` (an :func:`arbitre.ranking.explanation`) as lines of text."""
    out = [
        tr("%(licence)s %(name)s - season %(season)s, series during the season %(series)s")
        % {**data, "series": data["current_series"]}
    ]
    if data["reliquat_source"] == "series floor":
        out.append(
            tr("  returning or assimilated: inherits the figures of the last player of the series")
        )
    out.append(tr("Events:"))
    if not data["events"]:
        out.append(tr("  (none)"))
    for e in data["events"]:
        if e["games"] > 1:
            line = tr(
                "%(event)s: %(games)d games, %(players)d players, place %(place)d, M=%(M)s "
                "D=%(D)s -> m=%(points)s, PP4=%(pp4)s"
            )
        else:
            line = tr(
                "%(event)s: %(games)d game, %(players)d players, place %(place)d, M=%(M)s "
                "D=%(D)s -> m=%(points)s, PP4=%(pp4)s"
            )
        line %= {**e, "D": _num(e["D"]), "pp4": _num(e["pp4"])}
        out.append(f"  {e['date'] or '----------'} {e['type']:<6} {line}")
        for f in e["pct"]:
            figures = {**f, "rank": f["rank_in_band"] or "-", "pct": _pct(f["pct"])}
            figures |= {"weight": _num(f["weight"]), "num": _fixed(f["num"], 3)}
            figures["bonus"] = _fixed(f["bonus"], 3)
            out.append(
                "      "
                + tr(
                    "%%S%(series)d: A=%(present)d P=%(rank)s %%=%(pct)s weight=%(weight)s "
                    "num=%(num)s bonus=%(bonus)s"
                )
                % figures
            )
    pts = data["points"]
    out.append(
        tr(
            "Points: season %(season)d + overseas doubling %(overseas_doubling)d, inherited "
            "%(inherited)d -> after decay floor(2/3 x %(sum)d + 1/3 x %(inherited)d) = "
            "%(after_decay)d"
        )
        % {**pts, "sum": pts["season"] + pts["overseas_doubling"]}
    )
    pp4 = data["pp4"]
    out.append(
        tr("PP4: season %(season)s, inherited %(inherited)s -> after decay %(after_decay)s")
        % {**pp4, "season": _num(pp4["season"])}
    )
    for t in data["pct"]:
        out.append(
            tr(
                "%%S%(series)d: sum Num' %(num)s / divisor %(divisor)s (sum Poids' %(weight)s) "
                "= %(season)s; published 3/4 x %(season)s + 1/4 x %(previous)s = %(published)s"
            )
            % {
                "series": t["series"],
                "num": _fixed(t["num"], 3),
                "divisor": _num(t["divisor"]),
                "weight": _num(t["weight"]),
                "season": _pct(t["season"]),
                "previous": _pct(t["previous"]),
                "published": _pct(t["published"]),
            }
        )
    out.append(_placement(data["placement"]))
    return "\n".join(out)


def _placement(pl: dict[str, Any] | None) -> str:
    if pl is None:
        return tr("Not classified.")
    value = _pct(pl["value"]) if pl["criterion"].startswith("%") else _num(pl["value"])
    why = tr(REASONS[pl["reason"]]) % {
        "criterion": pl["criterion"],
        "value": value,
        "ratio": tr("%(percent)s%%") % {"percent": 70 if pl["series"] <= 3 else 50},
        "highest": pl["highest_series"],
        "life": tr(", S1 for life") if pl["s1_for_life"] else "",
    }
    bar = ""
    if pl.get("bar") is not None:
        shown = _pct(pl["bar"]) if pl["series"] <= 3 else _num(pl["bar"])
        bar = tr("; admission bar of S%(series)d: %(bar)s") % {"series": pl["series"], "bar": shown}
    line = tr("Classified %(label)s (super-series): %(why)s%(bar)s")
    if not pl["super_series"]:
        line = tr("Classified %(label)s: %(why)s%(bar)s")
    return line % {"label": pl["label"], "why": why, "bar": bar}
