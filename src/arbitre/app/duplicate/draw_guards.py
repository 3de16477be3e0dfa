"""Checks another app adds on the draws and the start of a Duplicate game: each says why the
game may not be drawn or started now (French), or nothing. The simultanés add one: a centre's
game of a simultané not yet opened with its code (``arbitre.app.simultane.unopened``). The
Duplicate app knows none of them (no import of theirs), they register in their
``AppConfig.ready``."""

from __future__ import annotations

from collections.abc import Callable

from arbitre.app.duplicate.models import Game

Guard = Callable[[Game], str | None]
"""``game -> reason``: why ``game`` may not be drawn or started now, None when it may."""

GUARDED = frozenset({"draw_random", "draw_entered", "reject_entered", "start_timer"})
"""The chief arbiter's actions the guards check: a draw, at random or typed (a rejected
draw typed is a draw too), and the start of the time to play."""

_guards: list[Guard] = []


def add(guard: Guard) -> None:
    """Check ``guard`` before every draw and start (once, however often it is added)."""
    if guard not in _guards:
        _guards.append(guard)


def refusal(game: Game) -> str | None:
    """The first reason a guard gives against drawing or starting ``game``, or None."""
    for guard in _guards:
        reason = guard(game)
        if reason is not None:
            return reason
    return None
