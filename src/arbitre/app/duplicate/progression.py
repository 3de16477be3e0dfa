"""A Duplicate player's progression chart: their running score against the running top, move
by move over the games, drawn in SVG on their public page and as a file of its own.

The chart's texts are sized in CSS pixels, not in units of a drawing scaled to the screen: on
a 390-px phone a 640-unit drawing shrank its 11-unit figures to 6 px (issue 35). The running
score ends each game at the game's total: its warnings' penalty is deducted at its last move
(seed 004, 4.7), so that the chart ends at the player's total in the standings. The lines
are drawn in a box of their own that stretches to the chart's width; the figures of the
axes, the games' names and the key are written beside it at their own size. Every figure is
the engine's sheet (:meth:`arbitre.duplicate.event.Event.sheet`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.translation import gettext

from arbitre.duplicate.event import Event

#: The lines' box: as wide as the chart, this many CSS px high (its drawing units across).
PLOT_HEIGHT = 200
PLOT_UNITS = 1000
#: The chart's height in CSS px: the lines' box, the room above it and the games' names below.
HEIGHT = 250
PLOT_TOP = 20
#: The most horizontal lines (and figures) up the score axis, and game names along the moves.
MAX_TICKS = 4
MAX_GAME_NAMES = 8


@dataclass(frozen=True)
class Tick:
    value: int
    line_y: float  # drawing units: the line's height in the lines' box
    y: float  # CSS px from the chart's top: where its figure is written


@dataclass(frozen=True)
class GameSpan:
    name: str
    middle: float  # percent of the chart's width: where the game's name is written
    start: float  # drawing units: where the game's first move begins (a vertical line)
    named: bool


@dataclass(frozen=True)
class Chart:
    """What the template draws (``duplicate/_progression.svg``)."""

    title: str
    moves: int
    player_points: str
    top_points: str
    ticks: tuple[Tick, ...]
    games: tuple[GameSpan, ...]
    player_total: int
    top_total: int
    plot_top: int = PLOT_TOP
    plot_height: int = PLOT_HEIGHT
    plot_units: int = PLOT_UNITS
    height: int = HEIGHT


def tick_step(peak: int, most: int = MAX_TICKS) -> int:
    """The round step (1, 2 or 5 times a power of ten) that marks ``peak`` with at most
    ``most`` lines above zero."""
    raw = max(1.0, peak / most)
    power = 10 ** math.floor(math.log10(raw))
    return next(int(f * power) for f in (1, 2, 5, 10) if f * power >= raw)


def progression(event: Event, licence: str, full_name: str) -> Chart:
    """The chart of the player ``licence`` (named ``full_name``) over the event's games."""
    player, top = [0], [0]
    spans: list[tuple[str, int, int]] = []
    for game in event.games:
        first = len(top) - 1
        sheet = event.sheet(game, licence)
        for line in sheet.lines:
            bonus = event.settings.solo_bonus if line.solo else 0
            player.append(player[-1] + line.score + bonus)
            top.append(top[-1] + line.top)
        # seed 004, 4.7: the warnings' penalty is deducted at the end of the game
        player[-1] -= sheet.penalty
        spans.append((game.name, first, len(top) - 1))
    moves = max(1, len(top) - 1)
    step = tick_step(max(1, *top, *player))
    ceiling = step * math.ceil(max(1, *top, *player) / step)

    def x(i: int) -> float:
        return i * PLOT_UNITS / moves

    def y(v: int) -> float:
        return PLOT_HEIGHT - v * PLOT_HEIGHT / ceiling

    def points(values: list[int]) -> str:
        return " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))

    every = math.ceil(len(spans) / MAX_GAME_NAMES) if spans else 1
    games = tuple(
        GameSpan(
            name=name,
            middle=round((x(first) + x(last)) / 2 / PLOT_UNITS * 100, 2),
            start=round(x(first), 1),
            named=i % every == 0,
        )
        for i, (name, first, last) in enumerate(spans)
    )
    ticks = tuple(
        Tick(value=v, line_y=round(y(v), 1), y=round(PLOT_TOP + y(v), 1))
        for v in range(0, ceiling + 1, step)
    )
    title = gettext("%(name)s : %(score)s points, top %(top)s") % {
        "name": full_name,
        "score": player[-1],
        "top": top[-1],
    }
    return Chart(
        title=title,
        moves=len(top) - 1,
        player_points=points(player),
        top_points=points(top),
        ticks=ticks,
        games=games,
        player_total=player[-1],
        top_total=top[-1],
    )


def svg_document(chart: Chart) -> str:
    """The chart as an SVG file of its own (a fixed 640-px width, its title and key in it)."""
    return render_to_string(
        "duplicate/_progression.svg", {"chart": chart, "standalone": True, "width": 640}
    )
