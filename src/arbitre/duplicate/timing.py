"""The time per move of a Duplicate game as a schedule of move ranges (seed 004, 2.3).

Seed 004, 2.3: "Le temps de jeu accordé aux joueurs est de trois minutes par coup. Il peut
toutefois être modifié pour certaines compétitions (ex. : paires, blitz) ainsi que pour des
épreuves appelées à départager des ex aequo." The time may change within one game: the
play-off of an official title is "3 coups en blitz, suite en 40 secondes (20+20)" (seed 002,
A.4). A :class:`TimeSchedule` gives each move its time: a list of ranges, the first from
move 1, each next one starting right after the one before, the last one open to the end of
the game.

Its text form, typed by a director and stored by the application, lists the ranges separated
by commas, each ``first-last:seconds``, ``first:seconds`` for a single move, and
``first-:seconds`` for the last, open range; a time for every move is the seconds alone.
Blanks are ignored, two neighbouring ranges with the same time are merged.

>>> playoff = parse("1-3:60, 4-:40")
>>> [playoff.seconds_for(move) for move in (1, 3, 4, 20)]
[60, 60, 40, 40]
>>> str(playoff), str(parse("180")), str(parse("1-2:60,3-:60"))
('1-3:60,4-:40', '180', '60')

The presets are those the regulations name (:data:`PRESETS`): 3 minutes (004, 2.3), the
"temps intermédiaires" of 2 minutes and 2 minutes 30 (002, A.1), blitz, and the title
play-off of A.4. The regulations give no figure for blitz; the project takes one minute a
move (:data:`BLITZ_SECONDS`, the federation's blitz championships' time; a director who
plays another blitz types their own schedule).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from arbitre.common.messages import Message, Param, Refusal

MESSAGE_CODES = frozenset(
    f"duplicate.timing.{name}"
    for name in (
        "empty",
        "too_long",
        "syntax",
        "seconds",
        "reversed",
        "start",
        "gap",
        "overlap",
        "open_end",
        "after_open",
    )
)
"""The refusals of a schedule's text (``duplicate.timing.*``)."""

NORMAL_SECONDS = 180
"""Seed 004, 2.3: "trois minutes par coup"."""

SEMI_RAPID_SECONDS = (150, 120)
"""Seed 002, A.1: the "temps intermédiaires (2 minutes ou 2 minutes 30 par coup)"."""

BLITZ_SECONDS = 60
"""Blitz: one minute a move (the regulations name blitz without its time; this is the
project's ruling, docs/duplicate-arbitration.md)."""

PLAYOFF_BLITZ_MOVES = 3
"""Seed 002, A.4: the play-off's "3 coups en blitz"."""

PLAYOFF_SECONDS = 40
"""Seed 002, A.4: "suite en 40 secondes (20+20)": 40 seconds a move from the 4th on."""

MIN_SECONDS = 10
MAX_SECONDS = 900
"""The bounds of one move's time (the event's time per move has the same)."""

MAX_RANGES = 30
MAX_TEXT = 200
"""The longest schedule (its ranges, its text: the application stores at most this)."""

_ITEM = re.compile(r"^(\d{1,4})(?:-(\d{1,4})?)?:(\d{1,5})$", re.ASCII)
_SECONDS = re.compile(r"^\d{1,5}$", re.ASCII)


def _refuse(code: str, /, **params: Param) -> Refusal:
    return Refusal(Message.of(f"duplicate.timing.{code}", **params))


@dataclass(frozen=True)
class TimeSchedule:
    """Each move's time in seconds: ``steps`` are ``(first_move, seconds)``, the first at
    move 1, first moves increasing, neighbours with different times; a step runs up to the
    move before the next one, the last to the end of the game."""

    steps: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if not self.steps:
            raise _refuse("empty")
        if len(self.steps) > MAX_RANGES:
            raise _refuse("too_long", limit=MAX_RANGES)
        if self.steps[0][0] != 1:
            raise _refuse("start", first=self.steps[0][0])
        for (first, seconds), (after, later) in zip(self.steps, self.steps[1:], strict=False):
            if after <= first:
                raise _refuse("overlap", move=after)
            if later == seconds:
                raise ValueError(f"steps not merged: {self.steps!r}")
        for first, seconds in self.steps:
            if not MIN_SECONDS <= seconds <= MAX_SECONDS:
                raise _refuse(
                    "seconds", item=f"{first}:{seconds}", low=MIN_SECONDS, high=MAX_SECONDS
                )

    @classmethod
    def uniform(cls, seconds: int) -> TimeSchedule:
        """The same time for every move."""
        return cls(((1, seconds),))

    @classmethod
    def of(cls, steps: Iterable[tuple[int, int]]) -> TimeSchedule:
        """The schedule of ``(first_move, seconds)`` steps, neighbours of equal time merged."""
        merged: list[tuple[int, int]] = []
        for first, seconds in steps:
            if merged and merged[-1][1] == seconds and first > merged[-1][0]:
                continue
            merged.append((first, seconds))
        return cls(tuple(merged))

    def seconds_for(self, move: int) -> int:
        """The time of move ``move`` (from 1)."""
        if move < 1:
            raise ValueError(f"no move {move}")
        seconds = self.steps[0][1]
        for first, time in self.steps:
            if first > move:
                break
            seconds = time
        return seconds

    @property
    def shortest(self) -> int:
        """The shortest time of any move."""
        return min(seconds for _, seconds in self.steps)

    @property
    def is_uniform(self) -> bool:
        return len(self.steps) == 1

    def ranges(self) -> list[tuple[int, int | None, int]]:
        """``(first, last, seconds)`` of each range, ``last`` ``None`` for the open one."""
        ends: list[int | None] = [first - 1 for first, _ in self.steps[1:]]
        return [(f, e, s) for (f, s), e in zip(self.steps, [*ends, None], strict=True)]

    def __str__(self) -> str:
        if self.is_uniform:
            return str(self.steps[0][1])
        items = []
        for first, last, seconds in self.ranges():
            span = (
                f"{first}-"
                if last is None
                else (f"{first}" if last == first else f"{first}-{last}")
            )
            items.append(f"{span}:{seconds}")
        return ",".join(items)


def parse(text: str) -> TimeSchedule:
    """The schedule written ``text`` (see the module); a :class:`Refusal` saying what is
    wrong with it otherwise."""
    compact = "".join(text.split())
    if not compact:
        raise _refuse("empty")
    if len(text) > MAX_TEXT:
        raise _refuse("too_long", limit=MAX_RANGES)
    if _SECONDS.match(compact):
        return TimeSchedule.uniform(_seconds(compact, int(compact)))
    items = compact.split(",")
    if len(items) > MAX_RANGES:
        raise _refuse("too_long", limit=MAX_RANGES)
    steps: list[tuple[int, int]] = []
    expected = 1
    open_end = False
    for item in items:
        match = _ITEM.match(item)
        if match is None:
            raise _refuse("syntax", item=item)
        if open_end:
            raise _refuse("after_open", item=item)
        first = int(match.group(1))
        open_end = item.split(":")[0].endswith("-")
        last = first if match.group(2) is None else int(match.group(2))
        seconds = _seconds(item, int(match.group(3)))
        if last < first:
            raise _refuse("reversed", item=item)
        if not steps and first != 1:
            raise _refuse("start", first=first)
        if first > expected:
            raise _refuse("gap", move=expected)
        if first < expected:
            raise _refuse("overlap", move=first)
        steps.append((first, seconds))
        expected = last + 1
    if not open_end:
        raise _refuse("open_end", move=expected)
    return TimeSchedule.of(steps)


def _seconds(item: str, seconds: int) -> int:
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise _refuse("seconds", item=item, low=MIN_SECONDS, high=MAX_SECONDS)
    return seconds


TITLE_PLAYOFF = TimeSchedule(((1, BLITZ_SECONDS), (PLAYOFF_BLITZ_MOVES + 1, PLAYOFF_SECONDS)))
"""Seed 002, A.4, the play-off of the Individual, Pairs and Espoirs titles: "3 coups en
blitz, suite en 40 secondes (20+20)" (the 40 seconds are the whole regulation time)."""

PRESETS: dict[str, TimeSchedule] = {
    "normal": TimeSchedule.uniform(NORMAL_SECONDS),
    "semi_rapid_150": TimeSchedule.uniform(SEMI_RAPID_SECONDS[0]),
    "semi_rapid_120": TimeSchedule.uniform(SEMI_RAPID_SECONDS[1]),
    "blitz": TimeSchedule.uniform(BLITZ_SECONDS),
    "title_playoff": TITLE_PLAYOFF,
}
"""The schedules the regulations name, by a stable key (the application words them)."""


def preset_of(schedule: TimeSchedule) -> str | None:
    """The key of the preset ``schedule`` is, if any."""
    return next((key for key, preset in PRESETS.items() if preset == schedule), None)


PLAYOFF_SCHEDULES: dict[str, TimeSchedule] = {
    "blitz_then_40s": TITLE_PLAYOFF,
    "joker_blitz": PRESETS["blitz"],
    "blitz": PRESETS["blitz"],
}
"""The time of each play-off of seed 002, A.4, by the play-off's name
(``arbitre.ranking.titles.PlayoffFormat``): 3 blitz moves then 40 s (Individual, Pairs,
Espoirs), a joker game in blitz (original games), blitz (Vermeils and Diamants)."""
