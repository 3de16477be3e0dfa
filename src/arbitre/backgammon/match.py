"""A backgammon match to N points: games, dice, checker play, cube, Crawford (seed 003, 6).

The :class:`Match` records and checks a match as it is played over the board: every action
(opening roll, roll, move, double, take, drop, resignation) is validated, then applied; any
action can be undone. Players are 0 and 1.

Rules implemented (seed 003):

- 6.2: no automatic doubles (equal opening dice are rolled again, the cube stays at 1); no
  beaver (the taker cannot redouble at once: the cube goes to them, they double only on a
  later turn of theirs, before rolling).
- 6.3: a player may double on their turn before rolling, even from the bar against a closed
  board.
- 6.4: no Jacoby rule: gammons and backgammons count with a centred cube.
- 6.5: Crawford: the first game after a player reaches N-1 points is played without the
  cube; later games (post-Crawford) use it again. A double sent by mistake in the Crawford
  game (recorded with ``crawford_violation=True``) can be annulled by the leader until the
  next game starts: the game is then scored with the cube at 1.
- 6.6: the cube starts each game in the centre, worth 1.
- Scoring: single game, gammon (loser bore off no checker) and backgammon (and also has a
  checker on the bar or in the winner's home board) score 1, 2 or 3 times the cube; a
  dropped double scores the cube value before the double; an accepted resignation scores
  the level offered times the cube. A player starting a game with fewer than 15 checkers
  still loses a gammon or backgammon (3.17): "bore off no checker" is counted from the
  checkers that player had at the start of the game.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import Enum

from arbitre.backgammon.board import (
    BAR,
    MAX_CHECKERS,
    BackgammonError,
    Dice,
    Move,
    Position,
    Step,
    format_steps,
    refusal,
)
from arbitre.common.messages import Message

MAX_CUBE = 1 << 12


class Phase(Enum):
    OPENING = "opening roll"  # each player rolls one die
    ROLL = "roll or double"  # the player on roll may double, then rolls
    DOUBLED = "double offered"  # the opponent takes or drops
    MOVE = "move"  # the dice are rolled, the player moves
    RESIGNATION = "resignation offered"  # the opponent accepts or rejects
    GAME_OVER = "game over"
    MATCH_OVER = "match over"

    @property
    def label(self) -> Message:
        """The phase's name, to be worded."""
        return Message.of(f"backgammon.phase.{self.name.lower()}")


MESSAGE_CODES = frozenset(
    {f"backgammon.phase.{phase.name.lower()}" for phase in Phase}
    | {
        f"backgammon.{name}"
        for name in (
            "match_length",
            "invalid_player",
            "nothing_to_undo",
            "no_opening_now",
            "invalid_die",
            "equal_opening",
            "illegal_move",
            "no_resignation_now",
            "resignation_level",
            "no_crawford_double",
            "leader_annuls",
            "match_over",
            "wrong_phase",
            "double_when",
            "double_on_roll",
            "cube_owned",
            "crawford_no_double",
            "cube_max",
            "no_setup_now",
            "start_checkers",
            "more_checkers",
            "side_empty",
            "not_closed_out",
            "start_correction_late",
            "start_replay",
        )
    }
)
"""The refusals of a match, and the names of its phases."""


START_CORRECTION_ROLL = 4
"""Seed 003, 3.16: a wrong starting position is corrected "avant le quatrième lancer de dés
de la partie"."""

SINGLE, GAMMON, BACKGAMMON = 1, 2, 3
RESULT_NAMES = {SINGLE: "single", GAMMON: "gammon", BACKGAMMON: "backgammon"}


@dataclass(frozen=True)
class Action:
    """One recorded action of a game, for records and exports (.mat)."""

    player: int
    kind: str  # "move", "pass", "double", "take", "drop", "resign", "accept", "reject"
    dice: Dice | None = None
    steps: tuple[Step, ...] = ()
    value: int = 0  # the new cube value for "double", the level for "resign"
    illegal: bool = False  # an illegal move condoned by the opponent (3.14)


@dataclass(frozen=True)
class GameResult:
    winner: int
    level: int  # SINGLE, GAMMON or BACKGAMMON (1 for a drop)
    cube: int
    ended_by: str  # "play", "drop" or "resignation"

    @property
    def points(self) -> int:
        return self.level * self.cube


@dataclass(frozen=True)
class StartCorrection:
    """A wrong starting position corrected during the game (seed 003, 3.16): after the
    game's first ``after`` actions, the board became ``position``, seen from ``turn``, the
    player on roll then."""

    after: int
    turn: int
    position: Position


@dataclass
class GameRecord:
    """One game: the score before it, whether it is the Crawford game, actions, result."""

    number: int
    score_before: tuple[int, int]
    crawford: bool
    first_player: int = 0
    actions: list[Action] = field(default_factory=list)
    result: GameResult | None = None
    crawford_violation: bool = False
    annulled: bool = False
    annulled_actions: frozenset[int] = frozenset()  # indexes of annulled cube actions
    #: the board the game started from when it was not the standard one (3.16, 3.17): each
    #: player's side (0, 1) in their own numbering, 25 entries (the bar last)
    start: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    #: the corrections of its starting position made during the game (3.16), in order
    corrections: tuple[StartCorrection, ...] = ()


def result_level(position: Position) -> int:
    """Single, gammon or backgammon for the player who just bore off their last checker.

    ``position`` is seen from the winner (``player`` empty). Assumes 15 checkers at start.
    """
    return _level(position, sum(position.opponent) >= 15)


def _level(position: Position, loser_bore_off_none: bool) -> int:
    if not loser_bore_off_none:
        return SINGLE
    loser = position.opponent
    # The winner's home board is the loser's points 19-24 (indexes 18-23), plus the bar.
    if loser[BAR] or any(loser[18:24]):
        return BACKGAMMON
    return GAMMON


@dataclass
class _State:
    score: list[int]
    games: list[GameRecord]
    phase: Phase
    turn: int
    position: Position  # seen from ``turn``
    dice: Dice | None
    cube: int
    cube_owner: int | None
    crawford_done: bool
    start_checkers: tuple[int, int]
    resumed_phase: Phase | None
    resignation: tuple[int, int] | None  # (player, level)
    decided: tuple[int, str] | None = None  # (winner, reason) for a match ended off the board
    illegal_moves: list[int] = field(default_factory=lambda: [0, 0])


@dataclass
class _Snapshot:
    state: _State
    games: int
    actions: int
    game: tuple[
        GameResult | None,
        bool,
        bool,
        int,
        frozenset[int],
        tuple[tuple[int, ...], tuple[int, ...]] | None,
        tuple[StartCorrection, ...],
    ]


class Match:
    """A match to ``length`` points between players 0 and 1 (names for display only)."""

    def __init__(self, length: int, names: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        if not isinstance(length, int) or length < 1 or length > 99:
            raise refusal("match_length", length=length if isinstance(length, int) else str(length))
        self.length = length
        self.names = names
        self._state = _State(
            score=[0, 0],
            games=[],
            phase=Phase.OPENING,
            turn=0,
            position=Position.initial(),
            dice=None,
            cube=1,
            cube_owner=None,
            crawford_done=False,
            start_checkers=(15, 15),
            resumed_phase=None,
            resignation=None,
        )
        self._history: list[_Snapshot] = []
        self._new_game_record()

    # -- read-only view -------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def turn(self) -> int:
        """The player to act (on roll, or answering a double or a resignation)."""
        s = self._state
        if s.phase is Phase.DOUBLED:
            return 1 - s.turn
        if s.phase is Phase.RESIGNATION and s.resignation is not None:
            return 1 - s.resignation[0]
        return s.turn

    @property
    def player_on_roll(self) -> int:
        return self._state.turn

    @property
    def position(self) -> Position:
        """The board seen from the player on roll."""
        return self._state.position

    @property
    def dice(self) -> Dice | None:
        return self._state.dice

    @property
    def score(self) -> tuple[int, int]:
        return (self._state.score[0], self._state.score[1])

    @property
    def cube(self) -> int:
        return self._state.cube

    @property
    def cube_owner(self) -> int | None:
        return self._state.cube_owner

    @property
    def games(self) -> list[GameRecord]:
        return self._state.games

    @property
    def game(self) -> GameRecord:
        return self._state.games[-1]

    @property
    def is_crawford_game(self) -> bool:
        return self.game.crawford

    @property
    def is_post_crawford(self) -> bool:
        return self._state.crawford_done and not self.game.crawford

    @property
    def winner(self) -> int | None:
        """The match winner: a player who reached the match length, or who won on time."""
        if self._state.decided is not None:
            return self._state.decided[0]
        for player in (0, 1):
            if self._state.score[player] >= self.length:
                return player
        return None

    @property
    def illegal_moves(self) -> tuple[int, int]:
        """Illegal moves per player: condoned ones and those reported (seed 003, 3.15)."""
        return (self._state.illegal_moves[0], self._state.illegal_moves[1])

    def report_illegal_move(self, player: int) -> int:
        """Count an illegal move of ``player`` notified (3.14-3.15); returns their total.

        After three notifications the director may sanction (a time or score penalty).
        """
        if player not in (0, 1):
            raise refusal("invalid_player", player=player)
        self._save()
        self._state.illegal_moves[player] += 1
        return self._state.illegal_moves[player]

    def away(self, player: int) -> int:
        return max(self.length - self._state.score[player], 0)

    def gnubg_ids(self) -> tuple[str, str]:
        """The current gnubg Position ID and Match ID (as gnubg shows them for this state)."""
        from arbitre.backgammon.ids import (
            GAME_DROPPED,
            GAME_NONE,
            GAME_OVER,
            GAME_PLAYING,
            GAME_RESIGNED,
            MatchId,
            match_id,
            position_id,
        )

        s = self._state
        result = self.game.result
        if s.phase is Phase.OPENING:
            state = GAME_NONE
        elif result is None:
            state = GAME_PLAYING
        else:
            state = {"drop": GAME_DROPPED, "resignation": GAME_RESIGNED}.get(
                result.ended_by, GAME_OVER
            )
        # gnubg writes the larger die first
        dice = (max(s.dice), min(s.dice)) if s.dice is not None else (0, 0)
        resignation = s.resignation[1] if s.resignation is not None else 0
        ids = MatchId(
            cube_value=s.cube,
            cube_owner=s.cube_owner,
            player_on_roll=s.turn,
            crawford=self.game.crawford,
            game_state=state,
            turn=self.turn,
            double_offered=s.phase is Phase.DOUBLED,
            resignation=resignation,
            dice=dice,
            match_length=self.length,
            score=(s.score[0], s.score[1]),
        )
        return position_id(s.position), match_id(ids)

    def legal_moves(self) -> list[Move]:
        self._need(Phase.MOVE)
        assert self._state.dice is not None
        return self._state.position.legal_moves(self._state.dice)

    def can_double(self, player: int | None = None) -> bool:
        """Whether ``player`` (default: the one on roll) may double now."""
        try:
            self._check_double(self._state.turn if player is None else player, False)
        except BackgammonError:
            return False
        return True

    # -- actions ----------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last action."""
        if not self._history:
            raise refusal("nothing_to_undo")
        self._restore()

    def opening_roll(self, die0: int, die1: int) -> None:
        """Each player rolls one die; the higher plays first with both (seed 003, 3.5 clock).

        Equal dice are rolled again (no automatic double, 6.2). Called after a game is over,
        this starts the next game.
        """
        s = self._state
        if s.phase is Phase.GAME_OVER:
            self._save()
            self._start_next_game()
        elif s.phase is not Phase.OPENING:
            raise refusal("no_opening_now", phase=s.phase.label)
        else:
            self._save()
        s = self._state
        if not (1 <= die0 <= 6 and 1 <= die1 <= 6):
            self._restore()
            raise refusal("invalid_die", dice=f"{die0}{die1}")
        if die0 == die1:
            self._restore()
            raise refusal("equal_opening", dice=f"{die0}{die1}")
        first = 0 if die0 > die1 else 1
        if s.turn != first:
            s.position = s.position.swap()
        s.turn = first
        s.dice = Dice(die0, die1) if first == 0 else Dice(die1, die0)
        s.phase = Phase.MOVE
        self.game.first_player = first

    def roll(self, dice: Dice | tuple[int, int] | str) -> None:
        """The player on roll rolls ``dice`` (``Dice``, a pair, or text like ``31``)."""
        self._need(Phase.ROLL)
        if isinstance(dice, str):
            dice = Dice.parse(dice)
        elif not isinstance(dice, Dice):
            dice = Dice(*dice)
        if not (1 <= dice.die1 <= 6 and 1 <= dice.die2 <= 6):
            raise refusal("invalid_die", dice=str(dice))
        self._save()
        self._state.dice = dice
        self._state.phase = Phase.MOVE

    def move(self, move: Move | str, condoned: bool = False) -> None:
        """Play ``move`` (a :class:`Move` or its notation) for the rolled dice.

        With no legal move, the empty move (``""``) passes the turn. An illegal move is
        refused (the opponent may require a legal one, seed 003, 3.14), unless ``condoned``:
        the opponent let it stand once the dice were picked up; it is then played as the
        checkers were moved, recorded as illegal and counted (3.15).
        """
        self._need(Phase.MOVE)
        s = self._state
        assert s.dice is not None
        illegal = False
        try:
            if isinstance(move, str):
                move = s.position.find_move(s.dice, move)
            else:
                legal = s.position.legal_moves(s.dice)
                if legal or move.steps:
                    if not any(m.position == move.position for m in legal):
                        raise refusal("illegal_move", move=move.notation, dice=str(s.dice))
        except BackgammonError:
            if not condoned:
                raise
            illegal = True
            move = s.position.physical_move(move if isinstance(move, str) else move.notation)
        self._save()
        s = self._state
        assert s.dice is not None
        if illegal:
            s.illegal_moves[s.turn] += 1
        self.game.actions.append(Action(s.turn, "move", s.dice, move.steps, illegal=illegal))
        after = move.position
        if not move.steps:
            after = s.position
        if sum(after.player) == 0:
            bore_none = sum(after.opponent) == s.start_checkers[1 - s.turn]
            self._end_game(GameResult(s.turn, _level(after, bore_none), s.cube, "play"))
            s.position = after
            return
        s.position = after.swap()
        s.turn = 1 - s.turn
        s.dice = None
        s.phase = Phase.ROLL

    @property
    def closed_out(self) -> bool:
        """The player on roll has a checker on the bar against a closed board (6 points)."""
        s = self._state
        if s.phase is not Phase.ROLL:
            return False
        return s.position.player[BAR] > 0 and all(n >= 2 for n in s.position.opponent[:6])

    def pass_closed_out(self) -> None:
        """The closed-out player passes without rolling (seed 003, clock rules 3.11: "ce
        dernier doit passer son tour sans lancer les dés"); they may double first."""
        if not self.closed_out:
            raise refusal("not_closed_out", player=self._state.turn + 1)
        self._save()
        s = self._state
        self.game.actions.append(Action(s.turn, "pass"))
        s.position = s.position.swap()
        s.turn = 1 - s.turn
        s.phase = Phase.ROLL

    def double(self, crawford_violation: bool = False) -> None:
        """The player on roll doubles (before rolling).

        In the Crawford game doubling is refused, unless ``crawford_violation`` records a
        double that was actually sent by mistake over the board (seed 003, 6.5).
        """
        self._check_double(self._state.turn, crawford_violation)
        self._save()
        s = self._state
        if self.game.crawford:
            self.game.crawford_violation = True
            self.game.annulled = False
        self.game.actions.append(Action(s.turn, "double", value=s.cube * 2))
        s.phase = Phase.DOUBLED

    def take(self) -> None:
        self._need(Phase.DOUBLED)
        self._save()
        s = self._state
        taker = 1 - s.turn
        s.cube *= 2
        s.cube_owner = taker
        self.game.actions.append(Action(taker, "take"))
        s.phase = Phase.ROLL

    def drop(self) -> None:
        """The double is refused: the doubler wins the cube value before the double."""
        self._need(Phase.DOUBLED)
        self._save()
        s = self._state
        self.game.actions.append(Action(1 - s.turn, "drop"))
        self._end_game(GameResult(s.turn, SINGLE, s.cube, "drop"))

    def resign(self, player: int, level: int = SINGLE) -> None:
        """``player`` offers to resign a single game, a gammon or a backgammon."""
        s = self._state
        if s.phase not in (Phase.ROLL, Phase.MOVE, Phase.DOUBLED):
            raise refusal("no_resignation_now", phase=s.phase.label)
        if player not in (0, 1) or level not in RESULT_NAMES:
            raise refusal("resignation_level", player=player, level=level)
        self._save()
        s = self._state
        s.resumed_phase = s.phase
        s.resignation = (player, level)
        s.phase = Phase.RESIGNATION
        self.game.actions.append(Action(player, "resign", value=level))

    def accept_resignation(self) -> None:
        self._need(Phase.RESIGNATION)
        self._save()
        s = self._state
        assert s.resignation is not None
        player, level = s.resignation
        self.game.actions.append(Action(1 - player, "accept", value=level))
        self._end_game(GameResult(1 - player, level, s.cube, "resignation"))

    def reject_resignation(self) -> None:
        self._need(Phase.RESIGNATION)
        self._save()
        s = self._state
        assert s.resignation is not None and s.resumed_phase is not None
        self.game.actions.append(Action(1 - s.resignation[0], "reject"))
        s.phase = s.resumed_phase
        s.resignation = None
        s.resumed_phase = None

    def annul_crawford_double(self, player: int) -> None:
        """The leader annuls a double sent in the Crawford game (seed 003, 6.5).

        Allowed during the Crawford game or after it until the next game starts. The cube
        goes back to the centre at 1. A game finished over the board or by resignation is
        scored again with the cube at 1; a game ended by dropping the illegal double resumes
        from the position where the double was sent, the doubler to roll (the drop answered
        a double that did not exist).
        """
        game = self.game
        s = self._state
        if not game.crawford or not game.crawford_violation or game.annulled:
            raise refusal("no_crawford_double")
        score0, score1 = game.score_before
        if score0 != score1:
            leader = 0 if score0 > score1 else 1
        else:  # only a 1-point match (0-0): the player who received the double annuls it
            leader = 1 - next(a.player for a in reversed(game.actions) if a.kind == "double")
        if player != leader:
            raise refusal("leader_annuls", player=player + 1)
        self._save()
        s = self._state
        game = self.game
        game.annulled = True
        game.annulled_actions = game.annulled_actions | {
            i for i, a in enumerate(game.actions) if a.kind in ("double", "take", "drop")
        }
        if game.result is None:
            s.cube, s.cube_owner = 1, None
            if s.phase is Phase.DOUBLED:
                s.phase = Phase.ROLL
            return
        old = game.result
        if old.ended_by == "drop":
            s.score[old.winner] -= old.points
            game.result = None
            s.cube, s.cube_owner = 1, None
            s.crawford_done = False
            s.decided = None
            s.turn = old.winner  # the doubler; the board has not changed since the double
            s.phase = Phase.ROLL
            return
        new = GameResult(old.winner, old.level, 1, old.ended_by)
        s.score[old.winner] += new.points - old.points
        game.result = new
        s.cube, s.cube_owner = 1, None
        s.phase = Phase.MATCH_OVER if self.winner is not None else Phase.GAME_OVER

    def end_on_time(self, flagged: int, certain_win: bool = False) -> int:
        """``flagged``'s time has run out: the match ends (seed 003, clock rules 4.1-4.3).

        The opponent wins the match unless the director rules that ``flagged`` held a
        certain win of the match (4.3). Returns the winner.
        """
        from arbitre.backgammon.clock import time_forfeit_winner

        if self.phase is Phase.MATCH_OVER:
            raise refusal("match_over")
        winner = time_forfeit_winner(flagged, certain_win)
        self._save()
        self._state.decided = (winner, "time")
        self._state.phase = Phase.MATCH_OVER
        return winner

    @property
    def decided_by(self) -> str | None:
        """``"time"`` when the match was decided by a flag, else None."""
        return self._state.decided[1] if self._state.decided else None

    # -- internals --------------------------------------------------------------------------
    def _need(self, phase: Phase) -> None:
        if self._state.phase is not phase:
            raise refusal("wrong_phase", phase=self._state.phase.label, expected=phase.label)

    def _check_double(self, player: int, crawford_violation: bool) -> None:
        s = self._state
        if s.phase is not Phase.ROLL:
            raise refusal("double_when", phase=s.phase.label)
        if player != s.turn:
            raise refusal("double_on_roll", player=player + 1)
        if s.cube_owner is not None and s.cube_owner != player:
            raise refusal("cube_owned", player=player + 1)
        if self.game.crawford and not crawford_violation:
            raise refusal("crawford_no_double")
        if s.cube >= MAX_CUBE:
            raise refusal("cube_max", max=MAX_CUBE)

    def _save(self) -> None:
        s = self._state
        game = s.games[-1]
        state = copy.copy(s)
        state.score = list(s.score)
        state.illegal_moves = list(s.illegal_moves)
        self._history.append(
            _Snapshot(
                state,
                len(s.games),
                len(game.actions),
                (
                    game.result,
                    game.crawford_violation,
                    game.annulled,
                    game.first_player,
                    game.annulled_actions,
                    game.start,
                    game.corrections,
                ),
            )
        )

    def _restore(self) -> None:
        snapshot = self._history.pop()
        games = self._state.games
        del games[snapshot.games :]
        game = games[-1]
        del game.actions[snapshot.actions :]
        (
            game.result,
            game.crawford_violation,
            game.annulled,
            game.first_player,
            game.annulled_actions,
            game.start,
            game.corrections,
        ) = snapshot.game
        snapshot.state.games = games
        self._state = snapshot.state

    def _new_game_record(self) -> None:
        s = self._state
        crawford = (
            not s.crawford_done
            and self.length > 0
            and (s.score[0] == self.length - 1 or s.score[1] == self.length - 1)
        )
        s.games.append(GameRecord(len(s.games) + 1, (s.score[0], s.score[1]), crawford))

    def _end_game(self, result: GameResult) -> None:
        s = self._state
        s.score[result.winner] += result.points
        self.game.result = result
        if self.game.crawford:
            s.crawford_done = True
        s.dice = None
        s.resignation = None
        s.resumed_phase = None
        s.phase = Phase.MATCH_OVER if self.winner is not None else Phase.GAME_OVER

    def _start_next_game(self) -> None:
        s = self._state
        s.position = Position.initial()
        s.turn = 0
        s.cube, s.cube_owner = 1, None
        s.dice = None
        s.start_checkers = (15, 15)
        s.phase = Phase.OPENING
        self._new_game_record()

    @property
    def rolls(self) -> int:
        """The dice rolled so far in the current game: the opening roll is the first, each
        move played used one, and dice rolled and not yet played count (a closed-out player
        passing rolls none, clock rules 3.11)."""
        s = self._state
        played = sum(1 for a in self.game.actions if a.kind == "move")
        return played + (1 if s.phase is Phase.MOVE else 0)

    def correct_start(self, position: Position, start_checkers: tuple[int, int] = (15, 15)) -> None:
        """Seed 003, 3.16: "Si l'un des deux joueurs s'aperçoit d'une erreur dans la position
        initiale des pions, il peut la corriger avant le quatrième lancer de dés de la
        partie." ``position`` is the board as corrected, seen from the player on turn; the
        turn, the dice rolled and the phase stay. Refused once the fourth roll of the game
        is made (a spectator then warns the director, and the game goes on as it stands:
        3.17)."""
        s = self._state
        if s.phase not in (Phase.ROLL, Phase.MOVE):
            raise refusal("no_setup_now", phase=s.phase.label)
        if self.rolls >= START_CORRECTION_ROLL:
            raise refusal("start_correction_late", rolls=self.rolls)
        self._check_setup(position, s.turn, start_checkers)
        self._save()
        s = self._state
        s.position = position
        s.start_checkers = start_checkers
        game = self.game
        game.corrections = (
            *game.corrections,
            StartCorrection(len(game.actions), s.turn, position),
        )

    def standard_start(self) -> Position:
        """The board of the game in progress had it started from the standard position: the
        checker moves recorded so far played again, as the checkers were moved, from the
        standard start (seed 003, 3.16: the error "dans la position initiale" is corrected;
        the rolls made and the moves played stay). Seen from the player on turn, as
        :meth:`correct_start` takes it. ``backgammon.start_replay`` when a recorded move
        cannot be played from the standard start (the director then sets the board)."""
        game = self.game
        board = Position.initial()
        mover = game.first_player
        for action in game.actions:
            if action.kind != "move":
                continue
            if action.player != mover:
                board, mover = board.swap(), action.player
            if action.steps:
                notation = format_steps(action.steps)
                try:
                    board = board.physical_move(notation).position
                except BackgammonError as exc:
                    raise refusal("start_replay", move=notation, reason=exc.message) from exc
        return board if mover == self._state.turn else board.swap()

    def _check_setup(self, position: Position, turn: int, start_checkers: tuple[int, int]) -> None:
        if len(start_checkers) != 2:
            raise refusal("start_checkers", counts=len(start_checkers))
        own, other = sum(position.player), sum(position.opponent)
        counts = (own, other) if turn == 0 else (other, own)
        if (
            any(c > s for c, s in zip(counts, start_checkers, strict=True))
            or max(start_checkers) > MAX_CHECKERS
        ):
            raise refusal("more_checkers")
        if position.is_game_over():
            raise refusal("side_empty")

    def set_position(
        self, position: Position, turn: int, start_checkers: tuple[int, int] = (15, 15)
    ) -> None:
        """Set up the board (a director's correction, seed 003, 3.16), ``turn`` to roll.

        ``start_checkers`` are the checkers each player (0, 1) started the game with: a
        player who started with 14 still loses a gammon if they bore none off (3.17).
        """
        if self._state.phase not in (Phase.OPENING, Phase.ROLL, Phase.MOVE):
            raise refusal("no_setup_now", phase=self._state.phase.label)
        if turn not in (0, 1):
            raise refusal("invalid_player", player=turn)
        self._check_setup(position, turn, start_checkers)
        self._save()
        s = self._state
        if not self.game.actions:
            sides = (position.player, position.opponent)
            self.game.start = sides if turn == 0 else (sides[1], sides[0])
        s.position = position
        s.turn = turn
        s.start_checkers = start_checkers
        s.dice = None
        s.phase = Phase.ROLL
