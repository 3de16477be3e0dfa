"""An event's figures for each of its players, as the season counts them (issue 35): place,
score, ranking points m, PP4 and each %Sn with its place in the band, computed by the engine
(:func:`arbitre.ranking.events.score_event`, seed 002 B.1-B.3) from the stored rows."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import number_format

from arbitre.app.ranking.models import RankedEvent
from arbitre.app.ranking.results import engine_event
from arbitre.ranking.events import EventScore, score_event


@dataclass(frozen=True)
class PctShown:
    series: int
    pct: float | None  # None: below the band (the event's weight with a zero numerator)
    rank_in_band: int | None
    weight: float

    @property
    def shown(self) -> str:
        return "—" if self.pct is None else number_format(100 * self.pct, 2)


@dataclass(frozen=True)
class PlayerFigures:
    place: int
    licence: str
    name: str
    series: str
    pair: str
    total: int | None
    points: int
    pp4: float
    pct: tuple[PctShown | None, ...]  # %S1, %S2, %S3 (None: not concerned)


def event_figures(ranked: RankedEvent) -> tuple[EventScore, list[PlayerFigures]]:
    """The event's M, D, n, Y and weights, and every player's figures in place order."""
    scored = score_event(engine_event(ranked))
    rows = list(ranked.rows.order_by("place", "line"))
    out = []
    for row, sc in zip(rows, scored.scores, strict=True):
        by_series = {f.series: f for f in sc.pct}
        pct = tuple(
            PctShown(n, f.pct, f.rank_in_band, f.weight) if (f := by_series.get(n)) else None
            for n in (1, 2, 3)
        )
        out.append(
            PlayerFigures(
                sc.place,
                row.licence,
                f"{row.name} {row.first_name}".strip(),
                f"{row.series}{row.tier}",
                row.pair,
                row.total,
                sc.points,
                sc.pp4,
                pct,
            )
        )
    return scored, out
