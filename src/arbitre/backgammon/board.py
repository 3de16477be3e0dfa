"""Backgammon positions, dice and legal checker moves (seed 003, 3.8-3.9; standard rules).

A :class:`Position` is seen from the player on roll, as in GNU Backgammon: ``player[i]`` is
the number of the roller's checkers on their own point ``i + 1`` (index 24 is the bar) and
``opponent[i]`` the same for the other player, numbered from the other player's side. A
player's point ``p`` is the opponent's point ``25 - p``. Checkers not on the board are borne
off. Fewer than 15 checkers per side are accepted, and one more (16) too: a game started
with 14 or 16 checkers stands (seed 003, 3.17).

Legal moves follow the rules every tournament uses and GNU Backgammon implements: a checker
on the bar enters before any other moves; a point held by two or more opposing checkers is
blocked; a lone opposing checker is hit and goes to the bar; bearing off needs every checker
in the home board and uses the exact die, or a higher die from the highest occupied point;
doubles are played four times; the largest possible number of dice must be played, and when
only one die of a roll can be played, the larger one must be when it can. Moves are listed
once per distinct resulting position.

Invalid input is refused with :class:`BackgammonError`, a :class:`~arbitre.common.Refusal`
carrying a message code (``backgammon.*``), here and in the other modules of the package.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import NamedTuple

from arbitre.common.messages import Message, Param, Refusal

MESSAGE_CODES = frozenset(
    f"backgammon.{name}"
    for name in (
        "dice_text",
        "invalid_dice",
        "side.player",
        "side.opponent",
        "side_entries",
        "negative_count",
        "too_many_checkers",
        "shared_point",
        "invalid_point",
        "impossible_step_in",
        "roll_unplayable",
        "illegal_move",
        "no_checker",
        "impossible_step",
        "point_held",
        "unreadable_move",
        "invalid_point_in",
        "position_kind",
    )
)
"""The refusals of positions, dice and moves."""

CHECKERS = 15
MAX_CHECKERS = 16
"""Seed 003, 3.17: "Un joueur commençant avec 14 pions ou 16 pions (ou autre) peut
néanmoins perdre gammon ou backgammon": a board may hold one checker more than a set has
(the IDs of gnubg, :mod:`arbitre.backgammon.ids`, hold 15 at most)."""
BAR = 24  # index of the bar in a side's tuple
BAR_POINT = 25  # the bar in move notation
OFF_POINT = 0  # borne off in move notation


class BackgammonError(Refusal):
    """Invalid backgammon input: position, dice, move or record (the reason is a
    :class:`~arbitre.common.Message`)."""


def refusal(code: str, **params: Param) -> BackgammonError:
    """The :class:`BackgammonError` of code ``backgammon.<code>``."""
    return BackgammonError(Message.of(f"backgammon.{code}", **params))


class Dice(NamedTuple):
    """A roll of two dice (values 1-6)."""

    die1: int
    die2: int

    @property
    def is_double(self) -> bool:
        return self.die1 == self.die2

    def steps(self) -> tuple[int, ...]:
        """The die values to play: four of them for a double."""
        if self.die1 == self.die2:
            return (self.die1,) * 4
        return (self.die1, self.die2)

    def __str__(self) -> str:
        return f"{self.die1}{self.die2}"

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read ``31``, ``3-1``, ``3 1`` or ``3,1``."""
        digits = re.fullmatch(r"\s*([1-6])\s*[-, ]?\s*([1-6])\s*", text)
        if not digits:
            raise refusal("dice_text", text=text)
        return cls(int(digits.group(1)), int(digits.group(2)))

    @classmethod
    def roll(cls, rng: random.Random) -> Dice:
        return cls(rng.randint(1, 6), rng.randint(1, 6))


class Step(NamedTuple):
    """One checker moved by one die: points in the mover's numbering (25 bar, 0 off)."""

    source: int
    target: int
    hit: bool


class Move(NamedTuple):
    """A full move: the steps played, in order, and the position it leads to.

    ``position`` is the result with the mover still on roll (as gnubg's move lists);
    :meth:`Position.play` hands the turn over.
    """

    steps: tuple[Step, ...]
    position: Position

    def __str__(self) -> str:
        return format_steps(self.steps)

    @property
    def notation(self) -> str:
        """The move in gnubg notation."""
        return format_steps(self.steps)


def _point_name(point: int) -> str:
    if point == BAR_POINT:
        return "bar"
    if point == OFF_POINT:
        return "off"
    return str(point)


def format_steps(steps: tuple[Step, ...] | list[Step]) -> str:
    """The move in gnubg notation: ``24/18 13/8``, ``bar/22*``, ``6/off(2)``, ``13/7*/5``.

    Steps of one checker are chained (intermediate points shown only where it hits); equal
    chains are grouped with a count; chains are listed from the highest source point.
    """
    if not steps:
        return "cannot move"
    remaining = sorted(steps, key=lambda s: (-s.source, -s.target))
    chains: list[list[Step]] = []
    while remaining:
        chain = [remaining.pop(0)]
        while chain[-1].target != OFF_POINT:
            end = chain[-1].target
            follow = next((s for s in remaining if s.source == end), None)
            if follow is None:
                break
            remaining.remove(follow)
            chain.append(follow)
        chains.append(chain)
    texts: list[str] = []
    for chain in chains:
        parts = [_point_name(chain[0].source)]
        for i, step in enumerate(chain):
            last = i == len(chain) - 1
            if step.hit or last:
                parts.append(_point_name(step.target) + ("*" if step.hit else ""))
        texts.append("/".join(parts))
    # Equal chains are grouped with a count; a hit shown on one of them marks the group
    # (gnubg writes "14/8*(2)" when one of two checkers moving 14/8 hits).
    grouped: list[tuple[str, int]] = []
    for text in texts:
        if grouped and _ends(grouped[-1][0]) == _ends(text):
            base, count = grouped[-1]
            if "*" in text and "*" not in base:
                base = text
            grouped[-1] = (base, count + 1)
        else:
            grouped.append((text, 1))
    return " ".join(f"{base}({count})" if count > 1 else base for base, count in grouped)


def _ends(text: str) -> tuple[str, str]:
    parts = text.replace("*", "").split("/")
    return parts[0], parts[-1]


def _check_side(side: tuple[int, ...], name: str) -> None:
    """``name``: ``player`` (on roll) or ``opponent``."""
    if len(side) != 25:
        raise refusal("side_entries", side=Message.of(f"backgammon.side.{name}"))
    if any(n < 0 for n in side):
        raise refusal("negative_count", side=Message.of(f"backgammon.side.{name}"))
    check_checkers(side, name, MAX_CHECKERS)


def check_checkers(side: tuple[int, ...], name: str, most: int) -> None:
    """Refuse a side (``player`` or ``opponent``) holding more than ``most`` checkers."""
    if sum(side) > most:
        side_name = Message.of(f"backgammon.side.{name}")
        raise refusal("too_many_checkers", side=side_name, checkers=most)


@dataclass(frozen=True, slots=True)
class Position:
    """A board seen from the player on roll (see the module docstring)."""

    player: tuple[int, ...]
    opponent: tuple[int, ...]

    def __post_init__(self) -> None:
        _check_side(self.player, "player")
        _check_side(self.opponent, "opponent")
        for i in range(24):
            if self.player[i] and self.opponent[23 - i]:
                raise refusal("shared_point", point=i + 1)

    @classmethod
    def _trusted(cls, player: tuple[int, ...], opponent: tuple[int, ...]) -> Position:
        """Build without validation (internal, for positions derived from a valid one)."""
        obj = object.__new__(cls)
        object.__setattr__(obj, "player", player)
        object.__setattr__(obj, "opponent", opponent)
        return obj

    @classmethod
    def initial(cls) -> Position:
        """The standard starting position."""
        side = [0] * 25
        side[23], side[12], side[7], side[5] = 2, 5, 3, 5
        return cls(tuple(side), tuple(side))

    @classmethod
    def from_points(cls, player: dict[int, int], opponent: dict[int, int]) -> Position:
        """Build from ``{point: count}`` maps in each side's own numbering (25 = bar)."""
        sides = []
        for points in (player, opponent):
            side = [0] * 25
            for point, count in points.items():
                if not 1 <= point <= 25:
                    raise refusal("invalid_point", point=point)
                side[point - 1] += count
            sides.append(tuple(side))
        return cls(sides[0], sides[1])

    def swap(self) -> Position:
        """The same board with the other player on roll."""
        return Position(self.opponent, self.player)

    def borne_off(self, player_on_roll: bool = True) -> int:
        side = self.player if player_on_roll else self.opponent
        return CHECKERS - sum(side)

    def pip_count(self, player_on_roll: bool = True) -> int:
        side = self.player if player_on_roll else self.opponent
        return sum((i + 1) * n for i, n in enumerate(side))

    def is_contact(self) -> bool:
        """True while some checkers of the two players can still meet."""
        back_player = max((i for i in range(25) if self.player[i]), default=-1)
        back_opponent = max((i for i in range(25) if self.opponent[i]), default=-1)
        return back_player + back_opponent > 22

    def is_game_over(self) -> bool:
        return sum(self.player) == 0 or sum(self.opponent) == 0

    def legal_moves(self, dice: Dice | tuple[int, int]) -> list[Move]:
        """Every legal move for ``dice``, one per distinct resulting position.

        Returns an empty list when the roll cannot be played at all.
        """
        if not isinstance(dice, Dice):
            dice = Dice(*dice)
        if not (1 <= dice.die1 <= 6 and 1 <= dice.die2 <= 6):
            raise refusal("invalid_dice", dice=f"{dice.die1}{dice.die2}")
        if dice.is_double:
            results = _play_sequence(self.player, self.opponent, dice.steps())
        else:
            big, small = max(dice), min(dice)
            first = _play_sequence(self.player, self.opponent, (big, small))
            second = _play_sequence(self.player, self.opponent, (small, big))
            depth_first = _depth(first)
            depth_second = _depth(second)
            if depth_first == 2 or depth_second == 2:
                results = {}
                if depth_first == 2:
                    results.update(first)
                if depth_second == 2:
                    for key, value in second.items():
                        results.setdefault(key, value)
            elif depth_first == 1:
                results = first  # the larger die (seed rule: the larger one when possible)
            else:
                results = second
        moves = []
        sides: dict[bytes, tuple[int, ...]] = {}  # many results share the opponent's side
        for (own, opp), (path, _) in results.items():
            if path:
                opp_side = sides.get(opp)
                if opp_side is None:
                    opp_side = sides[opp] = tuple(opp)
                moves.append(Move(path, Position._trusted(tuple(own), opp_side)))
        return moves

    def play(self, move: Move) -> Position:
        """The position after ``move``, with the opponent on roll."""
        return move.position.swap()

    def find_move(self, dice: Dice, text: str) -> Move:
        """The legal move written ``text`` (gnubg or .mat notation), or BackgammonError."""
        wanted = parse_steps(text)
        target = _apply_steps(self.player, self.opponent, wanted)
        moves = self.legal_moves(dice)
        if target is None:
            raise refusal("impossible_step_in", move=text, dice=str(dice))
        if not moves and not wanted:
            return Move((), self)
        for move in moves:
            if (move.position.player, move.position.opponent) == target:
                return move
        if not moves:
            raise refusal("roll_unplayable", move=text, dice=str(dice))
        raise refusal("illegal_move", move=text, dice=str(dice))

    def physical_move(self, text: str) -> Move:
        """The written move applied as the checkers were physically moved, legal or not.

        Only checks that each moved checker exists and lands on a point not held by two
        opposing checkers; for an illegal move condoned by the opponent (seed 003, 3.14).
        """
        pairs = parse_steps(text)
        own = list(self.player)
        opp = list(self.opponent)
        steps: list[Step] = []
        pending = sorted(pairs, key=lambda p: -p[0])
        while pending:
            for pair in pending:
                if own[pair[0] - 1]:
                    break
            else:
                raise refusal("no_checker", move=text, point=pending[0][0])
            pending.remove(pair)
            src, dst = pair
            if src <= dst or (own[BAR] and src != BAR_POINT):
                raise refusal("impossible_step", move=text, source=src, target=dst)
            own[src - 1] -= 1
            hit = False
            if dst > 0:
                if opp[24 - dst] >= 2:
                    raise refusal("point_held", move=text, point=dst)
                if opp[24 - dst] == 1:
                    opp[24 - dst] = 0
                    opp[BAR] += 1
                    hit = True
                own[dst - 1] += 1
            steps.append(Step(src, dst, hit))
        return Move(tuple(steps), Position._trusted(tuple(own), tuple(opp)))

    def __str__(self) -> str:
        return self.diagram()

    def diagram(self, *, bar: str = "bar", off: str = "off") -> str:
        """A one-line text picture: each occupied point (X on roll, O opponent), then the
        checkers on the bar and those borne off, labelled ``bar`` and ``off`` (the interface
        gives the words of its language).

        >>> Position.initial().diagram(bar="barre", off="sortis").split(" | ")[1:]
        ['barre X0 O0', 'sortis X0 O0']
        """
        cells = []
        for i in range(23, -1, -1):
            if self.player[i]:
                cells.append(f"{i + 1}:X{self.player[i]}")
            elif self.opponent[23 - i]:
                cells.append(f"{i + 1}:O{self.opponent[23 - i]}")
        return (
            " ".join(cells)
            + f" | {bar} X{self.player[BAR]} O{self.opponent[BAR]}"
            + f" | {off} X{self.borne_off(True)} O{self.borne_off(False)}"
        )


_Key = tuple[bytes, bytes]
_Level = dict[_Key, tuple[tuple[Step, ...], int]]  # a path to it, highest source allowed


def _depth(results: _Level) -> int:
    return max((len(value[0]) for value in results.values()), default=0)


def _play_sequence(
    player: tuple[int, ...], opponent: tuple[int, ...], dice: tuple[int, ...]
) -> _Level:
    """Positions reachable by playing ``dice`` in order, as far as possible.

    Returns the positions of the deepest level reached, each with one path leading to it
    (and the highest source index that path may still move from). Sides are ``bytes`` here:
    their hash is cached, which makes the de-duplication of positions cheap. With a double,
    checkers are moved in non-increasing source order, which reaches every position once.
    """
    double = len(dice) == 4
    level: _Level = {(bytes(player), bytes(opponent)): ((), BAR)}
    for die in dice:
        following: _Level = {}
        get = following.get
        for (own, opp), (path, limit) in level.items():
            for src, dst in _die_moves(own, opp, die, limit if double else BAR):
                new_own = bytearray(own)
                new_own[src] -= 1
                new_opp = opp
                hit = False
                if dst >= 0:
                    new_own[dst] += 1
                    if opp[23 - dst] == 1:
                        hit = True
                        lst = bytearray(opp)
                        lst[23 - dst] = 0
                        lst[BAR] += 1
                        new_opp = bytes(lst)
                key = (bytes(new_own), new_opp)
                known = get(key)
                if known is None:
                    step = Step(src + 1, dst + 1 if dst >= 0 else 0, hit)
                    following[key] = ((*path, step), src)
                elif known[1] < src:
                    following[key] = (known[0], src)
        if not following:
            break
        level = following
    return level


def _die_moves(own: bytes, opp: bytes, die: int, limit: int) -> list[tuple[int, int]]:
    """(source index, target index or -1 for off) for each checker that can move ``die``.

    Only sources at index ``limit`` or below are considered; sources come highest first.
    """
    if own[BAR]:
        target = BAR - die
        return [(BAR, target)] if opp[23 - target] < 2 else []
    highest = len(own[:24].rstrip(b"\x00")) - 1
    start = min(highest, limit)
    moves = [
        (src, src - die)
        for src in range(start, die - 1, -1)
        if own[src] and opp[23 - src + die] < 2
    ]
    if 0 <= highest < 6:  # bearing off: the exact die, or a higher die from the highest point
        if highest >= die - 1:
            if die - 1 <= start and own[die - 1]:
                moves.append((die - 1, -1))
        elif highest <= limit:
            moves.append((highest, -1))
    return moves


_STEP_RE = re.compile(r"^(bar|\d{1,2})((?:/(?:bar|off|\d{1,2})\*?)+)(?:\((\d)\))?$")


def parse_steps(text: str) -> list[tuple[int, int]]:
    """Read a move in gnubg or Jellyfish notation into (source, target) point pairs.

    Accepts ``24/18 13/8``, ``bar/22*``, ``25/22``, ``6/off``, ``6/0``, ``24/18(2)``,
    ``13/7*/5`` and ``8/2*/1``. An empty text (or ``cannot move``) is the empty move.
    """
    cleaned = text.strip().lower()
    if cleaned in ("", "cannot move", "can't move", "no move", "-"):
        return []
    pairs: list[tuple[int, int]] = []
    for token in cleaned.split():
        match = _STEP_RE.match(token)
        if not match:
            raise refusal("unreadable_move", move=text, token=token)
        names = [match.group(1)] + [p for p in match.group(2).split("/") if p]
        points = []
        for name in names:
            name = name.rstrip("*")
            point = BAR_POINT if name == "bar" else OFF_POINT if name == "off" else int(name)
            if not 0 <= point <= 25:
                raise refusal("invalid_point_in", point=point, move=text)
            points.append(point)
        count = int(match.group(3) or 1)
        for _ in range(count):
            pairs.extend(zip(points, points[1:], strict=False))
    return pairs


def _apply_steps(
    player: tuple[int, ...], opponent: tuple[int, ...], pairs: list[tuple[int, int]]
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Apply written steps (any order that works), hitting as needed; None if impossible.

    Only checks that checkers exist and land on open points: legality proper is decided by
    comparing with :meth:`Position.legal_moves`.
    """
    own = list(player)
    opp = list(opponent)
    pending = list(pairs)
    progress = True
    while pending and progress:
        progress = False
        for pair in sorted(pending, key=lambda p: -p[0]):
            src, dst = pair
            if src <= dst:
                return None
            if own[src - 1] == 0:
                continue
            own[src - 1] -= 1
            if dst > 0:
                if opp[24 - dst] >= 2:
                    return None
                if opp[24 - dst] == 1:
                    opp[24 - dst] = 0
                    opp[BAR] += 1
                own[dst - 1] += 1
            pending.remove(pair)
            progress = True
            break
    if pending:
        return None
    return tuple(own), tuple(opp)


POSITION_KINDS = ("contact", "race", "bearoff", "bar")


def random_position(rng: random.Random, kind: str = "contact") -> Position:
    """A random legal position of the given kind (for tests and benchmarks).

    ``contact``: checkers anywhere, some borne off; ``race``: the sides have passed each
    other; ``bearoff``: the player on roll has every checker home; ``bar``: contact with
    checkers on the bar. Both sides keep at least one checker on the board.
    """
    if kind not in POSITION_KINDS:
        raise refusal("position_kind", kind=kind)
    while True:
        player = [0] * 25
        opponent = [0] * 25
        if kind == "race":
            split = rng.randint(6, 18)
            mine = list(range(0, split))  # my indexes below the split
            theirs = list(range(0, 24 - split))  # their indexes, same board side
        elif kind == "bearoff":
            mine = list(range(0, 6))
            theirs = list(range(0, 24))
        else:
            mine = list(range(0, 24))
            theirs = list(range(0, 24))
        count_mine = rng.randint(1, CHECKERS)
        count_theirs = rng.randint(1, CHECKERS)
        if kind != "bearoff" and rng.random() < 0.7:
            count_mine = CHECKERS - rng.randint(0, 3)
            count_theirs = CHECKERS - rng.randint(0, 3)
        for _ in range(count_mine):
            player[rng.choice(mine)] += 1
        for _ in range(count_theirs):
            idx = rng.choice(theirs)
            if player[23 - idx]:
                continue
            opponent[idx] += 1
        if kind == "bar" or (kind == "contact" and rng.random() < 0.15):
            for side in (player, opponent):
                for _ in range(rng.choice((0, 1, 1, 2, 3))):
                    occupied = [i for i in range(24) if side[i]]
                    if occupied:
                        side[rng.choice(occupied)] -= 1
                        side[BAR] += 1
        if sum(player) and sum(opponent):
            return Position(tuple(player), tuple(opponent))
