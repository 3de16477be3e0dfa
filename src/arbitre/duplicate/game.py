"""The chief arbiter's procedure for a Duplicate game (seed 004, chapter 2 and 5.2).

A :class:`DuplicateGame` goes through the moves of one game::

    game = DuplicateGame(lexicon, seed=42)
    while not game.over:
        game.draw()              # or game.draw("EST") with the letters the arbiter drew
        choice = game.tops()     # every move of the highest score, and the admissible ones
        if choice is None:       # no move scores: 5.2, all letters back, new draw
            game.annul_no_score()
            continue
        game.play()              # the default top, or game.play("H4 MAiSON") among choice.admissible

or simply ``game.autoplay()``. Every draw, reject and annulment is kept (rulings.md Duplicate 1)
and :func:`arbitre.duplicate.record.to_record` writes the game record. Once a move is played,
``game.judge("H4 MAiSON 76")`` decides a player's ballot for it (seed 004, chapters 3 and 4).

A refused action raises :class:`GameStateError`, :class:`MoveChoiceError`,
:class:`~arbitre.duplicate.draws.InvalidDrawError` or
:class:`~arbitre.duplicate.draws.BagError`, each an :class:`arbitre.common.Refusal` carrying
its reason as a message (``duplicate.game.*``, ``duplicate.draw.*``, ``duplicate.bag.*``).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from arbitre.common.messages import Message, Param, Refusal
from arbitre.duplicate.announcement import DrawAnnouncement, announce_top
from arbitre.duplicate.ballot import Ballot, parse_ballot
from arbitre.duplicate.decision import Decision, Turn, judge
from arbitre.duplicate.draws import (
    Bag,
    Minimum,
    bag_error,
    check_tiles,
    draw_error,
    letters_only_end,
    meets,
    required_minimum,
)
from arbitre.scrabble.board import Board
from arbitre.scrabble.move import Move
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import BLANK, RACK_SIZE

#: Why a game ended (seed 004, 2.7; rulings.md Duplicate 3).
EndReason = Literal["all_played", "letters_left", "no_move"]
END_REASONS: tuple[str, ...] = ("all_played", "letters_left", "no_move")
#: What became of a draw that did not lead to a move.
Outcome = Literal["reject", "no_score", "annulled"]
OUTCOMES: tuple[str, ...] = ("reject", "no_score", "annulled")

Phase = Literal["draw", "play", "over"]
#: The actions of the chief arbiter, as refusals name them (``duplicate.game.not_now.*``).
ACTIONS = ("draw", "reject", "tops", "play", "annul_no_score", "annul_draw")

MESSAGE_CODES = frozenset(
    {
        f"duplicate.game.{name}"
        for name in (
            "no_valid_draw",
            "nothing_to_announce",
            "hint.draw_first",
            "hint.play_or_annul",
            "no_random_draws",
            "no_scoring_move",
            "not_retained",
            "why.prefer_plain",
            "why.first_horizontal",
            "why.not_a_top",
            "move_scores",
            "annul_draw_first",
            "no_move_to_annul",
            "no_move_played",
            "no_such_move",
            *(f"not_now.{action}" for action in ACTIONS),
            *(f"over.{action}" for action in ACTIONS),
            *(f"end.{reason}" for reason in END_REASONS),
        )
    }
    | {f"duplicate.settings.{name}" for name in ("not_object", "unknown", "not_positive")}
)
"""Refusals of the game and of its settings, the actions they name, the ends of a game."""


class GameStateError(Refusal):
    """An action that the game's current phase does not allow (e.g. playing before drawing)."""


class MoveChoiceError(Refusal):
    """The move the arbiter chose is not one of the admissible tops (seed 004, 2.4, 2.7)."""


class SettingsError(Refusal):
    """Settings of a record that are not :class:`DuplicateSettings`."""


def _message(code: str, /, **params: Param) -> Message:
    return Message.of(f"duplicate.game.{code}", **params)


def _refuse(code: str, /, **params: Param) -> GameStateError:
    return GameStateError(_message(code, **params))


def _settings_error(code: str, /, **params: Param) -> SettingsError:
    return SettingsError(Message.of(f"duplicate.settings.{code}", **params))


def end_label(reason: str) -> Message:
    """Why a game ended, to be worded (``toutes les lettres sont posées``...)."""
    return _message(f"end.{reason}")


@dataclass(frozen=True)
class DuplicateSettings:
    """Settings of the procedure (defaults: seed 004 and rulings.md).

    ``strong_until``: last move of the 2 vowels + 2 consonants rule (2.2: fifteen).
    ``max_no_score_draws``: consecutive draws of one move without a scoring move after which the
    game ends as "no placement possible" (2.7) although tiles are left in the bag.
    """

    strong_until: int = 15
    max_no_score_draws: int = 10

    def to_json(self) -> dict[str, int]:
        return {"strong_until": self.strong_until, "max_no_score_draws": self.max_no_score_draws}

    @classmethod
    def from_json(cls, data: Any) -> DuplicateSettings:
        if not isinstance(data, dict):
            raise _settings_error("not_object")
        unknown = set(data) - {"strong_until", "max_no_score_draws"}
        if unknown:
            raise _settings_error("unknown", names=", ".join(sorted(unknown)))
        out = cls(**data)
        if not all(
            isinstance(v, int) and v >= 1 for v in (out.strong_until, out.max_no_score_draws)
        ):
            raise _settings_error("not_positive")
        return out


@dataclass(frozen=True)
class Attempt:
    """A draw that led to no move: rejected (2.2), no scoring move (5.2, first paragraph), or
    annulled by the arbiter (5.2, second paragraph; ``move`` and ``score`` are set when a move
    already played was annulled). All its tiles, leave included, went back to the bag."""

    leave: str
    drawn: str
    outcome: Outcome
    entered: bool = False
    reason: str = ""
    move: Move | None = None
    score: int = 0

    @property
    def rack(self) -> str:
        return self.leave + self.drawn

    def to_json(self) -> dict[str, Any]:
        """The attempt as the game record writes it (``top`` for an annulled move)."""
        out: dict[str, Any] = {
            "leave": self.leave,
            "drawn": self.drawn,
            "outcome": self.outcome,
            "entered": self.entered,
            "reason": self.reason,
        }
        if self.move is not None:
            out["top"] = move_json(self.move, self.score)
        return out


def move_json(move: Move, score: int, bingo: bool | None = None) -> dict[str, Any]:
    """A move and its score as the game record writes them."""
    out: dict[str, Any] = {"coordinate": move.coordinate, "word": move.word, "score": score}
    if bingo is not None:
        out["bingo"] = bingo
    return out


@dataclass(frozen=True)
class MoveEntry:
    """One move played: its draw, what happened before it, the top and the running total."""

    number: int
    leave: str
    drawn: str
    entered: bool
    attempts: tuple[Attempt, ...]
    move: Move
    score: int
    equal_tops: tuple[Move, ...]
    total: int
    bingo: bool = False

    @property
    def rack(self) -> str:
        return self.leave + self.drawn

    def announcement(self, lang: str = "fr") -> str:
        """The top as the arbiter reads it (2.4), in ``lang``."""
        return announce_top(self.move.coordinate, self.move.word, self.score, lang)

    def to_json(self) -> dict[str, Any]:
        """The move as the game record writes it."""
        return {
            "number": self.number,
            "leave": self.leave,
            "drawn": self.drawn,
            "entered": self.entered,
            "attempts": [a.to_json() for a in self.attempts],
            "top": move_json(self.move, self.score, self.bingo),
            "equal_tops": [str(m) for m in self.equal_tops],
            "total": self.total,
        }


def move_order_key(move: Move) -> tuple[bool, int, int, str, str]:
    """The fixed order among equal tops (rulings.md Duplicate 2): horizontal before vertical,
    then row A..O, then column 1..15, then the word alphabetically (a blank after the tile)."""
    return (not move.horizontal, move.row, move.col, move.word.upper(), move.word.swapcase())


@dataclass(frozen=True)
class TopChoice:
    """The tops of a move (seed 004, 2.4 and 2.7; rulings.md Duplicate 2).

    ``equal_tops``: every move of the highest score (horizontal only on the first move), in the
    fixed order of :func:`move_order_key`. ``admissible``: those the arbiter may retain: the ones
    using no blank if any, among them the ones ending the game if any. ``default`` is the first.
    """

    score: int
    equal_tops: tuple[Move, ...]
    admissible: tuple[Move, ...]

    @property
    def default(self) -> Move:
        return self.admissible[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "equal_tops": [str(m) for m in self.equal_tops],
            "admissible": [str(m) for m in self.admissible],
            "default": str(self.default),
        }


TopFinder = Callable[[Board, Rack, Any], Sequence[Any]]


def generator_top_moves(engine: str) -> TopFinder:
    """The top finder of ``arbitre.scrabble.generate.top_moves`` with ``engine``."""
    from arbitre.scrabble import generate

    def find(board: Board, rack: Rack, lexicon: Any) -> Sequence[Any]:
        return generate.top_moves(board, rack, lexicon, engine=engine)

    return find


def uses_blank(board: Board, move: Move) -> bool:
    """True when the move places a blank from the rack (a blank already on the board is not
    used by the move)."""
    return any(
        letter.islower() and board[r, c] is None
        for (r, c), letter in zip(move.squares(), move.word, strict=True)
    )


def placed_tiles(board: Board, move: Move) -> str:
    """The rack tiles a move places (``?`` for a blank)."""
    return "".join(
        BLANK if letter.islower() else letter
        for (r, c), letter in zip(move.squares(), move.word, strict=True)
        if board[r, c] is None
    )


def turns_of(entries: Sequence[MoveEntry], lexicon: Container[str]) -> list[Turn]:
    """One :class:`~arbitre.duplicate.decision.Turn` per played move of a game, in order
    (move 1 first): the board before the move, its draw and its top."""
    board = Board()
    turns = []
    first_length: int | None = None
    for entry in entries:
        draw = Rack.parse(entry.leave + entry.drawn)
        top = board.score(entry.move, None, draw)
        turns.append(Turn(board.copy(), draw, lexicon, entry.number, top, first_length))
        board.play(entry.move)
        if first_length is None:
            first_length = len(entry.move.word)
    return turns


def remove_tiles(rack: str, tiles: str) -> str:
    """``rack`` without ``tiles`` (order of the rest kept); ValueError if one is missing."""
    left = list(rack)
    for t in tiles:
        if t not in left:
            raise ValueError(f"tile {t} is not in {rack}")
        left.remove(t)
    return "".join(left)


class DuplicateGame:
    """One Duplicate game as the chief arbiter runs it (seed 004, 2.1-2.7, 5.2).

    ``lexicon`` is an :class:`arbitre.lexicon.Lexicon` (anything ``generate.top_moves``
    accepts). ``seed`` makes the random draws reproducible; without one, a seed is chosen and
    kept (:attr:`seed`), unless ``seed=None`` and ``random_draws=False`` (every draw entered).
    ``engine`` is passed to ``arbitre.scrabble.generate.top_moves``; ``top_finder`` replaces it
    (a callable ``(board, rack, lexicon) -> list of ScoredMove``).
    """

    def __init__(
        self,
        lexicon: Any,
        *,
        seed: int | None = None,
        random_draws: bool = True,
        settings: DuplicateSettings | None = None,
        engine: str = "fast",
        top_finder: TopFinder | None = None,
        bag: Bag | None = None,
    ) -> None:
        self.lexicon = lexicon
        self.settings = settings or DuplicateSettings()
        if seed is None and random_draws:
            seed = random.SystemRandom().randrange(2**62)
        self.seed = seed
        self._rng = random.Random(seed) if seed is not None else None
        self._find = top_finder or generator_top_moves(engine)
        self.board = Board()
        self.bag = bag.copy() if bag is not None else Bag()
        self.initial_tiles = self.bag.tiles()
        #: Tiles in the arbiter's hand: the leave before the draw, the full draw after it.
        self.hand = ""
        self._leave = ""
        self._drawn = ""
        self._entered = False
        self.moves: list[MoveEntry] = []
        self._attempts: list[Attempt] = []
        self._no_score_count = 0
        self._tops: TopChoice | None = None
        self._tops_known = False
        self.phase: Phase = "draw"
        self.end_reason: EndReason | None = None
        self._check_end()

    def copy(self) -> DuplicateGame:
        """An independent copy of the game as it stands: the same state as replaying its
        record (:func:`arbitre.duplicate.record.replay`), without searching each move's top
        again. The word list and the top finder are shared (no game changes them); a change
        to either game leaves the other as it was."""
        shared: dict[int, Any] = {id(self.lexicon): self.lexicon, id(self._find): self._find}
        return copy.deepcopy(self, shared)

    # -- state ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def move_number(self) -> int:
        """The number of the move in progress (or of the next move), from 1."""
        return len(self.moves) + 1

    @property
    def total(self) -> int:
        """The sum of the tops played."""
        return self.moves[-1].total if self.moves else 0

    @property
    def leave(self) -> str:
        """The leave of the move in progress (the hand before the draw)."""
        return self.hand if self.phase != "play" else self._leave

    @property
    def drawn(self) -> str:
        """The new letters of the current draw, in drawing order ("" before the draw)."""
        return self._drawn if self.phase == "play" else ""

    @property
    def attempts(self) -> tuple[Attempt, ...]:
        """Rejects and annulments of the move in progress so far."""
        return tuple(self._attempts)

    def pool(self) -> str:
        """Every tile not on the board: the bag and the hand."""
        return self.bag.tiles() + self.hand

    def minimum(self) -> Minimum | None:
        """The vowel/consonant minimum of the next draw (2.2; rulings.md Duplicate 1)."""
        return required_minimum(self.move_number, self.pool(), self.settings.strong_until)

    def _minimum_or_fail(self) -> Minimum:
        minimum = self.minimum()
        if minimum is None:  # pragma: no cover - the end of the game is checked after each move
            raise _refuse("no_valid_draw")
        return minimum

    def announcement(self) -> DrawAnnouncement:
        """What the arbiter announces for the current draw (2.1)."""
        if self.phase != "play":
            raise _refuse("nothing_to_announce")
        last = self._attempts[-1] if self._attempts else None
        rejected = len(last.rack) if last else 0
        annulled = last is not None and last.outcome == "annulled"
        return DrawAnnouncement(self.move_number, self._leave, self._drawn, rejected, annulled)

    @property
    def letters_to_draw(self) -> int:
        """How many letters the next draw takes from the bag: seven less the leave kept,
        seven after a reject or an annulment (2.1, 2.2, 5.2), fewer when the bag runs out."""
        return self._to_draw() if self.phase == "draw" else 0

    @property
    def end_label(self) -> Message | None:
        """Why the game ended, to be worded; ``None`` while it goes on."""
        return None if self.end_reason is None else end_label(self.end_reason)

    def _require(self, phase: Phase, action: str) -> None:
        """Refuse ``action`` (one of :data:`ACTIONS`) outside ``phase``."""
        if self.phase != phase:
            if self.phase == "over":
                raise _refuse(f"over.{action}", reason=self.end_label)
            hint = "draw_first" if self.phase == "draw" else "play_or_annul"
            raise _refuse(f"not_now.{action}", hint=_message(f"hint.{hint}"))

    def _check_end(self) -> None:
        """The end of the game before a draw (2.7; rulings.md Duplicate 3)."""
        pool = self.pool()
        if not pool:
            self._end("all_played")
        elif letters_only_end(pool):
            self._end("letters_left")

    def _end(self, reason: EndReason) -> None:
        self.phase = "over"
        self.end_reason = reason

    # -- draws ---------------------------------------------------------------------------------
    def _to_draw(self) -> int:
        return min(RACK_SIZE - len(self.hand), len(self.bag))

    def draw(self, letters: str | None = None) -> str:
        """Complete the hand to seven tiles (or all that is left) and return the new letters.

        Without ``letters`` the tiles are drawn at random; an invalid draw (2.2) is rejected,
        all its tiles and the leave go back to the bag and seven are drawn anew, as often as
        needed, each reject recorded. With ``letters`` (the arbiter's physical draw, in
        drawing order), they must be in the bag, be exactly the number needed and make a valid
        draw, else :class:`InvalidDrawError` or :class:`~arbitre.duplicate.draws.BagError`
        explains why and nothing changes (record a physical reject with :meth:`reject`).
        """
        self._require("draw", "draw")
        minimum = self._minimum_or_fail()
        if letters is not None:
            new = self._entered_letters(letters)
            if not meets(self.hand + new, minimum):
                raise draw_error(
                    "below_minimum",
                    leave=self.hand,
                    drawn=new,
                    vowels=minimum.vowels,
                    consonants=minimum.consonants,
                    move=self.move_number,
                )
            self.bag.take(new)
            self._keep(new, entered=True)
            return new
        while True:
            new = self._replay_random_draw()
            if meets(self.hand + new, minimum):
                self._keep(new, entered=False)
                return new
            self._put_back_attempt(new, "reject", False, f"fewer than {minimum}")

    def _replay_random_draw(self) -> str:
        """Take the tiles needed at random from the bag (the caller keeps or rejects them)."""
        if self._rng is None:
            raise _refuse("no_random_draws")
        return self.bag.draw_random(self._to_draw(), self._rng)

    def _random_draw_valid(self, new: str) -> bool:
        """Whether ``new``, just taken from the bag, completes the hand into a valid draw."""
        pool = self.bag.tiles() + self.hand + new
        minimum = required_minimum(self.move_number, pool, self.settings.strong_until)
        return minimum is not None and meets(self.hand + new, minimum)

    def reject(self, letters: str, reason: str = "") -> None:
        """Record a physical draw found invalid (2.2): ``letters`` were drawn to complete the
        leave; all of them and the leave go back to the bag. Refused if the draw was valid."""
        self._require("draw", "reject")
        minimum = self._minimum_or_fail()
        new = self._entered_letters(letters)
        if meets(self.hand + new, minimum):
            raise draw_error(
                "valid_not_reject",
                leave=self.hand,
                drawn=new,
                vowels=minimum.vowels,
                consonants=minimum.consonants,
            )
        self.bag.take(new)
        self._put_back_attempt(new, "reject", True, reason or f"fewer than {minimum}")

    def _entered_letters(self, letters: str) -> str:
        new = check_tiles(letters)
        need = self._to_draw()
        if len(new) != need:
            raise draw_error(
                "wrong_count",
                entered=len(new),
                needed=need,
                leave=self.hand or "-",
                bag=len(self.bag),
            )
        absent = self.bag.missing(new)
        if absent:
            raise bag_error("missing", missing=absent, bag=self.bag.tiles() or "-")
        return new

    def _keep(self, new: str, entered: bool) -> None:
        self._leave = self.hand
        self._drawn = new
        self._entered = entered
        self.hand = self.hand + new
        self._tops = None
        self._tops_known = False
        self.phase = "play"

    def _put_back_attempt(
        self,
        new: str,
        outcome: Outcome,
        entered: bool,
        reason: str,
    ) -> None:
        """Record a draw that led to no move and put all its tiles (hand + ``new``) back."""
        self._attempts.append(Attempt(self.hand, new, outcome, entered, reason))
        self.bag.put_back(self.hand + new)
        self.hand = ""
        self._leave = self._drawn = ""
        self._tops = None
        self._tops_known = False
        self.phase = "draw"

    # -- the top -------------------------------------------------------------------------------
    def tops(self) -> TopChoice | None:
        """The tops of the current draw, or None when no move scores (5.2)."""
        self._require("play", "tops")
        if not self._tops_known:
            self._tops = self._compute_tops()
            self._tops_known = True
        return self._tops

    def _compute_tops(self) -> TopChoice | None:
        found = self._find(self.board, Rack(self.hand), self.lexicon)
        if not found:
            return None
        score = max(int(sm.score) for sm in found)
        if score <= 0:
            return None
        moves = {sm.move for sm in found if int(sm.score) == score}
        if self.board.is_empty:
            # 2.4 / rulings 2: the first top is placed horizontally.
            moves = {m for m in moves if m.horizontal} or {
                Move(m.col, m.row, True, m.word) for m in moves
            }
        equal = tuple(sorted(moves, key=move_order_key))
        admissible = [m for m in equal if not uses_blank(self.board, m)] or list(equal)
        bag = self.bag.tiles()
        ending = [m for m in admissible if self._ends_game(m, bag)]
        return TopChoice(score, equal, tuple(ending or admissible))

    def _ends_game(self, move: Move, bag: str | None = None) -> bool:
        """Whether the tiles left after ``move`` end the game (2.7)."""
        bag = self.bag.tiles() if bag is None else bag
        rest = bag + remove_tiles(self.hand, placed_tiles(self.board, move))
        return not rest or letters_only_end(rest)

    def play(self, move: Move | str | None = None) -> MoveEntry:
        """Play the default top, or the arbiter's choice among the admissible tops (2.4)."""
        self._require("play", "play")
        choice = self.tops()
        if choice is None:
            raise _refuse("no_scoring_move")
        if move is None:
            chosen = choice.default
        else:
            chosen = Move.parse(move) if isinstance(move, str) else move
            chosen = self.board.canonical(chosen)
            if chosen not in choice.admissible:
                if chosen in choice.equal_tops:
                    why = _message("why.prefer_plain")
                elif self.board.is_empty and not chosen.horizontal:
                    why = _message("why.first_horizontal")
                else:
                    why = _message("why.not_a_top", score=choice.score)
                raise MoveChoiceError(_message("not_retained", move=str(chosen), why=why))
        result = self.board.play(chosen, Rack(self.hand))
        if result.score != choice.score:  # pragma: no cover - generator and board disagree
            self.board.undo()
            raise RuntimeError(f"{chosen}: board scores {result.score}, generator {choice.score}")
        entry = MoveEntry(
            number=self.move_number,
            leave=self._leave,
            drawn=self._drawn,
            entered=self._entered,
            attempts=tuple(self._attempts),
            move=chosen,
            score=choice.score,
            equal_tops=choice.equal_tops,
            total=self.total + choice.score,
            bingo=result.bingo,
        )
        self.moves.append(entry)
        self.hand = remove_tiles(self.hand, "".join(result.rack_tiles))
        self._attempts = []
        self._no_score_count = 0
        self._leave = self._drawn = ""
        self._tops = None
        self._tops_known = False
        self.phase = "draw"
        self._check_end()
        return entry

    # -- annulments (5.2) ----------------------------------------------------------------------
    def annul_no_score(self) -> None:
        """No positive score is possible (5.2, first paragraph; rulings.md Duplicate 4): all the
        letters go back to the bag and a new draw is made. When the draw held every tile left
        (the bag is empty), or after ``max_no_score_draws`` such draws in a row, no placement is
        possible and the game ends (2.7)."""
        self._require("play", "annul_no_score")
        if self.tops() is not None:
            raise _refuse("move_scores")
        self._no_score_count += 1
        if not self.bag.tiles() or self._no_score_count >= self.settings.max_no_score_draws:
            self._attempts.append(
                Attempt(self._leave, self._drawn, "no_score", self._entered, "no placement")
            )
            self.hand = self._leave + self._drawn
            self._tops = None
            self._tops_known = False
            self._end("no_move")
            return
        self.hand = self._leave
        self._put_back_attempt(self._drawn, "no_score", self._entered, "no positive score")

    def annul_draw(self, reason: str = "") -> None:
        """The arbiter annuls the current draw (5.2, second paragraph, e.g. a spelling error):
        all its letters, the leave included, go back and seven new letters will be drawn."""
        self._require("play", "annul_draw")
        self.hand = self._leave
        self._put_back_attempt(self._drawn, "annulled", self._entered, reason or "annulled")

    def annul_last_move(self, reason: str = "") -> MoveEntry:
        """The arbiter annuls the move just played (5.2, second paragraph): its points are
        cancelled, its tiles and its leave go back to the bag, and the move is played again
        with seven new letters. Only before the next move's draw."""
        if self.phase == "play" or self._attempts:
            raise _refuse("annul_draw_first")
        if not self.moves:
            raise _refuse("no_move_to_annul")
        entry = self.moves.pop()
        self.board.undo()
        self.bag.put_back(entry.rack)
        self.hand = ""
        self._attempts = list(entry.attempts)
        self._attempts.append(
            Attempt(
                entry.leave,
                entry.drawn,
                "annulled",
                entry.entered,
                reason or "annulled",
                entry.move,
                entry.score,
            )
        )
        self._no_score_count = 0
        self.phase = "draw"
        self.end_reason = None
        self._check_end()
        return entry

    # -- whole game ----------------------------------------------------------------------------
    def step(self) -> MoveEntry | None:
        """Draw at random, annul while no move scores, play the default top. None at the end."""
        while not self.over:
            if self.phase == "draw":
                self.draw()
            if self.tops() is None:
                self.annul_no_score()
                continue
            return self.play()
        return None

    def autoplay(self) -> list[MoveEntry]:
        """Play the game to its end with random draws and default tops."""
        while self.step() is not None:
            pass
        return self.moves

    # -- judging ballots (seed 004, chapters 3 and 4) ------------------------------------------
    def turns(self) -> list[Turn]:
        """What the arbiters know of each move played: the board before it, its draw, its top."""
        return turns_of(self.moves, self.lexicon)

    def turn(self, move: int | None = None) -> Turn:
        """What the arbiters know of move ``move`` (by default the last move played)."""
        played = len(self.moves)
        number = played if move is None else move
        if not played:
            raise _refuse("no_move_played")
        if not 1 <= number <= played:
            raise _refuse("no_such_move", move=number, moves=played)
        return turns_of(self.moves[:number], self.lexicon)[-1]

    def judge(
        self, ballot: Ballot | str, move: int | None = None, *, earlier: Iterable[Decision] = ()
    ) -> Decision:
        """Decide a player's ballot (a :class:`~arbitre.duplicate.ballot.Ballot` or its compact
        text, :func:`~arbitre.duplicate.ballot.parse_ballot`) for move ``move``, by default the
        last move played. ``earlier``: the player's decisions on the earlier moves of this game,
        whose refused words a late warning slip lets the player repeat (4.6)."""
        parsed = parse_ballot(ballot) if isinstance(ballot, str) else ballot
        return judge(parsed, self.turn(move), earlier=earlier)

    def check_tiles(self) -> None:
        """Assert the tile count: board + hand + bag is the initial set (no tile lost)."""
        on_board = "".join(BLANK if t.islower() else t for _, _, t in self.board.tiles())
        if Counter(on_board + self.hand + self.bag.tiles()) != Counter(self.initial_tiles):
            raise AssertionError("tiles lost or duplicated")  # pragma: no cover


__all__ = [
    "Attempt",
    "DuplicateGame",
    "DuplicateSettings",
    "EndReason",
    "GameStateError",
    "MoveChoiceError",
    "MoveEntry",
    "SettingsError",
    "TopChoice",
    "TopFinder",
    "end_label",
    "generator_top_moves",
    "move_order_key",
    "turns_of",
]
