"""What a licensee's page shows (issue 20, part 4): while the season is open their rolling
figures of the day (seed 002 B.1, :mod:`arbitre.app.ranking.rolling`), then their standing in
the latest computed season (the end-of-season projection until it is closed), each counted
event with its contribution, what would change their series, and
their points over the seasons as a server-drawn SVG plot. Every figure is the engine's
(:func:`arbitre.ranking.explanation`, stored with the standing): nothing is computed here
but the layout."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Min
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from arbitre.app.ranking import rolling
from arbitre.app.ranking.models import Licensee, Season, Standing

REASONS = {
    "quota": _("dans le quota de la série"),
    "priority": _("règle de priorité vers la série supérieure"),
    "descent limit": _("limite de descente à vie"),
    "points": _("points de classement, S6 en trois paliers égaux"),
    "no point": _("aucun point de classement : S6D"),
    "beginner": _("première affiliation après le festival d'été : reste S7"),
}
"""The engine's placement reasons (:class:`arbitre.ranking.Placement`), worded."""

CRITERION_OF_SERIES = {1: "%S1", 2: "%S2", 3: "%S3", 4: "PP4", 5: "points"}
"""The figure that classifies each series (seed 002, A.1, B.1-B.3)."""


def criterion_value(standing: Standing, criterion: str) -> float:
    return {
        "%S1": standing.pct_s1,
        "%S2": standing.pct_s2,
        "%S3": standing.pct_s3,
        "PP4": float(standing.pp4),
        "points": float(standing.points),
    }.get(criterion, 0.0)


def shown(criterion: str, value: float | None) -> str:
    if value is None:
        return "—"
    if criterion.startswith("%"):
        return f"{number_format(100 * value, 2)} %"  # the language's decimal separator
    return number_format(int(value) if value == int(value) else value)


@dataclass(frozen=True)
class Hint:
    series: int
    criterion: str
    bar: str
    mine: str


CRITERION_COLUMN = {
    "%S1": "pct_s1",
    "%S2": "pct_s2",
    "%S3": "pct_s3",
    "PP4": "pp4",
    "points": "points",
}


def series_bar(season: Season, series: int) -> float | None:
    """The lowest figure on its criterion among the players classified in ``series`` by
    its quota: what a player needs to enter it (one query, whatever the series' size)."""
    criterion = CRITERION_OF_SERIES.get(series)
    if criterion is None:
        return None
    column = CRITERION_COLUMN[criterion]
    found = Standing.objects.filter(
        season=season, series=series, explanation__placement__reason="quota"
    ).aggregate(bar=Min(column))["bar"]
    return None if found is None else float(found)


def stored_bar(season: Season, series: int | None) -> float | int | None:
    """The admission bar of ``series`` as the engine gives it (:class:`Placement` ``bar``):
    a fraction for %Sn, a whole number of PP4 or points; None for S6 and S7."""
    bar = series_bar(season, series) if series is not None else None
    if bar is None or CRITERION_OF_SERIES[series or 0].startswith("%"):
        return bar
    return int(bar)


def up_hint(standing: Standing) -> Hint | None:
    """What would put the player one series up: that series' bar on its criterion."""
    target = standing.series - 1
    if target < 1:
        return None
    bar = series_bar(standing.season, target)
    if bar is None:
        return None
    criterion = CRITERION_OF_SERIES[target]
    mine = criterion_value(standing, criterion)
    return Hint(target, criterion, shown(criterion, bar), shown(criterion, mine))


@dataclass(frozen=True)
class Plot:
    """The season points chart: the line in a box of ``UNITS`` wide stretched to the page's
    width (``points``), the seasons' dots and names placed in per cent of the width and in px
    down the chart (``dots``: x %, y, name, points, whether the name is written), so that the
    texts keep their size in CSS px on a phone."""

    height: int
    points: str
    dots: list[tuple[float, float, str, int, bool]]
    top: int
    plot_top: int
    plot_height: int

    units = 1000


#: At most this many season names under the chart (every other one beyond, the last kept):
#: a name « 2013-2014 » at 13 px takes about 70 px, five fit a phone's 390 px.
MAX_SEASON_NAMES = 5


def points_plot(licence: str, height: int = 200) -> Plot | None:
    """The ranking points after each season (seed 002, B.3.4), as SVG coordinates."""
    rows = list(
        Standing.objects.filter(licence=licence)
        .select_related("season")
        .order_by("season__year")
        .values_list("season__year", "points")
    )
    if not rows:
        return None
    top = max(max(p for _, p in rows), 1)
    plot_top, plot_height = 22, height - 22 - 28
    left, right = 60, 940  # in units of the stretched box, room for the first and last names
    span = max(len(rows) - 1, 1)
    step = -(-len(rows) // MAX_SEASON_NAMES)  # ceil
    dots, line = [], []
    for i, (year, points) in enumerate(rows):
        x = left + (right - left) * (i / span if len(rows) > 1 else 0.5)
        y = plot_height * (1 - points / top)
        line.append(f"{round(x, 1)},{round(y, 1)}")
        named = (len(rows) - 1 - i) % step == 0
        dots.append(
            (
                round(x / Plot.units * 100, 2),
                round(plot_top + y, 1),
                f"{year}-{year + 1}",
                points,
                named,
            )
        )
    return Plot(height, " ".join(line), dots, top, plot_top, plot_height)


def player_context(licence: str) -> dict[str, Any]:
    licensee = Licensee.objects.filter(licence=licence).first()
    standing = (
        Standing.objects.filter(licence=licence, season__computed_at__isnull=False)
        .select_related("season")
        .order_by("-season__year")
        .first()
    )
    placement = dict(standing.explanation.get("placement") or {}) if standing else {}
    if standing is not None and placement and "bar" not in placement:
        # the series' bar is kept apart from the explanations (a new bar would rewrite
        # every explanation of the series): the lowest figure of the series' quota
        placement["bar"] = stored_bar(standing.season, placement.get("series"))
    day = rolling.display_day(standing.season) if standing is not None else None
    now = None
    if standing is not None and day is not None:
        # seed 002 B.1, ruling 11: during the season, the rolling figures are the ones shown
        now = rolling.rolling(standing.season, day).of(licence)
    if standing is not None:
        for line in standing.explanation.get("events", []):
            for figure in line.get("pct", []):
                figure["shown"] = shown("%", figure.get("pct"))
    return {
        "licence": licence,
        "licensee": licensee,
        "standing": standing,
        "x": standing.explanation if standing else None,
        "placement": placement,
        "reason": REASONS.get(placement.get("reason", ""), placement.get("reason", "")),
        "criterion_value": shown(placement.get("criterion", ""), placement.get("value")),
        "up": up_hint(standing) if standing else None,
        "plot": points_plot(licence),
        "day": day,
        "now": now,
    }
