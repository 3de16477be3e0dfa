"""Timing of a Classic game (001 6; 000 6; rulings.md Classic 10).

Three kinds, by the seed's order of preference (001 6.1): a chess-style clock with a time
budget per player (:class:`ChessClock`), a per-move timer (:class:`MoveTimer`, 001 6.3) and a
global time credit for both players (:class:`GlobalCredit`, 001 6.4). Time is read from an
injected source (a callable returning seconds), so tests use :class:`ManualTime`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from arbitre.common.messages import Message, Param, Refusal

TimeSource = Callable[[], float]


MESSAGE_CODES = frozenset(
    f"classic_clock.{name}" for name in ("backwards", "player", "budget", "per_move", "credit")
)
"""Refusals of a clock's setting or operation (``classic_clock.*``)."""


class ClockError(Refusal):
    """A clock setting or operation that is not allowed."""


def _refuse(code: str, /, **params: Param) -> ClockError:
    return ClockError(Message.of(f"classic_clock.{code}", **params))


class ManualTime:
    """A time source moved by hand (tests, replays): ``advance(seconds)``."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise _refuse("backwards")
        self.now += seconds


class GameClock:
    """What the game needs of any clock.

    ``start(player)`` when the game starts (the second player starts the first player's
    time, 001 3.6); ``press(player)`` when ``player`` ends a turn; ``pause()`` / ``resume()``
    for an arbiter (challenges, incidents); ``out_of_time(player)``: the player's time is
    used up (chess clock); ``turn_expired(player)``: the current turn's time is used up (move
    timer); ``expired``: the global credit is used up.
    """

    kind = "none"

    def __init__(self, source: TimeSource | None = None) -> None:
        self.source: TimeSource = source or time.monotonic
        self.running: int | None = None
        self._since = 0.0
        self.paused = False

    def start(self, player: int) -> None:
        self._check_player(player)
        self.running = player
        self._since = self.source()
        self.paused = False

    def press(self, player: int) -> None:
        """``player`` ends their turn: the opponent's time runs (001 6.2.2)."""
        self._check_player(player)
        self._settle()
        self.running = 1 - player
        self._since = self.source()

    def pause(self) -> None:
        self._settle()
        self.paused = True

    def resume(self) -> None:
        self._since = self.source()
        self.paused = False

    def _settle(self) -> None:
        """Charge the running player the time elapsed since the last event."""
        now = self.source()
        if self.running is not None and not self.paused:
            self._charge(self.running, now - self._since)
        self._since = now

    def _elapsed_now(self, player: int) -> float:
        if self.running == player and not self.paused:
            return self.source() - self._since
        return 0.0

    def _charge(self, player: int, seconds: float) -> None:
        """Record ``seconds`` of thinking time for ``player``."""

    def out_of_time(self, player: int) -> bool:
        return False

    def turn_expired(self, player: int) -> bool:
        return False

    @property
    def expired(self) -> bool:
        return False

    @staticmethod
    def _check_player(player: int) -> None:
        if player not in (0, 1):
            raise _refuse("player", player=player)


class ChessClock(GameClock):
    """Each player has ``budget`` seconds for the whole game (001 6.2; 000 2.5, 6.1)."""

    kind = "chess"

    def __init__(self, budget: float, source: TimeSource | None = None) -> None:
        super().__init__(source)
        if budget <= 0:
            raise _refuse("budget")
        self.budget = float(budget)
        self.used = [0.0, 0.0]

    def _charge(self, player: int, seconds: float) -> None:
        self.used[player] += seconds

    def remaining(self, player: int) -> float:
        """Seconds left to ``player`` (negative once the flag has fallen)."""
        return self.budget - self.used[player] - self._elapsed_now(player)

    def out_of_time(self, player: int) -> bool:
        return self.remaining(player) <= 0


class MoveTimer(GameClock):
    """A time per move (001 6.3): the player who has not moved in time loses the turn."""

    kind = "move"

    def __init__(
        self, per_move: float, warning: float | None = None, source: TimeSource | None = None
    ) -> None:
        super().__init__(source)
        if per_move <= 0:
            raise _refuse("per_move")
        self.per_move = float(per_move)
        #: The first timer rings this many seconds before the end (001 6.3.1).
        self.warning = warning
        self._turn_used = 0.0

    def start(self, player: int) -> None:
        super().start(player)
        self._turn_used = 0.0

    def press(self, player: int) -> None:
        super().press(player)
        self._turn_used = 0.0

    def _charge(self, player: int, seconds: float) -> None:
        self._turn_used += seconds

    def turn_remaining(self) -> float:
        player = self.running if self.running is not None else 0
        return self.per_move - self._turn_used - self._elapsed_now(player)

    def turn_expired(self, player: int) -> bool:
        return self.running == player and self.turn_remaining() <= 0

    def warning_due(self) -> bool:
        """The first timer has rung (001 6.3.1)."""
        return self.warning is not None and self.turn_remaining() <= self.warning


class GlobalCredit(GameClock):
    """One time credit for the whole game and both players (001 6.4)."""

    kind = "global"

    def __init__(self, credit: float, source: TimeSource | None = None) -> None:
        super().__init__(source)
        if credit <= 0:
            raise _refuse("credit")
        self.credit = float(credit)
        self.used_by = [0.0, 0.0]

    def _charge(self, player: int, seconds: float) -> None:
        self.used_by[player] += seconds

    def remaining_credit(self) -> float:
        running = self.running if self.running is not None else 0
        return self.credit - sum(self.used_by) - self._elapsed_now(running)

    @property
    def expired(self) -> bool:
        return self.remaining_credit() <= 0
