"""Lateness penalties (seed 003, 1.8 and 1.10; clock rules 1.3; rulings.md Backgammon 6-7).

- Without clock (1.10): from ``grace_minutes`` (20) after the official start, 1 point per
  started period of 5 minutes; the absent player is disqualified when the penalty points
  exceed half the match length (the seed's example: 4-0 in a 7-point match).
- Championship (1.8): the director may grant up to one hour for force majeure; after that
  hour, 3 points per period of 5 minutes (``LatenessSettings.championship()``).
- With clock (clock rules 1.3): a present player starts the absent opponent's clock, so the
  absent player loses the time elapsed; when both are absent, the first to arrive tells
  the director, who takes half of the elapsed time off both clocks and starts the absent
  player's clock.

A penalty says itself as a :class:`~arbitre.common.Message` (``LatenessPenalty.message``);
refusals are :class:`ChampionshipError` with a ``lateness.*`` code.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbitre.backgammon.championship.model import ChampionshipError
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(
    f"lateness.{name}"
    for name in (
        "no_penalty",
        "penalty_one",
        "penalty_many",
        "disqualified",
        "clock",
        "negative",
        "match_length",
        "negative_arrival",
    )
)
"""The codes of this module: the penalty's wording and the refusals."""


def _refuse(code: str, **params: Param) -> ChampionshipError:
    return ChampionshipError(Message.of(f"lateness.{code}", **params))


@dataclass(frozen=True)
class LatenessSettings:
    """Point penalties for a match without clock (seed 003, 1.10)."""

    grace_minutes: float = 20
    period_minutes: float = 5
    points_per_period: int = 1

    @classmethod
    def championship(cls) -> LatenessSettings:
        """Seed 003, 1.8: one hour granted for force majeure, then 3 points per 5 minutes."""
        return cls(grace_minutes=60, period_minutes=5, points_per_period=3)


@dataclass(frozen=True)
class LatenessPenalty:
    minutes_late: float
    penalty_points: int
    disqualified: bool

    @property
    def score_text(self) -> str:
        """The score the match starts from, penalty to the opponent (e.g. "4/0")."""
        return f"{self.penalty_points}/0"

    @property
    def message(self) -> Message:
        """The penalty in words: none, n points (the match starting at n/0), or the
        disqualification."""
        if self.disqualified:
            code = "disqualified"
        elif self.penalty_points == 0:
            code = "no_penalty"
        else:
            code = "penalty_one" if self.penalty_points == 1 else "penalty_many"
        return Message.of(f"lateness.{code}", penalty=self.penalty_points, score=self.score_text)


def point_penalty(
    minutes_late: float, match_length: int, settings: LatenessSettings | None = None
) -> LatenessPenalty:
    """Penalty points given to the opponent of a player ``minutes_late`` minutes late.

    The first period starts at the end of the grace: a player 20 minutes late already owes
    1 point (docs/backgammon-championship.md).
    """
    s = settings or LatenessSettings()
    if minutes_late < 0:
        raise _refuse("negative", minutes=minutes_late)
    if match_length < 1:
        raise _refuse("match_length", length=match_length)
    if minutes_late < s.grace_minutes:
        points = 0
    else:
        periods = (
            int((Fraction(minutes_late) - Fraction(s.grace_minutes)) // Fraction(s.period_minutes))
            + 1
        )
        points = periods * s.points_per_period
    disqualified = Fraction(points) > Fraction(match_length, 2)
    return LatenessPenalty(minutes_late, points, disqualified)


def disqualification_minute(match_length: int, settings: LatenessSettings | None = None) -> float:
    """The lateness (minutes) from which the absent player is disqualified."""
    s = settings or LatenessSettings()
    if match_length < 1:
        raise _refuse("match_length", length=match_length)
    periods = 1
    while Fraction(periods * s.points_per_period) <= Fraction(match_length, 2):
        periods += 1
    return s.grace_minutes + (periods - 1) * s.period_minutes


@dataclass(frozen=True)
class ClockLateness:
    """Time (minutes) taken off each player's clock for late arrivals (clock rules 1.3)."""

    deduction_a: float
    deduction_b: float

    @property
    def message(self) -> Message:
        """The time taken off each clock, in words."""
        return Message.of("lateness.clock", a_minutes=self.deduction_a, b_minutes=self.deduction_b)


def clock_lateness(arrival_a: float, arrival_b: float) -> ClockLateness:
    """Minutes after the official start at which each player arrived (0: on time).

    One absent: the opponent starts the clock, the absent player loses the elapsed time.
    Both absent: the first arrival at time t1 costs both t1 / 2; the director then starts
    the absent player's clock, which runs until they arrive.
    """
    if arrival_a < 0 or arrival_b < 0:
        raise _refuse("negative_arrival", a_minutes=arrival_a, b_minutes=arrival_b)
    first, second = sorted((arrival_a, arrival_b))
    if first == 0:
        return ClockLateness(arrival_a, arrival_b)
    half = first / 2
    late_extra = second - first
    if arrival_a <= arrival_b:
        return ClockLateness(half, half + late_extra)
    return ClockLateness(half + late_extra, half)


def clock_budget_minutes(match_length: int, per_point: float = 2.5) -> float:
    """Fixed time per player (clock rules 2.1; rulings.md Backgammon 6): 2.5 minutes per
    point plus the break allowance, 10 minutes up to 9 points and 12 minutes above."""
    if match_length < 1:
        raise _refuse("match_length", length=match_length)
    return per_point * match_length + (10 if match_length <= 9 else 12)


def loses_on_time(deduction: float, match_length: int) -> bool:
    """True when the time taken off for lateness uses the player's whole fixed time."""
    return deduction >= clock_budget_minutes(match_length)
