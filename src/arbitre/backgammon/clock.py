"""The two-sided match clock (seed 003, clock rules 2.1, 3.5-3.14, 4.1-4.5; rulings.md 6).

Each player's time = a time per match point x the match length + a break allowance (10 min
up to 9-point matches, 12 min for 11 points), plus a Fischer increment (9 s) added to the
player's time each time they end a move by pressing the clock. Every figure is a setting.

Time is read from an injected time source (a callable returning seconds, monotonic), so the
clock works with a real clock in the venue and instantly in tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from arbitre.backgammon.board import refusal

MESSAGE_CODES = frozenset(
    f"backgammon.{name}"
    for name in (
        "invalid_length",
        "not_running",
        "not_paused",
        "negative_penalty",
        "invalid_player",
        "time_out",
        "time_backwards",
        "clock_action",
        "no_flag",
    )
)
"""The refusals of the clock."""

TimeSource = Callable[[], float]


@dataclass(frozen=True)
class ClockSettings:
    """Clock rules 2.1 (CDF 2005 figures by default), all in seconds.

    ``break_allowances`` maps a largest match length to its break allowance; lengths above
    the last entry get the last allowance (a decision: the seed stops at 11 points).
    """

    per_point: float = 150.0
    break_allowances: tuple[tuple[int, float], ...] = ((9, 600.0), (11, 720.0))
    increment: float = 9.0

    def break_allowance(self, length: int) -> float:
        for largest, seconds in self.break_allowances:
            if length <= largest:
                return seconds
        return self.break_allowances[-1][1] if self.break_allowances else 0.0

    def budget(self, length: int) -> float:
        """Fixed time per player for a match of ``length`` points (increments excluded)."""
        if length < 1:
            raise refusal("invalid_length", length=length)
        return self.per_point * length + self.break_allowance(length)


def format_seconds(seconds: float) -> str:
    """``32:30`` (minutes:seconds), or ``1:02:05`` past an hour; negative shown as 0:00."""
    whole = max(int(seconds), 0)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass
class Clock:
    """A two-sided clock for players 0 and 1.

    ``start(player)`` sets the player's time running (3.5: the player with the lower opening
    die starts the clock of the other). ``press(player)`` ends that player's move: their time
    stops, the increment is added, the opponent's time runs. ``pause``/``resume`` neutralise
    the clock (3.14). A player whose time reaches zero has flagged (4.1): the clock stops.
    """

    length: int
    settings: ClockSettings = field(default_factory=ClockSettings)
    time_source: TimeSource = time.monotonic
    _remaining: list[float] = field(init=False)
    _running: int | None = field(init=False, default=None)
    _since: float = field(init=False, default=0.0)
    _paused: int | None = field(init=False, default=None)
    _flagged: int | None = field(init=False, default=None)
    moves: list[int] = field(init=False)

    def __post_init__(self) -> None:
        budget = self.settings.budget(self.length)
        self._remaining = [budget, budget]
        self.moves = [0, 0]

    # -- reading ---------------------------------------------------------------------------
    def remaining(self, player: int) -> float:
        """Seconds left to ``player`` now (never below zero)."""
        self._update()
        return max(self._remaining[player], 0.0)

    @property
    def running(self) -> int | None:
        """The player whose time runs, or None (stopped, paused or flagged)."""
        self._update()
        return self._running

    @property
    def paused(self) -> bool:
        """The clock is neutralised (3.14) and will resume on the same side."""
        self._update()
        return self._paused is not None

    @property
    def flagged(self) -> int | None:
        """The player whose time has run out, if any (4.1)."""
        self._update()
        return self._flagged

    # -- actions ---------------------------------------------------------------------------
    def start(self, player: int) -> None:
        """Start ``player``'s time (the start of the match or of a game)."""
        self._check_player(player)
        self._update()
        self._refuse_if_flagged()
        self._running = player
        self._paused = None
        self._since = self.time_source()

    def press(self, player: int) -> None:
        """``player`` ends their move (or cube action): increment, then the opponent's time."""
        self._check_player(player)
        self._update()
        self._refuse_if_flagged()
        if self._running != player:
            raise refusal("not_running", player=player + 1)
        self._remaining[player] += self.settings.increment
        self.moves[player] += 1
        self._running = 1 - player
        self._since = self.time_source()

    def pause(self) -> None:
        """Neutralise the clock (end of a game, a claim, a dropped die, a dispute: 3.14)."""
        self._update()
        if self._running is None:
            return
        self._paused = self._running
        self._running = None

    def resume(self) -> None:
        self._update()
        self._refuse_if_flagged()
        if self._paused is None:
            raise refusal("not_paused")
        self._running = self._paused
        self._paused = None
        self._since = self.time_source()

    def penalize(self, player: int, seconds: float) -> None:
        """Take ``seconds`` off ``player``'s time (e.g. 30 s for touching the dice, 3.9)."""
        self._check_player(player)
        if seconds < 0:
            raise refusal("negative_penalty", seconds=seconds)
        self._update()
        self._remaining[player] -= seconds
        if self._remaining[player] <= 0 and self._flagged is None:
            self._flag(player)

    def compensate(self, player: int, seconds: float) -> None:
        """Give ``player`` ``seconds`` more (clock rules 1.2: "des compensations peuvent être
        octroyées par le directeur du tournoi si un joueur a été lésé" by a faulty clock).
        A flag that fell is lifted when the time given leaves some: the clock then stays
        stopped until the director starts it again."""
        self._check_player(player)
        if seconds < 0:
            raise refusal("negative_penalty", seconds=seconds)
        self._update()
        self._remaining[player] += seconds
        if self._flagged == player and self._remaining[player] > 0:
            self._flagged = None

    # -- internals -------------------------------------------------------------------------
    def _check_player(self, player: int) -> None:
        if player not in (0, 1):
            raise refusal("invalid_player", player=player)

    def _refuse_if_flagged(self) -> None:
        if self._flagged is not None:
            raise refusal("time_out", player=self._flagged + 1)

    def _update(self) -> None:
        if self._running is None:
            return
        now = self.time_source()
        elapsed = now - self._since
        if elapsed < 0:
            raise refusal("time_backwards")
        self._remaining[self._running] -= elapsed
        self._since = now
        if self._remaining[self._running] <= 0:
            self._flag(self._running)

    def _flag(self, player: int) -> None:
        self._flagged = player
        self._remaining[player] = 0.0
        self._running = None
        self._paused = None


CLOCK_ACTIONS = ("start", "press", "pause", "resume", "penalize", "compensate", "flag")
"""What can happen to a match clock, as a table's log stores it."""


def flag_ending(clock: Clock) -> tuple[str, int | None] | None:
    """How the match ends when a flag is down (seed 003, clock rules 4.1-4.3 and 2.3).

    ``("time", winner)`` when one player's time has expired: "l'expiration du temps imparti
    à un joueur assure le gain du match à son adversaire" (4.3; the certain win of 4.3-4.5
    is the director's ruling, entered afterwards). ``("both_time", None)`` when both times
    are used up (2.3: "les deux joueurs marquent 0 point"). ``None`` while both have time.
    """
    out = [p for p in (0, 1) if clock.remaining(p) <= 0]
    if len(out) == 2:
        return ("both_time", None)
    if clock.flagged is not None:
        return ("time", 1 - clock.flagged)
    return ("time", 1 - out[0]) if out else None


@dataclass(frozen=True)
class ClockEvent:
    """One stored action on a match clock, ``at`` seconds from the log's start: a player's
    time started (3.5, 2.2), a press ending a move (3.6, 3.11: the closed-out player's pass
    is a press too), the clock neutralised and restarted (3.14), a time penalty (3.9, 2.3,
    3.15) or a compensation (1.2) of ``seconds``, or the flag seen down (4.1: the player
    who sees the opponent's time expired stops the clock)."""

    at: float
    action: str
    player: int | None = None
    seconds: float = 0.0


def replay(
    length: int,
    events: list[ClockEvent],
    now: float,
    settings: ClockSettings | None = None,
) -> Clock:
    """The clock of a ``length``-point match after ``events``, read at ``now`` (seconds
    from the same start): what a table's page shows after a reload, what the director's
    page shows for every table, from the actions stored at every press. The clock's own
    rules refuse what could not have happened (a press by the player whose time does not
    run, an action after a flag fell, a flag seen while both players have time, time going
    backwards); an unknown action is refused."""
    cursor = [events[0].at if events else now]
    clock = Clock(length, settings or ClockSettings(), time_source=lambda: cursor[0])
    for event in events:
        if event.action not in CLOCK_ACTIONS:
            raise refusal("clock_action", action=event.action)
        if event.at < cursor[0]:
            raise refusal("time_backwards")
        cursor[0] = event.at
        player = -1 if event.player is None else event.player
        if event.action == "start":
            clock.start(player)
        elif event.action == "press":
            clock.press(player)
        elif event.action == "pause":
            clock.pause()
        elif event.action == "resume":
            clock.resume()
        elif event.action == "penalize":
            clock.penalize(player, event.seconds)
        elif event.action == "flag":
            if flag_ending(clock) is None:
                raise refusal("no_flag")
        else:
            clock.compensate(player, event.seconds)
    if now < cursor[0]:
        raise refusal("time_backwards")
    cursor[0] = now
    return clock


def time_forfeit_winner(flagged: int, certain_win: bool = False) -> int:
    """The match winner when ``flagged``'s time has expired (seed 003, clock rules 4.1-4.5).

    The opponent wins the match, unless the director rules that the flagged player was in a
    position of certain win of the match when the time expired (4.3, 4.5).
    """
    if flagged not in (0, 1):
        raise refusal("invalid_player", player=flagged)
    return flagged if certain_win else 1 - flagged
