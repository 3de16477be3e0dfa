"""GNU Backgammon Position IDs and Match IDs, and XGID positions (eXtreme Gammon).

Position ID: 80 bits, base64 without padding (14 characters). For each side, the side not
on roll first, then the side on roll, each point 1-24 and then the bar: as many 1 bits as
checkers, then a 0 bit. Bits fill bytes from the least significant bit.

Match ID: 66 bits (72 with padding, 12 characters): cube value (log2, 4 bits), cube owner
(2: 0, 1 or 3 = centred), player on roll (1), Crawford game (1), game state (3), turn (1),
double offered (1), resignation (2), dice (3 + 3), match length (15), score of player 0
(15), score of player 1 (15); bit 66 (Jacoby) is ignored in match play.

A text that is not a valid ID is refused with ``backgammon.invalid_id``: which kind of ID,
the text, and the reason (a message in its turn).
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from arbitre.backgammon.board import (
    CHECKERS,
    BackgammonError,
    Position,
    check_checkers,
    refusal,
)
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset(
    {f"backgammon.id.{kind}" for kind in ("position_id", "match_id", "xgid", "any")}
    | {
        f"backgammon.id_reason.{name}"
        for name in (
            "length",
            "base64",
            "size",
            "truncated",
            "trailing_bits",
            "too_many_checkers",
            "cube_owner",
            "character",
            "bottom_on_top_bar",
            "top_on_bottom_bar",
            "not_a_number",
            "cube_or_turn",
            "dice",
            "fields",
            "score_reached",
            "crawford",
            "turn",
            "double_after_roll",
            "double_and_resignation",
            "centred_cube",
            "dice_no_game",
            "kind",
        )
    }
    | {
        f"backgammon.{name}"
        for name in (
            "invalid_id",
            "cube_value",
            "cube_owner",
            "invalid_dice",
            "invalid_length",
            "id_score",
            "game_state",
        )
    }
)
"""The refusals of IDs: the kinds of ID, the reasons, the fields of a Match ID."""


def _invalid(what: str, text: str, reason: str, **params: Param) -> BackgammonError:
    """``what`` (``position_id``, ``match_id``, ``xgid``) ``text`` is invalid: ``reason``."""
    return refusal(
        "invalid_id",
        what=Message.of(f"backgammon.id.{what}"),
        text=text,
        reason=Message.of(f"backgammon.id_reason.{reason}", **params),
    )


START_POSITION_ID = "4HPwATDgc/ABMA"


def _bits_to_text(bits: list[int], nbytes: int) -> str:
    data = bytearray(nbytes)
    for i, bit in enumerate(bits):
        if bit:
            data[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(data)).decode("ascii").rstrip("=")


def _text_to_bits(text: str, nchars: int, nbytes: int, what: str) -> list[int]:
    text = text.strip()
    if len(text) != nchars:
        raise _invalid(what, text, "length", expected=nchars)
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise _invalid(what, text, "base64") from exc
    if len(data) != nbytes:
        raise _invalid(what, text, "size")
    return [(data[i // 8] >> (i % 8)) & 1 for i in range(nbytes * 8)]


def position_id(position: Position) -> str:
    """The 14-character gnubg Position ID (the start position is ``4HPwATDgc/ABMA``).

    A board with 16 checkers of a side (a game started so, seed 003, 3.17) has none."""
    check_checkers(position.player, "player", CHECKERS)
    check_checkers(position.opponent, "opponent", CHECKERS)
    key = 0
    shift = 0
    for side in (position.opponent, position.player):
        for count in side:
            if count:
                key |= ((1 << count) - 1) << shift
            shift += count + 1
    return base64.b64encode(key.to_bytes(10, "little")).decode("ascii")[:14]


def position_from_id(text: str) -> Position:
    """Read a gnubg Position ID; BackgammonError if it is not a valid position."""
    bits = _text_to_bits(text, 14, 10, "position_id")
    sides: list[list[int]] = [[], []]
    index = 0
    for side in sides:
        while len(side) < 25:
            count = 0
            while index < 80 and bits[index]:
                count += 1
                index += 1
            if index >= 80:
                raise _invalid("position_id", text, "truncated")
            index += 1
            side.append(count)
    if any(bits[index:]):
        raise _invalid("position_id", text, "trailing_bits")
    opponent, player = sides
    if sum(opponent) > CHECKERS or sum(player) > CHECKERS:
        raise _invalid("position_id", text, "too_many_checkers", checkers=CHECKERS)
    try:
        return Position(tuple(player), tuple(opponent))
    except BackgammonError as exc:  # both sides on one point
        raise refusal(
            "invalid_id", what=_what("position_id"), text=text, reason=exc.message
        ) from exc


def _what(kind: str) -> Message:
    return Message.of(f"backgammon.id.{kind}")


GAME_NONE, GAME_PLAYING, GAME_OVER, GAME_RESIGNED, GAME_DROPPED = range(5)


@dataclass(frozen=True)
class MatchId:
    """The fields of a gnubg Match ID. Players are 0 and 1 as in gnubg.

    ``cube_owner`` is ``None`` when the cube is centred; ``dice`` is ``(0, 0)`` before the
    roll; ``match_length`` 0 is money play (then ``jacoby`` is meaningful).
    """

    cube_value: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 0
    crawford: bool = False
    game_state: int = GAME_PLAYING
    turn: int = 0
    double_offered: bool = False
    resignation: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        value = self.cube_value
        if value < 1 or value & (value - 1) or value > 1 << 15:
            raise refusal("cube_value", value=value)
        if self.cube_owner not in (None, 0, 1):
            raise refusal("cube_owner", owner=self.cube_owner)
        if not all(0 <= d <= 6 for d in self.dice) or (0 in self.dice and self.dice != (0, 0)):
            raise refusal("invalid_dice", dice="-".join(str(d) for d in self.dice))
        if not 0 <= self.match_length < 1 << 15:
            raise refusal("invalid_length", length=self.match_length)
        if not all(0 <= s < 1 << 15 for s in self.score):
            raise refusal("id_score", score="-".join(str(s) for s in self.score))
        if not 0 <= self.game_state <= 4 or not 0 <= self.resignation <= 3:
            raise refusal("game_state", state=self.game_state, resignation=self.resignation)


def _put(bits: list[int], value: int, width: int) -> None:
    bits.extend((value >> i) & 1 for i in range(width))


def _get(bits: list[int], start: int, width: int) -> int:
    return sum(bits[start + i] << i for i in range(width))


def match_id(state: MatchId) -> str:
    """The 12-character gnubg Match ID."""
    bits: list[int] = []
    _put(bits, state.cube_value.bit_length() - 1, 4)
    _put(bits, 3 if state.cube_owner is None else state.cube_owner, 2)
    _put(bits, state.player_on_roll, 1)
    _put(bits, int(state.crawford), 1)
    _put(bits, state.game_state, 3)
    _put(bits, state.turn, 1)
    _put(bits, int(state.double_offered), 1)
    _put(bits, state.resignation, 2)
    _put(bits, state.dice[0], 3)
    _put(bits, state.dice[1], 3)
    _put(bits, state.match_length, 15)
    _put(bits, state.score[0], 15)
    _put(bits, state.score[1], 15)
    _put(bits, int(state.jacoby and state.match_length == 0), 1)
    return _bits_to_text(bits, 9)


def match_from_id(text: str) -> MatchId:
    """Read a gnubg Match ID (bit 66, Jacoby, is ignored in match play).

    Refused (``backgammon.invalid_id``) besides a malformed text: a field out of range, the
    padding bits set, a score that has reached the match length while the game is being
    played, a Crawford flag in money play or when not exactly one player is one point
    away, the turn not the player on roll's with no double or resignation pending, a double
    offered after the dice were rolled or together with a resignation, a centred cube worth
    more than 1 in match play (seed 003, 6.6: "Un videau au centre est toujours considéré
    comme ayant la valeur de 1"; money play knows automatic doubles), dice rolled while no
    game is started.
    """
    bits = _text_to_bits(text, 12, 9, "match_id")
    owner = _get(bits, 4, 2)
    if owner == 2:
        raise _invalid("match_id", text, "cube_owner")
    if any(bits[67:]):
        raise _invalid("match_id", text, "trailing_bits")
    length = _get(bits, 21, 15)
    try:
        state = MatchId(
            cube_value=1 << _get(bits, 0, 4),
            cube_owner=None if owner == 3 else owner,
            player_on_roll=bits[6],
            crawford=bool(bits[7]),
            game_state=_get(bits, 8, 3),
            turn=bits[11],
            double_offered=bool(bits[12]),
            resignation=_get(bits, 13, 2),
            dice=(_get(bits, 15, 3), _get(bits, 18, 3)),
            match_length=length,
            score=(_get(bits, 36, 15), _get(bits, 51, 15)),
            jacoby=bool(bits[66]) and length == 0,
        )
    except BackgammonError as exc:
        raise refusal("invalid_id", what=_what("match_id"), text=text, reason=exc.message) from exc
    if length and state.game_state == GAME_PLAYING and max(state.score) >= length:
        raise _invalid("match_id", text, "score_reached", length=length)
    if state.crawford and (
        not length or sorted(state.score)[1] != length - 1 or min(state.score) == length - 1
    ):
        raise _invalid("match_id", text, "crawford")
    if state.turn != state.player_on_roll and not (state.double_offered or state.resignation):
        raise _invalid("match_id", text, "turn")
    if state.double_offered and state.dice != (0, 0):
        raise _invalid("match_id", text, "double_after_roll")
    if state.double_offered and state.resignation:
        raise _invalid("match_id", text, "double_and_resignation")
    if length and state.cube_owner is None and state.cube_value != 1:
        raise _invalid("match_id", text, "centred_cube", value=state.cube_value)
    if state.game_state == GAME_NONE and state.dice != (0, 0):
        raise _invalid("match_id", text, "dice_no_game")
    return state


@dataclass(frozen=True)
class Xgid:
    """An XGID read into a :class:`Position` (seen from the player on roll) and its fields.

    The XGID's bottom player (upper-case checkers) is player 0 here, the top player 1.
    """

    position: Position
    player_on_roll: int
    cube_value: int
    cube_owner: int | None
    dice: tuple[int, int]
    score: tuple[int, int]
    crawford: bool
    match_length: int


def read_xgid(text: str) -> Xgid:
    """Read ``XGID=<26 characters>:cube:owner:turn:dice:score0:score1:crawford:length[:max]``.

    Position characters: ``-`` empty, ``A``-``O`` 1-15 checkers of the bottom player,
    ``a``-``o`` of the top player; index 0 is the top player's bar, indexes 1-24 the bottom
    player's points 1-24, index 25 the bottom player's bar.
    """
    body = text.strip()
    if body.upper().startswith("XGID="):
        body = body[5:]
    fields = body.split(":")
    if len(fields) < 9 or len(fields[0]) != 26:
        raise _invalid("xgid", text, "fields")
    board = fields[0]
    bottom = [0] * 25
    top = [0] * 25
    for index, char in enumerate(board):
        if char == "-":
            continue
        if "A" <= char <= "O":
            count, side = ord(char) - ord("A") + 1, bottom
        elif "a" <= char <= "o":
            count, side = ord(char) - ord("a") + 1, top
        else:
            raise _invalid("xgid", text, "character", char=char)
        if side is bottom:
            if index == 0:
                raise _invalid("xgid", text, "bottom_on_top_bar")
            side[24 if index == 25 else index - 1] += count
        else:
            if index == 25:
                raise _invalid("xgid", text, "top_on_bottom_bar")
            side[24 if index == 0 else 24 - index] += count
    try:
        cube_log = int(fields[1])
        owner_field = int(fields[2])
        turn_field = int(fields[3])
        score = (int(fields[5]), int(fields[6]))
        crawford_field = int(fields[7])
        length = int(fields[8])
    except ValueError as exc:
        raise _invalid("xgid", text, "not_a_number") from exc
    if turn_field not in (1, -1) or owner_field not in (1, 0, -1) or not 0 <= cube_log <= 12:
        raise _invalid("xgid", text, "cube_or_turn")
    dice_text = fields[4]
    dice = (0, 0)
    if len(dice_text) == 2 and dice_text.isdigit() and dice_text != "00":
        dice = (int(dice_text[0]), int(dice_text[1]))
        if not all(1 <= d <= 6 for d in dice):
            raise _invalid("xgid", text, "dice")
    roller = 0 if turn_field == 1 else 1
    sides = (bottom, top) if roller == 0 else (top, bottom)
    try:
        check_checkers(tuple(sides[0]), "player", CHECKERS)  # an XGID holds 15 at most
        check_checkers(tuple(sides[1]), "opponent", CHECKERS)
        position = Position(tuple(sides[0]), tuple(sides[1]))
    except BackgammonError as exc:
        what = Message.of("backgammon.id.xgid")
        raise refusal("invalid_id", what=what, text=text, reason=exc.message) from exc
    return Xgid(
        position=position,
        player_on_roll=roller,
        cube_value=1 << cube_log,
        cube_owner=None if owner_field == 0 else (0 if owner_field == 1 else 1),
        dice=dice,
        score=score,
        crawford=bool(crawford_field) and length > 0,
        match_length=length,
    )
