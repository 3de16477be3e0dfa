"""The two-player Classic game (seeds 001 and 000, "Règlement"; rulings.md Classic 9-10).

A :class:`ClassicGame` holds the board, the bag, both racks, the score sheet and the clock.
Words are not checked when they are placed (a phony stays unless it is challenged, 001 5.4);
the placement and the rack are. The player to move plays, passes or exchanges; the opponent
may challenge the move just played until the mover reveals a drawn tile
(:meth:`ClassicGame.close_challenge_window`) or the next action. Scores are the sums of the
score sheet's lines, penalties and end-of-game reckoning included.

Refusals are :class:`GameError`, a :class:`~arbitre.common.Refusal` carrying a message code
(``classic_game.*``); a score-sheet line of an incident (penalty, warning, over-drawing,
wrong challenge) says what it is as a message (``SheetLine.note``, ``classic_game.sheet.*``).

>>> game = ClassicGame(lexicon, ("alice", "bob"), seed=7)      # doctest: +SKIP
>>> game.play("H4 MAISON", announced=18)                      # doctest: +SKIP
>>> game.challenge(["MAISON"])                                # doctest: +SKIP
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitre.classic.game.bag import Bag, check_tiles, rack_value
from arbitre.classic.game.clock import GameClock
from arbitre.classic.game.profiles import Profile, get_profile
from arbitre.common.messages import Message, Param, Refusal
from arbitre.scrabble.board import Board
from arbitre.scrabble.move import Move
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import BLANK, RACK_SIZE, TILE_COUNTS, sort_tiles

#: The bag must hold at least this many tiles for an exchange (001 4.3.1; 000 4.3).
EXCHANGE_MINIMUM = 7
#: Consecutive passes that end the game, three each (001 4.2.2; 000 4.2).
PASSES_TO_END = 6
#: The ends of a game lost whatever the score (001 10.x, 9.2; 000 9.x): nothing applies after.
_LOSSES = frozenset({"abandon", "sanction", "overdraw", "forfeit"})

MESSAGE_CODES = frozenset(
    {f"classic_game.refused.{action}" for action in ("play", "pass", "exchange")}
    | {
        f"classic_game.sheet.{name}"
        for name in (
            "penalty",
            "penalty_reason",
            "warning",
            "warning_reason",
            "overdraw_one",
            "overdraw_many",
            "wrong_challenge",
            "position",
        )
    }
    | {
        f"classic_game.{name}"
        for name in (
            "toss_letters",
            "toss_not_letter",
            "toss_blank",
            "toss_undecided",
            "toss_after_decided",
            "two_names",
            "starter",
            "exchange_empty",
            "exchange_bag",
            "exchange_opponent_out",
            "tiles_not_in_rack",
            "over",
            "nothing_to_challenge",
            "challenge_empty",
            "not_formed",
            "no_turn_to_lose",
            "penalty_positive",
            "extra_positive",
            "overdraw_empty_bag",
            "rack_size",
            "rack_tiles",
            "cgp_fields",
            "cgp_pairs",
            "cgp_scores",
            "cgp_tiles",
            "went_out",
            "both_out_of_time",
            "out_of_time",
            "clock_minimum",
            "player",
        )
    }
)
"""The codes of this module: refusals, and the words of the score sheet's incident lines."""


class GameError(Refusal):
    """An action the rules do not allow now; the message (a code) says why."""


class OutOfTimeError(GameError):
    """The player's time is used up: the action is refused (001 6.3.2, 7.3.1)."""


def _m(code: str, **params: Param) -> Message:
    return Message.of(f"classic_game.{code}", **params)


def _refuse(code: str, **params: Param) -> GameError:
    return GameError(_m(code, **params))


class Sanction(enum.Enum):
    """The arbiter's scale of sanctions (001 9.2; 000 8.2)."""

    WARNING = "warning"
    POINTS = "points"
    LOSS = "loss"


class Overdraw(enum.Enum):
    """How too many drawn tiles were found (001 10.1; 000 9.1)."""

    #: Noticed before any extra tile was turned: returned unseen, no penalty.
    UNSEEN = "unseen"
    #: The player saw at least one drawn tile: the opponent takes the extra tiles back from
    #: the whole rack, face down; point penalty per profile.
    SEEN = "seen"
    #: An arbiter found more than seven tiles behind the rack: loss under ``ffsc``
    #: (001 10.1.3); treated as :attr:`SEEN` under ``fbs`` (000 9.1).
    ARBITER = "arbiter"


@dataclass(frozen=True)
class Toss:
    """The draw for the start (001 3.1; 000 3.1): each round of letters, and who starts."""

    rounds: tuple[tuple[str, str], ...]
    starter: int


def toss(bag: Bag) -> Toss:
    """Each player draws a letter; the closer to A starts; a blank is put aside and another
    letter drawn; equal letters: both draw again. The letters go back to the bag at the end
    (001 3.1). A bag too small to hold letters aside takes them back before a new round."""
    if len(set(bag.tiles()) - {BLANK}) < 2:
        raise _refuse("toss_letters")
    aside: list[str] = []
    rounds: list[tuple[str, str]] = []

    def draw_letter() -> str:
        tile = BLANK
        while tile == BLANK:
            if not len(bag) or set(bag.tiles()) == {BLANK}:
                bag.put_back(aside)
                aside.clear()
            tile = bag.draw_one()
            aside.append(tile)
        return tile

    try:
        while True:
            first = draw_letter()
            second = draw_letter()
            rounds.append((first, second))
            if first != second:
                return Toss(tuple(rounds), 0 if first < second else 1)
    finally:
        bag.put_back(aside)


def decide_toss(rounds: Sequence[tuple[str, str]]) -> Toss:
    """The toss as drawn at the table (001 3.1; 000 3.1): the letters each player drew,
    round by round (player 0's first). The letter closer to A starts; equal letters: both
    draw again. A blank is not taken into account (the player draws another letter), so it
    is not entered: refused, as is a round after the decisive one or a toss left undecided.

    >>> decide_toss([("E", "E"), ("M", "B")]).starter
    1
    """
    for number, pair in enumerate(rounds, start=1):
        for letter in pair:
            if letter == BLANK:
                raise _refuse("toss_blank", round=number)
            if len(letter) != 1 or letter not in TILE_COUNTS:
                raise _refuse("toss_not_letter", letter=letter, round=number)
        if pair[0] != pair[1] and number != len(rounds):
            raise _refuse("toss_after_decided", round=number)
    if not rounds or rounds[-1][0] == rounds[-1][1]:
        raise _refuse("toss_undecided")
    first, second = rounds[-1]
    return Toss(tuple((a, b) for a, b in rounds), 0 if first < second else 1)


@dataclass(frozen=True)
class ChallengeResult:
    """The arbiter's ruling on a challenge (001 5.3; 000 5.3)."""

    challenger: int
    words: tuple[str, ...]
    #: The challenged words not in the word list ("non admis").
    invalid: tuple[str, ...]
    #: The move was withdrawn: the player takes the tiles back and has passed.
    withdrawn: bool
    #: Points the challenger loses: 5 per word wrongly challenged.
    penalty: int


@dataclass
class Turn:
    """One turn of the game, as the score sheet records it."""

    number: int
    player: int
    #: ``play``, ``pass``, ``exchange`` or ``lost_turn`` (per-move timer, 001 6.3.2).
    kind: str
    #: The rack before the turn, in canonical order.
    rack: str
    move: Move | None = None
    words: list[tuple[str, int]] = field(default_factory=list)
    score: int = 0
    #: The score the player announced, when given (001 4.1.3, 4.1.6).
    announced: int | None = None
    exchanged: str = ""
    drawn: str = ""
    withdrawn: bool = False
    challenge: ChallengeResult | None = None
    #: A pass forced on a player out of time (000 7.1.2).
    automatic: bool = False
    #: Squares of the tiles the move placed (the others were already on the board).
    placed: tuple[tuple[int, int], ...] = ()

    @property
    def score_disputed(self) -> bool:
        """The announced score differs from the rules' score (001 4.1.6)."""
        return self.announced is not None and self.announced != self.score


@dataclass(frozen=True)
class SheetLine:
    """A line of the score sheet: a turn, a penalty or an end-of-game adjustment.

    ``kind``: ``play``, ``pass``, ``exchange``, ``lost_turn``, ``withdrawn`` (the points of
    a withdrawn move taken back), ``challenge_penalty``, ``penalty``, ``warning``,
    ``overdraw``, ``end_rack`` (own tiles deducted), ``end_bonus`` (opponent's tiles added),
    ``position`` (the score of a position set up).

    ``text`` is what the sheet writes in notation: the move (``H4 MAISON``), ``-`` for a
    pass, ``-TILES`` for an exchange, ``MOVE --`` for a withdrawn move, ``(TILES)`` at the
    end, the words wrongly challenged, or the arbiter's own reason for a sanction (empty when
    none). ``note`` says in words what an incident line is (a message to be worded: "penalty:
    noise", "2 tiles drawn too many"); ``None`` on the lines of turns and of the reckoning.
    """

    player: int
    kind: str
    points: int
    text: str
    turn: int | None = None
    #: The player's rack after an incident that changed it (over-drawing).
    rack: str | None = None
    note: Message | None = None


@dataclass(frozen=True)
class GameResult:
    """Final scores and the winner (None: a draw, 001 8.1; 000 7.2)."""

    scores: tuple[int, int]
    winner: int | None
    #: ``out``, ``passes``, ``time``, ``director``, ``abandon``, ``sanction``, ``overdraw``,
    #: ``forfeit``.
    reason: str
    #: The player declared forfeit (0 match points), if any.
    forfeit: int | None = None


class ClassicGame:
    """A Classic game between two players, 0 and 1.

    ``lexicon``: any container of words in capitals (``in``), e.g. an
    :class:`arbitre.lexicon.Lexicon`; move generation (:meth:`top_moves`) also needs its
    compiled graphs. ``starter``: designated by the tournament (000 3.1), else a toss
    (:attr:`toss`). ``clock``: optional :class:`GameClock`. ``racks``: known first racks (a
    recorded game); otherwise the starter draws seven tiles, then the opponent (000 3.2.2).
    """

    def __init__(
        self,
        lexicon: Container[str],
        names: Sequence[str] = ("joueur 1", "joueur 2"),
        profile: str | Profile = "ffsc",
        starter: int | None = None,
        seed: int | None = None,
        clock: GameClock | None = None,
        bag: Bag | None = None,
        racks: Sequence[str] | None = None,
    ) -> None:
        if len(names) != 2 or names[0] == names[1]:
            raise _refuse("two_names", names=", ".join(str(n) for n in names))
        self.lexicon = lexicon
        self.names = (str(names[0]), str(names[1]))
        self.profile = get_profile(profile)
        self.board = Board()
        self.bag = bag if bag is not None else Bag(seed=seed)
        self.toss: Toss | None = None
        if starter is None:
            self.toss = toss(self.bag)
            starter = self.toss.starter
        if starter not in (0, 1):
            raise _refuse("starter", starter=starter)
        self.starter = starter
        self._racks: list[list[str]] = [[], []]
        for p in (starter, 1 - starter):
            if racks is not None:
                tiles = check_tiles(racks[p])
                self.bag.take(tiles)
                self._racks[p] = tiles
            else:
                self._racks[p] = list(self.bag.draw(RACK_SIZE))
        self.to_move = starter
        self.turns: list[Turn] = []
        self.lines: list[SheetLine] = []
        self.out_of_time = [False, False]
        self.result: GameResult | None = None
        self._pass_run = 0
        self._pending: _Pending | None = None
        self._pending_end = False
        self.clock = clock
        if clock is not None:
            self._check_clock(clock)
            clock.start(starter)

    # -- state -------------------------------------------------------------------------------
    def rack(self, player: int) -> str:
        """The tiles of ``player`` in canonical order."""
        return sort_tiles(self._racks[player])

    def score(self, player: int) -> int:
        """The player's total: the sum of their score-sheet lines."""
        return sum(line.points for line in self.lines if line.player == player)

    @property
    def scores(self) -> tuple[int, int]:
        return self.score(0), self.score(1)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def challengeable(self) -> Turn | None:
        """The move the opponent may still challenge, if any (001 5.1-5.2)."""
        return self._pending.turn if self._pending is not None else None

    @property
    def consecutive_passes(self) -> int:
        return self._pass_run

    def unseen_by(self, player: int) -> str:
        """Tiles ``player`` cannot see: the bag and the opponent's rack (the tally sheet,
        001 2.3)."""
        return sort_tiles(self.bag.tiles() + self.rack(1 - player))

    def words_of(self, move: Move | str) -> list[tuple[str, int]]:
        """The words a move would form now, with their scores (placement checked)."""
        return self.board.score(_as_move(move)).words

    # -- the turn ----------------------------------------------------------------------------
    def play(self, move: Move | str, announced: int | None = None) -> Turn:
        """Place a word (001 4.1): checked against the board and the rack, not the word list.

        ``announced``: the score the player claimed; the turn reports a dispute when it
        differs (001 4.1.6), the rules' score counts. Then the player draws back to seven, or
        what is left (4.1.7). Raises :class:`IllegalMoveError` for a bad placement.
        """
        player = self._begin_action("play")
        mv = _as_move(move)
        rack_before = self.rack(player)
        result = self.board.play(mv, rack=Rack(self._racks[player]))
        self._close_window()
        for tile in result.rack_tiles:
            self._racks[player].remove(tile)
        drawn = self.bag.draw(RACK_SIZE - len(self._racks[player]))
        self._racks[player].extend(drawn)
        turn = Turn(
            len(self.turns) + 1,
            player,
            "play",
            rack_before,
            result.move,
            list(result.words),
            result.score,
            announced,
            drawn=drawn,
            placed=tuple((r, c) for r, c, _ in result.tiles_placed),
        )
        self.turns.append(turn)
        self.lines.append(SheetLine(player, "play", result.score, str(result.move), turn.number))
        self._pending = _Pending(turn, rack_before, drawn, self._pass_run)
        self._pass_run = 0
        self._press(player)
        if not self._racks[player] and not len(self.bag):
            # Going out: the end waits for the opponent's challenge (001 5.2, 7.1).
            self._pending_end = True
        else:
            self._advance(player)
        return turn

    def pass_turn(self) -> Turn:
        """ "JE PASSE" (001 4.2.1); six consecutive passes end the game (4.2.2)."""
        player = self._begin_action("pass")
        self._close_window()
        turn = self._record_pass(player, "pass")
        self._press(player)
        if not self._count_pass():
            self._advance(player)
        return turn

    def exchange(self, tiles: str | Iterable[str]) -> Turn:
        """ "JE CHANGE n LETTRES" (001 4.3): only with at least seven tiles in the bag; the
        player draws n tiles, then returns the n; the turn is used."""
        player = self._begin_action("exchange")
        items = check_tiles(tiles)
        if not items:
            raise _refuse("exchange_empty")
        if len(self.bag) < EXCHANGE_MINIMUM:
            raise _refuse("exchange_bag", bag=len(self.bag), minimum=EXCHANGE_MINIMUM)
        if self.out_of_time[1 - player]:
            raise _refuse("exchange_opponent_out", opponent=self.names[1 - player])
        missing = Counter(items) - Counter(self._racks[player])
        if missing:
            raise _refuse("tiles_not_in_rack", tiles=sort_tiles(missing.elements()))
        self._close_window()
        rack_before = self.rack(player)
        drawn = self.bag.draw(len(items))
        for t in items:
            self._racks[player].remove(t)
        self._racks[player].extend(drawn)
        self.bag.put_back(items)
        turn = Turn(
            len(self.turns) + 1,
            player,
            "exchange",
            rack_before,
            exchanged=sort_tiles(items),
            drawn=drawn,
        )
        self.turns.append(turn)
        self.lines.append(SheetLine(player, "exchange", 0, f"-{turn.exchanged}", turn.number))
        self._pass_run = 0
        self._press(player)
        self._advance(player)
        return turn

    # -- challenges ----------------------------------------------------------------------------
    def challenge(self, words: Iterable[str] | None = None) -> ChallengeResult:
        """The opponent challenges one or more words formed by the move just played (001 5;
        000 5); ``None``: every word it formed.

        All words invalid: the move is withdrawn and the player has passed. All valid: the
        challenger loses 5 points per word challenged. Mixed: withdrawn, and 5 points per word
        wrongly challenged (001 5.3). Each move is judged on its own: a phony left on the
        board counts again only when a move extends it (5.4).
        """
        if self.over:
            raise _refuse("over")
        pending = self._pending
        if pending is None:
            raise _refuse("nothing_to_challenge")
        turn = pending.turn
        formed = [w.upper() for w, _ in turn.words]
        if words is None:
            chosen = list(formed)
        else:
            chosen = [w.strip().upper() for w in words]
            if not chosen:
                raise _refuse("challenge_empty")
            extra = Counter(chosen) - Counter(formed)
            if extra:
                raise _refuse(
                    "not_formed", words=", ".join(sorted(extra)), formed=", ".join(formed)
                )
        invalid = tuple(w for w in chosen if w not in self.lexicon)
        wrongly = len(chosen) - len(invalid)
        challenger = 1 - turn.player
        penalty = self.profile.challenge_penalty * wrongly
        result = ChallengeResult(challenger, tuple(chosen), invalid, bool(invalid), penalty)
        turn.challenge = result
        self._pending = None
        if result.withdrawn:
            self._withdraw(pending)
        if penalty:
            valid = ", ".join(w for w in chosen if w not in invalid)
            self.lines.append(
                SheetLine(
                    challenger,
                    "challenge_penalty",
                    -penalty,
                    valid,
                    turn.number,
                    note=_m("sheet.wrong_challenge", words=valid),
                )
            )
        if self._pending_end:
            self._pending_end = False
            if not result.withdrawn:
                self._finish_out(turn.player)
        return result

    def close_challenge_window(self) -> None:
        """The mover has revealed a drawn tile: the move can no longer be challenged
        (001 5.2). After a move that goes out, this ends the game (7.1)."""
        self._pending = None
        if self._pending_end and not self.over:
            self._pending_end = False
            last = self.turns[-1]
            self._finish_out(last.player)

    def _close_window(self) -> None:
        self._pending = None

    def _withdraw(self, pending: _Pending) -> None:
        """The challenged move is taken back: tiles to the rack, the draw to the bag."""
        turn = pending.turn
        placed = [BLANK if t.islower() else t for t in (self.board[sq] or "" for sq in turn.placed)]
        self.board.undo()
        # Normally the tiles drawn after the move go back to the bag. In a replay, a rack set
        # in between may have swapped some of them: whatever is not the rack before the move
        # goes back, and what the rack lacks comes from the bag.
        pool = Counter(self._racks[turn.player]) + Counter(placed)
        target = Counter(pending.rack_before)
        self.bag.put_back((pool - target).elements())
        lacking = target - pool
        self.bag.take(lacking.elements())
        self._racks[turn.player] = list(pending.rack_before)
        turn.withdrawn = True
        self.lines.append(
            SheetLine(turn.player, "withdrawn", -turn.score, f"{turn.move} --", turn.number)
        )
        if self._pending_end:
            # The move that went out is withdrawn: the game goes on.
            self._pending_end = False
            self._advance(turn.player)
        if self.profile.count_lost_turns_as_passes:
            # The withdrawn move counts as a pass (rulings.md Classic 9, setting).
            self._pass_run = pending.passes_before
            self._count_pass()

    # -- time ------------------------------------------------------------------------------------
    def check_time(self) -> None:
        """Apply what the clock says: a flag that fell (001 7.3.1), a turn lost on the
        per-move timer (6.3.2). Called before every action; a UI may call it at any time."""
        clock = self.clock
        if clock is None or self.over or self._pending_end:
            return
        if clock.kind == "chess":
            for p in (0, 1):
                if not self.out_of_time[p] and clock.out_of_time(p):
                    self.out_of_time[p] = True
            if all(self.out_of_time):
                self._finish_deduct("time")
            elif self.out_of_time[self.to_move]:
                self.out_of_time[self.to_move] = False
                self.flag(self.to_move)
        elif clock.kind == "move" and clock.turn_expired(self.to_move):
            self.lose_turn()
        elif clock.kind == "global" and clock.expired:
            # 001 6.4: the credit of both used up; the seed is silent, rulings.md Classic 10
            # reads it as both players out of time: each deducts their own tiles (7.3.2).
            self.out_of_time = [True, True]
            self._finish_deduct("time")

    def flag(self, player: int) -> None:
        """An arbiter records that ``player``'s flag has fallen (a game without an
        injected clock, a replay): the player can no longer play or exchange (001 7.3.1)."""
        self._check_player(player)
        if self.over:
            raise _refuse("over")
        self.out_of_time[player] = True
        if all(self.out_of_time):
            self._finish_deduct("time")
        elif self.to_move == player and not self._pending_end:
            self._record_pass(player, "pass", automatic=True)
            if self.clock is not None:
                self.clock.press(player)
            if not self._count_pass():
                self.to_move = 1 - player

    def lose_turn(self) -> Turn:
        """The player to move has not moved in time on a per-move timer: the turn is lost
        (001 6.3.2)."""
        if self.over or self._pending_end:
            raise _refuse("no_turn_to_lose")
        player = self.to_move
        self._close_window()
        turn = self._record_pass(player, "lost_turn")
        if self.clock is not None:
            self.clock.press(player)
        if self.profile.count_lost_turns_as_passes:
            if self._count_pass():
                return turn
        else:
            self._pass_run = 0
        self._advance(player)
        return turn

    def director_end(self) -> GameResult:
        """The director stops the game (a global time credit used up, 001 6.4; an
        interruption): each player deducts their own tiles (7.3.2)."""
        if self.over:
            raise _refuse("over")
        self._pending = None
        self._pending_end = False
        return self._finish_deduct("director")

    def absent_forfeit_due(self, player: int) -> bool:
        """000 9.5 (``fbs``): an absent player is forfeit once half of their clock budget has
        run. True when the profile has that rule, the clock is a chess clock and ``player``
        has used half of it without playing a turn."""
        clock = self.clock
        if not self.profile.absent_forfeit_at_half_budget or clock is None:
            return False
        if clock.kind != "chess" or any(t.player == player for t in self.turns):
            return False
        remaining: float = clock.remaining(player)  # type: ignore[attr-defined]
        budget: float = clock.budget  # type: ignore[attr-defined]
        return remaining <= budget / 2

    # -- incidents and sanctions -----------------------------------------------------------------
    def penalize(
        self,
        player: int,
        sanction: Sanction,
        reason: str = "",
        points: int | None = None,
        kind: str = "penalty",
    ) -> SheetLine | GameResult:
        """An arbiter's sanction (001 9.2: warning, 20 points, loss; 000 8.2: warning,
        5 points, loss). ``points`` overrides the profile's figure (a director softening or
        strengthening it, 001 9.3). ``kind``: the sheet line's kind (``overdraw`` for a
        recorded over-drawing penalty).

        A warning or points given once the game has ended by the reckoning of chapter 7 (the
        tiles counted, before the sheets are signed) still count: the winner is the one
        ahead once the penalties are applied (001 8.1). After a loss nothing more applies."""
        self._check_player(player)
        ended = self.result
        if ended is not None and (sanction is Sanction.LOSS or ended.reason in _LOSSES):
            raise _refuse("over")
        if sanction is Sanction.LOSS:
            return self._finish_loss(player, "sanction")
        if sanction is Sanction.WARNING:
            note = _m("sheet.warning_reason", reason=reason) if reason else _m("sheet.warning")
            line = SheetLine(player, "warning", 0, reason, note=note)
        else:
            amount = self.profile.arbiter_penalty if points is None else points
            if amount <= 0:
                raise _refuse("penalty_positive", points=amount)
            note = _m("sheet.penalty_reason", reason=reason) if reason else _m("sheet.penalty")
            line = SheetLine(player, kind, -amount, reason, note=note)
        self.lines.append(line)
        if ended is not None:
            self._conclude(ended.reason)
        return line

    def overdraw(self, player: int, extra: int, how: Overdraw) -> SheetLine | GameResult | None:
        """Too many tiles drawn (001 10.1; 000 9.1): the player draws ``extra`` tiles too
        many; unseen, the opponent takes back the extra tiles among those just drawn, no
        penalty; seen, among all the player's tiles, face down, with the profile's penalty
        (5 flat under ``ffsc``, 5 per extra tile under ``fbs``); found by an arbiter: loss
        under ``ffsc``."""
        self._check_player(player)
        if self.over:
            raise _refuse("over")
        if extra <= 0:
            raise _refuse("extra_positive", extra=extra)
        if how is Overdraw.ARBITER and self.profile.overdraw_found_by_arbiter_loses:
            return self._finish_loss(player, "overdraw")
        drawn = list(self.bag.draw(extra))
        if not drawn:
            raise _refuse("overdraw_empty_bag")
        pending = self._pending
        if how is not Overdraw.UNSEEN and pending is not None and pending.turn.player == player:
            # The player has seen drawn tiles: the move can no longer be challenged (5.2).
            self._close_window()
        rack = self._racks[player]
        rack.extend(drawn)
        if how is Overdraw.UNSEEN:
            returned = drawn
        else:
            returned = self.bag.rng.sample(rack, len(drawn))
        for t in returned:
            rack.remove(t)
        self.bag.put_back(returned)
        if how is Overdraw.UNSEEN:
            return None
        count = len(drawn)
        line = SheetLine(
            player,
            "overdraw",
            -self.profile.overdraw_points(count),
            "",
            rack=self.rack(player),
            note=_m("sheet.overdraw_one" if count == 1 else "sheet.overdraw_many", count=count),
        )
        self.lines.append(line)
        return line

    def abandon(self, player: int) -> GameResult:
        """ "J'ABANDONNE" said to an arbiter (001 10.7; 000 9.7): the player loses."""
        self._check_player(player)
        if self.over:
            raise _refuse("over")
        return self._finish_loss(player, "abandon")

    def forfeit(self, player: int) -> GameResult:
        """A late or absent player declared forfeit (001 10.5; 000 9.5): 0 match points."""
        self._check_player(player)
        if self.over:
            raise _refuse("over")
        self._pending = None
        self._pending_end = False
        self.result = GameResult(self.scores, 1 - player, "forfeit", forfeit=player)
        return self.result

    # -- recorded games ----------------------------------------------------------------------------
    def set_rack(self, player: int, tiles: str | Iterable[str]) -> None:
        """Make ``player``'s rack hold ``tiles`` (a recorded game, where the rack is known).

        The tiles come from the player's rack and the bag; a tile the opponent's rack holds
        is swapped with one from the bag (the opponent's rack is then taken as unknown until
        it is set). Fewer tiles than the rack holds: the other tiles stay as they are.
        """
        self._check_player(player)
        want = Counter(check_tiles(tiles))
        pending = self._pending
        if pending is not None and pending.turn.player == player and not self._pending_end:
            self._close_window()  # the player's new tiles are known: they were revealed
        rack = Counter(self._racks[player])
        size = sum(rack.values())
        if sum(want.values()) > size:
            raise _refuse(
                "rack_size",
                player=self.names[player],
                size=size,
                count=sum(want.values()),
                tiles=sort_tiles(want.elements()),
            )
        missing = want - rack
        other = self._racks[1 - player]
        spare = rack - want
        for tile, n in missing.items():
            if self.bag.count(tile) + other.count(tile) < n:
                raise _refuse("rack_tiles", tiles=sort_tiles(want.elements()), tile=tile)
        leftover = sorted(spare.elements())
        keep = self.bag.rng.sample(leftover, size - sum(want.values()))
        self.bag.put_back((spare - Counter(keep)).elements())
        owed = 0
        for tile, n in sorted(missing.items()):
            from_bag = min(n, self.bag.count(tile))
            self.bag.take(tile * from_bag)
            for _ in range(n - from_bag):
                other.remove(tile)
                owed += 1
        # The opponent's unknown tiles taken are replaced from the bag (it holds enough: the
        # tiles this player gave up went in first).
        other.extend(self.bag.draw(owed))
        self._racks[player] = [*(rack & want).elements(), *missing.elements(), *keep]

    # -- positions ---------------------------------------------------------------------------------
    def to_cgp(self) -> str:
        """The position as a CGP line: the board text (the project's board format), the racks
        and the scores of the player to move first, the consecutive passes, the word list."""
        p = self.to_move
        text = (
            f"{self.board.to_text()} {self.rack(p)}/{self.rack(1 - p)} "
            f"{self.score(p)}/{self.score(1 - p)} {self._pass_run}"
        )
        name = getattr(self.lexicon, "name", None)
        return f"{text} lex {name};" if name else text

    @classmethod
    def from_cgp(
        cls,
        lexicon: Container[str],
        cgp: str,
        names: Sequence[str] = ("joueur 1", "joueur 2"),
        profile: str | Profile = "ffsc",
        seed: int | None = None,
    ) -> ClassicGame:
        """A game from a CGP position (an arbiter setting up a disputed position): player 0
        is the player to move; the bag holds the tiles neither on the board nor on a rack;
        the scores are carried as ``position`` lines of the sheet."""
        parts = cgp.split()
        if len(parts) < 3:
            raise _refuse("cgp_fields")
        board = Board.from_text(parts[0])
        racks = parts[1].split("/")
        scores = parts[2].split("/")
        if len(racks) != 2 or len(scores) != 2:
            raise _refuse("cgp_pairs", racks=parts[1], scores=parts[2])
        try:
            points = [int(x) for x in scores]
            passes = int(parts[3]) if len(parts) > 3 and parts[3].isdigit() else 0
        except ValueError:
            raise _refuse("cgp_scores", scores=parts[2]) from None
        tiles = Counter(BLANK if t.islower() else t for _, _, t in board.tiles())
        for rack in racks:
            tiles.update(check_tiles(Rack.parse(rack or "-")))
        bag_tiles = Counter(TILE_COUNTS) - Counter(
            BLANK if t.islower() else t for _, _, t in board.tiles()
        )
        if tiles - Counter(TILE_COUNTS):
            extra = sort_tiles((tiles - Counter(TILE_COUNTS)).elements())
            raise _refuse("cgp_tiles", tiles=extra)
        game = cls(
            lexicon,
            names,
            profile=profile,
            starter=0,
            bag=Bag(bag_tiles.elements(), seed=seed),
            racks=(str(Rack.parse(racks[0] or "-")), str(Rack.parse(racks[1] or "-"))),
        )
        for r, c, letter in board.tiles():
            game.board[r, c] = letter
        for p in (0, 1):
            if points[p]:
                note = _m("sheet.position")
                game.lines.append(SheetLine(p, "position", points[p], "", note=note))
        game._pass_run = passes
        return game

    # -- move generation ---------------------------------------------------------------------------
    def top_moves(self, engine: str = "reference", lexicon: Any = None) -> list[Any]:
        """The highest-scoring legal moves of the player to move (``generate.top_moves``)."""
        from arbitre.scrabble import generate

        return generate.top_moves(
            self.board, Rack(self._racks[self.to_move]), lexicon or self.lexicon, engine=engine
        )

    def is_blocked(self, lexicon: Any = None) -> bool:
        """No exchange possible and neither player has a legal move (001 7.2): the players
        pass, and six passes end the game (4.2.2)."""
        from arbitre.scrabble import generate

        if len(self.bag) >= EXCHANGE_MINIMUM:
            return False
        lex = lexicon or self.lexicon
        return not any(generate.all_moves(self.board, Rack(self._racks[p]), lex) for p in (0, 1))

    # -- records -----------------------------------------------------------------------------------
    def sheet(self) -> list[tuple[SheetLine, int]]:
        """The score sheet (001 2.1): each line with the player's running total."""
        totals = [0, 0]
        out = []
        for line in self.lines:
            totals[line.player] += line.points
            out.append((line, totals[line.player]))
        return out

    def tiles_in_game(self) -> Counter[str]:
        """Every tile: board, racks and bag (the 102 tiles, 001 10.3)."""
        count: Counter[str] = Counter(self.bag.tiles())
        count.update(self._racks[0])
        count.update(self._racks[1])
        count.update(BLANK if t.islower() else t for _, _, t in self.board.tiles())
        return count

    # -- internals ---------------------------------------------------------------------------------
    def _begin_action(self, what: str) -> int:
        if self.over:
            raise _refuse("over")
        if self._pending_end:
            raise _refuse("went_out")
        player = self.to_move
        self.check_time()
        refused = _m(f"refused.{what}")
        if self.over:
            raise OutOfTimeError(_m("both_out_of_time", refused=refused))
        if self.to_move != player or self.out_of_time[player]:
            raise OutOfTimeError(_m("out_of_time", refused=refused, player=self.names[player]))
        return player

    def _record_pass(self, player: int, kind: str, automatic: bool = False) -> Turn:
        turn = Turn(len(self.turns) + 1, player, kind, self.rack(player), automatic=automatic)
        self.turns.append(turn)
        self.lines.append(SheetLine(player, kind, 0, "-", turn.number))
        return turn

    def _count_pass(self) -> bool:
        """Count a pass; True when it ends the game (six passes, 001 4.2.2)."""
        self._pass_run += 1
        if self._pass_run >= PASSES_TO_END:
            self._finish_deduct("passes")
            return True
        return False

    def _advance(self, player: int) -> None:
        """Give the turn to the opponent; a player out of time passes systematically
        (000 7.1.2) and the other plays on alone."""
        other = 1 - player
        if self.out_of_time[other] and not self.out_of_time[player]:
            self._record_pass(other, "pass", automatic=True)
            if self._count_pass():
                return
            self.to_move = player
            if self.clock is not None:
                self.clock.press(other)
            return
        self.to_move = other

    def _press(self, player: int) -> None:
        if self.clock is not None:
            self.clock.press(player)

    def _finish_out(self, player: int) -> GameResult:
        """001 7.1: the opponent's tiles are deducted from them and added to the player who
        went out (a blank is worth 0)."""
        other = 1 - player
        value = rack_value(self._racks[other])
        tiles = self.rack(other)
        self.lines.append(SheetLine(other, "end_rack", -value, f"({tiles})"))
        self.lines.append(SheetLine(player, "end_bonus", value, f"({tiles})"))
        return self._conclude("out")

    def _finish_deduct(self, reason: str) -> GameResult:
        """Each player deducts their own tiles (001 4.2.2, 7.2, 7.3.2)."""
        for p in (self.starter, 1 - self.starter):
            value = rack_value(self._racks[p])
            self.lines.append(SheetLine(p, "end_rack", -value, f"({self.rack(p)})"))
        return self._conclude(reason)

    def _conclude(self, reason: str) -> GameResult:
        """001 8.1: once penalties and the reckoning are applied, the winner has at least one
        point more, else a draw. Six passes with no word placed (8.2; 000 7.1.4) is the same
        rule: each has deducted their tiles, the lower rack value wins."""
        self._pending = None
        scores = self.scores
        winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
        self.result = GameResult(scores, winner, reason)
        return self.result

    def _finish_loss(self, player: int, reason: str) -> GameResult:
        self._pending = None
        self._pending_end = False
        self.result = GameResult(self.scores, 1 - player, reason)
        return self.result

    def _check_clock(self, clock: GameClock) -> None:
        minimum = self.profile.minimum_budget_minutes
        budget = getattr(clock, "budget", None)
        if minimum is not None and clock.kind == "chess" and budget is not None:
            if budget < minimum * 60:
                raise _refuse(
                    "clock_minimum",
                    profile=self.profile.name,
                    minimum=minimum,
                    clock_minutes=budget / 60,
                )

    @staticmethod
    def _check_player(player: int) -> None:
        if player not in (0, 1):
            raise _refuse("player", player=player)


@dataclass
class _Pending:
    """The move open to a challenge, with what is needed to withdraw it."""

    turn: Turn
    rack_before: str
    drawn: str
    passes_before: int


def _as_move(move: Move | str) -> Move:
    return move if isinstance(move, Move) else Move.parse(move)
