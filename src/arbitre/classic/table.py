"""A Classic game at the table (seeds 001 and 000): clock, score sheet, challenges, incidents,
reckoning and signatures, driven by events and replayed from their list.

The board and the tiles are physical: the session does not know the racks. It records what
the players enter on the tablet (a word with its square and direction, blanks in lower case;
a pass; an exchange of n tiles), scores it with the board engine, counts the tiles left in
the bag and on each rack, runs the clock from the times the caller gives (no real time
here), and reports refusals as :class:`~arbitre.common.Refusal` carrying a ``classic_table.*``
code. :meth:`TableSession.apply` takes one event (a JSON-ready ``dict``: ``kind``, ``at`` in
seconds, and the event's fields); :func:`replay` rebuilds a session from the stored list, so
a reload or a second device sees the same state.

Events: ``start`` (the second player starts the clock after drawing, 001 3.6; 000 3.3),
``play``, ``pass``, ``exchange``, ``lose_turn`` (per-move timer, 001 6.3.2), ``flag`` (a
chess clock at zero), ``challenge`` / ``ruling`` (001 5; 000 5), ``neutralise`` / ``resume``,
``overdraw``, ``sanction``, ``accept_end``, ``director_end``, ``declare_rack``, ``sign``;
``late_start`` / ``arrive`` (the present player plays before a latecomer arrives, 001 10.5),
``impose_clock`` (the director times a game on a global credit, 001 6.4.2-6.4.3).

>>> s = TableSession(("Ana", "Bea"), lexicon={"MAISON"}, clock=ClockSettings("chess", 1500))
>>> s.apply({"kind": "start", "at": 0})
>>> s.apply({"kind": "play", "at": 30, "player": 0, "move": "H4 MAISON", "announced": 18})
>>> s.turns[0].score, s.turns[0].disputed, s.bag
(18, False, 82)
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitre.classic.game.game import GameResult, Toss, decide_toss
from arbitre.classic.game.gcg import NOTE_PREFIX, gcg_position, nick_of
from arbitre.classic.game.match import Match
from arbitre.classic.game.profiles import Profile, get_profile
from arbitre.classic.tournament.model import LossCause
from arbitre.classic.tournament.results import ResultEntry
from arbitre.common.messages import Message, Param, Refusal
from arbitre.scrabble.board import Board, IllegalMoveError
from arbitre.scrabble.move import Move, MoveParseError
from arbitre.scrabble.tiles import BLANK, RACK_SIZE, TILE_COUNTS, TILE_VALUES

#: Tiles of the French game (001 2.3.1: "102 lettres").
TOTAL_TILES = sum(TILE_COUNTS.values())
#: The bag must hold at least this many tiles for an exchange (001 4.3.1; 000 4.3).
EXCHANGE_MINIMUM = 7
#: Consecutive passes that end the game, three each (001 4.2.2; 000 4.2).
PASSES_TO_END = 6
#: Minimum minutes per player of the Belgian regulation (000 "Temps alloué").
CLOCK_KINDS = ("chess", "move", "global")
#: Why the clock is neutralised (001 4.1.6, 5.2, 10.2, 9.2; 000 4.1.3, 5.2, 9.1, 9.2, 9.6).
NEUTRALISATIONS = ("challenge", "score_dispute", "board", "arbiter", "overdraw", "absence")

MESSAGE_CODES = frozenset(
    f"classic_table.{name}"
    for name in (
        "clock_kind",
        "clock_seconds",
        "clock_minimum",
        "clock_warning",
        "two_names",
        "starter",
        "unknown_event",
        "time_backwards",
        "not_started",
        "already_started",
        "toss_needed",
        "toss_not_asked",
        "absent_clock",
        "not_absent",
        "late_start_profile",
        "late_absent",
        "impose_not_global",
        "impose_kind",
        "forfeit_early",
        "over",
        "went_out",
        "not_your_turn",
        "player",
        "out_of_time",
        "not_out_of_time",
        "turn_expired",
        "turn_not_expired",
        "credit_used_up",
        "game_not_signed",
        "match_over",
        "neutralised",
        "not_neutralised",
        "neutralisation_unknown",
        "absence_on_own_time",
        "move_unreadable",
        "move_illegal",
        "move_tiles",
        "too_many_tiles",
        "exchange_count",
        "exchange_bag",
        "exchange_opponent_out",
        "nothing_to_challenge",
        "challenge_not_yours",
        "challenge_empty",
        "not_just_played",
        "no_challenge",
        "override_word",
        "override_reason",
        "overdraw_extra",
        "overdraw_how",
        "sanction_kind",
        "loss_cause",
        "not_reckoning",
        "rack_size",
        "rack_tiles",
        "rack_declared",
        "not_finished",
        "signed",
        "note_challenge",
        "note_withdrawn",
        "note_penalty",
        "note_warning",
        "note_overdraw",
        "note_end_rack",
        "note_end_bonus",
        "note_score_dispute",
    )
)
"""Refusals of the table session, and the notes of its score sheet."""


class TableError(Refusal):
    """An event the rules (or the state of the table) do not allow now."""


def _m(code: str, **params: Param) -> Message:
    return Message.of(f"classic_table.{code}", **params)


def _refuse(code: str, **params: Param) -> TableError:
    return TableError(_m(code, **params))


def rack_value(tiles: Iterable[str]) -> int:
    """Face value of tiles, a blank worth 0 (001 7.1; 8.2: ``AAEB?XL`` is 17)."""
    return sum(TILE_VALUES[t] for t in tiles)


# -- the clock ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClockSettings:
    """The clock the director set for the event (001 6.1): ``chess`` (a credit per player for
    the whole game, 6.2), ``move`` (a time per move with a warning ``warning`` seconds before
    its end, 6.3), ``global`` (one credit for both players, 6.4). ``seconds``: the credit
    (per player, per move, or for both)."""

    kind: str
    seconds: int
    warning: int = 0

    def check(self, profile: Profile) -> None:
        """Refuses a kind or a credit the rules do not know; 000 "Temps alloué": at least
        20 minutes per player under ``fbs``, which only knows the chess clock (000 2.5)."""
        if self.kind not in CLOCK_KINDS:
            raise _refuse("clock_kind", kind=self.kind)
        if self.seconds <= 0:
            raise _refuse("clock_seconds", seconds=self.seconds)
        if self.kind == "move" and not 0 < self.warning < self.seconds:
            raise _refuse("clock_warning", warning=self.warning, seconds=self.seconds)
        minimum = profile.minimum_budget_minutes
        if minimum is not None and (self.kind != "chess" or self.seconds < minimum * 60):
            raise _refuse("clock_minimum", profile=profile.name, minimum=minimum)


class TableClock:
    """The clock of a table, read at times the caller supplies (seconds).

    ``press(player, at)`` ends ``player``'s turn and starts the opponent's (001 6.2.2);
    ``stop(at)`` / ``go(at)`` neutralise it and start it again: no time is charged in
    between. A chess clock charges each player their own time; a global credit charges both
    players' time to one credit; a per-move timer restarts at each press.
    """

    def __init__(self, settings: ClockSettings) -> None:
        self.settings = settings
        self.used = [0.0, 0.0]
        self.running: int | None = None
        self.stopped = True
        self._since = 0.0
        self._turn_used = 0.0

    def _settle(self, at: float) -> None:
        if self.running is not None and not self.stopped:
            spent = at - self._since
            self.used[self.running] += spent
            self._turn_used += spent
        self._since = at

    def start(self, player: int, at: float) -> None:
        self.running = player
        self.stopped = False
        self._since = at
        self._turn_used = 0.0

    def press(self, player: int, at: float) -> None:
        self._settle(at)
        self.running = 1 - player
        self._turn_used = 0.0

    def stop(self, at: float) -> None:
        self._settle(at)
        self.stopped = True

    def go(self, at: float) -> None:
        self._since = at
        self.stopped = False

    def _used_at(self, player: int, at: float) -> float:
        extra = at - self._since if self.running == player and not self.stopped else 0.0
        return self.used[player] + extra

    def remaining(self, player: int, at: float) -> float:
        """Seconds left: ``player``'s credit (chess), the shared credit (global), or the
        current turn's (per move; the full time for the player not to move)."""
        kind, seconds = self.settings.kind, self.settings.seconds
        if kind == "chess":
            return seconds - self._used_at(player, at)
        if kind == "global":
            return seconds - self._used_at(0, at) - self._used_at(1, at)
        if self.running != player:
            return float(seconds)
        extra = at - self._since if not self.stopped else 0.0
        return seconds - self._turn_used - extra

    def warned(self, at: float) -> bool:
        """The per-move timer's first alarm has rung for the player to move (001 6.3.1)."""
        if self.settings.kind != "move" or self.running is None:
            return False
        return self.remaining(self.running, at) <= self.settings.warning


# -- the score sheet ------------------------------------------------------------------------------


@dataclass
class TableTurn:
    """One turn as the sheet records it: ``kind`` ``play``, ``pass``, ``exchange`` or
    ``lost_turn``; for a play the move, the words formed and the engine's score, the score
    the player announced (``disputed`` when it differs, 001 4.1.6) and the tiles drawn."""

    number: int
    player: int
    kind: str
    at: float
    move: str = ""
    words: list[tuple[str, int]] = field(default_factory=list)
    score: int = 0
    announced: int | None = None
    count: int = 0
    drawn: int = 0
    automatic: bool = False
    withdrawn: bool = False
    #: The tiles the move placed (``?`` for a blank) and their squares.
    tiles: str = ""
    placed: tuple[tuple[int, int], ...] = ()
    #: The run of consecutive passes the play broke (restored if it is withdrawn and the
    #: setting of rulings.md Classic 9 counts it as a pass).
    run_before: int = 0

    @property
    def disputed(self) -> bool:
        return self.kind == "play" and self.announced is not None and self.announced != self.score

    @property
    def dispute(self) -> Message | None:
        """What the sheet shows the players to settle (001 4.1.6), when the score differs."""
        if not self.disputed:
            return None
        return _m("note_score_dispute", announced=self.announced, score=self.score)


@dataclass(frozen=True)
class TableLine:
    """A line of the score sheet: a turn's points, or an incident (``note``) or the
    reckoning."""

    player: int
    points: int
    turn: int | None = None
    note: Message | None = None


@dataclass(frozen=True)
class Challenge:
    """A challenge (001 5.2): the words contested, and for each whether it is admitted. The
    terminal shows only "admis" / "non admis". ``override``: the arbiter's ruling changed
    the word list's answer (appeal), with ``reason``."""

    challenger: int
    turn: int
    words: tuple[str, ...]
    admitted: tuple[bool, ...]
    at: float
    ruled: bool = False
    override: bool = False
    reason: str = ""


@dataclass(frozen=True)
class TableResult:
    """The game's result once reckoned: final scores, the winner (None: a draw, 001 8.1),
    why it ended, and the player who lost whatever the score with its cause (001 10.x)."""

    scores: tuple[int, int]
    winner: int | None
    reason: str
    loss: int | None = None
    loss_cause: LossCause | None = None
    #: The player declared forfeit for lateness (001 10.5; 000 9.5): 0 match points.
    forfeit: int | None = None


# -- the session --------------------------------------------------------------------------------


class TableSession:
    """One game at one table. Players are 0 and 1 in ``names`` order; ``starter`` starts
    (designated by the tournament, 000 3.1), or ``None``: a ``toss`` event decides it
    (001 3.1, :func:`~arbitre.classic.game.decide_toss`)."""

    def __init__(
        self,
        names: Sequence[str],
        lexicon: Container[str],
        profile: str | Profile = "ffsc",
        clock: ClockSettings | None = None,
        starter: int | None = 0,
    ) -> None:
        if len(names) != 2 or names[0] == names[1]:
            raise _refuse("two_names")
        if starter is not None and starter not in (0, 1):
            raise _refuse("starter", starter=starter)
        self.names = (str(names[0]), str(names[1]))
        self.lexicon = lexicon
        self.profile = get_profile(profile)
        self.settings = clock
        if clock is not None:
            clock.check(self.profile)
        self.clock = TableClock(clock) if clock is not None else None
        self.toss_needed = starter is None
        self.toss: Toss | None = None
        self.starter = 0 if starter is None else starter
        self.absent: int | None = None
        self.board = Board()
        self.bag = TOTAL_TILES - 2 * RACK_SIZE
        self.rack_size = [RACK_SIZE, RACK_SIZE]
        self.to_move = self.starter
        self.started = False
        self.turns: list[TableTurn] = []
        self.lines: list[TableLine] = []
        self.challenges: list[Challenge] = []
        self.out_of_time = [False, False]
        self.neutralised: str | None = None
        self.pass_run = 0
        self.ending: str | None = None  # "out" (a player went out), "deduct"
        self.went_out: int | None = None
        self.declared: list[str | None] = [None, None]
        self.result: TableResult | None = None
        self.signed = [False, False]
        self.last_at = 0.0
        self._open_turn: TableTurn | None = None  # the play open to a challenge
        self._loss: tuple[int, LossCause] | None = None

    # -- reading ----------------------------------------------------------------------------
    def score(self, player: int) -> int:
        return sum(line.points for line in self.lines if line.player == player)

    @property
    def scores(self) -> tuple[int, int]:
        return self.score(0), self.score(1)

    @property
    def reckoning(self) -> bool:
        """The game is over and waits for the tiles each player has left (001 7)."""
        return self.ending is not None and self.result is None

    @property
    def challengeable(self) -> TableTurn | None:
        return self._open_turn

    @property
    def pending_challenge(self) -> Challenge | None:
        if self.challenges and not self.challenges[-1].ruled:
            return self.challenges[-1]
        return None

    def forfeit_possible_at(self, at: float) -> float | None:
        """When the absent player (:attr:`absent`) may be declared forfeit, in the events'
        time read at ``at``: under ``fbs`` once half of their credit has run on the clock the
        director started ("le joueur est déclaré forfait quand la moitié de son crédit-temps
        est écoulé", seed 000, 9.5), a time to come while it runs; under ``ffsc`` at once,
        the director deciding (seed 001, 10.5: "déclarer perdant le retardataire (au bout de
        quelques minutes)"). ``None``: nobody is absent, the game is over, or the absent
        player's clock is stopped before half of it has run (no forfeit falls due).

        >>> s = TableSession(("Ana", "Bea"), set(), "fbs", ClockSettings("chess", 1200))
        >>> s.apply({"kind": "absent_clock", "at": 100, "player": 1})
        >>> s.forfeit_possible_at(400), s.forfeit_possible_at(800)
        (700.0, 800.0)
        """
        player = self.absent
        if player is None or self.result is not None:
            return None
        if not self.profile.absent_forfeit_at_half_budget:
            return float(at)
        clock = self.clock
        if clock is None:
            return None
        left = clock.remaining(player, at) - clock.settings.seconds / 2
        if left <= 0:
            return float(at)
        if clock.running != player or clock.stopped:
            return None
        return at + left

    # -- events -----------------------------------------------------------------------------
    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event; a refused event changes nothing."""
        kind = str(event.get("kind", ""))
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise _refuse("unknown_event", kind=kind)
        at = float(event.get("at", self.last_at))
        if at < self.last_at:
            raise _refuse("time_backwards", at=at, last=self.last_at)
        # an overdraw from the initial draw on (001 3.6, 10.1; 000 3.3, 9.1)
        before_start = (
            "start",
            "toss",
            "absent_clock",
            "late_start",
            "arrive",
            "forfeit",
            "overdraw",
        )
        if not self.started and self.result is None and kind not in before_start:
            raise _refuse("not_started")
        if self.result is not None and kind != "sign":
            raise _refuse("over")
        saved = {k: copy.deepcopy(v) for k, v in self.__dict__.items() if k != "lexicon"}
        try:
            handler(at, event)
        except Exception:
            self.__dict__.update(saved)
            raise
        self.last_at = at

    def _player(self, event: Mapping[str, Any]) -> int:
        player = event.get("player")
        if player not in (0, 1):
            raise _refuse("player", player=str(player))
        return int(player)

    def _on_start(self, at: float, event: Mapping[str, Any]) -> None:
        """001 3.6; 000 3.3: the second player starts the clock after drawing their last
        tile; the game has begun and the starter's time runs."""
        if self.started:
            raise _refuse("already_started")
        if self.toss_needed and self.toss is None:
            raise _refuse("toss_needed")
        if self.absent is not None:
            raise _refuse("absent_clock", player=self.names[self.absent])
        self.started = True
        if self.clock is not None:
            self.clock.start(self.starter, at)

    def _on_toss(self, at: float, event: Mapping[str, Any]) -> None:
        """001 3.1: each player draws a letter, the closer to A starts (the letters drawn,
        round by round, player 0's first)."""
        if not self.toss_needed or self.started:
            raise _refuse("toss_not_asked")
        rounds = [(str(a).upper(), str(b).upper()) for a, b in event.get("rounds", ())]
        try:
            toss = decide_toss(rounds)
        except Refusal as exc:
            raise TableError(exc.message) from None
        self.toss = toss
        self.starter = self.to_move = toss.starter

    def _on_absent_clock(self, at: float, event: Mapping[str, Any]) -> None:
        """A player is absent at the start of the round: the director starts their clock
        (000 9.5; 001 10.5 lets the present player wait on the absent player's time)."""
        player = self._player(event)
        if self.started or self.absent is not None:
            raise _refuse("already_started")
        if self.clock is None or self.clock.settings.kind != "chess":
            raise _refuse("absent_clock", player=self.names[player])
        self.absent = player
        self.clock.start(player, at)

    def _on_late_start(self, at: float, event: Mapping[str, Any]) -> None:
        """seed 001, 10.5: a player is late and the director lets the present player "piocher
        ses lettres, jouer, actionner la pendule et attendre le retardataire tant que son
        crédit-temps n'est pas épuisé". The game starts with the present player to move (the
        article has them play first, whoever the toss or the pairing named) and their chess
        clock running; once they press it the latecomer's time runs. The latecomer can
        neither play nor challenge before ``arrive``; their credit used up, they are out of
        time as 7.3.1 says. Profiles without this rule (000 9.5) refuse it."""
        player = self._player(event)
        if self.started or self.absent is not None:
            raise _refuse("already_started")
        if not self.profile.present_plays_when_late:
            raise _refuse("late_start_profile", profile=self.profile.name)
        if self.clock is None or self.clock.settings.kind != "chess":
            raise _refuse("absent_clock", player=self.names[player])
        self.absent = player
        self.started = True
        self.starter = self.to_move = 1 - player
        self.clock.start(1 - player, at)

    def _on_arrive(self, at: float, event: Mapping[str, Any]) -> None:
        """000 9.5: the absent player arrives in time: the clock is neutralised, the players
        draw their tiles and start normally (the time run stays used). seed 001, 10.5: the
        latecomer arrives in a game the present player started: "la partie continue
        normalement" (their clock keeps running if it is their turn)."""
        if self.absent is None:
            raise _refuse("not_absent")
        self.absent = None
        if self.started:
            return
        assert self.clock is not None
        self.clock.stop(at)

    def _on_forfeit(self, at: float, event: Mapping[str, Any]) -> None:
        """The absent player is declared forfeit: under ``fbs`` once half of their credit has
        run (000 9.5); under ``ffsc`` when the director decides (001 10.5)."""
        player = self._player(event)
        if self.started and self.absent != player:
            # 001 10.5: a latecomer the present player waits for may still be declared forfeit
            raise _refuse("already_started")
        if self.profile.absent_forfeit_at_half_budget:
            clock = self.clock
            if self.absent != player or clock is None:
                raise _refuse("not_absent")
            if clock.remaining(player, at) > clock.settings.seconds / 2:
                raise _refuse("forfeit_early", player=self.names[player])
        if self.clock is not None:
            self.clock.stop(at)
        self.ending = "forfeit"
        self.result = TableResult((0, 0), 1 - player, "forfeit", forfeit=player)

    def _begin_turn(self, at: float, event: Mapping[str, Any], what: str) -> int:
        if self.ending is not None:
            raise _refuse("over")
        if self.went_out is not None:
            raise _refuse("went_out", player=self.names[self.went_out])
        if self.neutralised is not None:
            raise _refuse("neutralised", reason=self.neutralised)
        player = self._player(event)
        if player == self.absent:
            raise _refuse("late_absent", player=self.names[player])
        if player != self.to_move:
            raise _refuse("not_your_turn", player=self.names[player])
        self._note_flags(at)
        if self.out_of_time[player]:
            raise _refuse("out_of_time", player=self.names[player])
        clock = self.clock
        if clock is not None and clock.settings.kind == "move":
            if clock.remaining(player, at) <= 0:
                raise _refuse("turn_expired", player=self.names[player])
        if clock is not None and clock.settings.kind == "global":
            if clock.remaining(player, at) <= 0:
                raise _refuse("credit_used_up")
        if what == "exchange" and self.out_of_time[1 - player]:
            # 001 7.3.1; 000 7.1.2: the opponent of a player out of time may not exchange.
            raise _refuse("exchange_opponent_out", opponent=self.names[1 - player])
        self._open_turn = None
        return player

    def _on_play(self, at: float, event: Mapping[str, Any]) -> None:
        """001 4.1: a word on the board, its score announced; the engine scores it and every
        word formed, not against the word list (a phony stays unless challenged, 5.4)."""
        player = self._begin_turn(at, event, "play")
        try:
            move = Move.parse(str(event.get("move", "")))
        except MoveParseError:
            raise _refuse("move_unreadable", move=str(event.get("move", ""))) from None
        try:
            result = self.board.score(move)
        except IllegalMoveError as exc:
            raise _refuse("move_illegal", move=str(move), rule=exc.message) from None
        placed = result.rack_tiles
        if len(placed) > self.rack_size[player]:
            raise _refuse("move_tiles", count=len(placed), rack=self.rack_size[player])
        on_board = Counter(BLANK if t.islower() else t for _, _, t in self.board.tiles())
        over = Counter(placed) + on_board - Counter(TILE_COUNTS)
        if over:
            raise _refuse("too_many_tiles", tile=sorted(over)[0])
        self.board.play(move)
        drawn = min(len(placed), self.bag)
        self.bag -= drawn
        self.rack_size[player] += drawn - len(placed)
        announced = event.get("announced")
        turn = TableTurn(
            len(self.turns) + 1,
            player,
            "play",
            at,
            str(result.move),
            list(result.words),
            result.score,
            None if announced is None else int(announced),
            count=len(placed),
            drawn=drawn,
            tiles="".join(sorted(placed)),
            placed=tuple((row, col) for row, col, _ in result.tiles_placed),
            run_before=self.pass_run,
        )
        self._add_turn(turn, result.score)
        self.pass_run = 0
        self._open_turn = turn
        self._press(player, at)
        if self.rack_size[player] == 0 and self.bag == 0:
            self.went_out = player  # 001 7.1, once the opponent accepts or challenges
        else:
            self._advance(player, at)

    def _on_pass(self, at: float, event: Mapping[str, Any]) -> None:
        """001 4.2: "JE PASSE"; six consecutive passes end the game (4.2.2)."""
        player = self._begin_turn(at, event, "pass")
        self._add_turn(TableTurn(len(self.turns) + 1, player, "pass", at), 0)
        self._press(player, at)
        if not self._count_pass(at):
            self._advance(player, at)

    def _on_exchange(self, at: float, event: Mapping[str, Any]) -> None:
        """001 4.3: "JE CHANGE n LETTRES", only with at least seven tiles in the bag."""
        player = self._begin_turn(at, event, "exchange")
        count = int(event.get("count", 0))
        if not 1 <= count <= self.rack_size[player]:
            raise _refuse("exchange_count", count=count, rack=self.rack_size[player])
        if self.bag < EXCHANGE_MINIMUM:
            raise _refuse("exchange_bag", bag=self.bag, minimum=EXCHANGE_MINIMUM)
        self._add_turn(TableTurn(len(self.turns) + 1, player, "exchange", at, count=count), 0)
        self.pass_run = 0
        self._press(player, at)
        self._advance(player, at)

    def _on_lose_turn(self, at: float, event: Mapping[str, Any]) -> None:
        """001 6.3.2: on a per-move timer, the player who has not moved when it rings loses
        the turn."""
        clock = self.clock
        player = self.to_move
        if clock is None or clock.settings.kind != "move" or clock.remaining(player, at) > 0:
            raise _refuse("turn_not_expired")
        if self.neutralised is not None or self.ending is not None:
            raise _refuse("neutralised", reason=self.neutralised or "over")
        self._open_turn = None
        self._add_turn(TableTurn(len(self.turns) + 1, player, "lost_turn", at), 0)
        self._press(player, at)
        if self.profile.count_lost_turns_as_passes:
            if self._count_pass(at):
                return
        else:
            self.pass_run = 0
        self._advance(player, at)

    def _on_flag(self, at: float, event: Mapping[str, Any]) -> None:
        """A chess clock at zero (001 7.3.1; 000 7.1.2), or the global credit used up:
        refused when the clock says otherwise."""
        player = self._player(event)
        clock = self.clock
        kind = None if clock is None else clock.settings.kind
        if clock is None or kind == "move" or clock.remaining(player, at) > 0:
            raise _refuse("not_out_of_time", player=self.names[player])
        if kind == "global":
            self._credit_used_up(at)
        else:
            self._note_flags(at)

    def _credit_used_up(self, at: float) -> None:
        """001 6.4: one credit for both players. The seed says nothing of its end; both
        players' time being used up at once, the game ends as 7.3.2 says (rulings.md Classic
        10): each deducts the face value of their own tiles. A move that went out before the
        credit ran out ends the game by 7.1 once the opponent challenges or accepts."""
        if self.ending is not None or self.went_out is not None:
            raise _refuse("over")
        self.out_of_time = [True, True]
        self._end("deduct", at)

    def _note_flags(self, at: float) -> None:
        """Mark the players whose chess-clock credit is used up (001 7.3.1; 000 7.1.2): they
        pass from now on and may still challenge; both out of time: each deducts their own
        tiles (001 7.3.2)."""
        clock = self.clock
        if clock is None or clock.settings.kind != "chess" or self.ending is not None:
            return
        for p in (0, 1):
            if clock.remaining(p, at) <= 0:
                self.out_of_time[p] = True
        if all(self.out_of_time):
            self._end("deduct", at)
        elif self.out_of_time[self.to_move] and self.went_out is None:
            self._auto_pass(self.to_move, at)

    def _auto_pass(self, player: int, at: float) -> None:
        turn = TableTurn(len(self.turns) + 1, player, "pass", at, automatic=True)
        self._add_turn(turn, 0)
        if self.clock is not None:
            self.clock.press(player, at)
        if not self._count_pass(at):
            self.to_move = 1 - player

    # -- challenges -------------------------------------------------------------------------
    def _on_challenge(self, at: float, event: Mapping[str, Any]) -> None:
        """001 5.1-5.2: the opponent contests one or more of the words the move just played
        formed (the clock stops); a word not just formed is refused. A player out of time may
        still challenge (001 7.3.1)."""
        player = self._player(event)
        turn = self._open_turn
        if turn is None or self.neutralised is not None:
            raise _refuse("nothing_to_challenge")
        if player == turn.player:
            raise _refuse("challenge_not_yours")
        if player == self.absent:
            raise _refuse("late_absent", player=self.names[player])
        words = [str(w).strip().upper() for w in event.get("words", ())]
        if not words:
            raise _refuse("challenge_empty")
        formed = Counter(w.upper() for w, _ in turn.words)
        extra = Counter(words) - formed
        if extra:
            raise _refuse("not_just_played", words=", ".join(sorted(extra)))
        admitted = tuple(w in self.lexicon for w in words)
        self.challenges.append(Challenge(player, turn.number, tuple(words), admitted, at))
        self._neutralise("challenge", at)

    def _on_ruling(self, at: float, event: Mapping[str, Any]) -> None:
        """001 5.3; 000 5.3: every word "non admis": the move is withdrawn and the player has
        passed; all "admis": the challenger loses the profile's penalty per word; mixed: the
        move is withdrawn and the challenger loses it per word wrongly challenged. The
        arbiter may override a word's verdict (appeal, 001 9.3) with a reason."""
        pending = self.pending_challenge
        if pending is None:
            raise _refuse("no_challenge")
        admitted = list(pending.admitted)
        override: Mapping[str, Any] = event.get("override") or {}
        if override:
            reason = str(event.get("reason", "")).strip()
            if not reason:
                raise _refuse("override_reason")
            for word, verdict in override.items():
                if word.upper() not in pending.words:
                    raise _refuse("override_word", word=word)
                admitted[pending.words.index(word.upper())] = bool(verdict)
        ruled = Challenge(
            pending.challenger,
            pending.turn,
            pending.words,
            tuple(admitted),
            pending.at,
            ruled=True,
            override=bool(override),
            reason=str(event.get("reason", "")).strip() if override else "",
        )
        self.challenges[-1] = ruled
        turn = self.turns[pending.turn - 1]
        wrongly = sum(admitted)
        withdrawn = not all(admitted)
        if withdrawn:
            self._withdraw(turn)
        penalty = self.profile.challenge_penalty * wrongly
        if penalty:
            words = ", ".join(w for w, ok in zip(ruled.words, admitted, strict=True) if ok)
            self.lines.append(
                TableLine(
                    ruled.challenger,
                    -penalty,
                    turn.number,
                    _m("note_challenge", words=words, points=penalty),
                )
            )
        self._open_turn = None
        self.neutralised = None
        if self.clock is not None and self.ending is None:
            self.clock.go(at)
        if self.went_out == turn.player and not withdrawn:
            self._end("out", at)

    def _withdraw(self, turn: TableTurn) -> None:
        """The player takes the tiles back and has passed (001 5.3); the tiles drawn go back
        to the bag."""
        self.board.undo()
        turn.withdrawn = True
        self.bag += turn.drawn
        self.rack_size[turn.player] += turn.count - turn.drawn
        self.lines.append(
            TableLine(turn.player, -turn.score, turn.number, _m("note_withdrawn", move=turn.move))
        )
        if self.went_out == turn.player:
            self.went_out = None
            self.to_move = 1 - turn.player
        if self.profile.count_lost_turns_as_passes:
            # rulings.md Classic 9 (001 4.2.2): the withdrawn move counts as a pass, so it
            # continues the run its play had broken
            self.pass_run = turn.run_before
            self._count_pass(turn.at)

    def _on_accept_end(self, at: float, event: Mapping[str, Any]) -> None:
        """The opponent does not challenge the move that went out: 001 7.1."""
        if self.went_out is None or self.ending is not None:
            raise _refuse("nothing_to_challenge")
        self._open_turn = None
        self._end("out", at)

    # -- neutralisations and incidents -------------------------------------------------------
    def _neutralise(self, reason: str, at: float) -> None:
        if self.neutralised is not None:
            raise _refuse("neutralised", reason=self.neutralised)
        self.neutralised = reason
        if self.clock is not None:
            self.clock.stop(at)

    def _on_neutralise(self, at: float, event: Mapping[str, Any]) -> None:
        """The clock stops for a score dispute (001 4.1.6), an overturned board (10.2), an
        arbiter's call (9.2), an overdraw (000 9.1) or an absence the opponent agrees to (000
        9.6). Under ``ffsc`` an absence is on the player's own time (001 10.6): refused."""
        reason = str(event.get("reason", ""))
        if reason not in NEUTRALISATIONS or reason == "challenge":
            raise _refuse("neutralisation_unknown", reason=reason)
        if reason == "absence" and self.profile.name == "ffsc":
            raise _refuse("absence_on_own_time")
        self._neutralise(reason, at)

    def _on_resume(self, at: float, event: Mapping[str, Any]) -> None:
        if self.neutralised is None or self.neutralised == "challenge":
            raise _refuse("not_neutralised")
        self.neutralised = None
        if self.clock is not None:
            self.clock.go(at)

    def _on_overdraw(self, at: float, event: Mapping[str, Any]) -> None:
        """001 10.1; 000 9.1: tiles drawn too many. Unseen: taken back, no penalty. Seen: the
        profile's penalty (5 flat under ``ffsc``, 5 per tile under ``fbs``). Found by an
        arbiter: the game is lost under ``ffsc`` (10.1.3), a seen overdraw under ``fbs``.
        Recorded from the initial draw on, before the clock starts (the second player starts
        it "après avoir tiré sa dernière lettre", 001 3.6); a running clock is neutralised
        ("Dès qu'un joueur ou un arbitre s'aperçoit de l'erreur, la pendule est
        neutralisée", seed 000, 9.1), the players resuming once the tiles are taken back."""
        player = self._player(event)
        extra = int(event.get("extra", 0))
        how = str(event.get("how", ""))
        if extra <= 0:
            raise _refuse("overdraw_extra", extra=extra)
        if how not in ("unseen", "seen", "arbiter"):
            raise _refuse("overdraw_how", how=how)
        if self.started and self.neutralised is None and self.ending is None:
            self._neutralise("overdraw", at)
        if how == "arbiter" and self.profile.overdraw_found_by_arbiter_loses:
            self._lose(player, LossCause.OVERDRAW, at)
            return
        if how == "unseen":
            return
        points = self.profile.overdraw_points(extra)
        self.lines.append(
            TableLine(player, -points, None, _m("note_overdraw", count=extra, points=points))
        )

    def _on_sanction(self, at: float, event: Mapping[str, Any]) -> None:
        """The arbiters' scale (001 9.2: warning, 20 points, loss of the game; 000 8.2:
        warning, 5 points, loss); ``points`` gives the director's own figure. A loss names
        its cause (001 10.x; 000 9.x)."""
        player = self._player(event)
        what = str(event.get("sanction", ""))
        reason = str(event.get("reason", ""))
        if what == "warning":
            self.lines.append(TableLine(player, 0, None, _m("note_warning", reason=reason)))
        elif what == "points":
            # The director may soften or strengthen the arbiter's figure (001 9.3; 000 8.3).
            points = int(event.get("points") or self.profile.arbiter_penalty)
            if points <= 0:
                raise _refuse("sanction_kind", sanction=f"{what} {points}")
            self.lines.append(
                TableLine(player, -points, None, _m("note_penalty", reason=reason, points=points))
            )
        elif what == "loss":
            try:
                cause = LossCause(str(event.get("cause", "sanction")))
            except ValueError:
                raise _refuse("loss_cause", cause=str(event.get("cause"))) from None
            if cause is LossCause.OVERDRAW and not self.profile.overdraw_found_by_arbiter_loses:
                raise _refuse("loss_cause", cause=cause.value)
            self._lose(player, cause, at)
        else:
            raise _refuse("sanction_kind", sanction=what)

    def _lose(self, player: int, cause: LossCause, at: float) -> None:
        """The player loses whatever the score (001 10.1.3, 10.2, 10.3, 9.2; 000 9.2, 9.3);
        the scores stay as the sheet has them."""
        self._loss = (player, cause)
        self._open_turn = None
        if self.clock is not None:
            self.clock.stop(at)
        scores = self.scores
        self.ending = "loss"
        self.result = TableResult(scores, 1 - player, "loss", player, cause)

    def _on_impose_clock(self, at: float, event: Mapping[str, Any]) -> None:
        """seed 001, 6.4.2 and 001 6.4.3: in a game on a global time credit (6.4.1) or without a
        clock, the director may impose "chronométrage individuel" on a slow game (6.4.2) or
        "un mode de chronométrage pour la fin de partie (pendule ou chronomètre)" (6.4.3): a
        chess clock (``seconds`` per player, 6.2) or a per-move timer (``seconds`` per move,
        ``warning`` before its end, 6.3). The articles give no amount: the director's. The
        new clock replaces the credit from ``at`` on and runs for the player to move (stopped
        while the game is neutralised); time already used is not charged to it."""
        if self.ending is not None or self.went_out is not None:
            raise _refuse("over")
        if self.clock is not None and self.clock.settings.kind != "global":
            raise _refuse("impose_not_global", kind=self.clock.settings.kind)
        kind = str(event.get("clock", ""))
        if kind not in ("chess", "move"):
            raise _refuse("impose_kind", kind=kind)
        try:
            seconds, warning = int(event.get("seconds", 0)), int(event.get("warning", 0))
        except (TypeError, ValueError):
            raise _refuse("clock_seconds", seconds=str(event.get("seconds"))) from None
        settings = ClockSettings(kind, seconds, warning if kind == "move" else 0)
        settings.check(self.profile)
        self.settings = settings
        self.clock = TableClock(settings)
        self.clock.start(self.to_move, at)
        if self.neutralised is not None:
            self.clock.stop(at)

    def _on_director_end(self, at: float, event: Mapping[str, Any]) -> None:
        """The director ends the game (a global credit used up, 001 6.4.3; an interruption):
        each player deducts their own tiles (7.3.2)."""
        if self.ending is not None:
            raise _refuse("over")
        self._end("deduct", at)

    # -- the end ----------------------------------------------------------------------------
    def _end(self, how: str, at: float) -> None:
        self.ending = how
        self._open_turn = None
        self.neutralised = None
        if self.clock is not None:
            self.clock.stop(at)

    def _on_declare_rack(self, at: float, event: Mapping[str, Any]) -> None:
        """The tiles a player has left at the end (001 7): as many as the sheet says the
        rack holds, and tiles the game still has (not on the board, not on the other rack).
        Once the racks that count are declared, the reckoning is made."""
        if not self.reckoning:
            raise _refuse("not_reckoning")
        player = self._player(event)
        tiles = [t for t in str(event.get("tiles", "")).upper() if not t.isspace()]
        if self.declared[player] is not None:
            raise _refuse("rack_declared", player=self.names[player])
        if len(tiles) != self.rack_size[player]:
            raise _refuse("rack_size", count=len(tiles), size=self.rack_size[player])
        unseen = Counter(TILE_COUNTS) - Counter(
            BLANK if t.islower() else t for _, _, t in self.board.tiles()
        )
        other = self.declared[1 - player]
        if other is not None:
            unseen -= Counter(other)
        if any(t not in TILE_COUNTS for t in tiles) or Counter(tiles) - unseen:
            raise _refuse("rack_tiles", tiles="".join(tiles))
        self.declared[player] = "".join(sorted(tiles))
        if all(self.declared[p] is not None for p in (0, 1)):
            self._reckon()

    def _reckon(self) -> None:
        """001 7.1: the player who went out adds the opponent's tiles, which the opponent
        deducts; otherwise (six passes 4.2.2, blocked 7.2, both out of time 7.3.2, the
        director) each deducts their own. The winner has at least one point more (8.1)."""
        racks = [self.declared[0] or "", self.declared[1] or ""]
        if self.ending == "out" and self.went_out is not None:
            out = self.went_out
            value = rack_value(racks[1 - out])
            self.lines.append(
                TableLine(1 - out, -value, None, _m("note_end_rack", tiles=racks[1 - out]))
            )
            self.lines.append(
                TableLine(out, value, None, _m("note_end_bonus", tiles=racks[1 - out]))
            )
        else:
            for p in (self.starter, 1 - self.starter):
                value = rack_value(racks[p])
                self.lines.append(TableLine(p, -value, None, _m("note_end_rack", tiles=racks[p])))
        scores = self.scores
        winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
        self.result = TableResult(scores, winner, self.ending or "deduct")

    def _on_sign(self, at: float, event: Mapping[str, Any]) -> None:
        """Both players sign the sheet (001 2.4.2; 000 7.3); then the result goes to the
        round."""
        if self.result is None:
            raise _refuse("not_finished")
        player = self._player(event)
        if self.signed[player]:
            raise _refuse("signed", player=self.names[player])
        self.signed[player] = True

    # -- internals --------------------------------------------------------------------------
    def _add_turn(self, turn: TableTurn, points: int) -> None:
        self.turns.append(turn)
        self.lines.append(TableLine(turn.player, points, turn.number))

    def _press(self, player: int, at: float) -> None:
        if self.clock is not None:
            self.clock.press(player, at)

    def _count_pass(self, at: float) -> bool:
        """Count a pass; six consecutive end the game (001 4.2.2): each deducts their own."""
        self.pass_run += 1
        if self.pass_run >= PASSES_TO_END:
            self._end("deduct", at)
            return True
        return False

    def _advance(self, player: int, at: float) -> None:
        """The turn goes to the opponent; an opponent out of time passes (000 7.1.2) and the
        player plays on alone (001 7.3.1)."""
        self.to_move = 1 - player
        self._note_flags(at)

    @property
    def signed_result(self) -> TableResult | None:
        """The result the round can take: once both players have signed."""
        return self.result if self.result is not None and all(self.signed) else None


def round_entry(session: TableSession, round_number: int, table: int = 0) -> ResultEntry:
    """The signed result as the round takes it (player 0 is the table's player A): the
    sheet's scores and, for a loss whatever the score, the side and its cause."""
    result = session.signed_result
    if result is None:
        raise _refuse("not_finished")
    loss = "" if result.loss is None else "ab"[result.loss]
    scores: list[int | None] = list(result.scores)
    if result.forfeit is not None:
        scores[result.forfeit] = None
    return ResultEntry(
        round_number,
        session.names[0],
        session.names[1],
        scores[0],
        scores[1],
        forfeit="" if result.forfeit is None else "ab"[result.forfeit],
        starts=None if result.forfeit is not None else session.names[session.starter],
        table=table,
        loss=loss,
        loss_cause=result.loss_cause.value if result.loss_cause else "",
    )


def _end_reason(session: TableSession, result: TableResult) -> str:
    """The GCG ``result`` note's reason (the words of :mod:`arbitre.classic.game.gcg`)."""
    if result.reason == "forfeit":
        return "forfeit"
    if result.reason == "loss":
        cause = result.loss_cause
        if cause is LossCause.OVERDRAW:
            return "overdraw"
        return "abandon" if cause is LossCause.ABANDON else "sanction"
    if result.reason == "out":
        return "out"
    if all(session.out_of_time):
        return "time"
    return "passes" if session.pass_run >= PASSES_TO_END else "director"


def to_gcg(session: TableSession, title: str | None = None) -> str:
    """The game as a GCG record (:mod:`arbitre.classic.game.gcg`; player1 is the starter).

    The racks are not known at a table: a move's rack is the tiles it placed, a pass, an
    exchange (``-n``) or a withdrawn move has none; the challenges, penalties, warnings,
    flags and the result are the project's ``#note arbitre:`` lines.
    """
    nicks = [nick_of(n) for n in session.names]
    if nicks[0] == nicks[1]:
        nicks = [f"{nicks[0]}_1", f"{nicks[1]}_2"]
    out = ["#character-encoding UTF-8"]
    for i, p in enumerate((session.starter, 1 - session.starter), 1):
        out.append(f"#player{i} {nicks[p]} {session.names[p]}")
    if title:
        out.append(f"#title {title}")
    out.append(f"#description Scrabble classique, profile={session.profile.name}")
    note = f"#note {NOTE_PREFIX}"
    totals = [0, 0]
    challenged: set[int] = set()
    flags_written = False
    for line in session.lines:
        p = line.player
        totals[p] += line.points
        head = f">{nicks[p]}:"
        code = line.note.code.rpartition(".")[2] if line.note is not None else ""
        turn = session.turns[line.turn - 1] if line.turn is not None else None
        if code in ("note_end_rack", "note_end_bonus") and not flags_written:
            flags_written = True
            for q in (session.starter, 1 - session.starter):
                if session.out_of_time[q] and not any(
                    t.automatic and t.player == q for t in session.turns
                ):
                    out.append(f"{note} out-of-time {nicks[q]}")
        if turn is not None and code in ("note_withdrawn", "note_challenge"):
            ch = next(c for c in session.challenges if c.turn == turn.number and c.ruled)
            if turn.number not in challenged:
                challenged.add(turn.number)
                out.append(f"{note} challenge {nicks[ch.challenger]} {' '.join(ch.words)}")
        if turn is not None and not code:
            if turn.kind == "play":
                move = Move.parse(turn.move)
                placed = set(turn.placed)
                word = "".join(
                    letter if sq in placed else "."
                    for sq, letter in zip(move.squares(), move.word, strict=True)
                )
                pos = gcg_position(move.row, move.col, move.horizontal)
                out.append(f"{head} {turn.tiles} {pos} {word} +{line.points} {totals[p]}")
            elif turn.kind == "exchange":
                out.append(f"{head} -{turn.count} +0 {totals[p]}")
            else:
                out.append(f"{head} - +0 {totals[p]}")
                if turn.kind == "lost_turn":
                    out.append(f"{note} lost-turn")
                elif turn.automatic:
                    out.append(f"{note} out-of-time {nicks[p]}")
        elif code == "note_withdrawn" and turn is not None:
            out.append(f"{head} {turn.tiles} -- -{abs(line.points)} {totals[p]}")
        elif code == "note_challenge":
            out.append(f"{note} penalty {nicks[p]} {line.points} challenge")
        elif code == "note_penalty":
            out.append(f"{note} penalty {nicks[p]} {line.points} sanction")
        elif code == "note_overdraw":
            out.append(f"{note} penalty {nicks[p]} {line.points} overdraw")
        elif code == "note_warning":
            out.append(f"{note} warning {nicks[p]}")
        elif code == "note_end_bonus" and line.points:
            tiles = str(line.note.params["tiles"]) if line.note else ""
            out.append(f"{head} ({tiles}) +{line.points} {totals[p]}")
        elif code == "note_end_rack" and line.note is not None and line.note.params["tiles"]:
            tiles = str(line.note.params["tiles"])
            out.append(f"{head} {tiles} ({tiles}) -{abs(line.points)} {totals[p]}")
    result = session.result
    if result is not None:
        winner = "draw" if result.winner is None else nicks[result.winner]
        out.append(f"{note} result {_end_reason(session, result)} {winner}")
    return "\n".join(out) + "\n"


def replay(
    names: Sequence[str],
    lexicon: Container[str],
    events: Iterable[Mapping[str, Any]],
    profile: str | Profile = "ffsc",
    clock: ClockSettings | None = None,
    starter: int | None = 0,
) -> TableSession:
    """The session rebuilt from its stored events (refused events are never stored)."""
    session = TableSession(names, lexicon, profile, clock, starter)
    for event in events:
        session.apply(event)
    return session


# -- a match at one table ---------------------------------------------------------------------


class TableMatch:
    """The games of one match at one table: one game, or best of three (001 2.4, 3.2; 000
    3.1; rulings.md Classic 8), game 3 only if the first two leave the match open.

    Who starts (:meth:`Match.next_starter`): game 1 by ``starters[0]`` (``None``: a toss,
    001 3.1); game 2 by the player who did not start game 1 (001 3.2: who lost the toss;
    000 3.1); game 3 by ``starters[2]`` (``None``: a new toss, 001 3.2; 000: the tournament's
    designation). Each game is signed on its own; a ``next_game`` event then starts the next
    game of the match; every other event goes to the game in play.
    """

    def __init__(
        self,
        names: Sequence[str],
        lexicon: Container[str],
        profile: str | Profile = "ffsc",
        clock: ClockSettings | None = None,
        starters: Sequence[int | None] = (0,),
        best_of: int = 1,
    ) -> None:
        first = TableSession(names, lexicon, profile, clock, starters[0] if starters else 0)
        self.rules = Match(first.names, best_of)
        self.best_of = best_of
        self.designated = [*starters, *[None] * 3][:3]
        self._setup = (lexicon, first.profile, clock)
        self.games = [first]

    @property
    def current(self) -> TableSession:
        """The game in play (the last one)."""
        return self.games[-1]

    @property
    def last_at(self) -> float:
        return self.current.last_at

    def match(self) -> Match:
        """The match so far: the games signed, with who started each."""
        m = Match(self.rules.names, self.best_of)
        for game in self.games:
            signed = game.signed_result
            if signed is None:
                break
            m.results.append(
                GameResult(signed.scores, signed.winner, signed.reason, signed.forfeit)
            )
            m.starters.append(game.starter)
        return m

    @property
    def over(self) -> bool:
        """Every game needed is signed: the match has its result."""
        return self.current.signed_result is not None and self.match().over

    @property
    def next_game_due(self) -> bool:
        """The game in play is signed and the match is still open."""
        return self.current.signed_result is not None and not self.match().over

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event to the game in play, or start the next game (``next_game``)."""
        if str(event.get("kind", "")) != "next_game":
            self.current.apply(event)
            return
        if self.current.signed_result is None:
            raise _refuse("game_not_signed", game=len(self.games))
        m = self.match()
        if m.over:
            raise _refuse("match_over")
        at = float(event.get("at", self.last_at))
        if at < self.last_at:
            raise _refuse("time_backwards", at=at, last=self.last_at)
        lexicon, profile, clock = self._setup
        starter = m.next_starter(self.designated[len(self.games)])
        game = TableSession(self.rules.names, lexicon, profile, clock, starter)
        game.last_at = at
        self.games.append(game)


def replay_match(
    names: Sequence[str],
    lexicon: Container[str],
    events: Iterable[Mapping[str, Any]],
    profile: str | Profile = "ffsc",
    clock: ClockSettings | None = None,
    starters: Sequence[int | None] = (0,),
    best_of: int = 1,
) -> TableMatch:
    """The match rebuilt from its stored events."""
    match = TableMatch(names, lexicon, profile, clock, starters, best_of)
    for event in events:
        match.apply(event)
    return match
